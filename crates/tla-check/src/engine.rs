//! Breadth-first model checking, counting as TLC counts: the entry point. What it is given
//! is in `settings.rs` (how to run) and `model.rs` (what to check), what it returns in
//! `result.rs`. The search itself: `search.rs` (driver), `expand.rs` (a worker's work),
//! `merge.rs` (order, counts, parent links), `seen.rs`, `frontier.rs`, `workers.rs`,
//! `split.rs`, `rebuild.rs` (counterexamples), `progress.rs`. No module of the search imports
//! this one.

pub use crate::merge::TransitionObserver;
use crate::model::Model;
use crate::result::Report;
use crate::settings::Settings;
use tla_eval::Evaluator;

/// Checks the assumptions, then explores every reachable state, telling `observer` of every
/// kept transition (liveness's behaviour graph, TLC's -dump).
pub fn check<'o>(
    ev: &Evaluator,
    model: &Model,
    settings: &Settings,
    observer: Option<Box<dyn TransitionObserver + 'o>>,
) -> Report {
    crate::search::run(ev, model, settings, observer)
}
