//! The run of a suite: the manifest's checks, negative controls, witnesses, declared mutants,
//! findings and traces become items; each item is one model check (run in parallel by an
//! [`Executor`]) judged against what the manifest expects of it.

use crate::cfg_edit::{self, Section};
use crate::claims::{self, Claim};
use crate::exec::{self, Executor, RunRequest, RunResult, Summary};
use crate::manifest::{Check, Manifest, TraceExpect};
use crate::modules::ModuleTree;
use crate::mutants::declared;
use crate::spec_text;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

/// What the user asked to run.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// `None`: every tier.
    pub tier: Option<crate::manifest::Tier>,
    /// Names of checks (and of mutants, findings, witnesses' checks) to run; empty: all.
    pub only: Vec<String>,
    /// `(i, n)`, 1-based: run the items whose index is `i - 1` modulo `n`.
    pub shard: Option<(usize, usize)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Check,
    NegativeControl,
    Witness,
    Mutant,
    Finding,
    Trace,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Check => "check",
            Kind::NegativeControl => "negative control",
            Kind::Witness => "witness",
            Kind::Mutant => "mutant",
            Kind::Finding => "finding",
            Kind::Trace => "trace",
        }
    }
}

/// What an item must show.
#[derive(Clone, Debug)]
pub enum Expectation {
    Holds,
    Violated(String),
    Reached {
        property: String,
        within: Option<u64>,
    },
    CaughtBy(String),
    Reproduces(String),
    Trace(TraceWant),
}

#[derive(Clone, Debug)]
pub enum TraceWant {
    Accepted,
    RejectedAt(u64),
}

/// One thing to check.
#[derive(Clone, Debug)]
pub struct Item {
    pub kind: Kind,
    pub name: String,
    pub check: String,
    pub spec: String,
    pub config: String,
    pub expect: Expectation,
    pub budget: Option<Duration>,
    /// The run, or why it cannot be made (exit 2).
    pub request: Result<RunRequest, String>,
    /// A trace item's files (one, or one per process).
    pub trace_files: Vec<PathBuf>,
    /// The run's bounds and the properties its .cfg checks.
    pub claim: Claim,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Held,
    Failed,
    CouldNotRun,
}

/// An item's verdict.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub item: Item,
    pub status: Status,
    /// One line: what happened, in the user's words.
    pub message: String,
    pub figures: Option<Summary>,
    pub seconds: f64,
    pub over_budget: bool,
}

/// The seam for trace validation: the CLI passes the tla-trace crate's validator once it
/// lands; until then `None`, and a `[[trace]]` cannot run (exit 2).
pub trait TraceValidator: Sync {
    /// `Ok(None)`: accepted; `Ok(Some(r))`: rejected at that step; `Err`: could not run.
    fn validate(
        &self,
        run: &RunRequest,
        traces: &[PathBuf],
    ) -> Result<Option<TraceRejection>, String>;
}

/// Where every order of a trace's events fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceRejection {
    /// 1-based, in the merged order when the entry has several files.
    pub step: u64,
    /// The event's file and line, for a reader who opens the log.
    pub file: String,
    pub line: usize,
}

