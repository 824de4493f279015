//! The value of a parameterless state-level definition, kept for the state it was computed in.
//!
//! A definition such as `votes == [a \in Acceptor |-> ...]` or `ProcsInB1 == {p \in ProcSet :
//! ...}` is evaluated from the current state alone when it is not under a prime: it has no
//! parameter, it is not inside a LET, a new frame hides the caller's locals, and its level says
//! it reads no primed variable. Successor generation evaluates such definitions over and over
//! for the same state; here each is computed once per state (per thread). Definitions that
//! reach an operator whose value may change between calls (TLCGet, Print, ...), a random
//! choice (drawn afresh at each evaluation, as TLC draws it), an operator constant, or a model
//! override that is not an ordinary definition, are never kept, so what is computed, printed
//! or raised does not change. Errors are never kept (a failure to evaluate a definition whole
//! is noted, so that applying it evaluates the point applied only, see `apply.rs`).
//!
//! A kept value is used only while the state is *identical* to the one it was computed in:
//! every variable holds the same value object (the same shared allocation, or an equal
//! scalar). The values of that state are held by the memo, so no allocation can be reused
//! under it.

use super::Evaluator;
use crate::env::{Binding, Env, OpValue, StateView};
use crate::error::EResult;
use crate::value::FingerprintMap;
use crate::value::Value;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tla_sema::ir::{ConstId, DefId, Expr, ExprKind, Level, LocalId, OpRef};

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A number that tells evaluators apart for the memo (never reused within a process).
pub(super) fn new_evaluator_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// The values kept for one state.
#[derive(Default)]
struct Slot {
    /// Bumped whenever the slot is given to another state: older values are stale.
    generation: u32,
    state: Vec<Value>,
    /// Per definition: the generation of the entry and the value (`None`: evaluating the
    /// definition whole fails).
    vals: Vec<(u32, Option<Value>)>,
    /// When the slot was last used (for replacing the least recently used).
    used: u64,
}

/// Two states are kept: the model checker interleaves the checks of each successor with the
/// generation of the successors of the state being explored.
#[derive(Default)]
struct Memo {
    /// The evaluator the values belong to.
    ev: u64,
    slots: [Slot; 2],
    clock: u64,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The same value object (not merely an equal value).
pub(super) fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::ModelValue(x), Value::ModelValue(y)) => x == y,
        (Value::Set(x), Value::Set(y)) => x.ptr_eq(y),
        (Value::Func(x), Value::Func(y)) => Arc::ptr_eq(x, y),
        (Value::Interval(a, b), Value::Interval(c, d)) => a == c && b == d,
        _ => false,
    }
}

/// The state a kept value belongs to: the current state, or a next state whose variables
/// are all assigned (a state-level definition under a prime, `token'`, is its value there).
#[derive(Clone, Copy)]
pub(crate) enum StateKey<'s> {
    Cur(&'s [Value]),
    Next(&'s [Option<Value>]),
}

impl StateKey<'_> {
    fn len(&self) -> usize {
        match self {
            StateKey::Cur(s) => s.len(),
            StateKey::Next(s) => s.len(),
        }
    }

    fn get(&self, i: usize) -> &Value {
        match self {
            StateKey::Cur(s) => &s[i],
            StateKey::Next(s) => s[i].as_ref().expect("a complete next state"),
        }
    }
}

fn same_state(a: &[Value], b: StateKey) -> bool {
    match b {
        StateKey::Cur(s) => a.len() == s.len() && a.iter().zip(s).all(|(x, y)| identical(x, y)),
        StateKey::Next(s) => {
            a.len() == s.len()
                && a.iter()
                    .zip(s)
                    .all(|(x, y)| y.as_ref().is_some_and(|y| identical(x, y)))
        }
    }
}

impl Memo {
    /// The index of the slot holding `cur`, if any; the slot used last is tried first.
    fn find(&mut self, ev: u64, cur: StateKey) -> Option<usize> {
        if self.ev != ev {
            return None;
        }
        self.clock += 1;
        let first = usize::from(self.slots[1].used > self.slots[0].used);
        let i = [first, 1 - first].into_iter().find(|&i| {
            let s = &self.slots[i];
            !s.state.is_empty() && same_state(&s.state, cur)
        })?;
        self.slots[i].used = self.clock;
        Some(i)
    }
}

