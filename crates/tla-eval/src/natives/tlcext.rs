//! TLCExt.
//!
//! # TLC facts (`tlc2/module/TLCExt.java`, `tlc2/module/TLCGetSet.java`)
//!
//! * `AssertError(err, exp)`: TRUE iff evaluating `exp` fails with an error whose message is
//!   exactly the string `err`; FALSE when it evaluates without error or fails otherwise. `exp`
//!   is evaluated lazily (an `@Evaluation` override).
//! * `TLCDefer(exp)`: TRUE; TLC evaluates `exp` later, once the successor state has been
//!   generated. `TLCNoOp(v)` is `v`. `TLCCache(exp, closure)` is `exp`; for a constant-level
//!   `exp`, TLC evaluates it once per value of `closure` and reuses that value for the run
//!   (keyed by the expression as written, so two `TLCCache` of the same text are two entries).
//!   TLC also reuses the value of a state-level `exp` within one state; here it is evaluated
//!   each time.
//! * `TLCGetOrDefault(key, d)`: `TLCGet(key)`, or `d` when register `key` is unset (or
//!   `TLCGet(key)` fails).
//!   `TLCGetAndSet(key, Op, v, d)`: sets register `key` to `Op(old, v)` and equals `old`, the
//!   previous value (`d` when unset).
//! * `PickSuccessor(exp)`: TRUE when `exp` is TRUE; otherwise TLC asks on the console whether to
//!   take the step (an empty answer means yes).
//! * `Trace`, `CounterExample` and `ToTrace` need the model checker's trace.
//! * `TLCEvalDefinition(name)`: the value of the definition called `name`.
//! * `TLCFP(v)`: an integer fingerprint of `v` (TLC's own 64-bit fingerprint cut to an int);
//!   equal values give equal integers. Ours is our fingerprint cut the same way, so the
//!   numbers differ from TLC's but the equalities are the same.
//!
//! # What differs
//!
//! Natives receive evaluated arguments unless the evaluator passes them unevaluated
//! ([`super::takes_lazy_args`]); `AssertError` can only see an error of `exp` when it does.
//! `TLCDefer` evaluates its argument at once (its side effects happen earlier than in TLC).
//! `PickSuccessor` never prompts: it answers as an empty line would (take the step).

