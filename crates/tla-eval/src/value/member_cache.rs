//! Answers of `x \in S` for large explicit sets and compound `x`, kept by the identity of both
//! (per thread): a type invariant such as `\A m \in msgs : m \in Messages` asks again, state
//! after state, about the same message objects, which successors share with their parent.

use super::set::SetValue;
use super::Value;
use std::cell::RefCell;

/// Sets smaller than this are searched directly: a few comparisons cost less than a look-up.
pub(crate) const MIN_SET_LEN: usize = 32;
const ROWS: usize = 4096;

/// A row holds both objects (so their addresses cannot be reused while it is kept).
struct Row {
    set: SetValue,
    elem: Value,
    member: bool,
}

thread_local! {
    static ROWS_KEPT: RefCell<Vec<Option<Row>>> = const { RefCell::new(Vec::new()) };
}

/// The address of a compound value's shared object, or None for the other values.
fn object(v: &Value) -> Option<usize> {
    match v {
        Value::Func(f) => Some(std::sync::Arc::as_ptr(f) as *const u8 as usize),
        Value::Set(s) => Some(s.arc().as_ptr() as *const u8 as usize),
        _ => None,
    }
}

fn same_object(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Func(x), Value::Func(y)) => std::sync::Arc::ptr_eq(x, y),
        (Value::Set(x), Value::Set(y)) => x.ptr_eq(y),
        _ => false,
    }
}

/// `search()`'s answer for `elem \in set`, from the table when it was asked before about
/// these very objects. Failures are not kept.
pub(crate) fn member(
    set: &SetValue,
    elem: &Value,
    search: impl FnOnce() -> super::error::VResult<bool>,
) -> super::error::VResult<bool> {
    let Some(e) = object(elem) else {
        return search();
    };
    let s = set.arc().as_ptr() as *const u8 as usize;
    let row = (s.rotate_left(17) ^ e).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 12);
    let kept = ROWS_KEPT.with(|t| {
        let t = t.borrow();
        match t.get(row) {
            Some(Some(r)) if r.set.ptr_eq(set) && same_object(&r.elem, elem) => Some(r.member),
            _ => None,
        }
    });
    if let Some(m) = kept {
        return Ok(m);
    }
    let m = search()?;
    ROWS_KEPT.with(|t| {
        if let Ok(mut t) = t.try_borrow_mut() {
            if t.is_empty() {
                t.resize_with(ROWS, || None);
            }
            t[row] = Some(Row {
                set: set.clone(),
                elem: elem.clone(),
                member: m,
            });
        }
    });
    Ok(m)
}
