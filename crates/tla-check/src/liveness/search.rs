//! One disjunct of `fairness /\ ~property`: is there a behaviour of the graph satisfying it?
//!
//! As in TLC (`LiveCheck`, `LiveWorker.checkComponent`): the conjuncts `<>[]X` ("EA") keep
//! only the steps where X holds; the conjuncts `[]<>X` ("AE") and the tableau's eventualities
//! need a step (or node) in the component where they hold; the rest is the tableau. A
//! strongly connected component of the product is a counterexample when it has all of these
//! and is fair: for `WF_v(A)`, an `<<A>>_v` step or a state where it is not enabled; for
//! `SF_v(A)`, an `<<A>>_v` step or no state where it is enabled -- else the states where it
//! is enabled are dropped and the rest of the component is searched again.

use super::atoms::Truth;
use super::formula::{FairCond, LF};
use super::product::{self, Product};
use super::tableau::Tableau;
use tla_eval::EvalError;

/// A node or a step a counterexample's cycle must pass through.
#[derive(Clone, Copy, Debug)]
pub enum Need {
    Node(u32),
    /// (from, to, graph edge)
    Step(u32, u32, u32),
}

/// What a need stands for: the condition it meets, which other nodes or steps may meet too.
#[derive(Clone, Copy, Debug)]
pub enum Goal {
    /// The i-th `[]<>X` conjunct: a step where X holds.
    Often(usize),
    /// The tableau's k-th eventuality: a node that does not defer it.
    Eventuality(usize),
    /// The i-th fairness condition: an `<<A>>_v` step, or (WF) a state where it is not
    /// enabled.
    Fair(usize),
}

/// A fair component satisfying the disjunct, and what its cycle must visit.
pub struct Found {
    pub product: Product,
    pub members: Vec<u32>,
    /// A node or step of the component meeting each goal.
    pub needs: Vec<(Need, Goal)>,
    /// The graph edges the cycle may use (the `<>[]X` conjuncts hold on them).
    pub edge_ok: Vec<u8>,
}

/// A fair part of a component: its nodes and what a cycle through it must visit.
type FairPart = (Vec<u32>, Vec<(Need, Goal)>);

pub struct Disjunct<'f> {
    pub ea: Vec<LF>,
    pub ae: Vec<LF>,
    pub fairness: &'f [FairCond],
    pub tableau: Tableau,
    /// An eventuality of the tableau's formula holds a `[]` (TLC's
    /// `OrderOfSolution.containsBoxInPromise`).
    pub box_in_promise: bool,
}

impl<'f> Disjunct<'f> {
    pub fn new(conjuncts: Vec<LF>, fairness: &'f [FairCond]) -> Self {
        let (mut ea, mut ae, mut rest) = (Vec::new(), Vec::new(), Vec::new());
        for c in conjuncts {
            match c {
                LF::Eventually(x) if matches!(&*x, LF::Always(y) if y.is_local()) => {
                    let LF::Always(y) = *x else { unreachable!() };
                    ea.push(*y);
                }
                LF::Always(x) if matches!(&*x, LF::Eventually(y) if y.is_local()) => {
                    let LF::Eventually(y) = *x else {
                        unreachable!()
                    };
                    ae.push(*y);
                }
                other => rest.push(other),
            }
        }
        let rest = LF::And(rest);
        Disjunct {
            ea,
            ae,
            fairness,
            tableau: Tableau::build(&rest),
            box_in_promise: box_in_promise(&rest),
        }
    }

    /// Whether a counterexample that ends stuttering may owe that to the absence of fairness:
    /// TLC warns after one unless the disjunct has no `<>[]`/`[]<>` conjunct and no `[]`
    /// inside an eventuality (`OrderOfSolution.hasEmptyPEMAndBoxFreePromises`: `<>P`
    /// violated by stuttering is no such case).
    pub fn stuttering_may_be_unfair(&self) -> bool {
        self.box_in_promise || !self.ea.is_empty() || !self.ae.is_empty()
    }

    pub fn search(&self, truth: &mut Truth) -> Result<Option<Found>, EvalError> {
        let product = product::build(&self.tableau, truth)?;
        let mut edge_ok = vec![0u8; truth.graph.dst.len()];
        let roots: Vec<u32> = (0..product.nodes.len() as u32).collect();
        let comps = {
            let mut ok = |e: u32| self.edge_ok(e, &mut edge_ok, truth);
            product::sccs(&product.adj, &roots, &|_| true, &mut ok)?
        };
        for comp in comps {
            if let Some((members, needs)) = self.fair(&product, comp, &mut edge_ok, truth)? {
                return Ok(Some(Found {
                    product,
                    members,
                    needs,
                    edge_ok,
                }));
            }
        }
        Ok(None)
    }

