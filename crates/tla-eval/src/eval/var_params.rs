//! Which action operators may use a parameter as a variable.
//!
//! `binding` passes a variable (or a parameter standing for one) to an action operator as
//! the variable, as TLC passes every argument unevaluated, so that `Assign(var, v) == var' =
//! v` primes the variable and not its value. That matters only where the operator's body
//! primes the parameter, puts it under UNCHANGED, ENABLED, an action's subscript, `\cdot` or
//! a temporal operator, or passes it on to an operator that may; anywhere else the
//! variable's value is what the body reads, and a compiled call may pass it by value.

use super::Evaluator;
use tla_sema::ir::{DefId, Expr, ExprKind, LocalId, Spec};

impl Evaluator<'_> {
    /// Whether a parameter of `d` may be used as a variable by `d`'s body (see the module
    /// documentation); false for an operator that is not an action.
    pub(crate) fn params_as_variables(&self, d: DefId) -> bool {
        self.primes_params(d) && self.var_params.get_or_init(|| table(self.spec))[d.index()]
    }
}

fn table(spec: &Spec) -> Vec<bool> {
    let mut memo = vec![None; spec.defs.len()];
    (0..spec.defs.len())
        .map(|i| uses_params_as_variables(spec, DefId(i as u32), &mut memo))
        .collect()
}

fn uses_params_as_variables(spec: &Spec, d: DefId, memo: &mut Vec<Option<bool>>) -> bool {
    if let Some(b) = memo[d.index()] {
        return b;
    }
    // While it is being decided (a recursion), the worst is assumed.
    memo[d.index()] = Some(true);
    let def = spec.def(d);
    let params: Vec<LocalId> = def.params.iter().map(|p| p.local).collect();
    let b = !params.is_empty() && as_variable(spec, &def.body, &params, memo, 0);
    memo[d.index()] = Some(b);
    b
}

/// The most LET bodies followed from one expression (they nest, and may recurse).
const MAX_DEPTH: u32 = 64;

/// Whether `e` uses one of `params` as a variable.
fn as_variable(
    spec: &Spec,
    e: &Expr,
    params: &[LocalId],
    memo: &mut Vec<Option<bool>>,
    depth: u32,
) -> bool {
    use ExprKind as K;
    if depth > MAX_DEPTH {
        return true;
    }
    let sensitive = match &e.kind {
        K::Builtin(b, _) => b.is_action_or_temporal(),
        K::BoxAction(..) | K::AngleAction(..) | K::Fair(..) | K::TemporalQuant(..) => true,
        // An operator argument or a call of one: what it does with the names is not followed.
        K::OpArg(_) | K::CallParam(..) => return true,
        _ => false,
    };
    if sensitive {
        return mentions(spec, e, params, depth);
    }
    if let K::Call(d2, args) = &e.kind {
        let callee = spec.def(*d2);
        // A LET definition reads the parameters as a closure: its body is part of this one.
        if callee.in_let && as_variable(spec, &callee.body, params, memo, depth + 1) {
            return true;
        }
        let passes_on = callee.body.level >= tla_sema::ir::Level::Action
            && args.iter().any(|a| mentions(spec, a, params, depth));
        if passes_on && uses_params_as_variables(spec, *d2, memo) {
            return true;
        }
    }
    !tla_sema::visit::all_children(e, &mut |c| !as_variable(spec, c, params, memo, depth))
}

/// Whether `e` names one of `params`, directly or in a LET definition it calls.
fn mentions(spec: &Spec, e: &Expr, params: &[LocalId], depth: u32) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match &e.kind {
        ExprKind::Local(l) if params.contains(l) => return true,
        ExprKind::Call(d, _)
            if spec.def(*d).in_let && mentions(spec, &spec.def(*d).body, params, depth + 1) =>
        {
            return true;
        }
        _ => {}
    }
    !tla_sema::visit::all_children(e, &mut |c| !mentions(spec, c, params, depth))
}
