//! Calls of constant-level operators kept by the values of their arguments.
//!
//! `x & y == And(x, y, 0, x)` (a recursive bit-by-bit AND), `SeqSum(s)`, `sumList(tup)`,
//! `BoundedSeq(S, n) == UNION {[1..i -> S] : i \in 0..n}` are called over and over with the
//! same arguments: from every state, from every iteration of a loop around them whose bound
//! name they do not read. The value of such a call depends only on the argument values, the
//! constants and (for a LET definition) the values of the names bound outside it that its body
//! reads, when the definition
//! - has parameters, none of them an operator, and is not a function definition;
//! - is constant-level, reads no variable, `@` from outside or operator parameter, and every
//!   definition it reaches is constant-level too (a model's `Op <- Other` included);
//! - is pure: reaches nothing whose value changes between calls (TLCGet, Print, random
//!   choice, operator constants..., see `memo.rs`);
//! - does enough work to be worth a table look-up: it binds names (quantifier, set or function
//!   constructor, CHOOSE) or recurses, or calls a definition that does (a constant computed
//!   once for the run, such as `KeyPair == CHOOSE ...`, does not count).
//!
//! Such a call is looked up by its argument (and outside) values, compared by *representation*
//! (`1..3` and `{1, 2, 3}`, a tuple and a function on `1..n`, are equal values that TLC prints
//! differently, so they are different keys): the value returned is then exactly the one the
//! evaluation would produce. A set or function argument met again as the same object (a
//! state's ledger, handed to a call from each successor) takes its hash from a small
//! per-thread table instead of being walked again. Errors are never kept (an erroring call is evaluated, and fails,
//! every time). Values are kept per thread and evaluator; a definition whose calls are seldom
//! repeated stops being kept after a while, and the tables stop growing when full (in entries
//! and in the size of the values they hold), so a model whose operators are called with ever
//! new arguments pays little. TLC evaluates each call; nothing observable differs.
//!
//! A call site whose arguments are computed (not just names or literals) from the values of
//! names bound around it and the constants alone (`SeqSum([i \in 1..N |-> coef[i] * seq[i]])`
//! inside `\E coef \in ...`) also keeps the call's value by those values, with the same rules
//! (constant-level, pure, no variable): a hit skips building the arguments too.

use super::call::visit_calls;
use super::Evaluator;
use crate::env::{Binding, Env, StateView};
use crate::error::EResult;
use crate::value::{Domain, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use tla_sema::ir::{DefId, Expr, ExprKind, Level, LocalId};

/// Calls looked up before a definition whose hits are rarer than 1 in `MIN_HIT_RATIO` stops
/// being kept.
const TRIAL_CALLS: u64 = 1024;
const MIN_HIT_RATIO: u64 = 8;
/// Values kept per definition (per thread).
const MAX_ENTRIES: usize = 16_384;
/// Values (counted as scalars and set/function headers) the tables of a thread may hold, and
/// the largest value kept: a bound on the memory they take whatever the model.
const MAX_KEPT_NODES: usize = 1 << 21;
const MAX_VALUE_NODES: usize = 1 << 16;
/// Scalars (and set/function headers) an argument list may have to be used as a key: hashing
/// and comparing a key costs about as much as walking it.
const KEY_BUDGET: usize = 512;

/// Per definition: the names bound outside it that its body reads, when its calls may be
/// kept (see the top).
pub(super) type CallMemoPlans = Vec<Option<Box<[LocalId]>>>;

/// A key's values, their hash over their representation, and their size (as
/// `count_nodes` counts it, found while hashing).
struct Key {
    hash: u64,
    vals: Box<[Value]>,
    nodes: usize,
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.hash == other.hash
            && self.vals.len() == other.vals.len()
            && self
                .vals
                .iter()
                .zip(other.vals.iter())
                .all(|(a, b)| same_repr(a, b))
    }
}
impl Eq for Key {}

impl Key {
    /// The key of `vals` under `seed`; `None` when a value holds a lazy set or they are
    /// larger than `KEY_BUDGET` scalars (and set/function headers).
    fn of(seed: u64, vals: Vec<Value>) -> Option<Key> {
        let mut budget = KEY_BUDGET;
        let mut hash = seed;
        for v in &vals {
            hash = key_value_hash(v, hash, &mut budget)?;
        }
        Some(Key {
            hash,
            vals: vals.into_boxed_slice(),
            nodes: KEY_BUDGET - budget,
        })
    }
}

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Passes the key's own hash through.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("keys hash as one u64")
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    fn write_usize(&mut self, n: usize) {
        // Call sites are addresses: their low and high bits say little.
        self.0 = mix(0, n as u64);
    }
}

