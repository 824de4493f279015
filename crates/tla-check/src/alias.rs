//! ALIAS: what a counterexample shows of each state.
//!
//! # TLC facts (from `tlc2/tool/impl/Tool.java` `evalAlias`, `tlc2/tool/TLCStateMutExt`)
//!
//! * With an ALIAS, each state of a printed behaviour is replaced by the value of the alias
//!   (a record) evaluated in that state, with the next state of the behaviour as the primed
//!   state (so an alias may be an action-level formula); the record's fields are printed, in
//!   the record's order, as `/\ field = value` instead of the variables.
//! * `TLCGet("level")` in the alias is the state's position in the behaviour (1 for the first).
//! * When the alias's value is not a record, TLC prints that state as it is.
//! * When its evaluation fails in a state (e.g. `TraceLog[TLCGet("level") - 1]` in the first
//!   state), TLC 2026 prints the state's variables and a last field `_ALIASEvalError`, a
//!   string holding the error's message (the same when the ALIAS names no definition, or
//!   one with parameters: TLC refuses it only there).
//! * The last state of a behaviour is its own next state (TLC's `evalAlias(last, last)`: an
//!   invariant violation, a deadlock, a simulated trace, a lasso ending in stuttering), but
//!   a lasso's last state is followed by the one it goes back to, so in TLC's
//!   AliasLivenessLassoTest the fourth state shows `a = -3` for `x' - x` (4 back to 1).
//!   The closing `Back to state N` line is TLC's label alone, never aliased.
//! * TLCExt's `Trace` in the alias is the behaviour from its first state to the aliased one.

use crate::result::{AliasedState, TraceState};
use std::sync::atomic::Ordering;
use tla_eval::{Env, Evaluator, StateView, Value};
use tla_sema::ir::{Expr, VarId};

/// The ALIAS of a model: an expression, or the error TLC meets in every state instead.
#[derive(Clone, Debug)]
pub enum Alias {
    Expr(Expr),
    Refused(String),
}

/// The alias of each state of `trace`, or `None` for a state printed as it is; `vars` are
/// the variables in printing order, for a state whose alias fails.
pub fn apply(
    vars: &[VarId],
    ev: &Evaluator,
    alias: &Alias,
    trace: &[TraceState],
) -> Vec<Option<AliasedState>> {
    apply_lasso(vars, ev, alias, trace, None)
}

/// `apply` for a behaviour whose last state is followed by its state at index `back` (a
/// lasso going back there; None: the last state itself).
pub fn apply_lasso(
    vars: &[VarId],
    ev: &Evaluator,
    alias: &Alias,
    trace: &[TraceState],
    back: Option<usize>,
) -> Vec<Option<AliasedState>> {
    let spec = ev.spec;
    let failed = |values: &[Value], message: String| {
        let mut fields: AliasedState = (vars.iter())
            .map(|v| {
                (
                    spec.variables[v.index()].name.clone(),
                    values[v.index()].clone(),
                )
            })
            .collect();
        fields.push(("_ALIASEvalError".to_string(), Value::str(&message)));
        Some(fields)
    };
    let alias = match alias {
        Alias::Expr(e) => e,
        Alias::Refused(message) => {
            return (trace.iter())
                .map(|st| failed(&st.values, message.clone()))
                .collect()
        }
    };
    let saved = ev.run.level.load(Ordering::Relaxed);
    let saved_trace = std::mem::take(&mut *ev.run.trace.lock().expect("trace"));
    let mut env = Env::new();
    let out = trace
        .iter()
        .enumerate()
        .map(|(i, st)| {
            ev.run.level.store(i as i64 + 1, Ordering::Relaxed);
            ev.run.trace.lock().expect("trace").push(st.values.clone());
            let successor = match trace.get(i + 1) {
                Some(n) => Some(n),
                None => trace.get(back.unwrap_or(i)),
            };
            let next: Option<Vec<Option<Value>>> =
                successor.map(|n| n.values.iter().cloned().map(Some).collect());
            let value = match &next {
                Some(slots) => ev.eval(alias, &mut env, &StateView::transition(&st.values, slots)),
                None => ev.eval(alias, &mut env, &StateView::state(&st.values)),
            };
            match value {
                Ok(v) => fields(v),
                Err(e) => failed(&st.values, e.into_message()),
            }
        })
        .collect();
    ev.run.level.store(saved, Ordering::Relaxed);
    *ev.run.trace.lock().expect("trace") = saved_trace;
    out
}

/// A record's fields, in its order; `None` for any other value.
fn fields(v: Value) -> Option<AliasedState> {
    let f = v.as_func()?;
    if !f.is_record_like() {
        return None;
    }
    f.iter()
        .map(|(k, v)| Some((k.as_str()?.as_str().to_string(), v.clone())))
        .collect()
}
