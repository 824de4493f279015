//! Graphs and UndirectedGraphs (CommunityModules).
//!
//! # TLC facts (CommunityModules `tlc2/overrides/Graphs.java`, `UndirectedGraphs.java`,
//! `AbstractGraphs.java`)
//!
//! * A graph is a record with set-valued `node` and `edge` fields (else `The <pos> argument of
//!   <op> should be a graph record with a node and an edge field, ...`).
//! * Directed edges are 2-tuples `<<from, to>>`, undirected edges sets `{a, b}` (or `{a}`, a
//!   self-loop); any other element of `G.edge`, and any edge with an endpoint outside
//!   `G.node`, is ignored — as in the TLA+ definitions, where path nodes range over `G.node`.
//! * `SimplePath(G)`: every non-empty path without repeated nodes; `AreConnectedIn(m, n, G)`:
//!   FALSE unless both are nodes, TRUE when equal, else reachability; `IsStronglyConnected(G)`
//!   (directed): TRUE for no nodes, else every node reachable from the first node forwards
//!   and backwards. `ConnectedComponents(G)` (undirected): the partition of `G.node` by
//!   reachability.
//!
//! The results are sets or Booleans, so they do not depend on the traversal order.

use super::util::arg_error;
use super::{val, Entry};
use crate::error::{EResult, EvalError};
use crate::value::{IStr, Value};

pub(super) const NATIVES: &[Entry] = &[
    ("Graphs", "SimplePath", |_, _, _, a, _| {
        let g = Graph::new("SimplePath", "first", DIRECTED, val(a, 0)?)?;
        g.simple_paths()
    }),
    ("Graphs", "AreConnectedIn", |_, _, _, a, _| {
        let g = Graph::new("AreConnectedIn", "third", DIRECTED, val(a, 2)?)?;
        g.connected(val(a, 0)?, val(a, 1)?)
    }),
    ("Graphs", "IsStronglyConnected", |_, _, _, a, _| {
        let g = Graph::new("IsStronglyConnected", "first", DIRECTED, val(a, 0)?)?;
        if g.nodes.is_empty() {
            return Ok(Value::TRUE);
        }
        let all =
            g.reachable(0, false).iter().all(|&r| r) && g.reachable(0, true).iter().all(|&r| r);
        Ok(Value::Bool(all))
    }),
    ("UndirectedGraphs", "SimplePath", |_, _, _, a, _| {
        let g = Graph::new("SimplePath", "first", UNDIRECTED, val(a, 0)?)?;
        g.simple_paths()
    }),
    ("UndirectedGraphs", "AreConnectedIn", |_, _, _, a, _| {
        let g = Graph::new("AreConnectedIn", "third", UNDIRECTED, val(a, 2)?)?;
        g.connected(val(a, 0)?, val(a, 1)?)
    }),
    (
        "UndirectedGraphs",
        "ConnectedComponents",
        |_, _, _, a, _| {
            let g = Graph::new("ConnectedComponents", "first", UNDIRECTED, val(a, 0)?)?;
            let mut seen = vec![false; g.nodes.len()];
            let mut comps = Vec::new();
            for i in 0..g.nodes.len() {
                if seen[i] {
                    continue;
                }
                let r = g.reachable(i, false);
                let mut comp = Vec::new();
                for (j, &hit) in r.iter().enumerate() {
                    if hit {
                        seen[j] = true;
                        comp.push(g.nodes[j].clone());
                    }
                }
                comps.push(Value::set(comp).map_err(EvalError::from)?);
            }
            Value::set(comps).map_err(EvalError::from)
        },
    ),
];

const DIRECTED: bool = false;
const UNDIRECTED: bool = true;

struct Graph {
    nodes: Vec<Value>,
    /// Successors of each node (indices into `nodes`), in edge order.
    succ: Vec<Vec<usize>>,
    /// Predecessors (for the transposed graph).
    pred: Vec<Vec<usize>>,
}

