//! An estimate of the heap memory a value holds, for the search's memory budget: the states
//! of a level waiting in memory are counted by it, so that `--memory` bounds what they take.
//! A part shared with other values is counted whole: what a state of the next level shares
//! with its parent is its own once the parent's level is explored and dropped.

use super::func::{Domain, FuncValue};
use super::Value;
use std::mem::size_of;

/// Bytes an `Arc`'s allocation adds to its contents (the two counts).
const ARC_HEADER: u64 = 16;

impl Value {
    /// Bytes of heap this value holds beyond its own slot (an estimate).
    pub fn heap_bytes(&self) -> u64 {
        match self {
            Value::Bool(_)
            | Value::Int(_)
            | Value::Str(_)
            | Value::ModelValue(_)
            | Value::Interval(..)
            | Value::Nat
            | Value::IntSet
            | Value::StringSet => 0,
            Value::Set(s) => slice_bytes(s.as_slice()),
            Value::Func(f) => func_bytes(f),
            Value::Subset(v) | Value::SeqSet(v) => {
                ARC_HEADER + size_of::<Value>() as u64 + v.heap_bytes()
            }
            Value::Product(vs) => slice_bytes(vs),
            // Their components are sets, kept whole only when enumerated.
            Value::FuncSet(_) => ARC_HEADER + 2 * size_of::<Value>() as u64,
            Value::RecordSet(_) => ARC_HEADER + 8 * size_of::<Value>() as u64,
        }
    }
}

/// The heap of a state: its values' slots and what they hold.
pub fn state_heap_bytes(state: &[Value]) -> u64 {
    slice_bytes(state)
}

fn slice_bytes(vs: &[Value]) -> u64 {
    ARC_HEADER + std::mem::size_of_val(vs) as u64 + vs.iter().map(Value::heap_bytes).sum::<u64>()
}

fn func_bytes(f: &FuncValue) -> u64 {
    let domain = match f.domain() {
        Domain::Range(_) => 0,
        // Kept for the whole process, held by no state alone.
        Domain::Explicit(d) if d.is_kept() => 0,
        Domain::Explicit(d) => slice_bytes(d),
    };
    ARC_HEADER + size_of::<FuncValue>() as u64 + slice_bytes(f.values()) - ARC_HEADER + domain
}
