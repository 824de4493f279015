//! Helpers shared by the natives: argument access and TLC's module error messages.
//!
//! TLC's message templates (`tlc2/output/MP.java`):
//! * `TLC_MODULE_ARGUMENT_ERROR`: `The %1% argument of %2% should be a %3%, but instead it
//!   is:\n%4%` (and `..._AN` with "an");
//! * `TLC_MODULE_ONE_ARGUMENT_ERROR`: `The argument of %1% should be a %2%, but instead it
//!   is:\n%3%`;
//! * `TLC_MODULE_APPLYING_TO_WRONG_VALUE`: `Applying %1% to the following value,\nwhich is
//!   not %2%:\n%3%`;
//! * `TLC_MODULE_ARGUMENT_NOT_IN_DOMAIN`: `The %1% argument of %2% must be in the domain of
//!   its %3% argument:\n%4%\n, but instead it is\n%5%`;
//! * `TLC_MODULE_OVERFLOW`: `Overflow when computing %1%`.
//!
//! Values in messages are printed as `Values.ppr(v.toString())`.

use super::Binding;
use crate::env::{Env, OpValue, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::ppr::ppr_value;
use crate::value::Value;

/// `The <pos> argument of <op> should be a <what>, but instead it is:\n<v>`.
pub(crate) fn arg_error(pos: &str, op: &str, what: &str, v: &Value) -> EvalError {
    EvalError::new(format!(
        "The {pos} argument of {op} should be a {what}, but instead it is:\n{}",
        ppr_value(v)
    ))
}

/// `The argument of <op> should be a <what>, but instead it is:\n<v>`.
pub(crate) fn one_arg_error(op: &str, what: &str, v: &Value) -> EvalError {
    EvalError::new(format!(
        "The argument of {op} should be a {what}, but instead it is:\n{}",
        ppr_value(v)
    ))
}

/// `Applying <op> to the following value,\nwhich is not <what>:\n<v>`.
pub(crate) fn wrong_value(op: &str, what: &str, v: &Value) -> EvalError {
    EvalError::new(format!(
        "Applying {op} to the following value,\nwhich is not {what}:\n{}",
        ppr_value(v)
    ))
}

/// `Overflow when computing <what>`.
pub(crate) fn overflow(what: impl std::fmt::Display) -> EvalError {
    EvalError::new(format!("Overflow when computing {what}"))
}

/// The i-th argument as an operator.
pub(crate) fn op<'a>(args: &'a [Binding], i: usize, name: &str) -> EResult<&'a OpValue> {
    match args.get(i) {
        Some(Binding::Op(o)) => Ok(o),
        _ => Err(EvalError::new(format!(
            "argument {} of {name} must be an operator",
            i + 1
        ))),
    }
}

/// The explicit elements of a set value, in TLC's normalized order, or `None` when it is not a
/// finite enumerable set (TLC's `toSetEnum` returning null).
pub(crate) fn set_elems(v: &Value) -> Option<Vec<Value>> {
    if !v.is_set() {
        return None;
    }
    v.enumerate().ok().map(|s| s.iter().cloned().collect())
}

/// Evaluates the TLA+ body of the definition `module!name` (when a native defers to the
/// definition, as TLC's `@Evaluation` overrides do by returning null).
pub(crate) fn eval_tla_body(
    ev: &Evaluator,
    module: &str,
    name: &str,
    args: Vec<Binding>,
    env: &mut Env,
    sv: &StateView,
) -> EResult<Value> {
    let spec = ev.spec;
    let d = spec
        .defs
        .iter()
        .filter(|d| d.name == name && !d.in_let && spec.module(d.module).name == module)
        .min_by_key(|d| d.origin.is_some())
        .ok_or_else(|| EvalError::new(format!("internal error: no definition {module}!{name}")))?;
    if d.params.len() != args.len() {
        return Err(EvalError::new(format!(
            "The operator {name} requires {} arguments, but was given {}",
            d.params.len(),
            args.len()
        )));
    }
    let old = env.enter_frame();
    for (p, b) in d.params.iter().zip(args) {
        env.push(p.local, b);
    }
    let r = ev.eval(&d.body, env, sv);
    env.leave_frame(old);
    r
}

/// The value of an argument, evaluating it now when it was passed unevaluated.
pub(crate) fn force(ev: &Evaluator, b: &Binding, sv: &StateView) -> EResult<Value> {
    match b {
        Binding::Val(v) => Ok(v.clone()),
        Binding::Lazy(e, captured) => {
            let mut env = Env::from_bindings(captured);
            ev.eval(e.get(), &mut env, sv)
        }
        Binding::Var(..) | Binding::Op(_) => Err(EvalError::new(
            "an operator or variable was given where a value was expected",
        )),
    }
}
