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
    let clocked: Vec<Clocked> = traces.iter().map(Clocked::of).collect();
    let mut need = Vec::with_capacity(traces.len());
    for t in traces {
        let mut per_event = Vec::with_capacity(t.events.len());
        for (i, e) in t.events.iter().enumerate() {
            let mut row = vec![0u32; traces.len()];
            if let Some(c) = &e.clock {
                for (g, u) in traces.iter().enumerate() {
                    // 1 + the last event of u that must come before e.
                    let Some(j) = clocked[g].last_before(c) else {
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

/// A file's clocked events, and whether their clocks never decrease along the file (each at
/// most the next: Lamport `<=`, vectors entry by entry). Then the events before any clock
/// are a prefix of them, found by binary search; otherwise each search scans the file.
struct Clocked<'t> {
    events: Vec<(usize, &'t Clock)>,
    monotone: bool,
}

impl<'t> Clocked<'t> {
    fn of(t: &'t Trace) -> Self {
        let events: Vec<(usize, &Clock)> = t
            .events
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.clock.as_ref().map(|c| (i, c)))
            .collect();
        let monotone = events.windows(2).all(|w| at_most(w[0].1, w[1].1));
        Clocked { events, monotone }
    }

    /// The index (in the file) of the last event whose clock is before `c`.
    fn last_before(&self, c: &Clock) -> Option<usize> {
        if self.monotone {
            let n = self.events.partition_point(|(_, x)| x.before(c));
            return n.checked_sub(1).map(|k| self.events[k].0);
        }
        self.events
            .iter()
            .rev()
            .find(|(_, x)| x.before(c))
            .map(|(i, _)| *i)
    }
}

/// `a` is before `b` or the same clock (a missing vector entry is 0).
fn at_most(a: &Clock, b: &Clock) -> bool {
    match (a, b) {
        (Clock::Lamport(a), Clock::Lamport(b)) => a <= b,
        (Clock::Vector(a), Clock::Vector(b)) => {
            a.iter().all(|(k, &n)| n <= b.get(k).copied().unwrap_or(0))
        }
        _ => false,
    }
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