/// Builds the items the selection asks for, in manifest order, then the shard's part of them.
pub fn plan(m: &Manifest, sel: &Selection) -> Vec<Item> {
    let mut items = Vec::new();
    let trees = Trees::default();
    // Each check's run, made once (its translation, if any, is made here).
    let requests: std::cell::RefCell<HashMap<String, Result<RunRequest, String>>> =
        Default::default();
    let base = |c: &Check| -> Result<RunRequest, String> {
        let mut all = requests.borrow_mut();
        (all.entry(c.name.get_ref().clone()))
            .or_insert_with(|| request(m, c))
            .clone()
    };
    let chosen = |check: &Check, extra: &[&str]| -> bool {
        let tier_ok = sel.tier.is_none_or(|t| t == check.tier());
        let only_ok = sel.only.is_empty()
            || sel
                .only
                .iter()
                .any(|o| o == check.name.get_ref() || extra.iter().any(|e| e == o));
        tier_ok && only_ok
    };
    for c in &m.checks {
        if !chosen(c, &[]) {
            continue;
        }
        let (kind, expect) = match &c.expect {
            Some(e) => (
                Kind::NegativeControl,
                Expectation::Violated(e.violated.get_ref().clone()),
            ),
            None => (Kind::Check, Expectation::Holds),
        };
        items.push(item(m, c, kind, c.name.get_ref(), expect, base(c)));
    }
    for w in &m.witnesses {
        let Some(c) = m.check(w.check.get_ref()) else {
            continue;
        };
        if !chosen(c, &[]) {
            continue;
        }
        for (prop, within) in w.properties.get_ref().list() {
            let req = base(c).and_then(|r| alone(r, &prop, &trees));
            let expect = Expectation::Reached {
                property: prop.clone(),
                within,
            };
            let mut it = item(m, c, Kind::Witness, &prop, expect, req);
            if let Ok(r) = &it.request {
                it.claim = claim_of(&r.config, r.config_text.as_deref());
            }
            items.push(it);
        }
    }
    for mu in &m.mutants {
        let Some(c) = m.check(mu.check.get_ref()) else {
            continue;
        };
        if !chosen(c, &[mu.name.get_ref()]) {
            continue;
        }
        // The edit is made in the texts the check runs: its translation, if it has one.
        let req = base(c)
            .and_then(|req| {
                let tree =
                    (trees.of_request(&req)).map_err(|e| m.error(&mu.operator, &e).message)?;
                Ok((req, tree))
            })
            .and_then(|(req, tree)| {
                let edit = declared::apply(
                    mu.name.get_ref(),
                    &tree,
                    mu.operator.get_ref(),
                    mu.replace.get_ref(),
                    mu.with_text.get_ref(),
                )
                .map_err(|e| match e {
                    declared::Refused::Operator(e) => m.error(&mu.operator, &e).message,
                    declared::Refused::Replace(e) => m.error(&mu.replace, &e).message,
                })?;
                Ok((req, edit))
            })
            .and_then(|(req, edit)| {
                let mut req = req.with_edit(edit);
                if let Some(cfg) = &mu.config {
                    req.config = m.specs_dir.join(cfg.get_ref());
                }
                if mu.alone {
                    req = alone(req, mu.caught_by.get_ref(), &trees)?;
                }
                Ok(req)
            });
        let expect = Expectation::CaughtBy(mu.caught_by.get_ref().clone());
        let mut it = item(m, c, Kind::Mutant, mu.name.get_ref(), expect, req);
        if let Some(cfg) = &mu.config {
            it.config = file_name(&m.specs_dir.join(cfg.get_ref()));
        }
        if let Ok(r) = &it.request {
            it.claim = claim_of(&r.config, r.config_text.as_deref());
        }
        items.push(it);
    }
    for f in &m.findings {
        let Some(c) = m.check(f.check.get_ref()) else {
            continue;
        };
        if !chosen(c, &[f.name.get_ref()]) {
            continue;
        }
        let config = match &f.config {
            Some(cfg) => m.specs_dir.join(cfg.get_ref()),
            None => m.config_path(c),
        };
        let req = base(c).map(|r| RunRequest {
            config: config.clone(),
            ..r
        });
        let expect = Expectation::Reproduces(f.violated.get_ref().clone());
        let mut it = item(m, c, Kind::Finding, f.name.get_ref(), expect, req);
        it.config = file_name(&config);
        it.claim = claim_of(&config, None);
        items.push(it);
    }
    for t in &m.traces {
        let spec = m.spec_path(t.spec.get_ref());
        let config = match &t.config {
            Some(c) => m.specs_dir.join(c.get_ref()),
            None => spec.with_extension("cfg"),
        };
        let name = t.name();
        if !sel.only.is_empty() && !sel.only.contains(&name) {
            continue;
        }
        let want = match t.expect.as_ref().map(|e| e.get_ref()) {
            Some(TraceExpect::Rejected { rejected_at }) => TraceWant::RejectedAt(*rejected_at),
            _ => TraceWant::Accepted,
        };
        items.push(Item {
            kind: Kind::Trace,
            name,
            check: String::new(),
            spec: t.spec.get_ref().clone(),
            config: file_name(&config),
            expect: Expectation::Trace(want),
            budget: None,
            request: Ok(RunRequest {
                spec,
                config,
                library: m.library.clone(),
                deadlock: true,
                ..RunRequest::default()
            }),
            trace_files: t.file_names().iter().map(|f| m.dir.join(f)).collect(),
            claim: Claim::default(),
        });
    }
    match sel.shard {
        Some((i, n)) if n > 0 => items
            .into_iter()
            .enumerate()
            .filter(|(k, _)| k % n == i - 1)
            .map(|(_, it)| it)
            .collect(),
        _ => items,
    }
}

