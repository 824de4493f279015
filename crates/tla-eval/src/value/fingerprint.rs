//! 64-bit fingerprints: xxh3 over a canonical byte encoding.
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
//! We keep those equalities and that failure but hash with xxh3 (see
//! DESIGN.md): the encoding below is injective on values up to TLC equality,
//! so equal values give equal bytes. Encoding:
//! `BOOL b` | `INT i64le` | `STR len:u32le utf8` | `MODEL len:u32le utf8` |
//! `FUNC n:u32le (domain value)*` | `SET n:u32le elem*`.
//! Domains and set elements are in TLC's order, which for strings is the
//! interning order: fixed for a run, possibly different between runs.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};

use xxhash_rust::xxh3::{xxh3_128, xxh3_64};

use super::error::{VResult, ValueError, ValueErrorKind};
use super::func::Domain;
use super::ppr::ppr_value;
use super::Value;

pub(super) const TAG_BOOL: u8 = 1;
pub(super) const TAG_INT: u8 = 2;
pub(super) const TAG_STR: u8 = 3;
pub(super) const TAG_MODEL: u8 = 4;
pub(super) const TAG_FUNC: u8 = 5;
pub(super) const TAG_SET: u8 = 6;
/// Structural encodings of sets that cannot be enumerated (only for `Hash`).
const TAG_LAZY: u8 = 7;
/// In a state's fingerprint (`fingerprint_state`): a variable's function or set by the
/// 64-bit hash of its encoding.
const TAG_HASHED: u8 = 8;

#[inline(always)]
pub(super) fn put_len(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u32).to_le_bytes());
}

#[inline(always)]
pub(super) fn put_int(out: &mut Vec<u8>, n: i64) {
    let mut a = [TAG_INT; 9];
    a[1..].copy_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&a);
}

