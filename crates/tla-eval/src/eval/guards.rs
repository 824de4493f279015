//! Guards kept by argument identity. A definition like `IsRecvMsg(l) == /\ l.event = "<"
//! /\ ...` begins with conjuncts that read nothing but its arguments and constants; called
//! again with the very same argument values (the same log line for every successor of a
//! state, in a trace spec's action constraint), those conjuncts give the same answer. The
//! thread keeps that answer for the last argument list: a FALSE one answers the call
//! at once (the body is a conjunction, so it is FALSE too), a TRUE one lets the call run.
//!
//! Arguments are matched by identity (`memo::identical`: the same shared set or function, or
//! an equal scalar), which is cheap; the entry keeps the values alive, so an address cannot
//! be reused meanwhile. The guard conjuncts are constant-level and reach no effect, drawn
//! value or read of the run's state, so evaluating them once more or once less shows nothing.

use super::memo::identical;
use super::Evaluator;
use crate::env::{Binding, Env, StateView};
use crate::value::Value;
use std::cell::RefCell;
use tla_sema::ir::{DefId, Expr, ExprKind, Junction, Level};

/// Argument lists a thread keeps answers for: one per slot, a definition's slot fixed by its
/// index (so that a look-up compares one entry).
const SLOTS: usize = 64;

struct Entry {
    def: DefId,
    args: Box<[Value]>,
    holds: bool,
}

#[derive(Default)]
struct Kept {
    /// The evaluator the answers belong to.
    ev: u64,
    slots: Vec<Option<Entry>>,
}

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
}

/// The conjuncts of a definition's body.
fn conjuncts(body: &Expr) -> &[Expr] {
    match &body.kind {
        ExprKind::Junction(Junction::And, items) => items,
        _ => &[],
    }
}

impl Evaluator<'_> {
    /// Per definition: how many leading conjuncts of its body are a guard (see above).
    pub(super) fn guard_lengths(&self) -> &[u32] {
        self.guard_lengths.get_or_init(|| {
            self.spec
                .defs
                .iter()
                .enumerate()
                .map(|(i, def)| {
                    // A LET definition may read names bound around it, which change
                    // between calls with the same arguments.
                    if def.params.is_empty()
                        || def.in_let
                        || def.is_function
                        || self.natives[i].is_some()
                        || self.overrides[i].is_some()
                        || def.params.iter().any(|p| p.arity > 0)
                    {
                        return 0;
                    }
                    let items = conjuncts(&def.body);
                    let n = items
                        .iter()
                        .take_while(|e| e.level == Level::Constant && self.deterministic(e))
                        .count();
                    // A body that is all guard is what the call memo is for.
                    if n == items.len() {
                        0
                    } else {
                        n as u32
                    }
                })
                .collect()
        })
    }

    /// Whether the guard of `d` (its first `n` conjuncts) is FALSE for `args`, from the kept
    /// answer or evaluated and kept; false when it holds or cannot be told apart.
    pub(super) fn guard_fails(
        &self,
        d: DefId,
        n: usize,
        args: &[Binding],
        env: &mut Env,
        sv: &StateView,
    ) -> bool {
        if !args
            .iter()
            .all(|b| matches!(b, Binding::Val(v) if identical(v, v)))
        {
            return false;
        }
        if let Some(holds) = self.kept_guard(d, args) {
            return !holds;
        }
        let guard = &conjuncts(&self.spec.def(d).body)[..n];
        let held = self.call_bound_with(d, args.iter().cloned(), env, &mut |ev, _, env| {
            for g in guard {
                if !ev.bool_of(g, env, sv)? {
                    return Ok(Value::FALSE);
                }
            }
            Ok(Value::TRUE)
        });
        // An error is left for the call to raise, as it would without the guard.
        match held {
            Ok(Value::Bool(holds)) => {
                self.keep_guard(d, args, holds);
                !holds
            }
            _ => false,
        }
    }

    /// Whether the thread's answer for `d`'s guard with the single argument `arg` (the same
    /// object) is kept and FALSE: the call is FALSE without binding anything.
    pub(super) fn guard_known_false(&self, d: DefId, arg: &Value) -> bool {
        self.kept_answer(d, std::iter::once(Some(arg))) == Some(false)
    }

    fn kept_guard(&self, d: DefId, args: &[Binding]) -> Option<bool> {
        self.kept_answer(
            d,
            args.iter().map(|b| match b {
                Binding::Val(v) => Some(v),
                _ => None,
            }),
        )
    }

    /// The kept answer for `d` with arguments `args` (`None` for one that is not a value).
    fn kept_answer<'v>(
        &self,
        d: DefId,
        args: impl ExactSizeIterator<Item = Option<&'v Value>>,
    ) -> Option<bool> {
        KEPT.with(|k| {
            let k = k.borrow();
            if k.ev != self.id {
                return None;
            }
            let e = k.slots[d.index() % SLOTS].as_ref()?;
            let same_args = e.args.len() == args.len()
                && e.args
                    .iter()
                    .zip(args)
                    .all(|(x, y)| y.is_some_and(|y| identical(x, y)));
            (e.def == d && same_args).then_some(e.holds)
        })
    }

    fn keep_guard(&self, d: DefId, args: &[Binding], holds: bool) {
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.ev != self.id {
                *k = Kept {
                    ev: self.id,
                    slots: (0..SLOTS).map(|_| None).collect(),
                };
            }
            k.slots[d.index() % SLOTS] = Some(Entry {
                def: d,
                args: args
                    .iter()
                    .filter_map(|b| match b {
                        Binding::Val(v) => Some(v.clone()),
                        _ => None,
                    })
                    .collect(),
                holds,
            });
        })
    }
}
