//! Prefetching a state's values before it is expanded.
//!
//! A state waiting on the queue was built a level ago, and the parts it shares with its
//! parent earlier still: reading `network[q][p]` in the first guard of the state's first
//! action misses the cache at each level of the path (a function's header, then its values).
//! The search walks the states it will expand next a level deeper each time it comes nearer,
//! issuing prefetches for the level below what is already in cache, so that the walk itself
//! never waits on memory.

use super::Value;

const LINE: usize = 64;

/// The bytes of an `Arc`'s two counts, before its contents.
const ARC_COUNTS: usize = 16;

/// How many lines one walk asks for at most.
const BUDGET: u32 = 48;

/// How many states ahead of the one expanded are prefetched. Measured on MCLamportMutex
/// (five levels of pointers down to a channel's sequence): 5 and 8 gain alike, 3 little.
const AHEAD: usize = 5;

/// Prefetches the states to be expanded after the current one (`next`, in order), the
/// nearest the deepest: a state is walked one level deeper at each turn as it comes nearer,
/// so each walk reads only what the turn before asked for.
pub fn ahead<'a>(next: impl IntoIterator<Item = &'a [Value]>) {
    for (d, state) in next.into_iter().take(AHEAD).enumerate() {
        prefetch_state(state, (AHEAD - 1 - d) as u32);
    }
}

/// Asks for the parts of `state` down to `depth` levels below its slots (0: the slots
/// alone), reading only the levels above, which earlier calls with a smaller depth asked for.
fn prefetch_state(state: &[Value], depth: u32) {
    let mut budget = BUDGET;
    fetch(state.as_ptr());
    if depth > 0 {
        for v in state {
            value(v, depth - 1, &mut budget);
        }
    }
}

fn value(v: &Value, depth: u32, budget: &mut u32) {
    if *budget == 0 {
        return;
    }
    match v {
        Value::Func(f) => {
            *budget -= 1;
            // The header with the counts before it spans two lines most often.
            let header = (&**f as *const super::FuncValue).cast::<u8>();
            fetch(header.wrapping_sub(ARC_COUNTS));
            fetch(header.wrapping_add(std::mem::size_of::<super::FuncValue>() - 1));
            if depth > 0 {
                slice(f.values(), depth - 1, budget);
            }
        }
        Value::Set(s) => slice(s.as_slice(), depth, budget),
        _ => {}
    }
}

fn slice(vs: &[Value], depth: u32, budget: &mut u32) {
    if *budget == 0 || vs.is_empty() {
        return;
    }
    // Each line of the slice, up to four.
    let bytes = std::mem::size_of_val(vs);
    let mut at = 0;
    while at < bytes.min(4 * LINE) && *budget > 0 {
        *budget -= 1;
        fetch(vs.as_ptr().cast::<u8>().wrapping_add(at));
        at += LINE;
    }
    if depth > 0 {
        for v in vs {
            value(v, depth - 1, budget);
        }
    }
}

#[inline(always)]
fn fetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it never faults, whatever the address.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch(p as *const i8, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
