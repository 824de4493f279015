//! What a model-checking run's text says, read from TLC's output format (tlacheck prints the
//! same): the verdict, the figures and the counterexample's length.

/// The parts of a run two model checkers must agree on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub exit: Option<i32>,
    /// "ok", the first `Error:` line for a violation (it names the property), or
    /// "evaluation error" for any other error, whose wording is not compared.
    pub verdict: String,
    pub generated: Option<u64>,
    pub distinct: Option<u64>,
    pub depth: Option<u64>,
    /// States of the counterexample, and whether it loops back (a lasso).
    pub trace_states: usize,
    pub lasso: bool,
}

fn number(text: &str) -> Option<u64> {
    text.replace(',', "").parse().ok()
}

/// The number ending just before `suffix` in `line`, as in "12 states generated".
fn before(line: &str, suffix: &str) -> Option<u64> {
    let head = &line[..line.find(suffix)?];
    number(head.trim_end().rsplit(' ').next()?)
}

pub fn read(stdout: &str, exit: Option<i32>) -> Outcome {
    let mut o = Outcome {
        exit,
        verdict: "no verdict".to_string(),
        generated: None,
        distinct: None,
        depth: None,
        trace_states: 0,
        lasso: false,
    };
    let mut errored = false;
    for line in stdout.lines() {
        let line = line.trim_end();
        if line.contains("No error has been found") && !errored {
            o.verdict = "ok".to_string();
        } else if let Some(rest) = line.strip_prefix("Error: ") {
            if !errored {
                errored = true;
                let violation = rest.contains("violated") || rest.starts_with("Deadlock reached");
                o.verdict = if violation {
                    rest.to_string()
                } else {
                    "evaluation error".to_string()
                };
            }
        } else if line.contains(" states generated, ") {
            o.generated = before(line, " states generated");
            o.distinct = before(line, " distinct states found");
        } else if let Some(rest) =
            line.strip_prefix("The depth of the complete state graph search is ")
        {
            o.depth = number(rest.trim_end_matches('.'));
        } else if is_state_header(line) {
            o.trace_states += 1;
        } else if line.contains("Back to state") {
            o.lasso = true;
        }
    }
    o
}

/// "State 3: <Next line 12, col 5 to ...>" or "State 1: <Initial predicate>".
fn is_state_header(line: &str) -> bool {
    line.strip_prefix("State ")
        .and_then(|r| r.split_once(':'))
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The fields on which two outcomes differ, as "field: ours vs theirs".
pub fn differences(ours: &Outcome, theirs: &Outcome) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, a: String, b: String| {
        if a != b {
            out.push(format!("{name}: tlacheck {a} vs TLC {b}"));
        }
    };
    field(
        "exit",
        format!("{:?}", ours.exit),
        format!("{:?}", theirs.exit),
    );
    field("verdict", ours.verdict.clone(), theirs.verdict.clone());
    // The figures at an evaluation error depend on where each engine happened to stop.
    if ours.verdict != "evaluation error" {
        let figures = [
            ("generated", ours.generated, theirs.generated),
            ("distinct", ours.distinct, theirs.distinct),
            ("depth", ours.depth, theirs.depth),
        ];
        for (name, a, b) in figures {
            field(name, format!("{a:?}"), format!("{b:?}"));
        }
        field(
            "trace",
            ours.trace_states.to_string(),
            theirs.trace_states.to_string(),
        );
        field("lasso", ours.lasso.to_string(), theirs.lasso.to_string());
    }
    out
}
