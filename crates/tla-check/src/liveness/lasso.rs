//! The counterexample: a shortest path from an initial state to the component, then a short
//! cycle inside it meeting every goal of the component, printed as TLC prints a lasso
//! (`Back to state N` or `Stuttering`).

use super::graph::{Graph, Step};
use super::product::NONE;
use super::search::{Found, Goal, Need};
use crate::result::{LassoEnd, TraceState};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tla_eval::Value;

/// Product steps (node, graph edge into it; NONE for the first).
type Path = Vec<(u32, u32)>;

/// The shortest path inside the component from `from` to the first node or step `hit`
/// accepts, found breadth-first (ending with that step); empty if none.
fn nearest(f: &Found, from: u32, hit: &mut dyn FnMut(Need) -> bool) -> Path {
    let member = |n: u32| f.members.binary_search(&n).is_ok();
    let mut prev: HashMap<u32, (u32, u32)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    let path_to = |prev: &HashMap<u32, (u32, u32)>, mut cur: u32| {
        let mut out = Vec::new();
        while cur != from {
            let (p, pe) = prev[&cur];
            out.push((cur, pe));
            cur = p;
        }
        out.reverse();
        out
    };
    while let Some(v) = queue.pop_front() {
        for &(w, e) in &f.product.adj[v as usize] {
            if !member(w) || f.edge_ok[e as usize] != 2 {
                continue;
            }
            if hit(Need::Step(v, w, e)) {
                let mut out = path_to(&prev, v);
                out.push((w, e));
                return out;
            }
            if w == from || prev.contains_key(&w) {
                continue;
            }
            prev.insert(w, (v, e));
            if hit(Need::Node(w)) {
                return path_to(&prev, w);
            }
            queue.push_back(w);
        }
    }
    Vec::new()
}

/// Components up to this many nodes times goals get their cycle tried with each goal met
/// first (larger ones: nearest first only).
const TRY_ORDERS: usize = 1 << 20;

/// A cycle from `entry` back to it meeting every goal: each time to the nearest node or step
/// meeting one still open (`first`: meeting that goal, for the first leg), then the shortest
/// way back.
fn cycle(
    f: &Found,
    entry: u32,
    first: Option<usize>,
    meets: &mut dyn FnMut(Goal, Need) -> bool,
) -> Path {
    let same = |a: Need, b: Need| match (a, b) {
        (Need::Node(x), Need::Node(y)) => x == y,
        (Need::Step(v, w, x), Need::Step(v2, w2, y)) => (v, w, x) == (v2, w2, y),
        _ => false,
    };
    // The open goals `at` meets.
    let mut met = |at: Need, open: &[bool]| -> Vec<usize> {
        (f.needs.iter().enumerate())
            .filter(|&(i, &(need, goal))| open[i] && (same(need, at) || meets(goal, at)))
            .map(|(i, _)| i)
            .collect()
    };
    let mut open: Vec<bool> = vec![true; f.needs.len()];
    let mut cycle: Path = Vec::new();
    let mut at = entry;
    for i in met(Need::Node(entry), &open) {
        open[i] = false;
    }
    let mut target = first.filter(|&g| open[g]);
    while open.contains(&true) {
        let path = nearest(f, at, &mut |place| {
            let hit = met(place, &open);
            target.map_or(!hit.is_empty(), |g| hit.contains(&g))
        });
        assert!(!path.is_empty(), "an open goal is met inside the component");
        target = None;
        // Every step taken and node passed closes what it meets.
        let mut from = at;
        for &(n, e) in &path {
            for place in [Need::Step(from, n, e), Need::Node(n)] {
                for i in met(place, &open) {
                    open[i] = false;
                }
            }
            from = n;
        }
        at = from;
        cycle.extend(path);
    }
    if at == entry && cycle.is_empty() {
        // No goal left: stuttering in the entry where it may (TLC prints an empty cycle as
        // stuttering), else any step inside, then back.
        let inside = |&(w, e): &(u32, u32)| {
            f.members.binary_search(&w).is_ok() && f.edge_ok[e as usize] == 2
        };
        let steps = &f.product.adj[entry as usize];
        let (w, e) = (steps.iter().copied())
            .filter(inside)
            .find(|&(w, _)| w == entry)
            .or_else(|| steps.iter().copied().find(inside))
            .expect("a component has a step");
        cycle.push((w, e));
        at = w;
    }
    if at != entry {
        let back = |place| matches!(place, Need::Node(x) if x == entry);
        cycle.extend(nearest(f, at, &mut { back }));
    }
    cycle
}

/// The states of the lasso and how it closes. As TLC (`LiveWorker.printTrace`): a shortest
/// path from an initial state to the component, then a cycle from there meeting every goal
/// (`meets(goal, place)`; the need found for each always does). TLC's cycle is a greedy
/// depth-first walk; ours goes to the nearest open goal each time, trying each goal first
/// on small components, and keeps the shortest.
pub fn build(
    f: &Found,
    graph: &Graph,
    states: &[Arc<[Value]>],
    meets: &mut dyn FnMut(Goal, Need) -> bool,
) -> (Vec<TraceState>, LassoEnd) {
    let entry = f.members[0];
    // The path from an initial node to the entry, by parent links.
    let mut prefix: Path = Vec::new();
    let mut cur = entry;
    while cur != NONE {
        let (p, e) = f.product.parent[cur as usize];
        prefix.push((cur, e));
        cur = p;
    }
    prefix.reverse();
    let mut cycle = self::cycle(f, entry, None, meets);
    if f.members.len().saturating_mul(f.needs.len()) <= TRY_ORDERS {
        for g in 0..f.needs.len() {
            let other = self::cycle(f, entry, Some(g), meets);
            if other.len() < cycle.len() {
                cycle = other;
            }
        }
    }
    let state_of = |n: u32| f.product.nodes[n as usize].0;
    let action_of = |e: u32| match graph.step[e as usize] {
        Step::Action(a) => a,
        Step::Stutter => None,
    };
    // States in order, a product step that keeps the state printed once.
    let mut trace: Vec<TraceState> = Vec::new();
    let mut last_state = NONE;
    let mut push = |n: u32, e: u32, trace: &mut Vec<TraceState>| {
        let s = state_of(n);
        if s != last_state {
            trace.push(TraceState {
                values: states[s as usize].clone(),
                action: if e == NONE { None } else { action_of(e) },
            });
            last_state = s;
        }
        trace.len()
    };
    let mut entry_pos = 0;
    for &(n, e) in &prefix {
        entry_pos = push(n, e, &mut trace);
    }
    let entry_state = state_of(entry);
    let cycle_moves = cycle.iter().any(|&(n, _)| state_of(n) != entry_state);
    if !cycle_moves {
        return (trace, LassoEnd::Stuttering);
    }
    // Steps back into the entry's state at the end of the cycle are not printed: the
    // last state that differs returns to the entry by the step after it.
    let last = cycle
        .iter()
        .rposition(|&(n, _)| state_of(n) != entry_state)
        .expect("the cycle moves");
    let closing = cycle[last + 1].1;
    for &(n, e) in &cycle[..=last] {
        push(n, e, &mut trace);
    }
    (trace, LassoEnd::BackTo(entry_pos, action_of(closing)))
}
