//! A symmetry group as the orbit hash walks it, and the hashes of set elements (and function
//! pairs) under each of its permutations, kept by content across states.
//!
//! A state's messages, log entries, per-node records... recur in state after state; encoding
//! each one under every permutation again was most of a symmetric model's fingerprinting.

use super::intern::ModelValue;
use std::sync::atomic::{AtomicU64, Ordering};

/// The permutations of a group, identity excluded, and the model values they move.
pub struct PermGroup {
    /// Distinguishes groups, so that hashes kept for one are never used for another.
    pub(super) id: u64,
    pub(super) perms: Vec<Vec<Option<ModelValue>>>,
    /// By model-value index: whether some permutation moves it.
    pub(super) watched: Vec<bool>,
}

impl PermGroup {
    /// `perms`: the image of each moved model value, by index, for each non-identity element.
    pub fn new(perms: Vec<Vec<Option<ModelValue>>>) -> PermGroup {
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let mut watched = Vec::new();
        for p in &perms {
            for (i, img) in p.iter().enumerate() {
                if img.is_some_and(|m| m.index() as usize != i) {
                    if watched.len() <= i {
                        watched.resize(i + 1, false);
                    }
                    watched[i] = true;
                }
            }
        }
        PermGroup {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            perms,
            watched,
        }
    }

    /// How many permutations besides the identity it holds.
    pub fn len(&self) -> usize {
        self.perms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }

    /// Whether some permutation moves the model value of this index.
    pub fn moves(&self, index: usize) -> bool {
        self.watched.get(index) == Some(&true)
    }
}

/// Image hashes of items, by the hash of the item's own (identity) encoding: a direct-mapped
/// table, one row per item, one column per non-identity permutation. About 16 MiB at most.
#[derive(Default)]
pub(super) struct ItemCache {
    group: u64,
    width: usize,
    keys: Vec<u128>,
    hashes: Vec<u128>,
}

/// Entries, whatever the group's size: (width + 1) * 16 bytes each.
const BUDGET_BYTES: usize = 16 << 20;
const MAX_ROWS: usize = 1 << 16;

impl ItemCache {
    /// Empties the table when `group` is not the one its hashes were computed for.
    pub(super) fn use_group(&mut self, group: &PermGroup) {
        if self.group == group.id {
            return;
        }
        let width = group.len();
        let fit = (BUDGET_BYTES / (16 * (width + 1))).clamp(64, MAX_ROWS);
        let rows = 1 << (usize::BITS - 1 - fit.leading_zeros());
        self.group = group.id;
        self.width = width;
        self.keys.clear();
        self.keys.resize(rows, 0);
        self.hashes.clear();
        self.hashes.resize(rows * width, 0);
    }

    /// The images' hashes of the item whose identity encoding hashes to `key`, if kept.
    pub(super) fn get(&self, key: u128) -> Option<&[u128]> {
        let (row, key) = self.row(key);
        (self.keys[row] == key).then(|| &self.hashes[row * self.width..(row + 1) * self.width])
    }

    /// Keeps `images` (one per permutation) for `key`, replacing whatever shared its row.
    pub(super) fn put(&mut self, key: u128, images: &[u128]) {
        let (row, key) = self.row(key);
        self.keys[row] = key;
        self.hashes[row * self.width..(row + 1) * self.width].copy_from_slice(images);
    }

    /// The row of `key`, and the key as stored (never 0, which marks an empty row).
    fn row(&self, key: u128) -> (usize, u128) {
        ((key as usize) & (self.keys.len() - 1), key | 1)
    }
}
