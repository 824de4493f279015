//! Breadth-first model checking, counting as TLC counts: the entry points (the result
//! types are in `result.rs`). The search itself: `search.rs` (driver), `expand.rs` (a worker's work),
//! `merge.rs` (order, counts, parent links), `seen.rs`, `frontier.rs`, `workers.rs`,
//! `rebuild.rs` (counterexamples), `progress.rs`.

pub use crate::merge::TransitionObserver;
use crate::model::Model;
pub use crate::progress::ProgressMode;
use crate::result::Report;
use tla_eval::Evaluator;

pub struct Options {
    pub check_deadlock: bool,
}

/// How the search runs (not what it finds: the results do not depend on these).
pub struct Settings<'o> {
    /// Worker threads (at least 1).
    pub workers: usize,
    pub progress: ProgressMode,
    /// Print TLC's lines about the initial states as they are computed (see `Setup`).
    pub tlc_lines: bool,
    /// Bytes the unexplored states may take in memory before the rest go to disk (None: no
    /// limit).
    pub memory: Option<u64>,
    /// Told of every kept transition (liveness's behaviour graph).
    pub observer: Option<Box<dyn TransitionObserver + 'o>>,
    /// When temporal properties are checked: at the end only, or also during the search.
    pub lncheck: crate::liveness::LnCheck,
    /// Checkpoints, and a recovery to start from (`checkpoint.rs`); None: neither.
    pub checkpoint: Option<crate::checkpoint::CheckpointPlan>,
    /// TLC's -coverage N: count per action (`coverage.rs`), and print the report every N
    /// minutes with the progress lines (0: at the end only); the search then uses one worker.
    pub coverage: Option<u64>,
}

impl Default for Settings<'_> {
    fn default() -> Self {
        Settings {
            workers: 1,
            progress: ProgressMode::Never,
            tlc_lines: false,
            memory: None,
            observer: None,
            lncheck: crate::liveness::LnCheck::Final,
            checkpoint: None,
            coverage: None,
        }
    }
}

/// Checks the assumptions, then explores every reachable state, with one worker.
pub fn check(ev: &Evaluator, model: &Model, opts: &Options) -> Report {
    check_with(ev, model, opts, Settings::default())
}

/// `check` with the given workers, progress and transition observer.
pub fn check_with(ev: &Evaluator, model: &Model, opts: &Options, settings: Settings) -> Report {
    crate::search::run(ev, model, opts, settings)
}
