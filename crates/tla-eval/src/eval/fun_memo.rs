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
//! - every free name is bound to a value (not an operator, a variable or a lazy argument).
//!
//! So while an application of F runs, the points it computes are kept in a table keyed by
//! those free values; nested applications with the same free values (the recursion) read and
//! fill it; the table is dropped when the outermost application returns. Errors are never
//! kept, so what is raised does not change; nothing printed or drawn is skipped (pure only).

use super::Evaluator;
use crate::env::{Binding, Env, StateView};
use crate::error::EResult;
use crate::value::Value;
use std::cell::RefCell;
use std::collections::BTreeMap;
use tla_sema::ir::{DefId, Expr, ExprKind, Level, LocalId, OpRef};

/// The points computed for one LET instance of one function definition.
struct Table {
    ev: u64,
    def: DefId,
    free: Vec<Value>,
    points: BTreeMap<Value, Value>,
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
        let Some(free) = self.free_values(d, env).filter(|_| explicit(&arg)) else {
            return plain(self, arg, env);
        };
        let found = TABLES.with(|t| {
            t.borrow()
                .iter()
                .rposition(|t| t.ev == self.id && t.def == d && t.free == free)
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
                let at = TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    t.push(Table {
                        ev: self.id,
                        def: d,
                        free,
                        points: BTreeMap::new(),
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

    /// The values of `d`'s free names, if `d` may be kept and each is bound to a value.
    fn free_values(&self, d: DefId, env: &Env) -> Option<Vec<Value>> {
        let free = self.fun_memo_plans()[d.index()].as_deref()?;
        free.iter()
            .map(|l| match env.get(*l) {
                Some(Binding::Val(v)) if explicit(v) => Some(v.clone()),
                _ => None,
            })
            .collect()
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
                    self.free_names(&def.body, &mut Vec::new(), 0, &mut vec![id], &mut free)
                        .then(|| free.into_boxed_slice())
                })
                .collect()
        })
    }

    /// Collects into `free` the names `e` reads that are bound outside it (`bound`: those
    /// bound around it inside the definition; `except`: EXCEPT values enclosing it), through
    /// the LET definitions it calls (`seen`). False when `e` reads a variable, `@` from
    /// outside, an operator parameter, or a definition above constant level.
    pub(super) fn free_names(
        &self,
        e: &Expr,
        bound: &mut Vec<LocalId>,
        except: usize,
        seen: &mut Vec<DefId>,
        free: &mut Vec<LocalId>,
    ) -> bool {
        use ExprKind as K;
        match &e.kind {
            K::Local(id) if !bound.contains(id) && !free.contains(id) => free.push(*id),
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
                    let ok = self.free_names(&def.body, bound, 0, seen, free);
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
                if !self.free_names(s, bound, except, seen, free) {
                    return false;
                }
            }
            let mark = bound.len();
            bound.extend(vars);
            let ok = self.free_names(body, bound, except, seen, free);
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
                self.free_names(base, bound, except, seen, free)
                    && updates.iter().all(|u| {
                        u.path.iter().all(|step| match step {
                            tla_sema::ir::ExceptStep::Index(ix) => ix
                                .iter()
                                .all(|x| self.free_names(x, bound, except, seen, free)),
                            tla_sema::ir::ExceptStep::Field(_) => true,
                        }) && self.free_names(&u.value, bound, except + 1, seen, free)
                    })
            }
            _ => {
                let mut ok = true;
                tla_sema::visit::for_each_child(e, &mut |c| {
                    if ok && !self.free_names(c, bound, except, seen, free) {
                        ok = false;
                    }
                });
                ok
            }
        }
    }
}
