//! A liveness counterexample checked as the behaviour it claims to be: the lasso (its states,
//! then back to the state it names, or stuttering forever in its last) satisfies the spec's
//! fairness and the negation of each property it is said to violate. The formulas are read as
//! the liveness checker reads them (`liveness::formula`), but evaluated here directly on the
//! one ultimately periodic behaviour, position by position, not by the tableau and graph
//! search that found it.

use crate::liveness::formula::{Atom, Reader, LF};
use crate::model::Model;
use crate::result::{LassoEnd, TraceState};
use std::collections::HashMap;
use std::sync::Arc;
use tla_eval::{enumerate, Binding, Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::LocalId;

/// Whether the lasso satisfies the fairness and violates each of `properties` (Err: why not).
pub fn check(
    ev: &Evaluator,
    model: &Model,
    trace: &[TraceState],
    end: &LassoEnd,
    properties: &[String],
) -> Result<(), String> {
    let n = trace.len();
    // Where the behaviour goes on after its last state; a finite prefix that violates the
    // property whatever follows violates it stuttering.
    let back = match end {
        LassoEnd::BackTo(to, _) => to.checked_sub(1).filter(|&k| k < n),
        LassoEnd::Stuttering | LassoEnd::Prefix => Some(n - 1),
    }
    .ok_or("the lasso returns to a state it does not have")?;
    let mut reader = Reader::new(ev);
    let none: Arc<[(LocalId, Binding)]> = Arc::new([]);
    let failed = |e: EvalError| format!("a temporal formula could not be read: {}", e.message);
    let mut fair = Vec::new();
    if !matches!(end, LassoEnd::Prefix) {
        // A lasso must be a fair behaviour; a violating prefix is reported without fairness.
        let mut conds = Vec::new();
        for f in &model.fairness {
            reader
                .fairness(f, &none, &mut conds, &mut fair)
                .map_err(failed)?;
        }
        for c in conds {
            fair.push(fairness(c.strong, c.enabled, c.step));
        }
    }
    let mut negated = Vec::new();
    for name in properties {
        let mut parts = Vec::new();
        for c in model.temporal_properties.iter().filter(|c| &c.name == name) {
            parts.push(reader.read(&c.expr, &none, true).map_err(failed)?);
        }
        if parts.is_empty() {
            return Err(format!("there is no temporal property {name}"));
        }
        negated.push((name, LF::Or(parts)));
    }
    let atoms = std::mem::take(&mut reader.atoms.list);
    let mut l = Lasso {
        ev,
        model,
        atoms: &atoms,
        trace,
        back,
        atom_memo: HashMap::new(),
        memo: HashMap::new(),
    };
    let err = |e: EvalError| format!("evaluating it on the lasso failed: {}", e.message);
    for (i, f) in fair.iter().enumerate() {
        if !l.holds(f, 0).map_err(err)? {
            return Err(format!(
                "the behaviour is not fair (fairness condition {})",
                i + 1
            ));
        }
    }
    for (name, f) in &negated {
        if !l.holds(f, 0).map_err(err)? {
            return Err(format!("the behaviour satisfies property {name}"));
        }
    }
    Ok(())
}

/// `WF_v(A)` as `[]<>(~ENABLED <<A>>_v \/ <<A>>_v)`, `SF_v(A)` as `<>[]~ENABLED <<A>>_v \/
/// []<><<A>>_v`.
fn fairness(strong: bool, enabled: u32, step: u32) -> LF {
    let ga = |x: LF| LF::Always(Box::new(LF::Eventually(Box::new(x))));
    let eg = |x: LF| LF::Eventually(Box::new(LF::Always(Box::new(x))));
    let (en_f, st_t) = (LF::Lit(enabled, false), LF::Lit(step, true));
    match strong {
        false => ga(LF::Or(vec![en_f, st_t])),
        true => LF::Or(vec![eg(en_f), ga(st_t)]),
    }
}

struct Lasso<'t, 'e, 'a> {
    ev: &'e Evaluator<'a>,
    model: &'t Model,
    atoms: &'t [Atom],
    trace: &'t [TraceState],
    /// The position (0-based) the last state steps to.
    back: usize,
    atom_memo: HashMap<(u32, usize), bool>,
    memo: HashMap<(*const LF, usize), bool>,
}

impl Lasso<'_, '_, '_> {
    fn succ(&self, i: usize) -> usize {
        if i + 1 < self.trace.len() {
            i + 1
        } else {
            self.back
        }
    }

    /// The formula at position `i`; the positions the behaviour visits from `i` on are
    /// min(i, back) .. n (from a state of the cycle, the whole cycle).
    fn holds(&mut self, f: &LF, i: usize) -> Result<bool, EvalError> {
        let key = (f as *const LF, i);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let from = i.min(self.back);
        let v = match f {
            LF::True => true,
            LF::False => false,
            LF::Lit(a, positive) => self.atom(*a, i)? == *positive,
            LF::And(v) => {
                let mut all = true;
                for x in v {
                    if !self.holds(x, i)? {
                        all = false;
                        break;
                    }
                }
                all
            }
            LF::Or(v) => {
                let mut any = false;
                for x in v {
                    if self.holds(x, i)? {
                        any = true;
                        break;
                    }
                }
                any
            }
            LF::Always(x) => {
                let mut all = true;
                for j in from..self.trace.len() {
                    if !self.holds(x, j)? {
                        all = false;
                        break;
                    }
                }
                all
            }
            LF::Eventually(x) => {
                let mut any = false;
                for j in from..self.trace.len() {
                    if self.holds(x, j)? {
                        any = true;
                        break;
                    }
                }
                any
            }
        };
        self.memo.insert(key, v);
        Ok(v)
    }

    /// An atom in state `i`, or on the step from it.
    fn atom(&mut self, a: u32, i: usize) -> Result<bool, EvalError> {
        if let Some(&v) = self.atom_memo.get(&(a, i)) {
            return Ok(v);
        }
        let atom = &self.atoms[a as usize];
        let mut env = Env::from_bindings(&atom.bindings);
        let cur = &self.trace[i].values;
        let v = if atom.action {
            self.on_step(a, i, &self.trace[self.succ(i)].values.clone())?
        } else {
            match (
                self.ev
                    .eval_bool(&atom.expr, &mut env, &StateView::state(cur)),
                atom.enabled_of,
            ) {
                (Ok(v), _) => v,
                // ENABLED <<A>>_v that does not evaluate directly (A reads a primed
                // expression): whether some successor under Next is an <<A>>_v step.
                (Err(e), Some(step)) => {
                    let next = self.model.next.as_ref().ok_or(e)?;
                    let mut succs = Vec::new();
                    enumerate::next_states(self.ev, next, cur, &mut |st, _| {
                        succs.push(crate::expand::complete(st));
                        Ok(true)
                    })?;
                    let mut any = false;
                    for s in succs {
                        if self.on_step(step, i, &s)? {
                            any = true;
                            break;
                        }
                    }
                    any
                }
                (Err(e), None) => return Err(e),
            }
        };
        self.atom_memo.insert((a, i), v);
        Ok(v)
    }

    fn on_step(&self, a: u32, i: usize, to: &Arc<[Value]>) -> Result<bool, EvalError> {
        let atom = &self.atoms[a as usize];
        let mut env = Env::from_bindings(&atom.bindings);
        let primed: Vec<Option<Value>> = to.iter().cloned().map(Some).collect();
        let sv = StateView::transition(&self.trace[i].values, &primed);
        self.ev.eval_bool(&atom.expr, &mut env, &sv)
    }
}
