//! Printing results as TLC prints them, and TLC's exit statuses.

use crate::result::{exit_status, Report, TraceState, Verdict};
use crate::tlc_text::{call_stack_position, describe_loc, step_label, write_fields, write_state};
use std::fmt::Write;
use tla_eval::error::{Phase, Raised};
use tla_eval::EvalError;
use tla_sema::ir::Loc;
use tla_sema::Spec;

/// The states of a counterexample, as TLC prints them.
pub fn write_trace(out: &mut String, spec: &Spec, vars: &[tla_sema::ir::VarId], r: &Report) {
    let (trace, aliased) = (&r.trace, &r.aliased);
    for (i, st) in trace.iter().enumerate() {
        let _ = writeln!(
            out,
            "State {}: {}",
            i + 1,
            step_label(spec, &r.labels, i, st.action)
        );
        if let Some(text) = r.viewed.get(i) {
            out.push_str(text);
            continue;
        }
        match aliased.get(i) {
            Some(Some(fields)) => write_fields(out, fields),
            _ => write_state(out, spec, vars, &st.values),
        }
        out.push('\n');
    }
}

/// The whole report after a run, as TLC prints it.
pub fn render(spec: &Spec, vars: &[tla_sema::ir::VarId], r: &Report) -> String {
    // With -continue, each violation the search went on after, as TLC printed it then.
    let mut out = String::new();
    for (verdict, trace) in &r.continued {
        out.push_str(&render_outcome(
            spec,
            vars,
            &continued_report(verdict, trace),
        ));
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
    }
    out.push_str(&render_outcome(spec, vars, r));
    // A model-checking run (not a simulation) closes its success with TLC's estimate.
    if r.verdict == Verdict::Success {
        out.push_str(&crate::collision::success_lines(r.distinct, r.generated));
    }
    if !closes_without_statistics(r) {
        let _ = writeln!(
            out,
            "{} states generated, {} distinct states found, {} states left on queue.",
            r.generated,
            r.distinct,
            queue_left(r)
        );
        let _ = writeln!(
            out,
            "The depth of the complete state graph search is {}.",
            r.depth
        );
        // TLC's summary after a successful search, and after an invariant that failed to
        // evaluate on a successor (the worker's `doNextEvalFailed` path ends the run there).
        let summarised = match &r.verdict {
            Verdict::Success => true,
            Verdict::Error(e) => matches!(e.phase, Phase::Invariant(_)),
            _ => false,
        };
        if let (true, Some(o)) = (summarised, &r.outdegree) {
            let _ = writeln!(out, "{}", o.line());
        }
    }
    out
}

/// The states left on the queue, as TLC counts them: it enqueues an initial state before it
/// checks it, so one whose check failed is still there.
fn queue_left(r: &Report) -> u64 {
    match &r.verdict {
        Verdict::Error(e) if e.phase == Phase::InitialState => r.distinct,
        _ => r.left_on_queue,
    }
}

/// One violation of a `-continue` run, as a report of its own (for printing).
fn continued_report(verdict: &Verdict, trace: &[TraceState]) -> Report {
    Report {
        trace: trace.to_vec(),
        ..Report::new(verdict.clone())
    }
}

/// A violation in an initial state, or a false assumption: TLC prints no statistics.
fn closes_without_statistics(r: &Report) -> bool {
    let initial = r.trace.len() == 1 && r.trace[0].action.is_none();
    matches!(
        r.verdict,
        Verdict::AssumptionFalse(_) | Verdict::AssumptionError(..)
    ) || (initial
        && matches!(
            r.verdict,
            Verdict::InvariantViolated(_) | Verdict::PropertyViolated(_)
        ))
}

