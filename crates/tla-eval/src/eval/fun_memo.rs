//! Applications of a recursive function defined in a LET, kept while the outermost one runs.
//!
//! `LET F[i \in 1..n] == ... F[i-1] ... F[i-1] ... IN F[n]` (Utils' IsSimpleCycle, Folds'
//! MapThenFoldSet, a MapSeq) applies F at the same points over and over: evaluated point by
//! point, as TLC's FcnLambdaValue applies it, a body that names F[i-1] twice costs 2^n.
//! The value of F at a point depends only on the point, the constants and the values of the
//! names bound outside F that its body reads (its "free" names, found through the LET
//! definitions it calls), when
//! - F is constant-level, pure (no TLCGet, Print, random choice, operator constant..., see
//!   `memo.rs`) and reads no variable or `@`;
//! - every free name is bound to a value, or to an operator that gives one value for given
//!   arguments (`CR[n \in Nat, v \in S] == ... R(u, v)` with R a LAMBDA or a definition that
//!   reaches no effect, drawn value or variable), not to a variable or a lazy argument. An
//!   operator is the same free value when it is the same definition closed over the same
//!   bindings (the same LET instance).
//!
//! So while an application of F runs, the points it computes are kept in a table keyed by
//! those free values; nested applications with the same free values (the recursion) read and
//! fill it. When the outermost application returns, the table is set aside among a few recent
//! ones: the next outermost application with the same free values (TransitiveClosure's
//! `\A s, t \in S : TC5(RR, S, s, t)` applies CR afresh for each t) starts from its points.
//! Errors are never kept, so what is raised does not change; nothing printed or drawn is
//! skipped (pure only).

use super::call_memo::KeyHasher;
use super::Evaluator;
use crate::env::{Binding, Env, OpValue, StateView};
use crate::error::EResult;
use crate::value::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use tla_sema::ir::{DefId, Expr, ExprKind, Level, LocalId, OpRef};

/// What a free name of a kept function definition is bound to.
enum Free {
    Val(Value),
    /// An operator (see `op_fixed`), the same when it is the same definition closed over the
    /// same bindings (the same captured list: the same LET instance).
    Op(OpValue),
}

impl Free {
    /// Whether a name bound to `b` has this free value (without copying the binding).
    fn holds(&self, b: &Binding, ev: &Evaluator) -> bool {
        match (self, b) {
            (Free::Val(a), Binding::Val(b)) => a == b,
            (Free::Op(a), Binding::Op(b)) => ev.same_op(a, b),
            _ => false,
        }
    }
}

/// What `l` is bound to in a captured list (the innermost binding).
fn bound(list: &[(LocalId, Binding)], l: LocalId) -> Option<&Binding> {
    list.iter().rev().find(|(m, _)| *m == l).map(|(_, b)| b)
}

/// The points computed for one LET instance of one function definition.
struct Table {
    ev: u64,
    def: DefId,
    free: Vec<Free>,
    /// By the point's value (its hash is its fingerprint's).
    points: HashMap<Value, Value, BuildHasherDefault<KeyHasher>>,
}

thread_local! {
    /// The tables of the applications running, innermost last.
    static TABLES: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
    /// Tables of applications that have returned, most recent last.
    static SET_ASIDE: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
}

/// How many returned tables a thread keeps, and the most points one may hold to be kept.
const MAX_SET_ASIDE: usize = 4;
const MAX_SET_ASIDE_POINTS: usize = 1 << 12;

impl Table {
    /// Whether this table is `d`'s for the free values `names` are bound to in `env`.
    fn serves(&self, ev: &Evaluator, d: DefId, names: &[LocalId], env: &Env) -> bool {
        self.ev == ev.id
            && self.def == d
            && names
                .iter()
                .zip(&self.free)
                .all(|(l, f)| env.get(*l).is_some_and(|b| f.holds(b, ev)))
    }
}

/// A value whose comparison is plain (no lazy set to compare element by element).
fn explicit(v: &Value) -> bool {
    matches!(
        v,
        Value::Bool(_)
            | Value::Int(_)
            | Value::Str(_)
            | Value::ModelValue(_)
            | Value::Set(_)
            | Value::Func(_)
            | Value::Interval(..)
    )
}

