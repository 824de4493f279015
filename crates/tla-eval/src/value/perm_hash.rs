//! 128-bit hashes of a value's image under a permutation of model values, computed without
//! building the image (for SYMMETRY).
//!
//! Equal values hash equally whatever their representation (as [`super::fingerprint`]'s
//! encoding guarantees): intervals and lazy sets hash as the explicit sets they denote, a
//! function with a range domain as the same function with an explicit integer domain. A
//! permutation reorders sets and function domains that hold model values; instead of
//! re-sorting them, such sets (and such functions' pairs) are hashed element by element and
//! the element hashes added, which does not depend on the order. Sets and domains of numbers,
//! strings and Booleans keep their order under every permutation and are encoded in it.

use super::error::VResult;
use super::func::Domain;
use super::intern::ModelValue;
use super::perm_group::{ItemCache, ItemIds, PermGroup};
use super::Value;
use xxhash_rust::xxh3::xxh3_128;

/// A state's variable as the hasher reads it: a value, or a successor's slot, assigned.
pub trait Slot {
    fn value(&self) -> &Value;
}

impl Slot for Value {
    fn value(&self) -> &Value {
        self
    }
}

impl Slot for Option<Value> {
    fn value(&self) -> &Value {
        self.as_ref().expect("every variable is assigned")
    }
}

// This encoding's tags (its hashes are never compared with fingerprints).
const TAG_BOOL: u8 = 1;
const TAG_INT: u8 = 2;
const TAG_STR: u8 = 3;
const TAG_MODEL: u8 = 4;
const TAG_FUNC: u8 = 5;
const TAG_SET: u8 = 6;
/// A function whose pairs are hashed in no order (its domain holds non-scalars).
const TAG_FUNC_BAG: u8 = 7;
/// A set whose elements are hashed in no order (it holds non-scalars).
const TAG_SET_BAG: u8 = 8;
/// A value TLC can fingerprint only as a whole (never moved by a permutation).
const TAG_OTHER: u8 = 9;

/// A permutation: the image of each model value it moves, by model-value index.
pub type PermMap = [Option<ModelValue>];

/// Reusable buffers, one per nesting depth of order-free sets and functions.
#[derive(Default)]
pub struct PermHasher {
    bufs: Vec<Vec<u8>>,
    /// Model values some permutation moves, by index (see `hash_identity_keeping`).
    watched: Vec<bool>,
    /// The permutations of the group last recorded for, identity excluded.
    perms: Vec<Vec<Option<ModelValue>>>,
    group: u64,
    /// Whether the value being encoded met a watched model value.
    met: bool,
    mode: Mode,
    /// One entry per compound value met by the last `hash_identity_keeping` outside the
    /// order-free sets and functions, in the order the encoding meets them; `cursor` walks it
    /// again in `hash_all_reusing`.
    tape: Vec<TapeEntry>,
    cursor: usize,
    /// The encodings of the compound values no permutation changes.
    kept: Vec<u8>,
    /// For each order-free set or function recorded, its hash sum under each permutation.
    bag_sums: Vec<u128>,
    /// Where in `bag_sums` the order-free value just recorded keeps its sums.
    last_bag: Option<u32>,
    /// The permutation `hash_all_reusing` hashes under, by index in `perms`.
    replaying: usize,
    items: ItemCache,
    item_ids: ItemIds,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    Plain,
    Record,
    Replay,
}

const NO_BAG: u32 = u32::MAX;

/// A compound value of the recorded state: whether no permutation changes it (then its
/// encoding is `kept[start..end]`), whether it is an order-free value whose sums are
/// `bag_sums[bag..]`, and where the entries of the values after it begin.
#[derive(Clone, Copy)]
struct TapeEntry {
    fixed: bool,
    bag: u32,
    start: usize,
    end: usize,
    next: usize,
}

/// What an order-free value is the sum of: its elements, or its (argument, value) pairs.
#[derive(Clone, Copy)]
pub(super) enum Item<'v> {
    Elem(&'v Value),
    Pair(&'v Value, &'v Value),
}

impl PermHasher {
    pub fn new() -> Self {
        PermHasher::default()
    }

