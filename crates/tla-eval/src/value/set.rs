//! Explicit sets and the builders that make them without repeated sorting.
//!
//! # TLC facts (from `tlc2/value/impl/SetEnumValue.java`, `ValueVec.java`)
//!
//! * A `SetEnumValue` is normalized by sorting its elements with `compareTo`
//!   and dropping duplicates (`ValueVec.sort(true)`); every comparison may
//!   fail, so building `{1, "a"}` is an error.
//! * Membership in a normalized set is a binary search calling
//!   `elem.compareTo(element)`; a failing comparison is an error (`"a" \in
//!   {1, 2}` fails) while an untyped model value is simply absent (model
//!   values sort before everything).
//! * Printing follows the normalized order: `{1, 2, 3}`, `{}` when empty.
//!
//! [`SetValue`] is always normalized: sorted strictly increasing in TLC's
//! order, so equal sets have identical element sequences.

use std::cmp::Ordering;
use std::sync::{Arc, OnceLock};

use super::error::VResult;
use super::order::tlc_cmp_recording;
use super::Value;

/// A normalized explicit set: elements strictly increasing in TLC's order.
#[derive(Clone)]
pub struct SetValue(Arc<[Value]>);

/// Sorts with TLC's comparison (reporting its first error) and drops duplicates.
pub(crate) fn sort_dedup(mut v: Vec<Value>) -> VResult<Vec<Value>> {
    if v.len() > 1 && v.iter().all(|x| matches!(x, Value::Int(_))) {
        // Sets of integers are the common case: no comparison can fail.
        v.sort_unstable_by_key(|x| x.as_int());
        v.dedup_by(|a, b| a.as_int() == b.as_int());
    } else if v.len() > 1 {
        let mut err = None;
        v.sort_by(|a, b| tlc_cmp_recording(a, b, &mut err));
        if let Some(e) = err {
            return Err(e);
        }
        v.dedup_by(|a, b| a == b);
    }
    Ok(v)
}

impl SetValue {
    /// `{}`.
    pub fn empty() -> SetValue {
        static EMPTY: OnceLock<SetValue> = OnceLock::new();
        EMPTY
            .get_or_init(|| SetValue(Arc::from(Vec::new())))
            .clone()
    }

    /// `{v}`.
    pub fn singleton(v: Value) -> SetValue {
        SetValue(Arc::from(vec![v]))
    }

    /// From elements in any order: one sort, one deduplication.
    pub fn from_vec(v: Vec<Value>) -> VResult<SetValue> {
        Ok(Self::from_sorted_unchecked(sort_dedup(v)?))
    }

    /// From elements already strictly increasing in TLC's order (checked in
    /// debug builds only).
    pub fn from_sorted_unchecked(v: Vec<Value>) -> SetValue {
        debug_assert!(
            v.windows(2).all(|w| w[0] < w[1]),
            "elements not strictly increasing"
        );
        SetValue(Arc::from(v))
    }

    pub(crate) fn from_arc_unchecked(a: Arc<[Value]>) -> SetValue {
        SetValue(a)
    }

    pub fn as_slice(&self) -> &[Value] {
        &self.0
    }