impl Evaluator<'_> {
    /// `f[arg]` for a LET function definition `d`, through the table when the rules above
    /// allow it.
    pub(crate) fn apply_fun_def_kept(
        &self,
        d: DefId,
        arg: Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Value> {
        let plain = |ev: &Self, arg: Value, env: &mut Env| {
            ev.apply_fun_def_with(d, arg, env, sv, &mut |ev, body, env| ev.expr(body, env, sv))
        };
        let plan = self.fun_memo_plans()[d.index()].as_deref();
        let Some(names) = plan.filter(|_| explicit(&arg)) else {
            return plain(self, arg, env);
        };
        // A table whose free values the names hold now: they met the rules when it was made.
        let found = TABLES.with(|t| {
            t.borrow()
                .iter()
                .rposition(|t| t.serves(self, d, names, env))
        });
        match found {
            Some(i) => {
                if let Some(v) = TABLES.with(|t| t.borrow()[i].points.get(&arg).cloned()) {
                    return Ok(v);
                }
                // Tables pushed while computing are popped before it returns: `i` stays.
                let v = plain(self, arg.clone(), env)?;
                TABLES.with(|t| t.borrow_mut()[i].points.insert(arg, v.clone()));
                Ok(v)
            }
            None => {
                let table = match self.set_aside(d, names, env) {
                    Some(mut table) => {
                        if let Some(v) = table.points.get(&arg).cloned() {
                            SET_ASIDE.with(|s| s.borrow_mut().push(table));
                            return Ok(v);
                        }
                        // Equal to the kept ones; the same objects make the nested
                        // applications' matches quick.
                        if let Some(free) = self.free_values(names, env) {
                            table.free = free;
                        }
                        table
                    }
                    None => {
                        let Some(free) = self.free_values(names, env) else {
                            return plain(self, arg, env);
                        };
                        Table {
                            ev: self.id,
                            def: d,
                            free,
                            points: HashMap::with_capacity_and_hasher(16, Default::default()),
                        }
                    }
                };
                let at = TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    t.push(table);
                    t.len() - 1
                });
                let r = plain(self, arg.clone(), env);
                TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    if let (Ok(v), Some(table)) = (&r, t.get_mut(at)) {
                        table.points.insert(arg, v.clone());
                    }
                    let ours = t.drain(at..).next();
                    if let Some(table) = ours.filter(|t| t.points.len() <= MAX_SET_ASIDE_POINTS) {
                        SET_ASIDE.with(|s| {
                            let mut s = s.borrow_mut();
                            if s.len() == MAX_SET_ASIDE {
                                s.remove(0);
                            }
                            s.push(table);
                        });
                    }
                });
                r
            }
        }
    }

    /// A returned table of `d` for the free values `names` are bound to now, taken out.
    fn set_aside(&self, d: DefId, names: &[LocalId], env: &Env) -> Option<Table> {
        SET_ASIDE.with(|s| {
            let mut s = s.borrow_mut();
            let i = s.iter().rposition(|t| t.serves(self, d, names, env))?;
            Some(s.remove(i))
        })
    }

    /// What the free names of a definition that may be kept are bound to, if each is bound to
    /// a value or to an operator with one value for given arguments.
    fn free_values(&self, names: &[LocalId], env: &Env) -> Option<Vec<Free>> {
        names
            .iter()
            .map(|l| match env.get(*l)? {
                Binding::Val(v) if explicit(v) => Some(Free::Val(v.clone())),
                Binding::Op(op) if self.op_fixed(op) => Some(Free::Op(op.clone())),
                _ => None,
            })
            .collect()
    }

    /// Whether `op` gives one value for given arguments, whenever applied: a constant-level
    /// definition without operator parameters that reaches no effect, drawn value or read of
    /// the run's state, closed over such operators and values.
    pub(super) fn op_fixed(&self, op: &OpValue) -> bool {
        let def_fixed = |d: DefId| {
            let def = self.spec.def(d);
            def.level == Level::Constant
                && def.params.iter().all(|p| p.arity == 0)
                && self.fixed_def(d)
        };
        match op {
            OpValue::Def(d) => d.0 != u32::MAX && def_fixed(*d),
            OpValue::Closure(d, captured) => {
                def_fixed(*d)
                    && captured.iter().all(|(_, b)| match b {
                        Binding::Val(_) => true,
                        Binding::Op(op) => self.op_fixed(op),
                        Binding::Var(..) | Binding::Lazy(..) => false,
                    })
            }
            OpValue::Builtin(_) | OpValue::Val(_) => true,
            OpValue::Const(_) => false,
        }
    }

    /// Whether two operators that meet `op_fixed` are the same: the same definition closed
    /// over equal values of the names it reads. Each call of `TC5(RR, S, s, t)` captures RR
    /// afresh, with the quantified s and t that RR's body does not read.
    fn same_op(&self, a: &OpValue, b: &OpValue) -> bool {
        match (a, b) {
            (OpValue::Def(x), OpValue::Def(y)) => x == y,
            (OpValue::Closure(x, xs), OpValue::Closure(y, ys)) => {
                if x != y {
                    return false;
                }
                if std::sync::Arc::ptr_eq(xs, ys) {
                    return true;
                }
                let same = |p: Option<&Binding>, q: Option<&Binding>| match (p, q) {
                    (None, None) => true,
                    (Some(Binding::Val(p)), Some(Binding::Val(q))) => p == q,
                    (Some(Binding::Op(p)), Some(Binding::Op(q))) => self.same_op(p, q),
                    _ => false,
                };
                match &self.closure_reads()[x.index()] {
                    Some(reads) => reads.iter().all(|l| same(bound(xs, *l), bound(ys, *l))),
                    None => {
                        xs.len() == ys.len()
                            && xs
                                .iter()
                                .zip(ys.iter())
                                .all(|((l, p), (m, q))| l == m && same(Some(p), Some(q)))
                    }
                }
            }
            (OpValue::Builtin(x), OpValue::Builtin(y)) => x == y,
            (OpValue::Val(x), OpValue::Val(y)) => x == y,
            _ => false,
        }
    }

    /// Per LET definition: the names bound outside it that its body reads (see
    /// `free_names`), when they can be told.
    fn closure_reads(&self) -> &[Option<Box<[LocalId]>>] {
        self.closure_reads.get_or_init(|| {
            self.spec
                .defs
                .iter()
                .enumerate()
                .map(|(i, def)| {
                    if !def.in_let {
                        return None;
                    }
                    let mut bound: Vec<LocalId> = def.params.iter().map(|p| p.local).collect();
                    let mut free = Vec::new();
                    let mut seen = vec![DefId(i as u32)];
                    self.free_names(&def.body, &mut bound, 0, &mut seen, &mut free, true)
                        .then(|| free.into_boxed_slice())
                })
                .collect()
        })
    }

    /// Per definition: its free names when its applications may be kept (see the top).
    fn fun_memo_plans(&self) -> &[Option<Box<[LocalId]>>] {
        self.fun_memo_plans.get_or_init(|| {
            let n = self.spec.defs.len();
            let mut pure: Vec<Option<bool>> = vec![None; n];
            (0..n)
                .map(|i| {
                    let id = DefId(i as u32);
                    let def = self.spec.def(id);
                    let eligible = def.in_let
                        && def.is_function
                        && def.level == Level::Constant
                        && self.natives[i].is_none()
                        && self.overrides[i].is_none()
                        && self.pure_def(id, &mut pure);
                    if !eligible {
                        return None;
                    }
                    let mut free = Vec::new();
                    self.free_names(
                        &def.body,
                        &mut Vec::new(),
                        0,
                        &mut vec![id],
                        &mut free,
                        true,
                    )
                    .then(|| free.into_boxed_slice())
                })
                .collect()
        })
    }

    /// Collects into `free` the names `e` reads that are bound outside it (`bound`: those
    /// bound around it inside the definition; `except`: EXCEPT values enclosing it), through
    /// the LET definitions it calls (`seen`); operator parameters bound outside `e` too when
    /// `ops`. False when `e` reads a variable, `@` from outside, an operator parameter
    /// (unless `ops`), or a definition above constant level.
    pub(super) fn free_names(
        &self,
        e: &Expr,
        bound: &mut Vec<LocalId>,
        except: usize,
        seen: &mut Vec<DefId>,
        free: &mut Vec<LocalId>,
        ops: bool,
    ) -> bool {
        use ExprKind as K;
        match &e.kind {
            K::Local(id) if !bound.contains(id) && !free.contains(id) => free.push(*id),
            K::CallParam(id, _) | K::OpArg(OpRef::Param(id))
                if ops && !bound.contains(id) && !free.contains(id) =>
            {
                free.push(*id)
            }
            K::CallParam(..) | K::OpArg(OpRef::Param(_)) if ops => {}
            K::CallParam(..) | K::OpArg(OpRef::Param(_)) | K::Var(_) => return false,
            K::At if except == 0 => return false,
            K::Call(d, _) | K::OpArg(OpRef::Def(d)) => {
                let def = self.spec.def(*d);
                if !def.in_let && def.level > Level::Constant {
                    return false;
                }
                if def.in_let && !seen.contains(d) {
                    seen.push(*d);
                    let mark = bound.len();
                    bound.extend(def.params.iter().map(|p| p.local));
                    let ok = self.free_names(&def.body, bound, 0, seen, free, ops);
                    bound.truncate(mark);
                    if !ok {
                        return false;
                    }
                }
            }
            _ => {}
        }
        let mut binds = |sets: &mut dyn Iterator<Item = &Expr>,
                         vars: &mut dyn Iterator<Item = LocalId>,
                         body: &Expr,
                         bound: &mut Vec<LocalId>,
                         seen: &mut Vec<DefId>| {
            for s in sets {
                if !self.free_names(s, bound, except, seen, free, ops) {
                    return false;
                }
            }
            let mark = bound.len();
            bound.extend(vars);
            let ok = self.free_names(body, bound, except, seen, free, ops);
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
            K::UnboundedQuant(..) | K::TemporalQuant(..) => false,
            K::Except(base, updates) => {
                self.free_names(base, bound, except, seen, free, ops)
                    && updates.iter().all(|u| {
                        u.path.iter().all(|step| match step {
                            tla_sema::ir::ExceptStep::Index(ix) => ix
                                .iter()
                                .all(|x| self.free_names(x, bound, except, seen, free, ops)),
                            tla_sema::ir::ExceptStep::Field(_) => true,
                        }) && self.free_names(&u.value, bound, except + 1, seen, free, ops)
                    })
            }
            _ => {
                let mut ok = true;
                tla_sema::visit::for_each_child(e, &mut |c| {
                    if ok && !self.free_names(c, bound, except, seen, free, ops) {
                        ok = false;
                    }
                });
                ok
            }
        }
    }
}
