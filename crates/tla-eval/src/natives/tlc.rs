//! The TLC and TLCExt modules.

use super::{val, Binding, Entry};
use crate::env::{Env, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::{FuncValue, SetBuilder, Value};
use std::io::Write;
use std::sync::atomic::Ordering;
use tla_sema::ir::Loc;

pub(super) const NATIVES: &[Entry] = &[
    ("TLC", "Print", |ev, _, _, a, _| {
        let text = format!(
            "{}  {}",
            crate::value::ppr::ppr_value(val(a, 0)?),
            crate::value::ppr::ppr_value(val(a, 1)?)
        );
        let mut out = ev.out.lock().expect("output");
        let _ = writeln!(out, "{text}");
        Ok(val(a, 1)?.clone())
    }),
    ("TLC", "PrintT", |ev, _, _, a, _| {
        print_line(ev, val(a, 0)?);
        Ok(Value::TRUE)
    }),
    ("TLC", "Assert", |_, _, _, a, _| match val(a, 0)? {
        Value::Bool(true) => Ok(Value::TRUE),
        Value::Bool(false) => {
            let mut e = EvalError::new(format!(
                "The first argument of Assert evaluated to FALSE; the second argument was:\n{}",
                val(a, 1)?
            ));
            e.raised = crate::error::Raised::Assert;
            Err(e)
        }
        other => Err(EvalError::new(format!(
            "The first argument of Assert must be a Boolean, but is:\n{other}"
        ))),
    }),
    ("TLC", "JavaTime", |_, _, _, _, _| {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        // TLC keeps the value in an int, dropping the high bits.
        Ok(Value::Int((secs as i32 & i32::MAX) as i64))
    }),
    ("TLC", "TLCGet", tlc_get),
    ("TLC", "TLCSet", |ev, _, _, a, _| {
        let key = match val(a, 0)? {
            Value::Int(i) => *i,
            Value::Str(s) if s.as_str().starts_with("s:") => {
                ev.named_registers
                    .lock()
                    .expect("registers")
                    .insert(s.as_str().to_string(), val(a, 1)?.clone());
                return Ok(Value::TRUE);
            }
            other => {
                return Err(EvalError::new(format!(
                    "TLCSet takes a register number as its first argument, not {other}"
                )))
            }
        };
        ev.registers
            .lock()
            .expect("registers")
            .insert(key, val(a, 1)?.clone());
        Ok(Value::TRUE)
    }),
    ("TLC", ":>", |_, _, _, a, _| {
        Value::func_from_pairs(vec![(val(a, 0)?.clone(), val(a, 1)?.clone())])
            .map_err(EvalError::from)
    }),
    ("TLC", "@@", |_, _, _, a, _| {
        combine_fcn(val(a, 0)?, val(a, 1)?)
    }),
    ("TLC", "Permutations", |_, _, _, a, _| {
        let s = val(a, 0)?.enumerate().map_err(EvalError::from)?;
        let elems: Vec<Value> = s.iter().cloned().collect();
        let mut out = SetBuilder::new();
        let mut perm: Vec<usize> = (0..elems.len()).collect();
        permutations(&mut perm, 0, &mut |p| {
            let vals = p.iter().map(|&i| elems[i].clone()).collect();
            out.push(Value::from_func(FuncValue::from_domain_set(&s, vals)));
        });
        Ok(Value::Set(out.finish().map_err(EvalError::from)?))
    }),
    ("TLC", "SortSeq", sort_seq),
    ("TLC", "RandomElement", super::random::random_element_native),
    ("TLC", "ToString", |_, _, _, a, _| {
        Ok(Value::str(&val(a, 0)?.to_string()))
    }),
    ("TLC", "TLCEval", |_, _, _, a, _| Ok(val(a, 0)?.clone())),
    ("TLC", "Any", |_, _, _, _, _| {
        Err(EvalError::new(
            "TLC's Any can only appear on the right of \\in",
        ))
    }),
    ("TLCExt", "AssertEq", |ev, _, _, a, _| {
        let (x, y) = (val(a, 0)?, val(a, 1)?);
        if x.tlc_eq(y).map_err(EvalError::from)? {
            Ok(Value::TRUE)
        } else {
            print_line(ev, &Value::str(&format!("Assertion failed: {x} # {y}")));
            Ok(Value::FALSE)
        }
    }),
    ("TLCExt", "TLCModelValue", |_, _, _, a, _| {
        match val(a, 0)? {
            Value::Str(s) => Ok(Value::model_value(s.as_str())),
            other => Err(EvalError::new(format!(
                "TLCModelValue takes a string, not {other}"
            ))),
        }
    }),
];

fn print_line(ev: &Evaluator, v: &Value) {
    let mut out = ev.out.lock().expect("output");
    let _ = writeln!(out, "{}", crate::value::ppr::ppr_value(v));
}

pub(super) fn tlc_get(
    ev: &Evaluator,
    _: &mut Env,
    sv: &StateView,
    a: &[Binding],
    _: Loc,
) -> EResult<Value> {
    let load = |x: &std::sync::atomic::AtomicI64| Value::Int(x.load(Ordering::Relaxed));
    match val(a, 0)? {
        Value::Int(i) => ev
            .registers
            .lock()
            .expect("registers")
            .get(i)
            .cloned()
            .ok_or_else(|| {
                EvalError::new(format!("TLCGet({i}) was called before TLCSet({i}, ...)"))
            }),
        Value::Str(s) => match s.as_str() {
            // TLC reads the level of the state it evaluates in: primed, the successor's,
            // one more than the current state's (`TLCGet("level")'`).
            "level" => Ok(Value::Int(ev.run.current_level() + i64::from(sv.primed))),
            "distinct" => Ok(load(&ev.run.distinct)),
            "generated" => Ok(load(&ev.run.generated)),
            "queue" => Ok(load(&ev.run.queue)),
            "diameter" => Ok(load(&ev.run.diameter)),
            "config" => {
                let fields = ev
                    .tlc_config
                    .iter()
                    .map(|(k, v)| (crate::value::IStr::new(k), v.clone()))
                    .collect();
                Value::record(fields).map_err(EvalError::from)
            }
            "duration" => Ok(Value::Int(duration(ev))),
            "stats" => stats(ev),
            "all" => all_registers(ev),
            "all:named" => {
                // Per register, the tuple of every worker's value (here one).
                let named = ev.named_registers.lock().expect("registers");
                let fields = named
                    .iter()
                    .map(|(k, v)| (crate::value::IStr::new(k), Value::tuple(vec![v.clone()])))
                    .collect();
                Value::record(fields).map_err(EvalError::from)
            }
            other if other.starts_with("s:") => ev
                .named_registers
                .lock()
                .expect("registers")
                .get(other)
                .cloned()
                .ok_or_else(|| {
                    EvalError::new(format!(
                        "TLCGet(\"{other}\") was called before TLCSet(\"{other}\", ...)"
                    ))
                }),
            other => match other.strip_prefix("-D") {
                Some(key) => Ok(Value::str(
                    ev.system_properties
                        .get(key)
                        .map(String::as_str)
                        .unwrap_or(""),
                )),
                // TLCGetSet.TLCGetEval's error, as TLC reports a Java override's failure.
                None => Err(EvalError::new(format!(
                    "Attempted to apply the operator overridden by the Java method\n\
                     public static tlc2.value.impl.Value tlc2.module.TLCGetSet.TLCGetEval\
                     (tlc2.tool.impl.Tool,tla2sany.semantic.ExprOrOpArgNode[],tlc2.util.Context,\
                     tlc2.tool.TLCState,tlc2.tool.TLCState,int,tlc2.tool.coverage.CostModel),\n\
                     but it produced the following error:\nTLCGet({other}) was undefined."
                ))),
            },
        },
        other => Err(EvalError::new(format!(
            "TLCGet takes a number or a name, not {other}"
        ))),
    }
}

/// `TLCGet("all")`: each register set so far, mapped to its values per worker (TLC keeps a
/// register per worker). Here the registers are one for the run, so each maps to a tuple of
/// that one value, TLC's answer with one worker.
fn all_registers(ev: &Evaluator) -> EResult<Value> {
    let registers = ev.registers.lock().expect("registers");
    let pairs = (registers.iter())
        .map(|(k, v)| (Value::Int(*k), Value::tuple(vec![v.clone()])))
        .collect();
    Ok(Value::from_func(
        crate::value::FuncValue::from_pairs(pairs).map_err(EvalError::from)?,
    ))
}

/// Whole seconds since the run started, as TLC's `TLCGet("duration")`.
fn duration(ev: &Evaluator) -> i64 {
    ev.run
        .started
        .get()
        .map(|t| t.elapsed().as_secs() as i64)
        .unwrap_or(0)
}

/// `TLCGet("stats")`: breadth-first search reports queue, distinct, generated, diameter and
/// duration (`AbstractChecker.getStatistics`); simulation reports traces, duration and
/// generated (the part of `Simulator.getStatistics` this checker keeps).
fn stats(ev: &Evaluator) -> EResult<Value> {
    let load = |x: &std::sync::atomic::AtomicI64| Value::Int(x.load(Ordering::Relaxed));
    let name = crate::value::IStr::new;
    let simulating = ev
        .tlc_config
        .iter()
        .any(|(k, v)| k == "mode" && *v == Value::str("simulate"));
    let fields = if simulating {
        vec![
            (name("traces"), load(&ev.run.traces)),
            (name("duration"), Value::Int(duration(ev))),
            (name("generated"), load(&ev.run.generated)),
        ]
    } else {
        vec![
            (name("queue"), load(&ev.run.queue)),
            (name("distinct"), load(&ev.run.distinct)),
            (name("generated"), load(&ev.run.generated)),
            (name("diameter"), load(&ev.run.diameter)),
            (name("duration"), Value::Int(duration(ev))),
        ]
    };
    Value::record(fields).map_err(EvalError::from)
}

fn permutations(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, f);
        p.swap(k, i);
    }
}

