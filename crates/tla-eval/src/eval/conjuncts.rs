//! A state predicate checked conjunct by conjunct, each true answer kept with the values of
//! the variables the conjunct reads.
//!
//! Invariants and state constraints are evaluated for every state the search meets, and most
//! of their conjuncts read a few variables (`active \in [Node -> BOOLEAN]`,
//! `\A i \in Node : counter[i] <= 3`). A successor shares the value objects of the variables
//! its action left alone with its parent and siblings, so a conjunct found true for those
//! very objects is true again: it is not evaluated a second time. Only conjuncts of
//! effect-free predicates whose variables are all known are kept, and (by object) only a
//! true answer. The first false conjunct is the predicate's answer (the conjunction is
//! evaluated left to right and stops there too); an error sends the caller back to the whole
//! predicate, evaluated as before, so what is reported (the first error, its location) does
//! not change.
//!
//! A conjunct that does real work (binds names, recurses or hands an operator on, as
//! `\A i \in Node : counter[i] <= 3` or `B = Sum(counter, Node)`) also keeps its answers, true
//! and false, by the *values* of its variables in a bounded table: a state space has far
//! fewer values of `counter` and `pending` than states, and a new state's `counter` is a new
//! object equal to one met before. The table's key is the fingerprint of those values: the
//! state's fingerprint has just been computed, and a function keeps its hash, so the key of
//! `network` costs a read where writing its value out cost a walk of it. Two different
//! values under one key would give one of them the other's answer; that is the seen-set's
//! own assumption (fingerprints do not collide), over at most `MAX_ANSWERS` keys per table.
//! Fingerprints equate values TLC counts as equal but holds differently (`1..3` and
//! `{1, 2, 3}`), so a conjunct that can print a value (`ToString`) keeps no table.

use super::call_memo::Trial;
use super::memo::identical;
use super::Evaluator;
use crate::env::{Binding, Env, ExprRef, OpValue, StateView};
use crate::value::FingerprintMap;
use crate::value::Value;
use std::collections::HashMap;
use tla_sema::ir::{Builtin, DefId, Expr, ExprKind, Junction, OpRef, VarId};

/// A predicate split into its conjuncts (through parameterless definitions and labels).
pub struct Conjuncts {
    leaves: Vec<Leaf>,
}

struct Leaf {
    expr: ExprRef,
    /// The variables the conjunct reads, in order; `None`: its answers are not kept.
    vars: Option<Box<[VarId]>>,
    /// Its answers are worth a table by values (see the top).
    costly: bool,
}

/// Answers kept per conjunct: a bound on the memory a table takes.
const MAX_ANSWERS: usize = 4096;
/// The largest set a key is computed for: a set keeps no hash, so its key is a walk of it.
const MAX_KEY_SET: usize = 256;

/// One worker's kept answers for a `Conjuncts`, per leaf.
#[derive(Default)]
pub struct ConjunctMemo {
    leaves: Vec<LeafMemo>,
}

/// A leaf's answers: by the objects its variables held when it was last true (held, so an
/// address compared cannot have been reused by another value), and by their values.
struct LeafMemo {
    ways: Ways,
    table: AnswerTable,
}

/// A costly conjunct's answers by the fingerprint of its variables' values (off from the
/// start for a conjunct that is not costly).
#[derive(Default)]
struct AnswerTable {
    trial: Trial,
    off: bool,
    answers: FingerprintMap<bool>,
}

/// The fingerprint of `v` as a key, when it is cheap: a function keeps its hash, a scalar has
/// one at hand; a large set or interval would be walked, and a lazy set enumerated.
pub(super) fn key_part(v: &Value) -> Option<u64> {
    let cheap = match v {
        Value::Set(s) => s.len() <= MAX_KEY_SET,
        Value::Interval(lo, hi) => hi.saturating_sub(*lo) < MAX_KEY_SET as i64,
        Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_) | Value::Func(_) => {
            true
        }
        _ => false,
    };
    cheap.then(|| v.fingerprint().ok()).flatten()
}