    pub fn arc(&self) -> &Arc<[Value]> {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Value> {
        self.0.iter()
    }

    pub fn ptr_eq(&self, other: &SetValue) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// `elem \in self`, by TLC's binary search (`elem.compareTo(e)`).
    pub fn contains(&self, elem: &Value) -> VResult<bool> {
        // A tuple by its items (a record's domain is never `1..n`).
        if let Some(items) = elem.as_func().and_then(|f| f.as_tuple()) {
            if let Some(found) = self.search_items(items)? {
                return Ok(found);
            }
        }
        self.search(elem)
    }

    /// `contains` by `elem.compareTo(e)` for each element met.
    fn search(&self, elem: &Value) -> VResult<bool> {
        let (mut lo, mut hi) = (0, self.0.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match elem.tlc_cmp(&self.0[mid])? {
                Ordering::Equal => return Ok(true),
                Ordering::Less => hi = mid,
                Ordering::Greater => lo = mid + 1,
            }
        }
        Ok(false)
    }

    /// `contains` for the tuple of `items`, without making it (`<<p[i], p[i+1]>> \in R` for
    /// every step of a path).
    pub fn contains_tuple(&self, items: &[Value]) -> VResult<bool> {
        match self.search_items(items)? {
            Some(found) => Ok(found),
            None => self.search(&Value::tuple(items.to_vec())),
        }
    }

    /// `search` for a tuple (or another function on `1..n`) given its items.
    /// Against an element that is a function on `1..n`, TLC's `compareTo` of such a value
    /// orders by length, then item by item, and that is done on the items. `None` at the
    /// first other element: `search` then retraces the same steps (comparisons change
    /// nothing) with the value itself.
    fn search_items(&self, items: &[Value]) -> VResult<Option<bool>> {
        let (mut lo, mut hi) = (0, self.0.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let Some(other) = self.0[mid].as_func().and_then(|f| f.as_tuple()) else {
                return Ok(None);
            };
            match cmp_items(items, other)? {
                Ordering::Equal => return Ok(Some(true)),
                Ordering::Less => hi = mid,
                Ordering::Greater => lo = mid + 1,
            }
        }
        Ok(Some(false))
    }

    /// `self \cup other` by merging.
    pub fn union(&self, other: &SetValue) -> VResult<SetValue> {
        if other.is_empty() {
            return Ok(self.clone());
        }
        if self.is_empty() {
            return Ok(other.clone());
        }
        let (a, b) = (self.as_slice(), other.as_slice());
        let mut out = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].tlc_cmp_lenient(&b[j])? {
                Ordering::Less => {
                    out.push(a[i].clone());
                    i += 1;
                }
                Ordering::Greater => {
                    out.push(b[j].clone());
                    j += 1;
                }
                Ordering::Equal => {
                    out.push(a[i].clone());
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
        Ok(Self::from_sorted_unchecked(out))
    }

    /// `self \cap other` by merging.
    pub fn intersect(&self, other: &SetValue) -> VResult<SetValue> {
        let (a, b) = (self.as_slice(), other.as_slice());
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].tlc_cmp_lenient(&b[j])? {
                Ordering::Less => i += 1,
                Ordering::Greater => j += 1,
                Ordering::Equal => {
                    out.push(a[i].clone());
                    i += 1;
                    j += 1;
                }
            }
        }
        Ok(Self::from_sorted_unchecked(out))
    }

    /// `self \ other` by merging.
    pub fn difference(&self, other: &SetValue) -> VResult<SetValue> {
        if other.is_empty() {
            return Ok(self.clone());
        }
        let (a, b) = (self.as_slice(), other.as_slice());
        let mut out = Vec::with_capacity(a.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].tlc_cmp_lenient(&b[j])? {
                Ordering::Less => {
                    out.push(a[i].clone());
                    i += 1;
                }
                Ordering::Greater => j += 1,
                Ordering::Equal => {
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        Ok(Self::from_sorted_unchecked(out))
    }

    /// `self \cup {v}`.
    pub fn insert(&self, v: Value) -> VResult<SetValue> {
        self.union(&SetValue::singleton(v))
    }
}

impl FromIterator<Value> for SetBuilder {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Self {
        let mut b = SetBuilder::new();
        for v in iter {
            b.push(v);
        }
        b
    }
}

/// Collects elements, sorts once at the end, and skips the sort when the
/// elements arrived already increasing (as when mapping an ordered set
/// through a monotone expression).
#[derive(Default)]
pub struct SetBuilder {
    items: Vec<Value>,
    sorted: bool,
    err: Option<super::ValueError>,
}

impl SetBuilder {
    pub fn new() -> Self {
        SetBuilder {
            items: Vec::new(),
            sorted: true,
            err: None,
        }
    }

    pub fn with_capacity(n: usize) -> Self {
        SetBuilder {
            items: Vec::with_capacity(n),
            sorted: true,
            err: None,
        }
    }

    pub fn push(&mut self, v: Value) {
        if self.sorted && self.err.is_none() {
            if let Some(last) = self.items.last() {
                match last.tlc_cmp_lenient(&v) {
                    Ok(Ordering::Less) => {}
                    Ok(_) => self.sorted = false,
                    Err(e) => self.err = Some(e),
                }
            }
        }
        self.items.push(v);
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The normalized set, or the first comparison error.
    pub fn finish(self) -> VResult<SetValue> {
        if let Some(e) = self.err {
            return Err(e);
        }
        if self.sorted {
            Ok(SetValue::from_sorted_unchecked(self.items))
        } else {
            SetValue::from_vec(self.items)
        }
    }
}

/// TLC's `compareTo` of a tuple with a function on `1..n`, given their items: shorter first,
/// then the first unequal item decides (`order.rs`'s `func_cmp` on such a pair).
fn cmp_items(a: &[Value], b: &[Value]) -> VResult<Ordering> {
    if a.len() != b.len() {
        return Ok(a.len().cmp(&b.len()));
    }
    for (x, y) in a.iter().zip(b) {
        let o = x.tlc_cmp(y)?;
        if o != Ordering::Equal {
            return Ok(o);
        }
    }
    Ok(Ordering::Equal)
}
