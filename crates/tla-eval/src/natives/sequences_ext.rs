//! SequencesExt (CommunityModules).
//!
//! # TLC facts (CommunityModules `tlc2/overrides/SequencesExt.java`)
//!
//! * Sequences are read with `toTuple` (any function on `1..n`); strings are not sequences
//!   except where noted.
//! * `SetToSeq(S)`: the elements of `S` in normalized order. `SetToSeqs(S)`: all orderings.
//! * `Contains(s, e)`: `s[i].equals(e)` for some `i`.
//! * `FoldSeq(op, base, s)` = `FoldFunction(op, base, s)`: `acc := op(s[i], acc)` for
//!   `i = 1..Len(s)`. `FoldLeft(op, base, s)`: `acc := op(acc, s[i])` left to right;
//!   `FoldRight(op, s, base)`: `acc := op(s[i], acc)` right to left; `FoldLeftDomain` and
//!   `FoldRightDomain` do the same with the indices.
//! * `ReplaceFirstSubSeq(r, s, t)` / `ReplaceAllSubSeqs(r, s, t)` on three strings:
//!   `StringUtils.replaceOnce(t, s, r)` / `replace(t, s, r)`; an empty `s` gives `r \o t`
//!   (first) or `r` inserted before every character of `t` (all). Other arguments are
//!   evaluated with the TLA+ definitions.
//! * `IsPrefix(s, t)`: `t` starts with `s` for two strings, else element-wise on tuples.
//! * `SelectInSeq`/`SelectInSubSeq`/`SelectLastInSeq`/`SelectLastInSubSeq`: the first/last
//!   index whose element satisfies the test (0 when none).
//! * `RemoveFirst(s, e)`/`RemoveFirstMatch(s, Test)`: without the first matching element.
//! * `Suffixes(s)`: all suffixes, `<<>>` included. `AllSubSeqs(s)`: all `2^n` subsequences.
//! * `LongestCommonPrefix(S)`: `S` normalized; the prefix of its first element shared by all
//!   (strings or sequences).

