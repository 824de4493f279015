//! The self-test: planted changes must be rejected at or after the change, and a spec too
//! weak to notice them must fail the self-test.

mod common;

use common::{setup, trace_file};
use tla_trace::selftest::{selftest, PlantedResult};
use tla_trace::Options;

#[test]
fn every_planted_change_to_the_channel_trace_is_rejected_where_it_is() {
    let r = selftest(
        &setup("Channel.tla"),
        &trace_file("good.ndjson"),
        &Options::default(),
    )
    .unwrap();
    let got: Vec<(String, PlantedResult)> = r
        .planted
        .iter()
        .map(|p| (p.description.clone(), p.result.clone()))
        .collect();
    let want = [
        ("event 2 (line 3) dropped", 2),
        ("events 2 and 3 (lines 3 and 4) swapped", 2),
        ("event 1 (line 2): queue logged as [0] instead of []", 1),
        ("event 4 (line 5): queue logged as [] instead of [2]", 4),
        ("event 7 (line 8): queue logged as [0] instead of []", 7),
        ("the spec with Send replaced by FALSE", 2),
        ("the spec with Recv replaced by FALSE", 4),
    ];
    let want: Vec<(String, PlantedResult)> = want
        .iter()
        .map(|(d, s)| (d.to_string(), PlantedResult::RejectedAt(*s)))
        .collect();
    assert_eq!(got, want);
    assert!(r.passed());
}

#[test]
fn a_spec_that_allows_every_value_fails_the_self_test() {
    // Coin allows any x in {0, 1} in every state: the trace 0, 1, 0, 1 with an event dropped
    // or two swapped is still a behaviour. A changed value is rejected only once it leaves
    // {0, 1}: 0 -> 1 is allowed, 0 -> 2 is not.
    let r = selftest(
        &setup("Coin.tla"),
        &trace_file("coin.ndjson"),
        &Options::default(),
    )
    .unwrap();
    assert!(!r.passed());
    let got: Vec<(&str, &PlantedResult)> = r
        .planted
        .iter()
        .map(|p| (p.description.as_str(), &p.result))
        .collect();
    use PlantedResult::*;
    assert_eq!(
        got,
        [
            ("event 2 (line 3) dropped", &Accepted),
            ("events 2 and 3 (lines 3 and 4) swapped", &Accepted),
            (
                "event 1 (line 2): x logged as 2 instead of 0 (after 1 value(s) the spec allows there)",
                &RejectedAt(1)
            ),
            (
                "event 3 (line 4): x logged as 2 instead of 0 (after 1 value(s) the spec allows there)",
                &RejectedAt(3)
            ),
            ("event 4 (line 5): x logged as 2 instead of 1", &RejectedAt(4)),
            ("the spec with Flip replaced by FALSE", &RejectedAt(2)),
        ]
    );
}

#[test]
fn a_trace_the_spec_rejects_is_reported_before_any_variant() {
    let r = selftest(
        &setup("Channel.tla"),
        &trace_file("lifo_bug.ndjson"),
        &Options::default(),
    )
    .unwrap();
    assert!(!r.passed());
    assert!(r.planted.is_empty());
}

#[test]
fn no_event_is_dropped_when_unlogged_steps_are_allowed() {
    // With --max-skip 1 a dropped event is a legitimate unlogged step.
    let t = trace_file("good.ndjson");
    let opts = Options {
        max_skip: 1,
        ..Options::default()
    };
    let planted: Vec<String> = tla_trace::selftest::variants(&t, &opts)
        .into_iter()
        .map(|v| v.1[0].0.clone())
        .collect();
    assert!(
        planted.iter().all(|d| !d.contains("dropped")),
        "{planted:?}"
    );
    assert_eq!(planted.len(), 4);
    let r = selftest(&setup("Channel.tla"), &t, &opts).unwrap();
    assert!(r.passed(), "{:?}", r.planted);
}
