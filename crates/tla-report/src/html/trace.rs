//! The page of `tlacheck trace validate --html`: the verdict, and for a rejected trace the
//! longest matched prefix as states, then the rejected event and, for each state the trace
//! could have been in, each action tried and the logged fields that differ from the spec's.

use super::states::Labelled;
use super::{esc, facts, value, Page};
use std::fmt::Write;
use tla_check::summary::Step;
use tla_trace::explain::{Outcome, Rejection};
use tla_trace::Verdict;

pub struct TraceRun<'a> {
    pub spec: &'a str,
    pub config: &'a str,
    pub traces: &'a [String],
    pub version: &'a str,
    pub seconds: f64,
}

/// The prefix's states as the checker prints values, one step each.
fn prefix_steps(r: &Rejection) -> Vec<Step> {
    (r.prefix.iter().enumerate())
        .map(|(i, values)| Step {
            // State k agrees with event k (the first is the initial state).
            action: match i {
                0 => "<Event 1: initial state>".into(),
                _ => format!("<Event {}>", i + 1),
            },
            state: (r.vars.iter().zip(values))
                .map(|(n, v)| (n.clone(), v.to_string().into()))
                .collect(),
            ..Step::default()
        })
        .collect()
}

fn candidates(r: &Rejection) -> String {
    let mut out = String::new();
    for (i, c) in r.candidates.iter().enumerate() {
        let _ = writeln!(
            out,
            "<div class=\"candidate\" data-candidate=\"{}\"><h3>Candidate state {}</h3>",
            i + 1,
            i + 1
        );
        out.push_str("<table class=\"grid tries\">\n<tr><th>Action</th><th>Result</th></tr>\n");
        for t in &c.tries {
            let result = match &t.outcome {
                Outcome::NotEnabled => "not enabled".to_string(),
                Outcome::Error(e) => format!("<pre class=\"msg\">{}</pre>", esc(e)),
                Outcome::Differs(diffs) => {
                    let mut d = String::from("<table class=\"diffs\"><tr><th>field</th><th>spec</th><th>logged</th></tr>");
                    for x in diffs {
                        let _ = write!(
                            d,
                            "<tr class=\"var changed diff\" data-var=\"{0}\"><th>{0}</th><td class=\"new\">{1}</td><td class=\"old\">{2}</td></tr>",
                            esc(&x.var),
                            value::html(&x.expected),
                            value::html(&x.logged)
                        );
                    }
                    d.push_str("</table>");
                    d
                }
            };
            let _ = writeln!(
                out,
                "<tr class=\"try\"><td><code>{}</code></td><td>{result}</td></tr>",
                esc(&t.action)
            );
        }
        out.push_str("</table>");
        if c.omitted > 0 {
            let _ = write!(out, "<p>{} more successors not shown</p>", c.omitted);
        }
        out.push_str("</div>\n");
    }
    if r.omitted > 0 {
        let _ = writeln!(out, "<p>{} more candidate states not shown</p>", r.omitted);
    }
    out
}

/// The whole page of one validation.
pub fn trace_page(run: &TraceRun, verdict: &Verdict) -> String {
    let mut page = Page::new(&format!("tlacheck trace validate {}", run.spec));
    let files: Vec<String> = (run.traces.iter())
        .map(|t| format!("<code>{}</code>", esc(t)))
        .collect();
    let outcome = match verdict {
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => format!(
            "<span class=\"held outcome\">ACCEPTED</span> ({events} events, largest frontier {largest_frontier})"
        ),
        Verdict::Rejected(r) => format!(
            "<span class=\"failed outcome\">REJECTED</span> at step {} (<code>{}:{}</code>), {} candidate state(s)",
            r.step,
            esc(r.file.as_deref().unwrap_or(run.traces.first().map_or("", String::as_str))),
            r.line,
            r.frontier
        ),
    };
    let rows = [
        ("Spec", format!("<code>{}</code>", esc(run.spec))),
        ("Config", format!("<code>{}</code>", esc(run.config))),
        ("Traces", files.join(", ")),
        ("Outcome", outcome),
        ("Time", format!("{:.2} s", run.seconds)),
        ("tlacheck", esc(run.version)),
    ];
    page.section("Summary", "summary", &facts(&rows));
    if let Verdict::Rejected(r) = verdict {
        page.search_box();
        let steps = prefix_steps(r);
        let prefix = Labelled {
            id: "p",
            steps: &steps,
            lasso: None,
            code: Vec::new(),
            word: "State",
            order: &[],
        };
        let intro = format!(
            "<p>{} state(s) agree with the events before step {}.</p>\n",
            steps.len(),
            r.step
        );
        page.section("Matched prefix", "prefix", &(intro + &prefix.html()));
        let mut rejected = format!(
            "<p>Event {} (line {}):</p><pre class=\"msg event\">{}</pre>\n",
            r.step,
            r.line,
            esc(&r.event_text)
        );
        rejected.push_str(&candidates(r));
        for o in &r.others {
            let _ = writeln!(
                rejected,
                "<p>Also failed at this step: <code>{}:{}</code> <code>{}</code></p>",
                esc(&o.file),
                o.line,
                esc(&o.text)
            );
        }
        page.section("Rejected event", "rejected", &rejected);
    }
    page.finish()
}
