//! 64-bit fingerprints: hashes built from the hashes of a value's parts.
//!
//! # TLC facts (from `fingerPrint(long)` in `tlc2/value/impl/*.java`)
//!
//! TLC extends a polynomial fingerprint (`FP64`) with a kind tag and the
//! contents: sets as `SETENUMVALUE`, size, elements in normalized order
//! (intervals and every lazy set fingerprint as the explicit set they
//! denote); functions, tuples and records alike as `FCNRCDVALUE`, size, then
//! domain element / value pairs in domain order (so `<<1, 2>>` and
//! `[i \in 1..2 |-> i]` and `(1 :> 1 @@ 2 :> 2)` collide on purpose); strings
//! by length and characters (not by intern token). Values TLC cannot
//! fingerprint — `Nat`, `Int`, `STRING`, `Seq(S)`, operators — make it fail
//! ("TLC has found a state in which the value of a variable contains ...").
//!
//! We keep those equalities and that failure but hash our own way (see
//! DESIGN.md): every value has a 64-bit hash built from its parts' hashes,
//! equal for TLC-equal values. A scalar's hash is a bijective mix of the
//! integer, the Boolean, or the string's text hash; a function's absorbs its
//! length, then each domain element's and value's hash in domain order; a
//! set's its size, then each element's hash in TLC's order (for strings the
//! interning order: fixed for a run, possibly different between runs). Each
//! absorbing step is a bijection of the running hash, so two sequences of
//! parts of one length that differ only from some point on never collide.
//!
//! A function keeps its hash once computed (`FuncValue::kept_hash`): a
//! successor built by EXCEPT shares most of its parts with its parent, and
//! those parts' hashes are read, not walked again. Sets are held as bare
//! slices, so a state's set-valued variable keeps its hash per position in
//! the [`Fingerprinter`] instead, while it is the same object.

use std::hash::{Hash, Hasher};

use super::error::{VResult, ValueError, ValueErrorKind};
use super::func::{Domain, FuncValue};
use super::ppr::ppr_value;
use super::set::SetValue;
use super::Value;

/// Seeds per kind: distinct in their high bits, so an integer of TLC's 32-bit range never
/// mixes to a Boolean's hash (the mix is a bijection).
const SEED_BOOL: u64 = 0x5be0_cd19_137e_2179;
const SEED_INT: u64 = 0x1f83_d9ab_fb41_bd6b;
const SEED_STR: u64 = 0x9b05_688c_2b3e_6c1f;
const SEED_MODEL: u64 = 0x510e_527f_ade6_82d1;
const SEED_FUNC: u64 = 0xa54f_f53a_5f1d_36f1;
const SEED_SET: u64 = 0x3c6e_f372_fe94_f82b;
/// Structural hashes of sets that cannot be enumerated (only for `Hash`).
const SEED_LAZY: u64 = 0xbb67_ae85_84ca_a73b;
const SEED_STATE: u64 = 0x6a09_e667_f3bc_c908;

/// An odd multiplier: the step `h -> (rot(h) ^ x) * K` is a bijection of `h`.
const K: u64 = 0x9e37_79b9_7f4a_7c15;

#[inline(always)]
fn absorb(h: u64, x: u64) -> u64 {
    (h.rotate_left(26) ^ x).wrapping_mul(K)
}

#[inline(always)]
fn int_hash(n: i64) -> u64 {
    mix64(n as u64 ^ SEED_INT)
}

