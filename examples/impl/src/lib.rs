//! The protocols that `examples/specs` model, small enough to read beside their specs.
//!
//! Each spec action has one function here (named in `examples/verify.toml`'s coverage
//! entries); each such function records its action in an [`Events`] log and, with the
//! `tla-trace` feature, writes a trace event (`tla-trace-emit`): the action, its parameters
//! and the spec variables the struct holds, in the spec's names (`tests/traces.rs`).

pub mod execution_lease;
pub mod log_ship;
pub mod session_log;
pub mod thread_claim;
pub mod writer_lock;

/// The actions taken so far, by spec action name, in order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Events(Vec<&'static str>);

impl Events {
    /// Records that the spec action `action` happened.
    pub fn emit(&mut self, action: &'static str) {
        self.0.push(action);
    }

    /// The recorded actions, oldest first.
    pub fn actions(&self) -> &[&'static str] {
        &self.0
    }
}
