//! TLC's -view: a counterexample's states printed through the .cfg's VIEW.
//!
//! # TLC facts (TLC 2026.11 run on VIEW <<x, y>>, <<y>>, [a |-> x, b |-> y] and x + y)
//!
//! * A VIEW that is a tuple of variables prints each as `/\ v = value`, the bullet kept for
//!   one variable too, then the blank line that ends a state.
//! * Any other VIEW prints its value alone, pretty-printed, with no blank line after it.
//! * A state whose VIEW cannot be evaluated is printed as it is.

use crate::model::Model;
use crate::result::TraceState;
use std::fmt::Write;
use tla_eval::value::ppr::ppr_value;
use tla_eval::{Env, Evaluator, StateView};
use tla_sema::ir::{ExprKind, Spec};

/// Each state's text through the VIEW; empty without a VIEW or when a state cannot be shown.
pub fn texts(spec: &Spec, ev: &Evaluator, model: &Model, trace: &[TraceState]) -> Vec<String> {
    let Some(view) = &model.view else {
        return Vec::new();
    };
    // `<<v1, ..., vn>>` of variables (written there or in the definition named): by name.
    let body = match &view.kind {
        ExprKind::Call(d, args) if args.is_empty() => &spec.def(*d).body,
        _ => view,
    };
    let names: Option<Vec<&str>> = match &body.kind {
        ExprKind::Tuple(items) => (items.iter())
            .map(|e| match &e.kind {
                ExprKind::Var(v) => Some(spec.variables[v.index()].name.as_str()),
                _ => None,
            })
            .collect(),
        _ => None,
    };
    let mut out = Vec::new();
    for st in trace {
        let Ok(value) = ev.eval(view, &mut Env::new(), &StateView::state(&st.values)) else {
            return Vec::new();
        };
        let mut text = String::new();
        match (&names, value.as_func().and_then(|f| f.as_tuple())) {
            (Some(names), Some(items)) if items.len() == names.len() => {
                for (name, v) in names.iter().zip(items) {
                    let _ = writeln!(text, "/\\ {name} = {}", ppr_value(v));
                }
                text.push('\n');
            }
            _ => {
                let _ = writeln!(text, "{}", ppr_value(&value));
            }
        }
        out.push(text);
    }
    out
}
