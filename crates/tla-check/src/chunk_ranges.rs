//! Which worker expands which chunk of a level. Each worker owns a contiguous range of the
//! chunks and takes its own from the front, in increasing order; a worker whose range is
//! empty takes from the back of another's. A level's states are in the order their parents
//! were expanded, so the first part of a level was mostly built by the worker that owned the
//! first part of the level before: with ranges, a state is mostly expanded on the core that
//! built it and whose caches may still hold it, where chunks dealt out in turn sent about
//! half of them to the other core (docs/PERFORMANCE.md, "Eleventh session": about 5% less
//! CPU at two workers, within the runs' spread).

use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) struct ChunkRanges {
    /// Per worker: the first chunk still to take (high half) and one past the last (low).
    ranges: Box<[AtomicU64]>,
}

fn pack(front: u32, back: u32) -> u64 {
    (u64::from(front) << 32) | u64::from(back)
}

fn unpack(v: u64) -> (u32, u32) {
    ((v >> 32) as u32, v as u32)
}

impl ChunkRanges {
    /// `chunks` chunks shared by `workers` workers (at least one), in ranges of equal size.
    pub(crate) fn new(chunks: usize, workers: usize) -> Self {
        let workers = workers.max(1);
        let chunks = u32::try_from(chunks).expect("a level has fewer than 2^32 chunks");
        let bound = |t: usize| (u64::from(chunks) * t as u64 / workers as u64) as u32;
        ChunkRanges {
            ranges: (0..workers)
                .map(|t| AtomicU64::new(pack(bound(t), bound(t + 1))))
                .collect(),
        }
    }

    /// The next chunk for worker `t`: the front of its own range, else the back of another's
    /// (the next worker's first); None once every chunk is taken.
    pub(crate) fn take(&self, t: usize) -> Option<usize> {
        let n = self.ranges.len();
        if let Some(k) = self.take_at(t % n, true) {
            return Some(k);
        }
        (1..n).find_map(|d| self.take_at((t + d) % n, false))
    }

    fn take_at(&self, owner: usize, front: bool) -> Option<usize> {
        let range = &self.ranges[owner];
        let mut v = range.load(Ordering::Relaxed);
        loop {
            let (f, b) = unpack(v);
            if f >= b {
                return None;
            }
            let (taken, next) = if front {
                (f, pack(f + 1, b))
            } else {
                (b - 1, pack(f, b - 1))
            };
            match range.compare_exchange_weak(v, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return Some(taken as usize),
                Err(now) => v = now,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn one_worker_takes_every_chunk_in_order() {
        let r = ChunkRanges::new(5, 1);
        let taken: Vec<usize> = std::iter::from_fn(|| r.take(0)).collect();
        assert_eq!(taken, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_worker_takes_its_own_range_first_then_the_back_of_the_next() {
        let r = ChunkRanges::new(6, 2);
        assert_eq!(r.take(1), Some(3), "worker 1 owns chunks 3..6");
        let taken: Vec<usize> = std::iter::from_fn(|| r.take(0)).collect();
        assert_eq!(taken, vec![0, 1, 2, 5, 4]);
        assert_eq!(r.take(1), None);
    }

    #[test]
    fn more_workers_than_chunks_leave_some_ranges_empty() {
        let r = ChunkRanges::new(2, 7);
        let mut taken: Vec<usize> = (0..7).filter_map(|t| r.take(t)).collect();
        taken.sort_unstable();
        assert_eq!(taken, vec![0, 1]);
    }

    #[test]
    fn workers_taking_at_once_take_each_chunk_exactly_once() {
        for workers in [2, 3, 7] {
            let chunks = 10_000;
            let r = ChunkRanges::new(chunks, workers);
            let all = Mutex::new(Vec::new());
            std::thread::scope(|s| {
                for t in 0..workers {
                    let (r, all) = (&r, &all);
                    s.spawn(move || {
                        let mut own = Vec::new();
                        while let Some(k) = r.take(t) {
                            own.push(k);
                        }
                        all.lock().unwrap().extend(own);
                    });
                }
            });
            let mut all = all.into_inner().unwrap();
            all.sort_unstable();
            assert_eq!(all, (0..chunks).collect::<Vec<_>>(), "{workers} workers");
        }
    }
}
