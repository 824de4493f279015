//! TLC's comparison and equality, and the total order behind `Ord`/`Eq`.
//!
//! # TLC facts (from `compareTo` and `equals` in `tlc2/value/impl/*.java`:
//! `BoolValue`, `IntValue`, `StringValue`, `ModelValue`, `SetEnumValue`,
//! `IntervalValue`, `SubsetValue`, `SetOfFcnsValue`, `SetOfRcdsValue`,
//! `SetOfTuplesValue`, `FcnRcdValue`, `TupleValue`, `RecordValue`,
//! `UserValue`, and `tlc2/module/Naturals.java`, `Integers.java`,
//! `Strings.java`, `Sequences.java`)
//!
//! Order within a kind (the order that normalizes sets, and so decides what
//! `CHOOSE` picks and how sets print):
//! * `FALSE < TRUE`; integers numerically; strings by interning token (see
//!   `intern.rs`), model values by the token of their name.
//! * Sets: first by cardinality, then element by element in normalized order.
//!   `1..3` compares as `{1, 2, 3}`; two intervals by size, then lower bound;
//!   `SUBSET A` versus `SUBSET B` compares `A` with `B` (which agrees with
//!   comparing the power sets); other lazy sets are enumerated first.
//! * Functions, tuples and records: first by the number of domain elements,
//!   then the domains element by element, then the values element by element.
//!   Records therefore compare field names (by token) before values.
//! * `Nat < Int`; `Nat = Nat`, `Int = Int`, `STRING = STRING`; `Seq(S)` versus
//!   `Seq(T)` compares `S` with `T`.
//!
//! Across kinds:
//! * An untyped model value is smaller than every non-model value, and equal
//!   to none of them (`mv = 1` is FALSE, `mv \in {1, 2}` is FALSE).
//! * A typed model value (`x_name`) compared with, or tested for equality
//!   against, a non-model value or a model value of another type is an error.
//! * Every other cross-kind comparison is an error, for `=` as well as for
//!   ordering: `1 = "a"`, `TRUE = 1`, `{} = <<>>`, `1 = {1}`, `"a" = <<>>`
//!   all fail ("Attempted to check equality of integer 1 with non-integer:
//!   "a"" and the like). An error inside a nested comparison surfaces as is, so
//!   `{1} = {"a"}` fails while `{1} = {"a", "b"}` is FALSE (sizes differ first).
//! * Functions of different kinds compare as functions: `<<1>> = [a |-> 1]`
//!   fails (domains `{1}` and `{"a"}` meet), `<<1, 2>> = [a |-> 1]` is FALSE
//!   (sizes differ first). The exception is `RecordValue`: when a record is
//!   the left operand and the right one cannot be seen as a record (its
//!   domain is not all strings and it is not empty), TLC fails at once
//!   ("Attempted to check equality of record ... with non-record"), whatever
//!   the sizes. We reproduce that asymmetry using the [`FuncKind`] tag in
//!   `tlc_eq` and `tlc_cmp`. When sorting (normalizing a set or a function's
//!   domain) TLC's insertion sort picks the receiver by the order the elements
//!   were produced in, so there we use `tlc_cmp_lenient`, which skips that one
//!   receiver-dependent error and keeps all the others.
//! * `Nat`, `Int`, `STRING`, `Seq(S)` compare only with each other (and with
//!   model values, which they exceed); `Nat = Int` is FALSE, `Nat = {1}` fails.
//!
//! The total order (`Ord`, `Eq`, `Hash` on [`Value`]) ranks kinds as model
//! values < Booleans < integers < strings < functions < enumerable sets <
//! `Nat` < `Int` < `STRING` < `Seq(S)` < non-enumerable lazy sets, and
//! within a rank agrees with `tlc_cmp` wherever that succeeds.

use std::cmp::Ordering;

