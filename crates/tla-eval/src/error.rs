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
        }))
    }

    pub fn at(message: impl Into<String>, loc: Loc) -> Self {
        EvalError(Box::new(ErrorDetail {
            message: message.into(),
            loc: Some(loc),
            kind: None,
        }))
    }

    /// Whether a set could not be enumerated (an infinite one, say): where TLC keeps a set
    /// lazily, the evaluator then decides from the set's form instead of its value.
    pub fn is_not_enumerable(&self) -> bool {
        self.kind == Some(ValueErrorKind::NotEnumerable)
    }

    /// The message, taking it out of the error.
    pub fn into_message(self) -> String {
        self.0.message
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
