//! Dividing the enumeration of the initial states between workers.
//!
//! Each worker walks Init the same way up to the first choice on a path that has at least
//! as many ways as there are workers (a disjunct, a value of an `\E` variable, an element of
//! `x \in S`), takes the next way no worker has taken yet (a counter per divided choice,
//! shared by the workers: ways differ in cost, and MCBakery's nine ways dealt round-robin left
//! one worker idle for a third of the enumeration), and walks it whole; states reached
//! without such a choice are emitted by worker 0 alone. Which worker walks a way changes
//! nothing of what it emits or of its keys. Each state carries an [`InitKey`]
//! that orders all workers' states exactly as one enumeration emits them, so the search
//! examines them, and reports the first violation or error, in TLC's order.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// What the workers of one divided enumeration share: per divided choice (numbered in the
/// order every worker's walk enters them), the next way not yet taken.
#[derive(Default)]
pub struct InitShares(Mutex<Vec<Arc<AtomicUsize>>>);

impl InitShares {
    /// The counter of divided choice `split` (1 for the first).
    fn counter(&self, split: u32) -> Arc<AtomicUsize> {
        let mut all = self.0.lock().expect("init shares");
        let i = split as usize - 1;
        while all.len() <= i {
            all.push(Arc::default());
        }
        all[i].clone()
    }
}

/// A state's place in the order of one whole enumeration.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct InitKey {
    /// How many divided choices were entered before (or at) the state.
    split: u32,
    /// 1: inside the divided choice `split`; 2: after it, before the next one.
    after: u8,
    /// The way taken at the divided choice.
    way: u32,
    /// The state's rank among those emitted since the last change of the fields above.
    seq: u64,
}

/// One worker's share, and where its walk is.
pub(crate) struct Part<'s> {
    shares: &'s InitShares,
    worker: usize,
    workers: usize,
    inside: Cell<bool>,
    splits: Cell<u32>,
    way: Cell<u32>,
    seq: Cell<u64>,
}

impl<'s> Part<'s> {
    pub(crate) fn new(shares: &'s InitShares, worker: usize, workers: usize) -> Part<'s> {
        Part {
            shares,
            worker,
            workers: workers.max(1),
            inside: Cell::new(false),
            splits: Cell::new(0),
            way: Cell::new(0),
            seq: Cell::new(0),
        }
    }

    /// The key of the next state emitted (or of the error met now).
    pub(crate) fn key(&self) -> InitKey {
        let inside = self.inside.get();
        InitKey {
            split: self.splits.get(),
            after: if inside { 1 } else { 2 },
            way: if inside { self.way.get() } else { 0 },
            seq: self.seq.get(),
        }
    }

    /// Counts a state reached; whether this worker emits it.
    pub(crate) fn reach(&self) -> bool {
        self.seq.set(self.seq.get() + 1);
        self.inside.get() || self.worker == 0
    }

    /// Runs `way(i)` for each of `n` ways, or for this worker's share of them when this is
    /// the first choice of its path with enough ways. Stops at the first `false` or error.
    #[inline]
    pub(crate) fn choose<E>(
        part: Option<&Part<'_>>,
        n: usize,
        mut way: impl FnMut(usize) -> Result<bool, E>,
    ) -> Result<bool, E> {
        match part {
            Some(p) if !p.inside.get() && n >= p.workers.max(2) => p.divide(n, &mut way),
            _ => {
                for i in 0..n {
                    if !way(i)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
        }
    }

    /// This worker's ways of a divided choice.
    fn divide<E>(
        &self,
        n: usize,
        way: &mut dyn FnMut(usize) -> Result<bool, E>,
    ) -> Result<bool, E> {
        self.splits.set(self.splits.get() + 1);
        self.inside.set(true);
        let next = self.shares.counter(self.splits.get());
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                break;
            }
            self.way.set(i as u32);
            self.seq.set(0);
            // An error leaves the walk where it is: its key places it.
            if !way(i)? {
                self.inside.set(false);
                return Ok(false);
            }
        }
        self.inside.set(false);
        self.seq.set(0);
        Ok(true)
    }
}