use super::error::{VResult, ValueError};
use super::func::{Domain, FuncKind, FuncValue};
use super::intern::ModelValue;
use super::ppr::ppr_value;
use super::set::SetValue;
use super::Value;

/// Comparator for `sort_by` that records the first TLC error and otherwise
/// agrees with the total order (so the sort never sees an inconsistent
/// comparator).
pub(crate) fn tlc_cmp_recording(a: &Value, b: &Value, err: &mut Option<ValueError>) -> Ordering {
    match a.tlc_cmp_lenient(b) {
        Ok(o) => o,
        Err(e) => {
            if err.is_none() {
                *err = Some(e);
            }
            a.total_cmp(b)
        }
    }
}

fn typed(mv: &ModelValue) -> bool {
    mv.type_letter().is_some()
}

fn err2(fmt_head: &str, a: &Value, mid: &str, b: &Value) -> ValueError {
    ValueError::incomparable(format!("{fmt_head}{}{mid}{}", ppr_value(a), ppr_value(b)))
}

/// The enumerable set forms, which TLC's `toSetEnum` can convert.
fn set_enum_kind(v: &Value) -> bool {
    v.is_set() && !v.is_user_set()
}

impl Value {
    /// TLC's `equals`: `self = other`, failing where TLC fails.
    #[inline]
    pub fn tlc_eq(&self, other: &Value) -> VResult<bool> {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => Ok(a == b),
            (Value::Str(a), Value::Str(b)) => Ok(a == b),
            (Value::Bool(a), Value::Bool(b)) => Ok(a == b),
            // Differently typed model values are the one error between model values.
            (Value::ModelValue(a), Value::ModelValue(b)) if a == b || !typed(a) || !typed(b) => {
                Ok(a == b)
            }
            _ => self.eq_general(other),
        }
    }

    fn eq_general(&self, other: &Value) -> VResult<bool> {
        use Value as V;
        match (self, other) {
            (V::ModelValue(a), V::ModelValue(b)) => {
                if typed(a) && typed(b) && a.type_letter() != b.type_letter() {
                    return Err(err2(
                        "Attempted to check equality of the differently-typed model values ",
                        self,
                        " and ",
                        other,
                    ));
                }
                Ok(a == b)
            }
            (V::ModelValue(a), _) if typed(a) => Err(err2(
                "Attempted to check equality of typed model value ",
                self,
                " and non-model value\n",
                other,
            )),
            (V::ModelValue(_), _) => Ok(false),
            (x, V::ModelValue(_)) if x.is_user_set() => Ok(false),
            (_, V::ModelValue(b)) if typed(b) => Err(err2(
                "Attempted to check equality of the typed model value ",
                other,
                " and the non-model value\n",
                self,
            )),
            (_, V::ModelValue(_)) => Ok(false),
            (V::Bool(a), V::Bool(b)) => Ok(a == b),
            (V::Bool(_), _) => Err(err2(
                "Attempted to compare equality of boolean ",
                self,
                " with non-boolean:\n",
                other,
            )),
            (V::Int(a), V::Int(b)) => Ok(a == b),
            (V::Int(_), _) => Err(err2(
                "Attempted to check equality of integer ",
                self,
                " with non-integer:\n",
                other,
            )),
            (V::Str(a), V::Str(b)) => Ok(a == b),
            (V::Str(_), _) => Err(err2(
                "Attempted to check equality of string ",
                self,
                " with non-string:\n",
                other,
            )),
            (V::Func(a), V::Func(b)) => func_eq(self, a, other, b),
            (V::Func(a), _) => Err(if a.kind() == FuncKind::Record {
                err2(
                    "Attempted to check equality of record:\n",
                    self,
                    "\nwith non-record\n",
                    other,
                )
            } else {
                err2(
                    "Attempted to check equality of the function ",
                    self,
                    " with the value:\n",
                    other,
                )
            }),
            _ => set_eq(self, other),
        }
    }

    /// TLC's `compareTo` (`self` the receiver), failing where TLC fails.
    #[inline]
    pub fn tlc_cmp(&self, other: &Value) -> VResult<Ordering> {
        cmp_with(self, other, false)
    }

    /// TLC's `compareTo` without the receiver-dependent record error (see the
    /// module documentation). Sorting uses it: which element TLC's insertion
    /// sort makes the receiver depends on the order elements were produced in,
    /// so we only report the errors every order would raise.
    #[inline]
    pub fn tlc_cmp_lenient(&self, other: &Value) -> VResult<Ordering> {
        cmp_with(self, other, true)
    }
}

