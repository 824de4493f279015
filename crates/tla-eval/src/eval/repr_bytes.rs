//! Values written as bytes that are equal exactly when the values are the same value held the
//! same way: `1..3` and `{1, 2, 3}`, a tuple and a function on `1..n`, differ (TLC prints them
//! differently, so `ToString` tells them apart). A table keyed by these bytes compares keys
//! with one `memcmp` over memory it owns, instead of chasing the pointers of kept values.

use crate::value::{Domain, Value};

const BOOL: u8 = 1;
const INT: u8 = 2;
const STR: u8 = 3;
const MODEL: u8 = 4;
const INTERVAL: u8 = 5;
const SET: u8 = 6;
const FUNC: u8 = 7;
const RANGE: u8 = 8;
const EXPLICIT: u8 = 9;

/// Appends `v`'s bytes to `out`; false (with `out` partly written) when `v` holds a lazy set
/// or `out` would grow past `limit` bytes.
pub(super) fn put_repr(v: &Value, out: &mut Vec<u8>, limit: usize) -> bool {
    if out.len() > limit {
        return false;
    }
    match v {
        Value::Bool(b) => out.extend_from_slice(&[BOOL, u8::from(*b)]),
        Value::Int(n) => put_i64(out, INT, *n),
        // Interned: the token is the string.
        Value::Str(s) => put_u32(out, STR, s.token()),
        Value::ModelValue(m) => put_u32(out, MODEL, m.name().token()),
        Value::Interval(lo, hi) => {
            put_i64(out, INTERVAL, *lo);
            out.extend_from_slice(&hi.to_le_bytes());
        }
        Value::Set(s) => {
            put_u32(out, SET, s.len() as u32);
            return s.iter().all(|x| put_repr(x, out, limit));
        }
        Value::Func(f) => {
            put_u32(out, FUNC, f.len() as u32);
            out.push(f.kind() as u8);
            let domain = match f.domain() {
                Domain::Range(lo) => {
                    put_i64(out, RANGE, *lo);
                    true
                }
                Domain::Explicit(d) => {
                    out.push(EXPLICIT);
                    d.iter().all(|x| put_repr(x, out, limit))
                }
            };
            return domain && f.values().iter().all(|x| put_repr(x, out, limit));
        }
        _ => return false,
    }
    out.len() <= limit
}

fn put_i64(out: &mut Vec<u8>, tag: u8, n: i64) {
    out.push(tag);
    out.extend_from_slice(&n.to_le_bytes());
}

fn put_u32(out: &mut Vec<u8>, tag: u8, n: u32) {
    out.push(tag);
    out.extend_from_slice(&n.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::FuncValue;

    fn bytes(v: &Value) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        put_repr(v, &mut out, 1024).then_some(out)
    }

    #[test]
    fn equal_values_held_differently_differ() {
        let interval = Value::Interval(1, 3);
        let set = Value::set((1..=3).map(Value::Int).collect()).unwrap();
        assert_eq!(interval, set);
        assert_ne!(bytes(&interval), bytes(&set));
        let tuple = Value::tuple(vec![Value::Int(1), Value::Int(2)]);
        let func = Value::Func(std::sync::Arc::new(FuncValue::from_range(
            1,
            vec![Value::Int(1), Value::Int(2)],
        )));
        assert_eq!(tuple, func);
        assert_ne!(bytes(&tuple), bytes(&func));
    }

    #[test]
    fn the_same_value_gives_the_same_bytes_and_different_ones_differ() {
        let a = Value::tuple(vec![Value::Int(1), Value::Bool(true)]);
        let b = Value::tuple(vec![Value::Int(1), Value::Bool(true)]);
        let c = Value::tuple(vec![Value::Int(1), Value::Bool(false)]);
        assert_eq!(bytes(&a), bytes(&b));
        assert_ne!(bytes(&a), bytes(&c));
        // Concatenated keys stay apart: <<1>> then <<>> is not <<>> then <<1>>.
        let one = Value::tuple(vec![Value::Int(1)]);
        let empty = Value::tuple(vec![]);
        let mut x = bytes(&one).unwrap();
        x.extend(bytes(&empty).unwrap());
        let mut y = bytes(&empty).unwrap();
        y.extend(bytes(&one).unwrap());
        assert_ne!(x, y);
    }

    #[test]
    fn lazy_sets_and_oversized_values_have_no_bytes() {
        assert_eq!(bytes(&Value::Nat), None);
        let long = Value::tuple((0..200).map(Value::Int).collect());
        assert_eq!(bytes(&long), None);
    }
}
