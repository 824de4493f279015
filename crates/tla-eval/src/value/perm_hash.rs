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

    fn encode(
        &mut self,
        v: &Value,
        perm: &PermMap,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> VResult<()> {
        match v {
            Value::Bool(_) | Value::Int(_) | Value::Str(_) => put_scalar(v, out),
            Value::ModelValue(m) => {
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
