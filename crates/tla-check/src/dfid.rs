//! Depth-first iterative deepening (TLC's `-dfid N`): the state graph searched depth first,
//! again and again, each pass one level deeper, up to level N.
//!
//! # TLC facts (from `tlc2/tool/DFIDModelChecker.java`, `DFIDWorker.java`,
//! `tlc2/tool/fp/dfid/FPIntSet.java` and `MemFPIntSet.java`, and runs of TLC 2026.11)
//!
//! * Every fingerprint has a 32-bit status: the pass it was first seen in (the high 30 bits;
//!   the initial states are seen in pass 1), a DONE bit and a "leveled" bit. The leveled bit
//!   means "explored in this pass" when it equals the pass's parity (0 or 2, flipped at the
//!   start of each pass); a state first seen in a pass carries that pass's parity, so it is
//!   not explored in the pass that found it. A state is *completed* when it is leveled or
//!   DONE.
//! * Pass `L` (from 2 to N): each initial state not completed is explored in turn; exploring
//!   a state generates all its successors (each counted as generated) and checks those in the
//!   model (state and action constraints): a new one is recorded, checked against the
//!   invariants, and kept for the descent unless completed; action properties are checked on
//!   every step; no successor at all is a deadlock. The descent goes into a kept successor at
//!   stack depth `d` (1-based, the parent at `d - 1`) only when it is not completed and was
//!   first seen in a pass later than `d - 1`; a state all of whose successors are done (or a
//!   leaf whose successors are all old) becomes DONE; a state with nothing left to descend
//!   into becomes leveled, and the search backs up.
//! * Before each pass TLC prints `Starting level L: G states generated, D distinct states
//!   found.`; after the initial states `Finished computing initial states: G states generated,
//!   with D of them distinct.`; at the end `G states generated, D distinct states found.` (no
//!   depth, no queue).
//! * A pass that finds no state to descend into ends the search: the next pass's turn reports
//!   success (`Model checking completed. No error has been found.` and the collision
//!   estimate). Reaching pass N without that is not a success: exit 0, no such message.
//!   `-dfid` below 2 runs no pass at all: TLC returns its general error (exit 255) silently.
//! * A violation prints the stack (the initial state first), then the successor; an
//!   invariant's states as `State N: ` (an empty label), the others as `State N:`.
//! * TLC refuses several workers and temporal properties in this mode (exit 255).
//!
//! TLC picks the initial state and the successor to descend into at random (a generator
//! seeded anew each run), so its counterexample and the figures at a violation vary from run
//! to run; here the first in generation order is taken. The figures of a search that runs
//! to its end do not depend on the order when no state is reachable at two depths that both
//! matter for the pass.