impl Graph {
    fn new(opname: &str, pos: &str, undirected: bool, v: &Value) -> EResult<Graph> {
        let kind = if undirected {
            "undirected graph"
        } else {
            "graph"
        };
        let err = |detail: &str| arg_error(pos, opname, &format!("{kind} {detail}"), v);
        let rec = v
            .as_func()
            .filter(|f| f.is_record_like())
            .ok_or_else(|| err("record with a node and an edge field"))?;
        let field = |name: &str| rec.field(IStr::new(name)).cloned();
        let nodes = field("node")
            .filter(Value::is_set)
            .and_then(|n| n.enumerate().ok())
            .ok_or_else(|| err("record whose node field is a set"))?;
        let edges = field("edge")
            .filter(Value::is_set)
            .and_then(|e| e.enumerate().ok())
            .ok_or_else(|| err("record whose edge field is a set"))?;
        let nodes: Vec<Value> = nodes.iter().cloned().collect();
        let index = |x: &Value| -> EResult<Option<usize>> {
            for (i, n) in nodes.iter().enumerate() {
                if n.tlc_eq(x).map_err(EvalError::from)? {
                    return Ok(Some(i));
                }
            }
            Ok(None)
        };
        let mut succ = vec![Vec::new(); nodes.len()];
        let mut pred = vec![Vec::new(); nodes.len()];
        for e in edges.iter() {
            let ends = if undirected {
                match e.as_set().map(|s| s.as_slice()) {
                    Some([a]) => Some((a.clone(), a.clone())),
                    Some([a, b]) => Some((a.clone(), b.clone())),
                    _ => None,
                }
            } else {
                match e.as_func().and_then(|f| f.as_tuple()) {
                    Some([a, b]) => Some((a.clone(), b.clone())),
                    _ => None,
                }
            };
            let Some((a, b)) = ends else { continue };
            let (Some(i), Some(j)) = (index(&a)?, index(&b)?) else {
                continue;
            };
            succ[i].push(j);
            pred[j].push(i);
            if undirected && i != j {
                succ[j].push(i);
                pred[i].push(j);
            }
        }
        Ok(Graph { nodes, succ, pred })
    }

    fn index(&self, x: &Value) -> EResult<Option<usize>> {
        for (i, n) in self.nodes.iter().enumerate() {
            if n.tlc_eq(x).map_err(EvalError::from)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Nodes reachable from `from` (itself included), following edges backwards if `back`.
    fn reachable(&self, from: usize, back: bool) -> Vec<bool> {
        let adj = if back { &self.pred } else { &self.succ };
        let mut seen = vec![false; self.nodes.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        seen[from] = true;
        while let Some(x) = queue.pop_front() {
            for &y in &adj[x] {
                if !seen[y] {
                    seen[y] = true;
                    queue.push_back(y);
                }
            }
        }
        seen
    }

    fn connected(&self, m: &Value, n: &Value) -> EResult<Value> {
        let (Some(i), Some(j)) = (self.index(m)?, self.index(n)?) else {
            return Ok(Value::FALSE);
        };
        Ok(Value::Bool(i == j || self.reachable(i, false)[j]))
    }

    fn simple_paths(&self) -> EResult<Value> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        let mut on = vec![false; self.nodes.len()];
        for s in 0..self.nodes.len() {
            self.extend(s, &mut path, &mut on, &mut out);
        }
        Value::set(out).map_err(EvalError::from)
    }

    fn extend(&self, x: usize, path: &mut Vec<usize>, on: &mut [bool], out: &mut Vec<Value>) {
        path.push(x);
        on[x] = true;
        out.push(Value::tuple(
            path.iter().map(|&i| self.nodes[i].clone()).collect(),
        ));
        for &y in &self.succ[x] {
            if !on[y] {
                self.extend(y, path, on, out);
            }
        }
        on[x] = false;
        path.pop();
    }
}