/// The hash of `v`; with `strict`, values TLC cannot fingerprint are errors, without, they
/// get a structural hash (for `Hash`).
fn hash(v: &Value, strict: bool) -> VResult<u64> {
    Ok(match v {
        Value::Int(n) => int_hash(*n),
        Value::Bool(b) => mix64(*b as u64 ^ SEED_BOOL),
        Value::Str(s) => mix64(s.text_hash() ^ SEED_STR),
        Value::ModelValue(m) => mix64(m.name().text_hash() ^ SEED_MODEL),
        Value::Func(f) => func_hash(f, strict)?,
        Value::Set(s) => set_hash(s, strict)?,
        Value::Interval(lo, hi) => {
            let n = if hi < lo { 0 } else { (hi - lo + 1) as u64 };
            mix64((*lo..=*hi).fold(SEED_SET ^ n, |h, k| absorb(h, int_hash(k))))
        }
        _ if v.is_enumerable() => match v.enumerate() {
            Ok(s) => set_hash(&s, strict)?,
            Err(e) if strict => return Err(e),
            Err(_) => structural_hash(v),
        },
        _ if strict => {
            return Err(ValueError::new(
                ValueErrorKind::Fingerprint,
                format!(
                    "TLC has found a state in which the value of a variable contains {}",
                    ppr_value(v)
                ),
            ))
        }
        _ => structural_hash(v),
    })
}

/// Kept in the function once computed strictly (a function holding what TLC cannot
/// fingerprint is hashed again each time, and only for `Hash`).
fn func_hash(f: &FuncValue, strict: bool) -> VResult<u64> {
    if let Some(h) = f.kept_hash() {
        return Ok(h);
    }
    let mut h = SEED_FUNC ^ f.len() as u64;
    match f.domain() {
        Domain::Range(lo) => h = range_pairs(h, *lo, f.values(), |_, x| hash(x, strict))?,
        Domain::Explicit(d) => {
            for (k, x) in d.iter().zip(f.values()) {
                h = absorb(absorb(h, hash(k, strict)?), hash(x, strict)?);
            }
        }
    }
    let h = func_finish(h);
    if strict {
        f.keep_hash(h);
    }
    Ok(h)
}

/// Absorbs the pairs of a function on `lo..`: each argument's hash, then its value's.
#[inline(always)]
fn range_pairs(
    mut h: u64,
    lo: i64,
    values: &[Value],
    mut value_hash: impl FnMut(usize, &Value) -> VResult<u64>,
) -> VResult<u64> {
    for (i, x) in values.iter().enumerate() {
        h = absorb(absorb(h, int_hash(lo + i as i64)), value_hash(i, x)?);
    }
    Ok(h)
}

/// A function's hash is never 0, the mark of a hash not kept (one value of 2^64 moves to 1,
/// and equal functions still agree).
#[inline(always)]
fn func_finish(h: u64) -> u64 {
    mix64(h).max(1)
}

fn set_hash(s: &SetValue, strict: bool) -> VResult<u64> {
    let mut h = SEED_SET ^ s.len() as u64;
    for x in s.iter() {
        h = absorb(h, hash(x, strict)?);
    }
    Ok(mix64(h))
}

fn structural_hash(v: &Value) -> u64 {
    let (kind, parts): (u64, Vec<&Value>) = match v {
        Value::Nat => (0, vec![]),
        Value::IntSet => (1, vec![]),
        Value::StringSet => (2, vec![]),
        Value::SeqSet(s) => (3, vec![s]),
        Value::Subset(s) => (4, vec![s]),
        Value::FuncSet(fs) => (5, vec![&fs.domain, &fs.range]),
        Value::RecordSet(rs) => (6, rs.names().iter().chain(rs.sets()).collect()),
        Value::Product(sets) => (7, sets.iter().collect()),
        _ => (8, vec![]),
    };
    let h = absorb(SEED_LAZY ^ kind, parts.len() as u64);
    // Infallible without `strict`.
    mix64(
        parts
            .iter()
            .fold(h, |h, p| absorb(h, hash(p, false).unwrap_or(0))),
    )
}

/// Fingerprints of states and views, keeping per position the hash of the last set met
/// there (functions keep their own).
#[derive(Default)]
pub struct Fingerprinter {
    /// Per position of `fingerprint_state`: the last set met there and its hash. A successor
    /// shares its unchanged variables' values with its parent and its siblings; the set is
    /// held, so its allocation cannot be reused by another value while it is a key.
    kept: Vec<Option<(Value, u64)>>,
}

