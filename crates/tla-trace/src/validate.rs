//! The validator: the frontier of spec states consistent with the events read so far.
//!
//! Event 1 is the initial state: it is matched against Init's states (an `action` on it is
//! not used). Each later event is one step: the frontier is expanded by the event's action
//! (with its logged parameters, or Next) and the successors that agree with every logged
//! variable form the next frontier; variables not logged take every value the spec allows.
//! With `max_skip` K, up to K steps of Next that were not logged may come before it.

use crate::bind::{BoundEvent, Step};
use std::collections::HashSet;
use std::sync::Arc;
use tla_check::model::Model;
use tla_eval::enumerate::{self, Emit};
use tla_eval::{EResult, Evaluator, Value};
use tla_sema::ir::DefId;

#[derive(Clone, Debug)]
pub struct Options {
    /// Unlogged steps allowed before each event.
    pub max_skip: usize,
    /// The most states a frontier (or a layer of skipped steps) may hold.
    pub max_frontier: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_skip: 0,
            max_frontier: 100_000,
        }
    }
}

/// A spec state reached while following the trace.
pub(crate) struct Node {
    pub state: Arc<[Value]>,
    pub parent: u32,
    /// The action that led here (None for an initial state, or Next not split into actions).
    pub action: Option<DefId>,
}

pub(crate) const ROOT: u32 = u32::MAX;

/// What following the trace ended in.
pub(crate) enum Walk {
    Accepted {
        largest: usize,
        /// The nodes of one accepted path, initial state first.
        path: Vec<u32>,
    },
    /// No state is consistent with event `failed` (0-based); `frontier` is the one before it.
    Stuck { failed: usize, frontier: Vec<u32> },
    /// No initial state at all.
    NoInitialState,
    /// A frontier grew past the bound at event `at` (0-based).
    TooLarge { at: usize },
}

pub(crate) struct Walker<'e, 'a> {
    pub ev: &'e Evaluator<'a>,
    pub model: &'e Model,
    pub opts: &'e Options,
    pub nodes: Vec<Node>,
}

impl Walker<'_, '_> {
    pub fn walk(&mut self, events: &[BoundEvent]) -> EResult<Walk> {
        let Some(init) = &self.model.init else {
            return Ok(Walk::NoInitialState);
        };
        let first = &events[0];
        let mut seen = HashSet::new();
        let mut frontier = Vec::new();
        let mut any = false;
        let mut too_large = false;
        let max = self.opts.max_frontier;
        let nodes = &mut self.nodes;
        enumerate::init_states(self.ev, init, &mut |st, _| {
            any = true;
            if first.matches(st) {
                let state: Arc<[Value]> = st.iter().map(|v| v.clone().expect("assigned")).collect();
                if seen.insert(state.clone()) {
                    nodes.push(Node {
                        state,
                        parent: ROOT,
                        action: None,
                    });
                    frontier.push(nodes.len() as u32 - 1);
                }
            }
            too_large = frontier.len() > max;
            Ok(!too_large)
        })?;
        if !any {
            return Ok(Walk::NoInitialState);
        }
        if too_large {
            return Ok(Walk::TooLarge { at: 0 });
        }
        if frontier.is_empty() {
            return Ok(Walk::Stuck {
                failed: 0,
                frontier,
            });
        }
        let mut largest = frontier.len();
        for (i, event) in events.iter().enumerate().skip(1) {
            let Some(next) = self.advance(&frontier, event)? else {
                return Ok(Walk::TooLarge { at: i });
            };
            if next.is_empty() {
                return Ok(Walk::Stuck {
                    failed: i,
                    frontier,
                });
            }
            largest = largest.max(next.len());
            frontier = next;
        }
        Ok(Walk::Accepted {
            largest,
            path: self.path_to(frontier[0]),
        })
    }

