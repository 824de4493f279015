//! A child `tlacheck` run with a time limit, for the commands that run many models each in its
//! own process (a fresh string-interning order, and a limit enforced by killing it): the one
//! runner of tla-suite's `child.rs`, which the suite runner uses too.

use std::process::Command;
use std::time::Duration;
pub use tla_suite::child::Ran;

pub fn run_child(command: Command, limit: Duration) -> Ran {
    tla_suite::child::run(command, None, Some(limit))
}
