//! `--html FILE` and `--annotate github`, shared by `check`, `verify` and `trace validate`:
//! the options and the writing (the pages and commands themselves are tla-report's).

use std::path::{Path, PathBuf};
use tla_report::annotate::{self, Annotation};

#[derive(clap::Args, Clone, Default)]
pub struct ReportArgs {
    /// Write a self-contained HTML report of the run (summary, counterexamples) to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print CI annotations for every violation, error and failed item: `github` prints
    /// GitHub Actions workflow commands (`::error file=..,line=..::..`) on stdout.
    #[arg(long, value_name = "FORMAT", value_parser = ["github"])]
    pub annotate: Option<String>,
}

impl ReportArgs {
    /// Prints the annotations when asked for.
    pub fn annotate(&self, annotations: &[Annotation]) {
        if self.annotate.is_some() {
            print!("{}", annotate::render(annotations));
        }
    }

    /// A diagnostic text (a parse error, a bad .cfg or manifest) as annotations.
    pub fn diagnostics(&self, text: &str, file: &Path) {
        if self.annotate.is_some() {
            self.annotate(&annotate::diagnostics(text, file));
        }
    }

    /// Writes the page when asked for; a failure to write is exit 2's message.
    pub fn write_html(&self, page: impl FnOnce() -> String) -> Result<(), String> {
        let Some(path) = &self.html else {
            return Ok(());
        };
        std::fs::write(path, page()).map_err(|e| format!("{}: cannot write: {e}", path.display()))
    }
}

/// tlacheck's version, as the pages show it.
pub fn version() -> String {
    format!("tlacheck {}", env!("CARGO_PKG_VERSION"))
}
