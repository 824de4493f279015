//! `--annotate github`: GitHub Actions workflow commands, one `::error` per violation, parse
//! error or failed suite item, each at the definition concerned (the violated invariant or
//! property, the mutated operator, the event a trace was rejected at), so the failure shows
//! on that line of the pull request.

use crate::locate::{self, Place};
use std::fmt;
use std::path::{Path, PathBuf};
use tla_check::summary::Summary;
use tla_suite::cfg_edit::{self, Section};
use tla_suite::coverage::{mask::Lang, scan, EntryOutcome};
use tla_suite::manifest::Manifest;
use tla_suite::modules::ModuleTree;
use tla_suite::properties::LinkOutcome;
use tla_suite::runner::{Expectation, Kind, Outcome, Status};

/// One `::error file=F,line=L,col=C,title=T::message` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation {
    pub place: Place,
    pub title: String,
    pub message: String,
}

/// A workflow command's data: `%`, CR and LF escaped.
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: `:` and `,` escaped too.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "::error file={},line={},col={},title={}::{}",
            property(&self.place.file),
            self.place.line,
            self.place.col,
            property(&self.title),
            data(&self.message)
        )
    }
}

/// Every annotation, one line each.
pub fn render(annotations: &[Annotation]) -> String {
    annotations.iter().map(|a| format!("{a}\n")).collect()
}

fn at(place: Place, title: &str, message: String) -> Annotation {
    Annotation {
        place,
        title: title.to_string(),
        message,
    }
}

/// The errors of a text of diagnostics (`file:line:col: message` lines: a parse or semantic
/// error, a bad .cfg or manifest), one annotation each; the whole text at `fallback` when it
/// has none.
pub fn diagnostics(text: &str, fallback: &Path) -> Vec<Annotation> {
    let found: Vec<Annotation> = (text.lines())
        .filter_map(locate::diagnostic_line)
        .map(|(p, m)| at(p, "tlacheck", m))
        .collect();
    if !found.is_empty() || text.trim().is_empty() {
        return found;
    }
    vec![at(
        Place::start_of(fallback),
        "tlacheck",
        text.trim().to_string(),
    )]
}

/// What was violated, in TLC's words, and the definition it names.
fn violation(s: &Summary, cfg: &str) -> (String, Option<String>) {
    let Some(name) = s.violated.clone() else {
        return match s.outcome.as_str() {
            "deadlock failure" => ("Deadlock reached".into(), None),
            "error" => (
                format!(
                    "Error: {}",
                    s.error.as_deref().unwrap_or("evaluation failed").trim()
                ),
                None,
            ),
            other => (other.to_string(), None),
        };
    };
    if let Some(p) = name.strip_prefix("POSTCONDITION ") {
        return (
            format!("Postcondition {p} is violated"),
            Some(p.to_string()),
        );
    }
    let what = match (cfg_edit::section_of(cfg, &name), s.outcome.as_str()) {
        (Some(Section::Invariant), _) => "Invariant",
        (_, "liveness failure") => "Temporal property",
        _ => "Property",
    };
    (format!("{what} {name} is violated"), Some(name))
}

/// Where a failed check points: the violated definition; for a deadlock the next-state
/// relation; for an error the place TLC's message names; else the spec's first line.
fn check_place(
    tree: Option<&ModuleTree>,
    spec: &Path,
    cfg: &str,
    s: &Summary,
    def: Option<&str>,
) -> Place {
    let Some(tree) = tree else {
        return Place::start_of(spec);
    };
    let next = || {
        let names = cfg_edit::names_in(cfg, &["NEXT", "SPECIFICATION"]);
        names.iter().find_map(|n| locate::definition(tree, n))
    };
    let found = match (def, s.outcome.as_str()) {
        (Some(d), _) => locate::definition(tree, d),
        (None, "deadlock failure") => next(),
        (None, _) => s
            .error
            .as_deref()
            .and_then(|e| locate::tlc_location(tree, e)),
    };
    found.unwrap_or_else(|| Place::start_of(spec))
}

fn with_states(message: String, s: &Summary) -> String {
    match s.trace_len {
        Some(n) => format!("{message} (counterexample of {n} states)"),
        None => message,
    }
}

/// The annotation of one `tlacheck check` run: none when it passed.
pub fn check(spec: &Path, library: &[PathBuf], cfg: &str, s: &Summary) -> Vec<Annotation> {
    if s.succeeded() {
        return Vec::new();
    }
    let tree = locate::tree(spec, library);
    let (message, def) = violation(s, cfg);
    let place = check_place(tree.as_ref(), spec, cfg, s, def.as_deref());
    vec![at(place, "tlacheck check", with_states(message, s))]
}

/// The annotation of a rejected trace: at the event no state of the spec agrees with.
pub fn rejection(file: &str, r: &tla_trace::explain::Rejection) -> Annotation {
    at(
        Place {
            file: locate::shown(Path::new(r.file.as_deref().unwrap_or(file))),
            line: r.line,
            col: 1,
        },
        "tlacheck trace validate",
        format!(
            "Trace rejected at step {}: no behaviour of the spec takes this event",
            r.step
        ),
    )
}

/// `(file:line)` in a trace item's message: the event it was rejected at.
fn rejected_event(message: &str) -> Option<Place> {
    let open = message.find('(')?;
    let inner = &message[open + 1..open + message[open..].find(')')?];
    let (file, line) = inner.rsplit_once(':')?;
    Some(Place {
        file: locate::shown(Path::new(file)),
        line: line.parse().ok()?,
        col: 1,
    })
}

