//! A run's result read back from its TLC-style text, as a script reads TLC's stdout: the
//! conformance runs compare what a user reads, not only `--json`. The messages are TLC's
//! (tlc2/output/MP.java): the first `Error:` names the outcome and the violated property, the
//! last statistics lines give the figures, and the `State N:` lines of the first behaviour its
//! length.

use serde_json::{json, Value as Json};

/// `{outcome, violated, generated, distinct, left_on_queue, depth, trace_len, error}` of the
/// text, each null where the text does not say.
pub fn read(stdout: &str) -> Json {
    let plain;
    let stdout = if stdout.contains("@!@!@STARTMSG ") {
        plain = untool(stdout);
        plain.as_str()
    } else {
        stdout
    };
    let mut out = json!({
        "outcome": null, "violated": null, "generated": null, "distinct": null,
        "left_on_queue": null, "depth": null, "trace_len": null, "error": null,
    });
    if let Some((outcome, violated, error)) = stdout.lines().find_map(verdict) {
        out["outcome"] = json!(outcome);
        out["violated"] = json!(violated);
        out["error"] = json!(error);
    }
    for line in stdout.lines() {
        if let Some((g, d, q)) = statistics(line) {
            out["generated"] = json!(g);
            out["distinct"] = json!(d);
            out["left_on_queue"] = json!(q);
        }
        if let Some(depth) = (line.strip_prefix("The depth of the complete state graph search is "))
            .and_then(|r| r.strip_suffix('.'))
            .and_then(|n| n.parse::<u64>().ok())
        {
            out["depth"] = json!(depth);
        }
    }
    out["trace_len"] = json!(first_behaviour_length(stdout));
    out
}