    /// The hash of the images of `vs` under `perm`, in order. Fails, like the fingerprint,
    /// for values TLC cannot fingerprint.
    pub fn hash_all<S: Slot>(&mut self, vs: &[S], perm: &PermMap) -> VResult<u128> {
        let mut out = self.take(0);
        let r = vs
            .iter()
            .try_for_each(|v| self.encode(v.value(), perm, &mut out, 1));
        let h = xxh3_128(&out);
        self.bufs[0] = out;
        r.map(|()| h)
    }

    /// The smallest hash of the images of `vs` under `group` and the identity: a function of
    /// the orbit of `vs`.
    pub fn orbit_min<S: Slot>(&mut self, vs: &[S], group: &PermGroup) -> VResult<u128> {
        let mut min = self.hash_identity_keeping(vs, group)?;
        for k in 0..group.len() {
            min = min.min(self.hash_all_reusing(vs, k)?);
        }
        Ok(min)
    }

    /// `hash_all(vs, &[])`, preparing `hash_all_reusing` under `group`: it notes which
    /// compound parts of `vs` hold no model value a permutation moves and keeps their
    /// encodings (such a part encodes the same under every permutation: a log of commands, a
    /// record of counters, ...), and sums the hashes of each order-free set's or function's
    /// items under every permutation at once, each item's hashes kept by content for the
    /// states to come.
    pub fn hash_identity_keeping<S: Slot>(&mut self, vs: &[S], group: &PermGroup) -> VResult<u128> {
        if self.group != group.id {
            self.group = group.id;
            self.watched.clone_from(&group.watched);
            self.perms.clone_from(&group.perms);
        }
        self.items.use_group(group);
        self.item_ids.use_group(group);
        self.tape.clear();
        self.kept.clear();
        self.bag_sums.clear();
        self.mode = Mode::Record;
        let r = self.hash_all(vs, &[]);
        self.mode = Mode::Plain;
        if r.is_err() {
            self.tape.clear();
        }
        r
    }

    /// The hash of the image of the `vs` of the last `hash_identity_keeping` under the
    /// `k`th permutation of its group.
    pub fn hash_all_reusing<S: Slot>(&mut self, vs: &[S], k: usize) -> VResult<u128> {
        self.cursor = 0;
        self.replaying = k;
        self.mode = if self.tape.is_empty() {
            Mode::Plain
        } else {
            Mode::Replay
        };
        let perm = std::mem::take(&mut self.perms);
        let r = self.hash_all(vs, &perm[k]);
        self.perms = perm;
        self.mode = Mode::Plain;
        r
    }

    /// Encodes `v`, recording or replaying the tape around compound values.
    fn encode(
        &mut self,
        v: &Value,
        perm: &PermMap,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> VResult<()> {
        let leaf = matches!(
            v,
            Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_)
        );
        match self.mode {
            _ if leaf => self.encode_inner(v, perm, out, depth),
            Mode::Plain => self.encode_inner(v, perm, out, depth),
            Mode::Replay => match (self.tape.get(self.cursor).copied(), bag_head(v)) {
                (Some(e), _) if e.fixed => {
                    out.extend_from_slice(&self.kept[e.start..e.end]);
                    self.cursor = e.next;
                    Ok(())
                }
                (Some(e), Some((tag, n))) if e.bag != NO_BAG => {
                    put_head(out, tag, n);
                    let sum = self.bag_sums[e.bag as usize + self.replaying];
                    out.extend_from_slice(&sum.to_le_bytes());
                    self.cursor = e.next;
                    Ok(())
                }
                _ => {
                    self.cursor += 1;
                    self.encode_inner(v, perm, out, depth)
                }
            },
            Mode::Record => {
                let t = self.tape.len();
                self.tape.push(TapeEntry {
                    fixed: false,
                    bag: NO_BAG,
                    start: 0,
                    end: 0,
                    next: 0,
                });
                let met_before = std::mem::replace(&mut self.met, false);
                let at = out.len();
                let r = self.encode_inner(v, perm, out, depth);
                let bag = self.last_bag.take().unwrap_or(NO_BAG);
                let fixed = !self.met;
                self.met |= met_before;
                r?;
                let (start, end) = if fixed {
                    let start = self.kept.len();
                    self.kept.extend_from_slice(&out[at..]);
                    (start, self.kept.len())
                } else {
                    (0, 0)
                };
                self.tape[t] = TapeEntry {
                    fixed,
                    bag,
                    start,
                    end,
                    next: self.tape.len(),
                };
                Ok(())
            }
        }
    }

