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
    /// The POSTCONDITION (its name and the location of its definition) is FALSE.
    PostconditionFalse(String, Loc),
    /// A temporal property has a counterexample (a lasso, see `Report::liveness`).
    TemporalViolated(String),
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
    /// With an ALIAS, what to print of each trace state instead of the variables (see
    /// `alias.rs`); empty without one.
    pub aliased: Vec<Option<crate::alias::AliasedState>>,
    /// The liveness phase, when the model has temporal properties and the search completed.
    pub liveness: Option<crate::liveness::LiveReport>,
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

/// Hashes the seen-set's keys, which are fingerprints (xxh3 outputs, already uniformly
/// distributed), by taking them as they are.
#[derive(Default, Clone, Copy)]
struct FingerprintHasher;

impl std::hash::BuildHasher for FingerprintHasher {
    type Hasher = IdentityHasher;

    fn build_hasher(&self) -> IdentityHasher {
        IdentityHasher(0)
    }
}

struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed; other input still hashes deterministically.
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

struct Search<'m, 'e, 'a> {
    /// The spec uses TLCExt's Trace: the path to each state is given to the evaluator.
    keeps_trace: bool,
    ev: &'e Evaluator<'a>,
    model: &'m Model,
    opts: &'m Options,
    nodes: Vec<Node>,
    seen: HashMap<u64, u32, FingerprintHasher>,
    queue: VecDeque<u32>,
    generated: u64,
    depth: u64,
    fp: Fingerprinter,
    env: Env,
    symmetry: Option<crate::symmetry::Symmetry>,
    /// The behaviour graph, recorded when there are temporal properties to check.
    graph: Option<crate::liveness::GraphRecorder>,
}

