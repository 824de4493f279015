//! Bags and BagsExt.
//!
//! # TLC facts (`tlc2/module/Bags.java`, CommunityModules `tlc2/overrides/BagsExt.java`)
//!
//! * Every Bags operator is a Java method except `SubBag`, which TLC evaluates from its
//!   definition. `(+)`, `(-)` and `\sqsubseteq` are registered as `\oplus`, `\ominus`,
//!   `\sqsubseteq` (`BagCup`, `BagDiff`, `SqSubseteq`).
//! * Arguments are converted with `toFcnRcd`, so tuples and records are bags too.
//! * `IsABag` is FALSE (not an error) for a non-function; `EmptyBag` is the empty function.
//! * `BagIn`/`CopiesIn` search the domain with `equals`; a non-integer count is an error.
//! * `(+)` requires both arguments to be bags; counts are added with `Math.addExact`
//!   (overflow: `Overflow when computing a+b`). `(-)` keeps elements whose count stays
//!   positive. `\sqsubseteq` compares counts of the first bag's elements.
//! * `BagUnion(S)` normalizes `S`; `{}` gives the empty bag, a single element is returned as
//!   it is, otherwise the bags are added up (a non-bag element: `Attemtped to apply BagUnion
//!   to the following set, whose\nelement is not a bag:`).
//! * `BagOfAll(F, B)` applies `F` to each element of `DOMAIN B` in order and adds the counts
//!   of elements with equal images.
//! * `SetToBag(S)` normalizes `S` and maps each element to 1; `BagToSet(B)` is `DOMAIN B`.
//! * `FoldBag(op, base, B)` (BagsExt): for each element `e` of `DOMAIN B` in order, `B[e]`
//!   times `acc := op(acc, e)`.