use super::finite_sets_ext::{pairwise_distinct, sorted_distinct};
use super::util::{arg_error, eval_tla_body, one_arg_error, op};
use super::{val, Binding, Entry};
use crate::env::{Env, OpValue, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::ppr::ppr_value;
use crate::value::{FuncKind, Value};
use tla_sema::ir::Loc;

pub(super) const NATIVES: &[Entry] = &[
    ("SequencesExt", "SetToSeq", |_, _, _, a, _| {
        let s = val(a, 0)?;
        Ok(Value::tuple(set_elems(s, "SetToSeq")?))
    }),
    ("SequencesExt", "SetToSeqs", |_, _, _, a, _| {
        set_to_seqs(val(a, 0)?)
    }),
    ("SequencesExt", "Contains", |_, _, _, a, _| {
        let s = val(a, 0)?;
        let t = seq_of(s).ok_or_else(|| one_arg_error("Contains", "sequence", s))?;
        let e = val(a, 1)?;
        for x in t {
            if x.tlc_eq(e).map_err(EvalError::from)? {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    }),
    ("SequencesExt", "IsInjective", |_, _, _, a, _| {
        let v = val(a, 0)?;
        let f = v.as_func();
        let r = match (f.map(|f| f.kind()), f.and_then(|f| f.as_tuple())) {
            (Some(FuncKind::Tuple), Some(t)) => pairwise_distinct(t)?,
            (_, Some(t)) => sorted_distinct(t)?,
            _ => return Err(one_arg_error("IsInjective", "sequence", v)),
        };
        Ok(Value::Bool(r))
    }),
    ("SequencesExt", "LongestCommonPrefix", |_, _, _, a, _| {
        longest_common_prefix(val(a, 0)?)
    }),
    ("SequencesExt", "FoldSeq", |ev, env, sv, a, loc| {
        let f = op(a, 0, "FoldSeq")?;
        let s = val(a, 2)?;
        let Some(fv) = s.as_func() else {
            return Err(arg_error("third", "FoldSeq", "function", s));
        };
        let mut acc = val(a, 1)?.clone();
        for x in fv.values() {
            acc = ev.apply_op(f, [x.clone(), acc], env, sv, loc)?;
        }
        Ok(acc)
    }),
    ("SequencesExt", "FoldLeft", |ev, env, sv, a, loc| {
        let s = seq_arg(a, 2, "third", "FoldLeft")?;
        fold_left(
            ev,
            env,
            sv,
            op(a, 0, "FoldLeft")?,
            val(a, 1)?.clone(),
            s,
            loc,
        )
    }),
    ("SequencesExt", "FoldRight", |ev, env, sv, a, loc| {
        let s = seq_arg(a, 1, "second", "FoldRight")?;
        fold_right(
            ev,
            env,
            sv,
            op(a, 0, "FoldRight")?,
            s,
            val(a, 2)?.clone(),
            loc,
        )
    }),
    ("SequencesExt", "FoldLeftDomain", |ev, env, sv, a, loc| {
        let n = seq_arg(a, 2, "third", "FoldLeftDomain")?.len();
        let idx = (1..=n as i64).map(Value::Int).collect();
        fold_left(
            ev,
            env,
            sv,
            op(a, 0, "FoldLeftDomain")?,
            val(a, 1)?.clone(),
            idx,
            loc,
        )
    }),
    ("SequencesExt", "FoldRightDomain", |ev, env, sv, a, loc| {
        let n = seq_arg(a, 1, "second", "FoldRightDomain")?.len();
        let idx = (1..=n as i64).map(Value::Int).collect();
        fold_right(
            ev,
            env,
            sv,
            op(a, 0, "FoldRightDomain")?,
            idx,
            val(a, 2)?.clone(),
            loc,
        )
    }),
    (
        "SequencesExt",
        "ReplaceFirstSubSeq",
        |ev, env, sv, a, _| match strings3(a)? {
            Some((r, "", t)) => Ok(Value::str(&format!("{r}{t}"))),
            Some((r, s, t)) => Ok(Value::str(&t.replacen(s, r, 1))),
            None => eval_tla_body(
                ev,
                "SequencesExt",
                "ReplaceFirstSubSeq",
                a.to_vec(),
                env,
                sv,
            ),
        },
    ),
    (
        "SequencesExt",
        "ReplaceAllSubSeqs",
        |ev, env, sv, a, _| match strings3(a)? {
            Some((r, "", t)) => {
                let mut out = String::from(r);
                for (i, c) in t.chars().enumerate() {
                    if i != 0 {
                        out.push_str(r);
                    }
                    out.push(c);
                }
                Ok(Value::str(&out))
            }
            Some((r, s, t)) => Ok(Value::str(&t.replace(s, r))),
            None => eval_tla_body(ev, "SequencesExt", "ReplaceAllSubSeqs", a.to_vec(), env, sv),
        },
    ),
    ("SequencesExt", "IsPrefix", |_, _, _, a, _| {
        let (v1, v2) = (val(a, 0)?, val(a, 1)?);
        if let (Some(s), Some(t)) = (v1.as_str(), v2.as_str()) {
            return Ok(Value::Bool(t.as_str().starts_with(s.as_str())));
        }
        let s = seq_of(v1).ok_or_else(|| not_a_sequence("IsPrefix", v1))?;
        let t = seq_of(v2).ok_or_else(|| not_a_sequence("IsPrefix", v2))?;
        if s.len() > t.len() {
            return Ok(Value::FALSE);
        }
        for (x, y) in s.iter().zip(t) {
            if !x.tlc_eq(&y).map_err(EvalError::from)? {
                return Ok(Value::FALSE);
            }
        }
        Ok(Value::TRUE)
    }),
    ("SequencesExt", "SelectInSeq", |ev, env, sv, a, loc| {
        let s = seq_arg(a, 0, "first", "SelectInSeq")?;
        let test = op(a, 1, "SelectInSeq")?;
        let n = s.len() as i64;
        select(
            ev,
            env,
            sv,
            test,
            &s,
            1..=n,
            "third",
            "SelectInSeq",
            "boolean-valued operator",
            loc,
        )
    }),
    ("SequencesExt", "SelectInSubSeq", |ev, env, sv, a, loc| {
        let s = seq_arg(a, 0, "first", "SelectInSubSeq")?;
        let Some((from, to)) = sub_range(a, &s, "SelectInSubSeq")? else {
            return Ok(Value::Int(0));
        };
        let test = op(a, 3, "SelectInSubSeq")?;
        select(
            ev,
            env,
            sv,
            test,
            &s,
            from..=to,
            "fourth",
            "SelectInSubSeq",
            "boolean-valued operator",
            loc,
        )
    }),
    ("SequencesExt", "SelectLastInSeq", |ev, env, sv, a, loc| {
        let s = seq_arg(a, 0, "first", "SelectLastInSeq")?;
        let test = op(a, 1, "SelectLastInSeq")?;
        let n = s.len() as i64;
        select(
            ev,
            env,
            sv,
            test,
            &s,
            (1..=n).rev(),
            "third",
            "SelectLastInSeq",
            "boolean-valued function",
            loc,
        )
    }),
    (
        "SequencesExt",
        "SelectLastInSubSeq",
        |ev, env, sv, a, loc| {
            let s = seq_arg(a, 0, "first", "SelectLastInSubSeq")?;
            let Some((from, to)) = sub_range(a, &s, "SelectLastInSubSeq")? else {
                return Ok(Value::Int(0));
            };
            let test = op(a, 3, "SelectLastInSubSeq")?;
            select(
                ev,
                env,
                sv,
                test,
                &s,
                (from..=to).rev(),
                "fourth",
                "SelectLastInSubSeq",
                "boolean-valued function",
                loc,
            )
        },
    ),
    ("SequencesExt", "RemoveFirst", |_, _, _, a, _| {
        let s = seq_arg(a, 0, "first", "RemoveFirst")?;
        let e = val(a, 1)?;
        let mut out = Vec::with_capacity(s.len());
        let mut found = false;
        for x in s {
            if !found && x.tlc_eq(e).map_err(EvalError::from)? {
                found = true;
            } else {
                out.push(x);
            }
        }
        Ok(Value::tuple(out))
    }),
    ("SequencesExt", "RemoveFirstMatch", |ev, env, sv, a, loc| {
        let s = seq_arg(a, 0, "first", "RemoveFirstMatch")?;
        let test = op(a, 1, "RemoveFirstMatch")?;
        let mut out = Vec::with_capacity(s.len());
        let mut found = false;
        for x in s {
            if !found {
                match ev.apply_op(test, [x.clone()], env, sv, loc)? {
                    Value::Bool(true) => {
                        found = true;
                        continue;
                    }
                    Value::Bool(false) => {}
                    other => {
                        return Err(arg_error(
                            "second",
                            "RemoveFirstMatch",
                            "boolean-valued function",
                            &other,
                        ))
                    }
                }
            }
            out.push(x);
        }
        Ok(Value::tuple(out))
    }),
    ("SequencesExt", "Suffixes", |_, _, _, a, _| {
        let v = val(a, 0)?;
        let s = seq_of(v).ok_or_else(|| one_arg_error("Suffixes", "sequence", v))?;
        let mut out = vec![Value::tuple(Vec::new())];
        for i in (0..s.len()).rev() {
            out.push(Value::tuple(s[i..].to_vec()));
        }
        Value::set(out).map_err(EvalError::from)
    }),
    ("SequencesExt", "AllSubSeqs", |_, _, _, a, _| {
        let v = val(a, 0)?;
        let s = seq_of(v).ok_or_else(|| one_arg_error("AllSubSeqs", "sequence", v))?;
        if s.len() >= 31 {
            return Err(EvalError::new(format!(
                "Overflow when computing the number of subsequences of {}",
                ppr_value(v)
            )));
        }
        let mut out = Vec::with_capacity(1 << s.len());
        for bits in 0u32..(1 << s.len()) {
            out.push(Value::tuple(
                (0..s.len())
                    .filter(|j| bits & (1 << j) != 0)
                    .map(|j| s[j].clone())
                    .collect(),
            ));
        }
        Value::set(out).map_err(EvalError::from)
    }),
];

/// The elements of a sequence (TLC's `toTuple`), if the value is one.
fn seq_of(v: &Value) -> Option<Vec<Value>> {
    v.as_func()
        .and_then(|f| f.as_tuple())
        .map(<[Value]>::to_vec)
}

fn not_a_sequence(opname: &str, v: &Value) -> EvalError {
    one_arg_error(opname, "sequence", v)
}

/// The i-th argument as a sequence, else `The <pos> argument of <op> should be a sequence`.
fn seq_arg(a: &[Binding], i: usize, pos: &str, opname: &str) -> EResult<Vec<Value>> {
    let v = val(a, i)?;
    seq_of(v).ok_or_else(|| arg_error(pos, opname, "sequence", v))
}

fn set_elems(s: &Value, opname: &str) -> EResult<Vec<Value>> {
    if !s.is_set() {
        return Err(one_arg_error(opname, "finite set", s));
    }
    Ok(s.enumerate()
        .map_err(EvalError::from)?
        .iter()
        .cloned()
        .collect())
}

fn set_to_seqs(s: &Value) -> EResult<Value> {
    if !s.is_set() {
        return Err(super::util::wrong_value("SetToSeqs", "a finite set", s));
    }
    let elems: Vec<Value> = s
        .enumerate()
        .map_err(|_| super::util::wrong_value("SetToSeqs", "a finite set", s))?
        .iter()
        .cloned()
        .collect();
    let mut out = Vec::new();
    let mut perm: Vec<usize> = (0..elems.len()).collect();
    permute(&mut perm, 0, &mut |p| {
        out.push(Value::tuple(p.iter().map(|&i| elems[i].clone()).collect()))
    });
    Value::set(out).map_err(EvalError::from)
}

fn permute(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permute(p, k + 1, f);
        p.swap(k, i);
    }
}

fn fold_left(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    f: &OpValue,
    base: Value,
    xs: Vec<Value>,
    loc: Loc,
) -> EResult<Value> {
    let mut acc = base;
    for x in xs {
        acc = ev.apply_op(f, [acc, x], env, sv, loc)?;
    }
    Ok(acc)
}

fn fold_right(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    f: &OpValue,
    xs: Vec<Value>,
    base: Value,
    loc: Loc,
) -> EResult<Value> {
    let mut acc = base;
    for x in xs.into_iter().rev() {
        acc = ev.apply_op(f, [x, acc], env, sv, loc)?;
    }
    Ok(acc)
}

/// Three string arguments, for the string fast path of the Replace operators.
fn strings3(a: &[Binding]) -> EResult<Option<(&'static str, &'static str, &'static str)>> {
    let (r, s, t) = (val(a, 0)?, val(a, 1)?, val(a, 2)?);
    Ok(match (r.as_str(), s.as_str(), t.as_str()) {
        (Some(r), Some(s), Some(t)) => Some((r.as_str(), s.as_str(), t.as_str())),
        _ => None,
    })
}

/// `from` and `to` of the SubSeq variants of Select: `None` when `from > to`.
fn sub_range(a: &[Binding], s: &[Value], opname: &str) -> EResult<Option<(i64, i64)>> {
    let (f, t) = (val(a, 1)?, val(a, 2)?);
    let from = f
        .as_int()
        .ok_or_else(|| arg_error("second", opname, "natural", f))?;
    let to = t
        .as_int()
        .ok_or_else(|| arg_error("third", opname, "natural", t))?;
    if from > to {
        return Ok(None);
    }
    let n = s.len() as i64;
    let seq = Value::tuple(s.to_vec());
    let not_in = |pos: &str, v: &Value| {
        EvalError::new(format!(
            "The {pos} argument of {opname} must be in the domain of its first argument:\n{}\n, but instead it is\n{}",
            ppr_value(&seq),
            ppr_value(v)
        ))
    };
    if from < 1 || from > n {
        return Err(not_in("second", f));
    }
    if to < 1 || to > n {
        return Err(not_in("third", t));
    }
    Ok(Some((from, to)))
}

#[allow(clippy::too_many_arguments)]
fn select(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    test: &OpValue,
    s: &[Value],
    indices: impl Iterator<Item = i64>,
    pos: &str,
    opname: &str,
    what: &str,
    loc: Loc,
) -> EResult<Value> {
    for i in indices {
        match ev.apply_op(test, [s[(i - 1) as usize].clone()], env, sv, loc)? {
            Value::Bool(true) => return Ok(Value::Int(i)),
            Value::Bool(false) => {}
            other => return Err(arg_error(pos, opname, what, &other)),
        }
    }
    Ok(Value::Int(0))
}

fn longest_common_prefix(v: &Value) -> EResult<Value> {
    let err = || one_arg_error("LongestCommonPrefix", "non-empty set", v);
    if !v.is_set() {
        return Err(err());
    }
    let set = v.enumerate().map_err(|_| err())?;
    let elems = set.as_slice();
    let Some(first) = elems.first() else {
        return Err(err());
    };
    let out_of_bounds = || {
        EvalError::new(format!(
            "Attempted to apply the operator overridden by the Java method\nLongestCommonPrefix,\nbut it produced the following error:\nindex out of bounds in {}",
            ppr_value(v)
        ))
    };
    if let Some(s) = first.as_str() {
        let prefix: Vec<char> = s.as_str().chars().collect();
        let mut upper = prefix.len();
        for other in &elems[1..] {
            let o: Vec<char> = other
                .as_str()
                .ok_or_else(|| one_arg_error("LongestCommonPrefix", "sequence", v))?
                .as_str()
                .chars()
                .collect();
            let mut idx = 0;
            while idx < upper {
                let c = o.get(idx).ok_or_else(out_of_bounds)?;
                if prefix[idx] != *c {
                    upper = idx;
                    if upper == 0 {
                        return Ok(Value::str(""));
                    }
                }
                idx += 1;
            }
        }
        return Ok(Value::str(&prefix[..upper].iter().collect::<String>()));
    }
    let not_seq = || one_arg_error("LongestCommonPrefix", "sequence", v);
    let prefix = seq_of(first).ok_or_else(not_seq)?;
    let mut upper = prefix.len();
    for other in &elems[1..] {
        let o = seq_of(other).ok_or_else(not_seq)?;
        let mut idx = 0;
        while idx < upper {
            let x = o.get(idx).ok_or_else(out_of_bounds)?;
            if !prefix[idx].tlc_eq(x).map_err(EvalError::from)? {
                upper = idx;
                if upper == 0 {
                    return Ok(Value::tuple(Vec::new()));
                }
            }
            idx += 1;
        }
    }
    Ok(Value::tuple(prefix[..upper].to_vec()))
}
