//! Which constant sets a membership test may build once and search as a value.
//!
//! `member_expr` answers `x \in S` from S's form, building only what it must: the parts it
//! builds anyway (a function set's domain, a native operator's value such as `Seq(Msg)` or
//! `1..N`, an enumerated set) cost nothing more when built once for the run. Where it is
//! lazy (a filter's predicate, a union's sides, a user operator's body) building the whole
//! set could cost far more than one test (`[S -> T] \cup {x}` would enumerate `[S -> T]`),
//! so such forms are left to it, except for unions of small explicit sets.

use super::super::Evaluator;
use crate::value::Value;
use tla_sema::ir::{Builtin, Expr, ExprKind};

impl Evaluator<'_> {
    /// Whether the value of the constant set `s` answers membership as `member_expr` does,
    /// at no more cost than it once built.
    pub(super) fn kept_set_answers(&self, s: &Expr) -> bool {
        use ExprKind as K;
        match &s.kind {
            K::FunSet(_, range) => self.kept_set_answers(range),
            K::RecordSet(fields) => fields.iter().all(|(_, f)| self.kept_set_answers(f)),
            K::Times(items) => items.iter().all(|i| self.kept_set_answers(i)),
            K::Builtin(Builtin::Subset, a) => self.kept_set_answers(&a[0]),
            K::Builtin(Builtin::BooleanSet, _) => true,
            K::Builtin(Builtin::Cup | Builtin::Cap | Builtin::SetMinus, a) => {
                a.iter().all(|x| self.explicit_set(x))
            }
            _ => self.explicit_set(s),
        }
    }

    /// A set built whole by any evaluation of it: an enumeration, a constant, a kept
    /// definition holding an explicit set, a native operator's value (`1..N`, `Nat`), or a union
    /// of such.
    fn explicit_set(&self, s: &Expr) -> bool {
        use ExprKind as K;
        match &s.kind {
            K::SetEnum(_) | K::Const(_) => true,
            // A kept definition whose value is lazy (`Block == [a : S, b : T]`) would be
            // enumerated by a union.
            K::Call(d, args) if args.is_empty() => match self.replacement(*d) {
                Some(r) if self.cacheable[r.index()] => matches!(
                    self.cache[r.index()].get(),
                    Some(Value::Set(_) | Value::Interval(..))
                ),
                Some(r) => self.natives[r.index()].is_some(),
                None => true,
            },
            K::Call(d, _) => {
                self.natives[d.index()].is_some() && self.overrides[d.index()].is_none()
            }
            K::Builtin(Builtin::Cup | Builtin::Cap | Builtin::SetMinus, a) => {
                a.iter().all(|x| self.explicit_set(x))
            }
            K::Builtin(Builtin::BooleanSet, _) => true,
            _ => false,
        }
    }
}
