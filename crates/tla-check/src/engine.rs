//! Breadth-first model checking with one worker, counting as TLC counts.

use crate::model::{Check, Model};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tla_eval::value::Fingerprinter;
use tla_eval::{enumerate, Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::{DefId, Loc, ModuleId, Spec};

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Success,
    InvariantViolated(String),
    ActionPropertyViolated(String),
    /// A state-predicate conjunct of a PROPERTY is false in an initial state.
    PropertyViolated(String),
    Deadlock,
    /// An ASSUME evaluated to FALSE.
    AssumptionFalse(Loc),
    /// Evaluation failed (with the error), in a state or while computing initial states.
    Error(EvalError),
}

/// One state of a counterexample and the action that led to it (None: an initial state).
#[derive(Clone, Debug)]
pub struct TraceState {
    pub values: Arc<[Value]>,
    pub action: Option<DefId>,
}

/// The figures TLC prints at the end, the verdict, and the counterexample if any.
#[derive(Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub generated: u64,
    pub distinct: u64,
    pub left_on_queue: u64,
    pub depth: u64,
    pub initial_states: u64,
    pub trace: Vec<TraceState>,
}

pub struct Options {
    pub check_deadlock: bool,
    /// Stop exploring below this depth (TLC has no such limit in BFS; used by callers).
    pub max_depth: Option<u64>,
}

struct Node {
    state: Arc<[Value]>,
    parent: u32,
    action: Option<DefId>,
    depth: u32,
}

const NO_PARENT: u32 = u32::MAX;

struct Search<'m, 'e, 'a> {
    ev: &'e Evaluator<'a>,
    model: &'m Model,
    opts: &'m Options,
    nodes: Vec<Node>,
    seen: HashMap<u64, u32>,
    queue: VecDeque<u32>,
    generated: u64,
    depth: u64,
    fp: Fingerprinter,
    env: Env,
}

/// Checks the assumptions, then explores every reachable state.
pub fn check(ev: &Evaluator, model: &Model, opts: &Options) -> Report {
    let mut s = Search {
        ev,
        model,
        opts,
        nodes: Vec::new(),
        seen: HashMap::new(),
        queue: VecDeque::new(),
        generated: 0,
        depth: 0,
        fp: Fingerprinter::new(),
        env: Env::new(),
    };
    let (verdict, trace) = match s.run() {
        Ok(()) => (Verdict::Success, Vec::new()),
        Err(stop) => (stop.verdict, s.trace(stop.at, stop.last)),
    };
    let initial_states = s.nodes.iter().filter(|n| n.parent == NO_PARENT).count() as u64;
    Report {
        verdict,
        generated: s.generated,
        distinct: s.nodes.len() as u64,
        left_on_queue: s.queue.len() as u64,
        depth: s.depth,
        initial_states,
        trace,
    }
}

/// Why the search stopped early: the verdict, the last explored node, and a final state not
/// in the graph (a successor that broke an action property, say).
struct Stop {
    verdict: Verdict,
    at: Option<u32>,
    last: Option<TraceState>,
}

fn stop(verdict: Verdict, at: Option<u32>, last: Option<TraceState>) -> Stop {
    Stop { verdict, at, last }
}

/// The root module and those it extends, whose ASSUMEs TLC checks.
fn assumption_modules(spec: &Spec) -> Vec<ModuleId> {
    let mut out = vec![spec.root];
    let mut i = 0;
    while i < out.len() {
        for e in &spec.module(out[i]).extends {
            if !out.contains(e) {
                out.push(*e);
            }
        }
        i += 1;
    }
    out.retain(|m| !spec.module(*m).standard);
    out
}

