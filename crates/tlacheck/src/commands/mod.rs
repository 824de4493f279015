//! One module per subcommand.

pub mod bench;
pub mod check;
pub mod conformance;
pub mod parse;

use std::path::PathBuf;

/// Module search path: `--library` folders, then those in `TLACHECK_LIBRARY`.
pub fn search_path(library: &[PathBuf]) -> tla_sema::SearchPath {
    tla_sema::SearchPath::new(library, std::env::var_os("TLACHECK_LIBRARY").as_deref())
}

/// `--progress auto|never` for a run: never with `--json` (stdout is one JSON object); on a
/// terminal an in-place line on stderr; otherwise TLC's Progress lines.
pub fn progress_mode(when: &str, json: bool) -> tla_check::progress::ProgressMode {
    use std::io::IsTerminal;
    use tla_check::progress::ProgressMode;
    if json || when == "never" {
        ProgressMode::Never
    } else if std::io::stderr().is_terminal() {
        ProgressMode::Terminal
    } else {
        ProgressMode::Tlc
    }
}
