//! A symmetry group as the orbit hash walks it, and the hashes of set elements (and function
//! pairs) under each of its permutations, kept by content across states.
//!
//! A state's messages, log entries, per-node records... recur in state after state; encoding
//! each one under every permutation again was most of a symmetric model's fingerprinting.

use super::intern::ModelValue;
use super::perm_hash::Item;
use super::Value;
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

/// The identity hash of items met before, and whether they hold a moved model value, by the
/// identity of their objects: a successor shares most of its parent's messages and records,
/// whose encodings need not be walked again.
#[derive(Default)]
pub(super) struct ItemIds {
    group: u64,
    rows: Vec<Option<IdRow>>,
}

/// A row holds the item's objects (so their addresses cannot be reused while it is kept).
struct IdRow {
    object: Value,
    key: Option<Value>,
    own: u128,
    met: bool,
}

const ID_ROWS: usize = 1 << 14;

/// The compound object an item is known by, and the plain value paired with it, if any.
fn identity<'v>(it: Item<'v>) -> Option<(&'v Value, Option<&'v Value>)> {
    let compound = |v: &Value| matches!(v, Value::Func(_) | Value::Set(_));
    let plain = |v: &Value| {
        matches!(
            v,
            Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_)
        )
    };
    match it {
        Item::Elem(x) if compound(x) => Some((x, None)),
        Item::Pair(k, x) if compound(x) && plain(k) => Some((x, Some(k))),
        _ => None,
    }
}

impl ItemIds {
    pub(super) fn use_group(&mut self, group: &PermGroup) {
        if self.group != group.id {
            self.group = group.id;
            self.rows.clear();
        }
    }

    fn row(object: &Value, key: Option<&Value>) -> usize {
        let k = key.map_or(0, |k| match k {
            Value::Int(n) => *n as u64,
            Value::ModelValue(m) => m.index() as u64 + 1,
            Value::Str(s) => s.token() as u64 + 2,
            Value::Bool(b) => *b as u64 + 3,
            _ => 0,
        });
        let a = (object.object_address().unwrap_or(0) as u64).rotate_left(17) ^ k;
        (a.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 50) as usize % ID_ROWS
    }

    /// The identity hash of `it` and whether it holds a moved model value, if kept.
    pub(super) fn get(&self, it: Item) -> Option<(u128, bool)> {
        let (object, key) = identity(it)?;
        match self.rows.get(Self::row(object, key)) {
            Some(Some(r)) if r.object.same_object(object) && r.key.as_ref() == key => {
                Some((r.own, r.met))
            }
            _ => None,
        }
    }

    pub(super) fn put(&mut self, it: Item, own: u128, met: bool) {
        let Some((object, key)) = identity(it) else {
            return;
        };
        if self.rows.is_empty() {
            self.rows.resize_with(ID_ROWS, || None);
        }
        self.rows[Self::row(object, key)] = Some(IdRow {
            object: object.clone(),
            key: key.cloned(),
            own,
            met,
        });
    }
}