impl Evaluator<'_> {
    /// Whether a call of `d` without arguments, evaluated in `sv`, is kept per state.
    #[inline]
    pub(crate) fn state_memo_applies(&self, d: DefId, sv: &StateView) -> bool {
        self.state_memo_key(d, sv).is_some()
    }

    /// The state a call of `d` without arguments, evaluated in `sv`, is kept for, if it is
    /// kept: the current state, or under a prime the next state once it is complete (the
    /// definition reads no primed variable, so primed it is its value in the next state).
    #[inline]
    pub(crate) fn state_memo_key<'s>(&self, d: DefId, sv: &StateView<'s>) -> Option<StateKey<'s>> {
        if sv.init || !self.memo_defs()[d.index()] {
            return None;
        }
        if !sv.primed {
            return (!sv.cur.is_empty()).then_some(StateKey::Cur(sv.cur));
        }
        let complete = !sv.next.is_empty() && sv.next.iter().all(Option::is_some);
        complete.then_some(StateKey::Next(sv.next))
    }

    /// The kept value of `d` for the state `cur`.
    pub(crate) fn memo_get(&self, d: DefId, cur: StateKey) -> Option<Value> {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let i = m.find(self.id, cur)?;
            let slot = &m.slots[i];
            match slot.vals.get(d.index()) {
                Some((g, Some(v))) if *g == slot.generation => Some(v.clone()),
                _ => None,
            }
        })
    }

    /// Whether evaluating `d` in the state `cur` was recorded as failing (see `memo_fail`).
    pub(crate) fn memo_failed(&self, d: DefId, cur: StateKey) -> bool {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let Some(i) = m.find(self.id, cur) else {
                return false;
            };
            let slot = &m.slots[i];
            matches!(slot.vals.get(d.index()), Some((g, None)) if *g == slot.generation)
        })
    }

    /// Records that evaluating `d` whole fails in the state `cur`, so that applying it goes
    /// straight to the point applied (see `apply.rs`). A call still evaluates it (and fails).
    pub(crate) fn memo_fail(&self, d: DefId, cur: StateKey) {
        self.memo_store(d, cur, None)
    }

    /// Keeps `v` as the value of `d` in the state `cur`.
    pub(crate) fn memo_put(&self, d: DefId, cur: StateKey, v: Value) {
        self.memo_store(d, cur, Some(v))
    }

    fn memo_store(&self, d: DefId, cur: StateKey, v: Option<Value>) {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.ev != self.id {
                m.ev = self.id;
                for s in &mut m.slots {
                    s.vals.clear();
                    s.vals.resize(self.spec.defs.len(), (0, None));
                    s.state.clear();
                }
            }
            let i = match m.find(self.id, cur) {
                Some(i) => i,
                None => {
                    // Give the least recently used slot to this state.
                    let clock = m.clock;
                    let i = usize::from(m.slots[1].used < m.slots[0].used);
                    let s = &mut m.slots[i];
                    s.generation = s.generation.wrapping_add(1);
                    if s.generation == 0 {
                        // After a wrap-around old stamps could look current: drop them.
                        s.vals.iter_mut().for_each(|e| *e = (0, None));
                        s.generation = 1;
                    }
                    s.state.clear();
                    s.state.extend((0..cur.len()).map(|i| cur.get(i).clone()));
                    s.used = clock;
                    i
                }
            };
            let slot = &mut m.slots[i];
            let g = slot.generation;
            slot.vals[d.index()] = (g, v);
        })
    }

    /// Whether `d` is a LET definition without parameters whose value is the same wherever
    /// and whenever it is evaluated: constant level, deterministic (as for the per-state memo),
    /// and closed (it refers to no name bound outside its own text), like `nbrs == {x \in
    /// {-1, 0, 1} \X {-1, 0, 1} : x /= <<0, 0>>}` inside an operator. Its value is then kept
    /// for the run, like a constant definition's (but computed at first use only).
    #[inline]
    pub(crate) fn let_constant(&self, d: DefId) -> bool {
        self.let_constants
            .get_or_init(|| {
                let n = self.spec.defs.len();
                let mut pure: Vec<Option<bool>> = vec![None; n];
                (0..n)
                    .map(|i| {
                        let id = DefId(i as u32);
                        let def = self.spec.def(id);
                        def.in_let
                            && def.params.is_empty()
                            && !def.is_function
                            && def.level == Level::Constant
                            && self.natives[i].is_none()
                            && self.overrides[i].is_none()
                            && self.pure_def(id, &mut pure)
                            && self.closed(&def.body, &mut Vec::new(), 0, &mut vec![id])
                    })
                    .collect()
            })
            .get(d.index())
            .copied()
            .unwrap_or(false)
    }

    /// Whether `e` refers to no name bound outside it (`bound`: the names bound around it
    /// within the definition being examined; `except`: how many EXCEPT values enclose it).
    /// LET definitions it calls are examined too (`seen`: those already examined).
    pub(super) fn closed(
        &self,
        e: &Expr,
        bound: &mut Vec<LocalId>,
        except: usize,
        seen: &mut Vec<DefId>,
    ) -> bool {
        use ExprKind as K;
        match &e.kind {
            K::Local(id) | K::CallParam(id, _) | K::OpArg(OpRef::Param(id))
                if !bound.contains(id) =>
            {
                return false
            }
            K::At if except == 0 => return false,
            // A variable, directly or in an operator argument (whose level the definition's
            // level may not account for).
            K::Var(_) => return false,
            K::OpArg(OpRef::Def(d))
                if !self.spec.def(*d).in_let && self.spec.def(*d).level > Level::Constant =>
            {
                return false
            }
            K::Call(d, _) | K::OpArg(OpRef::Def(d))
                if self.spec.def(*d).in_let && !seen.contains(d) =>
            {
                seen.push(*d);
                let def = self.spec.def(*d);
                let mark = bound.len();
                bound.extend(def.params.iter().map(|p| p.local));
                let ok = self.closed(&def.body, bound, 0, seen);
                bound.truncate(mark);
                if !ok {
                    return false;
                }
            }
            _ => {}
        }
        let binds = |sets: &mut dyn Iterator<Item = &Expr>,
                     vars: &mut dyn Iterator<Item = LocalId>,
                     body: &Expr,
                     bound: &mut Vec<LocalId>,
                     seen: &mut Vec<DefId>| {
            for s in sets {
                if !self.closed(s, bound, except, seen) {
                    return false;
                }
            }
            let mark = bound.len();
            bound.extend(vars);
            let ok = self.closed(body, bound, except, seen);
            bound.truncate(mark);
            ok
        };
        match &e.kind {
            K::Quant(_, bs, body) | K::FunCons(bs, body) | K::SetMap(body, bs) => binds(
                &mut bs.iter().map(|b| &b.set),
                &mut bs.iter().flat_map(|b| b.vars.iter().copied()),
                body,
                bound,
                seen,
            ),
            K::SetFilter(b, pred) => binds(
                &mut std::iter::once(&b.set),
                &mut b.vars.iter().copied(),
                pred,
                bound,
                seen,
            ),
            K::Choose(vars, _, set, body) => binds(
                &mut set.iter().map(|s| &**s),
                &mut vars.iter().copied(),
                body,
                bound,
                seen,
            ),
            K::UnboundedQuant(_, vars, body) | K::TemporalQuant(_, vars, body) => binds(
                &mut std::iter::empty(),
                &mut vars.iter().copied(),
                body,
                bound,
                seen,
            ),
            K::Except(base, updates) => {
                self.closed(base, bound, except, seen)
                    && updates.iter().all(|u| {
                        u.path.iter().all(|step| match step {
                            tla_sema::ir::ExceptStep::Index(ix) => {
                                ix.iter().all(|x| self.closed(x, bound, except, seen))
                            }
                            tla_sema::ir::ExceptStep::Field(_) => true,
                        }) && self.closed(&u.value, bound, except + 1, seen)
                    })
            }
            _ => {
                let mut ok = true;
                tla_sema::visit::for_each_child(e, &mut |c| {
                    if ok && !self.closed(c, bound, except, seen) {
                        ok = false;
                    }
                });
                ok
            }
        }
    }

    /// Per definition: whether its value (without arguments) may be kept per state.
    /// Whether a call of `d` without arguments is kept per state and computed whole where
    /// it is applied (not a function definition, which is applied at the point, and not
    /// recursive): the compiled forms may then ask `call` for it (`Base::Def`).
    pub(in crate::eval) fn kept_per_state(&self, d: DefId) -> bool {
        let def = self.spec.def(d);
        self.memo_defs()[d.index()] && !def.is_function && !def.recursive
    }

    fn memo_defs(&self) -> &[bool] {
        self.memo_defs.get_or_init(|| {
            let n = self.spec.defs.len();
            let mut pure: Vec<Option<bool>> = vec![None; n];
            (0..n)
                .map(|i| {
                    let d = self.spec.def(DefId(i as u32));
                    d.params.is_empty()
                        && !d.in_let
                        && d.level == Level::State
                        && self.natives[i].is_none()
                        && self.overrides[i].is_none()
                        && !self.cacheable[i]
                        && self.pure_def(DefId(i as u32), &mut pure)
                })
                .collect()
        })
    }

    /// Whether evaluating `e` reaches no operator with an effect or a drawn value (Print,
    /// TLCSet, RandomElement, ...): then evaluating its parts in another order, or on other
    /// threads, shows nothing (the initial states' enumeration is divided on that condition).
    pub fn effect_free(&self, e: &Expr) -> bool {
        let mut memo = vec![None; self.spec.defs.len()];
        self.pure_expr(e, &mut memo)
    }

    /// The definition the model binds operator constant `c` to (`Op <- Def` in the .cfg), when
    /// it is one: the analyses below follow it as a call of that definition.
    pub(crate) fn const_def(&self, c: ConstId) -> Option<DefId> {
        match self.const_binding(c) {
            Some(Binding::Op(OpValue::Def(d))) => Some(*d),
            _ => None,
        }
    }

    /// Whether evaluating `e` may write TLC's registers (TLCSet, TLCGetAndSet), through the
    /// definitions it reaches; an operator constant bound to anything but a definition, or a
    /// closure the model binds, counts as one that may.
    pub fn may_write_registers(&self, e: &Expr) -> bool {
        self.may_reach_native(e, crate::natives::writes_registers)
    }

    /// Whether evaluating `e` may tell apart values TLC counts as equal (`1..3` and `{1, 2,
    /// 3}`, a tuple and a function on `1..n`) by the way they are held: `ToString` prints
    /// them differently.
    pub fn may_show_form(&self, e: &Expr) -> bool {
        self.may_reach_native(e, crate::natives::shows_form)
    }

    /// Whether `e` may call a native operator `native` picks, through the definitions it
    /// reaches; an operator constant bound to anything but a definition, or a closure the
    /// model binds, counts as one that may.
    fn may_reach_native(&self, e: &Expr, native: fn(&str, &str) -> bool) -> bool {
        let mut memo = vec![None; self.spec.defs.len()];
        self.reaches_expr(e, native, &mut memo)
    }

    fn reaches_def(
        &self,
        d: DefId,
        native: fn(&str, &str) -> bool,
        memo: &mut Vec<Option<bool>>,
    ) -> bool {
        if let Some(w) = memo[d.index()] {
            return w;
        }
        // A definition reached again while being examined adds nothing new.
        memo[d.index()] = Some(false);
        let i = d.index();
        let def = self.spec.def(d);
        let w = match &self.overrides[i] {
            Some(OpValue::Def(r)) => self.reaches_def(*r, native, memo),
            Some(OpValue::Val(_) | OpValue::Builtin(_)) => false,
            Some(OpValue::Closure(..) | OpValue::Const(_)) => true,
            None if self.natives[i].is_some() => {
                native(&self.spec.module(def.module).name, &def.name)
            }
            None => self.reaches_expr(&def.body, native, memo),
        };
        memo[i] = Some(w);
        w
    }

    fn reaches_expr(
        &self,
        e: &Expr,
        native: fn(&str, &str) -> bool,
        memo: &mut Vec<Option<bool>>,
    ) -> bool {
        let here = match &e.kind {
            ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => {
                self.reaches_def(*d, native, memo)
            }
            ExprKind::Let(defs, _) => defs.iter().any(|d| self.reaches_def(*d, native, memo)),
            ExprKind::CallConst(c, _) | ExprKind::OpArg(OpRef::Const(c)) => self
                .const_def(*c)
                .is_none_or(|d| self.reaches_def(d, native, memo)),
            _ => false,
        };
        here || !tla_sema::visit::all_children(e, &mut |c| !self.reaches_expr(c, native, memo))
    }

    /// `effect_free` for an expression read on a step: primes, UNCHANGED, `[A]_v` and
    /// `<<A>>_v` read the step's next state, which is given, so they count as free of
    /// effects here (an action atom of a temporal property evaluated on other threads).
    pub fn effect_free_on_step(&self, e: &Expr) -> bool {
        let mut memo = vec![None; self.spec.defs.len()];
        self.free_on_step(e, &mut memo)
    }

    fn free_on_step_def(&self, d: DefId, memo: &mut Vec<Option<bool>>) -> bool {
        if let Some(p) = memo[d.index()] {
            return p;
        }
        memo[d.index()] = Some(true);
        let i = d.index();
        let def = self.spec.def(d);
        let p = match &self.overrides[i] {
            Some(OpValue::Def(r)) => self.free_on_step_def(*r, memo),
            Some(OpValue::Val(_)) => true,
            Some(_) => false,
            None if self.natives[i].is_some() => {
                let module = &self.spec.module(def.module).name;
                crate::natives::is_deterministic(module, &def.name)
            }
            None => self.free_on_step(&def.body, memo),
        };
        memo[i] = Some(p);
        p
    }

    fn free_on_step(&self, e: &Expr, memo: &mut Vec<Option<bool>>) -> bool {
        let here = match &e.kind {
            ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => {
                self.free_on_step_def(*d, memo)
            }
            ExprKind::Let(defs, _) => defs.iter().all(|d| self.free_on_step_def(*d, memo)),
            ExprKind::CallConst(c, _) | ExprKind::OpArg(OpRef::Const(c)) => self
                .const_def(*c)
                .is_some_and(|d| self.free_on_step_def(d, memo)),
            _ => true,
        };
        here && tla_sema::visit::all_children(e, &mut |c| self.free_on_step(c, memo))
    }

    /// Whether evaluating `d` can reach nothing whose value may change between calls, nor a
    /// replacement whose level the definitions' levels do not account for.
    pub(super) fn pure_def(&self, d: DefId, memo: &mut Vec<Option<bool>>) -> bool {
        if let Some(p) = memo[d.index()] {
            return p;
        }
        memo[d.index()] = Some(true);
        let i = d.index();
        let def = self.spec.def(d);
        let p = match &self.overrides[i] {
            Some(OpValue::Def(r)) => {
                self.spec.def(*r).level <= Level::State && self.pure_def(*r, memo)
            }
            Some(OpValue::Val(_)) => true,
            Some(_) => false,
            None if self.natives[i].is_some() => {
                let module = &self.spec.module(def.module).name;
                // Random choices are drawn afresh at each evaluation, as TLC draws them.
                crate::natives::is_deterministic(module, &def.name)
            }
            None => self.pure_expr(&def.body, memo),
        };
        memo[i] = Some(p);
        p
    }

    pub(super) fn pure_expr(&self, e: &Expr, memo: &mut Vec<Option<bool>>) -> bool {
        use tla_sema::ir::Builtin as B;
        let here = match &e.kind {
            ExprKind::Call(d, _) => self.pure_def(*d, memo),
            // An operator argument's level may not count in the definition's level.
            ExprKind::OpArg(OpRef::Def(d)) => {
                self.spec.def(*d).level <= Level::State && self.pure_def(*d, memo)
            }
            ExprKind::Builtin(B::Prime | B::Unchanged | B::Cdot, _)
            | ExprKind::BoxAction(..)
            | ExprKind::AngleAction(..) => false,
            ExprKind::Let(defs, _) => defs.iter().all(|d| self.pure_def(*d, memo)),
            ExprKind::CallConst(c, _) => self.const_def(*c).is_some_and(|d| self.pure_def(d, memo)),
            ExprKind::OpArg(OpRef::Const(c)) => self
                .const_def(*c)
                .is_some_and(|d| self.spec.def(d).level <= Level::State && self.pure_def(d, memo)),
            _ => true,
        };
        if !here {
            return false;
        }
        tla_sema::visit::all_children(e, &mut |c| self.pure_expr(c, memo))
    }
}

