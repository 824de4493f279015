//! `_POSSIBLE P Q ...` in the .cfg: each predicate must be satisfied by some generated state
//! (a state-level P) or step (an action-level P), else the run fails as a false POSTCONDITION.
//!
//! # TLC facts (`tlc2/tool/impl/SpecProcessor.processConfigPossible`, `ModelConfig`,
//! `tla2sany/StandardModules/_Possible.tla`, `tlc2/tool/PossibleAction`, read from
//! tla2tools.jar 2026.11.29)
//!
//! * Each name must be a defined operator without parameters, of at most action level
//!   ("a temporal formula; only state- and action-level predicates are supported"); otherwise
//!   a configuration error.
//! * TLC writes a module `EXTENDS <root>, _Possible` with `_Track(P, "P")` and
//!   `_CheckName("P")` per name. A state-level `_Track` is appended to the CONSTRAINTs, an
//!   action-level one to the ACTION_CONSTRAINTs: it is evaluated exactly where those are (on
//!   every generated state that the constraints before it let through, the initial states
//!   included; an action-level one on every step whose target passed every state constraint
//!   and the action constraints before it), and always holds. It counts, in the named
//!   register "s:_possible", the evaluations where P held (a name is present with 0 once it was
//!   evaluated and false).
//! * The `_CheckName`s are postconditions checked before the .cfg's POSTCONDITION (seen with
//!   TLC: both false reports the _POSSIBLE name), in .cfg order: the first whose name has no
//!   count or count 0 prints the counts (PrintT) and fails as
//!   `Postcondition P at <P's body> is false.` (exit 10).
//!
//! Here the counts are kept natively (one tally under a lock, whatever the workers) and
//! written to the register when the search ends, before the postconditions read them.

use crate::model::Model;
use crate::result::Verdict;
use std::sync::Mutex;
use tla_eval::{Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::{Expr, Loc};

/// One `_POSSIBLE` predicate.
#[derive(Clone, Debug)]
pub struct Possible {
    pub name: String,
    /// A call of the definition.
    pub expr: Expr,
    /// The definition's body: where TLC's failure message points.
    pub body_loc: Loc,
    /// Action level: tracked on steps, else on states.
    pub action: bool,
}

/// Per predicate, how many evaluations found it true (None: never evaluated).
#[derive(Debug, Default)]
pub struct Tally(Mutex<Vec<Option<i64>>>);

impl Tally {
    pub fn new(n: usize) -> Self {
        Tally(Mutex::new(vec![None; n]))
    }

    fn record(&self, i: usize, hit: bool) {
        let mut t = self.0.lock().expect("possible tally");
        let c = t[i].get_or_insert(0);
        *c += i64::from(hit);
    }
}

/// Evaluates the state-level (or, with `step`, the action-level) predicates and counts them.
pub fn track(
    ev: &Evaluator,
    model: &Model,
    env: &mut Env,
    sv: &StateView,
    action: bool,
) -> Result<(), EvalError> {
    for (i, p) in model.possible.iter().enumerate() {
        if p.action == action {
            let hit = ev.eval_bool(&p.expr, env, sv)?;
            model.possible_tally.record(i, hit);
        }
    }
    Ok(())
}

/// The counts as TLC's register holds them: a function from name to count.
fn counts(model: &Model) -> Result<Value, EvalError> {
    let t = model.possible_tally.0.lock().expect("possible tally");
    let pairs = model
        .possible
        .iter()
        .zip(t.iter())
        .filter_map(|(p, c)| c.map(|c| (Value::str(&p.name), Value::Int(c))))
        .collect();
    Value::func_from_pairs(pairs).map_err(EvalError::from)
}

/// Writes the counts into the register "s:_possible" (when there are predicates).
pub fn publish(ev: &Evaluator, model: &Model) -> Result<(), EvalError> {
    if model.possible.is_empty() {
        return Ok(());
    }
    let v = counts(model)?;
    ev.named_registers
        .lock()
        .expect("registers")
        .insert("s:_possible".to_string(), v);
    Ok(())
}

/// The `_CheckName` postconditions: the first predicate never satisfied.
pub fn check(ev: &Evaluator, model: &Model) -> Verdict {
    let t: Vec<Option<i64>> = model.possible_tally.0.lock().expect("tally").clone();
    for (p, c) in model.possible.iter().zip(t) {
        if c.unwrap_or(0) == 0 {
            if let Ok(v) = counts(model) {
                let mut out = ev.out.lock().expect("output");
                let _ = writeln!(out, "{}", tla_eval::value::ppr::ppr_value(&v));
            }
            return Verdict::PostconditionFalse(p.name.clone(), p.body_loc);
        }
    }
    Verdict::Success
}

use std::io::Write;