/// The verdict and counterexample of a run, without the closing statistics.
pub fn render_outcome(spec: &Spec, vars: &[tla_sema::ir::VarId], r: &Report) -> String {
    let mut out = String::new();
    // A violation in an initial state: TLC prints that state alone, and no statistics.
    let initial = r.trace.len() == 1 && r.trace[0].action.is_none();
    if let Some(live) = &r.liveness {
        crate::liveness::render::write_start(&mut out, live, r.distinct);
    }
    match &r.verdict {
        Verdict::Success => {
            out.push_str("Model checking completed. No error has been found.\n");
        }
        Verdict::InvariantViolated(name) | Verdict::PropertyViolated(name) if initial => {
            let what = if matches!(r.verdict, Verdict::PropertyViolated(_)) {
                "Property"
            } else {
                "Invariant"
            };
            let _ = writeln!(
                out,
                "Error: {what} {name} is violated by the initial state:"
            );
            match (r.viewed.first(), r.aliased.first()) {
                (Some(text), _) => {
                    out.push_str(text.trim_end_matches('\n'));
                    out.push('\n');
                }
                (_, Some(Some(fields))) => write_fields(&mut out, fields),
                _ => write_state(&mut out, spec, vars, &r.trace[0].values),
            }
            // TLC's StatePrinter ends the state with an empty line.
            out.push('\n');
            return out;
        }
        Verdict::InvariantViolated(name) => {
            let _ = writeln!(out, "Error: Invariant {name} is violated.");
        }
        Verdict::PropertyViolated(name) => {
            let _ = writeln!(out, "Error: Property {name} is violated.");
        }
        Verdict::ActionPropertyViolated(name) => {
            let _ = writeln!(out, "Error: Action property {name} is violated.");
        }
        Verdict::Deadlock => out.push_str("Error: Deadlock reached.\n"),
        Verdict::AssumptionFalse(loc) => {
            let _ = writeln!(
                out,
                "Error: Assumption {} is false.",
                describe_loc(spec, *loc)
            );
            return out;
        }
        Verdict::AssumptionError(loc, e) => {
            // TLC (MP's TLC_ASSUMPTION_EVALUATION_ERROR) names the assumption, then the error.
            let _ = writeln!(
                out,
                "Error: Evaluating assumption {} failed.\n{}",
                describe_loc(spec, *loc),
                e.message
            );
            return out;
        }
        Verdict::Error(e) => {
            return render_error(spec, vars, r, e);
        }
        Verdict::PostconditionFalse(name, loc) => {
            let _ = writeln!(
                out,
                "Error: Postcondition {name} at {} is false.",
                describe_loc(spec, *loc)
            );
        }
        Verdict::TemporalViolated(_) => {
            if let Some(live) = &r.liveness {
                crate::liveness::render::write_violation(&mut out, spec, vars, live, r);
            }
        }
    }
    if !r.trace.is_empty() && !matches!(r.verdict, Verdict::TemporalViolated(_)) {
        out.push_str("Error: The behavior up to this point is:\n");
        write_trace(&mut out, spec, vars, r);
    }
    out
}

/// An evaluation error, framed as TLC frames it where it was met (ModelChecker's doInit,
/// doNextFailed and doNextEvalFailed; Worker's liveness check).
fn render_error(spec: &Spec, vars: &[tla_sema::ir::VarId], r: &Report, e: &EvalError) -> String {
    let mut out = String::new();
    let behavior = |out: &mut String| {
        if !r.trace.is_empty() {
            out.push_str("Error: The behavior up to this point is:\n");
            write_trace(out, spec, vars, r);
        }
    };
    match &e.phase {
        Phase::Invariant(name) => {
            let _ = writeln!(
                out,
                "Error: Evaluating invariant {name} failed.\n{}",
                e.message
            );
            behavior(&mut out);
        }
        // Unlike an invariant's, TLC replays this one for its call stack.
        Phase::ActionProperty(name) => {
            let _ = writeln!(
                out,
                "Error: Evaluating action property {name} failed.\n{}",
                e.message
            );
            behavior(&mut out);
            write_positions(&mut out, spec, e);
        }
        // TLC_INITIAL_STATE names the state for a runtime exception; an EvalException's
        // message stands alone.
        Phase::InitialState => {
            let _ = writeln!(out, "Error: {}", e.message);
            if let (Some(first), Raised::Runtime) = (r.trace.first(), e.raised) {
                out.push_str("While working on the initial state:\n");
                write_state(&mut out, spec, vars, &first.values);
                out.push('\n');
            }
            write_positions(&mut out, spec, e);
        }
        // A runtime exception in a successor or the liveness check; an EvalException (Assert,
        // a standard module's error) is printed as it is.
        Phase::Next if e.raised != Raised::Runtime => {
            let _ = writeln!(out, "Error: {}", e.message);
            behavior(&mut out);
            write_positions(&mut out, spec, e);
        }
        Phase::Next => {
            write_unexpected(&mut out, e);
            behavior(&mut out);
            write_positions(&mut out, spec, e);
        }
        // The liveness check prints the positions first, then the error and the behaviour.
        Phase::Liveness => {
            write_positions(&mut out, spec, e);
            write_unexpected(&mut out, e);
            behavior(&mut out);
        }
        Phase::Storage => {
            let _ = writeln!(out, "Error: {}", e.message);
        }
        Phase::Init | Phase::Other => {
            let _ = writeln!(out, "Error: {}", e.message);
            behavior(&mut out);
            write_positions(&mut out, spec, e);
        }
    }
    out
}

