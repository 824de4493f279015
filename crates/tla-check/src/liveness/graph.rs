//! The behaviour graph: the distinct states the search kept and every transition between
//! them, recorded by the engine as it goes (also transitions to states seen before), with
//! the stuttering step TLC adds to every state.

use std::sync::Arc;
use tla_eval::Value;
use tla_sema::ir::DefId;

/// The successor as generated, when it differs from the state kept for its node (with a
/// VIEW, a node keeps the first state with its view): actions are read on the real step.
type Actual = Option<Arc<[Value]>>;

/// What a step of the graph is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// A step of the next-state action (the part of it that produced the step, when known).
    Action(Option<DefId>),
    /// The stuttering step TLC adds to each state.
    Stutter,
}

/// Filled by the engine during the search.
#[derive(Default)]
pub struct GraphRecorder {
    init: Vec<u32>,
    succ: Vec<Vec<(u32, Option<DefId>, Actual)>>,
}

impl GraphRecorder {
    /// A transition from `from` (None: `to` is an initial state) to the kept state `to`.
    pub fn record(&mut self, from: Option<u32>, to: u32, action: Option<DefId>, actual: Actual) {
        match from {
            None => self.init.push(to),
            Some(f) => {
                let f = f as usize;
                if self.succ.len() <= f {
                    self.succ.resize_with(f + 1, Vec::new);
                }
                self.succ[f].push((to, action, actual));
            }
        }
    }

    /// The graph over `states` kept states, each successor once, a stuttering step added.
    pub fn finish(self, states: usize) -> Graph {
        self.build(states, states)
    }

    /// The graph so far, for a check during the search: only the states below `done` have
    /// all their successors recorded, so only they have steps (their own stuttering step
    /// too); the others are dead ends, in no cycle, as TLC's undone nodes are skipped
    /// (`LiveWorker.checkSccs`).
    pub fn snapshot(&self, states: usize, done: usize) -> Graph {
        self.build(states, done.min(states))
    }

    /// The graph of one lasso: positions `0..states` in a row from position 0, then the step
    /// back to `back` (None: the last position stutters); no other stuttering step, so its
    /// only behaviour is the lasso.
    pub fn lasso(
        states: usize,
        actions: &[Option<DefId>],
        back: Option<(usize, Option<DefId>)>,
    ) -> Graph {
        let mut r = GraphRecorder::default();
        r.record(None, 0, None, None);
        for (i, a) in actions.iter().enumerate().take(states).skip(1) {
            r.record(Some(i as u32 - 1), i as u32, *a, None);
        }
        let last = states as u32 - 1;
        match back {
            Some((to, a)) => r.record(Some(last), to as u32, a, None),
            None => r.record(Some(last), last, None, None),
        }
        r.build_with(states, states, false)
    }

    fn build(&self, states: usize, done: usize) -> Graph {
        self.build_with(states, done, true)
    }

    fn build_with(&self, states: usize, done: usize, stutter: bool) -> Graph {
        let mut g = Graph {
            init: Vec::new(),
            off: Vec::with_capacity(states + 1),
            src: Vec::new(),
            dst: Vec::new(),
            step: Vec::new(),
            actual: Vec::new(),
        };
        // A set beside the list, not `contains` on it: 501,500 initial states (CoffeeCan1000Beans)
        // made this loop quadratic, half the run's time.
        let mut init_seen = std::collections::HashSet::new();
        for &i in &self.init {
            if init_seen.insert(i) {
                g.init.push(i);
            }
        }
        drop(init_seen);
        // Its own set for one state's successors: clearing a set costs its capacity, and the
        // initial states' set cleared once per state was quadratic again (CoffeeCan1000Beans:
        // 55% of the run in memset).
        let mut seen = std::collections::HashSet::new();
        for s in 0..states {
            g.off.push(g.dst.len() as u32);
            if s >= done {
                continue;
            }
            seen.clear();
            for (t, a, actual) in self.succ.get(s).map_or(&[][..], |l| &l[..]) {
                let t = *t;
                // Steps to the same node from different real successors may differ.
                if actual.is_some() || seen.insert(t) {
                    if actual.is_some() && g.actual.is_empty() {
                        g.actual = vec![None; g.dst.len()];
                    }
                    g.src.push(s as u32);
                    g.dst.push(t);
                    g.step.push(Step::Action(*a));
                    if !g.actual.is_empty() {
                        g.actual.push(actual.clone());
                    }
                }
            }
            if stutter && seen.insert(s as u32) {
                g.src.push(s as u32);
                g.dst.push(s as u32);
                g.step.push(Step::Stutter);
                if !g.actual.is_empty() {
                    g.actual.push(None);
                }
            }
        }
        g.off.push(g.dst.len() as u32);
        g
    }
}

/// Compressed adjacency: the edges of state `s` are `off[s]..off[s+1]`.
pub struct Graph {
    pub init: Vec<u32>,
    off: Vec<u32>,
    pub src: Vec<u32>,
    pub dst: Vec<u32>,
    pub step: Vec<Step>,
    /// Per edge (empty when no edge has one): the real successor, see [`Actual`].
    actual: Vec<Actual>,
}

impl Graph {
    pub fn edges(&self, s: u32) -> std::ops::Range<usize> {
        self.off[s as usize] as usize..self.off[s as usize + 1] as usize
    }

    /// The real successor of edge `e`, when it is not the state its node keeps.
    pub fn actual(&self, e: usize) -> Option<&Arc<[Value]>> {
        self.actual.get(e).and_then(|a| a.as_ref())
    }

    pub fn states(&self) -> usize {
        self.off.len() - 1
    }
}
