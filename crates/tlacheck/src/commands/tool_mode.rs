//! TLC's `-tool` output: every message framed by `@!@!@STARTMSG code:class @!@!@` and
//! `@!@!@ENDMSG code @!@!@` (tlc2/output/MP.java), the form the Toolbox and the VS Code
//! extension read. The run's TLC-style text is cut into TLC's messages by their first lines;
//! the codes are EC.java's, the classes MP's (0 none, 1 error, 3 warning, 4 state). In this
//! mode TLC drops the `Error: ` prefix, numbers states `N:` and gives the time in ms.

/// The EC code of one of TLC's warnings that tlacheck prints, by its first line.
fn warning_code(first: &str) -> Option<u32> {
    if first.starts_with("The EXCEPT was applied to non-existing fields") {
        Some(2144)
    } else if first.starts_with("Declaring symmetry during liveness checking is dangerous.") {
        Some(2279)
    } else if first.starts_with("The formula ") && first.contains(" is a state-level formula, but")
    {
        Some(2255)
    } else if first.starts_with("The stuttering counterexample above may be caused by the absence of a fairness constraint") {
        Some(2259)
    } else if first.starts_with("The stuttering counterexample above may be caused by the absence of a behavior specification") {
        Some(2257)
    } else {
        None
    }
}

/// A message's code and class, and its first line as TLC's tool mode writes it.
fn classify(line: &str) -> Option<(u32, u8, String)> {
    let error = |code, rest: &str| Some((code, 1, rest.to_string()));
    if let Some(rest) = line.strip_prefix("Error: ") {
        return if rest.starts_with("Invariant ")
            && rest.ends_with("is violated by the initial state:")
        {
            error(2107, rest)
        } else if rest.starts_with("Property ")
            && rest.ends_with("is violated by the initial state:")
        {
            error(2108, rest)
        } else if rest.starts_with("Invariant ") && rest.ends_with(" is violated.") {
            error(2110, rest)
        } else if rest.starts_with("Evaluating invariant ") {
            error(2111, rest)
        } else if rest.starts_with("Evaluating action property ") {
            error(2113, rest)
        } else if rest.starts_with("The first argument of Assert evaluated to FALSE") {
            error(2132, rest)
        } else if rest.starts_with("Action property ") {
            error(2112, rest)
        } else if rest == "Deadlock reached." {
            error(2114, rest)
        } else if rest.starts_with("Temporal propert") {
            error(2116, rest)
        } else if rest.starts_with("The behavior up to this point is:") {
            error(2121, rest)
        } else if rest.starts_with("The following behavior constitutes a counter-example:") {
            error(2264, rest)
        } else if rest.starts_with("Assumption ") && rest.ends_with(" is false.") {
            error(2104, rest)
        } else if rest.starts_with("Postcondition ") {
            error(2404, rest)
        } else if rest.starts_with("The error occurred when TLC was evaluating the nested") {
            error(2103, rest)
        } else if rest == "Parsing or semantic analysis failed." {
            error(3002, rest)
        } else if let Some(code) = warning_code(rest) {
            // A warning made an error by -messagesAsErrors keeps its code.
            error(code, rest)
        } else {
            error(1000, rest)
        };
    }
    if let Some(rest) = line.strip_prefix("Warning: ") {
        return Some((warning_code(rest).unwrap_or(1000), 3, rest.to_string()));
    }
    if let Some(rest) = line.strip_prefix("State ") {
        // DFID's states of a behaviour other than an invariant's: `State N:` (TLC's
        // TLC_STATE_PRINT1).
        if let Some(n) = rest
            .strip_suffix(':')
            .filter(|n| n.parse::<usize>().is_ok())
        {
            return Some((2216, 4, format!("{n}:")));
        }
        let (n, label) = rest.split_once(": ")?;
        n.parse::<usize>().ok()?;
        let code = if label == "Stuttering" { 2218 } else { 2217 };
        return Some((code, 4, format!("{n}: {label}")));
    }
    if let Some(rest) = line.strip_prefix("Back to state ") {
        let (n, label) = rest.split_once(": ")?;
        return Some((2122, 4, format!("{n}: Back to state: {label}")));
    }
    let plain: &[(&str, u32)] = &[
        ("tlacheck ", 2262),
        ("Starting SANY...", 2220),
        ("SANY finished.", 2219),
        ("Running breadth-first search", 2187),
        // DFID's (TLC_MODE_MC_DFS, TLC_PROGRESS_START_STATS_DFID).
        ("Running depth-first search", 2271),
        ("Starting level ", 2205),
        ("Starting... (", 2185),
        ("Computing initial states...", 2189),
        ("Finished computing initial states: ", 2190),
        (
            "Implied-temporal checking--satisfiability problem has",
            2212,
        ),
        ("Finished checking temporal properties", 2267),
        ("Model checking completed. No error has been found.", 2193),
        ("Progress(", 2200),
        ("The depth of the complete state graph search is", 2194),
        ("The average outdegree of the complete state graph", 2268),
        ("Finished in ", 2186),
    ];
    // DFID's TLC_INIT_GENERATED4, TLC_PROGRESS_STATS_DFID and TLC_STATS_DFID.
    if line.starts_with("Finished computing initial states: ")
        && line.ends_with("of them distinct.")
    {
        return Some((2208, 0, line.to_string()));
    }
    if line.starts_with("Progress(-1) at ") {
        return Some((2206, 0, line.to_string()));
    }
    if line.contains(" states generated, ")
        && line.ends_with(" distinct states found.")
        && !line.starts_with("Starting level ")
    {
        return Some((2204, 0, line.to_string()));
    }
    if line.starts_with("Checking ") && line.contains("temporal properties") {
        return Some((2192, 0, line.to_string()));
    }
    if line.contains(" states generated, ")
        && line.ends_with(" states left on queue.")
        && !line.starts_with("Progress(")
    {
        return Some((2199, 0, line.to_string()));
    }
    (plain.iter())
        .find(|(prefix, _)| line.starts_with(prefix))
        .map(|(_, code)| (*code, 0, line.to_string()))
}