/// Values of definitions under a prime, kept by the fingerprint of the variables they read,
/// while a step is checked (`Evaluator::eval_step_check`).
///
/// An action property (`[][EWD998!Next]_vars`, refinement through an INSTANCE) is checked on
/// every step, and its definitions under a prime (`token'`, `pending'`) are computed for each
/// step's next state: nine in ten of those states were met before, and many more share the
/// variables the definition reads (`network`). The state's fingerprint has just been taken, so
/// each of those variables' fingerprints is at hand (a function keeps its own), and the value
/// computed for equal variables is taken instead. Two different values under one key would
/// share a value; that is the seen-set's own assumption (fingerprints do not collide).
/// Equal values may be held differently (`1..3` and `{1, 2, 3}`), and so may what is computed
/// from them: only checks that cannot show how a value is held use the table (see
/// `step_check_by_values`), and an error is computed again without it, for its text.
#[derive(Default)]
struct ByValues {
    ev: u64,
    on: bool,
    values: FingerprintMap<Value>,
}

/// Values kept per thread: a bound on the memory they hold.
const MAX_BY_VALUES: usize = 1 << 16;

thread_local! {
    static BY_VALUES: RefCell<ByValues> = RefCell::new(ByValues::default());
}

impl Evaluator<'_> {
    /// Whether a step check `e` may use the values kept by what they read: it has no effect
    /// (a kept value printed would show how it is held) and cannot print a value itself.
    pub fn step_check_by_values(&self, e: &Expr) -> bool {
        self.effect_free_on_step(e) && !self.may_show_form(e)
    }

    /// `eval_bool` of a step check for which `step_check_by_values` holds, with the values of
    /// definitions under a prime kept by what they read (`ByValues`). An error is the one the
    /// check gives evaluated without them.
    pub fn eval_step_check(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        let was = BY_VALUES.with(|b| {
            let mut b = b.borrow_mut();
            if b.ev != self.id {
                b.ev = self.id;
                b.values.clear();
            }
            std::mem::replace(&mut b.on, true)
        });
        let r = self.eval_bool(e, env, sv);
        BY_VALUES.with(|b| b.borrow_mut().on = was);
        match r {
            Err(_) if !was => self.eval_bool(e, env, sv),
            r => r,
        }
    }

    /// The key of `d`'s value in the complete next state `key` among the values kept by what
    /// they read, while a step check uses them and the variables' fingerprints are at hand.
    #[inline]
    pub(super) fn by_values_key(&self, d: DefId, key: StateKey) -> Option<u64> {
        if !BY_VALUES.with(|b| b.borrow().on) {
            return None;
        }
        let StateKey::Next(_) = key else {
            return None;
        };
        let vars = self.def_reads(d)?;
        let seed = (u64::from(d.0) << 32) ^ self.id;
        super::conjuncts::values_key(seed, vars.iter().map(|v| key.get(v.index())))
    }

    pub(super) fn by_values_get(&self, key: u64) -> Option<Value> {
        BY_VALUES.with(|b| b.borrow().values.get(&key).cloned())
    }

    pub(super) fn by_values_put(&self, key: u64, v: Value) {
        BY_VALUES.with(|b| {
            let mut b = b.borrow_mut();
            if b.values.len() >= MAX_BY_VALUES {
                b.values.clear();
            }
            b.values.insert(key, v);
        })
    }
}