/// `SortSeq(s, less)` as TLC's `TLC.SortSeq` computes it: an insertion sort that moves each
/// element left past every element it is "less" than (`less(new, old)` is evaluated, the new
/// element first).
fn sort_seq(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let v = val(a, 0)?;
    let Some(elems) = v.as_func().and_then(|f| f.as_tuple()) else {
        return Err(super::util::arg_error(
            "first",
            "SortSeq",
            "natural number",
            v,
        ));
    };
    let Some(Binding::Op(less)) = a.get(1) else {
        return Err(EvalError::new(
            "The second argument of SortSeq must be an operator",
        ));
    };
    if elems.is_empty() {
        return Ok(v.clone());
    }
    let mut out: Vec<Value> = Vec::with_capacity(elems.len());
    out.push(elems[0].clone());
    for x in &elems[1..] {
        let mut j = out.len();
        out.push(x.clone());
        while j > 0 {
            match ev.apply_op(less, [x.clone(), out[j - 1].clone()], env, sv, loc)? {
                Value::Bool(true) => {
                    out[j] = out[j - 1].clone();
                    j -= 1;
                }
                Value::Bool(false) => break,
                other => {
                    return Err(super::util::arg_error(
                        "second",
                        "SortSeq",
                        "boolean function",
                        &other,
                    ))
                }
            }
        }
        out[j] = x.clone();
    }
    Ok(Value::tuple(out))
}

/// `f @@ g` as `TLC.CombineFcn`: the pairs of `f`, then those of `g` whose argument `equals` no
/// argument of `f` (a linear search, so an empty tuple combines with any function).
fn combine_fcn(v1: &Value, v2: &Value) -> EResult<Value> {
    let f = v1
        .as_func()
        .ok_or_else(|| super::util::arg_error("first", "@@", "function", v1))?;
    let g = v2
        .as_func()
        .ok_or_else(|| super::util::arg_error("second", "@@", "function", v2))?;
    let mut pairs: Vec<(Value, Value)> = f.iter().map(|(k, v)| (k, v.clone())).collect();
    for (k, v) in g.iter() {
        // The binary search of `select` where it applies; TLC's linear `equals` scan otherwise.
        let found = match f.select(&k) {
            Ok(x) => x.is_some(),
            Err(_) => {
                let mut found = false;
                for (d, _) in f.iter() {
                    if k.tlc_eq(&d).map_err(EvalError::from)? {
                        found = true;
                        break;
                    }
                }
                found
            }
        };
        if !found {
            pairs.push((k, v.clone()));
        }
    }
    Value::func_from_pairs(pairs).map_err(EvalError::from)
}
