//! Validation speed on the Ring spec (tests/fixtures/Ring.tla): a fully logged trace of
//! 100,000 events (target: under 5 s), and one logging two of the five variables (target:
//! under 30 s). Run with `cargo bench -p tla-trace`.

#[path = "../tests/fixtures/ring_trace.rs"]
mod ring_trace;

use std::path::PathBuf;
use tla_check::session::Setup;
use tla_trace::{event, validate, Options, Verdict};

fn main() {
    divan::main();
}

fn ring_setup() -> Setup {
    Setup::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/Ring.tla"))
}

fn run(full: bool, events: usize) {
    let text = ring_trace::ring_trace(events, full);
    let trace = event::parse_ndjson("ring.ndjson".into(), text).expect("well-formed");
    match validate(&ring_setup(), &trace, &Options::default()).expect("runs") {
        Verdict::Accepted { events: n, .. } => assert_eq!(n, events),
        Verdict::Rejected(r) => panic!("{}", r.render()),
    }
}

#[divan::bench(sample_count = 3)]
fn fully_logged_100k() {
    run(true, 100_000);
}

#[divan::bench(sample_count = 3)]
fn half_logged_100k() {
    run(false, 100_000);
}