fn item(
    m: &Manifest,
    c: &Check,
    kind: Kind,
    name: &str,
    expect: Expectation,
    request: Result<RunRequest, String>,
) -> Item {
    Item {
        kind,
        name: name.to_string(),
        check: c.name.get_ref().clone(),
        spec: c.spec.get_ref().clone(),
        config: file_name(&m.config_path(c)),
        expect,
        budget: if kind == Kind::Check || kind == Kind::NegativeControl {
            c.budget()
        } else {
            None
        },
        claim: claim_of(&m.config_path(c), None),
        request,
        trace_files: Vec::new(),
    }
}

/// What a run's .cfg (or its rewritten text) claims.
fn claim_of(config: &Path, text: Option<&str>) -> Claim {
    match text {
        Some(t) => claims::of_config(t),
        None => claims::of_config(&std::fs::read_to_string(config).unwrap_or_default()),
    }
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The run of a check as the manifest describes it: with `translate`, the spec's PlusCal
/// algorithms translated in memory; a translation error, or a check asking for a translation
/// of a spec without any algorithm, is why it cannot run.
pub fn request(m: &Manifest, c: &Check) -> Result<RunRequest, String> {
    let mut req = RunRequest {
        spec: m.spec_path(c.spec.get_ref()),
        config: m.config_path(c),
        library: m.library.clone(),
        spec_text: None,
        module_texts: Vec::new(),
        config_text: None,
        deadlock: c.deadlock.unwrap_or(true),
        timeout: c.timeout(),
    };
    if c.translates(&m.suite) {
        let tree = ModuleTree::load(&req.spec, &req.library)?;
        let t = crate::pcal::translate_tree(&tree)?;
        if let (true, Some(at)) = (t.is_empty(), &c.translate) {
            return Err(m.error(at, &format!(
                "translate = true, but {} and the modules it extends from its folder hold no PlusCal algorithm",
                req.spec.display()
            )).message);
        }
        req.spec_text = t.root;
        req.module_texts = t.modules;
    }
    Ok(req)
}

type TreeResult = Result<Rc<ModuleTree>, String>;

/// Each spec's module tree, loaded once per plan (per text the run gives it).
#[derive(Default)]
pub struct Trees {
    loaded: std::cell::RefCell<HashMap<(PathBuf, u64), TreeResult>>,
}

impl Trees {
    /// The tree a run checks: its files as the request gives them (a translation or a
    /// mutant in memory), the rest from disk.
    fn of_request(&self, req: &RunRequest) -> Result<Rc<ModuleTree>, String> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&req.spec_text, &req.module_texts).hash(&mut h);
        let mut loaded = self.loaded.borrow_mut();
        let t = loaded
            .entry((req.spec.clone(), h.finish()))
            .or_insert_with(|| ModuleTree::of_run(req).map(Rc::new));
        t.clone()
    }
}

/// The run with its .cfg reduced to one property. A property the .cfg lists under PROPERTY, or
/// written with temporal operators, stays a PROPERTY; anything else is an INVARIANT.
fn alone(req: RunRequest, prop: &str, trees: &Trees) -> Result<RunRequest, String> {
    let cfg = std::fs::read_to_string(&req.config).map_err(|e| {
        format!(
            "{}: cannot read the configuration: {e}",
            req.config.display()
        )
    })?;
    let section = match cfg_edit::section_of(&cfg, prop) {
        Some(s) => s,
        None => {
            // The property's definition, wherever it is in the spec's own modules.
            let tree = trees.of_request(&req)?;
            let def = tree.find(prop).map_err(|e| e.message().to_string())?;
            if spec_text::is_temporal(tree.def(def).body) {
                Section::Property
            } else {
                Section::Invariant
            }
        }
    };
    Ok(RunRequest {
        config_text: Some(cfg_edit::only_property(&cfg, section, prop)),
        ..req
    })
}

/// Runs the items (model checks in parallel) and judges each.
pub fn run(
    items: Vec<Item>,
    exec: &dyn Executor,
    traces: Option<&dyn TraceValidator>,
    parallel: usize,
) -> Vec<Outcome> {
    run_with_progress(items, exec, traces, parallel, &|_| {})
}

