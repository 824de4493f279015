//! The page of `tlacheck check --html`: the run's summary and its counterexample.

use super::states::Labelled;
use super::{esc, facts, Page};
use tla_check::progress::grouped;
use tla_check::summary::Summary;

/// What the run was asked, beside its result.
pub struct RunInfo {
    pub spec: String,
    pub config: String,
    /// `N = value` as the .cfg writes each constant (and `N <- D` replacements).
    pub constants: Vec<String>,
    /// tlacheck's version.
    pub version: String,
    /// How the states were explored: `breadth-first search`, `simulation ...`.
    pub mode: String,
}

/// The run's facts: what was checked, with which constants, and what came of it.
pub(crate) fn summary_rows(info: &RunInfo, s: &Summary) -> Vec<(&'static str, String)> {
    let constants = if info.constants.is_empty() {
        "none".to_string()
    } else {
        let items: Vec<String> = (info.constants.iter())
            .map(|c| format!("<li><code>{}</code></li>", esc(c)))
            .collect();
        format!("<ul class=\"constants\">{}</ul>", items.concat())
    };
    let outcome_class = if s.succeeded() { "held" } else { "failed" };
    let mut outcome = format!(
        "<span class=\"{outcome_class} outcome\">{}</span>",
        esc(&s.outcome)
    );
    // The property's name; a deadlock or an error says itself (the error in its section).
    if let Some(v) = &s.violated {
        outcome.push_str(&format!(": <code class=\"violated\">{}</code>", esc(v)));
    }
    vec![
        ("Spec", format!("<code>{}</code>", esc(&info.spec))),
        ("Config", format!("<code>{}</code>", esc(&info.config))),
        ("Constants", constants),
        ("Mode", esc(&info.mode)),
        ("Outcome", outcome),
        ("Distinct states", grouped(s.distinct)),
        ("States generated", grouped(s.generated)),
        ("Depth", s.depth.to_string()),
        (
            "Time",
            s.seconds.map_or("?".into(), |t| format!("{t:.2} s")),
        ),
        ("Exit code", s.exit_code.to_string()),
        ("tlacheck", esc(&info.version)),
    ]
}

/// The whole page of one check; `continued`: with -continue, each violation the search went
/// on after, with its counterexample.
pub fn check_page(info: &RunInfo, s: &Summary, continued: &[Summary]) -> String {
    let mut page = Page::new(&format!("tlacheck check {}", info.spec));
    let mut rows = summary_rows(info, s);
    if !continued.is_empty() {
        let n = format!("{}, the search went on after each", continued.len());
        rows.insert(5, ("Violations found", n));
    }
    page.section("Summary", "summary", &facts(&rows));
    if let Some(e) = &s.error {
        page.section(
            "Error",
            "error",
            &format!("<pre class=\"msg\">{}</pre>", esc(e)),
        );
    }
    for (k, c) in continued.iter().enumerate() {
        let n = k + 1;
        let what = c.violation().unwrap_or_else(|| c.outcome.clone());
        let id = format!("c{n}");
        let trace = Labelled {
            id: &id,
            steps: &c.trace,
            lasso: c.lasso.as_deref(),
            code: Vec::new(),
            word: "State",
            order: &c.variables,
        };
        if !c.trace.is_empty() {
            page.search_box();
        }
        page.section(
            &format!("Violation {n} of {}: {what}", continued.len()),
            &format!("violation-{n}"),
            &trace.html(),
        );
    }
    if !s.trace.is_empty() {
        page.search_box();
        let trace = Labelled {
            id: "s",
            steps: &s.trace,
            lasso: s.lasso.as_deref(),
            code: Vec::new(),
            word: "State",
            order: &s.variables,
        };
        let heading = match (&s.violated, s.outcome.as_str()) {
            (Some(v), _) => format!("Counterexample: {v}"),
            (None, "deadlock failure") => "Counterexample: deadlock".to_string(),
            (None, "error") => "The behaviour up to the error".to_string(),
            _ => "Counterexample".to_string(),
        };
        page.section(&heading, "counterexample", &trace.html());
    }
    page.finish()
}

/// The page of a check that stopped before a result (a parse error, a bad .cfg): what was
/// asked and the message, as printed.
pub fn not_run_page(info: &RunInfo, message: &str, exit_code: u8) -> String {
    let mut page = Page::new(&format!("tlacheck check {}", info.spec));
    let rows = [
        ("Spec", format!("<code>{}</code>", esc(&info.spec))),
        ("Config", format!("<code>{}</code>", esc(&info.config))),
        (
            "Outcome",
            "<span class=\"couldnotrun outcome\">could not run</span>".to_string(),
        ),
        ("Exit code", exit_code.to_string()),
        ("tlacheck", esc(&info.version)),
    ];
    page.section("Summary", "summary", &facts(&rows));
    page.section(
        "Error",
        "error",
        &format!("<pre class=\"msg\">{}</pre>", esc(message)),
    );
    page.finish()
}
