//! The validator on the fixture specs. Every figure is derived by hand from the spec.

mod common;

use common::{fixture, ndjson, setup, trace_file};
use tla_trace::explain::{Diff, Outcome};
use tla_trace::{validate, Options, Verdict};

fn accepted(v: Verdict) -> (usize, usize) {
    match v {
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => (events, largest_frontier),
        Verdict::Rejected(r) => panic!("rejected:\n{}", r.render()),
    }
}

fn rejected(v: Verdict) -> tla_trace::Rejection {
    match v {
        Verdict::Rejected(r) => r,
        Verdict::Accepted { .. } => panic!("accepted"),
    }
}

#[test]
fn a_fully_logged_run_of_the_channel_is_accepted_with_one_state_per_step() {
    let v = validate(
        &setup("Channel.tla"),
        &trace_file("good.ndjson"),
        &Options::default(),
    );
    assert_eq!(accepted(v.unwrap()), (7, 1));
}

#[test]
fn a_lifo_receive_is_rejected_where_it_happens_with_each_differing_field() {
    let v = validate(
        &setup("Channel.tla"),
        &trace_file("lifo_bug.ndjson"),
        &Options::default(),
    );
    let r = rejected(v.unwrap());
    assert_eq!((r.step, r.line, r.seq, r.frontier), (4, 5, Some(4), 1));
    assert_eq!(
        r.event_text,
        r#"{"seq":4,"action":"Recv","state":{"queue":[1],"sent":2,"received":[2]}}"#
    );
    assert_eq!(r.candidates.len(), 1);
    let t = &r.candidates[0].tries;
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].action, "Recv");
    let Outcome::Differs(d) = &t[0].outcome else {
        panic!("{:?}", t[0].outcome)
    };
    let diff = |var: &str, expected: &str, logged: &str| Diff {
        var: var.into(),
        expected: expected.into(),
        logged: logged.into(),
    };
    assert_eq!(
        d,
        &vec![
            diff("queue", "<<2>>", "<<1>>"),
            diff("received", "<<1>>", "<<2>>")
        ]
    );
    // The prefix: the initial state and the two sends.
    assert_eq!(r.vars, ["queue", "sent", "received"]);
    let sent: Vec<String> = r.prefix.iter().map(|s| s[1].to_string()).collect();
    assert_eq!(sent, ["0", "1", "2"]);
}

#[test]
fn unlogged_variables_are_completed_by_the_spec() {
    // Only `sent` is logged for three events: after two sends the queue is any of the 3 * 3
    // pairs of messages; a Recv logging <<2>> keeps the 3 queues <<2, m>>; the last event
    // keeps the one whose head is 1.
    let v = validate(
        &setup("Channel.tla"),
        &trace_file("partial.ndjson"),
        &Options::default(),
    );
    assert_eq!(accepted(v.unwrap()), (5, 9));
}

#[test]
fn a_named_action_with_parameters_runs_only_with_those_parameters() {
    let t = ndjson(
        r#"{"v":1,"spec":"Channel"}
{"seq":1,"state":{"queue":[]}}
{"seq":2,"action":"Send","params":{"m":3},"state":{"queue":[1]}}
"#,
    )
    .unwrap();
    let r = rejected(validate(&setup("Channel.tla"), &t, &Options::default()).unwrap());
    assert_eq!(r.step, 2);
    assert_eq!(r.candidates[0].tries[0].action, "Send(m = 3)");
}

#[test]
fn an_action_disabled_in_every_candidate_is_reported_not_enabled() {
    let t = ndjson(
        r#"{"v":1,"spec":"Channel"}
{"seq":1,"state":{"queue":[]}}
{"seq":2,"action":"Recv","state":{}}
"#,
    )
    .unwrap();
    let r = rejected(validate(&setup("Channel.tla"), &t, &Options::default()).unwrap());
    assert_eq!(r.step, 2);
    assert!(matches!(
        r.candidates[0].tries[0].outcome,
        Outcome::NotEnabled
    ));
}

#[test]
fn an_action_without_its_parameters_is_any_step_of_next_tlc_names_so() {
    // Send without m: the three sends of Next; the logged queue picks m = 2.
    let t = ndjson(
        r#"{"v":1,"spec":"Channel"}
{"seq":1,"state":{"queue":[]}}
{"seq":2,"action":"Send","state":{"queue":[2]}}
{"seq":3,"action":"Send"}
"#,
    )
    .unwrap();
    let v = validate(&setup("Channel.tla"), &t, &Options::default()).unwrap();
    assert_eq!(accepted(v), (3, 3));
    // A Recv logged as a Send is not one of Next's Send steps.
    let t = ndjson(
        r#"{"v":1,"spec":"Channel"}
{"seq":1,"state":{"queue":[]}}
{"seq":2,"action":"Send","state":{"queue":[2]}}
{"seq":3,"action":"Send","state":{"queue":[]}}
"#,
    )
    .unwrap();
    let r = rejected(validate(&setup("Channel.tla"), &t, &Options::default()).unwrap());
    assert_eq!(r.step, 3);
}

#[test]
fn a_first_event_naming_init_is_matched_against_the_initial_states() {
    // sent = 1 is no initial state (Init has one, sent = 0); as a first step it would be a
    // send (first_event.rs), but naming Init rules that out.
    let t = ndjson(
        r#"{"v":1,"spec":"Channel"}
{"seq":1,"action":"Init","state":{"sent":1}}
"#,
    )
    .unwrap();
    let r = rejected(validate(&setup("Channel.tla"), &t, &Options::default()).unwrap());
    assert_eq!((r.step, r.frontier), (1, 1));
    let Outcome::Differs(d) = &r.candidates[0].tries[0].outcome else {
        panic!()
    };
    assert_eq!((d[0].expected.as_str(), d[0].logged.as_str()), ("0", "1"));
    assert!(r.prefix.is_empty());
}

