//! `x \in D` where D is a parameterless state-level definition whose value is kept per state
//! (see `memo.rs`): `available == Resources \ (UNION {alloc[c] : c \in Clients})` asked about
//! one element after another (`S \subseteq available \cap unsat[c]` for every `c` and `S`).
//!
//! Deciding each question from D's form (as `builtin.rs` does for sets TLC keeps lazy)
//! evaluates D's parts again every time. When D's value is cheap to build whole, it is built
//! once for the state (and kept by the per-state memo), and each question searches it. Cheap
//! means made of variables, constants, names, applications, record fields, set literals,
//! tuples, `\cup`, `\cap`, `\`, `{e : x \in S}` and `UNION {e : x \in S}` over such parts, and
//! definitions of the same kind: building it takes time linear in the state, where a set
//! filter, `SUBSET` or `[S -> T]` could be far larger than the question. The answers are the
//! same: membership in the built set is membership in the set. Should building fail, the
//! failure is noted for the state and the question is decided from the form, as before.

use super::Evaluator;
use tla_sema::ir::{Builtin, DefId, Expr, ExprKind};

impl Evaluator<'_> {
    /// Whether membership in `d` (a parameterless definition) builds `d`'s value whole.
    pub(crate) fn member_builds_whole(&self, d: DefId) -> bool {
        self.whole_member_defs
            .get_or_init(|| {
                (0..self.spec.defs.len())
                    .map(|i| {
                        let id = DefId(i as u32);
                        let def = self.spec.def(id);
                        def.params.is_empty()
                            && !def.in_let
                            && !def.is_function
                            && self.is_plain_def(id)
                            && self.cheap_to_build(&def.body, &mut vec![id])
                    })
                    .collect()
            })
            .get(d.index())
            .copied()
            .unwrap_or(false)
    }

    /// Whether evaluating `e` takes time linear in the values it reads (see the top).
    fn cheap_to_build(&self, e: &Expr, seen: &mut Vec<DefId>) -> bool {
        use ExprKind as K;
        let all =
            |es: &[Expr], seen: &mut Vec<DefId>| es.iter().all(|x| self.cheap_to_build(x, seen));
        match &e.kind {
            K::Var(_) | K::Const(_) | K::Local(_) | K::Num(_) | K::Str(_) | K::Bool(_) => true,
            K::SetEnum(items) | K::Tuple(items) => all(items, seen),
            K::FunApp(f, args) => self.cheap_to_build(f, seen) && all(args, seen),
            K::Dot(r, _) | K::Label(_, r) => self.cheap_to_build(r, seen),
            K::Builtin(Builtin::SetMinus | Builtin::Cap | Builtin::Cup, args) => all(args, seen),
            K::Builtin(Builtin::Union, args) => {
                matches!(&args[..], [a] if matches!(a.kind, K::SetMap(..))) && all(args, seen)
            }
            K::SetMap(body, bounds) => {
                bounds.iter().all(|b| self.cheap_to_build(&b.set, seen))
                    && self.cheap_to_build(body, seen)
            }
            K::Call(d, args) if args.is_empty() => {
                let def = self.spec.def(*d);
                if self.cacheable[d.index()] {
                    return true;
                }
                if def.in_let || def.is_function || !self.is_plain_def(*d) || seen.contains(d) {
                    return false;
                }
                seen.push(*d);
                self.cheap_to_build(&def.body, seen)
            }
            _ => false,
        }
    }
}
