//! `tlacheck trace validate`, `tlacheck trace selftest` and `tlacheck check --dump-trace` on
//! the tla-trace fixtures (crates/tla-trace/tests/fixtures). Exit codes: 0 accepted / passed,
//! 1 rejected / a planted change not caught, 2 could not run.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tla-trace/tests/fixtures")
}

fn tlacheck(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(fixtures())
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tlacheck-cli-trace-{}-{name}", std::process::id()))
}

#[test]
fn an_accepted_trace_exits_0_with_its_figures() {
    tlacheck(&["trace", "validate", "Channel.tla", "good.ndjson"])
        .code(0)
        .stdout("ACCEPTED (7 events, largest frontier 1)\n");
    // TLC's single-dash -config, and an ITF trace.
    tlacheck(&[
        "trace",
        "validate",
        "Channel.tla",
        "channel.itf.json",
        "-config",
        "Channel.cfg",
    ])
    .code(0)
    .stdout("ACCEPTED (3 events, largest frontier 1)\n");
}

#[test]
fn a_rejected_trace_exits_1_and_writes_the_matched_prefix() {
    let prefix = temp("prefix.itf.json");
    let p = prefix.to_str().unwrap();
    tlacheck(&["trace", "validate", "Channel.tla", "lifo_bug.ndjson", "--prefix-out", p])
        .code(1)
        .stdout(predicate::str::starts_with(
            "REJECTED at step 4 (line 5, seq 4)\n  event: {\"seq\":4,\"action\":\"Recv\",\"state\":{\"queue\":[1],\"sent\":2,\"received\":[2]}}\n  1 state(s) agree with events 1..3; none has a step that agrees with event 4:\n  candidate 1:\n    Recv:\n      queue: expected <<2>>, logged <<1>>\n      received: expected <<1>>, logged <<2>>\n",
        ));
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&prefix).unwrap()).unwrap();
    assert_eq!(
        doc["vars"],
        serde_json::json!(["queue", "sent", "received"])
    );
    let queues: Vec<&serde_json::Value> = doc["states"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["queue"])
        .collect();
    assert_eq!(
        queues,
        [
            &serde_json::json!([]),
            &serde_json::json!([1]),
            &serde_json::json!([1, 2])
        ]
    );
    // The prefix is itself a trace the spec accepts.
    tlacheck(&["trace", "validate", "Channel.tla", p]).code(0);
    let _ = std::fs::remove_file(prefix);
}

#[test]
fn bad_input_exits_2_with_its_place() {
    let bad = temp("bad.ndjson");
    std::fs::write(
        &bad,
        "{\"v\":1,\"spec\":\"Channel\"}\n{\"seq\":1,\"state\":{\"queue\":[}\n",
    )
    .unwrap();
    tlacheck(&["trace", "validate", "Channel.tla", bad.to_str().unwrap()])
        .code(2)
        .stderr(predicate::str::contains("bad.ndjson:2:28: malformed JSON"));
    std::fs::write(&bad, "").unwrap();
    tlacheck(&["trace", "validate", "Channel.tla", bad.to_str().unwrap()])
        .code(2)
        .stderr(predicate::str::contains(
            "bad.ndjson:1:1: the trace is empty",
        ));
    std::fs::write(
        &bad,
        "{\"v\":1,\"spec\":\"Channel\"}\n{\"seq\":1,\"state\":{\"nope\":1}}\n",
    )
    .unwrap();
    tlacheck(&["trace", "validate", "Channel.tla", bad.to_str().unwrap()])
        .code(2)
        .stderr(predicate::str::contains(
            "bad.ndjson:2:19: nope is not a variable of Channel",
        ));
    let _ = std::fs::remove_file(bad);
    tlacheck(&["trace", "validate", "Channel.tla", "missing.ndjson"])
        .code(2)
        .stderr(predicate::str::contains(
            "missing.ndjson:1:1: cannot read the trace",
        ));
    tlacheck(&["trace", "validate", "Missing.tla", "good.ndjson"]).code(2);
    tlacheck(&["trace", "validate", "Channel.tla"]).code(2);
    tlacheck(&[
        "trace",
        "validate",
        "Channel.tla",
        "good.ndjson",
        "--max-skip",
        "x",
    ])
    .code(2);
    // A spec without initial states is never a pass.
    tlacheck(&["trace", "validate", "NoInit.tla", "coin.ndjson"]).code(2);
    // A frontier over its bound is an error, not a hang.
    tlacheck(&[
        "trace",
        "validate",
        "Channel.tla",
        "partial.ndjson",
        "--max-frontier",
        "5",
    ])
    .code(2)
    .stderr(predicate::str::contains(
        "partial.ndjson:4:1: more than 5 spec states",
    ));
}

#[test]
fn selftest_passes_when_every_planted_change_is_rejected() {
    tlacheck(&["trace", "selftest", "Channel.tla", "good.ndjson"])
        .code(0)
        .stdout(predicate::str::contains(
            "event 2 (line 3) dropped: ok, rejected at step 2\n",
        ))
        .stdout(predicate::str::ends_with(
            "SELFTEST PASSED (7 planted changes rejected)\n",
        ));
}

