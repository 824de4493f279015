//! The validator: a breadth-first search over (events taken from each file, spec state).
//!
//! One trace is the case of one file. Layer k holds the spec states consistent with some
//! order of k events that keeps each file's order and the clocks (`clock.rs`), grouped by how
//! many events of each file were taken (and whether only initial-state events were), each
//! group's states deduplicated. A layer goes to the next by taking, in each group, each
//! file's next event that may come next: the group's states are expanded by the event's
//! action (with its logged parameters, or Next) and the successors that agree with every
//! logged variable are kept; variables not logged take every value the spec allows. With
//! `max_skip` K, up to K steps of Next that were not logged may come before it.
//!
//! The first event of an order is an initial state (it names `Init`), the first step from an
//! initial state the log does not show (it names an action), or either (it names none, and
//! both are kept). The number of groups is polynomial in the files' lengths however the
//! clocks leave them, so the search is not exponential in the orders; `max_frontier` bounds
//! every layer (and the initial states a first step may start from).

use crate::bind::{BoundEvent, Step};
use crate::clock::{At, Order};
use std::collections::{BTreeMap, HashMap, HashSet};
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

/// What following the traces ended in.
pub(crate) enum Walk {
    Accepted {
        largest: usize,
        /// The nodes of one accepted path, initial state first.
        path: Vec<u32>,
    },
    /// After `taken` events no order goes on: each event some order could take next, with the
    /// states it was tried from (none when `taken` is 0: it was tried as the first event).
    Stuck {
        taken: usize,
        tried: BTreeMap<At, Vec<u32>>,
    },
    /// No initial state at all.
    NoInitialState,
    /// A layer grew past the bound while taking event `at` as event `taken + 1`; `inits`: the
    /// initial states a first step may start from were too many.
    TooLarge { taken: usize, at: At, inits: bool },
}

/// States of one layer with the same events taken.
struct Group {
    pos: Box<[u32]>,
    /// Only initial-state events taken so far: an `Init` event may still come.
    initial: bool,
    nodes: Vec<u32>,
    seen: HashSet<Arc<[Value]>>,
}

/// The next layer as it is built.
#[derive(Default)]
struct Layer {
    groups: Vec<Group>,
    index: HashMap<(Box<[u32]>, bool), usize>,
    size: usize,
}

impl Layer {
    fn group(&mut self, pos: Box<[u32]>, initial: bool) -> (&mut Group, &mut usize) {
        let groups = &mut self.groups;
        let i = *self.index.entry((pos.clone(), initial)).or_insert_with(|| {
            groups.push(Group {
                pos,
                initial,
                nodes: Vec::new(),
                seen: HashSet::new(),
            });
            groups.len() - 1
        });
        (&mut self.groups[i], &mut self.size)
    }
}

pub(crate) struct Walker<'e, 'a> {
    pub ev: &'e Evaluator<'a>,
    pub model: &'e Model,
    pub opts: &'e Options,
    pub nodes: Vec<Node>,
    /// Every initial state, once a first step needs them (None: not enumerated yet).
    pub inits: Option<Vec<u32>>,
    /// Whether Init has a state at all (as far as enumerated).
    any_init: bool,
}

fn bump(pos: &[u32], f: usize) -> Box<[u32]> {
    let mut p: Box<[u32]> = pos.into();
    p[f] += 1;
    p
}

/// What taking one event from one group gave: false to go on, true when the layer overflowed.
type Overflow = bool;

impl<'e, 'a> Walker<'e, 'a> {
    pub fn new(ev: &'e Evaluator<'a>, model: &'e Model, opts: &'e Options) -> Self {
        Walker {
            ev,
            model,
            opts,
            nodes: Vec::new(),
            inits: None,
            any_init: false,
        }
    }

