//! The product of the behaviour graph and a tableau: node (s, t) when state s satisfies
//! t's state predicates; a step (s, t) -> (s', t') when s -> s' is a step of the graph that
//! satisfies t's actions and t' follows t. Built breadth-first from the initial states, so
//! node numbers grow with the distance from an initial state and parent links give shortest
//! paths.

use super::atoms::Truth;
use super::tableau::Tableau;
use std::collections::HashMap;
use tla_eval::EvalError;

pub const NONE: u32 = u32::MAX;

pub struct Product {
    /// (state, tableau node) of each product node.
    pub nodes: Vec<(u32, u32)>,
    /// Successors: (product node, edge of the behaviour graph).
    pub adj: Vec<Vec<(u32, u32)>>,
    /// The node and graph edge each node was first reached by (NONE for initial nodes).
    pub parent: Vec<(u32, u32)>,
}

fn state_lits_hold(t: &Tableau, tn: u32, s: u32, truth: &mut Truth) -> Result<bool, EvalError> {
    for &(a, p) in &t.nodes[tn as usize].lits {
        if !truth.is_action(a) && truth.in_state(a, s)? != p {
            return Ok(false);
        }
    }
    Ok(true)
}

fn action_lits_hold(t: &Tableau, tn: u32, e: usize, truth: &mut Truth) -> Result<bool, EvalError> {
    for &(a, p) in &t.nodes[tn as usize].lits {
        if truth.is_action(a) && truth.on_edge(a, e)? != p {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Product node numbers by (state, tableau node): a table when it is small enough, else a map.
enum NodeIndex {
    Dense(Vec<u32>, usize),
    Sparse(HashMap<(u32, u32), u32>),
}

impl NodeIndex {
    fn new(states: usize, tnodes: usize) -> Self {
        match states.checked_mul(tnodes) {
            Some(n) if n <= 64 << 20 => NodeIndex::Dense(vec![NONE; n], states),
            _ => NodeIndex::Sparse(HashMap::new()),
        }
    }

    fn get(&self, s: u32, tn: u32) -> Option<u32> {
        match self {
            NodeIndex::Dense(v, n) => Some(v[tn as usize * n + s as usize]).filter(|&i| i != NONE),
            NodeIndex::Sparse(m) => m.get(&(s, tn)).copied(),
        }
    }

    fn insert(&mut self, s: u32, tn: u32, id: u32) {
        match self {
            NodeIndex::Dense(v, n) => v[tn as usize * *n + s as usize] = id,
            NodeIndex::Sparse(m) => {
                m.insert((s, tn), id);
            }
        }
    }
}

pub fn build(t: &Tableau, truth: &mut Truth) -> Result<Product, EvalError> {
    let mut p = Product {
        nodes: Vec::new(),
        adj: Vec::new(),
        parent: Vec::new(),
    };
    let graph = truth.graph;
    let mut index = NodeIndex::new(graph.states(), t.nodes.len());
    for &s in &graph.init {
        for &tn in &t.init {
            if state_lits_hold(t, tn, s, truth)? && index.get(s, tn).is_none() {
                index.insert(s, tn, p.nodes.len() as u32);
                p.nodes.push((s, tn));
                p.parent.push((NONE, NONE));
            }
        }
    }
    let mut i = 0;
    while i < p.nodes.len() {
        let (s, tn) = p.nodes[i];
        let mut out = Vec::new();
        for e in graph.edges(s) {
            if !action_lits_hold(t, tn, e, truth)? {
                continue;
            }
            let s2 = graph.dst[e];
            for &tn2 in &t.nodes[tn as usize].succ {
                let id = match index.get(s2, tn2) {
                    Some(id) => id,
                    None => {
                        if !state_lits_hold(t, tn2, s2, truth)? {
                            continue;
                        }
                        let id = p.nodes.len() as u32;
                        index.insert(s2, tn2, id);
                        p.nodes.push((s2, tn2));
                        p.parent.push((i as u32, e as u32));
                        id
                    }
                };
                out.push((id, e as u32));
            }
        }
        p.adj.push(out);
        i += 1;
    }
    Ok(p)
}

/// Tarjan's strongly connected components (iteratively), over the nodes `keep` accepts and
/// the edges `edge_ok` accepts, from `roots` in order. Only components with a step inside
/// (several nodes, or a node with a step to itself) are returned.
pub fn sccs(
    adj: &[Vec<(u32, u32)>],
    roots: &[u32],
    keep: &dyn Fn(u32) -> bool,
    edge_ok: &mut dyn FnMut(u32) -> Result<bool, EvalError>,
) -> Result<Vec<Vec<u32>>, EvalError> {
    // Per node: index, low link, on stack. A table over all nodes for the first search, a map
    // for the searches inside a component.
    let mut index = Marks::new(adj.len(), roots.len() == adj.len());
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut out = Vec::new();
    for &r in roots {
        if !keep(r) || index.get(r).is_some() {
            continue;
        }
        index.insert(r, (counter, counter, true));
        counter += 1;
        stack.push(r);
        calls.push((r, 0));
        while let Some(&mut (v, ref mut i)) = calls.last_mut() {
            if *i < adj[v as usize].len() {
                let (w, e) = adj[v as usize][*i];
                *i += 1;
                if !keep(w) || !edge_ok(e)? {
                    continue;
                }
                match index.get(w) {
                    None => {
                        index.insert(w, (counter, counter, true));
                        counter += 1;
                        stack.push(w);
                        calls.push((w, 0));
                    }
                    Some((wi, _, true)) => {
                        let ent = index.get_mut(v);
                        ent.1 = ent.1.min(wi);
                    }
                    Some(_) => {}
                }
            } else {
                calls.pop();
                let (vi, vl, _) = index.get(v).expect("visited");
                if let Some(&(u, _)) = calls.last() {
                    let ent = index.get_mut(u);
                    ent.1 = ent.1.min(vl);
                }
                if vl == vi {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("on stack");
                        index.get_mut(w).2 = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    let nontrivial = comp.len() > 1
                        || adj[v as usize]
                            .iter()
                            .any(|&(w, e)| w == v && edge_ok(e).unwrap_or(false));
                    if nontrivial {
                        comp.sort_unstable();
                        out.push(comp);
                    }
                }
            }
        }
    }
    Ok(out)
}

type Mark = (u32, u32, bool);

enum Marks {
    Dense(Vec<Mark>),
    Sparse(HashMap<u32, Mark>),
}

impl Marks {
    fn new(n: usize, dense: bool) -> Self {
        if dense {
            Marks::Dense(vec![(NONE, NONE, false); n])
        } else {
            Marks::Sparse(HashMap::new())
        }
    }

    fn get(&self, v: u32) -> Option<Mark> {
        match self {
            Marks::Dense(m) => Some(m[v as usize]).filter(|x| x.0 != NONE),
            Marks::Sparse(m) => m.get(&v).copied(),
        }
    }

    fn insert(&mut self, v: u32, mark: Mark) {
        match self {
            Marks::Dense(m) => m[v as usize] = mark,
            Marks::Sparse(m) => {
                m.insert(v, mark);
            }
        }
    }

    /// The mark of a visited node.
    fn get_mut(&mut self, v: u32) -> &mut Mark {
        match self {
            Marks::Dense(m) => &mut m[v as usize],
            Marks::Sparse(m) => m.get_mut(&v).expect("visited"),
        }
    }
}