    /// The next frontier; None when it grew past the bound.
    fn advance(&mut self, frontier: &[u32], event: &BoundEvent) -> EResult<Option<Vec<u32>>> {
        let max = self.opts.max_frontier;
        let mut out = Vec::new();
        let mut out_seen: HashSet<Arc<[Value]>> = HashSet::new();
        let mut layer = frontier.to_vec();
        let mut visited: HashSet<Arc<[Value]>> = HashSet::new();
        for skipped in 0..=self.opts.max_skip {
            for &n in &layer {
                let keep = |st: &[Option<Value>]| event.matches(st);
                let (ev, model) = (self.ev, self.model);
                if expand(
                    ev,
                    model,
                    &mut self.nodes,
                    n,
                    &event.step,
                    keep,
                    &mut out_seen,
                    &mut out,
                    max,
                ) {
                    return Ok(None);
                }
            }
            if skipped == self.opts.max_skip {
                break;
            }
            let mut next_layer = Vec::new();
            for &n in &layer {
                let (ev, model) = (self.ev, self.model);
                let all = |_: &[Option<Value>]| true;
                if expand(
                    ev,
                    model,
                    &mut self.nodes,
                    n,
                    &Step::Next,
                    all,
                    &mut visited,
                    &mut next_layer,
                    max,
                ) {
                    return Ok(None);
                }
            }
            layer = next_layer;
        }
        Ok(Some(out))
    }

    /// The nodes from an initial state to `n`.
    pub fn path_to(&self, mut n: u32) -> Vec<u32> {
        let mut path = Vec::new();
        while n != ROOT {
            path.push(n);
            n = self.nodes[n as usize].parent;
        }
        path.reverse();
        path
    }
}

/// Receives each successor and the action that produced it.
pub(crate) type OnSuccessor<'f> =
    &'f mut dyn FnMut(&[Option<Value>], Option<DefId>) -> EResult<bool>;

/// The steps an event's step allows from `cur`.
/// Adds to `out` (and `nodes`) each new successor of node `from` by `step` that `keep` accepts;
/// true when `out` grew past `max`.
#[allow(clippy::too_many_arguments)]
fn expand(
    ev: &Evaluator,
    model: &Model,
    nodes: &mut Vec<Node>,
    from: u32,
    step: &Step,
    keep: impl Fn(&[Option<Value>]) -> bool,
    seen: &mut HashSet<Arc<[Value]>>,
    out: &mut Vec<u32>,
    max: usize,
) -> bool {
    let cur = nodes[from as usize].state.clone();
    let mut full = false;
    // An evaluation error in one candidate's step means no successor from it: the rejection
    // report shows the error if no candidate goes on.
    let _ = successors(ev, model, step, &cur, &mut |st, act| {
        if !keep(st) {
            return Ok(true);
        }
        let state: Arc<[Value]> = st.iter().map(|v| v.clone().expect("assigned")).collect();
        if seen.insert(state.clone()) {
            nodes.push(Node {
                state,
                parent: from,
                action: act,
            });
            out.push(nodes.len() as u32 - 1);
            full = out.len() > max;
        }
        Ok(!full)
    });
    full
}

pub(crate) fn successors(
    ev: &Evaluator,
    model: &Model,
    step: &Step,
    cur: &[Value],
    f: OnSuccessor,
) -> EResult<()> {
    match step {
        Step::Apply { def, args, .. } => {
            let body = &ev.spec.def(*def).body;
            let emit: Emit = &mut |st, _| f(st, Some(*def));
            enumerate::next_states_bound(ev, body, args, cur, emit)
        }
        Step::Next | Step::NextAs { .. } => {
            let Some(next) = &model.next else {
                return Ok(());
            };
            let wanted = match step {
                Step::NextAs { name } => Some(name.as_str()),
                _ => None,
            };
            enumerate::next_states(ev, next, cur, &mut |st, d| {
                let d = d.or(model.next_def);
                if wanted.is_some_and(|w| d.is_none_or(|d| ev.spec.def(d).name != w)) {
                    return Ok(true);
                }
                f(st, d)
            })
        }
    }
}

/// The name of the action a step was attributed to.
pub(crate) fn action_name(ev: &Evaluator, d: Option<DefId>) -> String {
    d.map_or_else(|| "Next".to_string(), |d| ev.spec.def(d).name.clone())
}