    pub fn walk(&mut self, files: &[Vec<BoundEvent>], order: &Order) -> EResult<Walk> {
        if self.model.init.is_none() {
            return Ok(Walk::NoInitialState);
        }
        let total: usize = files.iter().map(Vec::len).sum();
        let zero: Box<[u32]> = vec![0; files.len()].into();
        let mut next = Layer::default();
        let mut tried = BTreeMap::new();
        for (f, evs) in files.iter().enumerate() {
            let Some(e) = evs.first() else { continue };
            if !order.available(f, 0, &zero) {
                continue;
            }
            let at = At { file: f, index: 0 };
            tried.insert(at, Vec::new());
            match self.first(e, bump(&zero, f), &mut next)? {
                None => {}
                Some(inits) => {
                    return Ok(Walk::TooLarge {
                        taken: 0,
                        at,
                        inits,
                    })
                }
            }
        }
        if next.size == 0 {
            // Every enumeration of Init so far found nothing: there is no initial state.
            if !self.any_init {
                return Ok(Walk::NoInitialState);
            }
            return Ok(Walk::Stuck { taken: 0, tried });
        }
        let mut largest = next.size;
        let mut layer = next.groups;
        layer.retain(|g| !g.nodes.is_empty());
        for taken in 1..total {
            let mut next = Layer::default();
            for g in &layer {
                for (f, evs) in files.iter().enumerate() {
                    let i = g.pos[f] as usize;
                    if i >= evs.len() || !order.available(f, i, &g.pos) {
                        continue;
                    }
                    let at = At { file: f, index: i };
                    if self.take(g, &evs[i], bump(&g.pos, f), &mut next)? {
                        return Ok(Walk::TooLarge {
                            taken,
                            at,
                            inits: false,
                        });
                    }
                }
            }
            if next.size == 0 {
                return Ok(Walk::Stuck {
                    taken,
                    tried: tried_from(&layer, files, order),
                });
            }
            largest = largest.max(next.size);
            layer = next.groups;
            layer.retain(|g| !g.nodes.is_empty());
        }
        Ok(Walk::Accepted {
            largest,
            path: self.path_to(layer[0].nodes[0]),
        })
    }

    /// Takes `e` as the first event of an order into `next`; Some(true) when the initial
    /// states overflowed the bound, Some(false) when the layer did.
    fn first(
        &mut self,
        e: &BoundEvent,
        pos: Box<[u32]>,
        next: &mut Layer,
    ) -> EResult<Option<bool>> {
        let max = self.opts.max_frontier;
        if let Step::Init = e.step {
            return Ok(self.initial_part(e, pos, next)?.then_some(false));
        }
        let Some(inits) = self.all_initial_states()? else {
            return Ok(Some(true));
        };
        if let Step::Next = e.step {
            if self.initial_part(e, pos.clone(), next)? {
                return Ok(Some(false));
            }
        }
        let (g, size) = next.group(pos, false);
        for n in inits {
            let keep = |st: &[Option<Value>]| e.matches(st);
            let step = &e.step;
            if expand(
                self.ev,
                self.model,
                &mut self.nodes,
                n,
                step,
                keep,
                &mut g.seen,
                &mut g.nodes,
                size,
                max,
            ) {
                return Ok(Some(false));
            }
        }
        Ok(None)
    }

    /// The initial states agreeing with `e`, into `next`; true when the layer overflowed.
    fn initial_part(
        &mut self,
        e: &BoundEvent,
        pos: Box<[u32]>,
        next: &mut Layer,
    ) -> EResult<Overflow> {
        let matching = self.initial_states(e)?;
        let (g, size) = next.group(pos, true);
        for n in matching {
            if g.seen.insert(self.nodes[n as usize].state.clone()) {
                g.nodes.push(n);
                *size += 1;
            }
        }
        Ok(*size > self.opts.max_frontier)
    }

    /// Takes `e` from the states of `g` into `next`; true when the layer overflowed.
    fn take(
        &mut self,
        g: &Group,
        e: &BoundEvent,
        pos: Box<[u32]>,
        next: &mut Layer,
    ) -> EResult<Overflow> {
        let max = self.opts.max_frontier;
        if let Step::Init = e.step {
            // An initial-state event after a step is no step at all: nothing goes on from it.
            if g.initial {
                let (out, size) = next.group(pos, true);
                for &n in &g.nodes {
                    let st = &self.nodes[n as usize].state;
                    if e.matches_full(st) && out.seen.insert(st.clone()) {
                        out.nodes.push(n);
                        *size += 1;
                    }
                }
                return Ok(*size > max);
            }
            return Ok(false);
        }
        let (out, size) = next.group(pos, false);
        self.advance(&g.nodes, e, out, size)
    }

