//! With a VIEW, a node of the graph stands for every state with its view, and holds the first
//! one found: consecutive nodes of a lasso need not be a step of the spec. As TLC does, the
//! printed behaviour is rebuilt from the initial state by generating, at each step, the
//! successor whose view is the next node's (the first such successor, with its action).

use crate::model::Model;
use crate::result::TraceState;
use std::sync::Arc;
use tla_eval::{enumerate, Env, Evaluator, StateView, Value};
use tla_sema::ir::Expr;

fn view_fp(ev: &Evaluator, view: &Expr, s: &[Value]) -> Option<u64> {
    let v = ev.eval(view, &mut Env::new(), &StateView::state(s)).ok()?;
    v.fingerprint().ok()
}

/// Replaces the trace's states by real successive states with the same views. Where no
/// successor has the next view (it cannot happen for a graph the search built), the rest is
/// left as it is.
pub fn rebuild(ev: &Evaluator, model: &Model, trace: &mut [TraceState]) {
    let (Some(view), Some(next)) = (&model.view, &model.next) else {
        return;
    };
    for i in 1..trace.len() {
        let Some(want) = view_fp(ev, view, &trace[i].values) else {
            return;
        };
        let cur = trace[i - 1].values.clone();
        let mut found: Option<TraceState> = None;
        let r = enumerate::next_states(ev, next, &cur, &mut |st, action| {
            let Some(state) = st.iter().cloned().collect::<Option<Vec<Value>>>() else {
                return Ok(true);
            };
            if view_fp(ev, view, &state) == Some(want) {
                found = Some(TraceState {
                    values: Arc::from(state),
                    action: action.or(model.next_def),
                });
                return Ok(false);
            }
            Ok(true)
        });
        match (r, found) {
            (Ok(()), Some(t)) => trace[i] = t,
            _ => return,
        }
    }
}