#[inline(always)]
fn put_text(out: &mut Vec<u8>, tag: u8, s: &str) {
    out.push(tag);
    put_len(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

/// Scalars written in place, anything else by recursion: keeps the common
/// case (sets and functions of scalars) free of calls.
#[inline(always)]
fn fast_elem(v: &Value, out: &mut Vec<u8>) -> bool {
    match v {
        Value::Int(n) => {
            put_int(out, *n);
            true
        }
        Value::Bool(b) => {
            out.extend_from_slice(&[TAG_BOOL, *b as u8]);
            true
        }
        Value::Str(s) => {
            put_text(out, TAG_STR, s.as_str());
            true
        }
        _ => fast(v, out),
    }
}

/// The encoding of explicit values; false (with partial output) when a lazy
/// set is met, which the general path then handles.
fn fast(v: &Value, out: &mut Vec<u8>) -> bool {
    match v {
        Value::Bool(_) | Value::Int(_) | Value::Str(_) => fast_elem(v, out),
        Value::ModelValue(m) => {
            put_text(out, TAG_MODEL, m.name().as_str());
            true
        }
        Value::Func(f) => {
            out.reserve(5 + 18 * f.len());
            out.push(TAG_FUNC);
            put_len(out, f.len());
            match f.domain() {
                Domain::Range(lo) => {
                    for (i, x) in f.values().iter().enumerate() {
                        put_int(out, lo + i as i64);
                        if !fast_elem(x, out) {
                            return false;
                        }
                    }
                }
                Domain::Explicit(d) => {
                    for (k, x) in d.iter().zip(f.values()) {
                        if !fast_elem(k, out) || !fast_elem(x, out) {
                            return false;
                        }
                    }
                }
            }
            true
        }
        Value::Set(s) => {
            out.reserve(5 + 9 * s.len());
            out.push(TAG_SET);
            put_len(out, s.len());
            s.iter().all(|x| fast_elem(x, out))
        }
        Value::Interval(lo, hi) => {
            out.push(TAG_SET);
            put_len(out, if hi < lo { 0 } else { (hi - lo + 1) as usize });
            for n in *lo..=*hi {
                put_int(out, n);
            }
            true
        }
        _ => false,
    }
}

/// Appends the canonical encoding of `v`.
fn encode(v: &Value, out: &mut Vec<u8>, strict: bool) -> VResult<()> {
    let start = out.len();
    if fast(v, out) {
        return Ok(());
    }
    out.truncate(start);
    encode_general(v, out, strict)
}

/// Appends the canonical encoding of `v`, lazy sets included. With `strict`,
/// values TLC cannot fingerprint are errors; without, they get a structural
/// encoding (for `Hash`).
fn encode_general(v: &Value, out: &mut Vec<u8>, strict: bool) -> VResult<()> {
    match v {
        Value::Bool(b) => out.extend_from_slice(&[TAG_BOOL, *b as u8]),
        Value::Int(n) => put_int(out, *n),
        Value::Str(s) => put_text(out, TAG_STR, s.as_str()),
        Value::ModelValue(m) => put_text(out, TAG_MODEL, m.name().as_str()),
        Value::Func(f) => {
            out.push(TAG_FUNC);
            put_len(out, f.len());
            match f.domain() {
                Domain::Range(lo) => {
                    for (i, x) in f.values().iter().enumerate() {
                        put_int(out, lo + i as i64);
                        encode(x, out, strict)?;
                    }
                }
                Domain::Explicit(d) => {
                    for (k, x) in d.iter().zip(f.values()) {
                        encode(k, out, strict)?;
                        encode(x, out, strict)?;
                    }
                }
            }
        }
        Value::Set(s) => {
            out.push(TAG_SET);
            put_len(out, s.len());
            for x in s.iter() {
                encode(x, out, strict)?;
            }
        }
        Value::Interval(lo, hi) => {
            out.push(TAG_SET);
            put_len(out, if hi < lo { 0 } else { (hi - lo + 1) as usize });
            for n in *lo..=*hi {
                put_int(out, n);
            }
        }
        _ if v.is_enumerable() => match v.enumerate() {
            Ok(s) => encode(&Value::Set(s), out, strict)?,
            Err(e) if strict => return Err(e),
            Err(_) => encode_structural(v, out),
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
        _ => encode_structural(v, out),
    }
    Ok(())
}

fn encode_structural(v: &Value, out: &mut Vec<u8>) {
    out.push(TAG_LAZY);
    let parts: Vec<&Value> = match v {
        Value::Nat => {
            out.push(0);
            vec![]
        }
        Value::IntSet => {
            out.push(1);
            vec![]
        }
        Value::StringSet => {
            out.push(2);
            vec![]
        }
        Value::SeqSet(s) => {
            out.push(3);
            vec![s]
        }
        Value::Subset(s) => {
            out.push(4);
            vec![s]
        }
        Value::FuncSet(fs) => {
            out.push(5);
            vec![&fs.domain, &fs.range]
        }
        Value::RecordSet(rs) => {
            out.push(6);
            rs.names().iter().chain(rs.sets()).collect()
        }
        Value::Product(sets) => {
            out.push(7);
            sets.iter().collect()
        }
        _ => vec![],
    };
    put_len(out, parts.len());
    for p in parts {
        // Infallible without `strict`.
        let _ = encode(p, out, false);
    }
}

/// A reusable encoding buffer: fingerprints without allocating per value.
#[derive(Default)]
pub struct Fingerprinter {
    buf: Vec<u8>,
    /// Per position of `fingerprint_all`: the last function or set met there and its
    /// encoding. A successor shares its unchanged variables' values with its parent and its
    /// siblings, so their encodings are copied rather than walked again; the value is held,
    /// so its allocation cannot be reused by another value while it is a key.
    kept: Vec<Option<(Value, Vec<u8>)>>,
    /// Per variable of `fingerprint_state`: the last function or set met there and the hash
    /// of its encoding.
    kept_hash: Vec<Option<(Value, u64)>>,
    /// One variable's encoding, for `fingerprint_state`.
    scratch: Vec<u8>,
}

impl Fingerprinter {
    pub fn new() -> Self {
        Fingerprinter {
            buf: Vec::with_capacity(256),
            kept: Vec::new(),
            kept_hash: Vec::new(),
            scratch: Vec::with_capacity(256),
        }
    }

    /// The fingerprint of a state, its variables' values in declaration order: xxh3 over
    /// each variable's encoding where that is a scalar's (a few bytes), and over the 64-bit
    /// hash of its encoding where it is a function's or a set's. A successor shares the
    /// values of the variables its action left alone with its parent and its siblings, and a
    /// value met at the same position last time (the same object) gives its kept hash: only
    /// the variables the action changed are encoded and hashed, and the last hash runs over
    /// some bytes per variable instead of the whole state (btree's long states, hashed whole,
    /// were 10% of its run). Injective up to 64-bit collisions: which form a variable takes
    /// depends only on its encoding's tag, so TLC-equal values (`1..3` and `{1, 2, 3}`) take
    /// the same form and give the same bytes.
    pub fn fingerprint_state<'a>(
        &mut self,
        vs: impl IntoIterator<Item = &'a Value>,
    ) -> VResult<u64> {
        self.buf.clear();
        for (i, v) in vs.into_iter().enumerate() {
            let kept = matches!(v, Value::Func(_) | Value::Set(_));
            if kept {
                if let Some(Some((k, h))) = self.kept_hash.get(i) {
                    if k.same_object(v) {
                        let h = *h;
                        self.put_hash(h);
                        continue;
                    }
                }
            }
            self.scratch.clear();
            encode(v, &mut self.scratch, true)?;
            if !matches!(self.scratch.first(), Some(&(TAG_FUNC | TAG_SET))) {
                self.buf.extend_from_slice(&self.scratch);
                continue;
            }
            let h = xxh3_64(&self.scratch);
            self.put_hash(h);
            if kept {
                if self.kept_hash.len() <= i {
                    self.kept_hash.resize_with(i + 1, || None);
                }
                self.kept_hash[i] = Some((v.clone(), h));
            }
        }
        Ok(xxh3_64(&self.buf))
    }

    #[inline(always)]
    fn put_hash(&mut self, h: u64) {
        let mut a = [TAG_HASHED; 9];
        a[1..].copy_from_slice(&h.to_le_bytes());
        self.buf.extend_from_slice(&a);
    }

    /// The 64-bit fingerprint of `v`.
    pub fn fingerprint(&mut self, v: &Value) -> VResult<u64> {
        self.buf.clear();
        encode(v, &mut self.buf, true)?;
        Ok(xxh3_64(&self.buf))
    }

    /// The 128-bit fingerprint of `v`.
    pub fn fingerprint128(&mut self, v: &Value) -> VResult<u128> {
        self.buf.clear();
        encode(v, &mut self.buf, true)?;
        Ok(xxh3_128(&self.buf))
    }

    /// One fingerprint for a sequence of values (e.g. a state's variables in
    /// declaration order).
    pub fn fingerprint_all<'a>(&mut self, vs: impl IntoIterator<Item = &'a Value>) -> VResult<u64> {
        self.buf.clear();
        for (i, v) in vs.into_iter().enumerate() {
            self.put_kept(i, v)?;
        }
        Ok(xxh3_64(&self.buf))
    }

    /// `fingerprint_all(&[v])` (the same bytes), for a VIEW's value: a view is built anew
    /// for each state, so a tuple's components are the parts kept per position, as a state's
    /// variables are (`<<ledger, received>>` shares both with the state's variables).
    pub fn fingerprint_view(&mut self, v: &Value) -> VResult<u64> {
        let tuple = v.as_func().and_then(|f| match f.domain() {
            Domain::Range(lo) => Some((*lo, f.values())),
            Domain::Explicit(_) => None,
        });
        let Some((lo, items)) = tuple else {
            return self.fingerprint_all(std::iter::once(v));
        };
        self.buf.clear();
        self.buf.push(TAG_FUNC);
        put_len(&mut self.buf, items.len());
        for (i, x) in items.iter().enumerate() {
            put_int(&mut self.buf, lo + i as i64);
            self.put_kept(i, x)?;
        }
        Ok(xxh3_64(&self.buf))
    }

    /// Appends `v`'s encoding, copied when `v` is the function or set met at position `i`
    /// last time.
    fn put_kept(&mut self, i: usize, v: &Value) -> VResult<()> {
        if !matches!(v, Value::Func(_) | Value::Set(_)) {
            return encode(v, &mut self.buf, true);
        }
        if self.kept.len() <= i {
            self.kept.resize_with(i + 1, || None);
        }
        match &mut self.kept[i] {
            Some((k, bytes)) if k.same_object(v) => self.buf.extend_from_slice(bytes),
            slot => {
                let at = self.buf.len();
                encode(v, &mut self.buf, true)?;
                match slot {
                    Some((k, bytes)) => {
                        *k = v.clone();
                        bytes.clear();
                        bytes.extend_from_slice(&self.buf[at..]);
                    }
                    None => *slot = Some((v.clone(), self.buf[at..].to_vec())),
                }
            }
        }
        Ok(())
    }
}

thread_local! {
    static FP: RefCell<Fingerprinter> = RefCell::new(Fingerprinter::new());
}

fn with_fp<T>(f: impl FnOnce(&mut Fingerprinter) -> T) -> T {
    FP.with(|cell| match cell.try_borrow_mut() {
        Ok(mut fp) => f(&mut fp),
        Err(_) => f(&mut Fingerprinter::new()),
    })
}

impl Value {
    /// The 64-bit fingerprint (xxh3 of the canonical encoding), using a
    /// per-thread buffer. Fails for values TLC cannot fingerprint.
    pub fn fingerprint(&self) -> VResult<u64> {
        with_fp(|fp| fp.fingerprint(self))
    }

    /// The 128-bit fingerprint.
    pub fn fingerprint128(&self) -> VResult<u128> {
        with_fp(|fp| fp.fingerprint128(self))
    }

    /// Appends the canonical encoding to `out` (for callers that hash several
    /// values together).
    pub fn encode_canonical(&self, out: &mut Vec<u8>) -> VResult<()> {
        encode(self, out, true)
    }

    /// A hash consistent with `Eq`, defined for every value.
    fn hash_key(&self) -> u64 {
        match self {
            Value::Bool(b) => *b as u64,
            Value::Int(n) => *n as u64,
            // Strings and model values equal only themselves: the token suffices.
            Value::Str(s) => (1 << 40) | s.token() as u64,
            Value::ModelValue(m) => (2 << 40) | m.name().token() as u64,
            // A function on lo..hi to integers (`CR[n - 1, v]`'s argument) without encoding:
            // equal functions have the same range domain (canonical) and integers.
            Value::Func(f) if f.len() <= SHORT_INT_FUNC => match (f.domain(), int_items(f)) {
                (Domain::Range(lo), Some(h)) => mix64(h ^ (*lo as u64).rotate_left(32)),
                _ => self.encoded_hash(),
            },
            _ => self.encoded_hash(),
        }
    }

    /// xxh3 of the encoding: equal values have equal bytes.
    fn encoded_hash(&self) -> u64 {
        with_fp(|fp| {
            fp.buf.clear();
            let _ = encode(self, &mut fp.buf, false);
            xxh3_64(&fp.buf)
        })
    }
}

/// Functions up to this length whose values are all integers hash without encoding.
const SHORT_INT_FUNC: usize = 8;

/// A hash of `f`'s values when they are all integers (their number included).
fn int_items(f: &super::FuncValue) -> Option<u64> {
    let mut h = f.len() as u64;
    for x in f.values() {
        let Value::Int(n) = x else {
            return None;
        };
        h = (h ^ *n as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    Some(h)
}

/// The finalizer of MurmurHash3: every input bit moves high and low output bits (the
/// tables take buckets from the low bits and tags from the high ones).
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