/// The common scalar cases inline; everything else out of line.
#[inline]
fn cmp_with(x: &Value, y: &Value, lenient: bool) -> VResult<Ordering> {
    match (x, y) {
        (Value::Int(a), Value::Int(b)) => Ok(a.cmp(b)),
        (Value::Str(a), Value::Str(b)) => Ok(a.cmp(b)),
        _ => cmp_general(x, y, lenient),
    }
}

fn cmp_general(x: &Value, y: &Value, lenient: bool) -> VResult<Ordering> {
    use Value as V;
    match (x, y) {
        (V::ModelValue(a), V::ModelValue(b)) => {
            if typed(a) && typed(b) && a.type_letter() != b.type_letter() {
                return Err(err2(
                    "Attempted to compare the differently-typed model values ",
                    x,
                    " and ",
                    y,
                ));
            }
            Ok(a.name().cmp(&b.name()))
        }
        (V::ModelValue(a), _) if typed(a) => Err(err2(
            "Attempted to compare the typed model value ",
            x,
            " and non-model value\n",
            y,
        )),
        (V::ModelValue(_), _) => Ok(Ordering::Less),
        (u, V::ModelValue(_)) if u.is_user_set() => Ok(Ordering::Greater),
        (_, V::ModelValue(b)) if typed(b) => Err(err2(
            "Attempted to compare the typed model value ",
            y,
            " and the non-model value\n",
            x,
        )),
        (_, V::ModelValue(_)) => Ok(Ordering::Greater),
        (V::Bool(a), V::Bool(b)) => Ok(a.cmp(b)),
        (V::Bool(_), _) => Err(err2(
            "Attempted to compare boolean ",
            x,
            " with non-boolean:\n",
            y,
        )),
        (V::Int(a), V::Int(b)) => Ok(a.cmp(b)),
        (V::Int(_), _) => Err(err2(
            "Attempted to compare integer ",
            x,
            " with non-integer:\n",
            y,
        )),
        (V::Str(a), V::Str(b)) => Ok(a.cmp(b)),
        (V::Str(_), _) => Err(err2(
            "Attempted to compare string ",
            x,
            " with non-string:\n",
            y,
        )),
        (V::Func(a), V::Func(b)) => func_cmp(x, a, y, b, lenient),
        (V::Func(a), _) => Err(if a.kind() == FuncKind::Record {
            err2(
                "Attempted to compare record:\n",
                x,
                "\nwith non-record\n",
                y,
            )
        } else {
            err2(
                "Attempted to compare the function ",
                x,
                " with the value:\n",
                y,
            )
        }),
        _ => set_cmp(x, y, lenient),
    }
}

