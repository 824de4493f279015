//! Functions, tuples and records: one representation.
//!
//! # TLC facts (from `tlc2/value/impl/FcnRcdValue.java`, `TupleValue.java`,
//! `RecordValue.java`)
//!
//! * TLC has three classes for functions: `TupleValue` (domain `1..n`),
//!   `RecordValue` (domain a set of field-name strings) and `FcnRcdValue`
//!   (any domain, held either as an integer interval or as a sorted array).
//!   Equality and comparison convert between them (`toTuple`, `toRcd`,
//!   `toFcnRcd`), so mathematically equal functions are equal whatever class
//!   holds them: `<<1, 2>> = [i \in 1..2 |-> i]`, `<<>>` equals the empty
//!   record and the empty function. All three fingerprint identically (as
//!   `FCNRCDVALUE`, length, then domain/value pairs).
//! * A function's domain is kept sorted in TLC's order (`normalize`), records
//!   by field-name token. A repeated domain element is an error ("The value
//!   ... occurs multiple times in the function domain."), a repeated field
//!   too ("Field name ... occurs multiple times in record.").
//! * Applying a function: an interval domain requires an integer argument
//!   ("Attempted to apply function with integer domain to the non-integer
//!   argument ..."); a tuple requires an integer ("Attempted to access tuple
//!   at a non integral index: ..."); a record requires a string ("Attempted to
//!   access record by a non-string argument: ..."); an explicit domain is
//!   searched with `equals` (binary search with `compareTo` from 32 elements),
//!   so incomparable arguments are errors there too.
//!
//! Here a domain that is a run of consecutive integers is always a
//! [`Domain::Range`], everything else a sorted [`Domain::Explicit`]; the
//! [`FuncKind`] tag only records which TLC class would hold the value.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use super::domain_elems::DomainElems;
use super::error::{VResult, ValueError, ValueErrorKind};
use super::intern::IStr;
use super::set::SetValue;
use super::Value;

/// Which TLC class would hold the function. Affects printing (and TLC's
/// record-versus-non-record error), never equality, order or fingerprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuncKind {
    /// `TupleValue`: domain `1..n`, prints `<<a, b>>` (`<<>>` when empty).
    Tuple,
    /// `RecordValue`: string domain, prints `[a |-> 1]` (`[]` when empty).
    Record,
    /// `FcnRcdValue`: prints as a record when the domain is all names, as a
    /// tuple when it is `1..n`, as `(d1 :> v1 @@ ...)` otherwise, `<<>>` when empty.
    Fcn,
}

/// A function's domain, sorted in TLC's order.
#[derive(Clone)]
pub enum Domain {
    /// `lo .. lo+len-1` (the length is the number of values). The empty
    /// domain is always `Range(1)`.
    Range(i64),
    /// Any other domain, never a run of consecutive integers.
    Explicit(DomainElems),
}

/// A function: domain and values, `values[i]` being the image of the i-th
/// domain element.
pub struct FuncValue {
    kind: FuncKind,
    /// A [`Domain::Range`] that TLC holds as an array of integers (`FcnRcdValue` built on
    /// a set that is not an interval, by `:>`/`@@`): DOMAIN gives a set, not an interval.
    /// Printing only, as `kind`.
    set_domain: bool,
    domain: Domain,
    values: Box<[Value]>,
    /// Its fingerprint once computed (`fingerprint.rs`), 0 before. Atomic because the value
    /// is shared between workers; any worker may store it, all store the same number.
    hash: AtomicU64,
}

impl Clone for FuncValue {
    fn clone(&self) -> Self {
        FuncValue {
            kind: self.kind,
            set_domain: self.set_domain,
            domain: self.domain.clone(),
            values: self.values.clone(),
            hash: AtomicU64::new(self.hash.load(Relaxed)),
        }
    }
}

/// Whether a sorted domain is `lo..lo+n-1` for some `lo`; returns `lo`.
fn contiguous_ints(dom: &[Value]) -> Option<i64> {
    let first = match dom.first() {
        None => return Some(1),
        Some(Value::Int(n)) => *n,
        Some(_) => return None,
    };
    for (i, d) in dom.iter().enumerate() {
        match d {
            Value::Int(n) if *n == first + i as i64 => {}
            _ => return None,
        }
    }
    Some(first)
}

impl Domain {
    /// The canonical domain for sorted, duplicate-free elements.
    pub fn from_sorted(dom: Arc<[Value]>) -> Domain {
        match contiguous_ints(&dom) {
            Some(lo) => Domain::Range(lo),
            None => Domain::Explicit(DomainElems::new(dom)),
        }
    }

