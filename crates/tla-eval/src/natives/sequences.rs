//! Sequences.
//!
//! TLC (`tlc2/module/Sequences.java`) takes a string for a sequence of characters in `Len`,
//! `Tail`, `SubSeq` and `\o` (joined with another string only); `Head`, `Append` and the
//! others want a tuple. Lengths and positions count Java `char`s (UTF-16 units).

use super::{seq, val, Binding, Entry};
use crate::error::{EResult, EvalError};
use crate::value::Value;

pub(super) const NATIVES: &[Entry] = &[
    ("Sequences", "Seq", |_, _, _, a, _| {
        Ok(Value::seq_set(val(a, 0)?.clone()))
    }),
    ("Sequences", "Len", |_, _, _, a, _| {
        if let Value::Str(s) = val(a, 0)? {
            return Ok(Value::Int(s.as_str().encode_utf16().count() as i64));
        }
        Ok(Value::Int(seq_ref(a, 0, "Len")?.len() as i64))
    }),
    ("Sequences", "\\o", |_, _, _, a, _| {
        // TLC's Sequences.Concat joins two strings as strings.
        if let Value::Str(x) = val(a, 0)? {
            return match val(a, 1)? {
                Value::Str(y) => Ok(Value::str(&format!("{}{}", x.as_str(), y.as_str()))),
                other => Err(EvalError::new(format!(
                    "Evaluating an expression of the form t \\o s when s is not a string:\n{}",
                    crate::value::ppr::ppr_value(other)
                ))),
            };
        }
        let (x, y) = (seq_ref(a, 0, "\\o")?, seq_ref(a, 1, "\\o")?);
        let mut s = Vec::with_capacity(x.len() + y.len());
        s.extend_from_slice(x);
        s.extend_from_slice(y);
        Ok(Value::tuple(s))
    }),
    ("Sequences", "Append", |_, _, _, a, _| {
        let x = seq_ref(a, 0, "Append")?;
        let mut s = Vec::with_capacity(x.len() + 1);
        s.extend_from_slice(x);
        s.push(val(a, 1)?.clone());
        Ok(Value::tuple(s))
    }),
    ("Sequences", "Head", |_, _, _, a, _| {
        let s = seq_ref(a, 0, "Head")?;
        s.first()
            .cloned()
            .ok_or_else(|| EvalError::new("Attempted to apply Head to the empty sequence."))
    }),
    ("Sequences", "Tail", |_, _, _, a, _| {
        if let Value::Str(s) = val(a, 0)? {
            let units: Vec<u16> = s.as_str().encode_utf16().collect();
            if units.is_empty() {
                return Err(EvalError::new(
                    "Attempted to apply Tail to the empty sequence.",
                ));
            }
            return Ok(Value::str(&String::from_utf16_lossy(&units[1..])));
        }
        let s = seq_ref(a, 0, "Tail")?;
        if s.is_empty() {
            return Err(EvalError::new(
                "Attempted to apply Tail to the empty sequence.",
            ));
        }
        Ok(Value::tuple(s[1..].to_vec()))
    }),
    ("Sequences", "SubSeq", |_, _, _, a, _| sub_seq(a)),
    ("Sequences", "SelectSeq", |ev, env, sv, a, loc| {
        let Some(Binding::Op(test)) = a.get(1) else {
            let _ = seq_ref(a, 0, "SelectSeq")?;
            return Err(EvalError::new(
                "The second argument of SelectSeq must be an operator",
            ));
        };
        if let Some(kept) = ev.kept_select(val(a, 0)?, test) {
            return Ok(kept);
        }
        // Read in place: only the messages kept are copied.
        let s = seq_ref(a, 0, "SelectSeq")?;
        let mut out = Vec::new();
        for x in s {
            match ev.apply_op(test, [x.clone()], env, sv, loc)? {
                Value::Bool(true) => out.push(x.clone()),
                Value::Bool(false) => {}
                other => {
                    return Err(EvalError::new(format!(
                        "The test of SelectSeq returned a non-Boolean:\n{other}"
                    )))
                }
            }
        }
        let out = Value::tuple(out);
        ev.keep_select(val(a, 0)?, test, &out);
        Ok(out)
    }),
];

/// The i-th argument as a sequence, without copying it (see `seq`).
fn seq_ref<'a>(args: &'a [Binding], i: usize, op: &str) -> EResult<&'a [Value]> {
    let v = val(args, i)?;
    if let Value::Func(f) = v {
        if let Some(t) = f.as_tuple() {
            return Ok(t);
        }
    }
    Err(not_a_sequence(op, i, v))
}

/// TLC's error for an argument that is not a sequence, worded per operator as
/// `Sequences.java` raises it (`AssertError` compares these texts).
fn not_a_sequence(op: &str, i: usize, v: &Value) -> EvalError {
    let shown = crate::value::ppr::ppr_value(v);
    match (op, i) {
        ("Len" | "Head" | "Tail", _) => super::util::one_arg_error(op, "sequence", v),
        ("Append", _) => EvalError::new(format!(
            "Evaluating an expression of the form Append(s, v) when s is not a sequence:\n{shown}"
        )),
        ("\\o", 0) => EvalError::new(format!(
            "Evaluating an expression of the form s \\o t when s is not a sequence:\n{shown}"
        )),
        ("\\o", _) => EvalError::new(format!(
            "Evaluating an expression of the form t \\o s when s is not a sequence:\n{shown}"
        )),
        ("SubSeq" | "SelectSeq", 0) => super::util::arg_error("first", op, "sequence", v),
        _ => seq(&[Binding::Val(v.clone())], 0, op)
            .err()
            .unwrap_or_else(|| EvalError::new(format!("{op}: not a sequence"))),
    }
}

fn sub_seq(a: &[Binding]) -> EResult<Value> {
    // A string's characters, or the sequence's elements.
    let string: Option<Vec<u16>> = match val(a, 0)? {
        Value::Str(s) => Some(s.as_str().encode_utf16().collect()),
        _ => None,
    };
    let elems = match string {
        Some(_) => Vec::new(),
        None => seq_ref(a, 0, "SubSeq")?.to_vec(),
    };
    // TLC_MODULE_ARGUMENT_ERROR for a bound that is not an integer, the start first.
    let bound = |i: usize, pos: &str| {
        let v = val(a, i)?;
        v.as_int()
            .ok_or_else(|| super::util::arg_error(pos, "SubSeq", "natural number", v))
    };
    let (m, n) = (bound(1, "second")?, bound(2, "third")?);
    if m > n {
        return Ok(match string {
            Some(_) => Value::str(""),
            None => Value::tuple(Vec::new()),
        });
    }
    let len = string.as_ref().map_or(elems.len(), Vec::len) as i64;
    // TLC's TLC_MODULE_ARGUMENT_NOT_IN_DOMAIN, the start checked before the end.
    for (pos, k) in [("second", m), ("third", n)] {
        if k < 1 || k > len {
            return Err(EvalError::new(format!(
                "The {pos} argument of SubSeq must be in the domain of its first argument:\n{}\n, but instead it is\n{k}",
                crate::value::ppr::ppr_value(val(a, 0)?)
            )));
        }
    }
    let range = (m - 1) as usize..n as usize;
    Ok(match string {
        Some(units) => Value::str(&String::from_utf16_lossy(&units[range])),
        None => Value::tuple(elems[range].to_vec()),
    })
}
