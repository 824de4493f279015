//! Temporal formulas as the liveness checker reads them: definitions expanded, quantifiers over
//! constant sets unrolled, negations pushed down to the atoms (state predicates and actions,
//! each with the bindings it is evaluated under).
//!
//! As TLC's `Liveness.processLiveness` does, the checker looks for a behaviour of
//! `fairness /\ ~property`; `WF_v(A)` and `SF_v(A)` are read as `[]<>(~ENABLED <<A>>_v \/
//! <<A>>_v)` and `<>[]~ENABLED <<A>>_v \/ []<><<A>>_v`.

use std::collections::HashMap;
use std::sync::Arc;
use tla_eval::{Binding, Env, EvalError, Evaluator, OpValue, StateView};
use tla_sema::ir::{Builtin, Expr, ExprKind, Fairness, Junction, Level, LocalId, Quantifier};

/// A state predicate or an action, with the values of the names bound around it.
pub struct Atom {
    pub expr: Expr,
    pub bindings: Arc<[(LocalId, Binding)]>,
    /// Read on a step (s, s') rather than on a state.
    pub action: bool,
    /// For `ENABLED <<A>>_v` made from a fairness formula: the atom `<<A>>_v`.
    pub enabled_of: Option<u32>,
}

/// A formula in negation normal form over atoms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LF {
    True,
    False,
    /// An atom, positive or negated.
    Lit(u32, bool),
    And(Vec<LF>),
    Or(Vec<LF>),
    Always(Box<LF>),
    Eventually(Box<LF>),
}

impl LF {
    /// No [] or <> inside.
    pub fn is_local(&self) -> bool {
        match self {
            LF::True | LF::False | LF::Lit(..) => true,
            LF::And(v) | LF::Or(v) => v.iter().all(LF::is_local),
            LF::Always(_) | LF::Eventually(_) => false,
        }
    }

    fn and(v: Vec<LF>) -> LF {
        LF::junction(v, true)
    }

    fn or(v: Vec<LF>) -> LF {
        LF::junction(v, false)
    }

    /// A conjunction (`and`) or disjunction with its decided parts taken out, as TLC's
    /// `LNConj`/`LNDisj.simplify`: the absorbing value decides it, the neutral one drops.
    fn junction(v: Vec<LF>, and: bool) -> LF {
        let decided = |x: &LF, value: bool| match x {
            LF::True => value,
            LF::False => !value,
            _ => false,
        };
        if v.iter().any(|x| decided(x, !and)) {
            return if and { LF::False } else { LF::True };
        }
        let mut v: Vec<LF> = v.into_iter().filter(|x| !decided(x, and)).collect();
        match (v.len(), and) {
            (0, true) => LF::True,
            (0, false) => LF::False,
            (1, _) => v.pop().expect("one"),
            (_, true) => LF::And(v),
            (_, false) => LF::Or(v),
        }
    }
}

/// A fairness condition of the specification, checked on each strongly connected component.
pub struct FairCond {
    pub strong: bool,
    /// `ENABLED <<A>>_v`
    pub enabled: u32,
    /// `<<A>>_v`
    pub step: u32,
}

/// The atoms of all formulas, shared so that equal atoms get one number.
#[derive(Default)]
pub struct Atoms {
    pub list: Vec<Atom>,
    index: HashMap<String, u32>,
}

impl Atoms {
    fn intern(&mut self, key: String, make: impl FnOnce() -> Atom) -> u32 {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.list.len() as u32;
        self.list.push(make());
        self.index.insert(key, i);
        i
    }
}

/// Reads temporal formulas into [`LF`], allocating atoms.
pub struct Reader<'e, 'a> {
    pub ev: &'e Evaluator<'a>,
    pub atoms: Atoms,
}

type Bindings = Arc<[(LocalId, Binding)]>;

fn unsupported(e: &Expr, what: &str) -> EvalError {
    EvalError::at(
        format!("TLC cannot handle the temporal formula {what}"),
        e.loc,
    )
}

impl<'e, 'a> Reader<'e, 'a> {
    pub fn new(ev: &'e Evaluator<'a>) -> Self {
        Reader {
            ev,
            atoms: Atoms::default(),
        }
    }

    fn atom(&mut self, e: &Expr, b: &Bindings, tag: &str) -> u32 {
        let key = format!("{:p}/{tag}/{:?}", e as *const Expr, b);
        let action = e.level >= Level::Action && tag != "enabled";
        let bindings = b.clone();
        let expr = e.clone();
        self.atoms.intern(key, || Atom {
            expr,
            bindings,
            action,
            enabled_of: None,
        })
    }

