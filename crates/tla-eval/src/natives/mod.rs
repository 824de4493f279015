//! Operators of the standard (and community) modules implemented in Rust, as TLC implements
//! them in Java. A definition is replaced when its module and name match an entry here; the
//! module's own TLA+ text still gives its arity and level.

mod arith;
mod bags;
mod finite_sets_ext;
pub mod fp64;
mod graphs;
mod ioutils;
pub mod json;
mod misc;
pub mod random;
mod sequences;
mod sequences_ext;
mod sets;
mod tlc;
mod tlcext;
mod util;

use crate::env::{Binding, Env, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::Value;
use tla_sema::ir::{Loc, Spec};

/// A native operator: the evaluator, the caller's locals and state, the arguments.
pub type Native = fn(&Evaluator, &mut Env, &StateView, &[Binding], Loc) -> EResult<Value>;

type Entry = (&'static str, &'static str, Native);

fn table() -> impl Iterator<Item = &'static Entry> {
    arith::NATIVES
        .iter()
        .chain(sequences::NATIVES)
        .chain(sets::NATIVES)
        .chain(tlc::NATIVES)
        .chain(bags::NATIVES)
        .chain(finite_sets_ext::NATIVES)
        .chain(sequences_ext::NATIVES)
        .chain(graphs::NATIVES)
        .chain(misc::NATIVES)
        .chain(random::NATIVES)
        .chain(tlcext::NATIVES)
        .chain(json::NATIVES)
        .chain(ioutils::NATIVES)
}

/// The native implementation of each definition that has one.
pub fn bind(spec: &Spec) -> Vec<Option<Native>> {
    spec.defs
        .iter()
        .map(|d| {
            let module = &spec.module(d.module).name;
            table()
                .find(|(m, n, _)| m == module && *n == d.name)
                .map(|(_, _, f)| *f)
        })
        .collect()
}

/// Operators that write TLC's registers (`TLCSet(i, v)`, `TLCSet("s:name", v)`,
/// `TLCGetAndSet`): what a later evaluation reads back depends on the order in which the
/// writing evaluations ran.
pub fn writes_registers(module: &str, name: &str) -> bool {
    matches!(
        (module, name),
        ("TLC", "TLCSet") | ("TLCExt", "TLCGetAndSet")
    )
}

/// Operators whose value depends on how a value is held, not only on the value: `ToString`
/// prints `1..3` and `{1, 2, 3}` differently, and the JSON writers make a tuple an array and a
/// function on `1..n` an object.
pub fn shows_form(module: &str, name: &str) -> bool {
    matches!((module, name), ("TLC", "ToString"))
        || (module == "Json" && name.starts_with("ToJson"))
}

/// Operators whose value may differ from one evaluation to the next.
///
/// TLC evaluates every constant-level definition without parameters once, at start-up
/// (`SpecProcessor.processConstantDefns`), whatever it calls: `R == RandomElement(S)` and
/// `Log == ndJsonDeserialize(file)` are fixed for the run. So the random operators, IOEnv and
/// file reading are not volatile; what reads the run's progress, the registers or the outside
/// world at the moment of the call is.
pub fn is_volatile(module: &str, name: &str) -> bool {
    matches!(
        (module, name),
        ("TLC", "TLCGet" | "JavaTime" | "TLCSet" | "Print" | "PrintT")
            | (
                "TLCExt",
                "AssertError"
                    | "TLCDefer"
                    | "TLCGetOrDefault"
                    | "TLCGetAndSet"
                    | "PickSuccessor"
                    | "Trace"
                    | "CounterExample"
                    | "TLCCache"
                    | "AssertEq"
            )
            | (
                "IOUtils",
                "IOExec"
                    | "IOEnvExec"
                    | "IOExecTemplate"
                    | "IOEnvExecTemplate"
                    | "Serialize"
                    | "Deserialize"
                    | "IOSerialize"
                    | "IODeserialize"
            )
            | ("Json", "JsonSerialize" | "ndJsonSerialize")
            | ("CSV", _)
    )
}

/// Whether a native operator gives the same value for the same arguments and shows nothing:
/// neither volatile nor a random choice (drawn afresh at each evaluation, as TLC draws it).
pub fn is_deterministic(module: &str, name: &str) -> bool {
    let random = module == "Randomization" || (module == "TLC" && name == "RandomElement");
    !random && !is_volatile(module, name)
}

/// Volatile natives that only read what the run has come to (the level, the clock): evaluated
/// twice they show nothing more than once, though their value may differ.
pub fn only_reads(module: &str, name: &str) -> bool {
    matches!(
        (module, name),
        ("TLC", "TLCGet" | "JavaTime") | ("TLCExt", "TLCGetOrDefault")
    )
}

/// Natives whose arguments TLC evaluates itself (`@Evaluation` overrides), which should receive
/// them unevaluated as [`Binding::Lazy`]: `AssertError` must see the error its second argument
/// raises. The natives accept evaluated arguments too.
pub fn takes_lazy_args(module: &str, name: &str) -> bool {
    matches!(
        (module, name),
        ("TLCExt", "AssertError" | "TLCDefer" | "TLCCache")
    )
}

/// The i-th argument as a value.
pub(crate) fn val(args: &[Binding], i: usize) -> EResult<&Value> {
    match args.get(i) {
        Some(Binding::Val(v)) => Ok(v),
        _ => Err(EvalError::new(
            "an operator was given where a value was expected",
        )),
    }
}

/// The i-th argument as a sequence (a function on 1..n).
pub(crate) fn seq(args: &[Binding], i: usize, op: &str) -> EResult<Vec<Value>> {
    let v = val(args, i)?;
    match v {
        Value::Func(f) => f.as_tuple().map(|t| t.to_vec()),
        _ => None,
    }
    .ok_or_else(|| {
        EvalError::new(format!(
            "Argument {} of {op} should be a sequence, but is:\n{v}",
            i + 1
        ))
    })
}
