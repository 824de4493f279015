//! What a run finds: the verdict, the figures, the counterexample, and the reports of the
//! phases that run after the search (liveness, coverage, outdegree). The bottom of the
//! crate: these types import nothing from it, so that every layer above (the model, the
//! searches, the session, the printing) may name them without a cycle. What builds or
//! prints them lives with the phase that does (`impl CoverageReport` in `coverage.rs`, say).

use std::sync::Arc;
use std::time::SystemTime;
use tla_eval::error::{Phase, Raised};
use tla_eval::{EvalError, Value};
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
    pub aliased: Vec<Option<AliasedState>>,
    /// The liveness phase, when the model has temporal properties and the search completed.
    pub liveness: Option<LiveReport>,
    /// TLC's name and location of the action of each step of the trace, then of a lasso's
    /// step back (`labels.rs`); empty until the session fills it in.
    pub labels: Vec<Option<tla_eval::action_label::ActionLabel>>,
    /// With TLC's -view, each trace state as printed through the VIEW (`view_print.rs`);
    /// empty otherwise.
    pub viewed: Vec<String>,
    /// With `-continue`: the violations the search went on after, each with its trace.
    pub continued: Vec<(Verdict, Vec<TraceState>)>,
    /// TLC's outdegree figures (`outdegree.rs`), printed after a successful search.
    pub outdegree: Option<OutDegreeFigures>,
    /// With -coverage, TLC's coverage report (`coverage.rs`).
    pub coverage: Option<CoverageReport>,
}

impl Report {
    /// A report of `verdict` with no figures, trace or phase reports.
    pub fn new(verdict: Verdict) -> Self {
        Report {
            verdict,
            generated: 0,
            distinct: 0,
            left_on_queue: 0,
            depth: 0,
            initial_states: 0,
            trace: Vec::new(),
            aliased: Vec::new(),
            liveness: None,
            labels: Vec::new(),
            viewed: Vec::new(),
            continued: Vec::new(),
            outdegree: None,
            coverage: None,
        }
    }
}

/// What the liveness phase found, and what TLC prints about it.
#[derive(Debug)]
pub struct LiveReport {
    /// TLC's "satisfiability problem has N branches".
    pub branches: usize,
    pub started: SystemTime,
    pub finished: SystemTime,
    /// Checked on the complete graph (the final check), not on the graph explored so far.
    pub complete: bool,
    pub violation: Option<Violation>,
}

#[derive(Debug)]
pub struct Violation {
    /// Every property the counterexample violates, in .cfg order (TLC's
    /// `Liveness.findViolatedProperties`), joined by ", ".
    pub property: String,
    /// The same names, one each.
    pub properties: Vec<String>,
    pub trace: Vec<TraceState>,
    pub end: LassoEnd,
    /// TLC's warning printed after a lasso that ends stuttering when fairness may be
    /// missing (2259, or 2257 without a SPECIFICATION), as admitted by the run's warnings.
    pub warning: Option<String>,
}

/// How the printed lasso closes.
#[derive(Clone, Debug, PartialEq)]
pub enum LassoEnd {
    /// The behaviour returns to this state (1-based) by the step of this action.
    BackTo(usize, Option<DefId>),
    /// The behaviour stutters forever in its last state.
    Stuttering,
    /// A finite prefix that violates the property whatever follows (a safety-type temporal
    /// formula): TLC reports it as soon as it is found, exit 12.
    Prefix,
}

/// The fields an ALIAS (`alias.rs`) prints for one state: (name, value) in the record's
/// order.
pub type AliasedState = Vec<(String, Value)>;

/// What a line of the coverage report (`coverage.rs`) is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageKind {
    Variable,
    Init,
    Action,
    Invariant,
    Constraint,
}

#[derive(Clone, Debug)]
pub struct CoverageLine {
    pub kind: CoverageKind,
    pub name: String,
    /// `line L, col C to line L2, col C2 of module M`, with ` (L C L2 C2)` for part of a body.
    pub location: String,
    /// As TLC prints them after the colon (none for an invariant).
    pub counts: Vec<u64>,
}

/// TLC's -coverage report, without its header's date.
#[derive(Clone, Debug, Default)]
pub struct CoverageReport {
    pub lines: Vec<CoverageLine>,
}

/// The outdegree figures TLC prints (`outdegree.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutDegreeFigures {
    pub min: u64,
    pub mean: u64,
    pub p95: u64,
    pub max: u64,
}

/// TLC's process exit statuses.
pub mod exit {
    pub const SUCCESS: u8 = 0;
    pub const ASSUMPTION: u8 = 10;
    pub const DEADLOCK: u8 = 11;
    pub const SAFETY: u8 = 12;
    pub const LIVENESS: u8 = 13;
    /// An action property or other temporal property violated.
    pub const PROPERTY: u8 = 13;
    pub const EVAL_ERROR: u8 = 75;
    /// An Assert failing in a successor (EC.TLC_VALUE_ASSERT_FAILED).
    pub const ASSERT: u8 = 14;
    /// EC.TLC_INVARIANT_EVALUATION_FAILED.
    pub const INVARIANT_EVAL: u8 = 76;
    /// EC.GENERAL: an exception the liveness check met.
    pub const GENERAL: u8 = 255;
    pub const PARSE_ERROR: u8 = 150;
    /// tlacheck's own files failed (a spill, a checkpoint): exit 2, as for bad input.
    pub const STORAGE: u8 = 2;
    pub const CONFIG_ERROR: u8 = 151;
}

pub fn exit_status(r: &Report) -> u8 {
    match r.verdict {
        Verdict::Success => exit::SUCCESS,
        Verdict::AssumptionFalse(_) | Verdict::AssumptionError(..) => exit::ASSUMPTION,
        Verdict::Deadlock => exit::DEADLOCK,
        Verdict::InvariantViolated(_) => exit::SAFETY,
        Verdict::ActionPropertyViolated(_) | Verdict::PropertyViolated(_) => exit::PROPERTY,
        Verdict::Error(ref e) => match e.phase {
            // A successor's or a step's EvalException ends with its own code's exit.
            Phase::Next | Phase::ActionProperty(_) if e.raised == Raised::Assert => exit::ASSERT,
            Phase::Next | Phase::ActionProperty(_) if e.raised == Raised::Module => exit::GENERAL,
            Phase::Invariant(_) => exit::INVARIANT_EVAL,
            Phase::Liveness => exit::GENERAL,
            Phase::Storage => exit::STORAGE,
            _ => exit::EVAL_ERROR,
        },
        Verdict::PostconditionFalse(..) => exit::ASSUMPTION,
        // A finite counterexample (a prefix no continuation saves) is TLC's safety exit.
        Verdict::TemporalViolated(_)
            if r.liveness
                .as_ref()
                .and_then(|l| l.violation.as_ref())
                .map(|v| &v.end)
                == Some(&LassoEnd::Prefix) =>
        {
            exit::SAFETY
        }
        Verdict::TemporalViolated(_) => exit::LIVENESS,
    }
}