    /// The value of a constant formula, under bindings of values only (quantified names, a
    /// definition's constant arguments): `oi # oj` in `\A oi, oj \in S : oi # oj => WF_v(A)`.
    /// TLC decides such a formula when it builds the tableau, so that the implication's
    /// disjunction never branches.
    fn decided(&self, e: &Expr, b: &Bindings) -> Option<bool> {
        if e.level != Level::Constant || !b.iter().all(|(_, x)| matches!(x, Binding::Val(_))) {
            return None;
        }
        let mut env = Env::from_bindings(b);
        match self.ev.eval(e, &mut env, &StateView::constant()) {
            Ok(tla_eval::Value::Bool(v)) => Some(v),
            _ => None,
        }
    }

    fn lit(&mut self, e: &Expr, b: &Bindings, neg: bool) -> LF {
        LF::Lit(self.atom(e, b, "expr"), !neg)
    }

    /// The formula `e` (negated when `neg`) under bindings `b`.
    pub fn read(&mut self, e: &Expr, b: &Bindings, neg: bool) -> Result<LF, EvalError> {
        // A constant formula is decided at once (TLC's LNBool), so `P => TRUE` reads as TRUE.
        if let Some(v) = self.decided(e, b) {
            return Ok(if v != neg { LF::True } else { LF::False });
        }
        if e.level <= Level::Action {
            return Ok(self.lit(e, b, neg));
        }
        match &e.kind {
            ExprKind::Builtin(Builtin::Not, a) => self.read(&a[0], b, !neg),
            ExprKind::Builtin(Builtin::And, a) | ExprKind::Junction(Junction::And, a) => {
                self.junction(a, b, neg, true)
            }
            ExprKind::Builtin(Builtin::Or, a) | ExprKind::Junction(Junction::Or, a) => {
                self.junction(a, b, neg, false)
            }
            ExprKind::Builtin(Builtin::Implies, a) => {
                let l = self.read(&a[0], b, !neg)?;
                let r = self.read(&a[1], b, neg)?;
                Ok(if neg {
                    LF::and(vec![l, r])
                } else {
                    LF::or(vec![l, r])
                })
            }
            ExprKind::Builtin(Builtin::Equiv, a) => {
                // (a /\ b) \/ (~a /\ ~b); negated: (a /\ ~b) \/ (~a /\ b).
                let (p, np) = (self.read(&a[0], b, false)?, self.read(&a[0], b, true)?);
                let (q, nq) = (self.read(&a[1], b, false)?, self.read(&a[1], b, true)?);
                Ok(if neg {
                    LF::Or(vec![LF::And(vec![p, nq]), LF::And(vec![np, q])])
                } else {
                    LF::Or(vec![LF::And(vec![p, q]), LF::And(vec![np, nq])])
                })
            }
            ExprKind::Builtin(Builtin::Always, a) => {
                let x = Box::new(self.read(&a[0], b, neg)?);
                Ok(if neg {
                    LF::Eventually(x)
                } else {
                    LF::Always(x)
                })
            }
            ExprKind::Builtin(Builtin::Eventually, a) => {
                let x = Box::new(self.read(&a[0], b, neg)?);
                Ok(if neg {
                    LF::Always(x)
                } else {
                    LF::Eventually(x)
                })
            }
            ExprKind::Builtin(Builtin::LeadsTo, a) => {
                // P ~> Q == [](~P \/ <>Q); negated: <>(P /\ []~Q).
                let p = self.read(&a[0], b, !neg)?;
                let q = self.read(&a[1], b, neg)?;
                Ok(if neg {
                    LF::Eventually(Box::new(LF::And(vec![p, LF::Always(Box::new(q))])))
                } else {
                    LF::Always(Box::new(LF::Or(vec![p, LF::Eventually(Box::new(q))])))
                })
            }
            ExprKind::Fair(kind, _, _) => {
                let (en, step) = self.fair_atoms(e, b);
                let (en_t, en_f) = (LF::Lit(en, true), LF::Lit(en, false));
                let (st_t, st_f) = (LF::Lit(step, true), LF::Lit(step, false));
                let ga = |x: LF| LF::Always(Box::new(LF::Eventually(Box::new(x))));
                let eg = |x: LF| LF::Eventually(Box::new(LF::Always(Box::new(x))));
                Ok(match (kind, neg) {
                    (Fairness::Weak, false) => ga(LF::Or(vec![en_f, st_t])),
                    (Fairness::Weak, true) => eg(LF::And(vec![en_t, st_f])),
                    (Fairness::Strong, false) => LF::Or(vec![eg(en_f), ga(st_t)]),
                    (Fairness::Strong, true) => LF::And(vec![ga(en_t), eg(st_f)]),
                })
            }
            ExprKind::Quant(_, bounds, _)
                if bounds.iter().any(|x| x.set.level > Level::Constant) =>
            {
                Err(unsupported(
                    e,
                    "(a quantifier over a set that depends on variables)",
                ))
            }
            ExprKind::Quant(q, bounds, body) => {
                let mut parts = Vec::new();
                self.each_binding(bounds, b, e, &mut |r, nb| {
                    parts.push(r.read(body, nb, neg)?);
                    Ok(())
                })?;
                let conj = (*q == Quantifier::Forall) != neg;
                Ok(if parts.is_empty() {
                    if conj {
                        LF::True
                    } else {
                        LF::False
                    }
                } else if conj {
                    LF::and(parts)
                } else {
                    LF::or(parts)
                })
            }
            ExprKind::Call(d, args) => {
                let (body, nb) = self.enter_call(e, *d, args, b)?;
                self.read(body, &nb, neg)
            }
            ExprKind::Let(_, body) | ExprKind::Label(_, body) => self.read(body, b, neg),
            ExprKind::If(c, t, f) if c.level > Level::Constant => {
                // The condition is read in the first state: (c /\ T) \/ (~c /\ F), and
                // negated (c /\ ~T) \/ (~c /\ ~F).
                let (yes, no) = (self.lit(c, b, false), self.lit(c, b, true));
                let (t, f) = (self.read(t, b, neg)?, self.read(f, b, neg)?);
                Ok(LF::Or(vec![LF::And(vec![yes, t]), LF::And(vec![no, f])]))
            }
            ExprKind::If(c, t, f) => {
                let mut env = Env::from_bindings(b);
                let v = self.ev.eval_bool(c, &mut env, &StateView::constant())?;
                self.read(if v { t } else { f }, b, neg)
            }
            _ => Err(unsupported(e, "(this operator at temporal level)")),
        }
    }

