//! Naturals and Integers.

use super::{int, val, Entry};
use crate::error::{EResult, EvalError};
use crate::value::{int as ops, Value};

pub(super) const NATIVES: &[Entry] = &[
    ("Naturals", "+", |_, _, _, a, _| bin(a, ops::add)),
    ("Naturals", "-", |_, _, _, a, _| bin(a, ops::sub)),
    ("Naturals", "*", |_, _, _, a, _| bin(a, ops::mul)),
    ("Naturals", "^", |_, _, _, a, _| bin(a, ops::pow)),
    ("Naturals", "%", |_, _, _, a, _| bin(a, ops::modulo)),
    ("Naturals", "\\div", |_, _, _, a, _| bin(a, ops::div)),
    ("Naturals", "<", |_, _, _, a, _| cmp(a, |x, y| x < y)),
    ("Naturals", ">", |_, _, _, a, _| cmp(a, |x, y| x > y)),
    ("Naturals", "<=", |_, _, _, a, _| cmp(a, |x, y| x <= y)),
    ("Naturals", ">=", |_, _, _, a, _| cmp(a, |x, y| x >= y)),
    ("Naturals", "..", |_, _, _, a, _| {
        Ok(Value::interval(int(a, 0)?, int(a, 1)?))
    }),
    ("Naturals", "Nat", |_, _, _, _, _| Ok(Value::Nat)),
    ("Integers", "Int", |_, _, _, _, _| Ok(Value::IntSet)),
    ("Integers", "-.", |_, _, _, a, _| {
        Ok(Value::Int(ops::neg(int(a, 0)?)))
    }),
];

fn bin(a: &[super::Binding], f: fn(i64, i64) -> crate::value::VResult<i64>) -> EResult<Value> {
    let (x, y) = (int(a, 0)?, int(a, 1)?);
    f(x, y).map(Value::Int).map_err(EvalError::from)
}

fn cmp(a: &[super::Binding], f: fn(i64, i64) -> bool) -> EResult<Value> {
    let (x, y) = (val(a, 0)?, val(a, 1)?);
    match (x.as_int(), y.as_int()) {
        (Some(x), Some(y)) => Ok(Value::Bool(f(x, y))),
        _ => Err(EvalError::new(format!(
            "Attempted to compare {} and {} as integers",
            x, y
        ))),
    }
}
