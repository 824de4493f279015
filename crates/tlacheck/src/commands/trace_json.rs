//! `trace validate --json`: the verdict as one object of tla-suite's `TraceVerdict`, the type
//! the suite runner reads it back with.

use tla_suite::trace_exec::TraceVerdict;

fn print(v: &TraceVerdict) {
    match serde_json::to_string(v) {
        Ok(s) => println!("{s}"),
        Err(e) => eprintln!("cannot write the verdict: {e}"),
    }
}

pub fn accepted(events: usize, largest_frontier: usize) {
    print(&TraceVerdict::Accepted {
        events,
        largest_frontier,
    });
}

pub fn rejected(file: &str, r: &tla_trace::explain::Rejection) {
    print(&TraceVerdict::Rejected {
        step: r.step,
        file: file.to_string(),
        line: r.line,
        seq: r.seq,
        event: r.event_text.clone(),
        frontier: r.frontier,
        report: r.render(),
    });
}

/// With `--json`, the reason validation could not run (it is on stderr too).
pub fn error(json: bool, message: &str) {
    if json {
        print(&TraceVerdict::Error {
            message: message.trim_end().to_string(),
        });
    }
}
