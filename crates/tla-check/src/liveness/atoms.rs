//! The truth of each atom in each state (state predicates) or on each step (actions) of the
//! behaviour graph, computed when first asked and kept.

use super::formula::{Atom, LF};
use super::graph::Graph;
use std::sync::Arc;
use tla_eval::{Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::{Builtin, Expr, ExprKind};

pub struct Truth<'g, 'e, 'a> {
    ev: &'e Evaluator<'a>,
    atoms: &'g [Atom],
    states: &'g [Arc<[Value]>],
    pub graph: &'g Graph,
    /// Per atom, per state or per edge: 0 not computed, 1 false, 2 true.
    known: Vec<Vec<u8>>,
}

impl<'g, 'e, 'a> Truth<'g, 'e, 'a> {
    pub fn new(
        ev: &'e Evaluator<'a>,
        atoms: &'g [Atom],
        states: &'g [Arc<[Value]>],
        graph: &'g Graph,
    ) -> Self {
        Truth {
            ev,
            atoms,
            states,
            graph,
            known: vec![Vec::new(); atoms.len()],
        }
    }

    pub fn is_action(&self, a: u32) -> bool {
        self.atoms[a as usize].action
    }

    /// Every atom whose evaluation is deterministic and has no effect, in every state or on
    /// every step, by `workers` threads taking ranges in turn. What fails is left unknown:
    /// the one-threaded pass that follows (TLC evaluates every atom everywhere) evaluates it
    /// again, so the first error and the `ENABLED` read off the graph are that pass's. The
    /// atoms were half of CoffeeCan1000Beans' run, on one thread.
    pub fn fill_parallel(&mut self, workers: usize) {
        /// Below this, threads cost more than they save.
        const AT_LEAST: usize = 1 << 12;
        if workers < 2 {
            return;
        }
        let (ev, states, graph) = (self.ev, self.states, self.graph);
        for (a, atom) in self.atoms.iter().enumerate() {
            let n = if atom.action {
                graph.dst.len()
            } else {
                graph.states()
            };
            if n < AT_LEAST || !self.known[a].is_empty() || !ev.effect_free_on_step(&atom.expr) {
                continue;
            }
            // Ranges taken in turn, not one half each: an atom's cost differs from state to
            // state (CoffeeCan's first atom left one thread alone for a third of its time).
            const RANGE: usize = 1 << 10;
            let next = std::sync::atomic::AtomicUsize::new(0);
            let ranges = n.div_ceil(RANGE);
            let fill = || {
                let mut done: Vec<(usize, Vec<u8>)> = Vec::new();
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if k >= ranges {
                        break;
                    }
                    let part = (k * RANGE..n.min((k + 1) * RANGE)).map(|i| {
                        let r = if atom.action {
                            on_step(ev, atom, states, graph, i)
                        } else {
                            in_one(ev, atom, states, i)
                        };
                        match r {
                            Ok(v) => 1 + v as u8,
                            Err(_) => 0,
                        }
                    });
                    done.push((k, part.collect()));
                }
                tla_eval::eval::RunInfo::set_thread_level(None);
                done
            };
            let fill = &fill;
            let mut known = vec![0u8; n];
            let parts: Vec<_> = std::thread::scope(|scope| {
                let threads: Vec<_> = (0..workers)
                    .map(|_| {
                        std::thread::Builder::new()
                            .stack_size(crate::pool::STACK)
                            .spawn_scoped(scope, fill)
                            .expect("spawn a worker")
                    })
                    .collect();
                (threads.into_iter())
                    .flat_map(|t| t.join().expect("a worker panicked"))
                    .collect()
            });
            for (k, part) in parts {
                known[k * RANGE..k * RANGE + part.len()].copy_from_slice(&part);
            }
            self.known[a] = known;
        }
    }

    /// A state predicate in state `s`.
    pub fn in_state(&mut self, a: u32, s: u32) -> Result<bool, EvalError> {
        let n = self.graph.states();
        let r = self.cached(a, s as usize, n, |t| {
            in_one(t.ev, &t.atoms[a as usize], t.states, s as usize)
        });
        match (r, self.atoms[a as usize].enabled_of) {
            // `ENABLED <<A>>_v` that cannot be evaluated directly (A reads a primed
            // expression, as an implied spec's action does under a refinement mapping):
            // whether some step of the graph from s is an <<A>>_v step.
            (Err(e), Some(step)) => {
                if let Some(err) = self.unspecified_subscript(a, s, &e) {
                    return Err(err);
                }
                let mut any = false;
                for e in self.graph.edges(s) {
                    if self.on_edge(step, e)? {
                        any = true;
                        break;
                    }
                }
                self.known[a as usize][s as usize] = if any { 2 } else { 1 };
                Ok(any)
            }
            (r, _) => r,
        }
    }

    /// TLC's error for `ENABLED <<A>>_v` when A itself is enabled in state `s` but leaves a
    /// variable of v without a primed value (`WF_vars(A)` with A not fixing every variable):
    /// not a case for reading the step off the graph.
    fn unspecified_subscript(&self, a: u32, s: u32, e: &EvalError) -> Option<EvalError> {
        let var = e
            .message
            .strip_prefix("The variable ")?
            .strip_suffix("' is not assigned a value here.")?;
        let atom = &self.atoms[a as usize];
        let ExprKind::Builtin(Builtin::Enabled, args) = &atom.expr.kind else {
            return None;
        };
        let ExprKind::AngleAction(act, _) = &args.first()?.kind else {
            return None;
        };
        let plain = Expr {
            kind: ExprKind::Builtin(Builtin::Enabled, vec![(**act).clone()]),
            ..atom.expr.clone()
        };
        let mut env = Env::from_bindings(&atom.bindings);
        let state = StateView::state(&self.states[s as usize]);
        self.ev.eval_bool(&plain, &mut env, &state).ok()?;
        Some(EvalError::new(format!(
            "The action formula A appearing in a WF_v(A) or SF_v(A) operator does not specify the primed value of the variable {var} occurring in the state formula v."
        )))
    }

    /// An atom on edge `e` (a state predicate is read in the edge's source).
    pub fn on_edge(&mut self, a: u32, e: usize) -> Result<bool, EvalError> {
        if !self.is_action(a) {
            return self.in_state(a, self.graph.src[e]);
        }
        let n = self.graph.dst.len();
        self.cached(a, e, n, |t| {
            on_step(t.ev, &t.atoms[a as usize], t.states, t.graph, e)
        })
    }

    fn cached(
        &mut self,
        a: u32,
        i: usize,
        len: usize,
        f: impl FnOnce(&Self) -> Result<bool, EvalError>,
    ) -> Result<bool, EvalError> {
        if self.known[a as usize].is_empty() {
            self.known[a as usize] = vec![0; len];
        }
        match self.known[a as usize][i] {
            1 => Ok(false),
            2 => Ok(true),
            _ => {
                let v = f(self)?;
                self.known[a as usize][i] = if v { 2 } else { 1 };
                Ok(v)
            }
        }
    }

    /// Whether a formula without [] or <> has no action atom.
    pub fn is_state_formula(&self, f: &LF) -> bool {
        match f {
            LF::True | LF::False => true,
            LF::Lit(a, _) => !self.is_action(*a),
            LF::And(v) | LF::Or(v) => v.iter().all(|x| self.is_state_formula(x)),
            LF::Always(_) | LF::Eventually(_) => false,
        }
    }

    /// A formula without [] or <> and without action atoms in state `s`.
    pub fn local_in_state(&mut self, f: &LF, s: u32) -> Result<bool, EvalError> {
        self.local(f, |t, a| t.in_state(a, s))
    }

    /// A formula without [] or <> on edge `e`.
    pub fn local_on_edge(&mut self, f: &LF, e: usize) -> Result<bool, EvalError> {
        self.local(f, |t, a| t.on_edge(a, e))
    }

    /// A formula without [] or <>, each atom's truth given by `atom`.
    fn local(
        &mut self,
        f: &LF,
        atom: impl Fn(&mut Self, u32) -> Result<bool, EvalError> + Copy,
    ) -> Result<bool, EvalError> {
        Ok(match f {
            LF::True => true,
            LF::False => false,
            LF::Lit(a, p) => atom(self, *a)? == *p,
            LF::And(v) => {
                for x in v {
                    if !self.local(x, atom)? {
                        return Ok(false);
                    }
                }
                true
            }
            LF::Or(v) => {
                for x in v {
                    if self.local(x, atom)? {
                        return Ok(true);
                    }
                }
                false
            }
            LF::Always(_) | LF::Eventually(_) => unreachable!("a local formula"),
        })
    }
}

/// A state predicate in state `s`.
fn in_one(
    ev: &Evaluator,
    atom: &Atom,
    states: &[Arc<[Value]>],
    s: usize,
) -> Result<bool, EvalError> {
    let mut env = Env::from_bindings(&atom.bindings);
    ev.eval_bool(&atom.expr, &mut env, &StateView::state(&states[s]))
}

/// An action on edge `e` of `graph`.
fn on_step(
    ev: &Evaluator,
    atom: &Atom,
    states: &[Arc<[Value]>],
    graph: &Graph,
    e: usize,
) -> Result<bool, EvalError> {
    let cur = &states[graph.src[e] as usize];
    let next: Vec<Option<Value>> = graph
        .actual(e)
        .unwrap_or(&states[graph.dst[e] as usize])
        .iter()
        .cloned()
        .map(Some)
        .collect();
    let mut env = Env::from_bindings(&atom.bindings);
    ev.eval_bool(&atom.expr, &mut env, &StateView::transition(cur, &next))
}
