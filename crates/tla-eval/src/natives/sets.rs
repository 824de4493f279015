//! FiniteSets.

use super::{val, Entry};
use crate::error::EvalError;
use crate::value::Value;

pub(super) const NATIVES: &[Entry] = &[
    ("FiniteSets", "Cardinality", |_, _, _, a, _| {
        Ok(Value::Int(
            val(a, 0)?.cardinality().map_err(EvalError::from)?,
        ))
    }),
    ("FiniteSets", "IsFiniteSet", |_, _, _, a, _| {
        Ok(Value::Bool(
            val(a, 0)?.is_finite().map_err(EvalError::from)?,
        ))
    }),
];
