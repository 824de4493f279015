//! The elements of an explicit function domain (a record's field names, a set of model
//! values), held so that copying them writes nothing.
//!
//! Every EXCEPT and every record built copies its domain. Held in an `Arc`, that copy writes
//! the count, which sits in the cache line of the first elements, so two workers building
//! records of one shape write (and read) one line on every step: on CoffeeCan1000Beans at two
//! workers a third of `except_path`'s samples were that `lock inc`, a quarter the read of
//! the field names behind it, and the search gained nothing from the second core. Domains of
//! scalars (strings, model values, integers, Booleans) are therefore kept once per process, by
//! content, in storage never freed: a copy is a pointer, and no count is written beside the
//! elements. How many are kept is bounded; past the bound, and for domains of compound values
//! (the messages of a bag, which change from state to state), the elements stay counted.

use super::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::{Arc, Mutex};

/// The sorted elements of an explicit domain.
#[derive(Clone)]
pub struct DomainElems(Held);

#[derive(Clone)]
enum Held {
    Counted(Arc<[Value]>),
    Kept(&'static Kept),
}

struct Kept {
    /// Read by every lookup: a block of its own, so no count shares its lines.
    elems: Box<[Value]>,
    /// The same elements as a set's storage, for `DOMAIN f`.
    set: Arc<[Value]>,
}

/// Longer domains are not kept: hashing them on every build would cost more than a count.
const MAX_KEPT_LEN: usize = 64;
/// Bounds on what the process keeps, in domains and in elements (a few MiB at most).
const MAX_KEPT_DOMAINS: usize = 1 << 15;
const MAX_KEPT_ELEMS: usize = 1 << 18;

#[derive(Default)]
struct Table {
    by_hash: HashMap<u64, Vec<&'static Kept>>,
    domains: usize,
    elems: usize,
}

fn table() -> &'static Mutex<Table> {
    static TABLE: std::sync::OnceLock<Mutex<Table>> = std::sync::OnceLock::new();
    TABLE.get_or_init(Default::default)
}

thread_local! {
    /// This thread's view of the table, so that a build takes no lock once its domain is known.
    static SEEN: RefCell<HashMap<u64, &'static Kept>> = RefCell::new(HashMap::new());
}

fn scalar(v: &Value) -> bool {
    matches!(
        v,
        Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_)
    )
}

fn content_hash(elems: &[Value]) -> u64 {
    // Scalars hash by what identifies them (a string's token, a model value's index).
    let mix =
        |h: u64, tag: u64, x: u64| (h.rotate_left(5) ^ tag ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    elems.iter().fold(elems.len() as u64, |h, v| match v {
        Value::Bool(b) => mix(h, 1 << 60, *b as u64),
        Value::Int(n) => mix(h, 2 << 60, *n as u64),
        Value::Str(s) => mix(h, 3 << 60, s.token() as u64),
        Value::ModelValue(m) => mix(h, 4 << 60, m.index() as u64),
        _ => unreachable!("only scalar domains are kept"),
    })
}

fn same(kept: &Kept, elems: &[Value]) -> bool {
    kept.elems.len() == elems.len() && kept.elems.iter().zip(elems).all(|(a, b)| a == b)
}

/// The kept copy of `elems`, made now if the bounds allow.
fn keep(elems: &Arc<[Value]>) -> Option<&'static Kept> {
    let hash = content_hash(elems);
    let local = SEEN.with(|s| s.borrow().get(&hash).copied());
    if let Some(k) = local {
        return same(k, elems).then_some(k);
    }
    let mut t = table().lock().unwrap_or_else(|p| p.into_inner());
    let found = t
        .by_hash
        .get(&hash)
        .and_then(|ks| ks.iter().copied().find(|k| same(k, elems)));
    let kept = match found {
        Some(k) => k,
        None if t.domains < MAX_KEPT_DOMAINS && t.elems + elems.len() <= MAX_KEPT_ELEMS => {
            let k: &'static Kept = Box::leak(Box::new(Kept {
                elems: elems.iter().cloned().collect(),
                set: elems.clone(),
            }));
            t.domains += 1;
            t.elems += elems.len();
            t.by_hash.entry(hash).or_default().push(k);
            k
        }
        None => return None,
    };
    drop(t);
    // One entry per hash here: another domain of the same hash stays counted in this thread.
    SEEN.with(|s| {
        s.borrow_mut().entry(hash).or_insert(kept);
    });
    Some(kept)
}

impl DomainElems {
    /// Sorted, duplicate-free elements; kept (see the top) when they are few scalars.
    pub fn new(elems: Arc<[Value]>) -> DomainElems {
        if elems.len() <= MAX_KEPT_LEN && elems.iter().all(scalar) {
            if let Some(k) = keep(&elems) {
                return DomainElems(Held::Kept(k));
            }
        }
        DomainElems(Held::Counted(elems))
    }

    /// The elements as a set's storage (shared, not copied).
    pub fn set_storage(&self) -> Arc<[Value]> {
        match &self.0 {
            Held::Counted(a) => a.clone(),
            Held::Kept(k) => k.set.clone(),
        }
    }

    /// Whether the elements are kept for the whole process (they weigh nothing on a state).
    pub fn is_kept(&self) -> bool {
        matches!(self.0, Held::Kept(_))
    }
}

impl Deref for DomainElems {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        match &self.0 {
            Held::Counted(a) => a,
            Held::Kept(k) => &k.elems,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::IStr;

    fn names(ns: &[&str]) -> Arc<[Value]> {
        let mut v: Vec<Value> = ns.iter().map(|n| Value::Str(IStr::new(n))).collect();
        v.sort_by_key(|x| match x {
            Value::Str(s) => s.token(),
            _ => 0,
        });
        v.into()
    }

    #[test]
    fn equal_scalar_domains_share_one_kept_copy() {
        let a = DomainElems::new(names(&["dek_black", "dek_white"]));
        let b = DomainElems::new(names(&["dek_black", "dek_white"]));
        assert!(a.is_kept() && b.is_kept());
        assert!(std::ptr::eq(a.as_ptr(), b.as_ptr()));
        assert_eq!(&*a, &*names(&["dek_black", "dek_white"]));
        let c = DomainElems::new(names(&["dek_black"]));
        assert!(!std::ptr::eq(a.as_ptr(), c.as_ptr()));
    }

    #[test]
    fn compound_and_long_domains_stay_counted() {
        let sets: Arc<[Value]> = vec![Value::Set(crate::value::SetValue::empty())].into();
        assert!(!DomainElems::new(sets).is_kept());
        let long: Arc<[Value]> = (0..=MAX_KEPT_LEN as i64)
            .map(|i| Value::Int(2 * i))
            .collect();
        assert!(!DomainElems::new(long).is_kept());
    }

    #[test]
    fn the_set_storage_of_a_kept_domain_is_shared() {
        let a = DomainElems::new(names(&["dek_x", "dek_y"]));
        assert!(Arc::ptr_eq(&a.set_storage(), &a.set_storage()));
    }
}