impl Value {
    /// The total order behind `Ord`: equal to `tlc_cmp` wherever that succeeds.
    pub fn total_cmp(&self, other: &Value) -> Ordering {
        use Value as V;
        let (ra, rb) = (rank(self), rank(other));
        if ra != rb {
            return ra.cmp(&rb);
        }
        match (self, other) {
            (V::ModelValue(a), V::ModelValue(b)) => a.name().cmp(&b.name()),
            (V::Bool(a), V::Bool(b)) => a.cmp(b),
            (V::Int(a), V::Int(b)) => a.cmp(b),
            (V::Str(a), V::Str(b)) => a.cmp(b),
            (V::Func(a), V::Func(b)) => {
                if std::sync::Arc::ptr_eq(a, b) {
                    return Ordering::Equal;
                }
                func_total_cmp(a, b)
            }
            (V::SeqSet(a), V::SeqSet(b)) | (V::Subset(a), V::Subset(b)) => a.total_cmp(b),
            (V::Nat, V::Nat) | (V::IntSet, V::IntSet) | (V::StringSet, V::StringSet) => {
                Ordering::Equal
            }
            _ if ra == RANK_ENUM_SET => enum_set_total_cmp(self, other),
            _ => structural_cmp(self, other),
        }
    }
}

const RANK_ENUM_SET: u8 = 5;

fn rank(v: &Value) -> u8 {
    match v {
        Value::ModelValue(_) => 0,
        Value::Bool(_) => 1,
        Value::Int(_) => 2,
        Value::Str(_) => 3,
        Value::Func(_) => 4,
        Value::Set(_) | Value::Interval(..) => RANK_ENUM_SET,
        Value::Nat => 6,
        Value::IntSet => 7,
        Value::StringSet => 8,
        Value::SeqSet(_) => 9,
        Value::Subset(_) | Value::FuncSet(_) | Value::RecordSet(_) | Value::Product(_) => {
            if v.is_enumerable() {
                RANK_ENUM_SET
            } else {
                match v {
                    Value::Subset(_) => 10,
                    Value::FuncSet(_) => 11,
                    Value::RecordSet(_) => 12,
                    _ => 13,
                }
            }
        }
    }
}

/// Compares two domain positions where one domain is a range: TLC requires
/// integers there.
fn int_domain_elem(v: &Value, msg: &str) -> VResult<i64> {
    match v {
        Value::Int(n) => Ok(*n),
        _ => Err(ValueError::incomparable(format!("{msg}{}.", ppr_value(v)))),
    }
}

fn record_guard(av: &Value, a: &FuncValue, bv: &Value, b: &FuncValue, eq: bool) -> VResult<()> {
    if a.kind() == FuncKind::Record && !b.is_record_like() {
        return Err(if eq {
            err2(
                "Attempted to check equality of record:\n",
                av,
                "\nwith non-record\n",
                bv,
            )
        } else {
            err2(
                "Attempted to compare record:\n",
                av,
                "\nwith non-record\n",
                bv,
            )
        });
    }
    Ok(())
}

