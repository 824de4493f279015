//! FiniteSetsExt and Functions (CommunityModules).
//!
//! # TLC facts (CommunityModules `tlc2/overrides/FiniteSetsExt.java`, `Functions.java`)
//!
//! * `FoldSet(op, base, S)`: over the elements of `S` in (normalized) order,
//!   `acc := op(e, acc)` starting from `base` — the element is the *first* argument and the
//!   first element is folded first (the TLA+ definition via `MapThenFoldSet` would fold the
//!   first element last).
//! * `Quantify(S, P)`: the number of elements (in order) for which `P` is TRUE; a non-Boolean
//!   result is an error.
//! * `kSubset(k, S)`: `{}` when `k < 0` or `k > |S|`, `SUBSET {}` when `k = 0`, otherwise the
//!   k-element subsets of `S`.
//! * `FoldFunction(op, base, f)` = `FoldFunctionOnSet(op, base, f, DOMAIN f)`: over the
//!   elements `x` of the set in order, `acc := op(f[x], acc)`.
//! * `IsInjective(f)`: tuples and functions on `1..n` compare their values, other functions
//!   (`FcnRcdValue`) too; anything else — records included — is an error
//!   (`The argument of IsInjective should be a function, ...`).
//! * `AntiFunction(f)` is `[t \in Range(f) |-> CHOOSE s \in DOMAIN f : f[s] = t]`, the
//!   first `s` in TLC's order.

