//! Small specs written to a fresh temporary folder and loaded with `tla_sema::load_spec`.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use tla_sema::ir::Level;
use tla_sema::{LoadError, SearchPath, Spec};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary folder, removed when dropped.
pub struct Dir {
    pub path: PathBuf,
}

impl Dir {
    pub fn new() -> Dir {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!(
            "tla-sema-test-{}-{}-{n}",
            std::process::id(),
            std::thread::current()
                .name()
                .unwrap_or("t")
                .replace("::", "-")
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create temp dir");
        Dir { path }
    }

    /// A sub-folder (created).
    pub fn sub(&self, name: &str) -> PathBuf {
        let p = self.path.join(name);
        std::fs::create_dir_all(&p).expect("create sub dir");
        p
    }

    /// Writes `name` (relative to the folder) and returns its path.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("create parent");
        }
        std::fs::write(&p, text).expect("write file");
        p
    }

    pub fn load(&self, root: &str) -> Result<Spec, LoadError> {
        self.load_with(root, &SearchPath::default())
    }

    pub fn load_with(&self, root: &str, search: &SearchPath) -> Result<Spec, LoadError> {
        tla_sema::load_spec(&self.path.join(root), search)
    }

    /// Loads a spec that must be valid.
    pub fn ok(&self, root: &str) -> Spec {
        match self.load(root) {
            Ok(s) => s,
            Err(e) => panic!("expected {root} to load, got:\n{}", e.render()),
        }
    }

    /// Loads a spec that must fail; returns its errors.
    pub fn errors(&self, root: &str) -> Vec<Error> {
        match self.load(root) {
            Ok(_) => panic!("expected {root} to fail"),
            Err(e) => errors(&e),
        }
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// One error: the file's name (not its folder), line, column and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

pub fn errors(e: &LoadError) -> Vec<Error> {
    e.errors
        .iter()
        .map(|err| match err.loc {
            Some(loc) => {
                let f = &e.files[loc.file.index()];
                let (line, col) = f.line_col(loc.span.start);
                Error {
                    file: Path::new(&f.path)
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    line,
                    col,
                    message: err.message.clone(),
                }
            }
            None => Error {
                file: String::new(),
                line: 0,
                col: 0,
                message: err.message.clone(),
            },
        })
        .collect()
}

/// Asserts that exactly one error was reported, at `file:line:col`, with a message that
/// contains `part`.
#[track_caller]
pub fn assert_one(errs: &[Error], file: &str, line: usize, col: usize, part: &str) {
    assert_eq!(errs.len(), 1, "expected one error, got {errs:#?}");
    assert_error(errs, file, line, col, part);
}

/// Asserts that one of the errors is at `file:line:col` with a message containing `part`.
#[track_caller]
pub fn assert_error(errs: &[Error], file: &str, line: usize, col: usize, part: &str) {
    assert!(
        errs.iter()
            .any(|e| e.file == file && e.line == line && e.col == col && e.message.contains(part)),
        "expected {file}:{line}:{col}: ...{part}... in {errs:#?}"
    );
}

/// A module's text from its body lines.
pub fn module(name: &str, body: &str) -> String {
    format!("---- MODULE {name} ----\n{body}\n====\n")
}

/// The level of the root module's definition `name`.
pub fn level(spec: &Spec, name: &str) -> Level {
    let d = spec
        .root_def(name)
        .unwrap_or_else(|| panic!("no definition {name}"));
    spec.def(d).level
}
