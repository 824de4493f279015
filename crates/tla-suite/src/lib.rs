//! The verification suite: verify.toml's checks, negative controls, witnesses, declared and
//! generated mutants, known findings, traces, and the coverage manifest, with their reports.
//! Model checks run through an [`exec::Executor`] (a `tlacheck check` child process each).

pub mod cfg_edit;
pub mod child;
pub mod claims;
pub mod coverage;
pub mod exec;
pub mod inputs;
pub mod manifest;
pub mod modules;
pub mod mutants;
pub mod pcal;
pub mod properties;
pub mod report;
pub mod runner;
pub mod spec_text;
pub mod trace_exec;
