//! Traces in either convention: event 1 is the initial state (it names Init), the first step
//! from an initial state the trace does not log (it names an action of Next), or either (it
//! names none, and both readings are kept). Figures derived by hand from fixtures/Channel.tla
//! (Msgs = {1, 2, 3}, Cap = 2; Init is the one state queue = <<>>, sent = 0, received = <<>>).

mod common;

use common::{ndjson, setup};
use tla_trace::explain::Before;
use tla_trace::{validate, Options, Verdict};

fn run(events: &str) -> Result<Verdict, tla_trace::Failure> {
    let t = ndjson(&format!("{{\"v\":1,\"spec\":\"Channel\"}}\n{events}")).unwrap();
    validate(&setup("Channel.tla"), &t, &Options::default())
}

fn accepted(events: &str) -> (usize, usize) {
    match run(events).unwrap() {
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => (events, largest_frontier),
        Verdict::Rejected(r) => panic!("rejected:\n{}", r.render()),
    }
}

fn rejected(events: &str) -> tla_trace::Rejection {
    match run(events).unwrap() {
        Verdict::Rejected(r) => r,
        Verdict::Accepted { .. } => panic!("accepted"),
    }
}

fn error(events: &str) -> String {
    match run(events) {
        Err(f) => f.message,
        Ok(v) => panic!("not an error: {v:?}"),
    }
}

#[test]
fn a_first_event_naming_an_action_is_a_step_from_an_unlogged_initial_state() {
    // Send(2) from the initial state: queue <<2>>, sent 1; then Recv takes the 2.
    let events = r#"{"action":"Send","params":{"m":2},"state":{"queue":[2],"sent":1}}
{"action":"Recv","state":{"queue":[],"received":[2]}}
"#;
    assert_eq!(accepted(events), (2, 1));
    // Without params: the steps TLC names Send, one per message; the logged queue keeps one.
    let events = r#"{"action":"Send","state":{"queue":[3]}}
"#;
    assert_eq!(accepted(events), (1, 1));
}

#[test]
fn a_first_event_naming_an_action_is_never_the_initial_state_itself() {
    // The initial state's values, but Send changes sent: no step agrees.
    let r = rejected(
        r#"{"action":"Send","state":{"queue":[],"sent":0}}
"#,
    );
    assert_eq!((r.step, r.before, r.frontier), (1, Before::FirstStep, 1));
    let text = r.render();
    assert!(
        text.contains("event 1 names an action, so it is a step from an initial state the log does not show; no step from Init's 1 state(s) agrees with it:"),
        "{text}"
    );
    // Recv is not enabled in the initial state (the queue is empty).
    let r = rejected(
        r#"{"action":"Recv"}
"#,
    );
    assert!(
        r.render().contains("    Recv: not enabled\n"),
        "{}",
        r.render()
    );
}

#[test]
fn a_first_event_naming_no_action_keeps_both_readings() {
    // Logging only received = <<>>: the initial state, or any of the three sends from it
    // (queue <<m>>): 4 states.
    let first = r#"{"state":{"received":[]}}
"#;
    assert_eq!(accepted(first), (1, 4));
    // A receive of 2 next is possible only after the send of 2: the first-step reading.
    let after_send = format!(
        "{first}{}",
        r#"{"action":"Recv","state":{"received":[2]}}
"#
    );
    assert_eq!(accepted(&after_send).0, 2);
    // A send of 1 that leaves the queue <<1>> is possible only from the initial state: the
    // initial-state reading (after a first send the queue would be <<m, 1>>).
    let from_init = format!(
        "{first}{}",
        r#"{"action":"Send","params":{"m":1},"state":{"queue":[1]}}
"#
    );
    assert_eq!(accepted(&from_init).0, 2);
    // sent = 1 alone: not an initial state, but a send: its three states.
    assert_eq!(
        accepted(
            r#"{"state":{"sent":1}}
"#
        ),
        (1, 3)
    );
}

#[test]
fn a_first_event_naming_no_action_is_rejected_only_when_neither_reading_agrees() {
    // sent = 2 is neither the initial state (0) nor one send from it (1).
    let r = rejected(
        r#"{"state":{"sent":2}}
"#,
    );
    assert_eq!((r.step, r.before, r.frontier), (1, Before::Either, 1));
    let text = r.render();
    assert!(
        text.contains("event 1 names no action, so it is an initial state or a step from one; neither agrees with it; Init has 1 state(s):"),
        "{text}"
    );
    // Candidate 1 is the initial state: Init differs (sent 0), and each send differs (sent 1).
    assert!(
        text.contains("    Init:\n      sent: expected 0, logged 2\n"),
        "{text}"
    );
    assert!(
        text.contains("    Send:\n      sent: expected 1, logged 2\n"),
        "{text}"
    );
}

#[test]
fn init_may_name_only_the_first_event_and_takes_no_parameters() {
    let e = error(
        r#"{"action":"Init","state":{"sent":0}}
{"action":"Init","state":{"sent":0}}
"#,
    );
    assert_eq!(
        e,
        "t.ndjson:3:2: Init names the initial state: only the first event of a file may name it\n"
    );
    let e = error(
        r#"{"action":"Init","params":{"m":1}}
"#,
    );
    assert_eq!(
        e,
        "t.ndjson:2:18: Init names the initial state: it takes no parameters\n"
    );
}

#[test]
fn an_event_naming_an_action_the_spec_does_not_have_is_an_error() {
    // At event 1, where it might have been a first step, and later.
    assert_eq!(
        error(
            r#"{"action":"Sned","state":{"sent":1}}
"#
        ),
        "t.ndjson:2:2: the spec defines no action Sned\n"
    );
    assert_eq!(
        error(
            r#"{"action":"Init"}
{"action":"Deliver"}
"#
        ),
        "t.ndjson:3:2: the spec defines no action Deliver\n"
    );
    // A definition that is not an action (a state predicate) is not a step either.
    assert_eq!(
        error(
            r#"{"action":"FewerThanTwoSent"}
"#
        ),
        "t.ndjson:2:2: FewerThanTwoSent is not an action of the spec (it is a state-level definition)\n"
    );
}