    fn take(&mut self, depth: usize) -> Vec<u8> {
        if self.bufs.len() <= depth {
            self.bufs.resize_with(depth + 1, || Vec::with_capacity(256));
        }
        let mut b = std::mem::take(&mut self.bufs[depth]);
        b.clear();
        b
    }

    /// Encodes one item of an order-free value, with no tape inside it.
    fn encode_item(
        &mut self,
        it: Item,
        perm: &PermMap,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> VResult<()> {
        let mode = std::mem::replace(&mut self.mode, Mode::Plain);
        let r = match it {
            Item::Elem(x) => self.encode(x, perm, out, depth),
            Item::Pair(k, x) => self
                .encode(k, perm, out, depth)
                .and_then(|()| self.encode(x, perm, out, depth)),
        };
        self.mode = mode;
        r
    }

    /// The sum of the hashes of the items' images under `perm`.
    fn bag<'v>(
        &mut self,
        items: impl Iterator<Item = Item<'v>>,
        perm: &PermMap,
        depth: usize,
    ) -> VResult<u128> {
        let mut buf = self.take(depth);
        let mut sum: u128 = 0;
        for it in items {
            buf.clear();
            if let Err(e) = self.encode_item(it, perm, &mut buf, depth + 1) {
                self.bufs[depth] = buf;
                return Err(e);
            }
            sum = sum.wrapping_add(xxh3_128(&buf));
        }
        self.bufs[depth] = buf;
        Ok(sum)
    }

