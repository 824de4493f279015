//! The validator's own test on a trace it accepts: planted bad variants of the trace (an
//! event dropped, two events swapped, a logged value changed) must each be rejected, at the
//! step of the change or later, and the trace must be rejected by the spec with each action
//! its accepted path takes replaced by FALSE (in memory; the file is not touched).
//!
//! A changed value may happen to be one the spec allows there (a legitimate behaviour): up
//! to three values are tried in turn, and the change fails the self-test only if the spec
//! accepts all of them. Variants are planted where they can show: an event is dropped or swapped only next to an
//! event that logs something different (dropping a repeat of the same logged state can be
//! a legitimate stutter), and the last event is never dropped (a prefix is a valid trace).
//! With `max_skip` > 0 a dropped event is allowed by design, so no drop is planted. Logs of
//! several processes (`selftest_files`) get each file's variants in turn, the other files
//! unchanged.

use crate::event::{Event, Trace};
use crate::{validate, validate_files, validate_loaded_files, Failure, Options, Verdict};
use serde_json::Value as J;
use tla_check::session::{self, Setup};
use tla_sema::ir::{DefId, Expr, ExprKind, Level};

/// One planted change and what the validator said.
#[derive(Clone, Debug)]
pub struct Planted {
    pub description: String,
    /// The first event (1-based, in the variant) the change affects.
    pub changed_at: usize,
    pub result: PlantedResult,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlantedResult {
    /// Rejected at this step: good when at or after the change.
    RejectedAt(usize),
    Accepted,
    /// Validation could not run on the variant.
    Failed(String),
}

impl Planted {
    pub fn passed(&self) -> bool {
        matches!(self.result, PlantedResult::RejectedAt(s) if s >= self.changed_at)
    }

    pub fn render(&self) -> String {
        let verdict = match &self.result {
            PlantedResult::RejectedAt(s) if *s >= self.changed_at => {
                format!("ok, rejected at step {s}")
            }
            PlantedResult::RejectedAt(s) => {
                format!(
                    "FAILED: rejected at step {s}, before the change at step {}",
                    self.changed_at
                )
            }
            PlantedResult::Accepted => "FAILED: accepted".into(),
            PlantedResult::Failed(m) => format!("FAILED: could not validate: {}", m.trim_end()),
        };
        format!("{}: {verdict}", self.description)
    }
}

/// Everything the self-test found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The trace as given: it must be accepted for the rest to mean anything.
    pub original: Verdict,
    pub planted: Vec<Planted>,
}

impl Report {
    pub fn passed(&self) -> bool {
        matches!(self.original, Verdict::Accepted { .. })
            && self.planted.iter().all(Planted::passed)
    }
}

/// Runs the self-test of `trace` against the spec of `setup`.
pub fn selftest(setup: &Setup, trace: &Trace, opts: &Options) -> Result<Report, Failure> {
    let original = validate(setup, trace, opts)?;
    let Verdict::Accepted { actions, .. } = &original else {
        return Ok(Report {
            original,
            planted: Vec::new(),
        });
    };
    let mut planted = Vec::new();
    for (changed_at, tries) in variants(trace, opts) {
        // The first alternative rejected stands for the change; an alternative the spec
        // allows (a legitimate behaviour) is passed over; all of them accepted is a failure.
        let mut last = None;
        for (i, (mut description, variant)) in tries.into_iter().enumerate() {
            if i > 0 {
                description.push_str(&format!(" (after {i} value(s) the spec allows there)"));
            }
            let result = planted_result(validate(setup, &variant, opts));
            let done = result != PlantedResult::Accepted;
            last = Some(Planted {
                description,
                changed_at,
                result,
            });
            if done {
                break;
            }
        }
        planted.extend(last);
    }
    planted.extend(actions_removed(
        setup,
        actions,
        std::slice::from_ref(trace),
        opts,
    )?);
    Ok(Report { original, planted })
}

/// The self-test of several processes' logs validated together: each file's variants are
/// planted in that file alone, and the spec loses each action the accepted order takes.
/// Where a change lands in the merged order depends on the order, so any rejection counts.
pub fn selftest_files(setup: &Setup, traces: &[Trace], opts: &Options) -> Result<Report, Failure> {
    if let [trace] = traces {
        return selftest(setup, trace, opts);
    }
    let original = validate_files(setup, traces, opts)?;
    let Verdict::Accepted { actions, .. } = &original else {
        return Ok(Report {
            original,
            planted: Vec::new(),
        });
    };
    let mut planted = Vec::new();
    for (f, trace) in traces.iter().enumerate() {
        for (_, tries) in variants(trace, opts) {
            let mut last = None;
            for (i, (description, variant)) in tries.into_iter().enumerate() {
                let mut description = format!("{}: {description}", trace.file);
                if i > 0 {
                    description.push_str(&format!(" (after {i} value(s) the spec allows there)"));
                }
                let mut all = traces.to_vec();
                all[f] = variant;
                let result = planted_result(validate_files(setup, &all, opts));
                let done = result != PlantedResult::Accepted;
                last = Some(Planted {
                    description,
                    changed_at: 1,
                    result,
                });
                if done {
                    break;
                }
            }
            planted.extend(last);
        }
    }
    planted.extend(actions_removed(setup, actions, traces, opts)?);
    Ok(Report { original, planted })
}