/// The definition an item is about, by what it expects.
fn concerned(m: &Manifest, o: &Outcome) -> Option<String> {
    let violated = o.figures.as_ref().and_then(|f| f.violated.clone());
    match &o.item.expect {
        Expectation::Holds => violated,
        Expectation::Violated(p) | Expectation::Reproduces(p) => Some(p.clone()),
        Expectation::Reached { property, .. } => Some(property.clone()),
        Expectation::CaughtBy(_) => (m.mutants.iter())
            .find(|mu| mu.name.get_ref() == &o.item.name)
            .map(|mu| mu.operator.get_ref().clone()),
        Expectation::Trace(_) => None,
    }
}

/// The manifest entry of an item, for what has no place in a spec.
fn entry(m: &Manifest, o: &Outcome) -> Place {
    match o.item.kind {
        Kind::Check | Kind::NegativeControl => locate::manifest_entry(m, "name", &o.item.name),
        Kind::Witness => locate::manifest_entry(m, "check", &o.item.check),
        Kind::Mutant | Kind::Finding => locate::manifest_entry(m, "name", &o.item.name),
        Kind::Trace => locate::manifest_entry(m, "spec", &o.item.spec),
    }
}

fn item(m: &Manifest, o: &Outcome) -> Annotation {
    let title = format!("tlacheck verify: {} {}", o.item.kind.word(), o.item.name);
    let message = o.message.trim().to_string();
    if o.status == Status::CouldNotRun {
        let place = locate::diagnostic(&o.message).map_or_else(|| entry(m, o), |(p, _)| p);
        return at(place, &title, message);
    }
    if o.item.kind == Kind::Trace {
        let place = rejected_event(&o.message).unwrap_or_else(|| entry(m, o));
        return at(place, &title, message);
    }
    let req = o.item.request.as_ref().ok();
    let tree = req.and_then(|r| locate::tree(&r.spec, &r.library));
    let place = match (&tree, concerned(m, o)) {
        (Some(t), Some(name)) => locate::definition(t, &name),
        (Some(t), None) => {
            let cfg = req
                .and_then(|r| std::fs::read_to_string(&r.config).ok())
                .unwrap_or_default();
            let s = o.figures.clone().unwrap_or_default();
            Some(check_place(
                Some(t),
                &req.map_or(PathBuf::new(), |r| r.spec.clone()),
                &cfg,
                &s,
                None,
            ))
        }
        (None, _) => None,
    };
    at(place.unwrap_or_else(|| entry(m, o)), &title, message)
}

/// Where a coverage entry's function starts, else its file.
fn coverage_place(m: &Manifest, c: &EntryOutcome) -> Place {
    let path = m.coverage_root().join(&c.file);
    let line = std::fs::read_to_string(&path).ok().and_then(|text| {
        let lang = Lang::of(&c.file)?;
        scan::find_function(&text, lang, &c.code)
            .first()
            .map(|l| l.first + 1)
    });
    Place {
        line: line.unwrap_or(1),
        ..Place::start_of(&path)
    }
}

/// One annotation per item, coverage entry and property link that did not hold.
pub fn suite(
    m: &Manifest,
    outcomes: &[Outcome],
    coverage: &[EntryOutcome],
    links: &[LinkOutcome],
) -> Vec<Annotation> {
    let mut out: Vec<Annotation> = (outcomes.iter())
        .filter(|o| o.status != Status::Held)
        .map(|o| item(m, o))
        .collect();
    for c in coverage.iter().filter(|c| c.status != Status::Held) {
        let title = format!("tlacheck verify: coverage {} {}", c.file, c.code);
        out.push(at(coverage_place(m, c), &title, c.message.clone()));
    }
    for l in links.iter().filter(|l| l.status != Status::Held) {
        let title = format!("tlacheck verify: property {}", l.name);
        let place = locate::manifest_entry(m, "name", &l.name);
        out.push(at(place, &title, l.message.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_escape_their_data_and_properties() {
        let a = at(
            Place {
                file: "specs/a,b.tla".into(),
                line: 3,
                col: 5,
            },
            "tlacheck: x",
            "100% wrong\nsecond line".into(),
        );
        assert_eq!(
            a.to_string(),
            "::error file=specs/a%2Cb.tla,line=3,col=5,title=tlacheck%3A x::100%25 wrong%0Asecond line"
        );
    }

    #[test]
    fn a_diagnostic_text_gives_one_annotation_per_located_line() {
        let text = "Bad.tla:3:13: Unknown operator: `y'.\nInit == x = y\n            ^\nError: Parsing or semantic analysis failed.\n";
        let a = diagnostics(text, Path::new("Bad.tla"));
        assert_eq!(a.len(), 1);
        assert_eq!((a[0].place.line, a[0].place.col), (3, 13));
        assert_eq!(a[0].message, "Unknown operator: `y'.");
        let none = diagnostics("cannot read the spec\n", Path::new("S.tla"));
        assert_eq!(
            (none[0].place.file.as_str(), none[0].place.line),
            ("S.tla", 1)
        );
    }

    #[test]
    fn a_trace_items_message_names_its_event() {
        let p = rejected_event("rejected at step 3 (logs/a.ndjson:7), expected at step 2");
        assert_eq!(
            p.map(|p| (p.file, p.line)),
            Some(("logs/a.ndjson".into(), 7))
        );
    }
}
