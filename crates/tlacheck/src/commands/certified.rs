//! A simulation's or a -dfid run's counterexample replayed before it is printed, as the
//! search's is (`tla_check::certify`, called by the session): Ok(whether there was one), or
//! the internal error printed instead of the verdict (exit 255).

use tla_check::model::Model;
use tla_check::result::Report;
use tla_eval::Evaluator;

pub fn check(
    ev: &Evaluator,
    model: &Model,
    check_deadlock: bool,
    report: &mut Report,
    drop_step: Option<usize>,
    json: bool,
) -> Result<bool, u8> {
    // --debug-drop-step: the certification's test.
    if let Some(n) = drop_step.filter(|n| (1..=report.trace.len()).contains(n)) {
        report.trace.remove(n - 1);
    }
    match tla_check::certify::certify(ev, model, check_deadlock, report) {
        Ok(certified) => Ok(certified),
        Err(refusal) => {
            if json {
                let j = serde_json::to_value(refusal.summary(report)).unwrap_or_default();
                println!("{j}");
            } else {
                print!("{}", refusal.message());
            }
            Err(tla_check::result::exit::GENERAL)
        }
    }
}
