//! Naturals and Integers.

use super::{val, Entry};
use crate::error::{EResult, EvalError};
use crate::value::{int as ops, Value};

pub(super) const NATIVES: &[Entry] = &[
    ("Naturals", "+", |_, _, _, a, _| bin(a, "Plus", ops::add)),
    ("Naturals", "-", |_, _, _, a, _| bin(a, "Minus", ops::sub)),
    ("Naturals", "*", |_, _, _, a, _| bin(a, "Times", ops::mul)),
    ("Naturals", "^", |_, _, _, a, _| bin(a, "Expt", ops::pow)),
    ("Naturals", "%", |_, _, _, a, _| bin(a, "Mod", ops::modulo)),
    ("Naturals", "\\div", |_, _, _, a, _| {
        bin(a, "Divide", ops::div)
    }),
    ("Naturals", "<", |_, _, _, a, _| cmp(a, "<", |x, y| x < y)),
    ("Naturals", ">", |_, _, _, a, _| cmp(a, ">", |x, y| x > y)),
    ("Naturals", "<=", |_, _, _, a, _| {
        cmp(a, "<=", |x, y| x <= y)
    }),
    ("Naturals", ">=", |_, _, _, a, _| {
        cmp(a, ">=", |x, y| x >= y)
    }),
    ("Naturals", "..", |_, _, _, a, _| {
        match (val(a, 0)?.as_int(), val(a, 1)?.as_int()) {
            (Some(lo), Some(hi)) => Ok(Value::interval(lo, hi)),
            _ => Err(cast_error(
                "IntervalValue",
                "DotDot(tlc2.value.impl.IntValue,tlc2.value.impl.IntValue)",
                &[val(a, 0)?, val(a, 1)?],
            )),
        }
    }),
    ("Naturals", "Nat", |_, _, _, _, _| Ok(Value::Nat)),
    ("Integers", "Int", |_, _, _, _, _| Ok(Value::IntSet)),
    ("Integers", "-.", |_, _, _, a, _| {
        match val(a, 0)?.as_int() {
            Some(x) => Ok(Value::Int(ops::neg(x))),
            None => Err(cast_error(
                "IntValue",
                "Neg(tlc2.value.impl.IntValue)",
                &[val(a, 0)?],
            )),
        }
    }),
];

/// An integer operator TLC implements as `tlc2.module.Integers.<java>(IntValue, IntValue)`
/// (for Naturals too): another kind of operand fails the Java call's cast, and TLC reports
/// the method and the cast.
fn bin(
    a: &[super::Binding],
    java: &str,
    f: fn(i64, i64) -> crate::value::VResult<i64>,
) -> EResult<Value> {
    let (x, y) = (val(a, 0)?, val(a, 1)?);
    match (x.as_int(), y.as_int()) {
        (Some(x), Some(y)) => f(x, y).map(Value::Int).map_err(EvalError::from),
        _ => Err(cast_error(
            "IntValue",
            &format!("{java}(tlc2.value.impl.IntValue,tlc2.value.impl.IntValue)"),
            &[x, y],
        )),
    }
}

/// MP's TLC_MODULE_VALUE_JAVA_METHOD_OVERRIDE for a call whose first non-integer operand
/// fails the cast to IntValue.
fn cast_error(returns: &str, method: &str, operands: &[&Value]) -> EvalError {
    let wrong = operands.iter().find(|v| v.as_int().is_none());
    EvalError::new(format!(
        "Attempted to apply the operator overridden by the Java method\n\
         public static tlc2.value.impl.{returns} tlc2.module.Integers.{method},\n\
         but it produced the following error:\n\
         Cannot cast tlc2.value.impl.{} to tlc2.value.impl.IntValue",
        wrong.map_or("Value", |v| java_class(v))
    ))
}

/// The class of TLC's value for `v` (the common one where TLC has several for a kind).
fn java_class(v: &Value) -> &'static str {
    use crate::value::FuncKind;
    match v {
        Value::Bool(_) => "BoolValue",
        Value::Int(_) => "IntValue",
        Value::Str(_) => "StringValue",
        Value::ModelValue(_) => "ModelValue",
        Value::Func(f) => match f.kind() {
            FuncKind::Tuple => "TupleValue",
            FuncKind::Record => "RecordValue",
            _ => "FcnRcdValue",
        },
        Value::Interval(..) => "IntervalValue",
        Value::Subset(_) => "SubsetValue",
        Value::FuncSet(_) => "SetOfFcnsValue",
        Value::RecordSet(_) => "SetOfRcdsValue",
        Value::Product(_) => "SetOfTuplesValue",
        Value::SeqSet(_) | Value::Nat | Value::IntSet | Value::StringSet => "UserValue",
        Value::Set(_) => "SetEnumValue",
    }
}

/// A comparison: TLC's Integers checks each operand itself (EC.TLC_MODULE_ARGUMENT_ERROR).
fn cmp(a: &[super::Binding], op: &str, f: fn(i64, i64) -> bool) -> EResult<Value> {
    let (x, y) = (val(a, 0)?, val(a, 1)?);
    match (x.as_int(), y.as_int()) {
        (Some(x), Some(y)) => Ok(Value::Bool(f(x, y))),
        (xi, _) => {
            let (which, v) = if xi.is_none() {
                ("first", x)
            } else {
                ("second", y)
            };
            let mut e = EvalError::new(format!(
                "The {which} argument of {op} should be an integer, but instead it is:\n{}",
                crate::value::ppr::ppr_value(v)
            ));
            e.raised = crate::error::Raised::Module;
            Err(e)
        }
    }
}
