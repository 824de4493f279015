//! Answers of `x \in S` for compound `x` and a set that is large or defined by a type
//! (`[f : S]`, `[S -> T]`, ...), kept by the identity of both objects (per thread): a type
//! invariant such as `\A m \in msgs : m \in Messages` asks again, state after state, about
//! the same message objects, which successors share with their parent.

use super::error::VResult;
use super::Value;
use std::cell::RefCell;
use std::sync::Arc;

/// Explicit sets smaller than this are searched directly: a few comparisons cost less than
/// a look-up.
const MIN_SET_LEN: usize = 32;
const ROWS: usize = 4096;

/// A row holds both objects (so their addresses cannot be reused while it is kept).
struct Row {
    set: Value,
    elem: Value,
    member: bool,
}

thread_local! {
    static ROWS_KEPT: RefCell<Vec<Option<Row>>> = const { RefCell::new(Vec::new()) };
}

/// The address of a value's shared object, for the kinds whose membership may be kept.
fn object(v: &Value) -> Option<usize> {
    fn addr<T: ?Sized>(a: &Arc<T>) -> usize {
        Arc::as_ptr(a) as *const u8 as usize
    }
    match v {
        Value::Func(f) => Some(addr(f)),
        Value::Set(s) => Some(addr(s.arc())),
        Value::Subset(a) | Value::SeqSet(a) => Some(addr(a)),
        Value::FuncSet(a) => Some(addr(a)),
        Value::RecordSet(a) => Some(addr(a)),
        Value::Product(a) => Some(addr(a)),
        _ => None,
    }
}

/// Both are the same object (equal addresses of the same kind).
fn same_object(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b) && object(a) == object(b)
}

/// Whether `elem \in set` is worth looking up: a compound element, and a set searched by
/// more than a few comparisons.
pub(crate) fn worth_keeping(set: &Value, elem: &Value) -> bool {
    matches!(elem, Value::Func(_) | Value::Set(_))
        && match set {
            Value::Set(s) => s.len() >= MIN_SET_LEN,
            Value::Subset(_)
            | Value::SeqSet(_)
            | Value::FuncSet(_)
            | Value::RecordSet(_)
            | Value::Product(_) => true,
            _ => false,
        }
}

/// `search()`'s answer for `elem \in set`, from the table when it was asked before about
/// these very objects. Failures are not kept.
pub(crate) fn member(
    set: &Value,
    elem: &Value,
    search: impl FnOnce() -> VResult<bool>,
) -> VResult<bool> {
    let (Some(s), Some(e)) = (object(set), object(elem)) else {
        return search();
    };
    let row = (s.rotate_left(17) ^ e).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 12);
    let kept = ROWS_KEPT.with(|t| {
        let t = t.borrow();
        match t.get(row) {
            Some(Some(r)) if same_object(&r.set, set) && same_object(&r.elem, elem) => {
                Some(r.member)
            }
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
