//! The one-threaded half of the search: taking the examined successors in the order a
//! one-worker search generates them, deciding which are new (the seen-set), recording their
//! parent links, counting as TLC counts, and saying exactly where the search stops.

use crate::expand::{built, Candidate, End, Found, Last};
use crate::frontier::Frontier;
use crate::parents::ParentRecords;
use crate::result::{TraceState, Verdict};
use crate::settings::Settings;

use crate::seen::{FingerprintSet, NO_KEY};
use crate::workers::{key_parent, ChunkOut, StopKind};
use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};
use tla_eval::{Evaluator, Value};
use tla_sema::ir::DefId;

pub const NO_PARENT: u32 = u32::MAX;

/// A kept whole state and the action that reached it.
type WholeState = (Arc<[Value]>, Option<DefId>);

/// Sees every transition the search keeps, in a one-worker search's order: an initial state
/// (`from` = None) or a step from a kept state to an in-model state, new or seen before, with
/// the state as generated (`state`: for a state seen before, only when the observer
/// `reads_seen_states`). States are named by fingerprint. The seam for a behaviour graph
/// (liveness).
pub trait TransitionObserver: Send {
    fn transition(
        &mut self,
        from: Option<u64>,
        to: u64,
        action: Option<DefId>,
        new: bool,
        state: Option<&Arc<[Value]>>,
    );

    /// Whether `transition` reads the state of a step to a state seen before (the search
    /// otherwise never builds it).
    fn reads_seen_states(&self) -> bool;
}

/// Why the search stopped: the verdict, the last explored (or new) state's index, and a final
/// state not kept (a successor that broke an action property, say).
pub struct Stop {
    pub verdict: Verdict,
    pub at: Option<u32>,
    pub last: Option<TraceState>,
}

pub fn stop(verdict: Verdict, at: Option<u32>, last: Option<TraceState>) -> Stop {
    Stop { verdict, at, last }
}

/// What is kept of the explored states: per state its fingerprint and its parent's index
/// (12 bytes, `parents.rs`), enough to rebuild a path by running the spec again.
pub struct Explored<'e, 'a> {
    ev: &'e Evaluator<'a>,
    pub records: ParentRecords,
    /// Whole states and their actions, kept only when the spec reads its own trace (TLCExt's
    /// Trace) and checks must be given it.
    pub whole: Option<Vec<WholeState>>,
    pub generated: u64,
    pub depth: u64,
    pub initial_states: u64,
    /// States of the level being explored that come after the one being merged.
    pub remaining: u64,
    /// The next level.
    pub next: Frontier,
    /// From the run's `Settings`.
    check_deadlock: bool,
    pub observer: Option<Box<dyn TransitionObserver + 'e>>,
    /// TLC's `-continue`: violations are kept in `continued` instead of stopping the search.
    continue_after_violation: bool,
    pub continued: Vec<Stop>,
    /// The new successors of each expanded state (TLC's outdegree line).
    pub outdegree: crate::outdegree::OutDegree,
    /// With -coverage, TLC's per-action counts (one worker only: merged one by one).
    pub coverage: Option<crate::coverage::Counter>,
}

impl<'e, 'a> Explored<'e, 'a> {
    /// Nothing explored yet; `keeps_whole`: the spec reads its own trace (TLCExt's Trace).
    pub fn new(
        ev: &'e Evaluator<'a>,
        settings: &Settings,
        keeps_whole: bool,
        observer: Option<Box<dyn TransitionObserver + 'e>>,
        coverage: Option<crate::coverage::Counter>,
    ) -> Self {
        Explored {
            ev,
            records: ParentRecords::new(settings.memory),
            whole: keeps_whole.then(Vec::new),
            generated: 0,
            depth: 0,
            initial_states: 0,
            remaining: 0,
            next: Frontier::new(settings.memory),
            check_deadlock: settings.check_deadlock,
            observer,
            continue_after_violation: settings.continue_after_violation,
            continued: Vec::new(),
            outdegree: Default::default(),
            coverage,
        }
    }

