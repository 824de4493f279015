//! The lines TLC prints around a model-checking run's result (MP.java's TLC_MODE_MC,
//! TLC_STARTING, TLC_COMPUTING_INIT, TLC_INIT_GENERATED1/2 and TLC_FINISHED), so that a log
//! reader that waits for them finds them. Dates are UTC (`tla_check::tlc_text::timestamp`), written as TLC writes its local time.

use std::time::{Duration, SystemTime};
use tla_check::tlc_text::timestamp;

/// `Running breadth-first search Model-Checking with fp F and seed S with W worker(s) on C cores`
pub fn mode_line(fp: usize, seed: i64, workers: usize) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let plural = if workers == 1 { "" } else { "s" };
    format!(
        "Running breadth-first search Model-Checking with fp {fp} and seed {seed} with {workers} \
         worker{plural} on {cores} cores (tlacheck {}).",
        env!("CARGO_PKG_VERSION")
    )
}

pub fn starting_line(at: SystemTime) -> String {
    format!("Starting... ({})", timestamp(at))
}

pub fn finished_line(elapsed: Duration, at: SystemTime) -> String {
    format!(
        "Finished in {} at ({})",
        human_duration(elapsed),
        timestamp(at)
    )
}

/// TLC's run time: `05s`, `01min 05s`, `02h 01min`, `1d 02h` (TLC.convertRuntimeToHumanReadable).
pub fn human_duration(d: Duration) -> String {
    let s = d.as_secs();
    let (days, hours, minutes, seconds) = (s / 86_400, s / 3_600 % 24, s / 60 % 60, s % 60);
    if days > 0 {
        format!("{days}d {hours:02}h")
    } else if hours > 0 {
        format!("{hours:02}h {minutes:02}min")
    } else if minutes > 0 {
        format!("{minutes:02}min {seconds:02}s")
    } else {
        format!("{seconds:02}s")
    }
}

/// TLC's -difftrace: in the states of a safety counterexample (`The behavior up to this point
/// is:`), each state after the first shows only the variables whose values changed. TLC prints
/// the states of a liveness counterexample whole, and so does this. Values are printed
/// canonically, so equal text is equal values.
pub fn diff_trace(text: &str) -> String {
    let Some(start) = text.find("Error: The behavior up to this point is:\n") else {
        return text.to_string();
    };
    let mut out = text[..start].to_string();
    let mut previous: Option<Vec<String>> = None;
    let mut lines = text[start..].lines().peekable();
    while let Some(line) = lines.next() {
        out.push_str(line);
        out.push('\n');
        if !line.starts_with("State ") {
            continue;
        }
        // The state's variables: each a `/\ v = ...` line and its indented continuation.
        let mut vars: Vec<String> = Vec::new();
        while let Some(next) = lines.peek() {
            if next.is_empty() || next.starts_with("State ") || next.starts_with("Error") {
                break;
            }
            let next = lines.next().unwrap_or_default();
            match vars.last_mut() {
                Some(last) if next.starts_with(' ') => {
                    last.push('\n');
                    last.push_str(next);
                }
                _ => vars.push(next.to_string()),
            }
        }
        for (i, v) in vars.iter().enumerate() {
            let same = previous.as_ref().and_then(|p| p.get(i)) == Some(v);
            if !same {
                out.push_str(v);
                out.push('\n');
            }
        }
        previous = Some(vars);
    }
    if !text.ends_with('\n') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_times_read_as_tlc_writes_them() {
        // TLC's own TLCTest.testRuntimeConversion, and its "Finished in 02s".
        let ms = |n: u64| human_duration(Duration::from_millis(n));
        assert_eq!(ms(2_400), "02s");
        assert_eq!(ms(59_000), "59s");
        assert_eq!(ms(3_599_000), "59min 59s");
        assert_eq!(ms(86_340_000), "23h 59min");
        assert_eq!(ms(169_200_000), "1d 23h");
        assert_eq!(ms(8_636_400_000), "99d 23h");
    }

    #[test]
    fn a_diff_trace_keeps_the_first_state_and_what_changed() {
        let text = "Error: Invariant Inv is violated.\nError: The behavior up to this point is:\n\
            State 1: <Initial predicate>\n/\\ x = 0\n/\\ y = [ a |-> 1,\n       b |-> 2 ]\n\n\
            State 2: <Next line 5, col 12 to line 5, col 41 of module D>\n/\\ x = 1\n/\\ y = [ a |-> 1,\n       b |-> 2 ]\n\n\
            State 3: <Next line 6, col 12 to line 6, col 54 of module D>\n/\\ x = 1\n/\\ y = [ a |-> 5,\n       b |-> 2 ]\n\n\
            4 states generated\n";
        let want = "Error: Invariant Inv is violated.\nError: The behavior up to this point is:\n\
            State 1: <Initial predicate>\n/\\ x = 0\n/\\ y = [ a |-> 1,\n       b |-> 2 ]\n\n\
            State 2: <Next line 5, col 12 to line 5, col 41 of module D>\n/\\ x = 1\n\n\
            State 3: <Next line 6, col 12 to line 6, col 54 of module D>\n/\\ y = [ a |-> 5,\n       b |-> 2 ]\n\n\
            4 states generated\n";
        assert_eq!(diff_trace(text), want);
        let live = "Error: The following behavior constitutes a counter-example:\nState 1: <Initial predicate>\nx = 0\n";
        assert_eq!(diff_trace(live), live);
    }
}
