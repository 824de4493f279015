//! The differential tester: random TLA+ expressions and specifications, run by tlacheck and
//! by TLC (for comparison only: never in CI), their answers compared and each difference
//! shrunk to a small reproducer.

pub mod choices;
pub mod expr;
pub mod exprs;
pub mod outcome;
pub mod spec;
pub mod tool;
