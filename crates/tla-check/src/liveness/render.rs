//! TLC's messages for the liveness phase (`tlc2/output/MP.java`: TLC_LIVE_IMPLIED,
//! TLC_CHECKING_TEMPORAL_PROPS, TLC_TEMPORAL_PROPERTY_VIOLATED, TLC_BACK_TO_STATE) and the
//! lasso-shaped counterexample.

use crate::result::{LassoEnd, LiveReport};
use crate::tlc_text::{step_label, timestamp, write_fields, write_state};
use std::fmt::Write;
use tla_sema::ir::VarId;
use tla_sema::Spec;

/// `00s`, `01min 02s`: TLC's way of printing a duration.
fn duration(secs: u64) -> String {
    if secs < 60 {
        format!("{secs:02}s")
    } else {
        format!("{:02}min {:02}s", secs / 60, secs % 60)
    }
}

fn finished(out: &mut String, live: &LiveReport) {
    let secs = live
        .finished
        .duration_since(live.started)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let _ = writeln!(
        out,
        "Finished checking temporal properties in {} at {}",
        duration(secs),
        timestamp(live.finished)
    );
}

/// TLC's line about the liveness problem, before the initial states (EC.TLC_LIVE_IMPLIED).
pub fn implied_line(branches: usize) -> String {
    format!("Implied-temporal checking--satisfiability problem has {branches} branches.")
}

/// The lines TLC prints before the verdict when it checks temporal properties.
pub fn write_start(out: &mut String, live: &LiveReport, distinct: u64) {
    let _ = writeln!(out, "{}", implied_line(live.branches));
    write_checking(out, live, distinct);
}

/// `EC.TLC_CHECKING_TEMPORAL_PROPS` (MP.java: `Checking %3%temporal properties for the %1%
/// state space with %2% total distinct states at (%4%)`), "complete" for the final check,
/// "current" for one during the search (`LiveCheck.check0`), and the closing line when
/// nothing was found.
pub fn write_checking(out: &mut String, live: &LiveReport, distinct: u64) {
    if live.violation.as_ref().map(|v| &v.end) == Some(&LassoEnd::Prefix) {
        // TLC finds it while the search runs, not in a check of the graph.
        return;
    }
    let scope = if live.complete { "complete" } else { "current" };
    // One liveness checker per branch, each with a graph of the distinct states.
    let branches = if live.branches > 1 {
        format!("{} branches of ", live.branches)
    } else {
        String::new()
    };
    let total = distinct * live.branches.max(1) as u64;
    let _ = writeln!(
        out,
        "Checking {branches}temporal properties for the {scope} state space with {total} total distinct states at ({})",
        timestamp(live.started)
    );
    if live.violation.is_none() {
        finished(out, live);
    }
}

/// MP's TLC_TEMPORAL_PROPERTY_VIOLATED: `Temporal property A was violated.`, `Temporal
/// properties A and B were violated.`, `Temporal properties A, B, and C were violated.`
pub fn violated_line(names: &[String]) -> String {
    match names {
        [] => "Temporal properties were violated.".to_string(),
        [one] => format!("Temporal property {one} was violated."),
        [a, b] => format!("Temporal properties {a} and {b} were violated."),
        [init @ .., last] => format!(
            "Temporal properties {}, and {last} were violated.",
            init.join(", ")
        ),
    }
}

/// `Error: Temporal property P was violated.` and the lasso.
pub fn write_violation(
    out: &mut String,
    spec: &Spec,
    vars: &[VarId],
    live: &LiveReport,
    r: &crate::result::Report,
) {
    let trace = &r.trace;
    let names = live
        .violation
        .as_ref()
        .map_or(&[][..], |v| &v.properties[..]);
    let _ = writeln!(out, "Error: {}\n", violated_line(names));
    out.push_str("Error: The following behavior constitutes a counter-example:\n\n");
    for (i, st) in trace.iter().enumerate() {
        let label = step_label(spec, &r.labels, i, st.action);
        let _ = writeln!(out, "State {}: {label}", i + 1);
        if let Some(text) = r.viewed.get(i) {
            out.push_str(text);
            continue;
        }
        match r.aliased.get(i) {
            Some(Some(fields)) => write_fields(out, fields),
            _ => write_state(out, spec, vars, &st.values),
        }
        out.push('\n');
    }
    match live.violation.as_ref().map(|v| &v.end) {
        Some(LassoEnd::BackTo(n, action)) => {
            let label = step_label(spec, &r.labels, trace.len(), *action);
            let _ = writeln!(out, "Back to state {n}: {label}\n");
        }
        // Found while the search ran: no closing line.
        Some(LassoEnd::Prefix) => return,
        Some(LassoEnd::Stuttering) => {
            let _ = writeln!(out, "State {}: Stuttering", trace.len() + 1);
            if let Some(w) = live.violation.as_ref().and_then(|v| v.warning.as_ref()) {
                let _ = writeln!(out, "{w}");
            }
        }
        None => {}
    }
    finished(out, live);
}
