//! The benchmarks' Ring traces, small: accepted fully and half logged, with the frontier
//! the coin flip makes when b and c are not logged.

mod common;
#[path = "fixtures/ring_trace.rs"]
mod ring_trace;

use common::{ndjson, setup};
use tla_trace::{validate, Options, Verdict};

fn run(full: bool) -> (usize, usize) {
    let t = ndjson(&ring_trace::ring_trace(200, full)).unwrap();
    match validate(&setup("Ring.tla"), &t, &Options::default()).unwrap() {
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => (events, largest_frontier),
        Verdict::Rejected(r) => panic!("{}", r.render()),
    }
}

#[test]
fn a_fully_logged_ring_trace_keeps_one_state() {
    assert_eq!(run(true), (200, 1));
}

#[test]
fn without_b_and_c_the_frontier_holds_every_b_and_c() {
    // b is 0 or 1 after any step, c any of 0..3 once both coin values were possible:
    // 2 * 4 states (a is determined by token).
    assert_eq!(run(false), (200, 8));
}
