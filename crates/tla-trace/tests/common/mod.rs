//! Shared by the tla-trace tests: the fixtures folder, a setup for a fixture spec, and a
//! trace from text.

#![allow(dead_code)]

use std::path::PathBuf;
use tla_check::session::Setup;
use tla_trace::{event, Trace};

pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

pub fn setup(spec: &str) -> Setup {
    Setup::new(fixture(spec))
}

pub fn trace_file(name: &str) -> Trace {
    tla_trace::read_trace(&fixture(name)).expect("fixture trace reads")
}

pub fn ndjson(text: &str) -> Result<Trace, tla_trace::TraceError> {
    event::parse_ndjson("t.ndjson".into(), text.to_string())
}
