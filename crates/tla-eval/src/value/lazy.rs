//! Membership, size and enumeration for every form of set.
//!
//! # TLC facts (from `tlc2/value/impl/IntervalValue.java`, `SubsetValue.java`,
//! `SetOfFcnsValue.java`, `SetOfRcdsValue.java`, `SetOfTuplesValue.java`,
//! `tlc2/module/Naturals.java`, `Integers.java`, `Strings.java`, `Sequences.java`,
//! `ModelValue.java`)
//!
//! Membership (`member`):
//! * `x \in a..b`: an integer is tested against the bounds; any other value is
//!   an error when the interval is non-empty, unless it is an untyped model
//!   value (then FALSE); nothing is in an empty interval.
//! * `x \in SUBSET S`: `x` must be an enumerable set (else error), and each of
//!   its elements must be in `S`.
//! * `f \in [S -> T]`: `f` must be a function (an untyped model value is
//!   simply not a member, a typed one or anything else is an error);
//!   `DOMAIN f = S` and every value in `T`.
//! * `r \in [a : S, ...]`: `r` must convert to a record (functions whose
//!   domain is all strings do; otherwise error, model values as above); same
//!   field names and each field's value in its set.
//! * `t \in S1 \X ... \X Sn`: a tuple of the same length with each component
//!   in its set; a function with an integer domain that is not `1..n` is
//!   simply not a member, one with a non-integer domain is an error.
//! * `s \in Seq(S)`: `s` must be a tuple (strings are not), each element in `S`.
//! * `Nat`, `Int`, `STRING`: integers (non-negative for `Nat`) / strings are
//!   members, untyped model values are not, anything else is an error.
//! * In every case a typed model value raises an error ("Attempted to check if
//!   the typed model value ... is an element of ...") where an untyped one is
//!   just not a member.
//!
//! Enumeration order (`elements()`): intervals ascending; `SUBSET S` by size,
//! then lexicographically by position in `S` (TLC's `elementsNormalized`);
//! `[S -> T]`, record sets and products as an odometer whose *last* position
//! turns fastest, each position running through its (normalized) set. All of
//! these coincide with TLC's canonical order, so enumerating yields a set that
//! is already normalized, and iterating lazily visits elements in the order
//! TLC's `\E`/`\A` would.
//!
//! Size (`size()`): intervals must fit in an `int`; `SUBSET S` needs
//! `|S| < 31`; `[S -> T]`, record sets and products must stay within an `int`
//! ("Overflow when computing the number of elements in ..."), an empty
//! component of a product making it empty whatever the others are. `Nat`,
//! `Int`, `STRING`, `Seq(S)` have no size. `isFinite` for `[S -> T]` holds
//! when both are finite, or `S` is empty, or `T` is empty, or `T` has exactly
//! one element.

use std::sync::Arc;

use super::error::{VResult, ValueError, ValueErrorKind};
use super::func::{Domain, FuncKind, FuncValue};
use super::int;
use super::intern::IStr;
use super::member_cache;
use super::ppr::ppr_value;
use super::set::SetValue;
use super::Value;

/// `[domain -> range]`.
pub struct FuncSetValue {
    pub domain: Value,
    pub range: Value,
}

/// `[f1 : S1, ..., fn : Sn]`, fields sorted by token.
pub struct RecordSetValue {
    names: Arc<[Value]>,
    sets: Box<[Value]>,
}

impl RecordSetValue {
    pub fn new(mut fields: Vec<(IStr, Value)>) -> VResult<RecordSetValue> {
        fields.sort_by_key(|(n, _)| *n);
        if let Some(w) = fields.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(ValueError::new(
                ValueErrorKind::Duplicate,
                format!(
                    "Field name {} occurs multiple times in set of records.",
                    w[0].0
                ),
            ));
        }
        let (names, sets): (Vec<Value>, Vec<Value>) =
            fields.into_iter().map(|(n, s)| (Value::Str(n), s)).unzip();
        Ok(RecordSetValue {
            names: names.into(),
            sets: sets.into(),
        })
    }

    /// Field names (as string values) in token order.
    pub fn names(&self) -> &[Value] {
        &self.names
    }

    /// The field sets, in the order of [`Self::names`].
    pub fn sets(&self) -> &[Value] {
        &self.sets
    }
}

