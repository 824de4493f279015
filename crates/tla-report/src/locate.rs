//! Where a definition, a manifest entry or an error is written: the file, line and column an
//! annotation points at.

use std::path::{Path, PathBuf};
use tla_suite::manifest::Manifest;
use tla_suite::modules::ModuleTree;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: usize,
    pub col: usize,
}

impl Place {
    pub fn start_of(file: &Path) -> Place {
        Place {
            file: shown(file),
            line: 1,
            col: 1,
        }
    }
}

/// A path as a workflow command names it: relative to the working folder (the checkout, in
/// CI) where it is inside it.
pub fn shown(p: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let abs = cwd.as_ref().filter(|_| p.is_absolute());
    let rel = abs.and_then(|c| p.strip_prefix(c).ok()).unwrap_or(p);
    rel.display()
        .to_string()
        .trim_start_matches("./")
        .to_string()
}

/// The module tree of a spec, to find definitions in (`None` when it does not load: the
/// parse error is annotated instead).
pub fn tree(spec: &Path, library: &[PathBuf]) -> Option<ModuleTree> {
    ModuleTree::load(spec, library).ok()
}

/// Where `name` (or `I!Op`) is defined: in the spec's own modules, else in the first module
/// of the tree that defines it (a module found on the library path is still a place to point
/// at: the suite's notion of the spec's own modules does not matter here).
pub fn definition(tree: &ModuleTree, name: &str) -> Option<Place> {
    let any = || {
        (0..tree.modules.len())
            .flat_map(|m| tree.defs_of(m))
            .find(|d| tree.def(*d).name == name)
    };
    let d = tree.find(name).ok().or_else(any)?;
    let f = tree.file_of(d);
    let (line, col) = f.source.line_col(tree.def(d).span.start);
    Some(Place {
        file: shown(&f.path),
        line,
        col,
    })
}

/// The module `M`'s file in the tree.
pub fn module_file(tree: &ModuleTree, module: &str) -> Option<PathBuf> {
    let m = tree.modules.iter().find(|m| m.name == module)?;
    Some(tree.files[m.file].path.clone())
}

/// The first `file:line:col: message` of a diagnostic text (the form every tlacheck error
/// takes), with its message.
pub fn diagnostic(text: &str) -> Option<(Place, String)> {
    text.lines().find_map(diagnostic_line)
}

pub fn diagnostic_line(line: &str) -> Option<(Place, String)> {
    let mut parts = line.splitn(4, ':');
    let (file, l, c, rest) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let (line_no, col) = (l.trim().parse().ok()?, c.trim().parse().ok()?);
    if file.is_empty() || file.contains(' ') || !rest.starts_with(' ') {
        return None;
    }
    let place = Place {
        file: shown(Path::new(file)),
        line: line_no,
        col,
    };
    Some((place, rest.trim().to_string()))
}

/// `line L, col C ... of module M` in a TLC message: that place, in M's file.
pub fn tlc_location(tree: &ModuleTree, text: &str) -> Option<Place> {
    let at = text.find("line ")?;
    let rest = &text[at + 5..];
    let (line, rest) = rest.split_once(", col ")?;
    let col: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let module = rest.split(" of module ").nth(1)?;
    let module: String = (module.chars())
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    Some(Place {
        file: shown(&module_file(tree, &module)?),
        line: line.trim().parse().ok()?,
        col: col.parse().ok()?,
    })
}

/// Where the manifest entry whose first key is `what = "name"` is written.
pub fn manifest_entry(m: &Manifest, key: &str, name: &str) -> Place {
    let needle = format!("\"{name}\"");
    let line = (m.text.lines().enumerate())
        .find(|(_, l)| {
            let t = l.trim_start();
            t.starts_with(key)
                && t[key.len()..].trim_start().starts_with('=')
                && t.contains(&needle)
        })
        .map_or(1, |(i, _)| i + 1);
    Place {
        file: shown(&m.path),
        line,
        col: 1,
    }
}
