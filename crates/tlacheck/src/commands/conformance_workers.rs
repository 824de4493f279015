//! `tlacheck conformance --compare-workers 1,2,3,7`: each selected model (the corpus's, or
//! with `--tlcregress` TLC's regression models) run at every listed worker count with
//! `--json`, and each run's whole result compared with the first count's: the exit status
//! and the JSON object, but for the fields that may differ between two runs of the same
//! search (`volatile`). Any other difference is a bug of the parallel search.

use super::child::{run_child, Ran};
use super::conformance::{in_parallel, model_command, write_section, Args, HasId};
use serde_json::Value as Json;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Models whose result depends on the worker count by their own text, as TLC's does: not
/// counted as differences, and shown with the reason.
const BY_DESIGN: &[(&str, &str)] = &[(
    "DieHard__MCDieHardest",
    "its ASSUME TLCGet(\"config\").worker = 1 is false with more workers, as TLC 2026.12 \
     reports with -workers 2",
)];

pub struct Row {
    pub id: String,
    /// Seconds of each count's run, in the order of the counts.
    pub seconds: Vec<f64>,
    /// Each difference from the first count's run, as `at N workers: what`.
    pub differences: Vec<String>,
    /// The reason the differences are the spec's own (`BY_DESIGN`).
    pub by_design: Option<&'static str>,
}

impl Row {
    fn differs(&self) -> bool {
        !self.differences.is_empty() && self.by_design.is_none()
    }
}

impl HasId for Row {
    fn id(&self) -> &str {
        &self.id
    }
}

/// What one run gave, as compared.
#[derive(PartialEq, Debug)]
struct Result {
    exit: Option<i32>,
    /// The last line of stdout read as JSON, volatile fields removed; when it is not JSON (a
    /// parse error is reported as text), stdout and stderr.
    out: Json,
}

pub fn run(
    exe: &Path,
    args: &Args,
    counts: &[u32],
    selected: &[&Json],
    regress: Option<&Path>,
) -> u8 {
    let started = std::time::Instant::now();
    let rows = in_parallel(selected, args.jobs, |m| {
        let r = run_entry(exe, args, counts, m, regress);
        eprintln!(
            "{:<60} {}  {}",
            r.id,
            (r.seconds.iter())
                .map(|s| format!("{s:.2}s"))
                .collect::<Vec<_>>()
                .join(" "),
            match (r.differences.is_empty(), r.by_design) {
                (true, _) => "identical".to_string(),
                (false, Some(why)) => format!("differs by design: {why}"),
                (false, None) => r.differences.join("; "),
            }
        );
        r
    });
    let wall = started.elapsed().as_secs_f64();
    let same = rows.iter().filter(|r| !r.differs()).count();
    let list = (counts.iter())
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    eprintln!(
        "worker counts {list}: {same}/{} models identical (or differing by design), {wall:.0} s",
        rows.len()
    );
    let suite = if regress.is_some() {
        "workers-tlcregress"
    } else {
        "workers-corpus"
    };
    let md = markdown(&rows, &list, regress.is_some(), wall);
    let status = write_section(args.out.as_deref(), suite, &md);
    if status != 0 {
        return status;
    }
    u8::from(same != rows.len())
}

fn run_entry(exe: &Path, args: &Args, counts: &[u32], m: &Json, regress: Option<&Path>) -> Row {
    let id = m["id"].as_str().unwrap_or("?").to_string();
    let tlc_seconds = m["tlc"]["seconds"].as_f64().unwrap_or(1.0);
    let limit = Duration::from_secs_f64((tlc_seconds * args.time_factor).max(20.0));
    let mut times = Vec::new();
    let mut differences = Vec::new();
    let mut first: Option<(u32, Result)> = None;
    for &w in counts {
        let command = match regress {
            Some(suite) => regress_command(exe, suite, m, w),
            None => {
                let mut c = model_command(exe, &args.corpus, m, w);
                c.arg("--json");
                c
            }
        };
        let (result, secs) = match run_child(command, limit) {
            Ran::Finished {
                status,
                stdout,
                stderr,
                seconds,
            } => (read(status, &stdout, &stderr), seconds),
            Ran::TimedOut { seconds } => {
                times.push(seconds);
                differences.push(format!(
                    "at {w} workers: timeout after {:.0}s",
                    limit.as_secs_f64()
                ));
                continue;
            }
            Ran::Failed(e) => {
                differences.push(format!("at {w} workers: could not start: {e}"));
                continue;
            }
        };
        times.push(secs);
        match &first {
            None => first = Some((w, result)),
            Some((w0, r0)) => {
                let mut d = Vec::new();
                if r0.exit != result.exit {
                    d.push(format!("exit {:?}, {:?} at {w0}", result.exit, r0.exit));
                }
                diff_json("", &r0.out, &result.out, &mut d);
                let n = d.len();
                d.truncate(5);
                if n > 5 {
                    d.push(format!("and {} more", n - 5));
                }
                if !d.is_empty() {
                    differences.push(format!("at {w} workers: {}", d.join(", ")));
                }
            }
        }
    }
    let by_design = (BY_DESIGN.iter())
        .find(|(m, _)| *m == id && regress.is_none())
        .map(|(_, why)| *why);
    Row {
        id,
        seconds: times,
        differences,
        by_design,
    }
}

