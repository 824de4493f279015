//! FiniteSets.

use super::{val, Entry};
use crate::error::EvalError;
use crate::value::Value;

pub(super) const NATIVES: &[Entry] = &[
    ("FiniteSets", "Cardinality", |_, _, _, a, _| {
        let v = val(a, 0)?;
        // Nat, Int and STRING are TLC's UserValues, not Enumerable: Cardinality refuses them
        // itself (TLC_MODULE_COMPUTING_CARDINALITY).
        if matches!(v, Value::Nat | Value::IntSet | Value::StringSet) {
            return Err(EvalError::new(format!(
                "Attempted to compute cardinality of the value\n{}",
                crate::value::ppr::ppr_value(v)
            )));
        }
        Ok(Value::Int(v.cardinality().map_err(EvalError::from)?))
    }),
    ("FiniteSets", "IsFiniteSet", |_, _, _, a, _| {
        Ok(Value::Bool(
            val(a, 0)?.is_finite().map_err(EvalError::from)?,
        ))
    }),
];