const NOWARNING_HINT: &str = "(Use the -nowarning option to disable this warning.)";

/// `text` framed as TLC's tool mode frames it. A line that begins no message continues the
/// message before it (a state's variables, the estimates under TLC_SUCCESS); before any
/// message, it is printed as it is (Print output).
pub fn frame(text: &str) -> String {
    frame_with(text, &[])
}

/// `frame`, where each of `known`'s lines opens a message with that code (the coverage
/// report's lines, which their text alone does not tell apart).
pub fn frame_with(text: &str, known: &[(u32, String)]) -> String {
    let mut out = String::new();
    let mut open: Option<u32> = None;
    // TLC's tool mode gives a warning without the hint about -nowarning.
    let mut in_warning = false;
    let close = |out: &mut String, open: &mut Option<u32>| {
        if let Some(code) = open.take() {
            out.push_str(&format!("@!@!@ENDMSG {code} @!@!@\n"));
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        // SANY's warnings are printed as SANY writes them, outside any message.
        if line.starts_with("Warnings (") && line.contains(") during syntax parsing of ") {
            close(&mut out, &mut open);
        }
        let given = known.iter().find(|(_, l)| l == line);
        let found = given.map(|(code, l)| (*code, 0, l.clone()));
        match found.or_else(|| classify(line)) {
            Some((code, class, first)) => {
                // An error met while checking an initial state is TLC_INITIAL_STATE, the
                // state shown further down in the same message.
                let code = if code == 1000 && class == 1 && on_initial_state(&lines[i + 1..]) {
                    2102
                } else {
                    code
                };
                close(&mut out, &mut open);
                out.push_str(&format!("@!@!@STARTMSG {code}:{class} @!@!@\n{first}\n"));
                open = Some(code);
                in_warning = class == 3;
            }
            None if in_warning && *line == NOWARNING_HINT => {}
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    close(&mut out, &mut open);
    out
}

/// Whether the message that continues with `rest` says "While working on the initial state:".
fn on_initial_state(rest: &[&str]) -> bool {
    (rest.iter())
        .take_while(|l| classify(l).is_none())
        .any(|l| *l == "While working on the initial state:")
}

/// TLC_VERSION's text: which checker wrote the output.
pub fn version_line() -> String {
    format!("tlacheck {} (TLC's output)", env!("CARGO_PKG_VERSION"))
}

/// TLC's closing `Progress(D) at DATE: ...` line, which tool mode prints before the statistics.
pub fn progress_line(json: &serde_json::Value, at: std::time::SystemTime) -> Option<String> {
    let n = |k: &str| json[k].as_u64();
    Some(format!(
        "Progress({}) at {}: {} states generated, {} distinct states found, {} states left on queue.",
        n("depth")?,
        tla_check::tlc_text::timestamp(at),
        n("generated")?,
        n("distinct")?,
        n("left_on_queue")?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    // TLC 2026.11's `-tool` output for a spec whose invariant fails in 2 steps.
    #[test]
    fn a_safety_counterexample_is_framed_as_tlc_frames_it() {
        let text = "Error: Invariant Inv is violated.\nError: The behavior up to this point is:\n\
            State 1: <Initial predicate>\n/\\ x = 0\n\n\
            State 2: <Next line 5, col 9 to line 5, col 49 of module D>\n/\\ x = 1\n\n\
            3 states generated, 3 distinct states found, 0 states left on queue.\n";
        let want = "@!@!@STARTMSG 2110:1 @!@!@\nInvariant Inv is violated.\n@!@!@ENDMSG 2110 @!@!@\n\
            @!@!@STARTMSG 2121:1 @!@!@\nThe behavior up to this point is:\n@!@!@ENDMSG 2121 @!@!@\n\
            @!@!@STARTMSG 2217:4 @!@!@\n1: <Initial predicate>\n/\\ x = 0\n\n@!@!@ENDMSG 2217 @!@!@\n\
            @!@!@STARTMSG 2217:4 @!@!@\n2: <Next line 5, col 9 to line 5, col 49 of module D>\n/\\ x = 1\n\n@!@!@ENDMSG 2217 @!@!@\n\
            @!@!@STARTMSG 2199:0 @!@!@\n3 states generated, 3 distinct states found, 0 states left on queue.\n@!@!@ENDMSG 2199 @!@!@\n";
        assert_eq!(frame(text), want);
    }

    #[test]
    fn a_lasso_s_end_and_success_s_estimates_keep_their_messages() {
        let framed =
            frame("Back to state 1: <Next line 6, col 12 to line 6, col 36 of module L>\n\n");
        assert!(framed.starts_with("@!@!@STARTMSG 2122:4 @!@!@\n1: Back to state: <Next line 6"));
        let ok = frame(
            "Model checking completed. No error has been found.\n  Estimates of the probability\n",
        );
        assert_eq!(
            ok,
            "@!@!@STARTMSG 2193:0 @!@!@\nModel checking completed. No error has been found.\n  Estimates of the probability\n@!@!@ENDMSG 2193 @!@!@\n"
        );
        // Print output before any message stays as it is.
        assert_eq!(frame("<<1, 2>>\n"), "<<1, 2>>\n");
    }
}
