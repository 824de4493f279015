//! The action each step of a counterexample is printed with, as TLC names it: found once the
//! trace is final by running the step again with the enumerator keeping TLC's split of the
//! next-state relation into actions (`tla_eval::action_label`).

use crate::model::Model;
use crate::result::{LassoEnd, Report};
use tla_eval::action_label::ActionLabel;
use tla_eval::eval::RunInfo;
use tla_eval::{enumerate, Evaluator};

/// The label of the step into each state of the report's trace (None for the first, or
/// where no step of Next is found), then, for a lasso that returns to a state, that step's.
pub fn of_report(ev: &Evaluator, model: &Model, r: &Report) -> Vec<Option<ActionLabel>> {
    let Some(next) = &model.next else {
        return Vec::new();
    };
    let trace = &r.trace;
    let step = |from: usize, to: usize, def| {
        RunInfo::set_thread_level(Some(from as i64 + 1));
        enumerate::step_label(ev, next, &trace[from].values, &trace[to].values, def)
    };
    let mut labels: Vec<Option<ActionLabel>> = vec![None];
    for (i, st) in trace.iter().enumerate().skip(1) {
        labels.push(step(i - 1, i, st.action));
    }
    let lasso = (r.liveness.as_ref()).and_then(|l| l.violation.as_ref());
    if let (Some(LassoEnd::BackTo(n, def)), Some(_)) = (lasso.map(|v| &v.end), trace.last()) {
        labels.push(step(trace.len() - 1, n - 1, *def));
    }
    RunInfo::set_thread_level(None);
    labels
}
