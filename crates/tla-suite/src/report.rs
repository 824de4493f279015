//! The end of a run, for people (a table like the seeds' and one line per mutant, witness,
//! finding, trace and coverage entry), for programs (`--report-json`) and for CI (`--junit`).

use crate::coverage::EntryOutcome;
use crate::runner::{Kind, Outcome, Status};
use comfy_table::{presets, CellAlignment, Table};
use std::fmt::Write;

fn verdict_word(s: Status) -> &'static str {
    match s {
        Status::Held => "ok",
        Status::Failed => "FAILED",
        Status::CouldNotRun => "COULD NOT RUN",
    }
}

fn time(seconds: f64) -> String {
    if seconds < 60.0 {
        format!("{seconds:.1}s")
    } else {
        format!(
            "{}m{:02}s",
            (seconds / 60.0) as u64,
            (seconds % 60.0) as u64
        )
    }
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The results table and the sections after it.
pub fn text(outcomes: &[Outcome], coverage: &[EntryOutcome]) -> String {
    let mut out = String::new();
    let checks: Vec<&Outcome> = outcomes
        .iter()
        .filter(|o| matches!(o.item.kind, Kind::Check | Kind::NegativeControl))
        .collect();
    if !checks.is_empty() {
        let mut t = Table::new();
        t.load_preset(presets::ASCII_BORDERS_ONLY_CONDENSED);
        t.set_header([
            "Spec",
            "Config",
            "States generated",
            "Distinct",
            "Depth",
            "Result",
            "Time",
        ]);
        for o in &checks {
            let (g, d, depth) =
                o.figures
                    .as_ref()
                    .map_or((String::new(), String::new(), String::new()), |f| {
                        (
                            thousands(f.generated),
                            thousands(f.distinct),
                            f.depth.to_string(),
                        )
                    });
            let result = match (o.status, o.item.kind) {
                (Status::Held, Kind::Check) => "No error".to_string(),
                (Status::Held, _) => {
                    format!("{} (expected)", o.message.trim_end_matches(", as expected"))
                }
                (s, _) => format!("{}: {}", verdict_word(s), first_line(&o.message)),
            };
            let mut time_cell = time(o.seconds);
            if o.over_budget {
                time_cell.push_str(" (over budget)");
            }
            t.add_row([
                o.item.spec.trim_end_matches(".tla").to_string(),
                o.item.config.clone(),
                g,
                d,
                depth,
                result,
                time_cell,
            ]);
        }
        for i in 2..5 {
            if let Some(c) = t.column_mut(i) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        let _ = writeln!(out, "{t}");
        for o in checks.iter().filter(|o| o.over_budget) {
            let budget = o.item.budget.map_or(0.0, |b| b.as_secs_f64());
            let _ = writeln!(
                out,
                "note: {} took {} (budget {}): over budget, not a failure",
                o.item.name,
                time(o.seconds),
                time(budget)
            );
        }
    }
    for (kind, title) in [
        (Kind::Mutant, "Mutants"),
        (Kind::Witness, "Witnesses"),
        (Kind::Finding, "Findings"),
        (Kind::Trace, "Traces"),
    ] {
        let rows: Vec<&Outcome> = outcomes.iter().filter(|o| o.item.kind == kind).collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{title}");
        for o in rows {
            let scope = match kind {
                Kind::Trace => o.item.spec.clone(),
                _ => format!("{}, {}", o.item.check, o.item.config),
            };
            let word = if kind == Kind::Mutant && o.message.starts_with("invalid") {
                "INVALID"
            } else {
                verdict_word(o.status)
            };
            let _ = writeln!(
                out,
                "  {:<6} {} ({scope}): {}",
                word,
                o.item.name,
                indent(&o.message)
            );
        }
    }
    if !coverage.is_empty() {
        let _ = writeln!(out, "\nCoverage");
        for c in coverage {
            let _ = writeln!(
                out,
                "  {:<6} {} {} (action {}): {}",
                verdict_word(c.status),
                c.file,
                c.code,
                c.action,
                c.message
            );
        }
    }
    out
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

fn indent(s: &str) -> String {
    s.replace('\n', "\n         ")
}

/// The whole run as JSON.
pub fn json(
    suite: &str,
    outcomes: &[Outcome],
    coverage: &[EntryOutcome],
    exit_code: u8,
) -> serde_json::Value {
    let items: Vec<serde_json::Value> = outcomes
        .iter()
        .map(|o| {
            serde_json::json!({
                "kind": o.item.kind,
                "name": o.item.name,
                "check": o.item.check,
                "spec": o.item.spec,
                "config": o.item.config,
                "status": o.status,
                "message": o.message,
                "figures": o.figures,
                "seconds": o.seconds,
                "over_budget": o.over_budget,
            })
        })
        .collect();
    serde_json::json!({
        "suite": suite,
        "exit_code": exit_code,
        "items": items,
        "coverage": coverage,
    })
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JUnit XML: one test case per item and coverage entry; a failure is `<failure>`, a run that
/// could not be made is `<error>`.
pub fn junit(suite: &str, outcomes: &[Outcome], coverage: &[EntryOutcome]) -> String {
    let mut cases = String::new();
    let (mut failures, mut errors) = (0, 0);
    let mut case = |class: &str, name: &str, secs: f64, status: Status, message: &str| {
        let _ = write!(
            cases,
            "  <testcase classname=\"{}\" name=\"{}\" time=\"{secs:.3}\"",
            xml(class),
            xml(name)
        );
        match status {
            Status::Held => cases.push_str("/>\n"),
            Status::Failed => {
                failures += 1;
                let _ = write!(
                    cases,
                    ">\n    <failure message=\"{}\">{}</failure>\n  </testcase>\n",
                    xml(first_line(message)),
                    xml(message)
                );
            }
            Status::CouldNotRun => {
                errors += 1;
                let _ = write!(
                    cases,
                    ">\n    <error message=\"{}\">{}</error>\n  </testcase>\n",
                    xml(first_line(message)),
                    xml(message)
                );
            }
        }
    };
    for o in outcomes {
        let kind = o.item.kind.word().replace(' ', "_");
        case(
            &format!("{suite}.{kind}"),
            &o.item.name,
            o.seconds,
            o.status,
            &o.message,
        );
    }
    for c in coverage {
        case(
            &format!("{suite}.coverage"),
            &format!("{} {}", c.file, c.code),
            0.0,
            c.status,
            &c.message,
        );
    }
    let total = outcomes.len() + coverage.len();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"{}\" tests=\"{total}\" failures=\"{failures}\" errors=\"{errors}\">\n{cases}</testsuite>\n",
        xml(suite)
    )
}
