//! `SelectSeq(s, Test)` kept by identity. A trace spec compares the messages of a channel
//! before and after a step (`SelectSeq(inbox[n], IsPayload) = SelectSeq(inbox'[n],
//! IsPayload)`) for every successor of a state: the channels a step leaves alone are the very
//! same sequence objects in both states and in every sibling, so the filtered sequence is
//! found again instead of applying the test to each message.
//!
//! An entry is used only for the same sequence object and the same test definition of the
//! same evaluator, and only for a test that gives one value for given arguments (`op_fixed`:
//! constant level, no effect, drawn value or read of the run's state); the entry holds the
//! sequence, so its address cannot be reused meanwhile. Errors are not kept. A LET or LAMBDA
//! test is left alone: it is made afresh for each call (MultiPaxos's `LET filter(c) == ...
//! IN SelectSeq(pending, filter)`), so it would never be found again.

use super::memo::identical;
use super::Evaluator;
use crate::env::OpValue;
use crate::value::Value;
use std::cell::RefCell;

/// Entries a thread keeps (a few channels, each before and after the step).
const ENTRIES: usize = 16;

struct Entry {
    ev: u64,
    seq: Value,
    test: OpValue,
    out: Value,
}

#[derive(Default)]
struct Kept {
    entries: Vec<Entry>,
    /// The entry the next new one replaces once all are in use.
    next: usize,
}

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
}

/// Whether `a` and `b` are the same test definition.
fn same_test(a: &OpValue, b: &OpValue) -> bool {
    match (a, b) {
        (OpValue::Def(x), OpValue::Def(y)) => x == y,
        (OpValue::Builtin(x), OpValue::Builtin(y)) => x == y,
        _ => false,
    }
}

/// Whether `SelectSeq(seq, test)` may have a kept result: a sequence and a named test (see
/// above; `keep_select` also asks that the test be `op_fixed`).
fn keepable(seq: &Value, test: &OpValue) -> bool {
    matches!(seq, Value::Func(_)) && matches!(test, OpValue::Def(_) | OpValue::Builtin(_))
}

impl Evaluator<'_> {
    /// The kept `SelectSeq(seq, test)`, if any.
    pub(crate) fn kept_select(&self, seq: &Value, test: &OpValue) -> Option<Value> {
        if !keepable(seq, test) {
            return None;
        }
        KEPT.with(|k| {
            let k = k.borrow();
            k.entries
                .iter()
                .find(|e| e.ev == self.id && identical(&e.seq, seq) && same_test(&e.test, test))
                .map(|e| e.out.clone())
        })
    }

    /// Keeps `out` as `SelectSeq(seq, test)` when the rules above allow it.
    pub(crate) fn keep_select(&self, seq: &Value, test: &OpValue, out: &Value) {
        if !keepable(seq, test) || !self.op_fixed(test) {
            return;
        }
        let entry = Entry {
            ev: self.id,
            seq: seq.clone(),
            test: test.clone(),
            out: out.clone(),
        };
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.entries.len() < ENTRIES {
                k.entries.push(entry);
            } else {
                let at = k.next;
                k.entries[at] = entry;
                k.next = (at + 1) % ENTRIES;
            }
        });
    }
}