/// Counts a table's look-ups and hits, to give up on a table whose hits are rare.
#[derive(Default)]
pub(super) struct Trial {
    calls: u64,
    hits: u64,
}

impl Trial {
    /// Counts a look-up; false once hits are rarer than 1 in `MIN_HIT_RATIO`.
    pub(super) fn goes_on(&mut self, hit: bool) -> bool {
        self.calls += 1;
        self.hits += u64::from(hit);
        hit || self.calls < TRIAL_CALLS || self.hits * MIN_HIT_RATIO >= self.calls
    }
}

#[derive(Default)]
struct DefTable {
    trial: Trial,
    off: bool,
    /// Each value with its size (`count_nodes`), so that another table keeping it (a call
    /// site's, after a hit here) need not walk it again.
    values: HashMap<Key, KeptValue, BuildHasherDefault<KeyHasher>>,
    /// The size of the keys and values held (see `count_nodes`).
    nodes: usize,
}

/// A kept value with its size (`count_nodes`).
type KeptValue = (Value, usize);

/// A call site's plan (`site_plan`) and table.
type SiteTable = (Option<Box<[LocalId]>>, DefTable);

#[derive(Default)]
struct Tables {
    /// The evaluator the values belong to.
    ev: u64,
    /// Per definition index.
    defs: Vec<DefTable>,
    /// Per call site (the address of its argument list): whether its arguments are computed
    /// from values alone (their outside names, see `site_plan`), and its table.
    sites: HashMap<usize, SiteTable, BuildHasherDefault<KeyHasher>>,
}

impl Tables {
    /// `d`'s table, for evaluator `ev` (the tables of another evaluator are dropped).
    fn of(&mut self, ev: u64, d: DefId) -> &mut DefTable {
        self.reset_for(ev);
        if self.defs.len() <= d.index() {
            self.defs.resize_with(d.index() + 1, DefTable::default);
        }
        &mut self.defs[d.index()]
    }

    fn reset_for(&mut self, ev: u64) {
        if self.ev != ev {
            self.ev = ev;
            self.defs.clear();
            self.sites.clear();
            KEPT_NODES.with(|k| k.set(0));
        }
    }
}

impl DefTable {
    /// Counts a look-up of `key`; `Err` once the table is (or is now) off.
    fn look_up(&mut self, key: &Key) -> Result<Option<KeptValue>, ()> {
        if self.off {
            return Err(());
        }
        let v = self.values.get(key).cloned();
        if !self.trial.goes_on(v.is_some()) {
            self.off = true;
            self.values = HashMap::default();
            KEPT_NODES.with(|k| k.set(k.get() - self.nodes));
            self.nodes = 0;
            return Err(());
        }
        Ok(v)
    }

    /// Keeps `v` (of `nodes`, when known) for `key`, if there is room for it. Returns its
    /// size, when counted.
    fn keep(&mut self, key: Key, v: &Value, nodes: Option<usize>) -> Option<usize> {
        if self.off || self.values.len() >= MAX_ENTRIES {
            return nodes;
        }
        let nodes = nodes.or_else(|| {
            let mut budget = MAX_VALUE_NODES;
            count_nodes(v, &mut budget).then(|| MAX_VALUE_NODES - budget)
        })?;
        // The key was sized when hashed (at most KEY_BUDGET).
        let size = nodes + key.nodes;
        if size > MAX_VALUE_NODES {
            return Some(nodes);
        }
        let total = KEPT_NODES.with(|k| k.get());
        if total + size > MAX_KEPT_NODES {
            return Some(nodes);
        }
        KEPT_NODES.with(|k| k.set(total + size));
        self.nodes += size;
        self.values.insert(key, (v.clone(), nodes));
        Some(nodes)
    }
}