use super::util::{arg_error, op, overflow, wrong_value};
use super::{val, Binding, Entry};
use crate::env::{Env, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::ppr::ppr_value;
use crate::value::{FuncValue, Value};
use tla_sema::ir::Loc;

pub(super) const NATIVES: &[Entry] = &[
    ("Bags", "EmptyBag", |_, _, _, _, _| empty_bag()),
    ("Bags", "IsABag", |_, _, _, a, _| {
        Ok(Value::Bool(is_a_bag(val(a, 0)?)))
    }),
    ("Bags", "BagCardinality", |_, _, _, a, _| {
        bag_cardinality(val(a, 0)?)
    }),
    ("Bags", "BagIn", |_, _, _, a, _| {
        Ok(Value::Bool(copies("BagIn", val(a, 0)?, val(a, 1)?)? > 0))
    }),
    ("Bags", "CopiesIn", |_, _, _, a, _| {
        Ok(Value::Int(copies("CopiesIn", val(a, 0)?, val(a, 1)?)?))
    }),
    ("Bags", "(+)", |_, _, _, a, _| {
        bag_cup(val(a, 0)?, val(a, 1)?)
    }),
    ("Bags", "(-)", |_, _, _, a, _| {
        bag_diff(val(a, 0)?, val(a, 1)?)
    }),
    ("Bags", "BagUnion", |_, _, _, a, _| bag_union(val(a, 0)?)),
    ("Bags", "\\sqsubseteq", |_, _, _, a, _| {
        sq_subseteq(val(a, 0)?, val(a, 1)?)
    }),
    ("Bags", "BagOfAll", bag_of_all),
    ("Bags", "BagToSet", |_, _, _, a, _| {
        let b = val(a, 0)?;
        match b.as_func() {
            Some(f) => Ok(f.domain_value()),
            None => Err(wrong_value(
                "BagToSet",
                "a function with a finite domain",
                b,
            )),
        }
    }),
    ("Bags", "SetToBag", |_, _, _, a, _| {
        let s = val(a, 0)?;
        if !s.is_set() {
            return Err(wrong_value(
                "BagToSet",
                "a function with a finite domain",
                s,
            ));
        }
        let set = s
            .enumerate()
            .map_err(|_| wrong_value("BagToSet", "a function with a finite domain", s))?;
        let ones = vec![Value::Int(1); set.len()];
        Ok(Value::from_func(FuncValue::from_domain_set(&set, ones)))
    }),
    ("BagsExt", "FoldBag", fold_bag),
];

fn empty_bag() -> EResult<Value> {
    Value::func_from_pairs(Vec::new()).map_err(EvalError::from)
}

fn is_a_bag(b: &Value) -> bool {
    b.as_func().is_some_and(|f| {
        f.values()
            .iter()
            .all(|v| matches!(v, Value::Int(n) if *n > 0))
    })
}

fn add_counts(a: i64, b: i64) -> EResult<i64> {
    let s = a + b;
    if s > i32::MAX as i64 || s < i32::MIN as i64 {
        return Err(overflow(format!("{a}+{b}")));
    }
    Ok(s)
}

fn bag_cardinality(b: &Value) -> EResult<Value> {
    let f = b
        .as_func()
        .ok_or_else(|| wrong_value("BagCardinality", "a function with a finite domain", b))?;
    let mut n = 0;
    for v in f.values() {
        match v {
            Value::Int(c) if *c > 0 => n = add_counts(n, *c)?,
            _ => return Err(wrong_value("BagCardinality", "a bag", b)),
        }
    }
    Ok(Value::Int(n))
}

/// The count of `e` in `b` (0 when absent), as `BagIn`/`CopiesIn` read it.
fn copies(opname: &str, e: &Value, b: &Value) -> EResult<i64> {
    let f = b
        .as_func()
        .ok_or_else(|| arg_error("second", opname, "bag", b))?;
    for (d, v) in f.iter() {
        if e.tlc_eq(&d).map_err(EvalError::from)? {
            return match v {
                Value::Int(c) => Ok(*c),
                _ => Err(arg_error("second", opname, "bag", b)),
            };
        }
    }
    Ok(0)
}

/// Domain/count pairs of a bag, counts as integers (TLC casts them to `IntValue`).
fn pairs(f: &FuncValue, what: impl Fn() -> EvalError) -> EResult<Vec<(Value, i64)>> {
    f.iter()
        .map(|(d, v)| match v {
            Value::Int(c) => Ok((d, *c)),
            _ => Err(what()),
        })
        .collect()
}

/// Adds `(d, c)` into `acc`, matching elements with `equals`.
fn add_into(acc: &mut Vec<(Value, i64)>, d: Value, c: i64) -> EResult<()> {
    for (k, n) in acc.iter_mut() {
        if d.tlc_eq(k).map_err(EvalError::from)? {
            *n = add_counts(*n, c)?;
            return Ok(());
        }
    }
    acc.push((d, c));
    Ok(())
}

fn to_bag(pairs: Vec<(Value, i64)>) -> EResult<Value> {
    Value::func_from_pairs(pairs.into_iter().map(|(d, c)| (d, Value::Int(c))).collect())
        .map_err(EvalError::from)
}

fn bag_cup(b1: &Value, b2: &Value) -> EResult<Value> {
    if !is_a_bag(b1) {
        return Err(arg_error("first", "(+)", "bag", b1));
    }
    if !is_a_bag(b2) {
        return Err(arg_error("second", "(+)", "bag", b2));
    }
    let (f1, f2) = (b1.as_func().expect("a bag"), b2.as_func().expect("a bag"));
    let mut acc = pairs(f1, || arg_error("first", "(+)", "bag", b1))?;
    let n1 = acc.len();
    for (d, c) in pairs(f2, || arg_error("second", "(+)", "bag", b2))? {
        let mut found = false;
        for (k, n) in acc[..n1].iter_mut() {
            if d.tlc_eq(k).map_err(EvalError::from)? {
                *n = add_counts(*n, c)?;
                found = true;
                break;
            }
        }
        if !found {
            acc.push((d, c));
        }
    }
    to_bag(acc)
}

fn bag_diff(b1: &Value, b2: &Value) -> EResult<Value> {
    let f1 = b1
        .as_func()
        .ok_or_else(|| arg_error("first", "(-)", "bag", b1))?;
    let f2 = b2
        .as_func()
        .ok_or_else(|| arg_error("second", "(-)", "bag", b2))?;
    let p2 = pairs(f2, || arg_error("second", "(-)", "bag", b2))?;
    let mut out = Vec::new();
    for (d, mut c) in pairs(f1, || arg_error("first", "(-)", "bag", b1))? {
        for (k, c2) in &p2 {
            if d.tlc_eq(k).map_err(EvalError::from)? {
                c -= c2;
                break;
            }
        }
        if c > 0 {
            out.push((d, c));
        }
    }
    to_bag(out)
}

fn bag_union(s: &Value) -> EResult<Value> {
    let not_set = || wrong_value("BagUnion", "a finite enumerable set", s);
    if !s.is_set() {
        return Err(not_set());
    }
    let set = s.enumerate().map_err(|_| not_set())?;
    match set.len() {
        0 => return empty_bag(),
        1 => return Ok(set.as_slice()[0].clone()),
        _ => {}
    }
    let not_bag = || {
        EvalError::new(format!(
            "Attemtped to apply BagUnion to the following set, whose\nelement is not a bag:\n{}",
            ppr_value(s)
        ))
    };
    let mut acc: Vec<(Value, i64)> = Vec::new();
    for b in set.iter() {
        let f = b.as_func().ok_or_else(not_bag)?;
        for (d, c) in pairs(f, not_bag)? {
            add_into(&mut acc, d, c)?;
        }
    }
    to_bag(acc)
}

fn sq_subseteq(b1: &Value, b2: &Value) -> EResult<Value> {
    let wrong = |b| wrong_value("\\sqsubseteq", "a function with a finite domain", b);
    let f1 = b1.as_func().ok_or_else(|| wrong(b1))?;
    let f2 = b2.as_func().ok_or_else(|| wrong(b2))?;
    let p2 = pairs(f2, || wrong(b2))?;
    for (d, mut c) in pairs(f1, || wrong(b1))? {
        for (k, c2) in &p2 {
            if d.tlc_eq(k).map_err(EvalError::from)? {
                c -= c2;
                break;
            }
        }
        if c > 0 {
            return Ok(Value::FALSE);
        }
    }
    Ok(Value::TRUE)
}

fn bag_of_all(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let f = op(a, 0, "BagOfAll")?;
    let b = val(a, 1)?;
    let fb = b
        .as_func()
        .ok_or_else(|| arg_error("second", "BagOfAll", "function with a finite domain", b))?;
    let mut acc: Vec<(Value, i64)> = Vec::new();
    for (d, c) in fb.iter() {
        let image = ev.apply_op(f, [d], env, sv, loc)?;
        let c = match c {
            Value::Int(n) => *n,
            _ => return Err(arg_error("second", "BagOfAll", "bag", b)),
        };
        add_into(&mut acc, image, c)?;
    }
    to_bag(acc)
}

fn fold_bag(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let f = op(a, 0, "FoldBag")?;
    let mut acc = val(a, 1)?.clone();
    let b = val(a, 2)?;
    let fb = b
        .as_func()
        .ok_or_else(|| arg_error("third", "FoldBag", "bag", b))?;
    for (d, c) in fb.iter() {
        let c = match c {
            Value::Int(n) if *n > 0 => *n,
            // TLC passes the argument list of TLC_MODULE_ARGUMENT_ERROR to the template of
            // TLC_MODULE_APPLYING_TO_WRONG_VALUE here.
            _ => {
                return Err(EvalError::new(
                    "Applying third to the following value,\nwhich is not FoldBag:\nbag",
                ))
            }
        };
        for _ in 0..c {
            acc = ev.apply_op(f, [acc, d.clone()], env, sv, loc)?;
        }
    }
    Ok(acc)
}
