//! Answers of `x \in S` for compound `x` and a set that is large or defined by a type
//! (`[f : S]`, `[S -> T]`, ...), kept by the identity of both objects (per thread): a type
//! invariant such as `\A m \in msgs : m \in Messages` asks again, state after state, about
//! the same message objects, which successors share with their parent.

use super::error::VResult;
use super::Value;
use std::cell::RefCell;

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

/// The rows, and how well they serve: when fewer than a quarter of a window's questions
/// were answered from them (objects rarely asked about twice), they are left alone for the
/// next `REST` questions, which then cost nothing extra.
#[derive(Default)]
struct Table {
    rows: Vec<Option<Row>>,
    asked: u32,
    answered: u32,
    resting: u32,
}

const WINDOW: u32 = 4096;
const REST: u32 = 16 * WINDOW;

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// Whether `elem \in set` is worth looking up: a compound element, and a set searched by
/// more than a few comparisons.
#[inline]
pub(crate) fn worth_keeping(set: &Value, elem: &Value) -> bool {
    match elem {
        Value::Func(f) if f.len() <= SHORT_FUNC && shallow(set) => false,
        Value::Func(_) | Value::Set(_) => match set {
            Value::Set(s) => s.len() >= MIN_SET_LEN,
            Value::Subset(_)
            | Value::SeqSet(_)
            | Value::FuncSet(_)
            | Value::RecordSet(_)
            | Value::Product(_) => true,
            _ => false,
        },
        _ => false,
    }
}

/// Functions up to this length are checked against a shallow type set directly.
const SHORT_FUNC: usize = 16;

/// A type set whose members' parts are scalars tested in a step or a few comparisons
/// (`[Node -> Int]`, `[pos : Node, q : Int]`): a short function is checked against it faster
/// than a row is looked up, and a row kept for it would hold an old state's function alive
/// only to free it later, from cold memory.
fn shallow(set: &Value) -> bool {
    fn flat(part: &Value) -> bool {
        match part {
            Value::Interval(..) | Value::Nat | Value::IntSet | Value::StringSet => true,
            Value::Set(s) => {
                s.len() < MIN_SET_LEN
                    && s.iter().next().is_none_or(|x| {
                        matches!(
                            x,
                            Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_)
                        )
                    })
            }
            _ => false,
        }
    }
    match set {
        Value::FuncSet(fs) => flat(&fs.range) && flat(&fs.domain),
        Value::RecordSet(rs) => rs.sets().iter().all(flat),
        Value::Product(sets) => sets.iter().all(flat),
        Value::SeqSet(range) => flat(range),
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
    let (Some(s), Some(e)) = (set.object_address(), elem.object_address()) else {
        return search();
    };
    let mixed = ((s.rotate_left(17) ^ e) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let row = (mixed >> (64 - ROWS.trailing_zeros())) as usize;
    let kept = TABLE.with(|t| {
        let Ok(mut t) = t.try_borrow_mut() else {
            return Err(());
        };
        if t.resting > 0 {
            t.resting -= 1;
            return Err(());
        }
        t.asked += 1;
        if t.asked == WINDOW {
            if t.answered < WINDOW / 4 {
                t.resting = REST;
            }
            (t.asked, t.answered) = (0, 0);
        }
        let hit = match t.rows.get(row) {
            Some(Some(r)) if r.set.same_object(set) && r.elem.same_object(elem) => Some(r.member),
            _ => None,
        };
        t.answered += hit.is_some() as u32;
        Ok(hit)
    });
    match kept {
        Err(()) => return search(),
        Ok(Some(m)) => return Ok(m),
        Ok(None) => {}
    }
    let m = search()?;
    TABLE.with(|t| {
        if let Ok(mut t) = t.try_borrow_mut() {
            if t.rows.is_empty() {
                t.rows.resize_with(ROWS, || None);
            }
            t.rows[row] = Some(Row {
                set: set.clone(),
                elem: elem.clone(),
                member: m,
            });
        }
    });
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::lazy::FuncSetValue;
    use std::sync::Arc;

    fn func_set(domain: Value, range: Value) -> Value {
        Value::FuncSet(Arc::new(FuncSetValue { domain, range }))
    }

    #[test]
    fn short_functions_of_shallow_type_sets_are_not_kept() {
        let node = Value::Interval(0, 2);
        let f = Value::tuple(vec![Value::Int(1), Value::Int(2), Value::Int(3)]);
        assert!(!worth_keeping(&func_set(node.clone(), Value::IntSet), &f));
        let colors = Value::set(vec![Value::Bool(false), Value::Bool(true)]).unwrap();
        assert!(!worth_keeping(&func_set(node.clone(), colors), &f));
        // A range whose members are compound is searched at depth: kept.
        let nested = func_set(node.clone(), func_set(node.clone(), Value::IntSet));
        assert!(worth_keeping(&nested, &f));
        // A long function is kept even against a shallow set.
        let long = Value::tuple((0..40).map(Value::Int).collect());
        assert!(worth_keeping(&Value::SeqSet(Arc::new(Value::Nat)), &long));
    }
}
