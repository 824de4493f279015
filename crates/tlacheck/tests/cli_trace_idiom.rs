//! The TLA+ trace-spec idiom (a spec that reads the implementation's log with
//! ndJsonDeserialize, indexes it with TLCGet("level") and states acceptance as a POSTCONDITION
//! on TLCGet("stats").diameter), as tlaplus/Examples' EWD998ChanTrace uses it. Figures derived
//! by hand from fixtures/trace_idiom/CounterTrace.tla.

use std::path::Path;
use std::process::Command;

fn run(trace: &str) -> (i32, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/trace_idiom");
    let out = Command::new(env!("CARGO_BIN_EXE_tlacheck"))
        .current_dir(&dir)
        .env("TRACE", trace)
        .args(["check", "CounterTrace.tla", "--workers", "1"])
        .output()
        .expect("run tlacheck");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn a_log_the_spec_can_produce_is_accepted() {
    // 1 -> 2 (by +1 and by *2: two generated, one distinct) -> 4 (*2) -> 5 (+1).
    let (code, text) = run("good.ndjson");
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("5 states generated, 4 distinct states found"),
        "{text}"
    );
    assert!(
        text.contains("The depth of the complete state graph search is 4."),
        "{text}"
    );
}

#[test]
fn a_log_with_an_impossible_step_fails_the_postcondition() {
    // 4 -> 7 is neither +1 nor *2: the behaviours stop at depth 3 of the log's 5 events.
    let (code, text) = run("bad.ndjson");
    assert_ne!(code, 0, "{text}");
    assert!(
        text.contains("Error: Postcondition TraceAccepted"),
        "{text}"
    );
    assert!(
        text.contains("4 states generated, 3 distinct states found"),
        "{text}"
    );
    assert!(
        text.contains("The depth of the complete state graph search is 3."),
        "{text}"
    );
}