/// MP's EC.GENERAL text for an exception TLC did not expect.
fn write_unexpected(out: &mut String, e: &EvalError) {
    let _ = writeln!(
        out,
        "Error: TLC threw an unexpected exception.\nThis was probably caused by an error in the spec or model.\n\
         See the User Output or TLC Console for clues to what happened.\n\
         The exception was a {}\n: {}",
        e.exception.unwrap_or("java.lang.RuntimeException"),
        e.message
    );
}

/// TLC's call stack: every expression being evaluated when the error arose, outermost
/// first, consecutive repeats once (tlc2.tool.CallStack), then a blank line of its own and
/// the message's.
fn write_positions(out: &mut String, spec: &Spec, e: &EvalError) {
    const HEAD: &str =
        "Error: The error occurred when TLC was evaluating the nested\nexpressions at the following positions:\n";
    if e.exception.is_some() {
        // An exception TLC's CallStackTool does not catch leaves its stack unfrozen, empty.
        out.push_str(HEAD);
        out.push_str("    The error call stack is empty.\n\n");
        return;
    }
    let mut frames: Vec<Loc> = e.stack.iter().rev().copied().collect();
    frames.dedup();
    if frames.is_empty() {
        match e.loc {
            Some(loc) => frames.push(loc),
            None => return,
        }
    }
    out.push_str(HEAD);
    for (i, loc) in frames.iter().enumerate() {
        let _ = writeln!(out, "{i}. {}", call_stack_position(spec, *loc));
    }
    out.push_str("\n\n");
}

/// The same facts as one JSON object (a [`Summary`](crate::summary::Summary)).
pub fn to_json(spec: &Spec, vars: &[tla_sema::ir::VarId], r: &Report) -> serde_json::Value {
    serde_json::to_value(summary(spec, vars, r)).unwrap_or_default()
}

/// With `-continue`: each violation the search went on after, as a summary of its own with
/// its counterexample (the run's summary names only the first, without its trace), labelled
/// as the text prints it.
pub fn continued_summaries(
    spec: &Spec,
    vars: &[tla_sema::ir::VarId],
    r: &Report,
) -> Vec<crate::summary::Summary> {
    (r.continued.iter())
        .map(|(v, t)| summary(spec, vars, &continued_report(v, t)))
        .collect()
}