/// A regression model's run as conformance_regress runs it, at `workers`, with `--json`.
fn regress_command(exe: &Path, suite: &Path, entry: &Json, workers: u32) -> Command {
    let mut command = Command::new(exe);
    command
        .current_dir(suite.join(entry["folder"].as_str().unwrap_or("")))
        .arg("tlc")
        .args(super::conformance_regress::tlc_arguments(entry, workers))
        .args(["--progress", "never", "--json"]);
    command
}

fn read(exit: Option<i32>, stdout: &str, stderr: &str) -> Result {
    // A spec's Print output comes first; the result is the last line.
    let last = stdout.trim().lines().last().unwrap_or("");
    let out = match serde_json::from_str::<Json>(last) {
        Ok(mut j @ Json::Object(_)) => {
            volatile(&mut j);
            j
        }
        _ => serde_json::json!({ "stdout": stdout, "stderr": stderr }),
    };
    Result { exit, out }
}

/// Removes what two runs of one search may differ in, whatever their worker counts:
/// - `seconds`: the wall time of the run.
/// - `violated` when it is `__DebuggerExpr__<ms>`: the name of an -inv/-invlevel invariant
///   is the run's start in milliseconds, as TLC's is (docs/CONFORMANCE.md); the rest of the
///   name is kept.
///
/// The worker count itself is not in the result. Everything else must be equal: the
/// figures, states left on the queue, the counterexample state by state (a parallel search
/// must report the same first violation), the lasso, coverage counts, the error message.
fn volatile(j: &mut Json) {
    let Some(o) = j.as_object_mut() else { return };
    o.remove("seconds");
    let debugger = (o.get("violated").and_then(Json::as_str))
        .and_then(|v| v.strip_prefix("__DebuggerExpr__"))
        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
    if debugger {
        o.insert("violated".into(), "__DebuggerExpr__<ms>".into());
    }
}

/// Each path at which `a` and `b` differ, as `path: b's value, a's value`.
fn diff_json(path: &str, a: &Json, b: &Json, out: &mut Vec<String>) {
    let show = |v: &Json| {
        let s = v.to_string();
        if s.chars().count() > 80 {
            format!("{}...", s.chars().take(80).collect::<String>())
        } else {
            s
        }
    };
    match (a, b) {
        (Json::Object(x), Json::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let null = &Json::Null;
                diff_json(&p, x.get(k).unwrap_or(null), y.get(k).unwrap_or(null), out);
            }
        }
        (Json::Array(x), Json::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                diff_json(&format!("{path}[{i}]"), u, v, out);
            }
        }
        _ if a != b => out.push(format!("{path}: {}, {} first", show(b), show(a))),
        _ => {}
    }
}

fn markdown(rows: &[Row], counts: &str, regress: bool, wall: f64) -> String {
    use std::fmt::Write;
    let same = rows.iter().filter(|r| !r.differs()).count();
    let designed = (rows.iter())
        .filter(|r| r.by_design.is_some() && !r.differences.is_empty())
        .count();
    let mut s = String::new();
    let what = if regress {
        "TLC's regression models"
    } else {
        "the corpus"
    };
    let _ = writeln!(s, "### Worker counts {counts}: {what}\n");
    let _ = writeln!(
        s,
        "Each model run at every count with `--json`, the exit status and the whole JSON result \
         compared with the first count's (wall time and a `-inv` invariant's time-stamped name \
         aside). **{same} / {} without a difference of ours** ({} identical, {designed} \
         differing by the spec's own design), {wall:.0} s wall.\n",
        rows.len(),
        same - designed
    );
    let differ: Vec<&Row> = rows.iter().filter(|r| !r.differences.is_empty()).collect();
    if !differ.is_empty() {
        let _ = writeln!(s, "| model | difference |\n|---|---|");
        for r in differ {
            let what = match r.by_design {
                Some(why) => format!("by design: {why}"),
                None => r.differences.join("; "),
            };
            let _ = writeln!(s, "| {} | {} |", r.id, what.replace('|', "\\|"));
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_time_and_a_time_stamped_invariant_name_are_not_compared() {
        let a = read(
            Some(12),
            "{\"seconds\":1.5,\"violated\":\"__DebuggerExpr__1796216784491\",\"distinct\":3}",
            "",
        );
        let b = read(
            Some(12),
            "Print\n{\"seconds\":0.2,\"violated\":\"__DebuggerExpr__1796216788311\",\"distinct\":3}\n",
            "",
        );
        assert_eq!(a, b);
        let c = read(Some(12), "{\"violated\":\"Inv\",\"distinct\":3}", "");
        let d = read(Some(12), "{\"violated\":\"Inv2\",\"distinct\":3}", "");
        assert_ne!(c, d);
    }

    #[test]
    fn every_differing_path_is_named() {
        let a = json!({"distinct": 3, "trace": [{"state": {"x": "1"}}, {"state": {"x": "2"}}]});
        let b = json!({"distinct": 4, "trace": [{"state": {"x": "1"}}, {"state": {"x": "3"}}]});
        let mut d = Vec::new();
        diff_json("", &a, &b, &mut d);
        assert_eq!(
            d,
            [
                "distinct: 4, 3 first",
                "trace[1].state.x: \"3\", \"2\" first"
            ]
        );
    }
}
