//! Set literals whose elements are all literals (`{"a1", "a2"}`, `{0, 1}`), built once.
//!
//! Such a set is the same value at every evaluation, so it is built the first time any set
//! literal is evaluated and then shared. A literal whose string is not interned yet is left
//! out, so that building the table never changes the order in which strings are interned
//! (which is TLC's string order). Sets whose elements cannot be compared are left out too:
//! they are built, and fail, where they are evaluated.

use super::Evaluator;
use crate::value::{IStr, SetBuilder, Value};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use tla_sema::ir::{Expr, ExprKind};

/// Set literals by the address of their expression (the spec outlives the evaluator).
pub(super) type LiteralSets = HashMap<usize, LiteralSet, BuildHasherDefault<AddrHasher>>;

/// A set literal of literals: its value, and its elements as written.
pub(crate) struct LiteralSet {
    pub(crate) value: Value,
    pub(crate) items: Box<[Value]>,
}

/// Hashes addresses (the key is one `usize`).
#[derive(Default)]
pub(super) struct AddrHasher(u64);

impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_usize(&mut self, n: usize) {
        // Expressions are at least 8-byte aligned; mix the high bits down.
        self.0 = (n as u64 >> 3).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The value of a literal element, if it is one (and its string is interned).
fn literal(e: &Expr) -> Option<Value> {
    match &e.kind {
        ExprKind::Bool(b) => Some(Value::Bool(*b)),
        ExprKind::Num(n) => Value::int(i64::try_from(*n).ok()?).ok(),
        ExprKind::Str(s) => IStr::existing(s).map(Value::Str),
        _ => None,
    }
}

fn collect(e: &Expr, out: &mut LiteralSets) {
    if let ExprKind::SetEnum(items) = &e.kind {
        if !items.is_empty() {
            let written: Option<Vec<Value>> = items.iter().map(literal).collect();
            if let Some(written) = written {
                let mut b = SetBuilder::with_capacity(written.len());
                for v in &written {
                    b.push(v.clone());
                }
                if let Ok(s) = b.finish() {
                    let lit = LiteralSet {
                        value: Value::Set(s),
                        items: written.into(),
                    };
                    out.insert(e as *const Expr as usize, lit);
                }
            }
        }
    }
    tla_sema::visit::for_each_child(e, &mut |c| collect(c, out));
}

impl Evaluator<'_> {
    /// The value of the set literal `e`, when it is one of literals.
    #[inline]
    pub(crate) fn literal_set(&self, e: &Expr) -> Option<Value> {
        self.literal(e).map(|l| l.value.clone())
    }

    /// The set literal `e` of literals, if it is one.
    pub(crate) fn literal(&self, e: &Expr) -> Option<&LiteralSet> {
        let table = self.literal_sets.get_or_init(|| {
            let mut out = LiteralSets::default();
            for d in &self.spec.defs {
                collect(&d.body, &mut out);
            }
            for m in &self.spec.modules {
                for a in &m.assumptions {
                    collect(&a.expr, &mut out);
                }
            }
            out
        });
        table.get(&(e as *const Expr as usize))
    }
}
