//! Why a trace was rejected: for each state the trace could have been in before the
//! failing event, the actions tried and each logged variable that differs.

use crate::bind::{BoundEvent, Step};
use crate::validate::{action_name, successors};
use std::fmt::Write;
use tla_check::model::Model;
use tla_eval::enumerate;
use tla_eval::{Evaluator, Value};

/// Candidates and successors shown per rejection; the rest are counted.
const SHOWN: usize = 8;

#[derive(Clone, Debug)]
pub struct Rejection {
    /// 1-based event number (with several files: in the merged order).
    pub step: usize,
    pub line: usize,
    pub seq: Option<u64>,
    /// The event as written in the trace (its first line, cut at 200 characters).
    pub event_text: String,
    /// With several files, the failing event's file (None for one trace).
    pub file: Option<String>,
    /// The event's 1-based number in its own file.
    pub number_in_file: usize,
    /// What the event was matched against.
    pub before: Before,
    /// States consistent with the events before this one (for step 1: Init's states).
    pub frontier: usize,
    pub max_skip: usize,
    pub candidates: Vec<Candidate>,
    /// Candidates not shown.
    pub omitted: usize,
    /// With several files: the other events an order that got this far could take next,
    /// each of which failed too.
    pub others: Vec<Other>,
    /// The longest matched prefix, one state per entry, values in `vars` order.
    pub prefix: Vec<Vec<Value>>,
    pub vars: Vec<String>,
}

/// How the failing event was read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Before {
    /// The first event, naming Init: an initial state.
    InitState,
    /// The first event, naming an action: the first step from an initial state.
    FirstStep,
    /// The first event, naming no action: either.
    Either,
    /// A later event: a step from a state the events before it agree with.
    Events,
}

