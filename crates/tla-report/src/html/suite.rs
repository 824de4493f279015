//! The page of `tlacheck verify --html`: every item's verdict, the mutation score, the
//! coverage entries and property links, and the counterexample of each item that did not
//! hold (or of a finding), its steps tied to the code by the suite's action map.

use super::states::Labelled;
use super::{esc, facts, status_class, Page};
use std::fmt::Write;
use tla_check::progress::grouped;
use tla_suite::coverage::EntryOutcome;
use tla_suite::report::Extras;
use tla_suite::runner::{Kind, Outcome, Status};

/// The suite run, beside its outcomes.
pub struct SuiteRun<'a> {
    pub suite: &'a str,
    pub manifest: &'a str,
    pub version: &'a str,
    pub exit_code: u8,
    pub seconds: f64,
}

fn verdict(s: Status) -> String {
    let word = match s {
        Status::Held => "ok",
        Status::Failed => "FAILED",
        Status::CouldNotRun => "COULD NOT RUN",
    };
    format!("<span class=\"{}\">{word}</span>", status_class(s))
}

/// Killed over mutants that could be run (an invalid mutant, one the checker refuses, counts
/// neither way), as `tlacheck mutants` scores a campaign.
fn mutation_score(outcomes: &[Outcome]) -> Option<(usize, usize)> {
    let valid: Vec<&Outcome> = (outcomes.iter())
        .filter(|o| o.item.kind == Kind::Mutant && !o.message.starts_with("invalid"))
        .collect();
    let caught = valid.iter().filter(|o| o.status == Status::Held).count();
    (!valid.is_empty()).then_some((caught, valid.len()))
}

fn results_table(outcomes: &[Outcome]) -> String {
    let mut t = String::from(
        "<table class=\"grid results\">\n<tr><th>Kind</th><th>Name</th><th>Spec</th><th>Config</th><th>Verdict</th><th>Message</th><th>Distinct</th><th>Generated</th><th>Depth</th><th>Time</th></tr>\n",
    );
    for o in outcomes {
        let (d, g, depth) = o.figures.as_ref().map_or(Default::default(), |f| {
            (
                grouped(f.distinct),
                grouped(f.generated),
                f.depth.to_string(),
            )
        });
        let _ = writeln!(
            t,
            "<tr class=\"item {}\" data-kind=\"{}\"><td>{}</td><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td><td><pre class=\"msg\">{}</pre></td><td>{d}</td><td>{g}</td><td>{depth}</td><td>{:.1} s{}</td></tr>",
            status_class(o.status),
            esc(o.item.kind.word()),
            esc(o.item.kind.word()),
            esc(&o.item.name),
            esc(&o.item.spec),
            esc(&o.item.config),
            verdict(o.status),
            esc(&o.message),
            o.seconds,
            if o.over_budget { " (over budget)" } else { "" }
        );
    }
    t.push_str("</table>\n");
    t
}

fn coverage_table(coverage: &[EntryOutcome]) -> String {
    let mut t = String::from(
        "<table class=\"grid coverage\">\n<tr><th>Verdict</th><th>File</th><th>Code</th><th>Action</th><th>Message</th></tr>\n",
    );
    for c in coverage {
        let _ = writeln!(
            t,
            "<tr class=\"entry {}\"><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>",
            status_class(c.status),
            verdict(c.status),
            esc(&c.file),
            esc(&c.code),
            esc(&c.action),
            esc(&c.message)
        );
    }
    t.push_str("</table>\n");
    t
}

fn links_table(extras: &Extras) -> String {
    let mut t = String::from(
        "<table class=\"grid properties\">\n<tr><th>Verdict</th><th>Property</th><th>Test</th><th>File</th><th>Message</th></tr>\n",
    );
    for l in &extras.links {
        let _ = writeln!(
            t,
            "<tr class=\"link {}\"><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>",
            status_class(l.status),
            verdict(l.status),
            esc(&l.name),
            esc(&l.test),
            esc(&l.file),
            esc(&l.message)
        );
    }
    t.push_str("</table>\n");
    t
}

/// A wide table, scrolled on its own rather than widening the page.
fn scroll(table: &str) -> String {
    format!("<div class=\"scroll\">{table}</div>")
}

/// The whole page of one suite run.
pub fn suite_page(
    run: &SuiteRun,
    outcomes: &[Outcome],
    coverage: &[EntryOutcome],
    extras: &Extras,
) -> String {
    let mut page = Page::new(&format!("tlacheck verify {}", run.suite));
    let count = |s: Status| {
        outcomes.iter().filter(|o| o.status == s).count()
            + coverage.iter().filter(|c| c.status == s).count()
            + extras.links.iter().filter(|l| l.status == s).count()
    };
    let score = match mutation_score(outcomes) {
        Some((caught, of)) => format!(
            "<span class=\"score\">{:.1}%</span> ({caught} of {of} mutants caught)",
            100.0 * caught as f64 / of as f64
        ),
        None => "no mutants run".into(),
    };
    let rows = [
        ("Suite", esc(run.suite)),
        ("Manifest", format!("<code>{}</code>", esc(run.manifest))),
        (
            "Outcome",
            format!(
                "{} held, {} failed, {} could not run (exit {})",
                count(Status::Held),
                count(Status::Failed),
                count(Status::CouldNotRun),
                run.exit_code
            ),
        ),
        ("Mutation score", score),
        ("Time", format!("{:.1} s", run.seconds)),
        ("tlacheck", esc(run.version)),
    ];
    page.section("Summary", "summary", &facts(&rows));
    page.section("Results", "results", &scroll(&results_table(outcomes)));
    if !coverage.is_empty() {
        page.section("Coverage", "coverage", &scroll(&coverage_table(coverage)));
    }
    if !extras.links.is_empty() {
        page.section("Properties", "properties", &scroll(&links_table(extras)));
    }
    let traced: Vec<(usize, &Outcome)> = (outcomes.iter().enumerate())
        .filter(|(_, o)| {
            let has = o.figures.as_ref().is_some_and(|f| !f.trace.is_empty());
            has && (o.status == Status::Failed || o.item.kind == Kind::Finding)
        })
        .collect();
    if traced.is_empty() {
        return page.finish();
    }
    page.search_box();
    let mut html = String::new();
    for (i, o) in traced {
        let Some(f) = &o.figures else { continue };
        let id = format!("t{}", i + 1);
        let code = (f.trace.iter())
            .map(|st| {
                (extras.actions)
                    .code_of(&o.item.spec, st.module.as_deref(), st.definition.as_deref())
                    .to_vec()
            })
            .collect();
        let trace = Labelled {
            id: &id,
            steps: &f.trace,
            lasso: f.lasso.as_deref(),
            code,
            word: "State",
            order: &f.variables,
        };
        // The check an item belongs to, when it is not the item itself (a witness's, a
        // mutant's).
        let of = match o.item.check == o.item.name {
            true => String::new(),
            false => format!("of {}, ", o.item.check),
        };
        let _ = write!(
            html,
            "<h3>{} {} ({}{}, {}): {}</h3>\n{}",
            esc(o.item.kind.word()),
            esc(&o.item.name),
            esc(&of),
            esc(&o.item.spec),
            esc(&o.item.config),
            esc(o.message.lines().next().unwrap_or("")),
            trace.html()
        );
    }
    page.section("Counterexamples", "counterexamples", &html);
    page.finish()
}
