//! TLA+ values with TLC's semantics: TLC's order, TLC's equality (and its
//! errors), TLC's printing, and a fast 64-bit fingerprint.
//!
//! # Representation
//!
//! * Scalars: `Bool`, `Int` (TLC's 32-bit range, see [`int`]), `Str` (an
//!   interned [`IStr`], ordered by interning token like TLC's `UniqueString`,
//!   see [`intern`]) and `ModelValue`.
//! * `Set`: an explicit set, a [`SetValue`] — a sorted, duplicate-free
//!   `Arc<[Value]>` in TLC's canonical order (TLC's normalized `SetEnumValue`).
//! * `Func`: one representation for functions, tuples and records
//!   ([`FuncValue`]): a sorted domain plus the values. A domain that is a run of
//!   consecutive integers is always stored as a range (tuples are ranges from
//!   1), anything else as a sorted `Arc<[Value]>`. Equality, order and the
//!   fingerprint look only at the mathematical function, so `<<1, 2>>` equals
//!   `[i \in 1..2 |-> i]`; a small [`FuncKind`] tag remembers whether TLC would
//!   hold the value as a `TupleValue`, `RecordValue` or `FcnRcdValue`, which
//!   only decides how it prints and one error TLC raises for records.
//! * Lazy sets, kept symbolic until enumerated: `Interval` (`a..b`), `Subset`
//!   (`SUBSET S`), `FuncSet` (`[S -> T]`), `RecordSet` (`[a : S, b : T]`),
//!   `Product` (`S \X T`), `SeqSet` (`Seq(S)`), and the infinite `Nat`, `IntSet`
//!   (`Int`) and `StringSet` (`STRING`). TLC has no `Real` values (its `Reals`
//!   module is not implemented by TLC), so there is no `Real` here.
//!
//! # Where the facts live
//!
//! Each file opens with the TLC behaviour it reproduces and the Java source it
//! was read from: [`order`] (order and equality, which comparisons are errors),
//! [`print`](mod@print) and [`ppr`] (printing), [`int`] (integer range and arithmetic),
//! [`intern`] (string order), [`lazy`] (membership, enumeration and size of
//! lazy sets), [`fingerprint`].
//!
//! # Two orders
//!
//! [`Value::tlc_cmp`] / [`Value::tlc_eq`] are TLC's `compareTo` / `equals`,
//! errors included; the evaluator uses them wherever TLA+ compares. The Rust
//! traits `Ord`, `Eq` and `Hash` give a *total* order that agrees with
//! `tlc_cmp` whenever `tlc_cmp` succeeds and puts values TLC refuses to compare
//! in a fixed order by kind, so values can key hash maps and B-trees.

pub mod codec;
pub mod domain_elems;
pub mod error;
pub mod fingerprint;
pub mod func;
pub mod heap;
pub mod int;
pub mod intern;
pub mod lazy;
mod member_cache;
pub mod order;
pub mod perm_group;
pub mod perm_hash;
pub mod ppr;
pub mod prefetch;
pub mod print;
pub mod set;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use domain_elems::DomainElems;
pub use error::{VResult, ValueError, ValueErrorKind};
pub use fingerprint::{FingerprintMap, Fingerprinter};
pub use func::{Domain, FuncKind, FuncValue};
pub use intern::{IStr, ModelValue};
pub use lazy::{FuncSetValue, RecordSetValue, SetIter};
pub use perm_group::PermGroup;
pub use perm_hash::{PermHasher, Slot};
pub use set::{SetBuilder, SetValue};

/// A TLA+ value. Cloning is cheap (reference counts and copies).
///
/// The tag is a whole word so that every payload is word-aligned: with a one-byte tag the
/// compiler moved a value's bytes 1..8 as two overlapping 4-byte loads, which stalled on
/// the wider store that had just written them (about 3% of a run, in `Run::step` and the
/// per-state memo). The size stays 24 bytes and `Option<Value>` keeps its niche.
#[derive(Clone)]
#[repr(u64)]
pub enum Value {
    Bool(bool),
    /// An integer inside TLC's range `-2^31 ..= 2^31-1` (see [`int`]); build
    /// out-of-range candidates with [`Value::int`] to get TLC's overflow error.
    Int(i64),
    Str(IStr),
    ModelValue(ModelValue),
    /// An explicit, normalized set.
    Set(SetValue),
    /// A function, tuple or record.
    Func(Arc<FuncValue>),
    /// `lo..hi`; empty when `hi < lo`.
    Interval(i64, i64),
    /// `SUBSET S`.
    Subset(Arc<Value>),
    /// `[S -> T]`.
    FuncSet(Arc<FuncSetValue>),
    /// `[f1 : S1, ..., fn : Sn]`.
    RecordSet(Arc<RecordSetValue>),
    /// `S1 \X ... \X Sn`.
    Product(Arc<[Value]>),
    /// `Seq(S)`.
    SeqSet(Arc<Value>),
    /// `Nat`.
    Nat,
    /// `Int`.
    IntSet,
    /// `STRING`.
    StringSet,
}