fn mv_member(elem: &Value, set: &Value) -> VResult<bool> {
    match elem {
        Value::ModelValue(mv) if mv.type_letter().is_none() => Ok(false),
        Value::ModelValue(_) => Err(ValueError::membership(format!(
            "Attempted to check if the typed model value {} is an element of\n{}",
            ppr_value(elem),
            ppr_value(set)
        ))),
        _ => Err(ValueError::membership(format!(
            "Attempted to check if the value:\n{}\nis an element of {}",
            ppr_value(elem),
            ppr_value(set)
        ))),
    }
}

/// Why a size could not be computed (turned into a message by `cardinality`).
pub(crate) enum SizeError {
    Overflow,
    Interval(ValueError),
    Infinite(Value),
    NotASet(Value),
}

fn product_of_sizes(sizes: impl Iterator<Item = Result<i64, SizeError>>) -> Result<i64, SizeError> {
    let mut sz: i64 = 1;
    for s in sizes {
        sz = sz.saturating_mul(s?);
        if sz > int::TLC_INT_MAX {
            return Err(SizeError::Overflow);
        }
    }
    Ok(sz)
}

/// The most elements an interval is built with (1.5 GiB of values): TLC's heap gives out
/// at about the same size.
pub const INTERVAL_BUILD_LIMIT: u64 = 1 << 26;

impl Value {
    /// `elem \in self` with TLC's rules (see the module documentation).
    #[inline]
    pub fn member(&self, elem: &Value) -> VResult<bool> {
        match (self, elem) {
            (Value::Interval(lo, hi), Value::Int(n)) => Ok(lo <= n && n <= hi),
            _ if member_cache::worth_keeping(self, elem) => {
                member_cache::member(self, elem, || self.member_searched(elem))
            }
            (Value::Set(s), _) => s.contains(elem),
            _ => self.member_searched(elem),
        }
    }

    /// A question `member_searched` asks of a part of a set: a large explicit part
    /// (`[Hash -> Block \cup {NoBlock}]`) is searched with the kept answers, as its own
    /// question would be; a part defined by a type is searched without them.
    fn member_part(&self, elem: &Value) -> VResult<bool> {
        match self {
            Value::Set(_) => self.member(elem),
            _ => self.member_searched(elem),
        }
    }