/// Another event that failed at the same step of the merged order.
#[derive(Clone, Debug)]
pub struct Other {
    pub file: String,
    pub line: usize,
    /// 1-based, in its file.
    pub number: usize,
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct Candidate {
    pub tries: Vec<Try>,
    /// Successors not shown.
    pub omitted: usize,
}

#[derive(Clone, Debug)]
pub struct Try {
    pub action: String,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    NotEnabled,
    Error(String),
    Differs(Vec<Diff>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diff {
    pub var: String,
    /// The spec's value.
    pub expected: String,
    pub logged: String,
}

/// The first event of an order that no order could take: matched against Init's states, a
/// step from them, or both (see `Before`); `inits` are Init's states when the walk listed them.
pub(crate) fn explain_first(
    ev: &Evaluator,
    model: &Model,
    event: &BoundEvent,
    inits: &[std::sync::Arc<[Value]>],
) -> (Before, Vec<Candidate>, usize, usize) {
    match &event.step {
        Step::Init => {
            let (c, total, omitted) = explain_init(ev, model, event);
            (Before::InitState, c, total, omitted)
        }
        Step::Next => {
            let (mut c, omitted) = explain_step(ev, model, event, inits);
            for (cand, st) in c.iter_mut().zip(inits) {
                let full: Vec<Option<Value>> = st.iter().cloned().map(Some).collect();
                cand.tries.insert(
                    0,
                    Try {
                        action: "Init".into(),
                        outcome: Outcome::Differs(diffs(ev, event, &full)),
                    },
                );
            }
            (Before::Either, c, inits.len(), omitted)
        }
        _ => {
            let (c, omitted) = explain_step(ev, model, event, inits);
            (Before::FirstStep, c, inits.len(), omitted)
        }
    }
}

fn diffs(ev: &Evaluator, event: &BoundEvent, st: &[Option<Value>]) -> Vec<Diff> {
    event
        .logged
        .iter()
        .filter(|(i, v)| st[*i].as_ref() != Some(v))
        .map(|(i, v)| Diff {
            var: ev.spec.variables[*i].name.clone(),
            expected: st[*i].as_ref().map_or("?".into(), |x| x.to_string()),
            logged: v.to_string(),
        })
        .collect()
}

/// The candidates for a failed first event: Init's states.
pub(crate) fn explain_init(
    ev: &Evaluator,
    model: &Model,
    event: &BoundEvent,
) -> (Vec<Candidate>, usize, usize) {
    let mut out = Vec::new();
    let mut total = 0;
    if let Some(init) = &model.init {
        let _ = enumerate::init_states(ev, init, &mut |st, _| {
            total += 1;
            if out.len() < SHOWN {
                out.push(Candidate {
                    tries: vec![Try {
                        action: "Init".into(),
                        outcome: Outcome::Differs(diffs(ev, event, st)),
                    }],
                    omitted: 0,
                });
            }
            Ok(true)
        });
    }
    let omitted = total - out.len();
    (out, total, omitted)
}

/// The candidates for a failed later event: each frontier state's successors.
pub(crate) fn explain_step(
    ev: &Evaluator,
    model: &Model,
    event: &BoundEvent,
    frontier: &[std::sync::Arc<[Value]>],
) -> (Vec<Candidate>, usize) {
    if let Step::Init = event.step {
        // An initial-state event is no step: it agrees with a state or not, and it can come
        // only before any step.
        let out = frontier
            .iter()
            .take(SHOWN)
            .map(|cur| {
                let full: Vec<Option<Value>> = cur.iter().cloned().map(Some).collect();
                Candidate {
                    tries: vec![Try {
                        action: "Init (the initial state, only before any step)".into(),
                        outcome: Outcome::Differs(diffs(ev, event, &full)),
                    }],
                    omitted: 0,
                }
            })
            .collect();
        return (out, frontier.len().saturating_sub(SHOWN));
    }
    let label = match &event.step {
        Step::Apply { label, .. } => Some(label.clone()),
        _ => None,
    };
    let mut out = Vec::new();
    for cur in frontier.iter().take(SHOWN) {
        let mut tries = Vec::new();
        let mut omitted = 0;
        let r = successors(ev, model, &event.step, cur, &mut |st, d| {
            if tries.len() < SHOWN {
                tries.push(Try {
                    action: label.clone().unwrap_or_else(|| action_name(ev, d)),
                    outcome: Outcome::Differs(diffs(ev, event, st)),
                });
            } else {
                omitted += 1;
            }
            Ok(true)
        });
        let tried = label.clone().unwrap_or_else(|| match &event.step {
            Step::NextAs { name } => name.clone(),
            _ => "Next".into(),
        });
        if let Err(e) = r {
            tries.push(Try {
                action: tried,
                outcome: Outcome::Error(e.into_message()),
            });
        } else if tries.is_empty() {
            tries.push(Try {
                action: tried,
                outcome: Outcome::NotEnabled,
            });
        }
        out.push(Candidate { tries, omitted });
    }
    (out, frontier.len().saturating_sub(SHOWN))
}

impl Rejection {
    /// The report `tlacheck trace validate` prints.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let seq = self.seq.map_or(String::new(), |q| format!(", seq {q}"));
        match &self.file {
            None => {
                let _ = writeln!(
                    s,
                    "REJECTED at step {} (line {}{seq})",
                    self.step, self.line
                );
            }
            Some(f) => {
                let _ = writeln!(
                    s,
                    "REJECTED at step {} of the merged logs ({f} line {}, event {} of the file{seq})",
                    self.step, self.line, self.number_in_file
                );
            }
        }
        let _ = writeln!(s, "  event: {}", self.event_text);
        let which = if self.file.is_none() {
            "event 1".to_string()
        } else {
            "the first event of every order".to_string()
        };
        match self.before {
            Before::InitState => {
                let _ = writeln!(
                    s,
                    "  no initial state agrees with {which}; Init has {} state(s):",
                    self.frontier
                );
            }
            Before::FirstStep => {
                let _ = writeln!(
                    s,
                    "  {which} names an action, so it is a step from an initial state the log does not show; no step from Init's {} state(s) agrees with it:",
                    self.frontier
                );
            }
            Before::Either => {
                let _ = writeln!(
                    s,
                    "  {which} names no action, so it is an initial state or a step from one; neither agrees with it; Init has {} state(s):",
                    self.frontier
                );
            }
            Before::Events => {
                let skip = if self.max_skip > 0 {
                    format!(
                        " (each also tried after up to {} unlogged step(s))",
                        self.max_skip
                    )
                } else {
                    String::new()
                };
                if self.file.is_none() {
                    let _ = writeln!(
                        s,
                        "  {} state(s) agree with events 1..{}; none has a step that agrees with event {}{skip}:",
                        self.frontier,
                        self.step - 1,
                        self.step
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "  {} state(s) agree with the first {} events of an order the files and their clocks allow; none has a step that agrees with this event{skip}:",
                        self.frontier,
                        self.step - 1
                    );
                }
            }
        }
        for (i, c) in self.candidates.iter().enumerate() {
            let _ = writeln!(s, "  candidate {}:", i + 1);
            for t in &c.tries {
                match &t.outcome {
                    Outcome::NotEnabled => {
                        let _ = writeln!(s, "    {}: not enabled", t.action);
                    }
                    Outcome::Error(m) => {
                        let _ = writeln!(s, "    {}: evaluation error: {m}", t.action);
                    }
                    Outcome::Differs(ds) if ds.is_empty() => {
                        let _ = writeln!(s, "    {}: agrees", t.action);
                    }
                    Outcome::Differs(ds) => {
                        let _ = writeln!(s, "    {}:", t.action);
                        for d in ds {
                            let _ = writeln!(
                                s,
                                "      {}: expected {}, logged {}",
                                d.var, d.expected, d.logged
                            );
                        }
                    }
                }
            }
            if c.omitted > 0 {
                let _ = writeln!(s, "    ... and {} more successor(s)", c.omitted);
            }
        }
        if self.omitted > 0 {
            let _ = writeln!(s, "  ... and {} more candidate(s)", self.omitted);
        }
        if !self.others.is_empty() {
            let _ = writeln!(
                s,
                "  every order that takes {} events fails at its next one; these could come next too, and fail:",
                self.step - 1
            );
            for o in &self.others {
                let _ = writeln!(
                    s,
                    "    {} line {} (event {} of the file): {}",
                    o.file, o.line, o.number, o.text
                );
            }
        }
        s
    }
}
