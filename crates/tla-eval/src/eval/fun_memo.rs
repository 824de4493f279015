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
//! fill it; the table is dropped when the outermost application returns. Errors are never
//! kept, so what is raised does not change; nothing printed or drawn is skipped (pure only).

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
    fn holds(&self, b: &Binding) -> bool {
        match (self, b) {
            (Free::Val(a), Binding::Val(b)) => a == b,
            (Free::Op(a), Binding::Op(b)) => match (a, b) {
                (OpValue::Def(x), OpValue::Def(y)) => x == y,
                (OpValue::Closure(x, xs), OpValue::Closure(y, ys)) => {
                    x == y && std::sync::Arc::ptr_eq(xs, ys)
                }
                (OpValue::Builtin(x), OpValue::Builtin(y)) => x == y,
                (OpValue::Val(x), OpValue::Val(y)) => x == y,
                _ => false,
            },
            _ => false,
        }
    }
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
    static TABLES: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
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
            t.borrow().iter().rposition(|t| {
                t.ev == self.id
                    && t.def == d
                    && names
                        .iter()
                        .zip(&t.free)
                        .all(|(l, f)| env.get(*l).is_some_and(|b| f.holds(b)))
            })
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
                let Some(free) = self.free_values(names, env) else {
                    return plain(self, arg, env);
                };
                let at = TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    t.push(Table {
                        ev: self.id,
                        def: d,
                        free,
                        points: HashMap::default(),
                    });
                    t.len() - 1
                });
                let r = plain(self, arg.clone(), env);
                TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    if let (Ok(v), Some(table)) = (&r, t.get_mut(at)) {
                        table.points.insert(arg, v.clone());
                    }
                    t.truncate(at);
                });
                r
            }
        }
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
    fn op_fixed(&self, op: &OpValue) -> bool {
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