    /// The successors of `frontier` by event `e`, after up to `max_skip` unlogged steps.
    fn advance(
        &mut self,
        frontier: &[u32],
        event: &BoundEvent,
        out: &mut Group,
        size: &mut usize,
    ) -> EResult<Overflow> {
        let max = self.opts.max_frontier;
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
                    &mut out.seen,
                    &mut out.nodes,
                    size,
                    max,
                ) {
                    return Ok(true);
                }
            }
            if skipped == self.opts.max_skip {
                break;
            }
            let mut next_layer = Vec::new();
            let mut count = 0;
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
                    &mut count,
                    max,
                ) {
                    return Ok(true);
                }
            }
            layer = next_layer;
        }
        Ok(false)
    }

    /// The initial states agreeing with `event`, as nodes; taken from the list of all of
    /// them once it exists.
    fn initial_states(&mut self, event: &BoundEvent) -> EResult<Vec<u32>> {
        if let Some(all) = &self.inits {
            return Ok(all
                .iter()
                .copied()
                .filter(|&n| event.matches_full(&self.nodes[n as usize].state))
                .collect());
        }
        let init = self.model.init.as_ref().expect("checked");
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut any = false;
        let nodes = &mut self.nodes;
        enumerate::init_states(self.ev, init, &mut |st, _| {
            any = true;
            if event.matches(st) {
                let state: Arc<[Value]> = st.iter().map(|v| v.clone().expect("assigned")).collect();
                if seen.insert(state.clone()) {
                    nodes.push(Node {
                        state,
                        parent: ROOT,
                        action: None,
                    });
                    out.push(nodes.len() as u32 - 1);
                }
            }
            Ok(true)
        })?;
        self.any_init |= any;
        Ok(out)
    }

    /// Every initial state, for a first step the log does not show the state before; None when
    /// there are more than the bound.
    fn all_initial_states(&mut self) -> EResult<Option<Vec<u32>>> {
        if let Some(all) = &self.inits {
            return Ok(Some(all.clone()));
        }
        let max = self.opts.max_frontier;
        let init = self.model.init.as_ref().expect("checked");
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut any = false;
        let nodes = &mut self.nodes;
        enumerate::init_states(self.ev, init, &mut |st, _| {
            any = true;
            let state: Arc<[Value]> = st.iter().map(|v| v.clone().expect("assigned")).collect();
            if seen.insert(state.clone()) {
                nodes.push(Node {
                    state,
                    parent: ROOT,
                    action: None,
                });
                out.push(nodes.len() as u32 - 1);
            }
            Ok(out.len() <= max)
        })?;
        self.any_init |= any;
        if out.len() > max {
            return Ok(None);
        }
        self.inits = Some(out.clone());
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

/// Each event some group of `layer` could take next, with the group's states.
fn tried_from(layer: &[Group], files: &[Vec<BoundEvent>], order: &Order) -> BTreeMap<At, Vec<u32>> {
    let mut tried: BTreeMap<At, Vec<u32>> = BTreeMap::new();
    for g in layer {
        for (f, evs) in files.iter().enumerate() {
            let i = g.pos[f] as usize;
            if i < evs.len() && order.available(f, i, &g.pos) {
                tried
                    .entry(At { file: f, index: i })
                    .or_default()
                    .extend(&g.nodes);
            }
        }
    }
    tried
}

/// Receives each successor and the action that produced it.
pub(crate) type OnSuccessor<'f> =
    &'f mut dyn FnMut(&[Option<Value>], Option<DefId>) -> EResult<bool>;

/// Adds to `out` (and `nodes`) each new successor of node `from` by `step` that `keep` accepts,
/// counting it in `size`; true when `size` grew past `max`.
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
    size: &mut usize,
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
            *size += 1;
            full = *size > max;
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
        // An initial-state event is no step.
        Step::Init => Ok(()),
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
