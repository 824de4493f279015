//! Malformed traces: each is an error with the file, line and column, never a verdict.

mod common;

use common::ndjson;
use tla_trace::event::parse_itf;

fn err(text: &str) -> String {
    ndjson(text).unwrap_err().to_string()
}

#[test]
fn a_malformed_line_is_reported_at_its_line_and_column() {
    let e = err("{\"v\":1,\"spec\":\"Channel\"}\n{\"seq\":1,\"state\":{\"queue\":[}}\n");
    assert!(e.starts_with("t.ndjson:2:28: malformed JSON"), "{e}");
}

#[test]
fn a_line_that_is_not_an_object_is_an_error() {
    assert_eq!(
        err("{\"v\":1,\"spec\":\"C\"}\n[1]\n"),
        "t.ndjson:2:1: each line must be a JSON object"
    );
}

#[test]
fn an_empty_trace_or_a_header_alone_is_an_error() {
    assert_eq!(
        err(""),
        "t.ndjson:1:1: the trace is empty: no header and no events"
    );
    assert_eq!(
        err("\n\n"),
        "t.ndjson:1:1: the trace is empty: no header and no events"
    );
    assert_eq!(
        err("{\"v\":1,\"spec\":\"C\"}\n"),
        "t.ndjson:2:1: the trace has no events"
    );
}

#[test]
fn the_header_must_come_first_with_a_known_version() {
    assert_eq!(
        err("{\"seq\":1,\"state\":{}}\n"),
        "t.ndjson:1:1: the first line must be the header {\"v\":1,\"spec\":...}"
    );
    assert_eq!(
        err("{\"v\":2,\"spec\":\"C\"}\n{\"seq\":1}\n"),
        "t.ndjson:1:2: unsupported trace format version 2 (this reads version 1)"
    );
}

#[test]
fn fields_of_the_wrong_type_or_unknown_fields_are_errors() {
    let h = "{\"v\":1,\"spec\":\"C\"}\n";
    assert_eq!(
        err(&format!("{h}{{\"seq\":-1}}\n")),
        "t.ndjson:2:2: seq must be a non-negative integer"
    );
    assert_eq!(
        err(&format!("{h}{{\"seq\":1,\"action\":3}}\n")),
        "t.ndjson:2:10: action must be a string"
    );
    assert_eq!(
        err(&format!("{h}{{\"seq\":1,\"state\":[]}}\n")),
        "t.ndjson:2:10: state must be an object"
    );
    assert_eq!(
        err(&format!("{h}{{\"seq\":1,\"params\":1}}\n")),
        "t.ndjson:2:10: params must be an object"
    );
    assert_eq!(
        err(&format!("{h}{{\"seq\":1,\"stat\":{{}}}}\n")),
        "t.ndjson:2:1: unknown field \"stat\" (an event has seq, action, params, state and clock)"
    );
}

#[test]
fn blank_lines_are_skipped_and_lines_counted() {
    let t = ndjson("{\"v\":1,\"spec\":\"C\"}\n\n{\"seq\":1,\"state\":{\"x\":1}}\n").unwrap();
    assert_eq!(t.events.len(), 1);
    assert_eq!(t.line_of(&t.events[0]), 3);
    assert_eq!(t.spec.as_deref(), Some("C"));
}

#[test]
fn itf_states_are_located_in_the_document() {
    let text = "{\"vars\":[\"x\"],\n \"states\":[\n  {\"x\":1},\n  {\"x\":2,\"#meta\":{\"index\":1},\"mbt::actionTaken\":\"Inc\"}\n ]}\n";
    let t = parse_itf("t.itf.json".into(), text.into()).unwrap();
    assert_eq!(t.events.len(), 2);
    assert_eq!(t.locate(t.events[1].span.0), (4, 3));
    assert_eq!(t.events[1].action.as_deref(), Some("Inc"));
    assert_eq!(t.events[1].state.len(), 1);
    let e = parse_itf("t.itf.json".into(), "{\"states\":[]}".into()).unwrap_err();
    assert_eq!(e.to_string(), "t.itf.json:1:1: the trace has no states");
    let e = parse_itf("t.itf.json".into(), "{\"states\":[1,\n 2]".into()).unwrap_err();
    assert!(e.to_string().starts_with("t.itf.json:2:"), "{e}");
}
