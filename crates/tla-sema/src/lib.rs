//! Module loading, name resolution and level checking: from the root module's file to a
//! resolved [`ir::Spec`].

pub(crate) mod fxhash;
pub mod ir;
mod level;
pub mod loader;
mod resolve;
pub mod stdlib;
pub mod visit;

pub use ir::Spec;
pub use loader::SearchPath;

use ir::{FileId, Loc};
use std::path::Path;
use tla_syntax::SourceFile;

/// One error found while loading, resolving or level-checking a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemaError {
    pub loc: Option<Loc>,
    pub message: String,
}

/// Why a spec could not be loaded: its errors and the files they point into.
#[derive(Debug)]
pub struct LoadError {
    pub files: Vec<SourceFile>,
    pub errors: Vec<SemaError>,
}

impl LoadError {
    /// Each error as `file:line:col: message`, the source line and a caret.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for e in &self.errors {
            match e.loc {
                Some(loc) => {
                    let d = tla_syntax::Diagnostic::new(loc.span, e.message.clone());
                    out.push_str(&d.render(&self.files[loc.file.index()]));
                }
                None => {
                    out.push_str(&e.message);
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// Loads the module in `path` and everything it uses.
pub fn load_spec(path: &Path, search: &SearchPath) -> Result<Spec, LoadError> {
    load_spec_with(path, search, &[])
}

/// [`load_spec`], with the files of `module_texts` (`(path, text)`, the root's too) read from
/// memory instead of disk: a mutant of any module of the spec, checked without writing it.
pub fn load_spec_with(
    path: &Path,
    search: &SearchPath,
    module_texts: &[(std::path::PathBuf, String)],
) -> Result<Spec, LoadError> {
    // TLC names the root module without its extension too (`tlc2.TLC Spec`).
    let with_tla;
    let path = if !path.is_file() && path.extension().is_none_or(|e| e != "tla") {
        let mut p = path.as_os_str().to_os_string();
        p.push(".tla");
        with_tla = std::path::PathBuf::from(p);
        if with_tla.is_file() {
            with_tla.as_path()
        } else {
            path
        }
    } else {
        path
    };
    if let Some(text) = loader::override_text(module_texts, path) {
        return load_spec_text_with(path, text.to_string(), search, module_texts);
    }
    let text = match std::fs::read(path) {
        Ok(b) => loader::text_of(b),
        Err(e) => {
            return Err(LoadError {
                files: Vec::new(),
                errors: vec![SemaError {
                    loc: None,
                    message: format!("{}: cannot read file: {e}", path.display()),
                }],
            })
        }
    };
    load_spec_text_with(path, text, search, module_texts)
}

/// Loads a root module whose text is given (e.g. a mutated spec held in memory); `path` names
/// it in messages and its folder is searched first for the modules it uses.
pub fn load_spec_text(path: &Path, text: String, search: &SearchPath) -> Result<Spec, LoadError> {
    load_spec_text_with(path, text, search, &[])
}

/// [`load_spec_text`], with the modules of `module_texts` read from memory ([`load_spec_with`]).
pub fn load_spec_text_with(
    path: &Path,
    text: String,
    search: &SearchPath,
    module_texts: &[(std::path::PathBuf, String)],
) -> Result<Spec, LoadError> {
    let dir = path
        .parent()
        .map(Path::to_path_buf)
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| ".".into());
    let mut loader = loader::Loader::new(dir, search.clone()).with_overrides(module_texts);
    let file = loader.add_root_file(path.display().to_string(), text);
    let parsed = loader.parse(file, false);
    let mut r = resolve::Resolver::new(loader);
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    match parsed {
        // SANY reads a file's first module as its module and wants the file named after it.
        Ok(l) if stem.as_ref().is_some_and(|s| *s != l.module.name.name) => {
            r.errors.push(SemaError {
                loc: Some(Loc {
                    file: l.file,
                    span: l.module.name.span,
                }),
                message: format!(
                    "File name '{}' does not match the name '{}' of the top level module it contains.",
                    stem.unwrap_or_default(),
                    l.module.name.name
                ),
            });
        }
        Ok(l) => {
            r.resolve_root(l);
        }
        Err(loader::LoadFailure::Syntax(f, d)) => r.errors.push(SemaError {
            loc: Some(Loc {
                file: f,
                span: d.span,
            }),
            message: d.message,
        }),
        Err(_) => unreachable!("the root text is given"),
    }
    let mut spec = r.spec;
    let mut errors = r.errors;
    spec.files = r.loader.files;
    if errors.is_empty() {
        errors = level::check(&mut spec, &r.instance_checks, &r.call_names);
    }
    if errors.is_empty() {
        return Ok(spec);
    }
    let mut seen = std::collections::HashSet::new();
    errors.retain(|e| seen.insert((e.loc.map(|l| (l.file, l.span)), e.message.clone())));
    Err(LoadError {
        files: spec.files,
        errors,
    })
}

/// The file a location points into.
pub fn file_of(spec: &Spec, file: FileId) -> &SourceFile {
    &spec.files[file.index()]
}
