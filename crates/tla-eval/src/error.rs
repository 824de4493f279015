//! Evaluation errors: a message in TLC's words and the expression it arose in.

use crate::value::ValueError;
use tla_sema::ir::Loc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub message: String,
    /// The innermost expression being evaluated when it failed, when known.
    pub loc: Option<Loc>,
}

pub type EResult<T> = Result<T, EvalError>;

impl EvalError {
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
            loc: None,
        }
    }

    pub fn at(message: impl Into<String>, loc: Loc) -> Self {
        EvalError {
            message: message.into(),
            loc: Some(loc),
        }
    }
}

impl From<ValueError> for EvalError {
    fn from(e: ValueError) -> Self {
        EvalError::new(e.message)
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