/// Counts `v`'s scalars and set/function headers against `budget`; false once it runs out.
fn count_nodes(v: &Value, budget: &mut usize) -> bool {
    let Some(rest) = budget.checked_sub(1) else {
        return false;
    };
    *budget = rest;
    match v {
        Value::Set(s) => count_items(s.iter(), budget),
        Value::Func(f) => {
            (match f.domain() {
                Domain::Explicit(d) => count_items(d.iter(), budget),
                Domain::Range(_) => true,
            }) && count_items(f.values().iter(), budget)
        }
        _ => true,
    }
}

/// `count_nodes` of each item; a scalar is counted here, without a call (most items are).
#[inline]
fn count_items<'v>(items: impl Iterator<Item = &'v Value>, budget: &mut usize) -> bool {
    items.into_iter().all(|x| match x {
        Value::Set(_) | Value::Func(_) => count_nodes(x, budget),
        _ => match budget.checked_sub(1) {
            Some(rest) => {
                *budget = rest;
                true
            }
            None => false,
        },
    })
}

thread_local! {
    static TABLES: RefCell<Tables> = RefCell::new(Tables::default());
    /// The size of the values all tables of the thread hold (see `count_nodes`).
    static KEPT_NODES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A value's own `Hash`, for interned names.
fn std_hash(x: &impl std::hash::Hash) -> u64 {
    let mut h = MixHasher(0);
    x.hash(&mut h);
    h.0
}

/// Mixes every write (for `std_hash`).
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = mix(self.0, u64::from(*b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = mix(self.0, u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = mix(self.0, n);
    }
}

fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95)
}

/// Hashes `v`'s representation into `h`; `None` when `v` holds a lazy set (compared by
/// elements, not kept) or the budget runs out.
fn repr_hash(v: &Value, h: u64, budget: &mut usize) -> Option<u64> {
    *budget = budget.checked_sub(1)?;
    Some(match v {
        Value::Bool(b) => mix(h, 1 + u64::from(*b)),
        Value::Int(n) => mix(mix(h, 3), *n as u64),
        Value::Str(s) => mix(mix(h, 4), std_hash(s)),
        Value::ModelValue(m) => mix(mix(h, 5), std_hash(m)),
        Value::Interval(lo, hi) => mix(mix(mix(h, 6), *lo as u64), *hi as u64),
        Value::Set(s) => {
            let mut h = mix(mix(h, 7), s.len() as u64);
            for x in s.iter() {
                h = repr_hash(x, h, budget)?;
            }
            h
        }
        Value::Func(f) => {
            let mut h = mix(mix(h, 8), f.kind() as u64);
            h = match f.domain() {
                Domain::Range(lo) => mix(mix(h, 9), *lo as u64),
                Domain::Explicit(d) => {
                    let mut h = mix(h, 10);
                    for x in d.iter() {
                        h = repr_hash(x, h, budget)?;
                    }
                    h
                }
            };
            h = mix(h, f.len() as u64);
            for x in f.values() {
                h = repr_hash(x, h, budget)?;
            }
            h
        }
        _ => return None,
    })
}

/// Slots of the per-thread table of hashed key values (a power of two).
const HASHED_SLOTS: usize = 256;

type Hashed = Option<(Value, u64, usize)>;

thread_local! {
    /// Recently hashed sets and functions by address, each held (so that its address is not
    /// reused while it is here) with its hash from `KEY_SEED` and its size in budget units.
    static HASHED: RefCell<Vec<Hashed>> = RefCell::new(vec![None; HASHED_SLOTS]);
}

const KEY_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// `repr_hash` for a value of a key: a set or a function is hashed on its own and mixed in,
/// so that the same object met again (a state's ledger handed to a call from every
/// successor) takes its hash from `HASHED` instead of being walked again.
fn key_value_hash(v: &Value, h: u64, budget: &mut usize) -> Option<u64> {
    let Some(addr) = v.object_address() else {
        return repr_hash(v, h, budget);
    };
    let slot = ((addr >> 4) ^ (addr >> 12)) & (HASHED_SLOTS - 1);
    HASHED.with(|t| {
        let mut t = t.borrow_mut();
        if let Some((held, sub, nodes)) = &t[slot] {
            if held.same_object(v) {
                *budget = budget.checked_sub(*nodes)?;
                return Some(mix(h, *sub));
            }
        }
        let before = *budget;
        let sub = repr_hash(v, KEY_SEED, budget)?;
        t[slot] = Some((v.clone(), sub, before - *budget));
        Some(mix(h, sub))
    })
}

