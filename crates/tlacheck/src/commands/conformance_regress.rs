//! `tlacheck conformance --tlcregress DIR`: TLC's own JUnit regression models (their folder's
//! README), each run as TLC was (its `run_command`, given to `tlacheck tlc`, its stdout read
//! as TLC's by `tlc_output.rs`), compared by that
//! README's rule: for a verdict (exit 0, 10, 11, 12, 13) the exit status and the violated
//! property, plus distinct/generated/depth for a pass and the counterexample length for a
//! safety or deadlock violation; for a TLC error (75, 150, 151, 255, ...) an error of ours,
//! never a verdict.

use super::child::{run_child, Ran};
use serde_json::Value as Json;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// TLC's exit statuses that are verdicts rather than errors.
const VERDICTS: &[i64] = &[0, 10, 11, 12, 13];

pub struct Row {
    pub id: String,
    pub tlc: Json,
    pub ours: Option<Json>,
    pub exit: Option<i32>,
    pub seconds: f64,
    pub difference: Option<String>,
}

/// One entry of expected.json, run and compared.
pub fn run_entry(exe: &Path, suite: &Path, entry: &Json, time_factor: f64, workers: u32) -> Row {
    let id = entry["id"].as_str().unwrap_or("?").to_string();
    let tlc = entry["tlc"].clone();
    let limit =
        Duration::from_secs_f64((tlc["seconds"].as_f64().unwrap_or(1.0) * time_factor).max(20.0));
    let mut command = Command::new(exe);
    command
        .current_dir(suite.join(entry["folder"].as_str().unwrap_or("")))
        .arg("tlc")
        .args(tlc_arguments(entry, workers))
        .args(["--progress", "never"]);
    let (ours, exit, seconds, difference) = match run_child(command, limit) {
        Ran::Finished {
            status,
            stdout,
            stderr,
            seconds,
        } => {
            // Read as a script reads TLC's stdout.
            let ours = Some(super::tlc_output::read(&stdout));
            let diff = compare(&tlc, ours.as_ref(), status, &stderr);
            (ours, status, seconds, diff)
        }
        Ran::TimedOut { seconds } => (
            None,
            None,
            seconds,
            Some(format!("timeout after {:.0}s", limit.as_secs_f64())),
        ),
        Ran::Failed(e) => (None, None, 0.0, Some(format!("could not start: {e}"))),
    };
    Row {
        id,
        tlc,
        ours,
        exit,
        seconds,
        difference,
    }
}

/// The arguments TLC was given (after `tlc2.TLC`), at our worker count.
pub(super) fn tlc_arguments(entry: &Json, workers: u32) -> Vec<String> {
    let command: Vec<&str> = (entry["run_command"].as_array().into_iter().flatten())
        .filter_map(|a| a.as_str())
        .collect();
    let after = command
        .iter()
        .position(|a| *a == "tlc2.TLC")
        .map_or(0, |p| p + 1);
    let mut args: Vec<String> = command[after..].iter().map(|a| a.to_string()).collect();
    if let Some(w) = args.iter().position(|a| a == "-workers") {
        if let Some(n) = args.get_mut(w + 1) {
            *n = workers.to_string();
        }
    }
    args
}

/// The first difference from TLC by the suite's rule, or None when exact.
pub fn compare(tlc: &Json, ours: Option<&Json>, exit: Option<i32>, stderr: &str) -> Option<String> {
    let tlc_exit = tlc["exit_code"].as_i64().unwrap_or(-1);
    let our_exit = exit.map_or(-1, i64::from);
    let why = || {
        let line = (ours.and_then(|o| o["error"].as_str()))
            .or_else(|| stderr.lines().find(|l| !l.trim().is_empty()))
            .unwrap_or("")
            .lines()
            .next()
            .unwrap_or("");
        if line.is_empty() {
            String::new()
        } else {
            format!(" ({})", line.chars().take(160).collect::<String>())
        }
    };
    if !VERDICTS.contains(&tlc_exit) {
        return (VERDICTS.contains(&our_exit) || exit.is_none())
            .then(|| format!("exit {our_exit}, TLC error {tlc_exit}{}", why()));
    }
    if our_exit != tlc_exit {
        return Some(format!("exit {our_exit}, TLC {tlc_exit}{}", why()));
    }
    let Some(ours) = ours else {
        return Some(format!("no result{}", why()));
    };
    if !tlc["violated"].is_null() && !same_name(&tlc["violated"], &ours["violated"]) {
        return Some(format!(
            "violated {}, TLC {}",
            ours["violated"], tlc["violated"]
        ));
    }
    let fields: &[&str] = match tlc["outcome"].as_str().unwrap_or("") {
        "success" if tlc_exit == 0 => &["distinct", "generated", "depth"],
        "safety failure" | "deadlock failure" => &["trace_len"],
        _ => &[],
    };
    fields
        .iter()
        .find(|f| tlc[**f] != ours[**f])
        .map(|f| format!("{f} {}, TLC {}", ours[*f], tlc[*f]))
}

