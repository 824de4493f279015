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
    /// 1-based event number.
    pub step: usize,
    pub line: usize,
    pub seq: Option<u64>,
    /// The event as written in the trace (its first line, cut at 200 characters).
    pub event_text: String,
    /// States consistent with the events before this one (for step 1: Init's states).
    pub frontier: usize,
    pub max_skip: usize,
    pub candidates: Vec<Candidate>,
    /// Candidates not shown.
    pub omitted: usize,
    /// The longest matched prefix, one state per entry, values in `vars` order.
    pub prefix: Vec<Vec<Value>>,
    pub vars: Vec<String>,
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
        let _ = writeln!(
            s,
            "REJECTED at step {} (line {}{seq})",
            self.step, self.line
        );
        let _ = writeln!(s, "  event: {}", self.event_text);
        if self.step == 1 {
            let _ = writeln!(
                s,
                "  no initial state agrees with event 1; Init has {} state(s):",
                self.frontier
            );
        } else {
            let skip = if self.max_skip > 0 {
                format!(
                    " (each also tried after up to {} unlogged step(s))",
                    self.max_skip
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                "  {} state(s) agree with events 1..{}; none has a step that agrees with event {}{skip}:",
                self.frontier,
                self.step - 1,
                self.step
            );
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
        s
    }
}
