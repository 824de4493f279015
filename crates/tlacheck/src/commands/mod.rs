//! One module per subcommand.

pub mod check;
pub mod conformance;
pub mod dump_trace;
pub mod mutants;
pub mod overrides;
pub mod parse;
pub mod simulate;
pub mod trace;
pub mod trace_suite;
pub mod verify;

use std::path::PathBuf;

/// Module search path: `--library` folders, then those in `TLACHECK_LIBRARY`.
pub fn search_path(library: &[PathBuf]) -> tla_sema::SearchPath {
    tla_sema::SearchPath::new(library, std::env::var_os("TLACHECK_LIBRARY").as_deref())
}
