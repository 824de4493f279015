//! Finding and parsing module files: the spec's folder, then the library folders in order,
//! then the standard modules embedded in the binary, then a `---- MODULE Name ----` section
//! of the root module's own file (TLC's monolithic specs, `tla_syntax::sections`): as in
//! TLC, only the root file is searched so, after every other place.

use crate::ir::FileId;
use crate::stdlib;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tla_syntax::ast::Module;
use tla_syntax::{Diagnostic, SourceFile};

/// Where modules are looked up, after the root module's own folder.
#[derive(Clone, Debug, Default)]
pub struct SearchPath {
    pub dirs: Vec<PathBuf>,
}

impl SearchPath {
    /// `--library` folders first, then those of a path list such as `TLACHECK_LIBRARY`.
    pub fn new(library: &[PathBuf], env_list: Option<&std::ffi::OsStr>) -> Self {
        let mut dirs = library.to_vec();
        if let Some(list) = env_list {
            dirs.extend(std::env::split_paths(list).filter(|p| !p.as_os_str().is_empty()));
        }
        SearchPath { dirs }
    }
}

/// A parsed module file.
pub struct Loaded {
    pub file: FileId,
    /// Borrowed for an embedded standard module, parsed once per process.
    pub module: Cow<'static, Module>,
    pub standard: bool,
}

pub enum LoadFailure {
    /// No file of that name anywhere on the path.
    NotFound,
    /// The file exists but could not be read.
    Unreadable(String),
    /// The file was read but does not parse.
    Syntax(FileId, Diagnostic),
}

pub struct Loader {
    pub files: Vec<SourceFile>,
    root_dir: PathBuf,
    search: SearchPath,
    /// The root module's file, whose further module sections are found last.
    root_file: Option<FileId>,
    /// Texts that replace module files' contents (a mutant of an extended module is checked
    /// in memory): each file's path and its text.
    overrides: Vec<(PathBuf, String)>,
}

impl Loader {
    pub fn new(root_dir: PathBuf, search: SearchPath) -> Self {
        Loader {
            files: Vec::new(),
            root_dir,
            search,
            root_file: None,
            overrides: Vec::new(),
        }
    }

    /// Module files whose text is given instead of read: `(path, text)`, the path as any
    /// spelling of the file (it is compared canonicalized).
    pub fn with_overrides(mut self, texts: &[(PathBuf, String)]) -> Self {
        self.overrides = texts.to_vec();
        self
    }

    /// Registers the root module's file (its text as given, which may be held in memory).
    pub fn add_root_file(&mut self, path: String, text: String) -> FileId {
        let id = self.add_file(path, text);
        self.root_file = Some(id);
        id
    }

    pub fn add_file(&mut self, path: String, text: String) -> FileId {
        self.files.push(SourceFile::new(path, text));
        FileId(self.files.len() as u32 - 1)
    }

    /// Parses a file already registered.
    pub fn parse(&mut self, file: FileId, standard: bool) -> Result<Loaded, LoadFailure> {
        match tla_syntax::parse_module(&self.files[file.index()].text) {
            Ok(module) => Ok(Loaded {
                file,
                module: Cow::Owned(module),
                standard,
            }),
            Err(d) => Err(LoadFailure::Syntax(file, d)),
        }
    }

    /// Finds module `name` on the search path (then as a section of the root file) and
    /// parses it.
    pub fn load(&mut self, name: &str) -> Result<Loaded, LoadFailure> {
        let file_name = format!("{name}.tla");
        let dirs = std::iter::once(&self.root_dir).chain(self.search.dirs.iter());
        for dir in dirs {
            let path = dir.join(&file_name);
            if path.is_file() {
                let text = match override_text(&self.overrides, &path) {
                    Some(t) => t.to_string(),
                    None => text_of(std::fs::read(&path).map_err(|e| {
                        LoadFailure::Unreadable(format!("{}: {e}", path.display()))
                    })?),
                };
                let id = self.add_file(display_path(&path), text);
                return self.parse(id, false);
            }
        }
        let Some((text, parsed)) = parsed_standard_module(name) else {
            return self.load_root_section(name);
        };
        let id = self.add_file(format!("<standard>/{file_name}"), text.to_string());
        match parsed {
            Ok(module) => Ok(Loaded {
                file: id,
                module: Cow::Borrowed(module),
                standard: true,
            }),
            Err(d) => Err(LoadFailure::Syntax(id, d.clone())),
        }
    }

    /// Module `name` from a section of the root file. Its text keeps the file's positions
    /// (`sections` blanks what comes before), so it is shown under the root file's path.
    fn load_root_section(&mut self, name: &str) -> Result<Loaded, LoadFailure> {
        let root = self.root_file.ok_or(LoadFailure::NotFound)?;
        let root = &self.files[root.index()];
        let text =
            tla_syntax::sections::module_section(&root.text, name).ok_or(LoadFailure::NotFound)?;
        // The blanked lines before the header (which starts its line with `-`).
        let header = text.find(|c: char| !c.is_whitespace()).unwrap_or(0);
        let base = text[..header].matches('\n').count();
        let id = self.add_file(root.path.clone(), text);
        self.files[id.index()].module_line_base = base;
        self.parse(id, false)
    }
}

/// A file's bytes as text; invalid UTF-8 (rare) is replaced, as the source is shown to users.
pub(crate) fn text_of(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

type ParsedStandard = (&'static str, Result<Module, Diagnostic>);

/// An embedded standard module's text and syntax tree. The texts never change, so each is
/// parsed at most once per process, the first time a spec uses it.
fn parsed_standard_module(name: &str) -> Option<&'static ParsedStandard> {
    static PARSED: [OnceLock<ParsedStandard>; stdlib::STANDARD_MODULES.len()] =
        [const { OnceLock::new() }; stdlib::STANDARD_MODULES.len()];
    let index = stdlib::STANDARD_MODULES.iter().position(|m| *m == name)?;
    let text = stdlib::standard_module(name)?;
    Some(PARSED[index].get_or_init(|| (text, tla_syntax::parse_module(text))))
}

/// The text given for the file at `path` in `texts`, if any; paths are compared canonicalized,
/// so any spelling of the file matches.
pub fn override_text<'a>(texts: &'a [(PathBuf, String)], path: &Path) -> Option<&'a str> {
    if texts.is_empty() {
        return None;
    }
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let c = canonical(path);
    texts
        .iter()
        .find(|(p, _)| canonical(p) == c)
        .map(|(_, t)| t.as_str())
}

fn display_path(p: &Path) -> String {
    let s = p.display().to_string();
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}
