//! Values written as bytes that are equal exactly when the values are the same value held the
//! same way: `1..3` and `{1, 2, 3}`, a tuple and a function on `1..n`, differ (TLC prints them
//! differently, so `ToString` tells them apart). A table keyed by these bytes compares keys
//! with one `memcmp` over memory it owns, instead of chasing the pointers of kept values.

use crate::value::{Domain, Value};

const FALSE: u8 = 1;
const TRUE: u8 = 2;
const SMALL_INT: u8 = 3;
const INT: u8 = 4;
const STR: u8 = 5;
const MODEL: u8 = 6;
const INTERVAL: u8 = 7;
const SET: u8 = 8;
const FUNC: u8 = 9;
const RANGE: u8 = 10;
const EXPLICIT: u8 = 11;
/// A length byte that says the length follows as four bytes.
const LONG: u8 = u8::MAX;

/// Appends `v`'s bytes to `out`; false (with `out` partly written) when `v` holds a lazy set
/// or `out` would grow past `limit` bytes. Small integers and lengths take one byte: keys
/// are written on every look-up, and short keys hash and compare faster.
pub(super) fn put_repr(v: &Value, out: &mut Vec<u8>, limit: usize) -> bool {
    if out.len() > limit {
        return false;
    }
    match v {
        Value::Bool(b) => out.push(if *b { TRUE } else { FALSE }),
        Value::Int(n) => put_int(out, *n),
        // Interned: the token is the string.
        Value::Str(s) => put_u32(out, STR, s.token()),
        Value::ModelValue(m) => put_u32(out, MODEL, m.name().token()),
        Value::Interval(lo, hi) => {
            out.push(INTERVAL);
            put_int(out, *lo);
            put_int(out, *hi);
        }
        Value::Set(s) => {
            put_len(out, SET, s.len());
            return s.iter().all(|x| put_elem(x, out, limit));
        }
        Value::Func(f) => {
            put_len(out, FUNC, f.len());
            out.push(f.kind() as u8);
            let domain = match f.domain() {
                Domain::Range(lo) => {
                    out.push(RANGE);
                    put_int(out, *lo);
                    true
                }
                Domain::Explicit(d) => {
                    out.push(EXPLICIT);
                    d.iter().all(|x| put_repr(x, out, limit))
                }
            };
            return domain && f.values().iter().all(|x| put_elem(x, out, limit));
        }
        _ => return false,
    }
    out.len() <= limit
}

/// `put_repr` for an element of a set or function: scalars, the usual case, without the call.
#[inline(always)]
fn put_elem(v: &Value, out: &mut Vec<u8>, limit: usize) -> bool {
    match v {
        Value::Bool(b) => out.push(if *b { TRUE } else { FALSE }),
        Value::Int(n) => put_int(out, *n),
        _ => return put_repr(v, out, limit),
    }
    out.len() <= limit
}

#[inline(always)]
fn put_int(out: &mut Vec<u8>, n: i64) {
    match i8::try_from(n) {
        Ok(small) => out.extend_from_slice(&[SMALL_INT, small as u8]),
        Err(_) => {
            out.push(INT);
            out.extend_from_slice(&n.to_le_bytes());
        }
    }
}

fn put_len(out: &mut Vec<u8>, tag: u8, n: usize) {
    match u8::try_from(n) {
        Ok(short) if short != LONG => out.extend_from_slice(&[tag, short]),
        _ => {
            out.extend_from_slice(&[tag, LONG]);
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
    }
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
    fn small_and_large_integers_and_lengths_stay_apart() {
        let ints = [0, 1, -1, 127, 128, -128, -129, i64::MAX, i64::MIN];
        for (i, a) in ints.iter().enumerate() {
            for b in &ints[i + 1..] {
                assert_ne!(bytes(&Value::Int(*a)), bytes(&Value::Int(*b)), "{a} {b}");
            }
        }
        let long = |n: i64| Value::tuple((0..n).map(|_| Value::Int(0)).collect());
        let mut out = Vec::new();
        assert!(put_repr(&long(300), &mut out, 4096));
        let mut other = Vec::new();
        assert!(put_repr(&long(44), &mut other, 4096));
        assert_ne!(out[..other.len()], other[..]);
    }

    #[test]
    fn lazy_sets_and_oversized_values_have_no_bytes() {
        assert_eq!(bytes(&Value::Nat), None);
        let long = Value::tuple((0..600).map(Value::Int).collect());
        assert_eq!(bytes(&long), None);
    }
}
