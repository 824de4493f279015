//! Values and the evaluator of TLA+ expressions, with TLC's semantics, and the generation of
//! initial and successor states.

pub mod action_label;
pub mod enumerate;
pub mod env;
pub mod error;
pub mod eval;
mod init_part;
pub mod natives;
pub mod value;

pub use env::{Binding, Env, OpValue, StateView};
pub use error::{EResult, EvalError};
pub use eval::Evaluator;
pub use value::Value;