/// The report's figures, verdict and counterexample, as `--json` prints them.
pub fn summary(spec: &Spec, vars: &[tla_sema::ir::VarId], r: &Report) -> crate::summary::Summary {
    use crate::summary::{Lasso, Step, Summary};
    // With -continue the run succeeds (exit 0) but names the first violation, and the trace
    // length is that of the first violation printed with a trace.
    if let (Verdict::Success, Some((first, _))) = (&r.verdict, r.continued.first()) {
        let first_trace = r
            .continued
            .iter()
            .map(|(v, t)| continued_report(v, t))
            .find(|c| !c.trace.is_empty() && !closes_without_statistics(c));
        let whole = summary(
            spec,
            vars,
            &Report {
                continued: Vec::new(),
                ..clone_figures(r)
            },
        );
        return Summary {
            exit_code: whole.exit_code,
            generated: whole.generated,
            distinct: whole.distinct,
            left_on_queue: whole.left_on_queue,
            depth: whole.depth,
            initial_states: whole.initial_states,
            trace_len: first_trace.map(|c| c.trace.len() as u64),
            coverage: whole.coverage,
            ..summary(spec, vars, &continued_report(first, &[]))
        };
    }
    let (outcome, violated) = match &r.verdict {
        Verdict::Success => ("success", None),
        Verdict::InvariantViolated(n) => ("safety failure", Some(n.clone())),
        Verdict::ActionPropertyViolated(n) => ("safety failure", Some(n.clone())),
        Verdict::PropertyViolated(n) => ("safety failure", Some(n.clone())),
        Verdict::Deadlock => ("deadlock failure", None),
        Verdict::AssumptionFalse(_) | Verdict::AssumptionError(..) => ("assumption failure", None),
        Verdict::Error(_) => ("error", None),
        Verdict::PostconditionFalse(n, _) => {
            ("assumption failure", Some(format!("POSTCONDITION {n}")))
        }
        Verdict::TemporalViolated(n) => ("liveness failure", Some(n.clone())),
    };
    let trace: Vec<Step> = (r.trace.iter().enumerate())
        .map(|(i, st)| {
            let mut state = serde_json::Map::new();
            for v in vars {
                state.insert(
                    spec.variables[v.index()].name.clone(),
                    st.values[v.index()].to_string().into(),
                );
            }
            // The definition as written: an instance's copy names its original.
            let def = st.action.map(|d| {
                let d = spec.def(d);
                d.origin.map_or(d, |o| spec.def(o))
            });
            Step {
                // TLC's label, as the text report prints it (`<Claim("p1") line ...>`).
                action: step_label(spec, &r.labels, i, st.action),
                definition: def.map(|d| d.name.clone()),
                module: def.map(|d| spec.module(d.module).name.clone()),
                state,
                alias: r.aliased.get(i).and_then(Option::as_ref).map(|fields| {
                    (fields.iter())
                        .map(|(name, v)| (name.clone(), v.to_string().into()))
                        .collect()
                }),
            }
        })
        .collect();
    Summary {
        outcome: outcome.into(),
        violated,
        error: match &r.verdict {
            Verdict::Error(e) | Verdict::AssumptionError(_, e) => Some(e.message.clone()),
            _ => None,
        },
        exit_code: exit_status(r),
        generated: r.generated,
        distinct: r.distinct,
        left_on_queue: queue_left(r),
        depth: r.depth,
        initial_states: r.initial_states,
        // TLC prints a violation in an initial state without a "State 1:" trace.
        trace_len: if r.trace.is_empty() || closes_without_statistics(r) {
            None
        } else {
            Some(r.trace.len() as u64)
        },
        lasso: (r.liveness.as_ref().and_then(|l| l.violation.as_ref())).map(|v| {
            Box::new(match v.end {
                crate::result::LassoEnd::BackTo(n, action) => Lasso {
                    back_to_state: Some(n),
                    action: Some(step_label(spec, &r.labels, r.trace.len(), action)),
                    ..Lasso::default()
                },
                crate::result::LassoEnd::Stuttering => Lasso {
                    stuttering: Some(true),
                    ..Lasso::default()
                },
                crate::result::LassoEnd::Prefix => Lasso {
                    prefix: Some(true),
                    ..Lasso::default()
                },
            })
        }),
        variables: match trace.is_empty() {
            true => Vec::new(),
            false => (vars.iter())
                .map(|v| spec.variables[v.index()].name.clone())
                .collect(),
        },
        trace,
        certified: false,
        seconds: None,
        // With -coverage only, so that the shape of every other run stays as it was.
        coverage: r.coverage.as_ref().map(|c| Box::new(c.to_json())),
    }
}

/// The verdict and figures of a report, without its traces.
fn clone_figures(r: &Report) -> Report {
    Report {
        verdict: r.verdict.clone(),
        generated: r.generated,
        distinct: r.distinct,
        left_on_queue: r.left_on_queue,
        depth: r.depth,
        initial_states: r.initial_states,
        trace: Vec::new(),
        aliased: Vec::new(),
        liveness: None,
        continued: Vec::new(),
        labels: Vec::new(),
        viewed: Vec::new(),
        outdegree: None,
        coverage: None,
    }
}
