//! One module per subcommand.

pub mod bench;
mod bench_small;
mod bench_tlc;
mod certified;
pub mod check;
pub mod checkpoint;
mod child;
pub mod conformance;
mod conformance_pcal;
mod conformance_regress;
mod conformance_translate;
mod conformance_workers;
mod dfid;
pub mod dump_trace;
mod java_hash;
mod load_trace;
mod message_codes;
pub mod mutants;
pub mod overrides;
pub mod parse;
pub mod report_opts;
pub mod simulate;
mod spec_te;
mod spec_te_write;
pub mod tlc_args;
pub mod tlc_options;
mod tlc_output;
pub mod tlc_text;
mod tool_mode;
pub mod trace;
mod trace_json;
pub mod trace_suite;
pub mod translate;
pub mod verify;

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

/// A size in bytes: digits with an optional K, M, G or T suffix (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let t = t.strip_suffix(['b', 'B']).unwrap_or(t);
    let t = t.strip_suffix(['i', 'I']).unwrap_or(t);
    let (digits, shift) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        Some('T') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size (such as 512M or 4G)"))?;
    n.checked_mul(1u64 << shift)
        .ok_or_else(|| format!("`{text}` is too large"))
}

/// A quarter of the machine's RAM (from /proc/meminfo), for the unexplored states.
pub fn default_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024 / 4)
}