/// What a validation of a planted change answered.
fn planted_result(answer: Result<Verdict, Failure>) -> PlantedResult {
    match answer {
        Ok(Verdict::Rejected(r)) => PlantedResult::RejectedAt(r.step),
        Ok(Verdict::Accepted { .. }) => PlantedResult::Accepted,
        Err(f) => PlantedResult::Failed(f.message),
    }
}

/// The spec with each of `actions` replaced by FALSE, in turn, against the trace's files.
fn actions_removed(
    setup: &Setup,
    actions: &[DefId],
    traces: &[Trace],
    opts: &Options,
) -> Result<Vec<Planted>, Failure> {
    let mut planted = Vec::new();
    for &d in actions {
        let mut loaded = session::load(setup).map_err(|e| Failure { message: e.message })?;
        let def = &mut loaded.spec.defs[d.index()];
        let name = def.name.clone();
        def.body = Expr {
            kind: ExprKind::Bool(false),
            loc: def.body.loc,
            level: Level::Constant,
            slot: Default::default(),
        };
        planted.push(Planted {
            description: format!("the spec with {name} replaced by FALSE"),
            changed_at: 1,
            result: planted_result(validate_loaded_files(setup, &loaded, traces, opts)),
        });
    }
    Ok(planted)
}

/// Values tried per planted value change.
const VALUE_TRIES: usize = 3;

/// The planted variants: the first affected step, and the alternatives to try in order,
/// each a description and a trace.
pub fn variants(trace: &Trace, opts: &Options) -> Vec<(usize, Vec<(String, Trace)>)> {
    let evs = &trace.events;
    let n = evs.len();
    let line = |i: usize| trace.line_of(&evs[i]);
    let differs = |a: &Event, b: &Event| a.state != b.state || a.action != b.action;
    let mut out = Vec::new();
    if opts.max_skip == 0 {
        if let Some(k) = (1..n.saturating_sub(1)).find(|&k| evs[k].state != evs[k - 1].state) {
            let mut t = trace.clone();
            t.events.remove(k);
            let d = format!("event {} (line {}) dropped", k + 1, line(k));
            out.push((k + 1, vec![(d, renumber(t))]));
        }
    }
    // Prefer a swap after the initial state, which tests the step relation.
    let from = usize::from(n > 2);
    if let Some(k) = (from..n.saturating_sub(1)).find(|&k| differs(&evs[k], &evs[k + 1])) {
        let mut t = trace.clone();
        t.events.swap(k, k + 1);
        // The clocks stay in place: swapped with their events they would contradict the
        // file's order, which is bad input, not a planted change.
        let (x, y) = t.events.split_at_mut(k + 1);
        std::mem::swap(&mut x[k].clock, &mut y[0].clock);
        let (a, b) = (k + 1, k + 2);
        let d = format!(
            "events {a} and {b} (lines {} and {}) swapped",
            line(k),
            line(k + 1)
        );
        out.push((k + 1, vec![(d, renumber(t))]));
    }
    let mut positions = vec![0, n / 2, n - 1];
    positions.dedup();
    for k in positions {
        let Some((var, value)) = evs[k].state.first() else {
            continue;
        };
        let mut tries = Vec::new();
        let mut seen = vec![value.clone()];
        let mut changed = value.clone();
        // Changing a changed value can come back to an earlier one (`!!b`): skip repeats.
        for _ in 0..VALUE_TRIES * 3 {
            changed = change(&changed);
            if tries.len() == VALUE_TRIES || seen.contains(&changed) {
                continue;
            }
            seen.push(changed.clone());
            let mut t = trace.clone();
            t.events[k].state[0].1 = changed.clone();
            let d = format!(
                "event {} (line {}): {var} logged as {changed} instead of {value}",
                k + 1,
                line(k)
            );
            tries.push((d, t));
        }
        out.push((k + 1, tries));
    }
    out
}

/// Sequence numbers 1, 2, ... again, so a variant is a well-formed trace.
fn renumber(mut t: Trace) -> Trace {
    for (i, e) in t.events.iter_mut().enumerate() {
        if e.seq.is_some() {
            e.seq = Some(i as u64 + 1);
        }
    }
    t
}

/// A different value of the same kind.
fn change(v: &J) -> J {
    match v {
        J::Bool(b) => J::Bool(!b),
        J::Number(n) => serde_json::json!(n.as_i64().map_or(0, |i| i.wrapping_add(1))),
        J::String(s) => J::String(format!("{s}'")),
        J::Array(a) if a.is_empty() => J::Array(vec![serde_json::json!(0)]),
        J::Array(a) => J::Array(a[..a.len() - 1].to_vec()),
        J::Object(o) => {
            let mut o = o.clone();
            match o.iter_mut().next() {
                Some((k, inner)) if k == "#set" => {
                    *inner = change(inner);
                }
                Some((k, inner)) if k == "#bigint" => {
                    let n: i128 = inner.as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
                    *inner = J::String((n + 1).to_string());
                }
                Some((k, inner)) if k == "#map" || k == "#tup" => {
                    if let Some(first) = inner.as_array_mut().and_then(|a| a.first_mut()) {
                        let last = first.as_array_mut().and_then(|p| p.last_mut());
                        match (k.as_str(), last) {
                            ("#map", Some(x)) => *x = change(x),
                            _ => *first = change(first),
                        }
                    } else {
                        return J::Bool(false);
                    }
                }
                Some((_, inner)) => *inner = change(inner),
                None => return J::Bool(false),
            }
            J::Object(o)
        }
        J::Null => J::Bool(false),
    }
}