    /// `bag` under the identity, while recording: also sums the items' hashes under each
    /// permutation of the group into `bag_sums`, for the replays. An item holding no moved
    /// model value hashes the same under all of them; the others' images are hashed once per
    /// content and kept.
    fn record_bag<'v>(
        &mut self,
        items: impl Iterator<Item = Item<'v>>,
        depth: usize,
    ) -> VResult<u128> {
        let width = self.perms.len();
        let base = self.bag_sums.len();
        self.bag_sums.resize(base + width, 0);
        let perms = std::mem::take(&mut self.perms);
        let mut buf = self.take(depth);
        let mut images: Vec<u128> = Vec::new();
        let outer_met = std::mem::replace(&mut self.met, false);
        let mut any_met = false;
        let mut sum: u128 = 0;
        let mut r = Ok(());
        for it in items {
            let (own, met) = match self.item_ids.get(it) {
                Some(known) => known,
                None => {
                    self.met = false;
                    buf.clear();
                    r = self.encode_item(it, &[], &mut buf, depth + 1);
                    if r.is_err() {
                        break;
                    }
                    let own = xxh3_128(&buf);
                    self.item_ids.put(it, own, self.met);
                    (own, self.met)
                }
            };
            sum = sum.wrapping_add(own);
            let sums = &mut self.bag_sums[base..base + width];
            if !met {
                add_each(sums, std::iter::repeat(&own));
                continue;
            }
            any_met = true;
            if let Some(kept) = self.items.get(own) {
                add_each(sums, kept);
                continue;
            }
            images.clear();
            for p in &perms {
                buf.clear();
                r = self.encode_item(it, p, &mut buf, depth + 1);
                if r.is_err() {
                    break;
                }
                images.push(xxh3_128(&buf));
            }
            if r.is_err() {
                break;
            }
            self.items.put(own, &images);
            add_each(&mut self.bag_sums[base..base + width], &images);
        }
        self.met = outer_met | any_met;
        self.bufs[depth] = buf;
        self.perms = perms;
        self.last_bag = Some(base as u32);
        r.map(|()| sum)
    }

    /// The sum of an order-free value's items: `record_bag` while recording, else `bag`.
    fn bag_sum<'v>(
        &mut self,
        items: impl Iterator<Item = Item<'v>>,
        perm: &PermMap,
        depth: usize,
    ) -> VResult<u128> {
        if self.mode == Mode::Record {
            self.record_bag(items, depth)
        } else {
            self.bag(items, perm, depth)
        }
    }

    fn encode_inner(
        &mut self,
        v: &Value,
        perm: &PermMap,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> VResult<()> {
        match v {
            Value::Bool(_) | Value::Int(_) | Value::Str(_) => put_scalar(v, out),
            Value::ModelValue(m) => {
                if self.watched.get(m.index() as usize) == Some(&true) {
                    self.met = true;
                }
                let img = perm
                    .get(m.index() as usize)
                    .copied()
                    .flatten()
                    .unwrap_or(*m);
                out.push(TAG_MODEL);
                out.extend_from_slice(&img.index().to_le_bytes());
            }
            Value::Func(f) => match f.domain() {
                Domain::Range(lo) => {
                    put_head(out, TAG_FUNC, f.len());
                    for (i, x) in f.values().iter().enumerate() {
                        put_int(out, lo + i as i64);
                        self.encode(x, perm, out, depth)?;
                    }
                }
                Domain::Explicit(d) if d.iter().all(is_scalar) => {
                    put_head(out, TAG_FUNC, f.len());
                    for (k, x) in d.iter().zip(f.values()) {
                        put_scalar(k, out);
                        self.encode(x, perm, out, depth)?;
                    }
                }
                Domain::Explicit(d) => {
                    let pairs = d.iter().zip(f.values()).map(|(k, x)| Item::Pair(k, x));
                    let sum = self.bag_sum(pairs, perm, depth)?;
                    put_head(out, TAG_FUNC_BAG, f.len());
                    out.extend_from_slice(&sum.to_le_bytes());
                }
            },
            Value::Set(s) if s.iter().all(is_scalar) => {
                put_head(out, TAG_SET, s.len());
                s.iter().for_each(|x| put_scalar(x, out));
            }
            Value::Set(s) => {
                let sum = self.bag_sum(s.iter().map(Item::Elem), perm, depth)?;
                put_head(out, TAG_SET_BAG, s.len());
                out.extend_from_slice(&sum.to_le_bytes());
            }
            Value::Interval(lo, hi) => {
                put_head(
                    out,
                    TAG_SET,
                    if hi < lo { 0 } else { (hi - lo + 1) as usize },
                );
                for n in *lo..=*hi {
                    put_int(out, n);
                }
            }
            _ if v.is_enumerable() => {
                let s = Value::Set(v.enumerate()?);
                self.encode(&s, perm, out, depth)?;
            }
            // Nat, Int, STRING, Seq(S), ...: the fingerprint's error, as TLC reports it.
            _ => {
                out.push(TAG_OTHER);
                out.extend_from_slice(&v.fingerprint()?.to_le_bytes());
            }
        }
        Ok(())
    }
}

/// Adds each hash to the sum of its permutation.
fn add_each<'h>(sums: &mut [u128], hashes: impl IntoIterator<Item = &'h u128>) {
    sums.iter_mut()
        .zip(hashes)
        .for_each(|(s, h)| *s = s.wrapping_add(*h));
}

/// The head of an order-free value's encoding, for the values encoded as one.
fn bag_head(v: &Value) -> Option<(u8, usize)> {
    match v {
        Value::Func(f) => Some((TAG_FUNC_BAG, f.len())),
        Value::Set(s) => Some((TAG_SET_BAG, s.len())),
        _ => None,
    }
}

/// Values no permutation moves and that keep their place in any order.
fn is_scalar(v: &Value) -> bool {
    matches!(v, Value::Bool(_) | Value::Int(_) | Value::Str(_))
}

fn put_len(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u32).to_le_bytes());
}

fn put_int(out: &mut Vec<u8>, n: i64) {
    let mut a = [TAG_INT; 9];
    a[1..].copy_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&a);
}

fn put_head(out: &mut Vec<u8>, tag: u8, n: usize) {
    out.push(tag);
    put_len(out, n);
}

fn put_scalar(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Bool(b) => out.extend_from_slice(&[TAG_BOOL, *b as u8]),
        Value::Int(n) => put_int(out, *n),
        Value::Str(s) => {
            // The interning token is one-to-one with the string within a run.
            out.push(TAG_STR);
            out.extend_from_slice(&s.token().to_le_bytes());
        }
        _ => unreachable!("put_scalar on a non-scalar"),
    }
}