#[test]
fn selftest_fails_when_a_planted_change_is_accepted_or_the_trace_is_rejected() {
    tlacheck(&["trace", "selftest", "Coin.tla", "coin.ndjson"])
        .code(1)
        .stdout(predicate::str::contains(
            "event 2 (line 3) dropped: FAILED: accepted\n",
        ))
        .stdout(predicate::str::ends_with(
            "SELFTEST FAILED (2 of 6 planted changes not rejected as required)\n",
        ));
    tlacheck(&["trace", "selftest", "Channel.tla", "lifo_bug.ndjson"])
        .code(1)
        .stdout(predicate::str::starts_with(
            "the trace as given must be accepted first:\nREJECTED at step 4",
        ));
}

#[test]
fn a_counterexample_dumped_as_itf_is_a_trace_the_spec_accepts() {
    let cex = temp("cex.itf.json");
    let c = cex.to_str().unwrap();
    // BFS meets sent = 2 first through Send(1) twice: Msgs is enumerated in order.
    tlacheck(&[
        "check",
        "Channel.tla",
        "-config",
        "ChannelInv.cfg",
        "--dump-trace",
        c,
    ])
    .code(12);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cex).unwrap()).unwrap();
    assert_eq!(
        doc["vars"],
        serde_json::json!(["queue", "sent", "received"])
    );
    let states = doc["states"].as_array().unwrap();
    let got: Vec<(serde_json::Value, serde_json::Value, serde_json::Value)> = states
        .iter()
        .map(|s| {
            (
                s["#meta"]["index"].clone(),
                s["queue"].clone(),
                s["sent"].clone(),
            )
        })
        .collect();
    use serde_json::json;
    assert_eq!(
        got,
        [
            (json!(0), json!([]), json!(0)),
            (json!(1), json!([1]), json!(1)),
            (json!(2), json!([1, 1]), json!(2))
        ]
    );
    tlacheck(&["trace", "validate", "Channel.tla", c])
        .code(0)
        .stdout("ACCEPTED (3 events, largest frontier 1)\n");
    let _ = std::fs::remove_file(&cex);
    // No counterexample, no file; a name that is not .itf.json is refused before the run.
    tlacheck(&["check", "Coin.tla", "--dump-trace", c]).code(0);
    assert!(!cex.exists());
    // A dump that cannot be written: exit 2, after the check's own report.
    tlacheck(&[
        "check",
        "Channel.tla",
        "-config",
        "ChannelInv.cfg",
        "--dump-trace",
        "/nonexistent/x.itf.json",
    ])
    .code(2)
    .stdout(predicate::str::contains(
        "Error: Invariant FewerThanTwoSent is violated.",
    ))
    .stderr(predicate::str::contains(
        "/nonexistent/x.itf.json: cannot write the counterexample",
    ));
    tlacheck(&["check", "Coin.tla", "--dump-trace", "cex.tla"])
        .code(2)
        .stderr(predicate::str::contains("--dump-trace writes ITF only"));
}

/// Logs of several processes (fixtures/relay_*.ndjson over Relay.tla, vector clocks): p2's
/// second receive is stamped after p1's third send. Figures derived by hand: the widest layer
/// holds the two orders' states after 3 events, (3 sends, 0 receives) and (2, 1).
#[test]
fn several_logs_are_validated_together_by_their_clocks() {
    tlacheck(&[
        "trace",
        "validate",
        "Relay.tla",
        "relay_p1.ndjson",
        "relay_p2.ndjson",
    ])
    .code(0)
    .stdout("ACCEPTED (6 events of 2 logs, largest frontier 2)\n");
    // p2 logs 1 then 3: every order fails at p2's second event, after 4 events.
    tlacheck(&[
        "trace",
        "validate",
        "Relay.tla",
        "relay_p1.ndjson",
        "relay_p2_skips.ndjson",
    ])
    .code(1)
    .stdout(predicate::str::starts_with(
        "REJECTED at step 5 of the merged logs (relay_p2_skips.ndjson line 3, event 2 of the file, seq 2)\n",
    ))
    .stdout(predicate::str::contains(
        "      got: expected <<1, 2>>, logged <<1, 3>>\n",
    ));
    // A file whose clocks run backwards is bad input, at the event's clock.
    tlacheck(&[
        "trace",
        "validate",
        "Relay.tla",
        "relay_p1.ndjson",
        "relay_p2_backwards.ndjson",
    ])
    .code(2)
    .stderr(predicate::str::starts_with(
        "relay_p2_backwards.ndjson:3:48: this event's clock is before the clock of event 1 (line 2), which the file logs earlier",
    ));
    // A first step needs every initial state: over the bound, a clear error.
    tlacheck(&[
        "trace",
        "validate",
        "Relay.tla",
        "relay_p1.ndjson",
        "relay_p2.ndjson",
        "--max-frontier",
        "0",
    ])
    .code(2)
    .stderr(predicate::str::contains(
        "relay_p1.ndjson:2:1: more than 0 initial states",
    ));
    // The self-test of merged logs plants each file's changes in that file: per file of 3
    // events a drop, a swap and 3 changed values, then Send and Recv replaced by FALSE: 12.
    tlacheck(&[
        "trace",
        "selftest",
        "Relay.tla",
        "relay_p1.ndjson",
        "relay_p2.ndjson",
    ])
    .code(0)
    .stdout(predicate::str::contains(
        "relay_p2.ndjson: events 2 and 3 (lines 3 and 4) swapped: ok, rejected at step 5\n",
    ))
    .stdout(predicate::str::ends_with(
        "SELFTEST PASSED (12 planted changes rejected)\n",
    ));
}
