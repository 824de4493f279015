//! Logs of several processes validated together, merged by their clocks. Figures derived by
//! hand from fixtures/Relay.tla (N = 200): p1's log `a` holds its sends (sent logged), p2's
//! log `b` its receives (got logged); a receive of k needs the send of k before it.

mod common;

use tla_trace::event::parse_ndjson;
use tla_trace::{validate_files, Options, Trace, Verdict};

fn log(name: &str, events: &[String]) -> Trace {
    let text = format!("{{\"v\":1,\"spec\":\"Relay\"}}\n{}\n", events.join("\n"));
    parse_ndjson(name.into(), text).unwrap()
}

fn sends(n: usize, clock: impl Fn(usize) -> String) -> Vec<String> {
    (1..=n)
        .map(|k| format!(r#"{{"action":"Send","state":{{"sent":{k}}}{}}}"#, clock(k)))
        .collect()
}

fn recvs(n: usize, clock: impl Fn(usize) -> String) -> Vec<String> {
    (1..=n)
        .map(|k| {
            let got: Vec<String> = (1..=k).map(|i| i.to_string()).collect();
            format!(
                r#"{{"action":"Recv","state":{{"got":[{}]}}{}}}"#,
                got.join(","),
                clock(k)
            )
        })
        .collect()
}

fn none(_: usize) -> String {
    String::new()
}

fn run(traces: &[Trace], opts: &Options) -> Result<Verdict, tla_trace::Failure> {
    validate_files(&common::setup("Relay.tla"), traces, opts)
}

fn accepted(traces: &[Trace]) -> (usize, usize) {
    match run(traces, &Options::default()).unwrap() {
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => (events, largest_frontier),
        Verdict::Rejected(r) => panic!("rejected:\n{}", r.render()),
    }
}

fn rejected(traces: &[Trace]) -> tla_trace::Rejection {
    match run(traces, &Options::default()).unwrap() {
        Verdict::Rejected(r) => r,
        Verdict::Accepted { .. } => panic!("accepted"),
    }
}

fn error(traces: &[Trace], opts: &Options) -> String {
    match run(traces, opts) {
        Err(f) => f.message,
        Ok(v) => panic!("not an error: {v:?}"),
    }
}

#[test]
fn two_logs_ordered_by_vector_clocks_are_accepted() {
    // p1's k-th send is {p1: k}; p2's k-th receive saw it: {p1: k, p2: k}. Each receive is
    // after its send, and otherwise free: after the sends 1..i and receives 1..j (j <= i) the
    // state is one (sent i, got 1..j, chan j+1..i). The widest layer, 3 events, holds (3, 0)
    // and (2, 1): 2 states.
    let a = log(
        "a.ndjson",
        &sends(3, |k| format!(r#","clock":{{"p1":{k}}}"#)),
    );
    let b = log(
        "b.ndjson",
        &recvs(3, |k| format!(r#","clock":{{"p1":{k},"p2":{k}}}"#)),
    );
    assert_eq!(accepted(&[a, b]), (6, 2));
}

#[test]
fn lamport_clocks_fix_one_order() {
    // Sends at 1, 3, 5 and receives at 2, 4, 6: one order, one state per layer.
    let a = log(
        "a.ndjson",
        &sends(3, |k| format!(r#","clock":{}"#, 2 * k - 1)),
    );
    let b = log("b.ndjson", &recvs(3, |k| format!(r#","clock":{}"#, 2 * k)));
    assert_eq!(accepted(&[a, b]), (6, 1));
    // A receive stamped before the first send must come first, from the empty channel.
    let a = log("a.ndjson", &sends(1, |_| r#","clock":2"#.into()));
    let b = log("b.ndjson", &recvs(1, |_| r#","clock":1"#.into()));
    let r = rejected(&[a, b]);
    assert_eq!(
        (r.step, r.line, r.file.as_deref()),
        (1, 2, Some("b.ndjson"))
    );
    assert!(
        r.render().starts_with(
            "REJECTED at step 1 of the merged logs (b.ndjson line 2, event 1 of the file)\n"
        ),
        "{}",
        r.render()
    );
}

#[test]
fn without_clocks_every_interleaving_is_tried_and_the_search_stays_polynomial() {
    // 100 sends and 100 receives, no clocks: the groups of layer k are the (i, j) with
    // i + j = k, j <= i, i, j <= 100, one state each: the widest is k = 100, j = 0..50, 51
    // states; 5,151 groups in all, not the C(200, 100) orders.
    let a = log("a.ndjson", &sends(100, none));
    let b = log("b.ndjson", &recvs(100, none));
    assert_eq!(accepted(&[a, b]), (200, 51));
}

#[test]
fn a_merged_log_is_rejected_at_the_file_and_line_where_every_order_fails() {
    // p2 receives 1, then 3: after the three sends and the first receive (every order that
    // gets that far: positions (3, 1)), the channel holds 2 first.
    let a = log(
        "a.ndjson",
        &sends(3, |k| format!(r#","clock":{{"p1":{k}}}"#)),
    );
    let mut b_events = recvs(1, |_| r#","clock":{"p1":1,"p2":1}"#.into());
    b_events.push(r#"{"action":"Recv","state":{"got":[1,3]},"clock":{"p1":3,"p2":2}}"#.into());
    let b = log("b.ndjson", &b_events);
    let r = rejected(&[a, b]);
    assert_eq!(
        (
            r.step,
            r.file.as_deref(),
            r.line,
            r.number_in_file,
            r.frontier
        ),
        (5, Some("b.ndjson"), 3, 2, 1)
    );
    assert!(r.others.is_empty());
    let text = r.render();
    assert!(
        text.starts_with("REJECTED at step 5 of the merged logs (b.ndjson line 3, event 2 of the file)\n  event: {\"action\":\"Recv\""),
        "{text}"
    );
    assert!(
        text.contains("1 state(s) agree with the first 4 events of an order the files and their clocks allow; none has a step that agrees with this event:\n"),
        "{text}"
    );
    assert!(
        text.contains("      got: expected <<1, 2>>, logged <<1, 3>>\n"),
        "{text}"
    );
}

#[test]
fn every_event_an_order_could_take_next_is_named_when_all_fail() {
    // No clocks. p1 logs sent = 1, then sent = 5; p2's receive logs got <<2>>. After a's
    // first send (the only event 1 possible: a receive needs a message), neither a's second
    // event nor b's receive (it would get <<1>>) agrees: both are named, a's first.
    let a = log(
        "a.ndjson",
        &[
            r#"{"action":"Send","state":{"sent":1}}"#.to_string(),
            r#"{"action":"Send","state":{"sent":5}}"#.to_string(),
        ],
    );
    let b = log(
        "b.ndjson",
        &[r#"{"action":"Recv","state":{"got":[2]}}"#.to_string()],
    );
    let r = rejected(&[a, b]);
    assert_eq!(
        (r.step, r.file.as_deref(), r.line),
        (2, Some("a.ndjson"), 3)
    );
    assert_eq!(r.others.len(), 1);
    assert_eq!(
        (r.others[0].file.as_str(), r.others[0].line),
        ("b.ndjson", 2)
    );
    assert!(
        r.render().contains("  every order that takes 1 events fails at its next one; these could come next too, and fail:\n    b.ndjson line 2 (event 1 of the file): {\"action\":\"Recv\""),
        "{}",
        r.render()
    );
}

#[test]
fn each_file_may_begin_with_its_view_of_the_initial_state() {
    // Both logs open with an Init event (each logging its own variables); both describe the
    // one initial state, before any step.
    let mut a_events =
        vec![r#"{"action":"Init","state":{"sent":0,"chan":[]},"clock":{"p1":0}}"#.to_string()];
    a_events.extend(sends(2, |k| format!(r#","clock":{{"p1":{k}}}"#)));
    let mut b_events = vec![r#"{"action":"Init","state":{"got":[]},"clock":{}}"#.to_string()];
    b_events.extend(recvs(2, |k| format!(r#","clock":{{"p1":{k},"p2":{k}}}"#)));
    let (a, b) = (log("a.ndjson", &a_events), log("b.ndjson", &b_events));
    assert_eq!(accepted(&[a, b]).0, 6);
}

#[test]
fn clocks_that_contradict_a_files_order_are_an_error_at_their_line() {
    // Lamport: the second send is stamped before the first.
    let a = log(
        "a.ndjson",
        &[
            r#"{"action":"Send","clock":3}"#.to_string(),
            r#"{"action":"Send","clock":2}"#.to_string(),
        ],
    );
    let b = log("b.ndjson", &recvs(1, |_| r#","clock":4"#.into()));
    assert_eq!(
        error(&[a, b], &Options::default()),
        "a.ndjson:3:18: this event's clock is before the clock of event 1 (line 2), which the file logs earlier: the clocks contradict the file's order\n"
    );
    // Vector: p2's second receive happened before its first.
    let a = log(
        "a.ndjson",
        &sends(2, |k| format!(r#","clock":{{"p1":{k}}}"#)),
    );
    let b = log(
        "b.ndjson",
        &[
            r#"{"action":"Recv","clock":{"p1":2,"p2":2}}"#.to_string(),
            r#"{"action":"Recv","clock":{"p1":1,"p2":1}}"#.to_string(),
        ],
    );
    assert!(error(&[a, b], &Options::default())
        .starts_with("b.ndjson:3:18: this event's clock is before the clock of event 1 (line 2)"),);
    // Clocks of both kinds, and a clock that is neither.
    let a = log("a.ndjson", &sends(1, |_| r#","clock":1"#.into()));
    let b = log("b.ndjson", &recvs(1, |_| r#","clock":{"p2":1}"#.into()));
    assert_eq!(
        error(&[a, b], &Options::default()),
        "b.ndjson:2:38: the clock is a vector clock, but a.ndjson:2 has a Lamport number: the events' clocks must be of one kind\n"
    );
    let e = parse_ndjson(
        "c.ndjson".into(),
        "{\"v\":1}\n{\"action\":\"Send\",\"clock\":\"late\"}\n".into(),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("c.ndjson:2:18: clock must be a Lamport number"),
        "{e}"
    );
}

#[test]
fn a_frontier_that_overflows_while_interleaving_is_an_error_not_a_hang() {
    // 20 sends and 20 receives without clocks: layer 4 holds (4, 0), (3, 1) and (2, 2),
    // 3 states, over a bound of 2.
    let a = log("a.ndjson", &sends(20, none));
    let b = log("b.ndjson", &recvs(20, none));
    let opts = Options {
        max_frontier: 2,
        ..Options::default()
    };
    let e = error(&[a, b], &opts);
    assert!(
        e.contains(": more than 2 pairs of an interleaving and a spec state agree with the first 4 events of the 2 logs taken in an order their clocks allow (--max-frontier)"),
        "{e}"
    );
}

#[test]
fn an_event_without_a_clock_is_ordered_by_its_file_alone() {
    // p2's first receive has no clock: it may come anywhere after nothing, and fails before
    // the first send; its second is stamped 3, after both sends (1 and 2). p1's logs of
    // sent are the only constraint left, and the order a1, b1, a2, b2 is a behaviour.
    let a = log("a.ndjson", &sends(2, |k| format!(r#","clock":{k}"#)));
    let b = log(
        "b.ndjson",
        &[
            r#"{"action":"Recv","state":{"got":[1]}}"#.to_string(),
            r#"{"action":"Recv","state":{"got":[1,2]},"clock":3}"#.to_string(),
        ],
    );
    assert_eq!(accepted(&[a, b]).0, 4);
}

#[test]
fn equal_clocks_are_concurrent() {
    // Every receive carries the clock of the send it follows ({p1: k}, equal, not after):
    // the receive of k may be tried before the send of k, which fails, or after, which is
    // the behaviour; the clocks still keep the receive of k after the send of k - 1.
    let a = log(
        "a.ndjson",
        &sends(3, |k| format!(r#","clock":{{"p1":{k}}}"#)),
    );
    let b = log(
        "b.ndjson",
        &recvs(3, |k| format!(r#","clock":{{"p1":{k}}}"#)),
    );
    assert_eq!(accepted(&[a, b]).0, 6);
}
