//! `{<<s, t>> \in S \X T : P}` without a tuple for every pair.
//!
//! Enumerating the product makes each pair as a tuple, only for the filter to take it apart
//! into `s` and `t` again; most pairs are then dropped (TransitiveClosure's `R ** T` and
//! `TC1(R)` filter `S \X S` for every relation). Here `s` and `t` are bound straight from the
//! factors' elements, and a tuple is made only for a pair kept. The pairs are visited in the
//! product's order (the first factor slowest, each factor in its own order, as the
//! product's enumeration lists them), so the same predicate errors come first and the kept
//! pairs are already in the set's order.

use super::Evaluator;
use crate::env::{Env, StateView};
use crate::error::EResult;
use crate::value::{SetValue, Value};
use tla_sema::ir::{Bound, Expr};

impl Evaluator<'_> {
    /// The filter of the product `set` by `pred` for a bound `<<s, t>>` over two factors;
    /// `None` for any other form, or when a factor is one the product's enumeration rejects
    /// (the caller enumerates the product then, and raises its error).
    pub(super) fn filter_pairs(
        &self,
        bound: &Bound,
        pred: &Expr,
        set: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Option<Value>> {
        let (Value::Product(sets), true, [x, y]) = (set, bound.tuple, &bound.vars[..]) else {
            return Ok(None);
        };
        let [a, b] = &sets[..] else {
            return Ok(None);
        };
        let factor = |s: &Value| {
            if s.is_set() && !s.is_user_set() {
                s.enumerate().ok()
            } else {
                None
            }
        };
        let (Some(a), Some(b)) = (factor(a), factor(b)) else {
            return Ok(None);
        };
        let mut out = Vec::new();
        let mark = env.len();
        for p in a.iter() {
            for q in b.iter() {
                env.push_val(*x, p.clone());
                env.push_val(*y, q.clone());
                let keep = self.bool_of(pred, env, sv);
                env.truncate(mark);
                if keep? {
                    out.push(Value::tuple(vec![p.clone(), q.clone()]));
                }
            }
        }
        Ok(Some(Value::Set(SetValue::from_sorted_unchecked(out))))
    }
}