    /// Whether the product node or step `at` meets `goal` (the lasso looks for the nearest).
    pub fn meets(
        &self,
        goal: Goal,
        at: Need,
        p: &Product,
        truth: &mut Truth,
    ) -> Result<bool, EvalError> {
        Ok(match (goal, at) {
            (Goal::Often(i), Need::Step(_, _, e)) => {
                truth.local_on_edge(&self.ae[i], e as usize)?
            }
            // A state predicate's `[]<>` is met in a node, as TLC's AEState checks are: its
            // cycle then need not leave the node.
            (Goal::Often(i), Need::Node(v)) if truth.is_state_formula(&self.ae[i]) => {
                truth.local_in_state(&self.ae[i], p.nodes[v as usize].0)?
            }
            (Goal::Eventuality(k), Need::Node(v)) => {
                !self.tableau.nodes[p.nodes[v as usize].1 as usize].defers[k]
            }
            (Goal::Fair(i), Need::Step(_, _, e)) => {
                truth.on_edge(self.fairness[i].step, e as usize)?
            }
            (Goal::Fair(i), Need::Node(v)) => {
                let c = &self.fairness[i];
                !c.strong && !truth.in_state(c.enabled, p.nodes[v as usize].0)?
            }
            _ => false,
        })
    }

    fn edge_ok(&self, e: u32, cache: &mut [u8], truth: &mut Truth) -> Result<bool, EvalError> {
        if cache[e as usize] == 0 {
            let mut ok = true;
            for x in &self.ea {
                if !truth.local_on_edge(x, e as usize)? {
                    ok = false;
                    break;
                }
            }
            cache[e as usize] = if ok { 2 } else { 1 };
        }
        Ok(cache[e as usize] == 2)
    }

    /// The component (or a part of it) as a fair counterexample, with what its cycle needs.
    fn fair(
        &self,
        p: &Product,
        comp: Vec<u32>,
        edge_ok: &mut [u8],
        truth: &mut Truth,
    ) -> Result<Option<FairPart>, EvalError> {
        let member = |n: u32| comp.binary_search(&n).is_ok();
        let mut steps = Vec::new();
        for &v in &comp {
            for &(w, e) in &p.adj[v as usize] {
                if member(w) && self.edge_ok(e, edge_ok, truth)? {
                    steps.push((v, w, e));
                }
            }
        }
        let mut needs = Vec::new();
        for (i, x) in self.ae.iter().enumerate() {
            let mut hit = None;
            for &(v, w, e) in &steps {
                if truth.local_on_edge(x, e as usize)? {
                    hit = Some(Need::Step(v, w, e));
                    break;
                }
            }
            match hit {
                Some(h) => needs.push((h, Goal::Often(i))),
                None => return Ok(None),
            }
        }
        for k in 0..self.tableau.eventualities {
            let tn = &self.tableau.nodes;
            match comp
                .iter()
                .find(|&&v| !tn[p.nodes[v as usize].1 as usize].defers[k])
            {
                Some(&v) => needs.push((Need::Node(v), Goal::Eventuality(k))),
                None => return Ok(None),
            }
        }
        let mut drop = Vec::new();
        for (ci, c) in self.fairness.iter().enumerate() {
            let mut hit = None;
            for &(v, w, e) in &steps {
                if truth.on_edge(c.step, e as usize)? {
                    hit = Some(Need::Step(v, w, e));
                    break;
                }
            }
            if let Some(h) = hit {
                needs.push((h, Goal::Fair(ci)));
                continue;
            }
            let mut enabled = Vec::new();
            let mut disabled = None;
            for &v in &comp {
                if truth.in_state(c.enabled, p.nodes[v as usize].0)? {
                    enabled.push(v);
                } else if disabled.is_none() {
                    disabled = Some(v);
                    if !c.strong {
                        break;
                    }
                }
            }
            if !c.strong {
                match disabled {
                    Some(v) => needs.push((Need::Node(v), Goal::Fair(ci))),
                    None => return Ok(None),
                }
            } else {
                drop.extend(enabled);
            }
        }
        if drop.is_empty() {
            return Ok(Some((comp, needs)));
        }
        drop.sort_unstable();
        let rest: Vec<u32> = comp
            .iter()
            .copied()
            .filter(|v| drop.binary_search(v).is_err())
            .collect();
        let keep = |n: u32| rest.binary_search(&n).is_ok();
        let subs = {
            let mut ok = |e: u32| self.edge_ok(e, edge_ok, truth);
            product::sccs(&p.adj, &rest, &keep, &mut ok)?
        };
        for sub in subs {
            if let Some(found) = self.fair(p, sub, edge_ok, truth)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }
}

fn box_in_promise(f: &LF) -> bool {
    fn has_box(f: &LF) -> bool {
        match f {
            LF::True | LF::False | LF::Lit(..) => false,
            LF::And(v) | LF::Or(v) => v.iter().any(has_box),
            LF::Always(_) => true,
            LF::Eventually(x) => has_box(x),
        }
    }
    match f {
        LF::True | LF::False | LF::Lit(..) => false,
        LF::And(v) | LF::Or(v) => v.iter().any(box_in_promise),
        LF::Always(x) => box_in_promise(x),
        LF::Eventually(x) => has_box(x) || box_in_promise(x),
    }
}
