//! Logs of several processes merged by the clocks their events carry: which events of the
//! other files must come before an event, and the check that the clocks do not contradict a
//! file's own order.
//!
//! A Lamport clock `c` orders by number: an event with a smaller clock comes first, equal
//! clocks in either order. A vector clock `{"p1": 3, "p2": 1}` (a missing process is 0)
//! orders by happened-before: `a` before `b` when every entry of `a` is at most `b`'s and they
//! differ; incomparable vectors are concurrent. An event without a clock is ordered only by
//! its file.

use crate::event::{Event, Trace};
use serde_json::Value as J;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
pub enum Clock {
    Lamport(u64),
    Vector(BTreeMap<String, u64>),
}

impl Clock {
    /// Reads a `clock` field; the error says what a clock is.
    pub fn from_json(j: &J) -> Result<Clock, String> {
        let bad = || {
            "clock must be a Lamport number (a non-negative integer) or a vector clock such as {\"p1\": 3, \"p2\": 1}".to_string()
        };
        match j {
            J::Number(n) => n.as_u64().map(Clock::Lamport).ok_or_else(bad),
            J::Object(o) => o
                .iter()
                .map(|(k, v)| v.as_u64().map(|n| (k.clone(), n)).ok_or_else(bad))
                .collect::<Result<_, _>>()
                .map(Clock::Vector),
            _ => Err(bad()),
        }
    }

    /// Whether the clocks say `self` happened before `other`.
    pub fn before(&self, other: &Clock) -> bool {
        match (self, other) {
            (Clock::Lamport(a), Clock::Lamport(b)) => a < b,
            (Clock::Vector(a), Clock::Vector(b)) => {
                let at = |m: &BTreeMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);
                a.iter().all(|(k, &n)| n <= at(b, k))
                    && b.keys().chain(a.keys()).any(|k| at(a, k) < at(b, k))
            }
            _ => false,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Clock::Lamport(_) => "a Lamport number",
            Clock::Vector(_) => "a vector clock",
        }
    }
}

/// An event of the merged logs: its file (index into the traces) and its place there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct At {
    pub file: usize,
    pub index: usize,
}

/// For each event, how many events of each file must have been taken before it may be:
/// `need[f][i][g]` for event `i` of file `f`. Own file order is implied by positions.
pub struct Order {
    need: Vec<Vec<Vec<u32>>>,
}

impl Order {
    /// Whether event `i` of file `f` may come next when `pos[g]` events of each file `g` are
    /// taken (and `pos[f] == i`).
    pub fn available(&self, f: usize, i: usize, pos: &[u32]) -> bool {
        self.need[f][i]
            .iter()
            .zip(pos)
            .enumerate()
            .all(|(g, (n, p))| g == f || p >= n)
    }
}

/// The order the clocks impose, or an error (`file:line:col: ...`) when they contradict a
/// file's order: an event whose clock says it comes before an earlier event of its file,
/// clocks of both kinds, or clocks that leave no order of all the events.
pub fn order(traces: &[Trace]) -> Result<Order, String> {
    let mut kind: Option<(&Clock, &Trace, &Event)> = None;
    for t in traces {
        for e in &t.events {
            let Some(c) = &e.clock else { continue };
            match kind {
                None => kind = Some((c, t, e)),
                Some((k, kt, ke)) if std::mem::discriminant(k) != std::mem::discriminant(c) => {
                    return Err(format!(
                        "{}: the clock is {}, but {}:{} has {}: the events' clocks must be of one kind",
                        at(t, e, "clock"),
                        c.kind(),
                        kt.file,
                        ke.line,
                        k.kind()
                    ));
                }
                _ => {}
            }
        }
    }
    let chains: Vec<bool> = traces.iter().map(is_chain).collect();
    let mut need = Vec::with_capacity(traces.len());
    for t in traces {
        let mut per_event = Vec::with_capacity(t.events.len());
        for (i, e) in t.events.iter().enumerate() {
            let mut row = vec![0u32; traces.len()];
            if let Some(c) = &e.clock {
                for (g, u) in traces.iter().enumerate() {
                    // 1 + the last event of u that must come before e.
                    let Some(j) = last_before(u, chains[g], c) else {
                        continue;
                    };
                    if std::ptr::eq(t, u) && j >= i {
                        let later = &u.events[j];
                        return Err(format!(
                            "{}: this event's clock is before the clock of event {} (line {}), which the file logs earlier: the clocks contradict the file's order",
                            at(t, later, "clock"),
                            i + 1,
                            e.line
                        ));
                    }
                    row[g] = j as u32 + 1;
                }
            }
            per_event.push(row);
        }
        need.push(per_event);
    }
    let order = Order { need };
    check_consistent(traces, &order)?;
    Ok(order)
}

/// Whether every event of `t` has a clock and the clocks increase along the file (Lamport
/// numbers may repeat): then the events before a clock are a prefix of the file.
fn is_chain(t: &Trace) -> bool {
    t.events.first().is_some_and(|e| e.clock.is_some())
        && t.events
            .windows(2)
            .all(|w| match (&w[0].clock, &w[1].clock) {
                (Some(a), Some(b)) => a.before(b) || (matches!(a, Clock::Lamport(_)) && a == b),
                _ => false,
            })
}

/// The index of the last event of `t` whose clock is before `c`.
fn last_before(t: &Trace, chain: bool, c: &Clock) -> Option<usize> {
    if chain {
        let n = t
            .events
            .partition_point(|e| e.clock.as_ref().is_some_and(|x| x.before(c)));
        return n.checked_sub(1);
    }
    t.events
        .iter()
        .rposition(|e| e.clock.as_ref().is_some_and(|x| x.before(c)))
}

/// Some order of all the events must agree with the files and the clocks: taking any event
/// that may come next, repeatedly, finds one if there is one (taking an event never makes
/// another unavailable).
fn check_consistent(traces: &[Trace], order: &Order) -> Result<(), String> {
    let mut pos = vec![0u32; traces.len()];
    let total: usize = traces.iter().map(|t| t.events.len()).sum();
    for _ in 0..total {
        let next = (0..traces.len()).find(|&f| {
            let i = pos[f] as usize;
            i < traces[f].events.len() && order.available(f, i, &pos)
        });
        match next {
            Some(f) => pos[f] += 1,
            None => {
                // Every file's next event waits for an event another file logs later.
                let f = (0..traces.len())
                    .find(|&f| (pos[f] as usize) < traces[f].events.len())
                    .expect("an event is left");
                let i = pos[f] as usize;
                let e = &traces[f].events[i];
                let g = (0..traces.len())
                    .find(|&g| g != f && pos[g] < order.need[f][i][g])
                    .expect("a file it waits for");
                let w = &traces[g].events[order.need[f][i][g] as usize - 1];
                return Err(format!(
                    "{}: the clocks contradict the files' order: this event comes after {}:{} by the clocks, and no order of the files' events takes that one first",
                    at(&traces[f], e, "clock"),
                    traces[g].file,
                    w.line
                ));
            }
        }
    }
    Ok(())
}

/// `file:line:col` of a key of an event.
fn at(t: &Trace, e: &Event, key: &str) -> String {
    let (line, col) = t.locate(t.key_offset(e, key));
    format!("{}:{line}:{col}", t.file)
}