/// [`run`], calling `progress` with a line as each model check finishes.
pub fn run_with_progress(
    items: Vec<Item>,
    exec: &dyn Executor,
    traces: Option<&dyn TraceValidator>,
    parallel: usize,
    progress: &(dyn Fn(String) + Sync),
) -> Vec<Outcome> {
    let (model_items, trace_items): (Vec<Item>, Vec<Item>) =
        items.into_iter().partition(|i| i.kind != Kind::Trace);
    let runnable: Vec<(RunRequest, String)> = model_items
        .iter()
        .filter_map(|i| {
            let label = format!("{} {}", i.kind.word(), i.name);
            i.request.as_ref().ok().map(|r| (r.clone(), label))
        })
        .collect();
    let total = runnable.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let labels: Vec<&str> = runnable.iter().map(|(_, l)| l.as_str()).collect();
    let reqs: Vec<RunRequest> = runnable.iter().map(|(r, _)| r.clone()).collect();
    let on_done = |i: usize, _: &RunResult, took: Duration| {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(format!(
            "[{n}/{total}] {} ({:.1}s)",
            labels.get(i).copied().unwrap_or(""),
            took.as_secs_f64()
        ));
    };
    let mut results = exec::run_all_with(exec, &reqs, parallel, &on_done).into_iter();
    let mut out = Vec::new();
    for it in model_items {
        let o = match &it.request {
            Err(e) => Outcome {
                status: Status::CouldNotRun,
                message: e.clone(),
                figures: None,
                seconds: 0.0,
                over_budget: false,
                item: it,
            },
            Ok(_) => {
                let (r, took) = results
                    .next()
                    .unwrap_or((RunResult::Failed("not run".into()), Duration::ZERO));
                judge(it, r, took)
            }
        };
        out.push(o);
    }
    for it in trace_items {
        out.push(judge_trace(it, traces));
    }
    out
}

fn judge(item: Item, r: RunResult, took: Duration) -> Outcome {
    let over_budget = item.budget.is_some_and(|b| took > b);
    let mut o = Outcome {
        status: Status::CouldNotRun,
        message: String::new(),
        figures: None,
        seconds: took.as_secs_f64(),
        over_budget,
        item,
    };
    let f = match r {
        RunResult::Finished(f) => f,
        RunResult::Rejected { message, .. } if o.item.kind == Kind::Mutant => {
            o.message = format!("invalid: the mutated spec is rejected:\n{message}");
            return o;
        }
        RunResult::Rejected { message, .. } | RunResult::Failed(message) => {
            o.message = message;
            return o;
        }
    };
    // A counterexample that did not replay (tla-check's certify.rs) is tlacheck's fault and
    // no verdict, for a mutant too.
    if f.outcome == "internal error" {
        o.message = f
            .error
            .clone()
            .unwrap_or_else(|| "tlacheck internal error".into());
        return o;
    }
    // TLC stopping on an error in the spec is "could not run" (the seeds' exit 2), except for
    // a mutant, where the error is what the edit caused.
    if f.outcome == "error" && o.item.kind != Kind::Mutant {
        o.message = format!(
            "TLC error: {}",
            f.error.as_deref().unwrap_or("evaluation failed")
        );
        o.figures = Some(f);
        return o;
    }
    let violated = f.violation();
    let states = f.trace_len.unwrap_or(0);
    let (held, message) = match (&o.item.expect, &violated) {
        (Expectation::Holds, None) => (true, "no error".to_string()),
        (Expectation::Holds, Some(v)) if v == "deadlock" => (false, "deadlock reached".into()),
        (Expectation::Holds, Some(v)) => (false, format!("{v} violated")),
        (Expectation::Violated(p), Some(v)) if v == p => {
            (true, format!("{p} violated, as expected"))
        }
        (Expectation::Violated(p), None) => (
            false,
            format!("negative control passed: {p} was not violated"),
        ),
        (Expectation::Violated(p), Some(v)) => (false, format!("{v} violated, expected {p}")),
        (Expectation::Reached { property, within }, Some(v)) if v == property => match within {
            Some(d) if states > *d => (
                false,
                format!("{property} reached in {states} states, not within {d}"),
            ),
            _ => (true, format!("{property} reached in {states} states")),
        },
        (Expectation::Reached { property, .. }, None) => (
            false,
            format!("{property} not reached: it is never violated"),
        ),
        (Expectation::Reached { property, .. }, Some(v)) => {
            (false, format!("{property} not reached: {v} violated first"))
        }
        (Expectation::CaughtBy(p), Some(v)) if v == p => (true, format!("caught by {p}")),
        (Expectation::CaughtBy(p), Some(v)) => (
            false,
            format!("caught by another property: {v} (expected {p})"),
        ),
        (Expectation::CaughtBy(p), None) => (false, format!("not caught: {p} still holds")),
        (Expectation::Reproduces(p), Some(v)) if v == p => {
            (true, format!("reproduces: {p} violated in {states} states"))
        }
        (Expectation::Reproduces(_), None) => (
            false,
            format!(
                "{} no longer reproduces: move it to the checks",
                o.item.name
            ),
        ),
        (Expectation::Reproduces(p), Some(v)) => {
            (false, format!("{} reproduces {v}, not {p}", o.item.name))
        }
        (Expectation::Trace(_), _) => (false, "a trace is not a model check".into()),
    };
    o.status = if held { Status::Held } else { Status::Failed };
    o.message = message;
    o.figures = Some(f);
    o
}

