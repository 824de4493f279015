//! The end of a run, for people (a table like the seeds' and one line per mutant, witness,
//! finding, trace and coverage entry), for programs (`--report-json`) and for CI (`--junit`).

use crate::coverage::{ActionMap, EntryOutcome};
use crate::properties::LinkOutcome;
use crate::runner::{Kind, Outcome, Status};
use comfy_table::{presets, CellAlignment, Table};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What a report shows beside the items and coverage: the `[[property]]` links, each spec's
/// properties no configuration checks, and the action map counterexamples are read with.
#[derive(Debug, Default)]
pub struct Extras {
    pub links: Vec<LinkOutcome>,
    /// Per spec file: the properties it defines that no configuration of the suite checks.
    pub unchecked: BTreeMap<String, Vec<String>>,
    pub actions: ActionMap,
}

/// Whether an item's counterexample is printed: a run that did not hold, and a finding (its
/// trace is the finding).
fn shows_trace(o: &Outcome) -> bool {
    let has = o.figures.as_ref().is_some_and(|f| !f.trace.is_empty());
    has && (o.status == Status::Failed || o.item.kind == Kind::Finding)
}

/// An item's counterexample, one `State N: <Action ...> -> code` line per state and its
/// variables under it.
pub fn counterexample(o: &Outcome, actions: &ActionMap) -> String {
    let mut out = String::new();
    let Some(f) = &o.figures else {
        return out;
    };
    for (i, st) in f.trace.iter().enumerate() {
        let code = actions.code_of(&o.item.spec, st.module.as_deref(), st.definition.as_deref());
        let arrow = if code.is_empty() {
            String::new()
        } else {
            format!(" -> {}", code.join(", "))
        };
        let _ = writeln!(out, "State {}: {}{arrow}", i + 1, st.action);
        for (var, value) in &st.state {
            let v = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_string);
            let _ = writeln!(out, "/\\ {var} = {v}");
        }
    }
    if let Some(back) = f.lasso.as_ref().and_then(|l| l.back_to_state) {
        let _ = writeln!(out, "Back to state {back}");
    } else if f.lasso.as_ref().is_some_and(|l| l.stuttering == Some(true)) {
        let _ = writeln!(out, "Stuttering");
    }
    out
}

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

/// The results table and the sections after it.
pub fn text(outcomes: &[Outcome], coverage: &[EntryOutcome], extras: &Extras) -> String {
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
                            tla_check::progress::grouped(f.generated),
                            tla_check::progress::grouped(f.distinct),
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
        // What each result claims: the bounds it was checked at, what it checked, and what
        // the specs define that no configuration checks.
        let _ = writeln!(out, "\nClaims");
        for o in &checks {
            let c = &o.item.claim;
            let _ = writeln!(
                out,
                "  {} ({}): bounds {}; checks {}",
                o.item.name,
                o.item.config,
                or_none(&c.bounds),
                or_none(&c.checked)
            );
        }
        for (spec, names) in &extras.unchecked {
            if !names.is_empty() {
                let _ = writeln!(
                    out,
                    "  not checked by any configuration ({spec}): {}",
                    names.join(", ")
                );
            }
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
    if !extras.links.is_empty() {
        let _ = writeln!(out, "\nProperties");
        for l in &extras.links {
            let _ = writeln!(
                out,
                "  {:<6} {} ({} in {}): {}",
                verdict_word(l.status),
                l.name,
                l.test,
                l.file,
                l.message
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
    let traced: Vec<&Outcome> = outcomes.iter().filter(|o| shows_trace(o)).collect();
    if !traced.is_empty() {
        let _ = writeln!(out, "\nCounterexamples");
        for o in traced {
            let _ = writeln!(
                out,
                "  {} {} ({}, {}): {}",
                o.item.kind.word(),
                o.item.name,
                o.item.check,
                o.item.config,
                first_line(&o.message)
            );
            for line in counterexample(o, &extras.actions).lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
    }
    out
}

fn or_none(v: &[String]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
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
    extras: &Extras,
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
                "bounds": o.item.claim.bounds,
                "checked": o.item.claim.checked,
                "unchecked": extras.unchecked.get(&o.item.spec),
                "counterexample": steps(o, &extras.actions),
            })
        })
        .collect();
    serde_json::json!({
        "suite": suite,
        "exit_code": exit_code,
        "items": items,
        "coverage": coverage,
        "properties": extras.links,
        "unchecked_properties": extras.unchecked,
    })
}

/// Each state of an item's counterexample with its action and the code that maps to it.
fn steps(o: &Outcome, actions: &ActionMap) -> Vec<serde_json::Value> {
    let Some(f) = &o.figures else {
        return Vec::new();
    };
    (f.trace.iter().enumerate())
        .map(|(i, st)| {
            serde_json::json!({
                "state": i + 1,
                "action": st.action,
                "definition": st.definition,
                "code": actions.code_of(&o.item.spec, st.module.as_deref(), st.definition.as_deref()),
            })
        })
        .collect()
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JUnit XML: one test case per item and coverage entry; a failure is `<failure>`, a run that
/// could not be made is `<error>`.
pub fn junit(
    suite: &str,
    outcomes: &[Outcome],
    coverage: &[EntryOutcome],
    links: &[LinkOutcome],
) -> String {
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
    for l in links {
        case(
            &format!("{suite}.property"),
            &l.name,
            0.0,
            l.status,
            &l.message,
        );
    }
    let total = outcomes.len() + coverage.len() + links.len();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"{}\" tests=\"{total}\" failures=\"{failures}\" errors=\"{errors}\">\n{cases}</testsuite>\n",
        xml(suite)
    )
}