    /// The body of a temporal definition applied to `args`, and the bindings to read it under
    /// (its parameters; for a LET definition, also the names around it).
    fn enter_call(
        &self,
        e: &Expr,
        d: tla_sema::ir::DefId,
        args: &[Expr],
        b: &Bindings,
    ) -> Result<(&'a Expr, Bindings), EvalError> {
        let d = match self.ev.override_of(d) {
            None => d,
            Some(OpValue::Def(t)) => *t,
            Some(_) => return Err(unsupported(e, "(an overridden operator)")),
        };
        let spec: &'a tla_sema::Spec = self.ev.spec;
        let def = spec.def(d);
        if def.params.iter().any(|p| p.arity > 0) {
            return Err(unsupported(e, "(an operator taking an operator argument)"));
        }
        let mut nb: Vec<(LocalId, Binding)> = if def.in_let {
            b.iter().cloned().collect()
        } else {
            Vec::new()
        };
        for (p, a) in def.params.iter().zip(args) {
            let lazy = || Binding::Lazy(tla_eval::env::ExprRef::new(a), b.clone());
            let binding = if a.level == Level::Constant {
                let mut env = Env::from_bindings(b);
                match self.ev.eval(a, &mut env, &StateView::constant()) {
                    Ok(v) => Binding::Val(v),
                    Err(_) => lazy(),
                }
            } else {
                lazy()
            };
            nb.push((p.local, binding));
        }
        Ok((&def.body, nb.into()))
    }

    fn junction(
        &mut self,
        items: &[Expr],
        b: &Bindings,
        neg: bool,
        and: bool,
    ) -> Result<LF, EvalError> {
        let parts = items
            .iter()
            .map(|i| self.read(i, b, neg))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(if and != neg {
            LF::and(parts)
        } else {
            LF::or(parts)
        })
    }

    /// `ENABLED <<A>>_v` and `<<A>>_v` for a fairness formula `WF_v(A)` / `SF_v(A)`.
    fn fair_atoms(&mut self, fair: &Expr, b: &Bindings) -> (u32, u32) {
        let ExprKind::Fair(_, v, a) = &fair.kind else {
            unreachable!("fair_atoms on a fairness formula")
        };
        let step = Expr {
            kind: ExprKind::AngleAction(a.clone(), v.clone()),
            loc: fair.loc,
            level: Level::Action,
            slot: Default::default(),
        };
        let enabled = Expr {
            kind: ExprKind::Builtin(Builtin::Enabled, vec![step.clone()]),
            loc: fair.loc,
            level: Level::State,
            slot: Default::default(),
        };
        let key = format!("{:p}/{:?}", fair as *const Expr, b);
        let st = self.atoms.intern(format!("step/{key}"), || Atom {
            expr: step,
            bindings: b.clone(),
            action: true,
            enabled_of: None,
        });
        let en = self.atoms.intern(format!("en/{key}"), || Atom {
            expr: enabled,
            bindings: b.clone(),
            action: false,
            enabled_of: Some(st),
        });
        (en, st)
    }