    /// `member` without the kept answers: the parts of a set defined by a type are searched
    /// so (only the question asked keeps its answer, not the many it asks of the parts).
    fn member_searched(&self, elem: &Value) -> VResult<bool> {
        match self {
            Value::Set(s) => s.contains(elem),
            Value::Interval(lo, hi) => match elem {
                Value::Int(n) => Ok(lo <= n && n <= hi),
                Value::ModelValue(mv) if mv.type_letter().is_none() => Ok(false),
                _ if lo > hi => Ok(false),
                _ => Err(ValueError::membership(format!(
                    "Attempted to check if the value:\n{}\nis in the integer interval {}",
                    ppr_value(elem),
                    ppr_value(self)
                ))),
            },
            Value::Subset(base) => {
                if !elem.is_set() || elem.is_user_set() {
                    return Err(ValueError::membership(format!(
                        "Attempted to check if the non-enumerable value\n{}\nis element of\n{}",
                        ppr_value(elem),
                        ppr_value(self)
                    )));
                }
                for x in elem.set_iter()? {
                    if !base.member_part(&x)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::FuncSet(fs) => {
                let f = match elem {
                    Value::Func(f) => f,
                    _ => return mv_member(elem, self),
                };
                if !fs.domain.tlc_eq(&f.domain_value())? {
                    return Ok(false);
                }
                for v in f.values() {
                    if !fs.range.member_part(v)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::RecordSet(rs) => {
                let f = match elem {
                    Value::Func(f) if f.is_record_like() => f,
                    Value::Func(_) => {
                        return Err(ValueError::membership(format!(
                            "Attempted to check if non-record\n{}\nis in the set of records:\n{}",
                            elem,
                            ppr_value(self)
                        )))
                    }
                    _ => return mv_member(elem, self),
                };
                if f.len() != rs.names.len() {
                    return Ok(false);
                }
                for (i, (name, v)) in f.iter().enumerate() {
                    if name != rs.names[i] || !rs.sets[i].member_part(v)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::Product(sets) => {
                let f = match elem {
                    Value::Func(f) => f,
                    _ => return mv_member(elem, self),
                };
                let elems = match f.as_tuple() {
                    Some(t) => t,
                    None => {
                        return match f.domain() {
                            Domain::Range(_) => Ok(false),
                            Domain::Explicit(d) if d.iter().all(|x| matches!(x, Value::Int(_))) => {
                                Ok(false)
                            }
                            Domain::Explicit(_) => Err(ValueError::membership(format!(
                                "Attempted to check if non-tuple\n{}\nis in the set of tuples:\n{}",
                                ppr_value(elem),
                                ppr_value(self)
                            ))),
                        }
                    }
                };
                if elems.len() != sets.len() {
                    return Ok(false);
                }
                for (s, x) in sets.iter().zip(elems) {
                    if !s.member_part(x)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::SeqSet(range) => match elem {
                Value::Func(f) => match f.as_tuple() {
                    Some(t) => {
                        for x in t {
                            if !range.member_part(x)? {
                                return Ok(false);
                            }
                        }
                        Ok(true)
                    }
                    None => mv_member(elem, self),
                },
                _ => mv_member(elem, self),
            },
            Value::Nat => match elem {
                Value::Int(n) => Ok(*n >= 0),
                _ => mv_member(elem, self),
            },
            Value::IntSet => match elem {
                Value::Int(_) => Ok(true),
                _ => mv_member(elem, self),
            },
            Value::StringSet => match elem {
                Value::Str(_) => Ok(true),
                _ => mv_member(elem, self),
            },
            _ => Err(ValueError::membership(format!(
                "Attempted to check if the value:\n{}\nis an element of {}",
                ppr_value(elem),
                ppr_value(self)
            ))),
        }
    }

    /// TLC's `isFinite`. Functions answer TRUE (as in TLC); scalars are errors.
    pub fn is_finite(&self) -> VResult<bool> {
        match self {
            Value::Set(_) | Value::Interval(..) | Value::Func(_) => Ok(true),
            Value::Subset(b) => b.is_finite(),
            Value::FuncSet(fs) => {
                let fin_d = fs.domain.is_finite()?;
                if fin_d && fs.domain.is_empty_set()? {
                    return Ok(true);
                }
                let fin_r = fs.range.is_finite()?;
                if fin_r && fs.range.is_empty_set()? {
                    return Ok(true);
                }
                Ok(fin_r && (fin_d || fs.range.cardinality()? == 1))
            }
            Value::RecordSet(rs) => {
                for s in rs.sets.iter() {
                    if !s.is_finite()? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::Product(sets) => {
                for s in sets.iter() {
                    if !s.is_finite()? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::SeqSet(_) | Value::Nat | Value::IntSet | Value::StringSet => Ok(false),
            _ => Err(ValueError::type_error(format!(
                "Attempted to check if {} {} is a finite set.",
                scalar_word(self),
                ppr_value(self)
            ))),
        }
    }

    /// Whether a set is empty (TLC's `isEmpty`), without enumerating it.
    pub fn is_empty_set(&self) -> VResult<bool> {
        match self {
            Value::Set(s) => Ok(s.is_empty()),
            Value::Interval(lo, hi) => Ok(hi < lo),
            Value::Subset(_) => Ok(false),
            Value::FuncSet(fs) => {
                if fs.domain.is_empty_set()? {
                    Ok(false)
                } else {
                    fs.range.is_empty_set()
                }
            }
            Value::RecordSet(rs) => {
                for s in rs.sets.iter() {
                    if s.is_empty_set()? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Value::Product(sets) => {
                for s in sets.iter() {
                    if s.is_empty_set()? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => Err(ValueError::type_error(format!(
                "Shouldn't call isEmpty() on value {}",
                ppr_value(self)
            ))),
        }
    }

    /// `Cardinality(self)` with TLC's size rules and overflow errors.
    pub fn cardinality(&self) -> VResult<i64> {
        self.raw_cardinality().map_err(|e| match e {
            SizeError::Overflow => {
                ValueError::overflow(format!("the number of elements in:\n{}", ppr_value(self)))
            }
            SizeError::Interval(e) => e,
            SizeError::Infinite(v) => ValueError::not_enumerable(format!(
                "Attempted to compute the number of elements in the overridden value {}.",
                ppr_value(&v)
            )),
            SizeError::NotASet(v) => ValueError::type_error(format!(
                "Attempted to compute the number of elements in {} {}.",
                scalar_word(&v),
                ppr_value(&v)
            )),
        })
    }

    /// The size without building an error message (printing uses it: a
    /// message would print the value again).
    pub(crate) fn raw_cardinality(&self) -> Result<i64, SizeError> {
        match self {
            Value::Set(s) => Ok(s.len() as i64),
            Value::Interval(lo, hi) => int::interval_size(*lo, *hi).map_err(SizeError::Interval),
            Value::Subset(b) => {
                let n = b.raw_cardinality()?;
                if n >= 31 {
                    return Err(SizeError::Overflow);
                }
                Ok(1 << n)
            }
            Value::FuncSet(fs) => {
                let d = fs.domain.raw_cardinality()?;
                let r = fs.range.raw_cardinality()?;
                match (d, r) {
                    (0, _) => Ok(1),
                    (_, 0 | 1) => Ok(r),
                    _ => product_of_sizes((0..d).map(|_| Ok(r))),
                }
            }
            Value::RecordSet(rs) => product_of_sizes(rs.sets.iter().map(|s| s.raw_cardinality())),
            Value::Product(sets) => {
                let sizes = sets
                    .iter()
                    .map(|s| s.raw_cardinality())
                    .collect::<Result<Vec<i64>, SizeError>>()?;
                if sizes.contains(&0) {
                    return Ok(0);
                }
                product_of_sizes(sizes.into_iter().map(Ok))
            }
            Value::SeqSet(_) | Value::Nat | Value::IntSet | Value::StringSet => {
                Err(SizeError::Infinite(self.clone()))
            }
            _ => Err(SizeError::NotASet(self.clone())),
        }
    }

    /// Whether [`Value::set_iter`] can run (it still may fail on size limits).
    pub fn is_enumerable(&self) -> bool {
        match self {
            Value::Set(_) | Value::Interval(..) => true,
            Value::Subset(b) => b.is_enumerable(),
            Value::FuncSet(fs) => {
                fs.domain.is_enumerable()
                    && fs.range.is_set()
                    && !fs.range.is_user_set()
                    && (fs.range.is_enumerable() || matches!(fs.domain.is_empty_set(), Ok(true)))
            }
            Value::RecordSet(rs) => rs.sets.iter().all(Value::is_enumerable),
            Value::Product(sets) => sets.iter().all(Value::is_enumerable),
            _ => false,
        }
    }

    /// The elements, lazily, in TLC's enumeration order (which is its
    /// canonical order).
    pub fn set_iter(&self) -> VResult<SetIter> {
        match self {
            Value::Set(s) => Ok(SetIter::Slice(s.clone(), 0)),
            Value::Interval(lo, hi) => Ok(SetIter::Range(*lo, *hi)),
            Value::Subset(b) => {
                let base = b.enumerate()?;
                if base.len() >= 31 {
                    return Err(ValueError::overflow(format!(
                        "the number of elements in:\n{}",
                        ppr_value(self)
                    )));
                }
                Ok(SetIter::Subsets(SubsetIter {
                    base,
                    idx: Vec::new(),
                    done: false,
                }))
            }
            Value::FuncSet(fs) => {
                let dom = fs.domain.enumerate().map_err(|_| {
                    ValueError::not_enumerable(format!(
                        "Attempted to enumerate a set of the form [D -> R],but the domain D:\n{}\ncannot be enumerated.",
                        ppr_value(&fs.domain)
                    ))
                })?;
                if !fs.range.is_set() || fs.range.is_user_set() {
                    return Err(ValueError::not_enumerable(format!(
                        "Attempted to enumerate a set of the form [D -> R],but the range R:\n{}\ncannot be enumerated.",
                        ppr_value(&fs.range)
                    )));
                }
                let range = if dom.is_empty() {
                    SetValue::empty()
                } else {
                    fs.range.enumerate()?
                };
                Ok(Odometer::start(
                    vec![range; dom.len()],
                    // TLC's elements keep an interval domain only when D is one.
                    OdoShape::Func(Domain::from_set(&dom), !fs.domain.is_interval()),
                ))
            }
            Value::RecordSet(rs) => {
                let comps = rs
                    .sets
                    .iter()
                    .zip(rs.names.iter())
                    .map(|(s, n)| {
                        if s.is_set() && !s.is_user_set() {
                            s.enumerate()
                        } else {
                            Err(ValueError::not_enumerable(format!(
                                "Attempted to enumerate a set of the form [l1 : v1, ..., ln : vn],\nbut can't enumerate the value of the `{}' field:\n{}",
                                n.as_str().map(|s| s.as_str()).unwrap_or(""),
                                ppr_value(s)
                            )))
                        }
                    })
                    .collect::<VResult<Vec<SetValue>>>()?;
                Ok(Odometer::start(
                    comps,
                    OdoShape::Record(FuncValue::record_domain(rs.names.clone())),
                ))
            }
            Value::Product(sets) => {
                let comps = sets
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        if s.is_set() && !s.is_user_set() {
                            s.enumerate()
                        } else {
                            Err(ValueError::not_enumerable(format!(
                                "Attempted to enumerate a set of the form s1 \\X s2 ... \\X sn,\nbut can't enumerate s{i}:\n{}",
                                ppr_value(s)
                            )))
                        }
                    })
                    .collect::<VResult<Vec<SetValue>>>()?;
                Ok(Odometer::start(comps, OdoShape::Tuple))
            }
            _ if self.is_set() => Err(ValueError::not_enumerable(format!(
                "Attempted to enumerate the non-enumerable set {}",
                ppr_value(self)
            ))),
            _ => Err(ValueError::type_error(format!(
                "Attempted to enumerate a value that is not a set:\n{}",
                ppr_value(self)
            ))),
        }
    }

    /// The set as an explicit normalized set (TLC's `toSetEnum`); an interval of more than
    /// [`INTERVAL_BUILD_LIMIT`] elements is refused (operations TLC walks lazily walk it).
    pub fn enumerate(&self) -> VResult<SetValue> {
        match self {
            Value::Set(s) => Ok(s.clone()),
            Value::Interval(lo, hi) => {
                let n = (*hi - *lo + 1).max(0) as u64;
                if n > INTERVAL_BUILD_LIMIT {
                    // TLC's toSetEnum would exhaust its heap; an allocation that large aborts
                    // this process, so it is refused as an evaluation error.
                    return Err(ValueError::not_enumerable(format!(
                        "Attempted to enumerate the interval {lo}..{hi}: its {n} elements are more than tlacheck builds in memory ({INTERVAL_BUILD_LIMIT})."
                    )));
                }
                Ok(SetValue::from_sorted_unchecked(self.set_iter()?.collect()))
            }
            _ => {
                if let Some(s) = enumerated::recall(self) {
                    return Ok(s);
                }
                let s = SetValue::from_sorted_unchecked(self.set_iter()?.collect());
                enumerated::keep(self, &s);
                Ok(s)
            }
        }
    }

    /// `self` with lazy finite sets replaced by explicit ones, for callers that
    /// need a [`Value::Set`].
    pub fn to_explicit(&self) -> VResult<Value> {
        Ok(Value::Set(self.enumerate()?))
    }
}

/// The enumerations of the last lazy sets enumerated, per thread, by the set object: a
/// type set kept by the spec (`Nodes \X Keys` inside an invariant, the same object state after
/// state once compiled, see `eval/compiled/`) is compared with explicit sets over and over.
mod enumerated {
    use super::{SetValue, Value};
    use std::cell::RefCell;

    const SLOTS: usize = 64;
    /// Larger enumerations are not kept (the table's memory stays small).
    const MAX_KEPT: usize = 4096;

    thread_local! {
        /// The set (held, so that its address is not reused while it is a key) and its
        /// enumeration.
        static KEPT: RefCell<Vec<Option<(Value, SetValue)>>> = RefCell::new(vec![None; SLOTS]);
    }

    fn slot(addr: usize) -> usize {
        (addr >> 4 ^ addr >> 12) % SLOTS
    }

    pub(super) fn recall(v: &Value) -> Option<SetValue> {
        let addr = v.object_address()?;
        KEPT.try_with(|k| match &k.borrow()[slot(addr)] {
            Some((held, s)) if held.same_object(v) => Some(s.clone()),
            _ => None,
        })
        .ok()
        .flatten()
    }

    pub(super) fn keep(v: &Value, s: &SetValue) {
        let Some(addr) = v.object_address() else {
            return;
        };
        if s.len() <= MAX_KEPT {
            let _ = KEPT.try_with(|k| k.borrow_mut()[slot(addr)] = Some((v.clone(), s.clone())));
        }
    }
}

fn scalar_word(v: &Value) -> &'static str {
    match v {
        Value::Bool(_) => "the boolean",
        Value::Int(_) => "the integer",
        Value::Str(_) => "the string",
        Value::ModelValue(_) => "the model value",
        _ => "the value",
    }
}

/// Elements of a set in TLC's enumeration order.
pub enum SetIter {
    /// An explicit set and the next position.
    Slice(SetValue, usize),
    /// Next integer and the (inclusive) upper bound.
    Range(i64, i64),
    Subsets(SubsetIter),
    Odometer(Odometer),
}

impl Iterator for SetIter {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        match self {
            SetIter::Slice(s, i) => {
                let v = s.as_slice().get(*i)?.clone();
                *i += 1;
                Some(v)
            }
            SetIter::Range(next, hi) => {
                if *next > *hi {
                    return None;
                }
                let v = *next;
                *next += 1;
                Some(Value::Int(v))
            }
            SetIter::Subsets(s) => s.next(),
            SetIter::Odometer(o) => o.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            SetIter::Slice(s, i) => {
                let n = s.len() - *i;
                (n, Some(n))
            }
            SetIter::Range(next, hi) => {
                let n = if hi < next {
                    0
                } else {
                    (hi - next + 1) as usize
                };
                (n, Some(n))
            }
            _ => (0, None),
        }
    }
}

/// `SUBSET S`: all k-subsets for k = 0, 1, ..., each k in lexicographic order
/// of positions.
pub struct SubsetIter {
    base: SetValue,
    /// Positions of the current subset; its length is k.
    idx: Vec<usize>,
    done: bool,
}

impl SubsetIter {
    fn next(&mut self) -> Option<Value> {
        if self.done {
            return None;
        }
        let n = self.base.len();
        let elems = self.base.as_slice();
        let out =
            SetValue::from_sorted_unchecked(self.idx.iter().map(|&i| elems[i].clone()).collect());
        // Advance to the next combination of the same size, or the first of the next size.
        let k = self.idx.len();
        let mut j = k;
        while j > 0 && self.idx[j - 1] == n - k + (j - 1) {
            j -= 1;
        }
        if j == 0 {
            if k == n {
                self.done = true;
            } else {
                self.idx = (0..k + 1).collect();
            }
        } else {
            self.idx[j - 1] += 1;
            for t in j..k {
                self.idx[t] = self.idx[t - 1] + 1;
            }
        }
        Some(Value::Set(out))
    }
}

/// What an odometer's picks are assembled into.
enum OdoShape {
    /// The domain, and whether TLC holds it as a set (see `FuncValue::holds_set_domain`).
    Func(Domain, bool),
    /// The field names, as a record's domain.
    Record(Domain),
    Tuple,
}

/// Cartesian enumeration with the last position turning fastest.
pub struct Odometer {
    comps: Vec<SetValue>,
    idx: Vec<usize>,
    done: bool,
    shape: OdoShape,
}

impl Odometer {
    fn start(comps: Vec<SetValue>, shape: OdoShape) -> SetIter {
        let done = comps.iter().any(SetValue::is_empty);
        SetIter::Odometer(Odometer {
            idx: vec![0; comps.len()],
            comps,
            done,
            shape,
        })
    }

    fn next(&mut self) -> Option<Value> {
        if self.done {
            return None;
        }
        let picks: Vec<Value> = self
            .idx
            .iter()
            .zip(&self.comps)
            .map(|(&i, c)| c.as_slice()[i].clone())
            .collect();
        let mut p = self.idx.len();
        loop {
            if p == 0 {
                self.done = true;
                break;
            }
            p -= 1;
            self.idx[p] += 1;
            if self.idx[p] < self.comps[p].len() {
                break;
            }
            self.idx[p] = 0;
        }
        Some(Value::from(match &self.shape {
            OdoShape::Func(d, as_set) => {
                FuncValue::from_parts(FuncKind::Fcn, d.clone(), picks.into())
                    .holding_set_domain(*as_set)
            }
            OdoShape::Record(d) => FuncValue::from_parts(FuncKind::Record, d.clone(), picks.into()),
            OdoShape::Tuple => FuncValue::tuple(picks),
        }))
    }
}