/// Whether `a` and `b` are the same value held the same way (only for values `repr_hash`
/// accepts).
fn same_repr(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::ModelValue(x), Value::ModelValue(y)) => x == y,
        (Value::Interval(a, b), Value::Interval(c, d)) => a == c && b == d,
        (Value::Set(x), Value::Set(y)) => {
            x.ptr_eq(y)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same_repr(p, q)))
        }
        (Value::Func(x), Value::Func(y)) => {
            std::sync::Arc::ptr_eq(x, y)
                || (x.kind() == y.kind()
                    && x.len() == y.len()
                    && match (x.domain(), y.domain()) {
                        (Domain::Range(p), Domain::Range(q)) => p == q,
                        (Domain::Explicit(p), Domain::Explicit(q)) => {
                            std::ptr::eq(p.as_ptr(), q.as_ptr())
                                || p.iter().zip(q.iter()).all(|(p, q)| same_repr(p, q))
                        }
                        _ => false,
                    }
                    && x.values()
                        .iter()
                        .zip(y.values())
                        .all(|(p, q)| same_repr(p, q)))
        }
        _ => false,
    }
}

impl Evaluator<'_> {
    /// Whether calls of `d` (with arguments) go through `call_kept`.
    #[inline]
    pub(crate) fn call_memo_applies(&self, d: DefId) -> bool {
        matches!(self.call_memo_plans().get(d.index()), Some(Some(_)))
    }

    /// A call of `d`, eligible for keeping (see the top), with its arguments `args`.
    ///
    /// When the arguments are computed from the values of names bound outside them alone
    /// (`SeqSum([i \in 1..N |-> coef[i] * seq[i]])` from `coef` and `seq`), the call site
    /// keeps the value by those values too, so that building the arguments is skipped as well.
    pub(crate) fn call_kept(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Value> {
        let site = args.as_ptr() as usize;
        let Some(key) = self.site_key(d, site, args, env) else {
            return Ok(self.call_kept_by_value(d, args, env, sv)?.0);
        };
        let found = TABLES.with(|t| {
            let mut t = t.borrow_mut();
            t.reset_for(self.id);
            t.sites.get_mut(&site).map(|(_, table)| table.look_up(&key))
        });
        match found {
            Some(Ok(Some((v, _)))) => Ok(v),
            Some(Ok(None)) => {
                let (v, nodes) = self.call_kept_by_value(d, args, env, sv)?;
                TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    t.reset_for(self.id);
                    if let Some((_, table)) = t.sites.get_mut(&site) {
                        table.keep(key, &v, nodes);
                    }
                });
                Ok(v)
            }
            _ => Ok(self.call_kept_by_value(d, args, env, sv)?.0),
        }
    }

    /// The key of call site `site` of `d`: the values of the names its arguments read from
    /// outside, then those `d` reads (see `site_plan`).
    fn site_key(&self, d: DefId, site: usize, args: &[Expr], env: &Env) -> Option<Key> {
        let def_free = self.call_memo_plans()[d.index()].as_deref()?;
        let mut vals = Vec::new();
        TABLES.with(|t| {
            let mut t = t.borrow_mut();
            t.reset_for(self.id);
            let (plan, table) = t
                .sites
                .entry(site)
                .or_insert_with(|| (self.site_plan(args), DefTable::default()));
            let free = plan.as_deref().filter(|_| !table.off)?;
            vals.reserve(free.len() + def_free.len());
            for l in free.iter().chain(def_free) {
                match env.get(*l) {
                    Some(Binding::Val(v)) => vals.push(v.clone()),
                    _ => return None,
                }
            }
            Some(())
        })?;
        Key::of(site as u64, vals)
    }

    /// The names bound outside a call's arguments that they read, when the arguments are
    /// computed from those values and the constants alone: constant-level, pure, reading no
    /// variable, `@` from outside or operator parameter, reaching only constant-level
    /// definitions, and no argument an operator.
    fn site_plan(&self, args: &[Expr]) -> Option<Box<[LocalId]>> {
        // Arguments that are names or literals cost nothing to compute: the values are the key.
        let trivial = |a: &Expr| {
            matches!(
                &a.kind,
                ExprKind::Local(_)
                    | ExprKind::Const(_)
                    | ExprKind::Num(_)
                    | ExprKind::Str(_)
                    | ExprKind::Bool(_)
            ) || matches!(&a.kind, ExprKind::Call(_, xs) if xs.is_empty())
        };
        if args.iter().all(trivial) {
            return None;
        }
        let n = self.spec.defs.len();
        let mut pure: Vec<Option<bool>> = vec![None; n];
        let mut constant: Vec<Option<bool>> = vec![None; n];
        let mut free = Vec::new();
        for a in args {
            if matches!(a.kind, ExprKind::OpArg(_)) || !self.pure_expr(a, &mut pure) {
                return None;
            }
            let mut ok = true;
            visit_calls(a, &mut |c| {
                ok = ok && self.reaches_constant_only(c, &mut constant)
            });
            if !ok || !self.free_names(a, &mut Vec::new(), 0, &mut Vec::new(), &mut free, false) {
                return None;
            }
        }
        Some(free.into_boxed_slice())
    }

    /// A call of `d` kept by its argument values, with the value's size when it was counted.
    fn call_kept_by_value(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<(Value, Option<usize>)> {
        let bindings = self.bindings(d, args, env, sv)?;
        let eval = |ev: &Self, bindings: Vec<Binding>, env: &mut Env| {
            ev.call_bound_with(d, bindings, env, &mut |ev, body, env| {
                ev.expr(body, env, sv)
            })
        };
        let Some(key) = self.call_key(d, &bindings, env) else {
            return Ok((eval(self, bindings, env)?, None));
        };
        let found = TABLES.with(|t| t.borrow_mut().of(self.id, d).look_up(&key));
        match found {
            Ok(Some((v, nodes))) => Ok((v, Some(nodes))),
            Err(()) => Ok((eval(self, bindings, env)?, None)),
            Ok(None) => {
                let v = eval(self, bindings, env)?;
                let nodes = TABLES.with(|t| t.borrow_mut().of(self.id, d).keep(key, &v, None));
                Ok((v, nodes))
            }
        }
    }

    /// The value of `d` applied to `bindings`, if a call has kept it: `x \in Op(a)` searches
    /// it instead of deciding from Op's body.
    pub(crate) fn kept_call_value(
        &self,
        d: DefId,
        bindings: &[Binding],
        env: &Env,
    ) -> Option<Value> {
        if !self.call_memo_applies(d) {
            return None;
        }
        let key = self.call_key(d, bindings, env)?;
        TABLES.with(|t| {
            let t = t.borrow();
            if t.ev != self.id {
                return None;
            }
            t.defs
                .get(d.index())?
                .values
                .get(&key)
                .map(|(v, _)| v.clone())
        })
    }

    /// The key of a call: the argument values, then the values of the outside names.
    fn call_key(&self, d: DefId, bindings: &[Binding], env: &Env) -> Option<Key> {
        let free = self.call_memo_plans()[d.index()].as_deref()?;
        let mut vals = Vec::with_capacity(bindings.len() + free.len());
        for b in bindings {
            match b {
                Binding::Val(v) => vals.push(v.clone()),
                _ => return None,
            }
        }
        for l in free {
            match env.get(*l) {
                Some(Binding::Val(v)) => vals.push(v.clone()),
                _ => return None,
            }
        }
        Key::of(d.0 as u64, vals)
    }

    fn call_memo_plans(&self) -> &CallMemoPlans {
        self.call_memo_plans.get_or_init(|| {
            let n = self.spec.defs.len();
            let mut pure: Vec<Option<bool>> = vec![None; n];
            let mut constant: Vec<Option<bool>> = vec![None; n];
            let mut worth: Vec<Option<bool>> = vec![None; n];
            (0..n)
                .map(|i| {
                    let id = DefId(i as u32);
                    let def = self.spec.def(id);
                    let eligible = !def.params.is_empty()
                        && def.params.iter().all(|p| p.arity == 0)
                        && !def.is_function
                        && def.level == Level::Constant
                        && self.natives[i].is_none()
                        && self.overrides[i].is_none()
                        && self.pure_def(id, &mut pure)
                        && self.reaches_constant_only(id, &mut constant)
                        && self.worth_keeping(id, &mut worth);
                    if !eligible {
                        return None;
                    }
                    let mut bound: Vec<LocalId> = def.params.iter().map(|p| p.local).collect();
                    let mut free = Vec::new();
                    self.free_names(&def.body, &mut bound, 0, &mut vec![id], &mut free, false)
                        .then(|| free.into_boxed_slice())
                })
                .collect()
        })
    }

    /// Whether every definition `d` reaches (itself included) is constant-level, a model's
    /// replacement of one included.
    fn reaches_constant_only(&self, d: DefId, memo: &mut Vec<Option<bool>>) -> bool {
        if let Some(c) = memo[d.index()] {
            return c;
        }
        memo[d.index()] = Some(true);
        let c = match &self.overrides[d.index()] {
            Some(crate::env::OpValue::Val(_)) => true,
            Some(crate::env::OpValue::Def(r)) => {
                self.spec.def(*r).level == Level::Constant && self.reaches_constant_only(*r, memo)
            }
            Some(_) => false,
            None => {
                self.spec.def(d).level == Level::Constant && {
                    let mut ok = true;
                    visit_calls(&self.spec.def(d).body, &mut |callee| {
                        ok = ok && self.reaches_constant_only(callee, memo);
                    });
                    ok
                }
            }
        };
        memo[d.index()] = Some(c);
        c
    }

    /// Whether evaluating `d` binds names or recurses (directly or through what it calls).
    fn worth_keeping(&self, d: DefId, memo: &mut Vec<Option<bool>>) -> bool {
        if let Some(w) = memo[d.index()] {
            return w;
        }
        // A definition met again while being examined recurses.
        memo[d.index()] = Some(true);
        let def = self.spec.def(d);
        let w = self.natives[d.index()].is_none()
            && (def.recursive || self.expr_worth_keeping(&def.body, memo));
        memo[d.index()] = Some(w);
        w
    }

    pub(super) fn expr_worth_keeping(&self, e: &Expr, memo: &mut Vec<Option<bool>>) -> bool {
        use ExprKind as K;
        let here = match &e.kind {
            K::Quant(..) | K::SetFilter(..) | K::SetMap(..) | K::FunCons(..) | K::Choose(..) => {
                true
            }
            // An operator handed on is applied in a loop (`FoldFunctionOnSet(+, 0, f, S)`).
            K::OpArg(_) => true,
            // A constant computed once for the run (`KeyPair == CHOOSE ...`) costs nothing.
            K::Call(c, _) if self.cacheable[c.index()] => false,
            K::Call(c, _) => self.worth_keeping(*c, memo),
            _ => false,
        };
        if here {
            return true;
        }
        let mut found = false;
        tla_sema::visit::for_each_child(e, &mut |c| {
            found = found || self.expr_worth_keeping(c, memo);
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::{count_nodes, Key};
    use crate::value::{IStr, SetValue, Value};

    fn set(items: Vec<Value>) -> Value {
        Value::Set(SetValue::from_vec(items).expect("a set"))
    }

    #[test]
    fn values_are_sized_by_their_scalars_and_headers() {
        // The set, two pairs, and their four numbers.
        let pairs = set(vec![
            Value::tuple(vec![Value::Int(1), Value::Int(2)]),
            Value::tuple(vec![Value::Int(3), Value::Int(4)]),
        ]);
        // The record, its field name, the inner set, its one number.
        let rec = Value::record(vec![(IStr::new("a"), set(vec![Value::Int(1)]))]).unwrap();
        for (v, size) in [(&pairs, 7), (&rec, 4), (&Value::Int(5), 1)] {
            let mut budget = size;
            assert!(count_nodes(v, &mut budget), "{v} fits in {size}");
            assert_eq!(budget, 0, "{v} is {size} nodes");
            let mut short = size - 1;
            assert!(
                !count_nodes(v, &mut short),
                "{v} does not fit in {}",
                size - 1
            );
        }
    }

    #[test]
    fn a_key_is_sized_as_its_values_are_counted() {
        let pair = Value::tuple(vec![Value::Int(1), Value::Int(2)]);
        let vals = vec![
            set(vec![pair.clone(), Value::tuple(vec![])]),
            Value::Int(3),
            pair,
        ];
        let mut budget = usize::MAX;
        assert!(vals.iter().all(|v| count_nodes(v, &mut budget)));
        let key = Key::of(7, vals.clone()).expect("a key");
        assert_eq!(key.nodes, usize::MAX - budget);
        // Hashed again: the set and the pair are now taken from the table of hashed objects.
        assert_eq!(Key::of(7, vals).expect("a key").nodes, key.nodes);
    }
}