use crate::merge::TransitionObserver;
use crate::model::{Check, Model};
use crate::result::{Report, TraceState, Verdict};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tla_eval::value::{FingerprintMap, Fingerprinter};
use tla_eval::{enumerate, Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::DefId;

/// The message TLC gives for a DFID run with several workers.
pub const MANY_WORKERS: &str = "Error: Depth-First Iterative Deepening mode does not support multiple workers (https://github.com/tlaplus/tlaplus/issues/548).  Please run TLC with a single worker.";
/// The message TLC gives for a DFID run of a model with temporal properties.
pub const LIVENESS: &str = "Error: Depth-First Iterative Deepening mode does not support checking liveness properties (https://github.com/tlaplus/tlaplus/issues/548).  Please check liveness properties in Breadth-First-Search mode.";
/// TLC's exit status for its general error.
pub const GENERAL_ERROR: u8 = 255;

pub struct DfidOptions {
    pub check_deadlock: bool,
    /// TLC's `-dfid N`: the last pass.
    pub max_level: u64,
}

/// How a DFID run ended and what TLC prints of it.
pub struct DfidReport {
    pub report: Report,
    /// Generated and distinct initial states (None: the run stopped before reporting them).
    pub initial: Option<(u64, u64)>,
    /// Before each pass: its level and the figures so far.
    pub passes: Vec<(u64, u64, u64)>,
    /// The search ran out of states to explore (TLC's success message).
    pub completed: bool,
    /// TLC prints the closing figures (not after a violation in an initial state).
    pub summary: bool,
    pub status: u8,
}

/// A fingerprint's status bits, as TLC's FPIntSet keeps them.
const DONE: u32 = 1;
const LEVELED_MASK: u32 = 2;

struct Statuses {
    map: FingerprintMap<u32>,
    /// The current pass (TLC's `FPIntSet.Level`).
    level: u32,
    /// The current pass's parity of the leveled bit (0 or 2).
    leveled: u32,
}

impl Statuses {
    fn completed(&self, status: u32) -> bool {
        (status & LEVELED_MASK) == self.leveled || status & DONE == DONE
    }

    /// A successor that is new, or first seen in this pass.
    fn is_leaf(&self, status: Option<u32>) -> bool {
        status.is_none_or(|s| s >> 2 == self.level)
    }

    /// Records `fp` (or adds `bits` to it): its old status, None when it was new.
    fn set(&mut self, fp: u64, bits: u32) -> Option<u32> {
        let (level, leveled) = (self.level, self.leveled);
        match self.map.get_mut(&fp) {
            Some(s) => {
                let old = *s;
                *s |= bits;
                Some(old)
            }
            None => {
                self.map.insert(fp, (level << 2) | leveled | bits);
                None
            }
        }
    }

    fn get(&self, fp: u64) -> u32 {
        self.map.get(&fp).copied().unwrap_or(0)
    }

    fn set_leveled(&mut self, fp: u64) {
        let leveled = self.leveled;
        if let Some(s) = self.map.get_mut(&fp) {
            *s = (*s & !LEVELED_MASK) | leveled;
        }
    }
}

/// A state on the search's stack, or kept to descend into.
#[derive(Clone)]
struct Node {
    state: Arc<[Value]>,
    action: Option<DefId>,
    fp: u64,
}

type Stop = (Verdict, Vec<TraceState>);

struct Dfid<'m, 'e, 'a, 'o> {
    ev: &'e Evaluator<'a>,
    model: &'m Model,
    opts: &'m DfidOptions,
    sym: Option<crate::symmetry::Symmetry>,
    env: Env,
    fper: Fingerprinter,
    seen: Statuses,
    generated: u64,
    /// The states on the stack, and the stale depth TLC prints a trace with.
    stack: Vec<Node>,
    cur_level: usize,
    /// The first violation: TLC's worker still finishes the descent from its initial state.
    stopped: Option<Stop>,
    /// Told of each initial state and in-model step, as TLC's state writer is (-dump).
    observer: Option<&'o mut dyn TransitionObserver>,
}

/// Runs the search.
pub fn check(
    ev: &Evaluator,
    model: &Model,
    opts: &DfidOptions,
    observer: Option<&mut dyn TransitionObserver>,
) -> DfidReport {
    let mut d = Dfid {
        ev,
        model,
        opts,
        sym: None,
        env: Env::new(),
        fper: Fingerprinter::new(),
        seen: Statuses {
            map: FingerprintMap::default(),
            level: 1,
            leveled: 0,
        },
        generated: 0,
        stack: Vec::new(),
        cur_level: 0,
        stopped: None,
        observer,
    };
    let mut out = DfidReport {
        report: Report::new(Verdict::Success),
        initial: None,
        passes: Vec::new(),
        completed: false,
        summary: true,
        status: 0,
    };
    let stop = d.run(&mut out);
    out.report.generated = d.generated;
    out.report.distinct = d.seen.map.len() as u64;
    if let Some((verdict, trace)) = stop {
        out.report.aliased = match &model.alias {
            Some(alias) => crate::alias::apply(&model.vars, ev, alias, &trace),
            None => Vec::new(),
        };
        out.report.verdict = verdict;
        out.report.trace = trace;
        out.status = crate::result::exit_status(&out.report);
    }
    out
}

impl Dfid<'_, '_, '_, '_> {
    /// The whole run; a stop ends it with that verdict and trace.
    fn run(&mut self, out: &mut DfidReport) -> Option<Stop> {
        if let Err(v) = crate::assumptions::check(self.ev, 1) {
            out.summary = false;
            return Some((v, Vec::new()));
        }
        match crate::symmetry::bind(self.ev, self.model) {
            Ok(sym) => self.sym = sym,
            Err(e) => return Some((Verdict::Error(e), Vec::new())),
        }
        let inits = match self.initial_states() {
            Ok(inits) => inits,
            Err(stop) => {
                // TLC returns before its summary when an initial state is bad.
                out.summary = !matches!(
                    stop.0,
                    Verdict::InvariantViolated(_) | Verdict::PropertyViolated(_)
                );
                return Some(stop);
            }
        };
        out.initial = Some((self.generated, inits.len() as u64));
        out.report.initial_states = inits.len() as u64;
        if self.model.next.is_none() {
            out.completed = true;
            return None;
        }
        // TLC's result before any pass: its general error, kept when no pass runs.
        out.status = GENERAL_ERROR;
        let mut terminated = false;
        for level in 2..=self.opts.max_level {
            if terminated {
                out.completed = true;
                out.status = 0;
                return None;
            }
            out.passes
                .push((level, self.generated, self.seen.map.len() as u64));
            self.seen.level += 1;
            self.seen.leveled = 2 - self.seen.leveled;
            let more = match self.pass(&inits, level as usize) {
                Ok(more) => more,
                Err(stop) => return Some(stop),
            };
            if let Some(stop) = self.stopped.take() {
                return Some(stop);
            }
            out.status = 0;
            terminated = !more;
        }
        None
    }

    /// The initial states in the model, each checked; recorded as seen in pass 1.
    fn initial_states(&mut self) -> Result<Vec<Node>, Stop> {
        let (ev, model) = (self.ev, self.model);
        let Some(init) = &model.init else {
            return Ok(Vec::new());
        };
        let mut states = Vec::new();
        ev.run.level.store(0, Ordering::Relaxed);
        let r = enumerate::init_states(ev, init, &mut |st, _| {
            states.push(crate::expand::complete(st));
            Ok(true)
        });
        r.map_err(|e| (Verdict::Error(e), Vec::new()))?;
        self.generated = states.len() as u64;
        ev.run.level.store(1, Ordering::Relaxed);
        let mut kept = Vec::new();
        for st in states {
            let one = || {
                vec![TraceState {
                    values: st.clone(),
                    action: None,
                }]
            };
            let in_model = self
                .all_hold(&model.constraints, &StateView::state(&st))
                .map_err(|e| (Verdict::Error(e), one()))?;
            let mut new = true;
            if in_model {
                let fp = self
                    .fingerprint(&st)
                    .map_err(|e| (Verdict::Error(e), one()))?;
                new = self.seen.set(fp, 0).is_none();
                if let (true, Some(o)) = (new, self.observer.as_mut()) {
                    o.transition(None, fp, None, true, Some(&st));
                }
                if new {
                    kept.push(Node {
                        state: st.clone(),
                        action: None,
                        fp,
                    });
                }
            }
            if new {
                self.initial_checks(&st).map_err(|v| (v, one()))?;
            }
        }
        Ok(kept)
    }

    fn initial_checks(&mut self, st: &[Value]) -> Result<(), Verdict> {
        let model = self.model;
        let sv = StateView::state(st);
        for c in &model.invariants {
            if !self.holds(c, &sv).map_err(Verdict::Error)? {
                return Err(Verdict::InvariantViolated(c.name.clone()));
            }
        }
        for c in &model.init_properties {
            if !self.holds(c, &sv).map_err(Verdict::Error)? {
                return Err(Verdict::PropertyViolated(c.name.clone()));
            }
        }
        Ok(())
    }

    /// One pass down to `to_level`: whether some state was found that a deeper pass explores.
    /// `stack` and `succs` are TLC's arrays: entries beyond the depth stay until overwritten.
    fn pass(&mut self, inits: &[Node], to_level: usize) -> Result<bool, Stop> {
        // Each pass's worker starts from a copy of all the initial states.
        let mut inits = inits.to_vec();
        let mut more = false;
        let mut succs: Vec<Vec<Node>> = Vec::new();
        while self.stopped.is_none() {
            // The first initial state not completed; completed ones are dropped for the pass.
            inits.retain(|n| !self.seen.completed(self.seen.get(n.fp)));
            let Some(init) = inits.first().cloned() else {
                return Ok(more);
            };
            put(&mut self.stack, 0, init.clone());
            let mut is_leaf = to_level < 2;
            let (no_leaf, kept) = self.explore(&init, 1, is_leaf)?;
            put(&mut succs, 0, kept);
            more |= !no_leaf;
            self.cur_level = 1;
            while !is_leaf {
                let depth = self.cur_level;
                match self.next_child(&mut succs[depth - 1]) {
                    None => {
                        let top = self.stack[depth - 1].fp;
                        self.seen.set_leveled(top);
                        if depth == 1 {
                            break;
                        }
                        self.cur_level -= 1;
                    }
                    Some(child) => {
                        put(&mut self.stack, depth, child.clone());
                        is_leaf = depth + 1 >= to_level;
                        let (no_leaf, kept) = self.explore(&child, depth + 1, is_leaf)?;
                        put(&mut succs, depth, kept);
                        more |= !no_leaf;
                        self.cur_level += 1;
                    }
                }
            }
        }
        Ok(more)
    }

    /// TLC's `getNext`: the first kept successor still to descend into; the others passed
    /// over are dropped.
    fn next_child(&mut self, kept: &mut Vec<Node>) -> Option<Node> {
        let depth = self.cur_level as u32;
        while let Some(first) = kept.first() {
            let status = self.seen.get(first.fp);
            if !self.seen.completed(status) && depth < status >> 2 {
                return Some(first.clone());
            }
            kept.remove(0);
        }
        None
    }

    /// TLC's `doNext`: generates and checks the successors of `node` (the top of the stack);
    /// returns whether none of them is a leaf, and those kept to descend into.
    /// `depth`: the state's distance from an initial state, plus one (TLCGet("level")).
    fn explore(
        &mut self,
        node: &Node,
        depth: usize,
        is_leaf: bool,
    ) -> Result<(bool, Vec<Node>), Stop> {
        let (ev, model) = (self.ev, self.model);
        let Some(next_action) = &model.next else {
            return Ok((true, Vec::new()));
        };
        let depth = depth as i64;
        ev.run.level.store(depth, Ordering::Relaxed);
        let mut succs = Vec::new();
        let r = enumerate::next_states(ev, next_action, &node.state, &mut |st, action| {
            succs.push((crate::expand::complete(st), action.or(model.next_def)));
            Ok(true)
        });
        self.generated += succs.len() as u64;
        self.generated += ev.run.take_intermediate();
        ev.run
            .generated
            .store(self.generated as i64, Ordering::Relaxed);
        if let Err(e) = r {
            return Err((Verdict::Error(e), self.trace(node, None)));
        }
        let mut all_done = true;
        let mut all_non_leaf = true;
        let mut kept = Vec::new();
        for (succ, action) in &succs {
            let next = TraceState {
                values: succ.clone(),
                action: *action,
            };
            let stop = |v: Verdict, me: &Self| (v, me.trace(node, Some(next.clone())));
            let slots: Vec<Option<Value>> = succ.iter().cloned().map(Some).collect();
            let step = StateView::transition(&node.state, &slots);
            let alone = StateView::state(succ);
            ev.run.level.store(depth + 1, Ordering::Relaxed);
            let in_model = self
                .all_hold(&model.constraints, &alone)
                .map_err(|e| stop(Verdict::Error(e), self))?;
            ev.run.level.store(depth, Ordering::Relaxed);
            let in_model = in_model
                && self
                    .all_hold(&model.action_constraints, &step)
                    .map_err(|e| stop(Verdict::Error(e), self))?;
            let mut new = true;
            if in_model {
                let fp = self
                    .fingerprint(succ)
                    .map_err(|e| stop(Verdict::Error(e), self))?;
                let old = self.seen.set(fp, 0);
                new = old.is_none();
                if let Some(o) = self.observer.as_mut() {
                    o.transition(Some(node.fp), fp, *action, new, Some(succ));
                }
                all_done &= old.is_some_and(|s| s & DONE == DONE);
                all_non_leaf &= !self.seen.is_leaf(old);
                if !self.seen.completed(old.unwrap_or(0)) {
                    kept.push(Node {
                        state: succ.clone(),
                        action: *action,
                        fp,
                    });
                }
            }
            if new {
                ev.run.level.store(depth + 1, Ordering::Relaxed);
                for c in &model.invariants {
                    let ok = self
                        .holds(c, &alone)
                        .map_err(|e| stop(Verdict::Error(e), self))?;
                    if !ok {
                        let v = stop(Verdict::InvariantViolated(c.name.clone()), self);
                        return Ok(self.violated(v, all_non_leaf, kept));
                    }
                }
                ev.run.level.store(depth, Ordering::Relaxed);
            }
            for c in &model.action_properties {
                let ok = self
                    .holds(c, &step)
                    .map_err(|e| stop(Verdict::Error(e), self))?;
                if !ok {
                    let v = stop(Verdict::ActionPropertyViolated(c.name.clone()), self);
                    return Ok(self.violated(v, all_non_leaf, kept));
                }
            }
        }
        if succs.is_empty() && self.opts.check_deadlock {
            let v = (Verdict::Deadlock, self.trace(node, None));
            return Ok(self.violated(v, all_non_leaf, kept));
        }
        if all_done || (is_leaf && all_non_leaf) {
            self.seen.set(node.fp, DONE);
        }
        Ok((all_non_leaf, kept))
    }

    /// A violation ends the exploration of a state where it is met; only the first one is
    /// reported, and the search goes on to the end of the current descent.
    fn violated(&mut self, stop: Stop, non_leaf: bool, kept: Vec<Node>) -> (bool, Vec<Node>) {
        self.stopped.get_or_insert(stop);
        (non_leaf, kept)
    }

    /// The behaviour TLC prints: its stack below the current depth (stale while an initial
    /// state is explored: TLC sets it afterwards), the state explored, then the successor.
    fn trace(&self, node: &Node, succ: Option<TraceState>) -> Vec<TraceState> {
        let as_trace = |n: &Node| TraceState {
            values: n.state.clone(),
            action: n.action,
        };
        let below = self.cur_level.min(self.stack.len());
        let mut out: Vec<TraceState> = self.stack[..below].iter().map(as_trace).collect();
        out.push(as_trace(node));
        out.extend(succ);
        out
    }

    fn fingerprint(&mut self, state: &[Value]) -> Result<u64, EvalError> {
        let sym = self.sym.as_ref();
        match &self.model.view {
            None => {
                crate::symmetry::fingerprint(sym, &mut self.fper, state).map_err(EvalError::from)
            }
            Some(view) => {
                let v = self
                    .ev
                    .eval(view, &mut self.env, &StateView::state(state))?;
                match sym {
                    None => self.fper.fingerprint_view(&v),
                    Some(_) => crate::symmetry::fingerprint(sym, &mut self.fper, &[v]),
                }
                .map_err(EvalError::from)
            }
        }
    }

    fn holds(&mut self, c: &Check, sv: &StateView) -> Result<bool, EvalError> {
        self.ev.eval_bool(&c.expr, &mut self.env, sv)
    }

    fn all_hold(&mut self, cs: &[Check], sv: &StateView) -> Result<bool, EvalError> {
        for c in cs {
            if !self.holds(c, sv)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// TLC's `array[i] = x` on an array that keeps what lies beyond.
fn put<T>(v: &mut Vec<T>, i: usize, x: T) {
    if i < v.len() {
        v[i] = x;
    } else {
        v.push(x);
    }
}