fn func_eq(av: &Value, a: &FuncValue, bv: &Value, b: &FuncValue) -> VResult<bool> {
    record_guard(av, a, bv, b, true)?;
    if a.len() != b.len() {
        return Ok(false);
    }
    const MSG: &str = "Attempted to compare an integer with non-integer:\n";
    match (a.domain(), b.domain()) {
        (Domain::Range(x), Domain::Range(y)) => {
            if x != y && !a.is_empty() {
                return Ok(false);
            }
        }
        (Domain::Range(lo), Domain::Explicit(d)) | (Domain::Explicit(d), Domain::Range(lo)) => {
            for (i, x) in d.iter().enumerate() {
                if int_domain_elem(x, MSG)? != lo + i as i64 {
                    return Ok(false);
                }
            }
        }
        (Domain::Explicit(x), Domain::Explicit(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                if !p.tlc_eq(q)? {
                    return Ok(false);
                }
            }
        }
    }
    for (p, q) in a.values().iter().zip(b.values()) {
        if !p.tlc_eq(q)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn func_cmp(
    av: &Value,
    a: &FuncValue,
    bv: &Value,
    b: &FuncValue,
    lenient: bool,
) -> VResult<Ordering> {
    if !lenient {
        record_guard(av, a, bv, b, false)?;
    }
    if a.len() != b.len() {
        return Ok(a.len().cmp(&b.len()));
    }
    const MSG: &str = "Attempted to compare integer with non-integer:\n";
    let dom = match (a.domain(), b.domain()) {
        (Domain::Range(x), Domain::Range(y)) => {
            if a.is_empty() {
                Ordering::Equal
            } else {
                x.cmp(y)
            }
        }
        (Domain::Range(lo), Domain::Explicit(d)) => {
            let mut o = Ordering::Equal;
            for (i, x) in d.iter().enumerate() {
                o = (lo + i as i64).cmp(&int_domain_elem(x, MSG)?);
                if o != Ordering::Equal {
                    break;
                }
            }
            o
        }
        (Domain::Explicit(d), Domain::Range(lo)) => {
            let mut o = Ordering::Equal;
            for (i, x) in d.iter().enumerate() {
                o = int_domain_elem(x, MSG)?.cmp(&(lo + i as i64));
                if o != Ordering::Equal {
                    break;
                }
            }
            o
        }
        (Domain::Explicit(x), Domain::Explicit(y)) => {
            let mut o = Ordering::Equal;
            for (p, q) in x.iter().zip(y.iter()) {
                o = cmp_with(p, q, lenient)?;
                if o != Ordering::Equal {
                    break;
                }
            }
            o
        }
    };
    if dom != Ordering::Equal {
        return Ok(dom);
    }
    for (p, q) in a.values().iter().zip(b.values()) {
        let o = cmp_with(p, q, lenient)?;
        if o != Ordering::Equal {
            return Ok(o);
        }
    }
    Ok(Ordering::Equal)
}

fn func_total_cmp(a: &FuncValue, b: &FuncValue) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| match (a.domain(), b.domain()) {
            (Domain::Range(x), Domain::Range(y)) => {
                if a.is_empty() {
                    Ordering::Equal
                } else {
                    x.cmp(y)
                }
            }
            _ => {
                for i in 0..a.len() {
                    let o = a.domain_elem(i).total_cmp(&b.domain_elem(i));
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                Ordering::Equal
            }
        })
        .then_with(|| {
            for (p, q) in a.values().iter().zip(b.values()) {
                let o = p.total_cmp(q);
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        })
}

fn user_set_cmp(a: &Value, b: &Value, lenient: bool) -> VResult<Ordering> {
    use Value as V;
    match (a, b) {
        (V::Nat, V::Nat) | (V::IntSet, V::IntSet) | (V::StringSet, V::StringSet) => {
            Ok(Ordering::Equal)
        }
        (V::Nat, V::IntSet) => Ok(Ordering::Less),
        (V::IntSet, V::Nat) => Ok(Ordering::Greater),
        (V::SeqSet(x), V::SeqSet(y)) => cmp_with(x, y, lenient),
        (_, y) if !y.is_user_set() => Err(err2(
            "Attempted to compare overridden value ",
            a,
            " with non-overridden value:\n",
            b,
        )),
        _ => Err(err2("Attempted to compare ", a, " with the value\n", b)),
    }
}

fn explicit_of(v: &Value, other: &Value, eq: bool) -> VResult<SetValue> {
    if !set_enum_kind(v) {
        let (a, b) = if set_enum_kind(other) {
            (other, v)
        } else {
            (v, other)
        };
        return Err(if eq {
            err2(
                "Attempted to check equality of the set ",
                a,
                " with the value:\n",
                b,
            )
        } else {
            err2("Attempted to compare the set ", a, " with the value:\n", b)
        });
    }
    v.enumerate()
}

fn set_eq(a: &Value, b: &Value) -> VResult<bool> {
    use Value as V;
    match (a, b) {
        _ if a.is_user_set() => Ok(user_set_cmp(a, b, false)? == Ordering::Equal),
        (V::Set(x), V::Set(y)) if x.ptr_eq(y) => Ok(true),
        (V::Interval(l1, h1), V::Interval(l2, h2)) => Ok(if h1 < l1 {
            h2 < l2
        } else {
            l1 == l2 && h1 == h2
        }),
        (V::Subset(x), V::Subset(y)) => x.tlc_eq(y),
        (V::FuncSet(x), V::FuncSet(y)) => {
            let (u1, u2) = (x.domain.is_empty_set()?, y.domain.is_empty_set()?);
            if u1 || u2 {
                return Ok(u1 == u2);
            }
            let (e1, e2) = (x.range.is_empty_set()?, y.range.is_empty_set()?);
            if e1 || e2 {
                return Ok(e1 == e2);
            }
            Ok(x.domain.tlc_eq(&y.domain)? && x.range.tlc_eq(&y.range)?)
        }
        (V::RecordSet(x), V::RecordSet(y)) => {
            let (e1, e2) = (a.is_empty_set()?, b.is_empty_set()?);
            if e1 || e2 {
                return Ok(e1 == e2);
            }
            if x.names().len() != y.names().len() {
                return Ok(false);
            }
            for i in 0..x.names().len() {
                if x.names()[i] != y.names()[i] || !x.sets()[i].tlc_eq(&y.sets()[i])? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        (V::Product(x), V::Product(y)) => {
            let (e1, e2) = (a.is_empty_set()?, b.is_empty_set()?);
            if e1 || e2 {
                return Ok(e1 == e2);
            }
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !p.tlc_eq(q)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        // An explicit set against an interval (`ack[p] = Proc`): the interval's numbers in
        // order, as its enumeration would give them, without building it.
        (V::Set(x), V::Interval(lo, hi)) | (V::Interval(lo, hi), V::Set(x)) => {
            let n = if hi < lo { 0 } else { (hi - lo + 1) as usize };
            if x.len() != n {
                return Ok(false);
            }
            let set_first = matches!(a, V::Set(_));
            for (i, p) in x.iter().enumerate() {
                let k = V::Int(lo + i as i64);
                let eq = if set_first {
                    p.tlc_eq(&k)?
                } else {
                    k.tlc_eq(p)?
                };
                if !eq {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => {
            if let Some((n1, n2)) = sizes_if_enumerable(a, b) {
                if n1 != n2 {
                    return Ok(false);
                }
            }
            let x = explicit_of(a, b, true)?;
            let y = explicit_of(b, a, true)?;
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !p.tlc_eq(q)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
    }
}

/// The sizes of two sets that both enumerate without error, computed without enumerating
/// them (`[S -> T]` has |T|^|S| elements): when they differ, the comparison is decided by
/// the sizes, as it would be after enumerating both.
fn sizes_if_enumerable(a: &Value, b: &Value) -> Option<(i64, i64)> {
    let lazy = |v: &Value| !matches!(v, Value::Set(_) | Value::Interval(..));
    if !(lazy(a) || lazy(b)) || !set_enum_kind(a) || !set_enum_kind(b) {
        return None;
    }
    if !a.is_enumerable() || !b.is_enumerable() {
        return None;
    }
    match (a.raw_cardinality(), b.raw_cardinality()) {
        (Ok(n1), Ok(n2)) => Some((n1, n2)),
        _ => None,
    }
}

fn interval_len(lo: i64, hi: i64) -> i64 {
    if hi < lo {
        0
    } else {
        hi - lo + 1
    }
}

fn set_cmp(a: &Value, b: &Value, lenient: bool) -> VResult<Ordering> {
    use Value as V;
    match (a, b) {
        _ if a.is_user_set() => user_set_cmp(a, b, lenient),
        (V::Set(x), V::Set(y)) if x.ptr_eq(y) => Ok(Ordering::Equal),
        (V::Interval(l1, h1), V::Interval(l2, h2)) => {
            let (n1, n2) = (interval_len(*l1, *h1), interval_len(*l2, *h2));
            if n1 != n2 || n1 == 0 {
                return Ok(n1.cmp(&n2));
            }
            Ok(l1.cmp(l2))
        }
        (V::Subset(x), V::Subset(y)) => cmp_with(x, y, lenient),
        _ => {
            if let Some((n1, n2)) = sizes_if_enumerable(a, b) {
                if n1 != n2 {
                    return Ok(n1.cmp(&n2));
                }
            }
            let x = explicit_of(a, b, false)?;
            let y = explicit_of(b, a, false)?;
            if x.len() != y.len() {
                return Ok(x.len().cmp(&y.len()));
            }
            for (p, q) in x.iter().zip(y.iter()) {
                let o = cmp_with(p, q, lenient)?;
                if o != Ordering::Equal {
                    return Ok(o);
                }
            }
            Ok(Ordering::Equal)
        }
    }
}

/// Total order among enumerable sets: by content; sets whose enumeration
/// fails (too large) after all others, by structure.
fn enum_set_total_cmp(a: &Value, b: &Value) -> Ordering {
    use Value as V;
    match (a, b) {
        (V::Set(x), V::Set(y)) => {
            if x.ptr_eq(y) {
                return Ordering::Equal;
            }
            slice_total_cmp(x.as_slice(), y.as_slice())
        }
        (V::Interval(l1, h1), V::Interval(l2, h2)) => {
            let (n1, n2) = (interval_len(*l1, *h1), interval_len(*l2, *h2));
            if n1 != n2 || n1 == 0 {
                return n1.cmp(&n2);
            }
            l1.cmp(l2)
        }
        (V::Subset(x), V::Subset(y)) => x.total_cmp(y),
        _ => match (a.enumerate(), b.enumerate()) {
            (Ok(x), Ok(y)) => slice_total_cmp(x.as_slice(), y.as_slice()),
            (Ok(_), Err(_)) => Ordering::Less,
            (Err(_), Ok(_)) => Ordering::Greater,
            (Err(_), Err(_)) => structural_cmp(a, b),
        },
    }
}

fn slice_total_cmp(x: &[Value], y: &[Value]) -> Ordering {
    x.len().cmp(&y.len()).then_with(|| {
        for (p, q) in x.iter().zip(y) {
            let o = p.total_cmp(q);
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    })
}

/// Compares lazy sets by their form and components.
fn structural_cmp(a: &Value, b: &Value) -> Ordering {
    use Value as V;
    fn tag(v: &Value) -> u8 {
        match v {
            V::Subset(_) => 0,
            V::FuncSet(_) => 1,
            V::RecordSet(_) => 2,
            V::Product(_) => 3,
            _ => 4,
        }
    }
    match (a, b) {
        (V::Subset(x), V::Subset(y)) => x.total_cmp(y),
        (V::FuncSet(x), V::FuncSet(y)) => x
            .domain
            .total_cmp(&y.domain)
            .then_with(|| x.range.total_cmp(&y.range)),
        (V::RecordSet(x), V::RecordSet(y)) => {
            slice_total_cmp(x.names(), y.names()).then_with(|| slice_total_cmp(x.sets(), y.sets()))
        }
        (V::Product(x), V::Product(y)) => slice_total_cmp(x, y),
        _ => tag(a).cmp(&tag(b)),
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        use Value as V;
        match (self, other) {
            (V::Bool(a), V::Bool(b)) => a == b,
            (V::Int(a), V::Int(b)) => a == b,
            (V::Str(a), V::Str(b)) => a == b,
            (V::ModelValue(a), V::ModelValue(b)) => a == b,
            (V::Set(a), V::Set(b)) => a.ptr_eq(b) || a.as_slice() == b.as_slice(),
            (V::Func(a), V::Func(b)) => {
                std::sync::Arc::ptr_eq(a, b)
                    || (a.len() == b.len() && func_total_cmp(a, b) == Ordering::Equal)
            }
            _ => self.total_cmp(other) == Ordering::Equal,
        }
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.total_cmp(other)
    }
}