use super::util::{force, op};
use super::{val, Binding, Entry};
use crate::env::{Env, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::Value;
use tla_sema::ir::Loc;

pub(super) const NATIVES: &[Entry] = &[
    ("TLCExt", "AssertError", assert_error),
    ("TLCExt", "TLCDefer", |ev, _, sv, a, _| {
        force(
            ev,
            a.first()
                .ok_or_else(|| EvalError::new("TLCDefer takes an argument"))?,
            sv,
        )?;
        Ok(Value::TRUE)
    }),
    ("TLCExt", "TLCNoOp", |_, _, _, a, _| Ok(val(a, 0)?.clone())),
    ("TLCExt", "TLCFP", |_, _, _, a, _| {
        // The value's fingerprint as a (32-bit) integer; the library text is a CHOOSE over Int.
        let fp = val(a, 0)?.fingerprint().map_err(EvalError::from)?;
        Value::int(i64::from(fp as u32 as i32)).map_err(EvalError::from)
    }),
    ("TLCExt", "TLCCache", tlc_cache),
    ("TLCExt", "TLCGetOrDefault", |ev, env, sv, a, loc| {
        get_or_default(ev, env, sv, val(a, 0)?, val(a, 1)?, loc)
    }),
    ("TLCExt", "TLCGetAndSet", tlc_get_and_set),
    ("TLCExt", "PickSuccessor", |_, _, _, a, _| {
        match val(a, 0)? {
        Value::Bool(_) => Ok(Value::TRUE),
        other => Err(EvalError::new(format!(
            "In evaluating TLCExt!PickSuccessor, a non-boolean expression ({}) was used as the condition of an IF.",
            other.kind_name()
        ))),
    }
    }),
    ("TLCExt", "Trace", |ev, _, _, _, _| {
        // The states from an initial state to the current one, as records of the variables.
        let trace = ev.run.trace.lock().expect("trace");
        if trace.is_empty() {
            return Err(needs_checker("Trace"));
        }
        let vars = &ev.spec.root_module().variables;
        let mut states = Vec::with_capacity(trace.len());
        for st in trace.iter() {
            let fields = vars
                .iter()
                .map(|v| {
                    (
                        crate::value::IStr::new(&ev.spec.variables[v.index()].name),
                        st[v.index()].clone(),
                    )
                })
                .collect();
            states.push(Value::record(fields).map_err(EvalError::from)?);
        }
        Ok(Value::tuple(states))
    }),
    ("TLCExt", "CounterExample", |_, _, _, _, _| {
        Err(needs_checker("CounterExample"))
    }),
    ("TLCExt", "ToTrace", |_, _, _, _, _| {
        Err(needs_checker("ToTrace"))
    }),
    ("TLCExt", "TLCEvalDefinition", |ev, env, sv, a, _| {
        let name = val(a, 0)?;
        let Some(text) = name.as_str() else {
            return Err(super::util::one_arg_error(
                "TLCEvalDefinition",
                "string",
                name,
            ));
        };
        let d = ev.spec.root_def(text.as_str()).ok_or_else(|| {
            EvalError::new(format!(
                "In evaluating TLCExt!TLCEvalDefinition, the definition {} is not defined.",
                text.as_str()
            ))
        })?;
        ev.eval_def(d, env, sv)
    }),
];

fn needs_checker(name: &str) -> EvalError {
    EvalError::new(format!(
        "TLCExt!{name} can only be evaluated by the model checker, which provides the trace."
    ))
}

/// `AssertError(err, exp)`.
fn assert_error(
    ev: &Evaluator,
    _: &mut Env,
    sv: &StateView,
    a: &[Binding],
    _: Loc,
) -> EResult<Value> {
    let err = match a.first() {
        Some(b) => force(ev, b, sv)?,
        None => return Err(EvalError::new("AssertError takes two arguments")),
    };
    let Some(err) = err.as_str() else {
        return Err(EvalError::new(format!(
            "In computing AssertError, a non-string expression ({err}) was used as the err of an AssertError(err, exp)."
        )));
    };
    let Some(exp) = a.get(1) else {
        return Err(EvalError::new("AssertError takes two arguments"));
    };
    match force(ev, exp, sv) {
        Ok(_) => Ok(Value::FALSE),
        Err(e) => Ok(Value::Bool(e.message == err.as_str())),
    }
}

/// `TLCCache(exp, closure)` (see the module documentation); `exp` comes unevaluated.
fn tlc_cache(ev: &Evaluator, _: &mut Env, sv: &StateView, a: &[Binding], _: Loc) -> EResult<Value> {
    let (Some(exp), Some(closure)) = (a.first(), a.get(1)) else {
        return Err(EvalError::new("TLCCache takes two arguments"));
    };
    let Binding::Lazy(e, _) = exp else {
        return force(ev, exp, sv);
    };
    if e.get().level != tla_sema::ir::Level::Constant {
        return force(ev, exp, sv);
    }
    let key = (
        e.get() as *const tla_sema::ir::Expr as usize,
        force(ev, closure, sv)?,
    );
    if let Some(v) = ev.tlc_cache.lock().expect("TLCCache table").get(&key) {
        return Ok(v.clone());
    }
    let v = force(ev, exp, sv)?;
    ev.tlc_cache
        .lock()
        .expect("TLCCache table")
        .insert(key, v.clone());
    Ok(v)
}

/// `TLCGet(key)`, or `default` for an unset register.
fn get_or_default(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    key: &Value,
    default: &Value,
    loc: Loc,
) -> EResult<Value> {
    match key {
        Value::Int(i) => Ok(ev
            .registers
            .lock()
            .expect("registers")
            .get(i)
            .cloned()
            .unwrap_or_else(|| default.clone())),
        _ => Ok(
            super::tlc::tlc_get(ev, env, sv, &[Binding::Val(key.clone())], loc)
                .unwrap_or_else(|_| default.clone()),
        ),
    }
}

/// `TLCGetAndSet(key, Op, val, defaultVal)`.
fn tlc_get_and_set(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let key = val(a, 0)?;
    let f = op(a, 1, "TLCGetAndSet")?;
    let (v, default) = (val(a, 2)?, val(a, 3)?);
    let Value::Int(k) = key else {
        return Err(EvalError::new(format!(
            "TLCGetAndSet takes a register number as its first argument, not {key}"
        )));
    };
    let old = get_or_default(ev, env, sv, key, default, loc)?;
    let new = ev.apply_op(f, [old.clone(), v.clone()], env, sv, loc)?;
    ev.registers.lock().expect("registers").insert(*k, new);
    Ok(old)
}