#[test]
fn unlogged_steps_are_allowed_up_to_max_skip() {
    // The good run without its event 3 (the send of 2).
    let text = std::fs::read_to_string(fixture("good.ndjson")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.contains("\"seq\":3,")).collect();
    let t = ndjson(&lines.join("\n")).unwrap();
    let r = rejected(validate(&setup("Channel.tla"), &t, &Options::default()).unwrap());
    assert_eq!(r.step, 3);
    let opts = Options {
        max_skip: 1,
        ..Options::default()
    };
    // After event 2 (queue <<1>>) the skipped step is any send (3 states) or the receive.
    let v = validate(&setup("Channel.tla"), &t, &opts).unwrap();
    assert_eq!(accepted(v).0, 6);
}

#[test]
fn a_frontier_past_its_bound_is_an_error_naming_the_event() {
    let opts = Options {
        max_frontier: 5,
        ..Options::default()
    };
    let e = validate(&setup("Channel.tla"), &trace_file("partial.ndjson"), &opts).unwrap_err();
    // Event 3 (line 4) is the first with more than 5 candidate states (9).
    assert!(
        e.message
            .contains("partial.ndjson:4:1: more than 5 spec states agree with events 1..3"),
        "{}",
        e.message
    );
}

#[test]
fn a_spec_without_initial_states_is_an_error_not_a_verdict() {
    let t = ndjson("{\"v\":1,\"spec\":\"NoInit\"}\n{\"seq\":1,\"state\":{}}\n").unwrap();
    let e = validate(&setup("NoInit.tla"), &t, &Options::default()).unwrap_err();
    assert!(
        e.message.contains("the spec has no initial state"),
        "{}",
        e.message
    );
}

#[test]
fn itf_traces_are_read_as_fully_logged_events() {
    let v = validate(
        &setup("Channel.tla"),
        &trace_file("channel.itf.json"),
        &Options::default(),
    );
    assert_eq!(accepted(v.unwrap()), (3, 1));
}

#[test]
fn names_and_values_the_spec_does_not_know_are_errors_at_their_place() {
    let check = |event: &str, expected: &str| {
        let t = ndjson(&format!("{{\"v\":1,\"spec\":\"Channel\"}}\n{event}\n")).unwrap();
        let e = validate(&setup("Channel.tla"), &t, &Options::default()).unwrap_err();
        assert_eq!(e.message.trim_end(), expected);
    };
    check(
        r#"{"seq":1,"state":{"queue":[],"sen":0}}"#,
        "t.ndjson:2:30: sen is not a variable of Channel",
    );
    check(
        r#"{"seq":1,"action":"Sned","state":{}}"#,
        "t.ndjson:2:10: the spec defines no action Sned",
    );
    check(
        r#"{"seq":1,"action":"Send","params":{"msg":1}}"#,
        "t.ndjson:2:26: Send takes parameters (m); the event does not give m",
    );
    check(
        r#"{"seq":1,"action":"Send","params":{"m":1,"k":2}}"#,
        "t.ndjson:2:42: Send has no parameter k (its parameters: m)",
    );
    check(
        r#"{"seq":1,"state":{"queue":null}}"#,
        "t.ndjson:2:19: the value of queue: null is not a TLA+ value",
    );
    check(
        r##"{"seq":1,"state":{"sent":{"#bigint":"99999999999"}}}"##,
        "t.ndjson:2:19: the value of sent: 99999999999 is outside TLC's integer range -2147483648..2147483647",
    );
    let t = ndjson("{\"v\":1,\"spec\":\"Other\"}\n{\"seq\":1}\n").unwrap();
    let e = validate(&setup("Channel.tla"), &t, &Options::default()).unwrap_err();
    assert_eq!(
        e.message.trim_end(),
        "t.ndjson:1:8: the trace is for spec \"Other\", not for \"Channel\""
    );
    let t = ndjson("{\"v\":1,\"spec\":\"Channel\"}\n{\"seq\":2}\n{\"seq\":2}\n").unwrap();
    let e = validate(&setup("Channel.tla"), &t, &Options::default()).unwrap_err();
    assert_eq!(
        e.message.trim_end(),
        "t.ndjson:3:2: seq 2 after seq 2: events must be in increasing seq order"
    );
}

#[test]
fn a_trace_built_without_events_is_an_error_not_a_pass() {
    let mut t = trace_file("good.ndjson");
    t.events.clear();
    let e = validate(&setup("Channel.tla"), &t, &Options::default()).unwrap_err();
    assert!(
        e.message
            .ends_with("good.ndjson: the trace has no events\n"),
        "{}",
        e.message
    );
}

#[test]
fn strings_in_the_trace_name_the_models_model_values() {
    // p2 acquires and releases (entries p2 -> 1), p1 acquires; p2 cannot acquire a held lock.
    let r = rejected(
        validate(
            &setup("Mutex.tla"),
            &trace_file("mutex.ndjson"),
            &Options::default(),
        )
        .unwrap(),
    );
    assert_eq!((r.step, r.frontier), (5, 1));
    assert_eq!(r.candidates[0].tries[0].action, "Acquire(p = p2)");
    assert!(matches!(
        r.candidates[0].tries[0].outcome,
        Outcome::NotEnabled
    ));
    let holders: Vec<String> = r.prefix.iter().map(|s| s[0].to_string()).collect();
    assert_eq!(holders, ["NoOne", "p2", "NoOne", "p1"]);
}