use super::util::{arg_error, one_arg_error, op};
use super::{val, Binding, Entry};
use crate::env::{Env, OpValue, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::{FuncKind, FuncValue, Value};
use tla_sema::ir::Loc;

pub(super) const NATIVES: &[Entry] = &[
    ("FiniteSetsExt", "FoldSet", fold_set),
    ("FiniteSetsExt", "Quantify", quantify),
    ("FiniteSetsExt", "kSubset", |_, _, _, a, _| {
        k_subset(val(a, 0)?, val(a, 1)?)
    }),
    ("Functions", "FoldFunction", fold_function),
    ("Functions", "FoldFunctionOnSet", fold_function_on_set),
    ("Functions", "IsInjective", |_, _, _, a, _| {
        is_injective_fcn(val(a, 0)?)
    }),
    ("Functions", "AntiFunction", |_, _, _, a, _| {
        anti_function(val(a, 0)?)
    }),
];

/// The elements of an enumerable set in TLC's order, or an error naming the operator.
pub(super) fn elements(v: &Value, opname: &str) -> EResult<Vec<Value>> {
    Ok(enumerated(v, opname)?.iter().cloned().collect())
}

/// The elements of an enumerable set in TLC's order, shared, or an error naming the operator.
pub(super) fn enumerated(v: &Value, opname: &str) -> EResult<crate::value::SetValue> {
    if !v.is_set() {
        return Err(EvalError::new(format!(
            "Attempted to apply the operator overridden by the Java method\n{opname},\nbut it produced the following error:\n{} is not an enumerable set",
            crate::value::ppr::ppr_value(v)
        )));
    }
    v.enumerate().map_err(EvalError::from)
}

/// `acc := op(x, acc)` over `xs` (TLC's `FoldSet` and `FoldFunctionOnSet`).
fn fold_right_acc(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    f: &OpValue,
    base: Value,
    xs: impl IntoIterator<Item = EResult<Value>>,
    loc: Loc,
) -> EResult<Value> {
    let mut acc = base;
    for x in xs {
        acc = ev.apply_op(f, [x?, acc], env, sv, loc)?;
    }
    Ok(acc)
}

fn fold_set(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let f = op(a, 0, "FoldSet")?;
    let elems = elements(val(a, 2)?, "FoldSet")?;
    fold_right_acc(
        ev,
        env,
        sv,
        f,
        val(a, 1)?.clone(),
        elems.into_iter().map(Ok),
        loc,
    )
}

fn quantify(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let s = val(a, 0)?;
    if !s.is_set() || !s.is_enumerable() {
        return Err(arg_error("first", "Quantify", "set", s));
    }
    let p = op(a, 1, "Quantify")?;
    let mut n = 0;
    for x in s.enumerate().map_err(EvalError::from)?.iter() {
        match ev.apply_op(p, [x.clone()], env, sv, loc)? {
            Value::Bool(true) => n += 1,
            Value::Bool(false) => {}
            other => {
                return Err(arg_error(
                    "second",
                    "Quantify",
                    "boolean-valued operator",
                    &other,
                ))
            }
        }
    }
    Ok(Value::Int(n))
}

pub(super) fn k_subset(k: &Value, s: &Value) -> EResult<Value> {
    let set = if s.is_set() { s.enumerate().ok() } else { None };
    let Some(set) = set else {
        // TLC fills TLC_MODULE_ONE_ARGUMENT_ERROR with four parameters here.
        return Err(EvalError::new(
            "The argument of second should be a kSubset, but instead it is:\nset",
        ));
    };
    let Some(k) = k.as_int() else {
        return Err(arg_error("first", "kSubset", "natural number", k));
    };
    let n = set.len() as i64;
    if k < 0 || n < k {
        return Ok(Value::empty_set());
    }
    let elems = set.as_slice();
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k as usize).collect();
    loop {
        out.push(
            Value::set(idx.iter().map(|&i| elems[i].clone()).collect()).map_err(EvalError::from)?,
        );
        // Next combination in lexicographic order.
        let mut i = k as usize;
        loop {
            if i == 0 {
                return Value::set(out).map_err(EvalError::from);
            }
            i -= 1;
            if idx[i] != i + elems.len() - k as usize {
                break;
            }
        }
        idx[i] += 1;
        for j in i + 1..k as usize {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

fn fold_function(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let f = op(a, 0, "FoldFunction")?;
    let fun = val(a, 2)?;
    let Some(fv) = fun.as_func() else {
        return Err(arg_error("third", "FoldFunction", "function", fun));
    };
    let xs = fv.values().iter().cloned().map(Ok);
    fold_right_acc(ev, env, sv, f, val(a, 1)?.clone(), xs, loc)
}

fn fold_function_on_set(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let f = op(a, 0, "FoldFunctionOnSet")?;
    let fun = val(a, 2)?;
    let Some(fv) = fun.as_func() else {
        return Err(arg_error("third", "FoldFunctionOnSet", "function", fun));
    };
    let dom = enumerated(val(a, 3)?, "FoldFunctionOnSet")?;
    let xs = dom
        .iter()
        .map(|x| fv.apply(x).cloned().map_err(EvalError::from));
    fold_right_acc(ev, env, sv, f, val(a, 1)?.clone(), xs, loc)
}

/// No two values equal (TLC's `isInjectiveNonDestructive`: pairwise `equals`).
pub(super) fn pairwise_distinct(vals: &[Value]) -> EResult<bool> {
    for i in 0..vals.len() {
        for j in i + 1..vals.len() {
            if vals[i].tlc_eq(&vals[j]).map_err(EvalError::from)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// TLC's `isInjectiveDestructive`: sort with `compareTo`, compare neighbours.
pub(super) fn sorted_distinct(vals: &[Value]) -> EResult<bool> {
    let mut v = vals.to_vec();
    let mut err = None;
    v.sort_by(|x, y| match x.tlc_cmp(y) {
        Ok(o) => o,
        Err(e) => {
            err.get_or_insert(e);
            std::cmp::Ordering::Equal
        }
    });
    if let Some(e) = err {
        return Err(e.into());
    }
    for w in v.windows(2) {
        if w[0].tlc_eq(&w[1]).map_err(EvalError::from)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn is_injective_fcn(v: &Value) -> EResult<Value> {
    let err = || one_arg_error("IsInjective", "function", v);
    let f = v.as_func().ok_or_else(err)?;
    let r = match (f.kind(), f.as_tuple()) {
        (FuncKind::Tuple, Some(t)) => pairwise_distinct(t)?,
        (_, Some(t)) => sorted_distinct(t)?,
        (FuncKind::Record, None) => return Err(err()),
        (_, None) => pairwise_distinct(f.values())?,
    };
    Ok(Value::Bool(r))
}

fn anti_function(v: &Value) -> EResult<Value> {
    let f = v
        .as_func()
        .ok_or_else(|| one_arg_error("AntiFunction", "function", v))?;
    let range = Value::set(f.values().to_vec()).map_err(EvalError::from)?;
    let range = range.as_set().expect("a set");
    let mut vals = Vec::with_capacity(range.len());
    for t in range.iter() {
        let mut found = None;
        for (d, x) in f.iter() {
            if x.tlc_eq(t).map_err(EvalError::from)? {
                found = Some(d);
                break;
            }
        }
        vals.push(found.expect("every value of the range has an argument"));
    }
    Ok(Value::from_func(FuncValue::from_domain_set(range, vals)))
}
