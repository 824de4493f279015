//! The set of fingerprints of the states seen so far: 64-bit fingerprints in an
//! open-addressing table of atomic slots (8 bytes a slot, at most 3/4 full), so that workers
//! can ask whether a state is new while others insert. No state is kept whole. With order
//! keys (a parallel search), each slot also holds the smallest order key its fingerprint was
//! claimed with (16 bytes a slot): that key's finder is the one-worker search's first finder.

use std::sync::atomic::{AtomicU64, Ordering};

/// The slot value of an empty slot. A fingerprint equal to it is stored as `ZERO_STAND_IN`.
const EMPTY: u64 = 0;
const ZERO_STAND_IN: u64 = 0x9e37_79b9_7f4a_7c15;
/// The key slot of a fingerprint not claimed with a key.
pub const NO_KEY: u64 = u64::MAX;

pub struct FingerprintSet {
    /// Per slot its fingerprint, followed by its key when `stride` is 2.
    slots: Box<[AtomicU64]>,
    stride: usize,
    /// Slots (of `stride` words) less one: a power of two less one. Kept, not computed at
    /// each probe, which took a division.
    mask: usize,
    /// Fingerprints stored, plus the room claimers have taken and not yet used (`take_room`).
    len: Apart,
}

/// A counter on a cache line of its own: the workers write it, and every probe reads the
/// table's other fields, which would otherwise move between the cores with each write.
#[repr(align(128))]
struct Apart(AtomicU64);

fn stored(fp: u64) -> u64 {
    if fp == EMPTY {
        ZERO_STAND_IN
    } else {
        fp
    }
}

/// Fingerprints a new table has room for. Small: every page of a new table is written
/// before the search starts, and fresh memory is not free (about half a millisecond a MiB
/// on the machines we measure on), which a model of a few hundred states would pay in full.
/// A large search grows the table by doubling.
const FIRST_CAPACITY: usize = 1 << 10;

impl Default for FingerprintSet {
    fn default() -> Self {
        Self::with_capacity(FIRST_CAPACITY)
    }
}

impl FingerprintSet {
    /// A table with room for `n` fingerprints before it must grow.
    pub fn with_capacity(n: usize) -> Self {
        Self::sized(n, 1)
    }

    /// An empty table whose fingerprints are claimed with order keys (`claim`).
    pub fn with_keys() -> Self {
        Self::sized(FIRST_CAPACITY, 2)
    }

    fn sized(n: usize, stride: usize) -> Self {
        let slots = (n * 4 / 3 + 1).next_power_of_two().max(1024);
        let empty = |i: usize| match i % stride {
            0 => AtomicU64::new(EMPTY),
            _ => AtomicU64::new(NO_KEY),
        };
        FingerprintSet {
            slots: (0..slots * stride).map(empty).collect(),
            stride,
            mask: slots - 1,
            len: Apart(AtomicU64::new(0)),
        }
    }

