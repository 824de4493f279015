//! What TLC prints of a DFID run (`dfid.rs`): the verdict's lines as the breadth-first
//! report prints them, then the behaviour as TLC's DFIDWorker prints it.

use crate::dfid::DfidReport;
use crate::result::{Report, Verdict};

/// What TLC prints of a DFID run after its `Starting...` line (the `Finished in` line
/// excepted).
pub fn render(spec: &tla_sema::Spec, vars: &[tla_sema::ir::VarId], r: &DfidReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    if let Some((generated, distinct)) = r.initial {
        let _ = writeln!(
            out,
            "Finished computing initial states: {generated} states generated, with {distinct} of them distinct."
        );
    }
    for (level, generated, distinct) in &r.passes {
        let _ = writeln!(
            out,
            "Starting level {level}: {generated} states generated, {distinct} distinct states found."
        );
    }
    let rep = &r.report;
    if rep.verdict != Verdict::Success {
        // The verdict's own lines, then the behaviour as DFIDWorker prints it.
        let header = Report {
            trace: if rep.trace.len() == 1 && rep.trace[0].action.is_none() {
                rep.trace.clone()
            } else {
                Vec::new()
            },
            aliased: rep.aliased.clone(),
            ..Report::new(rep.verdict.clone())
        };
        out.push_str(&crate::report::render_outcome(spec, vars, &header));
        if !header.trace.is_empty() && !out.ends_with("\n\n") {
            // TLC closes the initial state it names with an empty line.
            out.push('\n');
        }
        if header.trace.is_empty() && !rep.trace.is_empty() {
            let label = if matches!(rep.verdict, Verdict::InvariantViolated(_)) {
                " "
            } else {
                ""
            };
            out.push_str("Error: The behavior up to this point is:\n");
            for (i, st) in rep.trace.iter().enumerate() {
                let _ = writeln!(out, "State {}:{label}", i + 1);
                match rep.aliased.get(i) {
                    Some(Some(fields)) => {
                        for (name, v) in fields {
                            let _ = writeln!(
                                out,
                                "{}{name} = {}",
                                if fields.len() == 1 { "" } else { "/\\ " },
                                tla_eval::value::ppr::ppr_value(v)
                            );
                        }
                    }
                    _ => crate::tlc_text::write_state(&mut out, spec, vars, &st.values),
                }
                out.push('\n');
            }
        }
    } else if r.completed {
        out.push_str("Model checking completed. No error has been found.\n");
        out.push_str(&crate::collision::success_lines(
            rep.distinct,
            rep.generated,
        ));
    }
    if r.summary {
        let _ = writeln!(
            out,
            "{} states generated, {} distinct states found.",
            rep.generated, rep.distinct
        );
    }
    out
}