    pub fn spec(&self) -> &'a tla_sema::Spec {
        self.ev.spec
    }

    pub fn distinct(&self) -> u64 {
        self.records.len()
    }

    pub fn left_on_queue(&self) -> u64 {
        self.remaining + self.next.len()
    }

    /// One generated state, successor of `parent` (or initial: `NO_PARENT`) at `depth`.
    pub fn merge(
        &mut self,
        seen: &RwLock<FingerprintSet>,
        c: Candidate,
        parent: u32,
        depth: u32,
    ) -> Result<(), Stop> {
        self.generated += 1;
        self.ev
            .run
            .generated
            .store(self.generated as i64, Ordering::Relaxed);
        let parent_at = (parent != NO_PARENT).then_some(parent);
        if let Some(cov) = &mut self.coverage {
            // A new state that breaks an invariant is not queued: TLC leaves its values out.
            let (new, queued) = match &c.found {
                Found::InModel { fp, bad } => {
                    let new = !seen.read().expect("seen-set").contains(*fp);
                    (new, new && bad.is_none())
                }
                _ => (false, false),
            };
            cov.record(&c, parent == NO_PARENT, new, queued);
        }
        match c.found {
            Found::Stop(verdict, last) => {
                let last = match last {
                    Last::Nothing => None,
                    Last::State(action) => Some(TraceState {
                        values: built(c.state),
                        action,
                    }),
                };
                return Err(stop(verdict, parent_at, last));
            }
            Found::OutOfModel => {}
            Found::InModel { fp, bad } => {
                let new = self.insert(seen, fp);
                if let Some(o) = &mut self.observer {
                    let from = parent_at.map(|p| record(&self.records, p).0);
                    o.transition(from, fp, c.action, new, c.state.as_ref());
                }
                if new {
                    let idx = self.records.len() as u32;
                    self.records.push(fp, parent);
                    if parent != NO_PARENT {
                        self.outdegree.child_of(parent);
                    }
                    if let Some(w) = &mut self.whole {
                        w.push((built(c.state.clone()), c.action));
                    }
                    if parent == NO_PARENT {
                        self.initial_states += 1;
                    }
                    self.depth = self.depth.max(depth as u64);
                    // TLCGet("diameter"): the longest behaviour found so far.
                    self.ev
                        .run
                        .diameter
                        .store(self.depth as i64, Ordering::Relaxed);
                    self.ev
                        .run
                        .distinct
                        .store(self.records.len() as i64, Ordering::Relaxed);
                    if let Some(v) = bad {
                        let st = stop(v, Some(idx), None);
                        if !self.keep_going(&st) {
                            return Err(st);
                        }
                        self.continued.push(st);
                    }
                    // TLC checks the action properties before it enqueues the state: one
                    // that stops the search is not left on the queue.
                    let stops_here = (c.transition_bad.as_ref())
                        .is_some_and(|v| !self.keep_going(&stop(v.clone(), None, None)));
                    if !stops_here {
                        self.next.push(idx, built(c.state.clone()));
                    }
                }
            }
        }
        if let Some(v) = c.transition_bad {
            let last = TraceState {
                values: built(c.state),
                action: c.action,
            };
            let st = stop(v, parent_at, Some(last));
            if !self.keep_going(&st) {
                return Err(st);
            }
            self.continued.push(st);
        }
        Ok(())
    }

    /// With `-continue`, a violation (not an error) is kept and the search goes on.
    fn keep_going(&self, st: &Stop) -> bool {
        self.continue_after_violation
            && matches!(
                st.verdict,
                Verdict::InvariantViolated(_)
                    | Verdict::PropertyViolated(_)
                    | Verdict::ActionPropertyViolated(_)
            )
    }

    /// How the expansion of state `idx` ended, once its candidates are merged.
    pub fn end(&mut self, idx: u32, end: End) -> Result<(), Stop> {
        match end {
            End::Halted => Ok(()),
            End::Failed(e) => Err(stop(Verdict::Error(e), Some(idx), None)),
            End::Done { intermediate, none } => {
                self.generated += intermediate;
                self.outdegree.expanded(1);
                if none && self.check_deadlock {
                    return Err(stop(Verdict::Deadlock, Some(idx), None));
                }
                Ok(())
            }
        }
    }

    /// Keeps what a parallel pass found (`workers.rs`) as the one-worker search merges it:
    /// the pass's chunks in level order (None past a stop); `level`: the number of states
    /// still to explore when the pass began and the number it took (None: the initial
    /// states); the new states are at `depth`. Work per new state (and per transition when
    /// transitions are observed), not per generated state.
    pub fn settle(
        &mut self,
        seen: &FingerprintSet,
        mut chunks: Vec<Option<ChunkOut>>,
        level: Option<(u64, usize)>,
        depth: u32,
    ) -> Result<(), Stop> {
        // The search stops at the first stop, in key order, that is real.
        let mut found = None;
        'find: for (k, c) in chunks.iter().enumerate() {
            let Some(c) = c else { break };
            for (i, s) in c.stops.iter().enumerate() {
                let real = match &s.kind {
                    StopKind::Certain(_) => true,
                    StopKind::NewBad { fp, .. } => seen.winner(*fp) == Some(s.key),
                };
                if real {
                    found = Some((k, i));
                    break 'find;
                }
            }
        }
        let end = found.map(|(k, i)| {
            let c = chunks[k].as_mut().expect("the stopped chunk");
            (k, c.stops.swap_remove(i))
        });
        let (last_chunk, last_key, unqueued) = match &end {
            // The state whose checks stopped the search is not queued (a new state that
            // breaks an invariant; one whose step breaks an action property, which TLC
            // checks before it enqueues).
            Some((k, s)) => (*k, s.key, s.key),
            None => (usize::MAX, NO_KEY, NO_KEY),
        };
        for (k, c) in chunks.into_iter().enumerate() {
            let Some(c) = c else { break };
            if k > last_chunk {
                break;
            }
            self.generated += match &end {
                Some((_, s)) if k == last_chunk => s.generated,
                _ => c.generated,
            };
            self.keep_new(seen, c, last_key, unqueued, depth);
        }
        if let (Some((_, len)), None) = (level, &end) {
            self.outdegree.expanded(len as u64);
        }
        if let Some((n, len)) = level {
            self.remaining = match &end {
                Some((_, s)) => n - s.pos as u64 - 1,
                None => n - len as u64,
            };
        }
        let run = &self.ev.run;
        run.generated
            .store(self.generated as i64, Ordering::Relaxed);
        run.distinct
            .store(self.records.len() as i64, Ordering::Relaxed);
        run.diameter.store(self.depth as i64, Ordering::Relaxed);
        run.queue
            .store(self.left_on_queue() as i64, Ordering::Relaxed);
        let Some((_, s)) = end else {
            return Ok(());
        };
        Err(match s.kind {
            StopKind::Certain(st) => st,
            StopKind::NewBad { verdict, .. } => {
                stop(verdict, Some(self.records.len() as u32 - 1), None)
            }
        })
    }

    /// The new states of one chunk with keys up to `last_key`, queued but the one at
    /// `unqueued` (a new state that breaks an invariant), and its observed transitions.
    fn keep_new(
        &mut self,
        seen: &FingerprintSet,
        c: ChunkOut,
        last_key: u64,
        unqueued: u64,
        depth: u32,
    ) {
        let mut steps = c.steps.into_iter().filter(|x| x.key <= last_key).peekable();
        let mut observer = self.observer.take();
        let winners = c.winners;
        for x in c.claimed.into_iter().filter(|x| x.key <= last_key) {
            if !winners && seen.winner(x.fp) != Some(x.key) {
                continue;
            }
            let parent = key_parent(x.key);
            if let Some(o) = &mut observer {
                // The transitions to states seen before this one, then its own.
                while let Some(st) = steps.next_if(|st| st.key < x.key) {
                    let from = self.parent_fp(key_parent(st.key));
                    o.transition(from, st.fp, st.action, false, st.state.as_ref());
                }
                steps.next_if(|st| st.key == x.key);
                o.transition(self.parent_fp(parent), x.fp, x.action, true, Some(&x.state));
            }
            let idx = self.records.len() as u32;
            self.records.push(x.fp, parent);
            if parent == NO_PARENT {
                self.initial_states += 1;
            } else {
                self.outdegree.child_of(parent);
            }
            self.depth = self.depth.max(depth as u64);
            if x.key != unqueued {
                self.next.push(idx, x.state);
            }
        }
        if let Some(o) = &mut observer {
            for st in steps {
                let from = self.parent_fp(key_parent(st.key));
                o.transition(from, st.fp, st.action, false, st.state.as_ref());
            }
        }
        self.observer = observer;
    }

    fn parent_fp(&self, parent: u32) -> Option<u64> {
        (parent != NO_PARENT).then(|| record(&self.records, parent).0)
    }

    fn insert(&mut self, seen: &RwLock<FingerprintSet>, fp: u64) -> bool {
        {
            let s = seen.read().expect("seen-set");
            if s.len() * 4 < s.capacity() * 3 {
                return s.insert(fp);
            }
        }
        let mut s = seen.write().expect("seen-set");
        s.reserve(1);
        s.insert(fp)
    }

    /// The fingerprints from an initial state to state `at`.
    pub fn fingerprint_path(&self, at: u32) -> Vec<u64> {
        let mut out = Vec::new();
        let mut i = at;
        while i != NO_PARENT {
            let (fp, parent) = record(&self.records, i);
            out.push(fp);
            i = parent;
        }
        out.reverse();
        out
    }

    /// The kept whole states from an initial state to `at` (Trace mode only).
    pub fn whole_path(&self, at: u32) -> Option<Vec<TraceState>> {
        let w = self.whole.as_ref()?;
        let mut out = Vec::new();
        let mut i = at;
        while i != NO_PARENT {
            let (values, action) = &w[i as usize];
            out.push(TraceState {
                values: values.clone(),
                action: *action,
            });
            i = record(&self.records, i).1;
        }
        out.reverse();
        Some(out)
    }
}

/// State `i`'s fingerprint and parent. A record on disk that cannot be read back is an I/O
/// failure of the machine, not of the spec: the search cannot go on without it.
fn record(records: &ParentRecords, i: u32) -> (u64, u32) {
    match records.get(i) {
        Ok(r) => r,
        Err(e) => panic!("cannot read back the parent records from the temporary file: {e}"),
    }
}
