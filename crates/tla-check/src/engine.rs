//! Breadth-first model checking, counting as TLC counts: the result types and the entry
//! points. The search itself: `search.rs` (driver), `expand.rs` (a worker's work),
//! `merge.rs` (order, counts, parent links), `seen.rs`, `frontier.rs`, `workers.rs`,
//! `rebuild.rs` (counterexamples), `progress.rs`.

pub use crate::merge::TransitionObserver;
use crate::model::Model;
pub use crate::progress::ProgressMode;
use std::sync::Arc;
use tla_eval::{EvalError, Evaluator, Value};
use tla_sema::ir::{DefId, Loc};

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Success,
    InvariantViolated(String),
    ActionPropertyViolated(String),
    /// A state-predicate conjunct of a PROPERTY is false in an initial state.
    PropertyViolated(String),
    Deadlock,
    /// An ASSUME evaluated to FALSE.
    AssumptionFalse(Loc),
    /// Evaluating an ASSUME failed (its location, the error): TLC reports it as a failed
    /// assumption and exits as for a FALSE one.
    AssumptionError(Loc, EvalError),
    /// Evaluation failed (with the error), in a state or while computing initial states.
    Error(EvalError),
    /// The POSTCONDITION (its name and the location of its definition) is FALSE.
    PostconditionFalse(String, Loc),
    /// A temporal property has a counterexample (a lasso, see `Report::liveness`).
    TemporalViolated(String),
}

/// One state of a counterexample and the action that led to it (None: an initial state).
#[derive(Clone, Debug)]
pub struct TraceState {
    pub values: Arc<[Value]>,
    pub action: Option<DefId>,
}

/// The figures TLC prints at the end, the verdict, and the counterexample if any.
#[derive(Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub generated: u64,
    pub distinct: u64,
    pub left_on_queue: u64,
    pub depth: u64,
    pub initial_states: u64,
    pub trace: Vec<TraceState>,
    /// With an ALIAS, what to print of each trace state instead of the variables (see
    /// `alias.rs`); empty without one.
    pub aliased: Vec<Option<crate::alias::AliasedState>>,
    /// The liveness phase, when the model has temporal properties and the search completed.
    pub liveness: Option<crate::liveness::LiveReport>,
    /// TLC's name and location of the action of each step of the trace, then of a lasso's
    /// step back (`labels.rs`); empty until the session fills it in.
    pub labels: Vec<Option<tla_eval::action_label::ActionLabel>>,
    /// With TLC's -view, each trace state as printed through the VIEW (`view_print.rs`);
    /// empty otherwise.
    pub viewed: Vec<String>,
    /// With `-continue`: the violations the search went on after, each with its trace.
    pub continued: Vec<(Verdict, Vec<TraceState>)>,
    /// TLC's outdegree figures (`outdegree.rs`), printed after a successful search.
    pub outdegree: Option<crate::outdegree::OutDegreeFigures>,
    /// With -coverage, TLC's coverage report (`coverage.rs`).
    pub coverage: Option<crate::coverage::CoverageReport>,
}

pub struct Options {
    pub check_deadlock: bool,
    /// Stop exploring below this depth (TLC has no such limit in BFS; used by callers).
    pub max_depth: Option<u64>,
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
