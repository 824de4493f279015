//! The error raised by value operations.
//!
//! TLC reports these through `Assert.fail` / `EvalException`; the messages
//! below follow TLC's wording (with values pretty-printed the way
//! `Values.ppr` does) so that a report can quote them. The evaluator adds the
//! source location and the trace.

use std::fmt;

/// What went wrong, for callers that branch on it (the message is for people).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueErrorKind {
    /// Two values TLC refuses to compare or test for equality (e.g. `1 = "a"`).
    Incomparable,
    /// An integer result outside TLC's 32-bit range.
    Overflow,
    /// `\div` or `%` by zero, `0^0`, a negative exponent, a non-positive modulus.
    Arithmetic,
    /// A set that cannot be enumerated (infinite, or built from something that is not a set).
    NotEnumerable,
    /// A membership test TLC rejects (e.g. `"a" \in 1..3`, `x \in 5`).
    Membership,
    /// A value that is not what the operation needs (not a set, not a function...).
    Type,
    /// A function applied to an argument outside its domain.
    NotInDomain,
    /// A record with a repeated field, a function with a repeated domain element.
    Duplicate,
    /// A value TLC cannot fingerprint (e.g. a state holding `Nat`).
    Fingerprint,
}

/// An evaluation error coming from the value layer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ValueError {
    pub kind: ValueErrorKind,
    pub message: String,
}

impl ValueError {
    pub fn new(kind: ValueErrorKind, message: impl Into<String>) -> Self {
        ValueError {
            kind,
            message: message.into(),
        }
    }

    pub(crate) fn incomparable(message: impl Into<String>) -> Self {
        Self::new(ValueErrorKind::Incomparable, message)
    }

    pub(crate) fn overflow(what: impl fmt::Display) -> Self {
        Self::new(
            ValueErrorKind::Overflow,
            format!("Overflow when computing {what}"),
        )
    }

    pub(crate) fn not_enumerable(message: impl Into<String>) -> Self {
        Self::new(ValueErrorKind::NotEnumerable, message)
    }

    pub(crate) fn membership(message: impl Into<String>) -> Self {
        Self::new(ValueErrorKind::Membership, message)
    }

    pub(crate) fn type_error(message: impl Into<String>) -> Self {
        Self::new(ValueErrorKind::Type, message)
    }
}

/// Result of a value operation.
pub type VResult<T> = Result<T, ValueError>;
