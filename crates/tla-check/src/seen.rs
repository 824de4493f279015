//! The set of fingerprints of the states seen so far: 64-bit fingerprints in an
//! open-addressing table of atomic slots (8 bytes a slot, at most 3/4 full), so that workers
//! can ask whether a state is new while others insert. No state is kept whole.

use std::sync::atomic::{AtomicU64, Ordering};

/// The slot value of an empty slot. A fingerprint equal to it is stored as `ZERO_STAND_IN`.
const EMPTY: u64 = 0;
const ZERO_STAND_IN: u64 = 0x9e37_79b9_7f4a_7c15;

pub struct FingerprintSet {
    slots: Box<[AtomicU64]>,
    /// Fingerprints stored (kept by the inserting thread; the table grows under `&mut`).
    len: AtomicU64,
}

fn stored(fp: u64) -> u64 {
    if fp == EMPTY {
        ZERO_STAND_IN
    } else {
        fp
    }
}

impl Default for FingerprintSet {
    fn default() -> Self {
        Self::with_capacity(1 << 16)
    }
}

impl FingerprintSet {
    /// A table with room for `n` fingerprints before it must grow.
    pub fn with_capacity(n: usize) -> Self {
        let slots = (n * 4 / 3 + 1).next_power_of_two().max(1024);
        FingerprintSet {
            slots: (0..slots).map(|_| AtomicU64::new(EMPTY)).collect(),
            len: AtomicU64::new(0),
        }
    }

    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Slots in the table.
    pub fn capacity(&self) -> u64 {
        self.slots.len() as u64
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// Fingerprints are xxh3 outputs, uniformly spread: their low bits pick the slot.
    fn home(&self, fp: u64) -> usize {
        (fp as usize) & self.mask()
    }

    pub fn contains(&self, fp: u64) -> bool {
        let fp = stored(fp);
        let mut i = self.home(fp);
        loop {
            match self.slots[i].load(Ordering::Acquire) {
                EMPTY => return false,
                s if s == fp => return true,
                _ => i = (i + 1) & self.mask(),
            }
        }
    }

    /// Adds `fp`; false when it was there already. The caller must call `reserve` between
    /// insertions so the table never fills (inserting through `&self` cannot grow it).
    pub fn insert(&self, fp: u64) -> bool {
        let fp = stored(fp);
        let mut i = self.home(fp);
        loop {
            match self.slots[i].compare_exchange(EMPTY, fp, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => {
                    self.len.fetch_add(1, Ordering::Relaxed);
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
        if need * 4 <= self.slots.len() as u64 * 3 {
            return;
        }
        let mut bigger = FingerprintSet::with_capacity((need * 2) as usize);
        for s in self.slots.iter() {
            let v = s.load(Ordering::Relaxed);
            if v != EMPTY {
                bigger.insert_stored(v);
            }
        }
        *self = bigger;
    }

    fn insert_stored(&mut self, fp: u64) {
        let mut i = self.home(fp);
        while *self.slots[i].get_mut() != EMPTY {
            i = (i + 1) & self.mask();
        }
        *self.slots[i].get_mut() = fp;
        *self.len.get_mut() += 1;
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
