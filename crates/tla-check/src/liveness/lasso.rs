//! The counterexample: a shortest path from an initial state to the component, then a cycle
//! inside it through every node and step the component needs, printed as TLC prints a
//! lasso (`Back to state N` or `Stuttering`).

use super::graph::{Graph, Step};
use super::product::NONE;
use super::search::{Found, Need};
use crate::engine::TraceState;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tla_eval::Value;

/// How the printed lasso closes.
#[derive(Clone, Debug, PartialEq)]
pub enum LassoEnd {
    /// The behaviour returns to this state (1-based) by the step of this action.
    BackTo(usize, Option<tla_sema::ir::DefId>),
    /// The behaviour stutters forever in its last state.
    Stuttering,
}

/// Product steps (node, graph edge into it; NONE for the first).
type Path = Vec<(u32, u32)>;

/// The shortest path inside the component from `from` to a node satisfying `goal`.
fn path_to(f: &Found, from: u32, goal: &dyn Fn(u32) -> bool) -> Path {
    if goal(from) {
        return Vec::new();
    }
    let member = |n: u32| f.members.binary_search(&n).is_ok();
    let mut prev: HashMap<u32, (u32, u32)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        for &(w, e) in &f.product.adj[v as usize] {
            if !member(w) || f.edge_ok[e as usize] != 2 || w == from || prev.contains_key(&w) {
                continue;
            }
            prev.insert(w, (v, e));
            if goal(w) {
                let mut out = vec![(w, e)];
                let mut cur = v;
                while cur != from {
                    let (p, pe) = prev[&cur];
                    out.push((cur, pe));
                    cur = p;
                }
                out.reverse();
                return out;
            }
            queue.push_back(w);
        }
    }
    Vec::new()
}

/// The states of the lasso and how it closes.
pub fn build(f: &Found, graph: &Graph, states: &[Arc<[Value]>]) -> (Vec<TraceState>, LassoEnd) {
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
    // The cycle: through every need, back to the entry.
    let mut cycle: Path = Vec::new();
    let mut at = entry;
    for need in &f.needs {
        // A need the cycle already meets on its way is not visited again.
        let met = match *need {
            Need::Node(n) => n == entry || cycle.iter().any(|&(x, _)| x == n),
            Need::Step(v, w, e) => {
                let mut from = entry;
                cycle.iter().any(|&(x, xe)| {
                    let hit = from == v && x == w && xe == e;
                    from = x;
                    hit
                })
            }
        };
        if met {
            continue;
        }
        match *need {
            Need::Node(n) => {
                let p = path_to(f, at, &|x| x == n);
                cycle.extend(p);
                at = n;
            }
            Need::Step(v, w, e) => {
                let p = path_to(f, at, &|x| x == v);
                cycle.extend(p);
                cycle.push((w, e));
                at = w;
            }
        }
    }
    if at != entry || cycle.is_empty() {
        if at == entry {
            // No need: any step inside, then back.
            let (w, e) = f.product.adj[entry as usize]
                .iter()
                .copied()
                .find(|&(w, e)| f.members.binary_search(&w).is_ok() && f.edge_ok[e as usize] == 2)
                .expect("a component has a step");
            cycle.push((w, e));
            at = w;
        }
        if at != entry {
            cycle.extend(path_to(f, at, &|x| x == entry));
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