/// Names are equal, except that TLC names a -inv invariant `__DebuggerExpr__<ms>` (the time
/// in milliseconds; the suite's README says nanoTime), a new number on every run.
fn same_name(tlc: &Json, ours: &Json) -> bool {
    let debugger = |j: &Json| {
        (j.as_str().and_then(|s| s.strip_prefix("__DebuggerExpr__")))
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
    };
    tlc == ours || (debugger(tlc) && debugger(ours))
}

/// The Markdown section for the regression suite.
pub fn markdown(rows: &[Row], command: &str) -> String {
    use std::fmt::Write;
    let exact = rows.iter().filter(|r| r.difference.is_none()).count();
    let mut s = String::new();
    let _ = writeln!(s, "## TLC's regression models\n");
    let _ = writeln!(
        s,
        "Produced by `{command}` (release build): every entry of the suite's expected.json, run \
         with its `run_command` through `tlacheck tlc`. Exact by the suite's README: for a verdict \
         (exit 0, 10, 11, 12, 13) the exit status and violated property equal TLC's, and distinct \
         states, states generated and depth for a pass, the counterexample length for a safety or \
         deadlock violation; for a TLC error, an error exit of ours.\n"
    );
    let _ = writeln!(s, "**{exact} / {} exact.**\n", rows.len());
    let _ = writeln!(
        s,
        "| model | TLC exit | TLC distinct / generated / depth (trace) | our exit | ours | our s | result |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    let fig = super::conformance::figures;
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {:.2} | {} |",
            r.id,
            r.tlc["exit_code"],
            fig(&r.tlc),
            r.exit.map_or("-".to_string(), |e| e.to_string()),
            r.ours.as_ref().map(fig).unwrap_or_else(|| "-".into()),
            r.seconds,
            r.difference
                .as_deref()
                .unwrap_or("exact")
                .replace('|', "\\|")
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_error_of_tlc_matches_any_error_of_ours_but_no_verdict() {
        let tlc = json!({"exit_code": 75, "outcome": "evaluation error"});
        assert_eq!(compare(&tlc, None, Some(150), ""), None);
        assert!(compare(&tlc, Some(&json!({})), Some(0), "").is_some());
        assert!(
            compare(&tlc, None, None, "").is_some(),
            "a timeout is no error"
        );
    }

    #[test]
    fn a_verdict_matches_on_exit_name_and_figures() {
        let tlc = json!({"exit_code": 0, "outcome": "success", "violated": null,
                         "distinct": 3, "generated": 7, "depth": 2});
        let ours = json!({"distinct": 3, "generated": 7, "depth": 2, "violated": null});
        assert_eq!(compare(&tlc, Some(&ours), Some(0), ""), None);
        let fewer = json!({"distinct": 3, "generated": 6, "depth": 2});
        assert!(compare(&tlc, Some(&fewer), Some(0), "")
            .unwrap()
            .contains("generated"));
        let safety = json!({"exit_code": 12, "outcome": "safety failure", "violated": "Inv",
                            "trace_len": 4});
        let other = json!({"violated": "Inv2", "trace_len": 4});
        assert!(compare(&safety, Some(&other), Some(12), "")
            .unwrap()
            .contains("Inv2"));
        assert!(compare(
            &safety,
            Some(&json!({"violated": "Inv", "trace_len": 4})),
            Some(13),
            ""
        )
        .is_some());
    }

    #[test]
    fn the_run_command_is_given_after_tlc2_tlc_at_our_workers() {
        let entry = json!({"run_command": ["java", "-cp", "tla2tools.jar", "tlc2.TLC",
                                           "-workers", "1", "-deadlock", "M"]});
        assert_eq!(
            tlc_arguments(&entry, 2),
            ["-workers", "2", "-deadlock", "M"]
        );
    }
}