/// A key for `values` from their fingerprints (`key_part`) and `seed`; `None` when one of
/// them has no cheap fingerprint.
pub(super) fn values_key<'v>(
    seed: u64,
    values: impl IntoIterator<Item = &'v Value>,
) -> Option<u64> {
    values.into_iter().try_fold(seed, |h, v| {
        Some((h.rotate_left(29) ^ key_part(v)?).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    })
}

/// The variables read, in index order, each once.
fn sorted(mut vars: Vec<VarId>) -> Box<[VarId]> {
    vars.sort_unstable_by_key(|v| v.index());
    vars.dedup();
    vars.into_boxed_slice()
}

impl AnswerTable {
    fn new(costly: bool) -> Self {
        AnswerTable {
            off: !costly,
            ..AnswerTable::default()
        }
    }

    /// The key of `state`'s values of `vars`, unless the table is off or a value's key is
    /// not cheap (then it goes off: the values stay so).
    fn key(&mut self, vars: &[VarId], state: &[Value]) -> Option<u64> {
        if self.off {
            return None;
        }
        let key = values_key(vars.len() as u64, vars.iter().map(|v| &state[v.index()]));
        if key.is_none() {
            self.go_off();
        }
        key
    }

    fn look_up(&mut self, key: u64) -> Option<bool> {
        let answer = self.answers.get(&key).copied();
        if !self.trial.goes_on(answer.is_some()) {
            self.go_off();
        }
        answer
    }

    /// Keeps an answer; a full table starts again (the search has moved on to other values).
    fn keep(&mut self, key: u64, answer: bool) {
        if self.off {
            return;
        }
        if self.answers.len() >= MAX_ANSWERS {
            self.answers.clear();
        }
        self.answers.insert(key, answer);
    }

    fn go_off(&mut self) {
        self.off = true;
        self.answers = HashMap::default();
    }
}

/// Two sets of values per conjunct, the one used last first: a state's successors share some
/// objects with their parent and others with the sibling before them.
#[derive(Default)]
struct Ways([Option<Box<[Value]>>; 2]);

impl Ways {
    /// Whether `state` holds, in `vars`, the values of one way (which becomes the first).
    fn hit(&mut self, vars: &[VarId], state: &[Value]) -> bool {
        let same = |k: &Option<Box<[Value]>>| {
            k.as_deref().is_some_and(|k| {
                vars.iter()
                    .zip(k)
                    .all(|(v, x)| identical(&state[v.index()], x))
            })
        };
        if same(&self.0[0]) {
            return true;
        }
        if same(&self.0[1]) {
            self.0.swap(0, 1);
            return true;
        }
        false
    }

    /// Keeps `state`'s values of `vars` first, in place of the way used least recently.
    fn keep(&mut self, vars: &[VarId], state: &[Value]) {
        self.0.swap(0, 1);
        match &mut self.0[0] {
            // A leaf's ways all have its variables' length: the old one is overwritten.
            Some(k) => {
                for (slot, v) in k.iter_mut().zip(vars) {
                    *slot = state[v.index()].clone();
                }
            }
            none => *none = Some(vars.iter().map(|v| state[v.index()].clone()).collect()),
        }
    }
}

impl Conjuncts {
    /// How many of the conjuncts keep their answers (for tests).
    pub fn kept_count(&self) -> usize {
        self.leaves.iter().filter(|l| l.vars.is_some()).count()
    }

    pub fn len(&self) -> usize {
        self.leaves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.leaves.is_empty()
    }
}

/// Whether `e` tests membership in a set of functions, records, tuples or subsets
/// (`network \in [Proc -> [Proc -> Seq(Message)]]`): a walk over the whole value.
fn checks_a_type(e: &Expr) -> bool {
    let here = match &e.kind {
        ExprKind::Builtin(Builtin::In | Builtin::NotIn, args) => matches!(
            &args[1].kind,
            ExprKind::FunSet(..)
                | ExprKind::RecordSet(..)
                | ExprKind::Times(..)
                | ExprKind::Builtin(Builtin::Subset, _)
        ),
        _ => false,
    };
    here || !tla_sema::visit::all_children(e, &mut |c| !checks_a_type(c))
}

impl Evaluator<'_> {
    /// The root variables the body of `d` reads, when they can all be known.
    pub(super) fn def_reads(&self, d: DefId) -> Option<&[VarId]> {
        self.memo_reads.get_or_init(|| {
            (0..self.spec.defs.len())
                .map(|i| {
                    let mut vars = Vec::new();
                    let mut seen = vec![false; self.spec.defs.len()];
                    let known = self.def_vars(DefId(i as u32), &mut vars, &mut seen);
                    known.then(|| sorted(vars))
                })
                .collect()
        })[d.index()]
        .as_deref()
    }

    /// `e` split into the conjuncts it is a conjunction of, each with the variables it reads.
    /// None of them when one may have an effect (Print, TLCSet, a random choice): a
    /// conjunct evaluated alone and then again in the whole predicate would show it twice.
    pub fn conjuncts(&self, e: &Expr) -> Conjuncts {
        let mut leaves = Vec::new();
        self.split_conjuncts(e, &mut leaves);
        if !self.effect_free(e) {
            leaves.clear();
        }
        Conjuncts { leaves }
    }

    fn split_conjuncts(&self, e: &Expr, leaves: &mut Vec<Leaf>) {
        match &e.kind {
            ExprKind::Junction(Junction::And, items) | ExprKind::Builtin(Builtin::And, items) => {
                for it in items {
                    self.split_conjuncts(it, leaves);
                }
            }
            ExprKind::Label(_, body) => self.split_conjuncts(body, leaves),
            ExprKind::Call(d, args) if args.is_empty() && self.is_plain_def(*d) => {
                let def = self.spec.def(*d);
                if def.params.is_empty() && !def.in_let && !def.is_function {
                    self.split_conjuncts(&def.body, leaves);
                } else {
                    leaves.push(self.leaf(e));
                }
            }
            _ => leaves.push(self.leaf(e)),
        }
    }

    fn leaf(&self, e: &Expr) -> Leaf {
        let mut vars = Vec::new();
        let mut seen = vec![false; self.spec.defs.len()];
        let known = self.vars_read(e, &mut vars, &mut seen);
        let mut worth = vec![None; self.spec.defs.len()];
        Leaf {
            expr: ExprRef::new(e),
            vars: known.then(|| sorted(vars)),
            costly: (self.expr_worth_keeping(e, &mut worth) || checks_a_type(e))
                && !self.may_show_form(e),
        }
    }

    /// Adds the variables `e` reads to `vars`; false when they cannot all be known (a
    /// variable of an instantiated module, an operator constant, ...).
    fn vars_read(&self, e: &Expr, vars: &mut Vec<VarId>, seen: &mut Vec<bool>) -> bool {
        let root = &self.spec.root_module().variables;
        let here = match &e.kind {
            ExprKind::Var(v) => {
                vars.push(*v);
                root.iter().any(|r| r == v)
            }
            ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => self.def_vars(*d, vars, seen),
            ExprKind::Const(c) => match self.const_binding(*c) {
                Some(Binding::Val(_)) => true,
                Some(Binding::Op(OpValue::Def(d))) => self.def_vars(*d, vars, seen),
                _ => false,
            },
            ExprKind::CallConst(c, _) | ExprKind::OpArg(OpRef::Const(c)) => self
                .const_def(*c)
                .is_some_and(|d| self.def_vars(d, vars, seen)),
            ExprKind::Let(defs, _) => defs.iter().all(|d| self.def_vars(*d, vars, seen)),
            _ => true,
        };
        here && tla_sema::visit::all_children(e, &mut |c| self.vars_read(c, vars, seen))
    }

    fn def_vars(&self, d: DefId, vars: &mut Vec<VarId>, seen: &mut Vec<bool>) -> bool {
        if std::mem::replace(&mut seen[d.index()], true) {
            return true;
        }
        match &self.overrides[d.index()] {
            Some(OpValue::Val(_)) => true,
            Some(OpValue::Def(r)) => self.def_vars(*r, vars, seen),
            Some(_) => false,
            // A native reads only its arguments, which the call site's walk sees.
            None if self.natives[d.index()].is_some() => true,
            None => self.vars_read(&self.spec.def(d).body, vars, seen),
        }
    }

    /// The predicate's value in `state`, conjunct by conjunct in order (those kept for these
    /// very variable values are not evaluated again): false at the first false one, as the
    /// whole conjunction evaluated left to right. `None` when one fails, or when the predicate
    /// is not split: the caller then evaluates the whole predicate, for its error.
    pub fn conjunction_value(
        &self,
        c: &Conjuncts,
        memo: &mut ConjunctMemo,
        env: &mut Env,
        state: &[Value],
    ) -> Option<bool> {
        if c.leaves.is_empty() {
            return None;
        }
        if memo.leaves.len() != c.leaves.len() {
            memo.leaves = c
                .leaves
                .iter()
                .map(|l| LeafMemo {
                    ways: Ways::default(),
                    table: AnswerTable::new(l.costly),
                })
                .collect();
        }
        let sv = StateView::state(state);
        for (leaf, m) in c.leaves.iter().zip(memo.leaves.iter_mut()) {
            let Some(vars) = &leaf.vars else {
                if !self.eval_bool(leaf.expr.get(), env, &sv).ok()? {
                    return Some(false);
                }
                continue;
            };
            if m.ways.hit(vars, state) {
                continue;
            }
            let key = m.table.key(vars, state);
            let answer = match key.and_then(|k| m.table.look_up(k)) {
                Some(answer) => answer,
                None => {
                    let answer = self.eval_bool(leaf.expr.get(), env, &sv).ok()?;
                    if let Some(k) = key {
                        m.table.keep(k, answer);
                    }
                    answer
                }
            };
            if !answer {
                return Some(false);
            }
            m.ways.keep(vars, state);
        }
        Some(true)
    }
}
