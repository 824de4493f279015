//! Evaluation errors: a message in TLC's words and the expression it arose in.

use crate::value::{ValueError, ValueErrorKind};
use tla_sema::ir::Loc;

/// An evaluation error. Boxed: results travel up every level of the evaluator, and a
/// `Result<bool, _>` of a pointer fits in two registers where the unboxed one took 40 bytes of
/// stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(Box<ErrorDetail>);

/// What an [`EvalError`] says (its fields read through the error itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorDetail {
    pub message: String,
    /// The innermost expression being evaluated when it failed, when known.
    pub loc: Option<Loc>,
    /// What went wrong, for an error raised by a value operation.
    pub kind: Option<ValueErrorKind>,
    /// The expressions being evaluated when it failed, innermost first: each level of the
    /// evaluator adds its own as the error passes through it (only on the error path), so
    /// the report can print TLC's "nested expressions" list, outermost first.
    pub stack: Vec<Loc>,
    /// Where the checker met it (set by the checker; decides TLC's framing of the message).
    pub phase: Phase,
    /// How TLC raises this error: in a successor, that decides whether the message is
    /// wrapped in EC.GENERAL's text and which exit the run ends with.
    pub raised: Raised,
    /// For "a non-boolean used as a formula": the kind of value it was (`an integer`), so
    /// the expression around it can restate it as TLC does there.
    pub non_boolean: Option<&'static str>,
    /// The Java exception TLC throws, when it is not one its call stack records (no
    /// positions are printed then): EC.GENERAL's text names it.
    pub exception: Option<&'static str>,
}

/// The kind of Java exception TLC raises an error as (`util/Assert.java`'s
/// `TLCRuntimeException`, or `tlc2/tool/EvalException`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Raised {
    /// A `TLCRuntimeException` (`Assert.fail`: a function applied outside its domain, CHOOSE
    /// without a witness...): in a successor, wrapped in EC.GENERAL's text, exit 75.
    #[default]
    Runtime,
    /// The TLC module's `Assert` failing: an `EvalException` with its own code, printed as
    /// it is, exit 14.
    Assert,
    /// An `EvalException` a standard module's Java code throws (`\div` by 0, an overflow,
    /// `Head(<<>>)`, `Len(1)`): printed as it is, exit 255 (its code has no exit of its own).
    Module,
}

/// What the model checker was doing when an evaluation failed. TLC frames the message by it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// Not said (the message is printed as it is, with the nested positions).
    #[default]
    Other,
    /// Enumerating the initial states.
    Init,
    /// Checking an initial state (its constraints, invariants, properties).
    InitialState,
    /// Generating or constraining the successors of a state.
    Next,
    /// The invariant named, on a successor state.
    Invariant(String),
    /// The action property named, on a step.
    ActionProperty(String),
    /// Evaluating a temporal property's parts on the behaviour graph.
    Liveness,
    /// tlacheck's own files (spilled states, parent records, checkpoints) could not be
    /// written or read: not the spec's fault, a clear message and exit 2.
    Storage,
}

pub type EResult<T> = Result<T, EvalError>;

impl std::ops::Deref for EvalError {
    type Target = ErrorDetail;
    fn deref(&self) -> &ErrorDetail {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut ErrorDetail {
        &mut self.0
    }
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> Self {
        EvalError(Box::new(ErrorDetail {
            message: message.into(),
            loc: None,
            kind: None,
            stack: Vec::new(),
            phase: Phase::Other,
            raised: Raised::Runtime,
            non_boolean: None,
            exception: None,
        }))
    }

    pub fn at(message: impl Into<String>, loc: Loc) -> Self {
        EvalError(Box::new(ErrorDetail {
            message: message.into(),
            loc: Some(loc),
            kind: None,
            stack: Vec::new(),
            phase: Phase::Other,
            raised: Raised::Runtime,
            non_boolean: None,
            exception: None,
        }))
    }

    /// Whether a set could not be enumerated (an infinite one, say): where TLC keeps a set
    /// lazily, the evaluator then decides from the set's form instead of its value.
    pub fn is_not_enumerable(&self) -> bool {
        self.kind == Some(ValueErrorKind::NotEnumerable)
    }

    /// A set past the largest TLC builds (`-maxSetSize`, see `Evaluator::check_set_size`).
    pub fn is_set_too_large(&self) -> bool {
        self.exception == Some("util.WrongInvocationException")
    }

    /// The message, taking it out of the error.
    pub fn into_message(self) -> String {
        self.0.message
    }

    /// Records that the error passed through the evaluation of the expression at `loc`. An
    /// error the evaluator recovers from (a set it then decides by form) records nothing.
    #[cold]
    pub fn framed(mut self, loc: Loc) -> Self {
        if !self.is_not_enumerable() {
            self.0.stack.push(loc);
        }
        self
    }

    /// The same error, met by the checker in `phase` (the first phase set stays).
    pub fn in_phase(mut self, phase: Phase) -> Self {
        if self.0.phase == Phase::Other {
            self.0.phase = phase;
        }
        self
    }

    /// The same error with another message.
    pub fn with_message(mut self, message: String) -> Self {
        self.0.message = message;
        self
    }
}

impl From<ValueError> for EvalError {
    fn from(e: ValueError) -> Self {
        let mut err = EvalError::new(e.message);
        // Naturals' and Integers' arithmetic throws these as EvalExceptions.
        if matches!(
            e.kind,
            ValueErrorKind::Arithmetic | ValueErrorKind::Overflow
        ) {
            err.raised = Raised::Module;
        }
        err.kind = Some(e.kind);
        err
    }
}

/// Adds a location to errors that have none yet.
pub trait AtLoc<T> {
    fn at(self, loc: Loc) -> EResult<T>;
}

impl<T, E: Into<EvalError>> AtLoc<T> for Result<T, E> {
    fn at(self, loc: Loc) -> EResult<T> {
        self.map_err(|e| {
            let mut e = e.into();
            e.loc.get_or_insert(loc);
            e
        })
    }
}
