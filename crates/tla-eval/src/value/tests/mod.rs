//! Unit tests of the value layer. Strings are interned process-wide and
//! ordered by first interning, so tests that depend on string order use names
//! no other test interns.

mod builders;
mod enumerate;
mod equality;
mod fingerprint;
mod int;
mod membership;
mod order;
mod ppr;
mod print;

use super::{FuncValue, IStr, Value};

pub fn int(n: i64) -> Value {
    Value::Int(n)
}

pub fn s(x: &str) -> Value {
    Value::str(x)
}

pub fn set(v: Vec<Value>) -> Value {
    Value::set(v).expect("comparable elements")
}

pub fn ints(v: &[i64]) -> Value {
    set(v.iter().map(|&n| int(n)).collect())
}

pub fn tup(v: Vec<Value>) -> Value {
    Value::tuple(v)
}

/// A record; fields are interned in the order given.
pub fn rec(fields: &[(&str, Value)]) -> Value {
    Value::record(
        fields
            .iter()
            .map(|(n, v)| (IStr::new(n), v.clone()))
            .collect(),
    )
    .expect("distinct fields")
}

/// A function (`FcnRcdValue`) from pairs.
pub fn fcn(pairs: Vec<(Value, Value)>) -> Value {
    Value::func_from_pairs(pairs).expect("valid function")
}

/// `[i \in lo..lo+n-1 |-> values[i]]`.
pub fn range_fcn(lo: i64, values: Vec<Value>) -> Value {
    Value::from(FuncValue::from_range(lo, values))
}

#[test]
fn value_is_small() {
    assert!(std::mem::size_of::<Value>() <= 24);
    // A state's empty slot costs no space: `None` is one of the tag's unused values.
    assert_eq!(
        std::mem::size_of::<Option<Value>>(),
        std::mem::size_of::<Value>()
    );
}

#[test]
fn values_cross_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Value>();
    let v = set(vec![s("thread_a"), s("thread_b")]);
    let fp = v.fingerprint().unwrap();
    let w = v.clone();
    let other = std::thread::spawn(move || w.fingerprint().unwrap())
        .join()
        .unwrap();
    assert_eq!(fp, other);
}