/// Checks the assumptions, then explores every reachable state.
pub fn check(ev: &Evaluator, model: &Model, opts: &Options) -> Report {
    let keeps_trace = ev
        .spec
        .defs
        .iter()
        .any(|d| d.name == "Trace" && ev.spec.module(d.module).name == "TLCExt");
    let mut s = Search {
        keeps_trace,
        ev,
        model,
        opts,
        nodes: Vec::new(),
        seen: HashMap::default(),
        queue: VecDeque::new(),
        generated: 0,
        depth: 0,
        fp: Fingerprinter::new(),
        env: Env::new(),
        symmetry: None,
        graph: (!model.temporal_properties.is_empty()).then(Default::default),
    };
    let mut liveness = None;
    let (verdict, trace) = match s.run() {
        Ok(()) => {
            let live = match s.graph.take() {
                Some(g) => {
                    let states: Vec<_> = s.nodes.iter().map(|n| n.state.clone()).collect();
                    match crate::liveness::check(ev, model, g, &states) {
                        Ok(mut live) => {
                            let r = match live.violation.as_mut() {
                                Some(v) => (
                                    Verdict::TemporalViolated(v.property.clone()),
                                    std::mem::take(&mut v.trace),
                                ),
                                None => (Verdict::Success, Vec::new()),
                            };
                            liveness = Some(live);
                            r
                        }
                        Err(e) => (Verdict::Error(e), Vec::new()),
                    }
                }
                None => (Verdict::Success, Vec::new()),
            };
            // The postcondition is evaluated only after a run without any error.
            if live.0 == Verdict::Success {
                let stats = crate::postcondition::FinalStats {
                    generated: s.generated,
                    distinct: s.nodes.len() as u64,
                    queue: s.queue.len() as u64,
                    depth: s.depth,
                };
                (crate::postcondition::check(ev, model, &stats), Vec::new())
            } else {
                live
            }
        }
        Err(stop) => (stop.verdict, s.trace(stop.at, stop.last)),
    };
    let aliased = match &model.alias {
        Some(alias) => crate::alias::apply(ev, alias, &trace),
        None => Vec::new(),
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
        aliased,
        liveness,
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
pub(crate) fn assumption_modules(spec: &Spec) -> Vec<ModuleId> {
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
        self.symmetry = crate::symmetry::bind(self.ev, self.model)
            .map_err(|e| stop(Verdict::Error(e), None, None))?;
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
        let (ev, model) = (self.ev, self.model);
        ev.run.level.store(0, Ordering::Relaxed);
        let Some(init) = &model.init else {
            return Ok(());
        };
        // Each state is checked as it is generated, so the first violation stops the search
        // where TLC's does.
        let mut stopped = None;
        let r = enumerate::init_states(ev, init, &mut |st, _| {
            self.generated += 1;
            // Checks of an initial state see TLCGet("level") = 1; Init itself sees 0.
            ev.run.level.store(1, Ordering::Relaxed);
            let r = self.add(complete(st), NO_PARENT, None, 1, None);
            ev.run.level.store(0, Ordering::Relaxed);
            match r {
                Ok(()) => Ok(true),
                Err(s) => {
                    stopped = Some(s);
                    Ok(false)
                }
            }
        });
        if let Some(s) = stopped {
            return Err(s);
        }
        r.map_err(|e| stop(Verdict::Error(e), None, None))
    }

    /// Records a generated state, in TLC's order: the state constraints, then (for a
    /// successor of `cur`) the action constraints; a state outside them is checked against
    /// the invariants but neither kept nor explored; a new one is kept, checked and queued.
    fn add(
        &mut self,
        state: Arc<[Value]>,
        parent: u32,
        action: Option<DefId>,
        depth: u32,
        cur: Option<&[Value]>,
    ) -> Result<(), Stop> {
        let mut in_model = self.all_hold(&self.model.constraints, &state, parent)?;
        if in_model {
            if let Some(cur) = cur {
                // Action constraints see the level of the state they start from.
                self.ev.run.level.store(depth as i64 - 1, Ordering::Relaxed);
                in_model = self.in_actions(cur, &state, action, parent)?;
                self.ev.run.level.store(depth as i64, Ordering::Relaxed);
            }
        }
        if !in_model {
            return self.check_state(&state, parent, action, None);
        }
        let fp = self.fingerprint(&state, parent)?;
        if let Some(&old) = self.seen.get(&fp) {
            let actual = self.model.view.is_some().then(|| state.clone());
            self.record(parent, old, action, actual);
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
        self.record(parent, idx, action, None);
        self.depth = self.depth.max(depth as u64);
        // TLCGet("diameter"): the longest behaviour found so far.
        self.ev
            .run
            .diameter
            .store(self.depth as i64, Ordering::Relaxed);
        self.ev
            .run
            .distinct
            .store(self.nodes.len() as i64, Ordering::Relaxed);
        self.set_trace(idx);
        self.check_state(&state, parent, action, Some(idx))?;
        if self.opts.max_depth.is_none_or(|m| (depth as u64) < m) {
            self.queue.push_back(idx);
        }
        Ok(())
    }

    /// The invariants, then for an initial state the state-predicate parts of the
    /// properties. `idx`: the state's node, when it was kept.
    fn check_state(
        &mut self,
        state: &Arc<[Value]>,
        parent: u32,
        action: Option<DefId>,
        idx: Option<u32>,
    ) -> Result<(), Stop> {
        let (at, last) = match idx {
            Some(i) => (Some(i), None),
            None => (
                (parent != NO_PARENT).then_some(parent),
                Some(TraceState {
                    values: state.clone(),
                    action,
                }),
            ),
        };
        let initial = parent == NO_PARENT;
        let props: &[Check] = if initial {
            &self.model.init_properties
        } else {
            &[]
        };
        let checks = self
            .model
            .invariants
            .iter()
            .map(|c| (c, false))
            .chain(props.iter().map(|c| (c, true)));
        for (c, is_property) in checks {
            match self
                .ev
                .eval_bool(&c.expr, &mut self.env, &StateView::state(state))
            {
                Ok(true) => {}
                Ok(false) => {
                    let verdict = if is_property {
                        Verdict::PropertyViolated(c.name.clone())
                    } else {
                        Verdict::InvariantViolated(c.name.clone())
                    };
                    return Err(stop(verdict, at, last));
                }
                Err(e) => return Err(stop(Verdict::Error(e), at, last)),
            }
        }
        Ok(())
    }

    fn fingerprint(&mut self, state: &Arc<[Value]>, parent: u32) -> Result<u64, Stop> {
        let r = match &self.model.view {
            None => crate::symmetry::fingerprint(self.symmetry.as_ref(), &mut self.fp, state)
                .map_err(EvalError::from),
            Some(view) => self
                .ev
                .eval(view, &mut self.env, &StateView::state(state))
                .and_then(|v| {
                    crate::symmetry::fingerprint(self.symmetry.as_ref(), &mut self.fp, &[v])
                        .map_err(EvalError::from)
                }),
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
        let (ev, model) = (self.ev, self.model);
        let cur = self.nodes[idx as usize].state.clone();
        let depth = self.nodes[idx as usize].depth;
        ev.run
            .queue
            .store(self.queue.len() as i64, Ordering::Relaxed);
        let Some(next_action) = &model.next else {
            return Ok(());
        };
        self.set_trace(idx);
        let mut count = 0u64;
        let mut stopped = None;
        ev.run.level.store(depth as i64, Ordering::Relaxed);
        let r = enumerate::next_states(ev, next_action, &cur, &mut |st, action| {
            count += 1;
            match self.successor(&cur, complete(st), action, idx, depth) {
                Ok(()) => Ok(true),
                Err(s) => {
                    stopped = Some(s);
                    Ok(false)
                }
            }
        });
        if let Some(s) = stopped {
            return Err(s);
        }
        if let Err(e) = r {
            return Err(stop(Verdict::Error(e), Some(idx), None));
        }
        self.generated += ev.run.intermediate.swap(0, Ordering::Relaxed) as u64;
        if count == 0 && self.opts.check_deadlock {
            return Err(stop(Verdict::Deadlock, Some(idx), None));
        }
        Ok(())
    }

    /// One successor of node `idx`: counted, checked and kept as TLC's worker does.
    fn successor(
        &mut self,
        cur: &[Value],
        next: Arc<[Value]>,
        action: Option<DefId>,
        idx: u32,
        depth: u32,
    ) -> Result<(), Stop> {
        let ev = self.ev;
        self.generated += 1;
        ev.run
            .generated
            .store(self.generated as i64, Ordering::Relaxed);
        let action = action.or(self.model.next_def);
        // The successor's checks see its own level; the transition's, the current state's.
        ev.run.level.store(depth as i64 + 1, Ordering::Relaxed);
        let r = self.add(next.clone(), idx, action, depth + 1, Some(cur));
        ev.run.level.store(depth as i64, Ordering::Relaxed);
        r?;
        self.action_properties(cur, &next, action, idx)
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

    /// A transition to the kept node `to`, for the liveness checker's behaviour graph.
    fn record(
        &mut self,
        parent: u32,
        to: u32,
        action: Option<DefId>,
        actual: Option<Arc<[Value]>>,
    ) {
        if let Some(g) = &mut self.graph {
            g.record((parent != NO_PARENT).then_some(parent), to, action, actual);
        }
    }

    /// Gives the evaluator the behaviour leading to node `idx` (TLCExt's Trace).
    fn set_trace(&self, idx: u32) {
        if !self.keeps_trace {
            return;
        }
        let path = self
            .trace(Some(idx), None)
            .into_iter()
            .map(|t| t.values)
            .collect();
        *self.ev.run.trace.lock().expect("trace") = path;
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
