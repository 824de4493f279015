//! End to end: an implementation logs with tla-trace-emit, the validator judges the log.

#[path = "fixtures/channel_impl.rs"]
mod channel_impl;
mod common;

use channel_impl::Channel;
use common::setup;
use std::sync::Mutex;
use tla_trace::{validate, Options, Verdict};

/// The emitter writes one global trace: one test at a time.
static ONE_TRACE: Mutex<()> = Mutex::new(());

fn start(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("tla-trace-{name}-{}.ndjson", std::process::id()));
    tla_trace_emit::start(path.to_str().unwrap(), "Channel").unwrap();
    path
}

#[test]
fn a_sender_and_a_receiver_thread_log_a_trace_the_spec_accepts() {
    let _one = ONE_TRACE.lock().unwrap_or_else(|p| p.into_inner());
    let path = start("threads");
    let ch = Mutex::new(Channel::new(2, false));
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut m = 0;
            while m < 30 {
                if ch.lock().unwrap().send(m % 3 + 1) {
                    m += 1;
                }
            }
        });
        s.spawn(|| {
            let mut got = 0;
            while got < 30 {
                if ch.lock().unwrap().recv().is_some() {
                    got += 1;
                }
            }
        });
    });
    let trace = tla_trace::read_trace(&path).unwrap();
    match validate(&setup("Channel.tla"), &trace, &Options::default()).unwrap() {
        // The initial state, 30 sends and 30 receives, each step determined by its log.
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => assert_eq!((events, largest_frontier), (61, 1)),
        Verdict::Rejected(r) => panic!("{}", r.render()),
    }
}

#[test]
fn the_lifo_bug_is_rejected_at_the_receive_that_shows_it() {
    let _one = ONE_TRACE.lock().unwrap_or_else(|p| p.into_inner());
    let path = start("lifo");
    let mut ch = Channel::new(2, true);
    assert!(ch.send(1));
    assert!(ch.send(2));
    // With one message queued LIFO and FIFO agree; the bug shows at the first receive
    // from a queue of two, event 4.
    assert_eq!(ch.recv(), Some(2));
    let trace = tla_trace::read_trace(&path).unwrap();
    match validate(&setup("Channel.tla"), &trace, &Options::default()).unwrap() {
        Verdict::Rejected(r) => assert_eq!((r.step, r.line), (4, 5)),
        Verdict::Accepted { .. } => panic!("the buggy channel's trace was accepted"),
    }
}
