//! POSTCONDITION: a constant-level formula evaluated once the search has completed.
//!
//! # TLC facts (from `tlc2/tool/ModelChecker.java` `modelCheckImpl`, `tlc2/tool/impl/Tool.java`
//! `checkPostConditionWithContext`, `tlc2/module/TLCGetSet.java`, `AbstractChecker.getStatistics`)
//!
//! * The postcondition is checked after a search that found no error (after liveness), before
//!   "Model checking completed"; a search that stopped at a violation does not check it.
//! * It is evaluated with no state (`EvalControl.Const`): `TLCGet("level")` is 0 there, and
//!   `TLCGet("stats")`/`"distinct"`/`"generated"`/`"diameter"`/`"queue"` give the final figures.
//! * FALSE is reported as `Postcondition <name> at <location> is false.` (EC
//!   `TLC_POSTCONDITION_FALSE`), exit status 10 (`VIOLATION_ASSUMPTION`); the closing
//!   statistics are still printed. A value that is not a Boolean, or an evaluation error, is an
//!   evaluation failure.

use crate::model::Model;
use crate::result::Verdict;
use std::sync::atomic::Ordering;
use tla_eval::{Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::ExprKind;

/// The closing figures of a search, as `TLCGet` reports them to the postcondition.
pub struct FinalStats {
    pub generated: u64,
    pub distinct: u64,
    pub queue: u64,
    pub depth: u64,
}

/// Publishes the final figures to `TLCGet` and evaluates the postcondition, if any.
pub fn check(ev: &Evaluator, model: &Model, stats: &FinalStats) -> Verdict {
    let run = &ev.run;
    run.generated
        .store(stats.generated as i64, Ordering::Relaxed);
    run.distinct.store(stats.distinct as i64, Ordering::Relaxed);
    run.queue.store(stats.queue as i64, Ordering::Relaxed);
    run.diameter.store(stats.depth as i64, Ordering::Relaxed);
    let Some(post) = &model.postcondition else {
        return Verdict::Success;
    };
    // Constant level: TLCGet("level") is 0.
    run.level.store(0, Ordering::Relaxed);
    match ev.eval(&post.expr, &mut Env::new(), &StateView::constant()) {
        Ok(Value::Bool(true)) => Verdict::Success,
        Ok(Value::Bool(false)) => {
            // TLC names the definition's body.
            let loc = match &post.expr.kind {
                ExprKind::Call(d, _) => ev.spec.def(*d).body.loc,
                _ => post.expr.loc,
            };
            Verdict::PostconditionFalse(post.name.clone(), loc)
        }
        Ok(other) => Verdict::Error(EvalError::new(format!(
            "Evaluating postcondition {} failed.\nThe postcondition is not a Boolean value but:\n{other}",
            post.name
        ))),
        Err(e) => {
            let message = format!("Evaluating postcondition {} failed.\n{}", post.name, e.message);
            Verdict::Error(e.with_message(message))
        }
    }
}