impl Value {
    /// Whether this is an integer interval `lo..hi` (as written, not a set that happens to
    /// hold consecutive integers).
    pub fn is_interval(&self) -> bool {
        matches!(self, Value::Interval(..))
    }

    /// The address of the shared object a compound value is held in (None for scalars and
    /// the infinite sets): equal addresses of one kind are one object, not merely equal values.
    pub(crate) fn object_address(&self) -> Option<usize> {
        fn addr<T: ?Sized>(a: &Arc<T>) -> usize {
            Arc::as_ptr(a) as *const u8 as usize
        }
        match self {
            Value::Func(f) => Some(addr(f)),
            Value::Set(s) => Some(addr(s.arc())),
            Value::Subset(a) | Value::SeqSet(a) => Some(addr(a)),
            Value::FuncSet(a) => Some(addr(a)),
            Value::RecordSet(a) => Some(addr(a)),
            Value::Product(a) => Some(addr(a)),
            _ => None,
        }
    }

    /// Whether both are the same compound object (see `object_address`).
    pub(crate) fn same_object(&self, other: &Value) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.object_address().is_some()
            && self.object_address() == other.object_address()
    }
}

impl Value {
    pub const TRUE: Value = Value::Bool(true);
    pub const FALSE: Value = Value::Bool(false);

    /// An integer, failing with TLC's overflow error outside TLC's range.
    pub fn int(n: i64) -> VResult<Value> {
        int::check_range(n, || n.to_string()).map(Value::Int)
    }

    /// A string, interned.
    pub fn str(s: &str) -> Value {
        Value::Str(IStr::new(s))
    }

    /// The model value named `name`.
    pub fn model_value(name: &str) -> Value {
        Value::ModelValue(ModelValue::new(name))
    }

    /// An explicit set from elements in any order (sorted and deduplicated
    /// once, with TLC's comparison and its errors).
    pub fn set(elems: Vec<Value>) -> VResult<Value> {
        SetValue::from_vec(elems).map(Value::Set)
    }

    /// The empty set.
    pub fn empty_set() -> Value {
        Value::Set(SetValue::empty())
    }

    /// `BOOLEAN`, i.e. `{FALSE, TRUE}` (TLC holds it as an explicit set).
    pub fn boolean_set() -> Value {
        Value::Set(SetValue::from_sorted_unchecked(vec![
            Value::FALSE,
            Value::TRUE,
        ]))
    }

    /// A tuple `<<v1, ..., vn>>`.
    pub fn tuple(elems: Vec<Value>) -> Value {
        if elems.is_empty() {
            // `<<>>` is met on every path of a spec with queues (`q # <<>>`): shared, not
            // allocated each time (a shared value is never changed in place).
            static EMPTY: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
            return EMPTY
                .get_or_init(|| Value::Func(Arc::new(FuncValue::tuple(Vec::new()))))
                .clone();
        }
        Value::Func(Arc::new(FuncValue::tuple(elems)))
    }

    /// A record `[f1 |-> v1, ...]`; fails if a field repeats.
    pub fn record(fields: Vec<(IStr, Value)>) -> VResult<Value> {
        FuncValue::record(fields).map(|f| Value::Func(Arc::new(f)))
    }

    /// A function from (argument, value) pairs in any order, e.g. built by
    /// `:>` and `@@`; fails if an argument repeats or arguments are incomparable.
    pub fn func_from_pairs(pairs: Vec<(Value, Value)>) -> VResult<Value> {
        FuncValue::from_pairs(pairs).map(|f| Value::Func(Arc::new(f)))
    }