impl Fingerprinter {
    pub fn new() -> Self {
        Fingerprinter::default()
    }

    /// The fingerprint of a state, its variables' values in declaration order (or of any
    /// sequence of values): each value's hash absorbed in order. Only the variables the
    /// action changed are hashed, and of those only the parts it built: the rest are
    /// functions whose hashes are kept, or sets met at the same position last time.
    pub fn fingerprint_state<'a>(
        &mut self,
        vs: impl IntoIterator<Item = &'a Value>,
    ) -> VResult<u64> {
        let mut h = SEED_STATE;
        let mut n = 0;
        for (i, v) in vs.into_iter().enumerate() {
            h = absorb(h, self.hash_kept(i, v)?);
            n += 1;
        }
        Ok(mix64(absorb(h, n)))
    }

    /// `fingerprint_state([v])`, for a VIEW's value: a view is built anew for each state, so
    /// a tuple's components are the parts kept per position, as a state's variables are
    /// (`<<ledger, received>>` shares both with the state's variables).
    pub fn fingerprint_view(&mut self, v: &Value) -> VResult<u64> {
        let tuple = v.as_func().and_then(|f| match f.domain() {
            Domain::Range(lo) if f.kept_hash().is_none() => Some((*lo, f)),
            _ => None,
        });
        let Some((lo, f)) = tuple else {
            return self.fingerprint_state(std::iter::once(v));
        };
        let t = range_pairs(SEED_FUNC ^ f.len() as u64, lo, f.values(), |i, x| {
            self.hash_kept(i, x)
        })?;
        let t = func_finish(t);
        f.keep_hash(t);
        Ok(mix64(absorb(absorb(SEED_STATE, t), 1)))
    }

    /// The 64-bit fingerprint of one value.
    pub fn fingerprint(&mut self, v: &Value) -> VResult<u64> {
        hash(v, true)
    }

    /// `v`'s hash, read from position `i`'s kept set when `v` is that set.
    fn hash_kept(&mut self, i: usize, v: &Value) -> VResult<u64> {
        let Value::Set(s) = v else {
            return hash(v, true);
        };
        if let Some(Some((k, h))) = self.kept.get(i) {
            if k.same_object(v) {
                return Ok(*h);
            }
        }
        let h = set_hash(s, true)?;
        if self.kept.len() <= i {
            self.kept.resize_with(i + 1, || None);
        }
        self.kept[i] = Some((v.clone(), h));
        Ok(h)
    }
}

impl Value {
    /// The 64-bit fingerprint. Fails for values TLC cannot fingerprint.
    pub fn fingerprint(&self) -> VResult<u64> {
        hash(self, true)
    }

    /// A hash consistent with `Eq`, defined for every value.
    fn hash_key(&self) -> u64 {
        match self {
            Value::Bool(b) => *b as u64,
            Value::Int(n) => *n as u64,
            // Strings and model values equal only themselves: the token suffices.
            Value::Str(s) => (1 << 40) | s.token() as u64,
            Value::ModelValue(m) => (2 << 40) | m.name().token() as u64,
            _ => hash(self, true).unwrap_or_else(|_| hash(self, false).unwrap_or(0)),
        }
    }
}

/// The finalizer of MurmurHash3, a bijection: every input bit moves high and low output
/// bits (the tables take buckets from the low bits and tags from the high ones).
fn mix64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_key());
    }
}

/// A hasher for maps keyed by fingerprints (or any value's 64-bit hash): the key, mixed
/// already, is its own hash. The standard hasher cost the liveness recorder's index a
/// SipHash per transition.
#[derive(Default)]
pub struct FingerprintHasher(u64);

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Keys are u64s; anything else is folded in, still a correct hash.
        for b in bytes {
            self.0 = absorb(self.0, *b as u64);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by fingerprints.
pub type FingerprintMap<V> =
    std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<FingerprintHasher>>;
