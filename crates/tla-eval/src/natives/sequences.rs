//! Sequences.

use super::{int, seq, val, Binding, Entry};
use crate::error::{EResult, EvalError};
use crate::value::Value;

pub(super) const NATIVES: &[Entry] = &[
    ("Sequences", "Seq", |_, _, _, a, _| {
        Ok(Value::seq_set(val(a, 0)?.clone()))
    }),
    ("Sequences", "Len", |_, _, _, a, _| {
        Ok(Value::Int(seq_ref(a, 0, "Len")?.len() as i64))
    }),
    ("Sequences", "\\o", |_, _, _, a, _| {
        // TLC's Sequences.Concat joins two strings as strings.
        if let Value::Str(x) = val(a, 0)? {
            return match val(a, 1)? {
                Value::Str(y) => Ok(Value::str(&format!("{}{}", x.as_str(), y.as_str()))),
                other => Err(EvalError::new(format!(
                    "Attempted to concatenate the string {} with the non-string:\n{other}",
                    Value::Str(*x)
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
            let _ = seq(a, 0, "SelectSeq")?;
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
    if let Value::Func(f) = val(args, i)? {
        if let Some(t) = f.as_tuple() {
            return Ok(t);
        }
    }
    // Not a sequence: `seq` reports the error.
    seq(args, i, op).map(|_| &[][..])
}

fn sub_seq(a: &[Binding]) -> EResult<Value> {
    let s = seq(a, 0, "SubSeq")?;
    let (m, n) = (int(a, 1)?, int(a, 2)?);
    if m > n {
        return Ok(Value::tuple(Vec::new()));
    }
    if m < 1 || n > s.len() as i64 {
        return Err(EvalError::new(format!(
            "The second and third arguments of SubSeq must be in the domain of its first argument:\n{}\n, but instead they are {m} and {n}",
            Value::tuple(s)
        )));
    }
    Ok(Value::tuple(s[(m - 1) as usize..n as usize].to_vec()))
}