    pub fn from_func(f: FuncValue) -> Value {
        Value::Func(Arc::new(f))
    }

    /// `lo..hi`.
    pub fn interval(lo: i64, hi: i64) -> Value {
        Value::Interval(lo, hi)
    }

    /// `SUBSET s`.
    pub fn subset(s: Value) -> Value {
        Value::Subset(Arc::new(s))
    }

    /// `[domain -> range]`.
    pub fn func_set(domain: Value, range: Value) -> Value {
        Value::FuncSet(Arc::new(FuncSetValue { domain, range }))
    }

    /// `[f1 : S1, ...]`; fails if a field repeats.
    pub fn record_set(fields: Vec<(IStr, Value)>) -> VResult<Value> {
        RecordSetValue::new(fields).map(|r| Value::RecordSet(Arc::new(r)))
    }

    /// `S1 \X ... \X Sn`.
    pub fn product(sets: Vec<Value>) -> Value {
        Value::Product(sets.into())
    }

    /// `Seq(s)`.
    pub fn seq_set(s: Value) -> Value {
        Value::SeqSet(Arc::new(s))
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<IStr> {
        match self {
            Value::Str(s) => Some(*s),
            _ => None,
        }
    }

    pub fn as_func(&self) -> Option<&FuncValue> {
        match self {
            Value::Func(f) => Some(f),
            _ => None,
        }
    }

    /// A function with its `i`-th value replaced by `update` of the old one (EXCEPT): in place
    /// when nothing else holds the function (built by an earlier update or an outer step of
    /// the path), else a copy. Any other value is given back as it is.
    pub(crate) fn with_part_updated<E>(
        mut self,
        i: usize,
        update: impl FnOnce(Value) -> Result<Value, E>,
    ) -> Result<Value, E> {
        let Value::Func(arc) = &mut self else {
            return Ok(self);
        };
        if let Some(fm) = Arc::get_mut(arc) {
            let old = std::mem::replace(fm.value_mut(i), Value::FALSE);
            *fm.value_mut(i) = update(old)?;
            return Ok(self);
        }
        let new = update(arc.values()[i].clone())?;
        Ok(Value::from_func(arc.with_value_at(i, new)))
    }

    pub fn as_set(&self) -> Option<&SetValue> {
        match self {
            Value::Set(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this value is a set of any form.
    pub fn is_set(&self) -> bool {
        matches!(
            self,
            Value::Set(_)
                | Value::Interval(..)
                | Value::Subset(_)
                | Value::FuncSet(_)
                | Value::RecordSet(_)
                | Value::Product(_)
                | Value::SeqSet(_)
                | Value::Nat
                | Value::IntSet
                | Value::StringSet
        )
    }

    /// The infinite sets TLC implements as `UserValue`s (`Nat`, `Int`,
    /// `STRING`, `Seq(S)`), which TLC can neither enumerate nor fingerprint.
    pub fn is_user_set(&self) -> bool {
        matches!(
            self,
            Value::Nat | Value::IntSet | Value::StringSet | Value::SeqSet(_)
        )
    }

    /// A short description of the value's kind, as TLC words it
    /// (`Value.getKindString`).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "a Boolean value",
            Value::Int(_) => "an integer",
            Value::Str(_) => "a string",
            Value::ModelValue(_) => "a model value",
            Value::Set(_) => "a set of the form {e1, ... ,eN}",
            Value::Func(f) => match f.kind() {
                FuncKind::Tuple => "a tuple",
                FuncKind::Record => "a record",
                FuncKind::Fcn => "a function  of the form (d1 :> e1 @@ ... @@ dN :> eN)",
            },
            Value::Interval(..) => "a set of the form i..j",
            Value::Subset(_) => "a set of the form SUBSET S",
            Value::FuncSet(_) => "a set of the form [S -> T]",
            Value::RecordSet(_) => "a set of the form [d1 : S1, ... , dN : SN]",
            Value::Product(_) => "a cartesian product",
            Value::SeqSet(_) | Value::Nat | Value::IntSet | Value::StringSet => {
                "a special set constant"
            }
        }
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<SetValue> for Value {
    fn from(s: SetValue) -> Value {
        Value::Set(s)
    }
}

impl From<FuncValue> for Value {
    fn from(f: FuncValue) -> Value {
        Value::Func(Arc::new(f))
    }
}