    /// Exact when no claimer holds room (`take_room`), as between the passes of a search.
    pub fn len(&self) -> u64 {
        self.len.0.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Slots in the table.
    pub fn capacity(&self) -> u64 {
        (self.slots.len() / self.stride) as u64
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Takes room for `n` fingerprints, if the table has it at most 3/4 full: a claimer
    /// adds up to that many with `claim_in_room` without writing the shared count each time.
    pub fn take_room(&self, n: u64) -> bool {
        let most = self.capacity() * 3 / 4;
        let mut now = self.len();
        loop {
            if now + n > most {
                return false;
            }
            match self.len.0.compare_exchange_weak(
                now,
                now + n,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(other) => now = other,
            }
        }
    }

    /// Gives back room taken and not used.
    pub fn give_room(&self, n: u64) {
        self.len.0.fetch_sub(n, Ordering::Relaxed);
    }

    fn mask(&self) -> usize {
        self.mask
    }

    /// Fingerprints are xxh3 outputs, uniformly spread: their low bits pick the slot.
    fn home(&self, fp: u64) -> usize {
        (fp as usize) & self.mask()
    }

    /// Asks the processor to bring `fp`'s home slot into cache: a probe soon after then
    /// finds it there instead of waiting for memory.
    #[inline]
    pub fn prefetch(&self, fp: u64) {
        let at = self.home(stored(fp)) * self.stride;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint: it reads nothing and cannot fault.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(self.slots.as_ptr().add(at) as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = at;
    }

    pub fn contains(&self, fp: u64) -> bool {
        self.find(fp).is_some()
    }

    /// The index in `slots` of `fp`'s slot.
    fn find(&self, fp: u64) -> Option<usize> {
        let fp = stored(fp);
        let mut i = self.home(fp);
        loop {
            match self.slots[i * self.stride].load(Ordering::Acquire) {
                EMPTY => return None,
                s if s == fp => return Some(i * self.stride),
                _ => i = (i + 1) & self.mask(),
            }
        }
    }

    /// The smallest key `fp` was claimed with (a table with keys).
    pub fn winner(&self, fp: u64) -> Option<u64> {
        debug_assert_eq!(self.stride, 2);
        let at = self.find(fp)?;
        Some(self.slots[at + 1].load(Ordering::Acquire))
    }

    /// Adds `fp` claimed with order `key` (a table with keys): true when `key` is the
    /// smallest key it has been claimed with so far. The caller keeps the table with room
    /// (`reserve`) as for `insert`.
    pub fn claim(&self, fp: u64, key: u64) -> bool {
        let (won, added) = self.claim_in_room(fp, key);
        if added {
            self.len.0.fetch_add(1, Ordering::Relaxed);
        }
        won
    }

    /// `claim` in room the caller took (`take_room`): whether `key` won, and whether `fp`
    /// was added (using one fingerprint of that room).
    pub fn claim_in_room(&self, fp: u64, key: u64) -> (bool, bool) {
        debug_assert_eq!(self.stride, 2);
        let fp = stored(fp);
        let mut i = self.home(fp);
        loop {
            let at = i * 2;
            // Reading first: most successors were seen before, and a failed compare-exchange
            // still takes the cache line from the other workers.
            let mut s = self.slots[at].load(Ordering::Acquire);
            if s == EMPTY {
                match self.slots[at].compare_exchange(
                    EMPTY,
                    fp,
                    Ordering::AcqRel,
                    Ordering::Acquire,
                ) {
                    Ok(_) => {
                        let won = self.slots[at + 1].fetch_min(key, Ordering::AcqRel) > key;
                        return (won, true);
                    }
                    Err(now) => s = now,
                }
            }
            if s == fp {
                let k = &self.slots[at + 1];
                // States of earlier levels have smaller keys: no write to their line.
                if k.load(Ordering::Acquire) < key {
                    return (false, false);
                }
                return (k.fetch_min(key, Ordering::AcqRel) > key, false);
            }
            i = (i + 1) & self.mask();
        }
    }

    /// Adds `fp` as a state settled before the search (a recovered checkpoint): with order
    /// keys it takes key 0, smaller than any later claim, so no later finder wins it.
    pub fn insert_settled(&self, fp: u64) -> bool {
        if self.stride == 2 {
            self.claim(fp, 0)
        } else {
            self.insert(fp)
        }
    }

    /// Adds `fp`; false when it was there already. The caller must call `reserve` between
    /// insertions so the table never fills (inserting through `&self` cannot grow it).
    pub fn insert(&self, fp: u64) -> bool {
        let fp = stored(fp);
        let mut i = self.home(fp);
        loop {
            match self.slots[i * self.stride].compare_exchange(
                EMPTY,
                fp,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => {
                    self.len.0.fetch_add(1, Ordering::Relaxed);
                    return true;
                }
                Err(s) if s == fp => return false,
                Err(_) => i = (i + 1) & self.mask(),
            }
        }
    }

    /// Makes room for `more` insertions at most 3/4 full, rehashing into a table twice as
    /// large (or more) when needed.
    pub fn reserve(&mut self, more: u64) {
        let need = self.len() + more;
        if need * 4 <= self.capacity() * 3 {
            return;
        }
        let mut bigger = FingerprintSet::sized((need * 2) as usize, self.stride);
        for slot in self.slots.chunks(self.stride) {
            let v = slot[0].load(Ordering::Relaxed);
            if v != EMPTY {
                let key = slot.get(1).map_or(NO_KEY, |k| k.load(Ordering::Relaxed));
                bigger.insert_stored(v, key);
            }
        }
        // The room claimers hold stays taken in the larger table.
        *bigger.len.0.get_mut() = self.len();
        *self = bigger;
    }

    fn insert_stored(&mut self, fp: u64, key: u64) {
        let mut i = self.home(fp);
        while *self.slots[i * self.stride].get_mut() != EMPTY {
            i = (i + 1) & self.mask();
        }
        *self.slots[i * self.stride].get_mut() = fp;
        if self.stride == 2 {
            *self.slots[i * 2 + 1].get_mut() = key;
        }
        *self.len.0.get_mut() += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_once_and_remembers_across_growth() {
        let mut s = FingerprintSet::with_capacity(4);
        let fps: Vec<u64> = (0..10_000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i << 7))
            .collect();
        for &fp in &fps {
            s.reserve(1);
            assert!(s.insert(fp));
            assert!(!s.insert(fp));
        }
        assert_eq!(s.len(), 10_000);
        assert!(fps.iter().all(|&fp| s.contains(fp)));
        assert!(!s.contains(12345678901));
        // At most 3/4 full: 8 bytes a slot, so at most 16 bytes a fingerprint after growth.
        assert!(s.bytes() <= 10_000 * 8 * 4 / 3 * 2 + 8 * 1024);
    }

    #[test]
    fn zero_is_an_ordinary_fingerprint() {
        let mut s = FingerprintSet::default();
        s.reserve(2);
        assert!(!s.contains(0));
        assert!(s.insert(0));
        assert!(s.contains(0));
        assert!(!s.insert(0));
        assert_eq!(s.len(), 1);
    }

    #[test]
    fn a_recovered_fingerprint_is_never_won_by_a_later_claim() {
        let mut s = FingerprintSet::with_keys();
        s.reserve(2);
        assert!(s.insert_settled(9));
        assert!(
            !s.claim(9, 1 << 32),
            "the first successor of state 0 finds it seen"
        );
        assert_eq!(s.winner(9), Some(0));
        assert!(s.claim(10, 1 << 32));
    }

    #[test]
    fn the_smallest_key_wins_a_claim_and_survives_growth() {
        let mut s = FingerprintSet::with_keys();
        s.reserve(3);
        assert!(s.claim(7, 50), "the first claim is the smallest so far");
        assert!(!s.claim(7, 60), "a larger key loses");
        assert!(s.claim(7, 40), "a smaller key takes it");
        assert!(!s.claim(7, 45));
        assert!(s.claim(0, 3));
        assert_eq!(s.winner(7), Some(40));
        assert_eq!(s.winner(0), Some(3));
        assert_eq!(s.winner(8), None);
        assert_eq!(s.len(), 2);
        for fp in 100..200_000u64 {
            s.reserve(1);
            assert!(s.claim(fp.wrapping_mul(0xff51_afd7_ed55_8ccd), fp));
        }
        assert_eq!(s.winner(7), Some(40));
        assert!(s.contains(7) && s.contains(0));
        assert_eq!(s.len(), 2 + 199_900);
    }

    #[test]
    fn room_taken_is_kept_through_growth_and_given_back_exactly() {
        let mut s = FingerprintSet::with_keys();
        let most = s.capacity() * 3 / 4;
        assert!(s.take_room(most), "the whole 3/4 can be taken");
        assert!(!s.take_room(1), "no room past 3/4 of the table");
        for fp in 1..=10u64 {
            assert_eq!(s.claim_in_room(fp, fp), (true, true));
        }
        assert_eq!(
            s.claim_in_room(3, 99),
            (false, false),
            "a repeat uses no room"
        );
        s.reserve(100);
        assert!(
            s.capacity() * 3 / 4 >= most + 100,
            "the taken room still counts"
        );
        assert_eq!(s.len(), most);
        s.give_room(most - 10);
        assert_eq!(
            s.len(),
            10,
            "stored fingerprints once the room is given back"
        );
        assert!((1..=10).all(|fp| s.winner(fp) == Some(fp)));
    }

    #[test]
    fn concurrent_claims_leave_the_smallest_key() {
        let mut s = FingerprintSet::with_keys();
        s.reserve(10_000);
        let won = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|sc| {
            for t in 0..4u64 {
                let (s, won) = (&s, &won);
                sc.spawn(move || {
                    // Fingerprint i is claimed by every thread, with key 4 * i + t.
                    for i in 0..10_000u64 {
                        if s.claim(i + 1, 4 * i + t) {
                            won.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(s.len(), 10_000);
        assert!((0..10_000u64).all(|i| s.winner(i + 1) == Some(4 * i)));
        // Each fingerprint is won at least once (by key 4i) and at most by all four threads.
        let w = won.load(Ordering::Relaxed);
        assert!((10_000..=40_000).contains(&w), "{w}");
    }

    #[test]
    fn concurrent_inserts_keep_each_fingerprint_once() {
        let mut s = FingerprintSet::default();
        s.reserve(40_000);
        let added = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|sc| {
            for t in 0..4u64 {
                let (s, added) = (&s, &added);
                sc.spawn(move || {
                    // Every thread offers the same 10,000 fingerprints, from a different start.
                    for i in 0..10_000u64 {
                        let k = (i + t * 2500) % 10_000 + 1;
                        if s.insert(k.wrapping_mul(0xff51_afd7_ed55_8ccd)) {
                            added.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(added.load(Ordering::Relaxed), 10_000);
        assert_eq!(s.len(), 10_000);
    }
}