/// TLC's `-tool` output as TLC prints it without -tool: the framing dropped, an error
/// message's first line with `Error: `, states as `State N:` and `Back to state N:`.
fn untool(text: &str) -> String {
    let mut out = String::new();
    let mut first: Option<(u32, u8)> = None;
    for line in text.lines() {
        if let Some(head) = line
            .strip_prefix("@!@!@STARTMSG ")
            .and_then(|l| l.strip_suffix(" @!@!@"))
        {
            let (code, class) = head.split_once(':').unwrap_or((head, "0"));
            first = Some((code.parse().unwrap_or(0), class.parse().unwrap_or(0)));
            continue;
        }
        if line.starts_with("@!@!@ENDMSG ") {
            first = None;
            continue;
        }
        let line = match first.take() {
            Some((_, 1)) => format!("Error: {line}"),
            Some((2122, _)) => match line.split_once(": Back to state: ") {
                Some((n, label)) => format!("Back to state {n}: {label}"),
                None => line.to_string(),
            },
            Some((2216..=2218, _)) => format!("State {line}"),
            _ => line.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The outcome, violated property and error text a message line gives, if it gives one.
fn verdict(line: &str) -> Option<(&'static str, Option<String>, Option<String>)> {
    if line == "Model checking completed. No error has been found." {
        return Some(("success", None, None));
    }
    let rest = line.strip_prefix("Error: ")?;
    let between = |prefix: &str, suffix: &str| -> Option<String> {
        let name = rest.strip_prefix(prefix)?.strip_suffix(suffix)?;
        Some(name.to_string())
    };
    let named = [
        (
            "Invariant ",
            " is violated by the initial state:",
            "safety failure",
        ),
        ("Invariant ", " is violated.", "safety failure"),
        (
            "Property ",
            " is violated by the initial state:",
            "safety failure",
        ),
        ("Action property ", " is violated.", "safety failure"),
        ("Temporal property ", " was violated.", "liveness failure"),
    ];
    for (prefix, suffix, outcome) in named {
        if let Some(name) = between(prefix, suffix) {
            return Some((outcome, Some(name), None));
        }
    }
    if let Some(names) = between("Temporal properties ", " were violated.") {
        // `A and B`, `A, B and C`: the names as a comma-separated list.
        let list = names.replace(" and ", ", ");
        return Some(("liveness failure", Some(list), None));
    }
    if rest == "Deadlock reached." {
        return Some(("deadlock failure", None, None));
    }
    if rest.starts_with("Assumption ") && rest.ends_with(" is false.")
        || rest.starts_with("Evaluating assumption ")
    {
        return Some(("assumption failure", None, None));
    }
    if let Some(r) = rest
        .strip_prefix("Postcondition ")
        .filter(|_| rest.ends_with(" is false."))
    {
        let name = r.split_once(" at ").map_or(r, |(n, _)| n);
        return Some((
            "assumption failure",
            Some(format!("POSTCONDITION {name}")),
            None,
        ));
    }
    // The lines that continue a report rather than begin one.
    let continuation = [
        "The behavior up to this point is:",
        "The following behavior",
        "The error occurred",
    ];
    if continuation.iter().any(|c| rest.starts_with(c)) {
        return None;
    }
    Some(("error", None, Some(rest.to_string())))
}

/// `G states generated, D distinct states found, Q states left on queue.`
fn statistics(line: &str) -> Option<(u64, u64, u64)> {
    let (g, rest) = line.split_once(" states generated, ")?;
    let (d, rest) = rest.split_once(" distinct states found, ")?;
    let q = rest.strip_suffix(" states left on queue.")?;
    Some((g.parse().ok()?, d.parse().ok()?, q.parse().ok()?))
}

/// The states of the first behaviour printed (`State N: <...>`, a stuttering step aside).
fn first_behaviour_length(stdout: &str) -> Option<u64> {
    let mut last = 0u64;
    for line in stdout.lines() {
        let Some((n, label)) = line.strip_prefix("State ").and_then(|r| r.split_once(": ")) else {
            continue;
        };
        let Ok(n) = n.parse::<u64>() else { continue };
        if label == "Stuttering" {
            continue;
        }
        if n <= last {
            break;
        }
        last = n;
    }
    (last > 0).then_some(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_safety_violation_reads_as_tlc_s_text_says() {
        let text = "Error: Invariant Inv is violated.\nError: The behavior up to this point is:\n\
            State 1: <Initial predicate>\nx = 0\n\nState 2: <Next line 1, col 1 to line 1, col 2 of module M>\nx = 1\n\n\
            3 states generated, 2 distinct states found, 1 states left on queue.\n\
            The depth of the complete state graph search is 2.\n";
        let r = read(text);
        assert_eq!(r["outcome"], "safety failure");
        assert_eq!(r["violated"], "Inv");
        assert_eq!(
            (r["generated"].as_u64(), r["distinct"].as_u64()),
            (Some(3), Some(2))
        );
        assert_eq!(
            (r["left_on_queue"].as_u64(), r["depth"].as_u64()),
            (Some(1), Some(2))
        );
        assert_eq!(r["trace_len"], 2);
    }

    #[test]
    fn temporal_properties_and_postconditions_are_named_as_the_suite_names_them() {
        let r = read("Error: Temporal properties A, B and C were violated.\n\nState 1: <Initial predicate>\nx = 0\n\nState 2: Stuttering\n");
        assert_eq!(r["outcome"], "liveness failure");
        assert_eq!(r["violated"], "A, B, C");
        assert_eq!(r["trace_len"], 1);
        let p = read("Error: Postcondition Big at line 16, col 15 to line 16, col 24 of module P is false.\n");
        assert_eq!(p["outcome"], "assumption failure");
        assert_eq!(p["violated"], "POSTCONDITION Big");
        let ok = read("Model checking completed. No error has been found.\n");
        assert_eq!(ok["outcome"], "success");
        assert!(ok["trace_len"].is_null());
        let e = read("Error: Attempted to apply function\n");
        assert_eq!(e["outcome"], "error");
    }

    #[test]
    fn tool_mode_reads_as_the_plain_text() {
        let framed = super::super::tool_mode::frame(
            "Error: Invariant Inv is violated.\nError: The behavior up to this point is:\n\
             State 1: <Initial predicate>\nx = 0\n\nState 2: <A line 1, col 1 to line 1, col 2 of module M>\nx = 1\n\n\
             3 states generated, 2 distinct states found, 0 states left on queue.\n",
        );
        let r = read(&framed);
        assert_eq!(r["outcome"], "safety failure");
        assert_eq!(r["violated"], "Inv");
        assert_eq!(r["trace_len"], 2);
        assert_eq!(r["distinct"], 2);
    }

    #[test]
    fn only_the_first_behaviour_is_counted() {
        // -continue prints one behaviour per violation.
        let text = "State 1: <Initial predicate>\nState 2: <A>\nState 3: <A>\n\nState 1: <Initial predicate>\nState 2: <A>\n";
        assert_eq!(read(text)["trace_len"], 3);
    }
}