    /// The canonical domain for a normalized set.
    pub fn from_set(set: &SetValue) -> Domain {
        Self::from_sorted(set.arc().clone())
    }
}

impl FuncValue {
    /// Builds from parts that already satisfy the invariants: `domain`
    /// canonical and as long as `values`, `kind` consistent with the domain.
    pub(crate) fn from_parts(kind: FuncKind, domain: Domain, values: Box<[Value]>) -> FuncValue {
        debug_assert!(match &domain {
            Domain::Explicit(d) => d.len() == values.len() && contiguous_ints(d).is_none(),
            Domain::Range(lo) => *lo == 1 || !values.is_empty(),
        });
        FuncValue {
            kind,
            set_domain: false,
            domain,
            values,
            hash: AtomicU64::new(0),
        }
    }

    /// `<<v1, ..., vn>>`.
    pub fn tuple(values: Vec<Value>) -> FuncValue {
        FuncValue {
            kind: FuncKind::Tuple,
            set_domain: false,
            domain: Domain::Range(1),
            values: values.into(),
            hash: AtomicU64::new(0),
        }
    }

    /// `[f1 |-> v1, ...]`, fields sorted by token; a repeated field is an error.
    pub fn record(mut fields: Vec<(IStr, Value)>) -> VResult<FuncValue> {
        fields.sort_by_key(|(name, _)| *name);
        if let Some(w) = fields.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(ValueError::new(
                ValueErrorKind::Duplicate,
                format!("Field name {} occurs multiple times in record.", w[0].0),
            ));
        }
        let (names, values): (Vec<Value>, Vec<Value>) =
            fields.into_iter().map(|(n, v)| (Value::Str(n), v)).unzip();
        Ok(Self::record_from_sorted_names(names.into(), values))
    }

    /// A record whose field names (string values) are already sorted by token.
    pub fn record_from_sorted_names(names: Arc<[Value]>, values: Vec<Value>) -> FuncValue {
        Self::from_parts(FuncKind::Record, Self::record_domain(names), values.into())
    }

    /// The domain of records with these field names, sorted by token: made once for records
    /// built many times (the elements of a set of records).
    pub fn record_domain(names: Arc<[Value]>) -> Domain {
        if names.is_empty() {
            Domain::Range(1)
        } else {
            Domain::Explicit(DomainElems::new(names))
        }
    }

    /// A function (`FcnRcdValue`) from pairs in any order: sorted once with
    /// TLC's comparison; repeated or incomparable arguments are errors.
    pub fn from_pairs(mut pairs: Vec<(Value, Value)>) -> VResult<FuncValue> {
        let mut err = None;
        pairs.sort_by(|(a, _), (b, _)| super::order::tlc_cmp_recording(a, b, &mut err));
        if let Some(e) = err {
            return Err(e);
        }
        if let Some(w) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(ValueError::new(
                ValueErrorKind::Duplicate,
                format!(
                    "The value\n{}\noccurs multiple times in the function domain.",
                    w[0].0
                ),
            ));
        }
        let (dom, values): (Vec<Value>, Vec<Value>) = pairs.into_iter().unzip();
        Ok(Self::from_parts(
            FuncKind::Fcn,
            Domain::from_sorted(dom.into()),
            values.into(),
        )
        .holding_set_domain(true))
    }

    /// `[x \in S |-> ...]` for a normalized `S`: no sorting, the domain shares
    /// the set's storage. `values` follow the set's order.
    pub fn from_domain_set(domain: &SetValue, values: Vec<Value>) -> FuncValue {
        assert_eq!(domain.len(), values.len(), "one value per domain element");
        Self::from_parts(FuncKind::Fcn, Domain::from_set(domain), values.into())
            .holding_set_domain(true)
    }

    /// `[x \in lo..lo+n-1 |-> ...]`.
    pub fn from_range(lo: i64, values: Vec<Value>) -> FuncValue {
        let lo = if values.is_empty() { 1 } else { lo };
        Self::from_parts(FuncKind::Fcn, Domain::Range(lo), values.into())
    }

    /// Same function, shown as another TLC class (e.g. `Fcn` for a tuple
    /// rebuilt by `[t EXCEPT ...]` on an `FcnRcdValue`). The caller keeps the
    /// kind consistent with the domain.
    pub fn with_kind(mut self, kind: FuncKind) -> FuncValue {
        self.kind = kind;
        self
    }

    pub fn kind(&self) -> FuncKind {
        self.kind
    }

    /// Marks a function on consecutive integers as held by TLC on a set (`as_set`) or on
    /// an interval.
    pub fn holding_set_domain(mut self, as_set: bool) -> FuncValue {
        self.set_domain = as_set && matches!(self.domain, Domain::Range(_)) && !self.is_empty();
        self
    }

    /// See [`FuncValue::holding_set_domain`].
    pub fn holds_set_domain(&self) -> bool {
        self.set_domain
    }

    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The i-th domain element.
    pub fn domain_elem(&self, i: usize) -> Value {
        match &self.domain {
            Domain::Range(lo) => Value::Int(lo + i as i64),
            Domain::Explicit(d) => d[i].clone(),
        }
    }

    /// `DOMAIN f`: an interval for range domains, a set otherwise.
    pub fn domain_value(&self) -> Value {
        match &self.domain {
            Domain::Range(lo) if self.set_domain => Value::Set(SetValue::from_sorted_unchecked(
                (0..self.values.len() as i64)
                    .map(|i| Value::Int(lo + i))
                    .collect(),
            )),
            Domain::Range(lo) => Value::Interval(*lo, lo + self.values.len() as i64 - 1),
            Domain::Explicit(d) => Value::Set(SetValue::from_arc_unchecked(d.set_storage())),
        }
    }

    /// (argument, value) pairs in domain order.
    pub fn iter(&self) -> impl Iterator<Item = (Value, &Value)> + '_ {
        self.values
            .iter()
            .enumerate()
            .map(|(i, v)| (self.domain_elem(i), v))
    }

    /// TLC's `toTuple`: the elements when the domain is `1..n` (or empty).
    pub fn as_tuple(&self) -> Option<&[Value]> {
        match self.domain {
            Domain::Range(1) => Some(&self.values),
            _ => None,
        }
    }

    /// TLC's `toRcd` succeeds: empty, or every domain element a string.
    pub fn is_record_like(&self) -> bool {
        match &self.domain {
            Domain::Range(_) => self.values.is_empty(),
            Domain::Explicit(d) => d.iter().all(|x| matches!(x, Value::Str(_))),
        }
    }

    /// The value of field `name`, if this is a record with that field.
    pub fn field(&self, name: IStr) -> Option<&Value> {
        match &self.domain {
            Domain::Explicit(d) => d
                .iter()
                .position(|x| matches!(x, Value::Str(s) if *s == name))
                .map(|i| &self.values[i]),
            Domain::Range(_) => None,
        }
    }

    /// Index of `arg` in the domain (TLC's `select`), `None` when outside the
    /// domain; errors where TLC raises them.
    pub fn index_of(&self, arg: &Value) -> VResult<Option<usize>> {
        match (&self.domain, self.kind) {
            (_, FuncKind::Record) => match arg {
                Value::Str(s) => Ok(match &self.domain {
                    Domain::Explicit(d) => d
                        .iter()
                        .position(|x| matches!(x, Value::Str(t) if t == s)),
                    Domain::Range(_) => None,
                }),
                _ => Err(ValueError::type_error(format!(
                    "Attempted to access record by a non-string argument: {}",
                    super::ppr::ppr_value(arg)
                ))),
            },
            (Domain::Range(lo), kind) => match arg {
                Value::Int(n) => {
                    let i = n - lo;
                    Ok((i >= 0 && (i as usize) < self.values.len()).then_some(i as usize))
                }
                _ if kind == FuncKind::Tuple => Err(ValueError::type_error(format!(
                    "Attempted to access tuple at a non integral index: {}",
                    super::ppr::ppr_value(arg)
                ))),
                _ => Err(ValueError::type_error(format!(
                    "Attempted to apply function with integer domain to the non-integer argument {}",
                    super::ppr::ppr_value(arg)
                ))),
            },
            (Domain::Explicit(d), _) => {
                if d.len() >= 32 {
                    // TLC's probes (`selectBinarySearch`): the middle of [lo, hi] inclusive,
                    // the domain element compared with the argument, so that an error names
                    // the element TLC names.
                    let (mut lo, mut hi) = (0, d.len() - 1);
                    loop {
                        let mid = lo + (hi - lo) / 2;
                        match d[mid].tlc_cmp(arg)? {
                            std::cmp::Ordering::Less if mid < hi => lo = mid + 1,
                            std::cmp::Ordering::Greater if mid > lo => hi = mid,
                            std::cmp::Ordering::Equal => {
                                return Ok(d[mid].tlc_eq(arg)?.then_some(mid))
                            }
                            _ => return Ok(None),
                        }
                    }
                } else {
                    for (i, x) in d.iter().enumerate() {
                        if x.tlc_eq(arg)? {
                            return Ok(Some(i));
                        }
                    }
                    Ok(None)
                }
            }
        }
    }

    /// `select` of the integer `i`, without making its value in the common case.
    #[inline]
    pub fn select_int(&self, i: i64) -> VResult<Option<&Value>> {
        if let (Domain::Range(lo), false) = (&self.domain, self.kind == FuncKind::Record) {
            let at = i.wrapping_sub(*lo);
            return Ok(usize::try_from(at).ok().and_then(|at| self.values.get(at)));
        }
        self.select(&Value::Int(i))
    }

    /// `f[arg]`, `None` when `arg` is outside the domain.
    #[inline]
    pub fn select(&self, arg: &Value) -> VResult<Option<&Value>> {
        // The common case (`clock[p]`, `s[i]`) without the general search's error plumbing.
        if let (Domain::Range(lo), Value::Int(n), false) =
            (&self.domain, arg, self.kind == FuncKind::Record)
        {
            let i = n.wrapping_sub(*lo);
            return Ok(usize::try_from(i).ok().and_then(|i| self.values.get(i)));
        }
        Ok(self.index_of(arg)?.map(|i| &self.values[i]))
    }

    /// `f[arg]`, failing like TLC when `arg` is outside the domain.
    pub fn apply(&self, arg: &Value) -> VResult<&Value> {
        match self.select(arg)? {
            Some(v) => Ok(v),
            None => Err(ValueError::new(
                ValueErrorKind::NotInDomain,
                match self.kind {
                    FuncKind::Record => match arg {
                        Value::Str(s) => format!(
                            "Attempted to access nonexistent field '{}' of record\n{}",
                            s,
                            super::ppr::ppr_value(&Value::Func(Arc::new(self.clone())))
                        ),
                        _ => unreachable!("index_of rejects non-strings for records"),
                    },
                    FuncKind::Tuple => format!(
                        "Attempted to access index {} of tuple\n{}\nwhich is out of bounds.",
                        arg,
                        super::ppr::ppr_value(&Value::Func(Arc::new(self.clone())))
                    ),
                    FuncKind::Fcn => format!(
                        "Attempted to apply function:\n{}\nto argument {}, which is not in the domain of the function.",
                        super::ppr::ppr_value(&Value::Func(Arc::new(self.clone()))),
                        super::ppr::ppr_value(arg)
                    ),
                },
            )),
        }
    }

    /// The value at domain position `i`, to update in place a function no one else holds.
    pub fn value_mut(&mut self, i: usize) -> &mut Value {
        *self.hash.get_mut() = 0;
        &mut self.values[i]
    }

    /// The fingerprint kept by [`FuncValue::keep_hash`], if any.
    #[inline]
    pub(super) fn kept_hash(&self) -> Option<u64> {
        match self.hash.load(Relaxed) {
            0 => None,
            h => Some(h),
        }
    }

    /// Keeps this function's fingerprint, never 0 (the mark of none).
    #[inline]
    pub(super) fn keep_hash(&self, h: u64) {
        debug_assert_ne!(h, 0);
        self.hash.store(h, Relaxed);
    }

    /// A copy with the value at domain position `i` replaced (`EXCEPT`).
    pub fn with_value_at(&self, i: usize, v: Value) -> FuncValue {
        debug_assert!(i < self.values.len(), "a position of the domain");
        // The others cloned, the new one moved in: the old one is never cloned to be dropped.
        let mut v = Some(v);
        let values = (self.values.iter().enumerate())
            .map(|(j, old)| match j == i {
                true => v.take().expect("one index"),
                false => old.clone(),
            })
            .collect::<Box<[Value]>>();
        FuncValue {
            kind: self.kind,
            set_domain: self.set_domain,
            domain: self.domain.clone(),
            values,
            hash: AtomicU64::new(0),
        }
    }

    /// The same domain and kind with other values, one per domain element (SYMMETRY's
    /// permutation of a function whose domain it leaves alone).
    pub fn with_values(&self, values: Vec<Value>) -> FuncValue {
        assert_eq!(
            values.len(),
            self.values.len(),
            "one value per domain element"
        );
        FuncValue {
            kind: self.kind,
            set_domain: self.set_domain,
            domain: self.domain.clone(),
            values: values.into(),
            hash: AtomicU64::new(0),
        }
    }
}
