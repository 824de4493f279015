//! `tlacheck check --dump-trace FILE.itf.json`: the counterexample as an ITF trace, which
//! `tlacheck trace validate` (and Apalache, Quint) read back. Nothing is written when the
//! check finds no counterexample. DESIGN.md's .json and .tla forms are not written yet.

use std::path::Path;
use tla_check::session::Outcome;

/// Refuses, before the check runs, a file name this cannot write.
pub fn check_path(path: &Path) -> Result<(), String> {
    if path.to_string_lossy().ends_with(".itf.json") {
        Ok(())
    } else {
        Err(format!(
            "{}: --dump-trace writes ITF only; name the file FILE.itf.json",
            path.display()
        ))
    }
}

pub fn write(path: &Path, outcome: &Outcome) -> Result<(), String> {
    let trace = &outcome.report.trace;
    if trace.is_empty() {
        return Ok(());
    }
    let (names, slots): (Vec<String>, Vec<usize>) = outcome.variables.iter().cloned().unzip();
    let states: Vec<Vec<tla_eval::Value>> = (trace.iter())
        .map(|s| slots.iter().map(|i| s.values[*i].clone()).collect())
        .collect();
    let doc = tla_trace::itf::trace_to_itf("tlacheck check", &names, &states)
        .map_err(|e| format!("{}: cannot write the counterexample: {e}", path.display()))?;
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n")
        .map_err(|e| format!("{}: cannot write the counterexample: {e}", path.display()))
}