fn judge_trace(item: Item, traces: Option<&dyn TraceValidator>) -> Outcome {
    let mut o = Outcome {
        status: Status::CouldNotRun,
        message: String::new(),
        figures: None,
        seconds: 0.0,
        over_budget: false,
        item,
    };
    let Some(v) = traces else {
        o.message = format!(
            "{}: trace validation is not available in this build of tlacheck",
            o.item.name
        );
        return o;
    };
    let (Ok(req), false) = (&o.item.request, o.item.trace_files.is_empty()) else {
        o.message = "no trace to validate".into();
        return o;
    };
    let start = std::time::Instant::now();
    let got = v.validate(req, &o.item.trace_files);
    o.seconds = start.elapsed().as_secs_f64();
    let Expectation::Trace(want) = &o.item.expect else {
        return o;
    };
    let (status, message) = match (got, want) {
        (Err(e), _) => (Status::CouldNotRun, e),
        (Ok(None), TraceWant::Accepted) => (Status::Held, "accepted".into()),
        (Ok(Some(r)), TraceWant::RejectedAt(k)) if r.step == *k => (
            Status::Held,
            format!("rejected at step {}, as expected", r.step),
        ),
        (Ok(Some(r)), TraceWant::Accepted) => (
            Status::Failed,
            format!("rejected at step {} ({}:{})", r.step, r.file, r.line),
        ),
        (Ok(r), TraceWant::RejectedAt(k)) => (
            Status::Failed,
            match r {
                None => format!("accepted, expected rejected at step {k}"),
                Some(r) => format!(
                    "rejected at step {} ({}:{}), expected at step {k}",
                    r.step, r.file, r.line
                ),
            },
        ),
    };
    o.status = status;
    o.message = message;
    o
}

/// 0 all held, 1 something did not hold, 2 something could not run.
pub fn exit_code(statuses: impl IntoIterator<Item = Status>) -> u8 {
    match statuses.into_iter().max() {
        Some(Status::CouldNotRun) => 2,
        Some(Status::Failed) => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counterexample_that_did_not_replay_could_not_run() {
        let item = |kind| Item {
            kind,
            name: "m".into(),
            check: "m".into(),
            spec: "M.tla".into(),
            config: "M.cfg".into(),
            expect: Expectation::Holds,
            budget: None,
            request: Err(String::new()),
            trace_files: Vec::new(),
            claim: Claim::default(),
        };
        // What `check --json` prints when certify.rs refuses the trace: no violation named.
        let refused = Summary {
            outcome: "internal error".into(),
            error: Some("tlacheck internal error: the counterexample did not replay".into()),
            exit_code: 255,
            ..Default::default()
        };
        for kind in [Kind::Check, Kind::Mutant] {
            let o = judge(
                item(kind),
                RunResult::Finished(refused.clone()),
                Duration::ZERO,
            );
            assert_eq!(o.status, Status::CouldNotRun);
            assert!(o.message.contains("did not replay"), "{}", o.message);
        }
    }
}