    fn each_binding(
        &mut self,
        bounds: &[tla_sema::ir::Bound],
        b: &Bindings,
        at: &Expr,
        f: &mut dyn FnMut(&mut Self, &Bindings) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        let mut env = Env::from_bindings(b);
        let mut all: Vec<Bindings> = Vec::new();
        self.ev
            .for_each_binding(bounds, &mut env, &StateView::constant(), &mut |_, env| {
                all.push(env.capture());
                Ok(true)
            })
            .map_err(|mut e| {
                e.loc.get_or_insert(at.loc);
                e
            })?;
        for nb in &all {
            f(self, nb)?;
        }
        Ok(())
    }

    /// The fairness conjuncts `WF_v(A)` / `SF_v(A)` (also under `\A` and definitions) as
    /// conditions; anything else is returned as a formula to conjoin.
    pub fn fairness(
        &mut self,
        e: &Expr,
        b: &Bindings,
        conds: &mut Vec<FairCond>,
        rest: &mut Vec<LF>,
    ) -> Result<(), EvalError> {
        // A fairness condition under a decided guard is that condition, or nothing.
        if let ExprKind::Builtin(Builtin::Implies, a) = &e.kind {
            if let Some(holds) = self.decided(&a[0], b) {
                return if holds {
                    self.fairness(&a[1], b, conds, rest)
                } else {
                    Ok(())
                };
            }
        }
        match &e.kind {
            ExprKind::Fair(kind, _, _) => {
                let (enabled, step) = self.fair_atoms(e, b);
                conds.push(FairCond {
                    strong: *kind == Fairness::Strong,
                    enabled,
                    step,
                });
                Ok(())
            }
            ExprKind::Builtin(Builtin::And, a) | ExprKind::Junction(Junction::And, a) => {
                for x in a {
                    self.fairness(x, b, conds, rest)?;
                }
                Ok(())
            }
            ExprKind::Quant(Quantifier::Forall, bounds, body)
                if bounds.iter().all(|x| x.set.level == Level::Constant) =>
            {
                self.each_binding(bounds, b, e, &mut |r, nb| r.fairness(body, nb, conds, rest))
            }
            ExprKind::Label(_, x) => self.fairness(x, b, conds, rest),
            ExprKind::Call(d, args) if e.level == Level::Temporal => {
                let (body, nb) = self.enter_call(e, *d, args, b)?;
                self.fairness(body, &nb, conds, rest)
            }
            _ => {
                rest.push(self.read(e, b, false)?);
                Ok(())
            }
        }
    }
}

/// The disjuncts of a formula's disjunctive normal form, taken at the top only (not under []
/// or <>); each disjunct a list of conjuncts. Gives up distributing past `limit` disjuncts.
pub fn top_dnf(f: LF, limit: usize) -> Vec<Vec<LF>> {
    match f {
        LF::False => Vec::new(),
        LF::True => vec![Vec::new()],
        LF::Or(items) => {
            let mut out = Vec::new();
            for i in items {
                out.extend(top_dnf(i, limit));
            }
            out
        }
        LF::And(items) => {
            let mut acc: Vec<Vec<LF>> = vec![Vec::new()];
            for i in items {
                let d = top_dnf(i.clone(), limit);
                if acc.len() * d.len().max(1) > limit {
                    for a in &mut acc {
                        a.push(i.clone());
                    }
                    continue;
                }
                let mut next = Vec::new();
                for a in &acc {
                    for x in &d {
                        let mut c = a.clone();
                        c.extend(x.iter().cloned());
                        next.push(c);
                    }
                }
                acc = next;
            }
            acc
        }
        other => vec![vec![other]],
    }
}

#[cfg(test)]
mod tests {
    use super::{top_dnf, LF};

    fn lit(a: u32) -> LF {
        LF::Lit(a, true)
    }

    #[test]
    fn conjunction_of_disjunctions_distributes_at_the_top_only() {
        // (a \/ b) /\ [](c \/ d): two disjuncts; the disjunction under [] stays.
        let inner = LF::Always(Box::new(LF::Or(vec![lit(2), lit(3)])));
        let f = LF::And(vec![LF::Or(vec![lit(0), lit(1)]), inner.clone()]);
        assert_eq!(
            top_dnf(f, 100),
            vec![vec![lit(0), inner.clone()], vec![lit(1), inner]]
        );
    }

    #[test]
    fn false_has_no_disjunct_and_true_one_empty_one() {
        assert!(top_dnf(LF::False, 10).is_empty());
        assert_eq!(top_dnf(LF::True, 10), vec![Vec::<LF>::new()]);
    }

    #[test]
    fn past_the_limit_the_disjunction_is_kept_whole() {
        let or = LF::Or(vec![lit(0), lit(1)]);
        let f = LF::And(vec![or.clone(), LF::Or(vec![lit(2), lit(3)])]);
        let d = top_dnf(f, 2);
        assert_eq!(d.len(), 2);
        assert!(d.iter().all(|c| c.contains(&LF::Or(vec![lit(2), lit(3)]))));
    }
}
