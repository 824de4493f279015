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
use super::Value;
use xxhash_rust::xxh3::xxh3_128;

// The scalar and structure tags and writers are the fingerprint's; the rest are this
// encoding's own (its hashes are never compared with fingerprints).
use super::fingerprint::{put_int, put_len, TAG_BOOL, TAG_FUNC, TAG_MODEL, TAG_SET, TAG_STR};
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
    /// Whether the value being encoded met a watched model value.
    met: bool,
    mode: Mode,
    /// One entry per compound value met by the last `hash_identity_keeping`, in the order
    /// the encoding meets them; `cursor` walks it again in `hash_all_reusing`.
    tape: Vec<TapeEntry>,
    cursor: usize,
    /// The encodings of the compound values no permutation changes.
    kept: Vec<u8>,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    Plain,
    Record,
    Replay,
}

/// A compound value of the recorded state: whether no permutation changes it (then its
/// encoding is `kept[start..end]`), and where the entries of the values after it begin.
#[derive(Clone, Copy, Default)]
struct TapeEntry {
    fixed: bool,
    start: usize,
    end: usize,
    next: usize,
}

impl PermHasher {
    pub fn new() -> Self {
        PermHasher::default()
    }

    /// The hash of the images of `vs` under `perm`, in order. Fails, like the fingerprint,
    /// for values TLC cannot fingerprint.
    pub fn hash_all(&mut self, vs: &[Value], perm: &PermMap) -> VResult<u128> {
        let mut out = self.take(0);
        let r = vs
            .iter()
            .try_for_each(|v| self.encode(v, perm, &mut out, 1));
        let h = xxh3_128(&out);
        self.bufs[0] = out;
        r.map(|()| h)
    }

    /// `hash_all(vs, &[])`, noting which compound parts of `vs` hold no model value that a
    /// permutation moves (`watched`, by model-value index) and keeping their encodings: such a
    /// part encodes the same under every permutation, so `hash_all_reusing` copies it instead
    /// of walking it again (a log of commands, a record of counters, ...: often most of a
    /// state).
    pub fn hash_identity_keeping(&mut self, vs: &[Value], watched: &[bool]) -> VResult<u128> {
        if self.watched.as_slice() != watched {
            self.watched.clear();
            self.watched.extend_from_slice(watched);
        }
        self.tape.clear();
        self.kept.clear();
        self.mode = Mode::Record;
        let r = self.hash_all(vs, &[]);
        self.mode = Mode::Plain;
        if r.is_err() {
            self.tape.clear();
        }
        r
    }

    /// `hash_all(vs, perm)` for the `vs` of the last `hash_identity_keeping`, whose `watched`
    /// holds every model value `perm` moves.
    pub fn hash_all_reusing(&mut self, vs: &[Value], perm: &PermMap) -> VResult<u128> {
        self.cursor = 0;
        self.mode = if self.tape.is_empty() {
            Mode::Plain
        } else {
            Mode::Replay
        };
        let r = self.hash_all(vs, perm);
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
            Mode::Replay => match self.tape.get(self.cursor).copied() {
                Some(e) if e.fixed => {
                    out.extend_from_slice(&self.kept[e.start..e.end]);
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
                self.tape.push(TapeEntry::default());
                let met_before = std::mem::replace(&mut self.met, false);
                let at = out.len();
                let r = self.encode_inner(v, perm, out, depth);
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

    /// The sum of the hashes of each item's encoding (`enc` writes one item).
    fn bag<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        depth: usize,
        mut enc: impl FnMut(&mut Self, T, &mut Vec<u8>) -> VResult<()>,
    ) -> VResult<u128> {
        let mut buf = self.take(depth);
        let mut sum: u128 = 0;
        for it in items {
            buf.clear();
            if let Err(e) = enc(self, it, &mut buf) {
                self.bufs[depth] = buf;
                return Err(e);
            }
            sum = sum.wrapping_add(xxh3_128(&buf));
        }
        self.bufs[depth] = buf;
        Ok(sum)
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
                    let sum = self.bag(d.iter().zip(f.values()), depth, |h, (k, x), b| {
                        h.encode(k, perm, b, depth + 1)?;
                        h.encode(x, perm, b, depth + 1)
                    })?;
                    put_head(out, TAG_FUNC_BAG, f.len());
                    out.extend_from_slice(&sum.to_le_bytes());
                }
            },
            Value::Set(s) if s.iter().all(is_scalar) => {
                put_head(out, TAG_SET, s.len());
                s.iter().for_each(|x| put_scalar(x, out));
            }
            Value::Set(s) => {
                let sum = self.bag(s.iter(), depth, |h, x, b| h.encode(x, perm, b, depth + 1))?;
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

/// Values no permutation moves and that keep their place in any order.
fn is_scalar(v: &Value) -> bool {
    matches!(v, Value::Bool(_) | Value::Int(_) | Value::Str(_))
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
