//! The tableau of a temporal formula (without next-step operators, as in TLA): a graph whose
//! infinite paths that visit each eventuality's accepting nodes infinitely often are exactly
//! the behaviours satisfying the formula. Built by expansion, as in Gerth, Peled, Vardi and
//! Wolper's "Simple on-the-fly automatic verification of linear temporal logic" (TLC builds
//! its own particle tableau, `tlc2/tool/liveness/TBGraph.java`; the language is the same):
//! `[]F` is `F` now and `[]F` next, `<>F` is `F` now or `<>F` next.

use super::formula::LF;
use std::collections::{BTreeSet, HashMap};

pub struct TNode {
    /// Atoms that must hold at this position (an action atom: on the step leaving it).
    pub lits: Vec<(u32, bool)>,
    /// What the rest of the behaviour must satisfy.
    next: BTreeSet<LF>,
    pub succ: Vec<u32>,
    /// Per eventuality: whether this node postpones it.
    pub defers: Vec<bool>,
}

pub struct Tableau {
    pub nodes: Vec<TNode>,
    pub init: Vec<u32>,
    pub eventualities: usize,
}

type Expansion = (BTreeSet<(u32, bool)>, BTreeSet<LF>);

fn expand(todo: Vec<LF>) -> Vec<Expansion> {
    let mut out = Vec::new();
    go(
        todo,
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
        &mut out,
    );
    out
}

fn go(
    mut todo: Vec<LF>,
    mut lits: BTreeSet<(u32, bool)>,
    mut next: BTreeSet<LF>,
    mut done: BTreeSet<LF>,
    out: &mut Vec<Expansion>,
) {
    while let Some(f) = todo.pop() {
        if !done.insert(f.clone()) {
            continue;
        }
        match f {
            LF::True => {}
            LF::False => return,
            LF::Lit(a, p) => {
                if lits.contains(&(a, !p)) {
                    return;
                }
                lits.insert((a, p));
            }
            LF::And(items) => todo.extend(items.into_iter().rev()),
            LF::Or(items) => {
                for i in items {
                    let mut t = todo.clone();
                    t.push(i);
                    go(t, lits.clone(), next.clone(), done.clone(), out);
                }
                return;
            }
            LF::Always(x) => {
                next.insert(LF::Always(x.clone()));
                todo.push(*x);
            }
            LF::Eventually(x) => {
                let mut t = todo.clone();
                t.push((*x).clone());
                go(t, lits.clone(), next.clone(), done.clone(), out);
                next.insert(LF::Eventually(x));
            }
        }
    }
    if !out.contains(&(lits.clone(), next.clone())) {
        out.push((lits, next));
    }
}

fn eventualities(f: &LF, out: &mut Vec<LF>) {
    match f {
        LF::True | LF::False | LF::Lit(..) => {}
        LF::And(v) | LF::Or(v) => v.iter().for_each(|x| eventualities(x, out)),
        LF::Always(x) => eventualities(x, out),
        LF::Eventually(x) => {
            if !out.contains(f) {
                out.push(f.clone());
            }
            eventualities(x, out);
        }
    }
}

impl Tableau {
    /// Whether node `n` asks nothing of the rest of the behaviour (no obligation for what
    /// follows; `is_action`: which of its atoms would constrain the step leaving it): a path
    /// reaching it satisfies the formula whatever follows (TLC's accepting tableau node,
    /// `TBGraphNode.isAccepting`).
    pub fn asks_nothing_more(&self, n: u32, is_action: impl Fn(u32) -> bool) -> bool {
        let node = &self.nodes[n as usize];
        node.next.iter().all(|f| matches!(f, LF::True))
            && node.lits.iter().all(|&(a, _)| !is_action(a))
    }

    pub fn build(f: &LF) -> Tableau {
        let mut evs = Vec::new();
        eventualities(f, &mut evs);
        let mut t = Tableau {
            nodes: Vec::new(),
            init: Vec::new(),
            eventualities: evs.len(),
        };
        let mut index: HashMap<Expansion, u32> = HashMap::new();
        let mut add = |t: &mut Tableau, e: Expansion, work: &mut Vec<u32>| -> u32 {
            if let Some(&i) = index.get(&e) {
                return i;
            }
            let i = t.nodes.len() as u32;
            let defers = evs.iter().map(|x| e.1.contains(x)).collect();
            t.nodes.push(TNode {
                lits: e.0.iter().copied().collect(),
                next: e.1.clone(),
                succ: Vec::new(),
                defers,
            });
            index.insert(e, i);
            work.push(i);
            i
        };
        let mut work = Vec::new();
        for e in expand(vec![f.clone()]) {
            let i = add(&mut t, e, &mut work);
            t.init.push(i);
        }
        while let Some(i) = work.pop() {
            let next: Vec<LF> = t.nodes[i as usize].next.iter().cloned().collect();
            let mut succ = Vec::new();
            for e in expand(next) {
                succ.push(add(&mut t, e, &mut work));
            }
            t.nodes[i as usize].succ = succ;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(a: u32) -> LF {
        LF::Lit(a, true)
    }

    #[test]
    fn always_has_one_node_looping_on_itself() {
        let t = Tableau::build(&LF::Always(Box::new(lit(0))));
        assert_eq!(t.nodes.len(), 1);
        assert_eq!(t.nodes[0].succ, vec![0]);
        assert_eq!(t.nodes[0].lits, vec![(0, true)]);
        assert_eq!(t.eventualities, 0);
    }

    #[test]
    fn eventually_postpones_or_fulfils() {
        let t = Tableau::build(&LF::Eventually(Box::new(lit(0))));
        assert_eq!(t.eventualities, 1);
        assert_eq!(t.init.len(), 2);
        let fulfils = t.init.iter().filter(|&&i| !t.nodes[i as usize].defers[0]);
        assert_eq!(fulfils.count(), 1);
    }

    #[test]
    fn contradiction_has_no_initial_node() {
        let f = LF::And(vec![lit(0), LF::Lit(0, false)]);
        assert!(Tableau::build(&f).init.is_empty());
    }
}