impl Search<'_, '_, '_> {
    fn run(&mut self) -> Result<(), Stop> {
        self.check_assumptions()?;
        self.initial_states()?;
        while let Some(idx) = self.queue.pop_front() {
            self.explore(idx)?;
        }
        Ok(())
    }

    fn check_assumptions(&mut self) -> Result<(), Stop> {
        let spec = self.ev.spec;
        for m in assumption_modules(spec) {
            for a in &spec.module(m).assumptions {
                match self
                    .ev
                    .eval_bool(&a.expr, &mut self.env, &StateView::constant())
                {
                    Ok(true) => {}
                    Ok(false) => {
                        return Err(stop(Verdict::AssumptionFalse(a.expr.loc), None, None))
                    }
                    Err(e) => return Err(stop(Verdict::Error(e), None, None)),
                }
            }
        }
        Ok(())
    }

    fn initial_states(&mut self) -> Result<(), Stop> {
        let ev = self.ev;
        self.ev.run.level.store(0, Ordering::Relaxed);
        let Some(init) = &self.model.init else {
            return Ok(());
        };
        let mut found = Vec::new();
        let r = enumerate::init_states(ev, init, &mut |st, _| {
            found.push(complete(st));
            Ok(true)
        });
        if let Err(e) = r {
            return Err(stop(Verdict::Error(e), None, None));
        }
        for state in found {
            self.generated += 1;
            for p in &self.model.init_properties {
                let ok = self
                    .ev
                    .eval_bool(&p.expr, &mut self.env, &StateView::state(&state));
                let last = || TraceState {
                    values: state.clone(),
                    action: None,
                };
                match ok {
                    Ok(true) => {}
                    Ok(false) => {
                        return Err(stop(
                            Verdict::PropertyViolated(p.name.clone()),
                            None,
                            Some(last()),
                        ))
                    }
                    Err(e) => return Err(stop(Verdict::Error(e), None, Some(last()))),
                }
            }
            self.add(state, NO_PARENT, None, 1, true)?;
        }
        Ok(())
    }

    /// Records a generated state. One outside the constraints is checked against the
    /// invariants but neither kept nor explored (as TLC does); a new one is kept, checked and
    /// queued.
    fn add(
        &mut self,
        state: Arc<[Value]>,
        parent: u32,
        action: Option<DefId>,
        depth: u32,
        in_actions: bool,
    ) -> Result<(), Stop> {
        let in_model = in_actions && self.all_hold(&self.model.constraints, &state, parent)?;
        if !in_model {
            return self.check_invariants(&state, parent, action);
        }
        let fp = self.fingerprint(&state, parent)?;
        if self.seen.contains_key(&fp) {
            return Ok(());
        }
        let idx = self.nodes.len() as u32;
        self.nodes.push(Node {
            state: state.clone(),
            parent,
            action,
            depth,
        });
        self.seen.insert(fp, idx);
        self.depth = self.depth.max(depth as u64);
        self.ev
            .run
            .distinct
            .store(self.nodes.len() as i64, Ordering::Relaxed);
        for inv in &self.model.invariants {
            if !self.holds(inv, &state, idx)? {
                return Err(stop(
                    Verdict::InvariantViolated(inv.name.clone()),
                    Some(idx),
                    None,
                ));
            }
        }
        if self.opts.max_depth.is_none_or(|m| (depth as u64) < m) {
            self.queue.push_back(idx);
        }
        Ok(())
    }

    /// Invariants of a state that is not kept (outside the constraints).
    fn check_invariants(
        &mut self,
        state: &Arc<[Value]>,
        parent: u32,
        action: Option<DefId>,
    ) -> Result<(), Stop> {
        let at = (parent != NO_PARENT).then_some(parent);
        let last = || TraceState {
            values: state.clone(),
            action,
        };
        for inv in &self.model.invariants {
            match self
                .ev
                .eval_bool(&inv.expr, &mut self.env, &StateView::state(state))
            {
                Ok(true) => {}
                Ok(false) => {
                    return Err(stop(
                        Verdict::InvariantViolated(inv.name.clone()),
                        at,
                        Some(last()),
                    ))
                }
                Err(e) => return Err(stop(Verdict::Error(e), at, Some(last()))),
            }
        }
        Ok(())
    }

    fn fingerprint(&mut self, state: &Arc<[Value]>, parent: u32) -> Result<u64, Stop> {
        let r = match &self.model.view {
            None => self
                .fp
                .fingerprint_all(state.iter())
                .map_err(EvalError::from),
            Some(view) => self
                .ev
                .eval(view, &mut self.env, &StateView::state(state))
                .and_then(|v| self.fp.fingerprint(&v).map_err(EvalError::from)),
        };
        r.map_err(|e| {
            let last = TraceState {
                values: state.clone(),
                action: None,
            };
            stop(
                Verdict::Error(e),
                (parent != NO_PARENT).then_some(parent),
                Some(last),
            )
        })
    }

    fn holds(&mut self, c: &Check, state: &[Value], idx: u32) -> Result<bool, Stop> {
        self.ev
            .eval_bool(&c.expr, &mut self.env, &StateView::state(state))
            .map_err(|e| stop(Verdict::Error(e), Some(idx), None))
    }

    fn all_hold(&mut self, cs: &[Check], state: &[Value], idx: u32) -> Result<bool, Stop> {
        for c in cs {
            if !self.holds(c, state, idx)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn explore(&mut self, idx: u32) -> Result<(), Stop> {
        let ev = self.ev;
        let cur = self.nodes[idx as usize].state.clone();
        let depth = self.nodes[idx as usize].depth;
        ev.run.level.store(depth as i64, Ordering::Relaxed);
        ev.run
            .queue
            .store(self.queue.len() as i64, Ordering::Relaxed);
        let mut succs: Vec<(Arc<[Value]>, Option<DefId>)> = Vec::new();
        let Some(next_action) = &self.model.next else {
            return Ok(());
        };
        let r = enumerate::next_states(ev, next_action, &cur, &mut |st, action| {
            succs.push((complete(st), action));
            Ok(true)
        });
        if let Err(e) = r {
            return Err(stop(Verdict::Error(e), Some(idx), None));
        }
        if succs.is_empty() && self.opts.check_deadlock {
            return Err(stop(Verdict::Deadlock, Some(idx), None));
        }
        for (next, action) in succs {
            self.generated += 1;
            ev.run
                .generated
                .store(self.generated as i64, Ordering::Relaxed);
            let action = action.or(self.model.next_def);
            let in_actions = self.in_actions(&cur, &next, action, idx)?;
            self.add(next.clone(), idx, action, depth + 1, in_actions)?;
            self.action_properties(&cur, &next, action, idx)?;
        }
        Ok(())
    }

    /// Whether a transition satisfies the action constraints (else its target is not kept).
    fn in_actions(
        &mut self,
        cur: &[Value],
        next: &Arc<[Value]>,
        action: Option<DefId>,
        idx: u32,
    ) -> Result<bool, Stop> {
        self.transition_checks(cur, next, action, idx, true)
    }

    /// Action properties, checked on every transition (TLC checks them even when the target
    /// was seen before or lies outside the constraints).
    fn action_properties(
        &mut self,
        cur: &[Value],
        next: &Arc<[Value]>,
        action: Option<DefId>,
        idx: u32,
    ) -> Result<(), Stop> {
        self.transition_checks(cur, next, action, idx, false)
            .map(|_| ())
    }

    fn transition_checks(
        &mut self,
        cur: &[Value],
        next: &Arc<[Value]>,
        action: Option<DefId>,
        idx: u32,
        constraints: bool,
    ) -> Result<bool, Stop> {
        let checks = if constraints {
            &self.model.action_constraints
        } else {
            &self.model.action_properties
        };
        if checks.is_empty() {
            return Ok(true);
        }
        let slots: Vec<Option<Value>> = next.iter().cloned().map(Some).collect();
        let sv = StateView::transition(cur, &slots);
        let last = || TraceState {
            values: next.clone(),
            action,
        };
        for c in checks {
            match self.ev.eval_bool(&c.expr, &mut self.env, &sv) {
                Ok(true) => {}
                Ok(false) if constraints => return Ok(false),
                Ok(false) => {
                    return Err(stop(
                        Verdict::ActionPropertyViolated(c.name.clone()),
                        Some(idx),
                        Some(last()),
                    ))
                }
                Err(e) => return Err(stop(Verdict::Error(e), Some(idx), Some(last()))),
            }
        }
        Ok(true)
    }

    /// The path from an initial state to node `at`, then `last`.
    fn trace(&self, at: Option<u32>, last: Option<TraceState>) -> Vec<TraceState> {
        let mut out = Vec::new();
        let mut i = at.unwrap_or(NO_PARENT);
        while i != NO_PARENT {
            let n = &self.nodes[i as usize];
            out.push(TraceState {
                values: n.state.clone(),
                action: n.action,
            });
            i = n.parent;
        }
        out.reverse();
        out.extend(last);
        out
    }
}

fn complete(st: &[Option<Value>]) -> Arc<[Value]> {
    st.iter()
        .map(|v| v.clone().expect("every variable is assigned"))
        .collect()
}
