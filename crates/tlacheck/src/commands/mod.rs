//! One module per subcommand.

pub mod check;
pub mod conformance;
pub mod parse;
pub mod simulate;

use std::path::PathBuf;

/// Module search path: `--library` folders, then those in `TLACHECK_LIBRARY`.
pub fn search_path(library: &[PathBuf]) -> tla_sema::SearchPath {
    tla_sema::SearchPath::new(library, std::env::var_os("TLACHECK_LIBRARY").as_deref())
}
