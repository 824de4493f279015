//! TLC's 64-bit polynomial fingerprint (`tlc2/util/FP64.java`) and Java's `HashMap` iteration
//! order, for the few overrides whose result depends on the order in which a Java `HashMap`
//! keyed by TLC values is traversed (`VectorClocks!CausalOrder`).
//!
//! # TLC facts
//!
//! * `FP64.Init(n)` picks the irreducible polynomial `Polys[n]` (TLC's `-fp n`, printed as
//!   `fp n` in the start-up banner; `TLCGet("config").fingerprint` is the polynomial itself).
//!   `FP64.New()` is the polynomial; `Extend(fp, byte b)` is
//!   `(fp >>> 8) ^ ByteModTable_7[(b ^ fp) & 0xFF]`; an `int` extends by its four bytes, low
//!   byte first; a `String` by the low byte of each `char`.
//! * Value fingerprints (`fingerPrint(long fp)` in `tlc2/value/impl/*Value.java`), with the
//!   type codes of `ValueConstants` (bytes: BOOLVALUE 0, INTVALUE 1, STRINGVALUE 3,
//!   SETENUMVALUE 5, FCNRCDVALUE 9): Boolean `BOOLVALUE, 't'|'f'`; integer `INTVALUE, int`;
//!   string `STRINGVALUE, length, chars`; record `FCNRCDVALUE, n, (STRINGVALUE, length, name,
//!   value)*`; tuple and function `FCNRCDVALUE, n, (argument, value)*`; set
//!   `SETENUMVALUE, n, elements*` (normalized).
//! * `Value.hashCode()` is `(int)(fp >> 32) ^ (int)fp` of `fingerPrint(FP64.New())`.
//! * `java.util.HashMap` (default capacity 16, load factor 0.75, doubling) iterates its buckets
//!   in index order, `index = (h ^ (h >>> 16)) & (capacity - 1)`, and a bucket's entries in
//!   insertion order (splitting on resize keeps the relative order).

use crate::value::{Domain, FuncKind, Value};

/// `FP64.Polys`.
pub const POLYS: [u64; 131] = [
    0x911498ae0e66bad6,
    0xda8a0ba66dae0181,
    0xc02f176b8f268d9f,
    0xd617bb1220fc7812,
    0xc6fd951ad34f9f74,
    0xdd1897bd991704d4,
    0xf5394c541cbfd343,
    0xb1dded37b5c7b8f7,
    0xb713ff61039dc632,
    0xdfb340cb2fb03d43,
    0xbc3e7e4c5ecb76a3,
    0xdbb4b1349cd7058a,
    0xf53e9dcb9e915cdf,
    0xca5f58e90dd01848,
    0x80e7ff4406891aa1,
    0xab541bf881fa8571,
    0xbf274e07ac5499d5,
    0x939b1ea933040a4e,
    0xb791a595448d75b1,
    0x8bf88d6ef85563a2,
    0xecb33ec339513a53,
    0xfa2d3e722db5208a,
    0xb4e2058aac479d24,
    0xafbd6474e7213b82,
    0x98c1694d14ffaeef,
    0xe188fb5c0a125e24,
    0xfa71cc3865487d80,
    0x891135f7c1c94569,
    0xcf77cdd16d22e3e6,
    0xeb5e3a1d2e2bb4b5,
    0x92f7f5b69cd00c55,
    0xa9fbbe40ca3b9ae9,
    0x84a7b33d85295bde,
    0xebd4680dbb6fdee2,
    0xa31fc46a0583b4d0,
    0xa792c94f15de3e49,
    0xd9d60a9feff4521a,
    0x9227ba31dfdda04b,
    0xfb4c89c607ce162d,
    0xa89b3b2e01479cc0,
    0xb35a0c2a28b89f7d,
    0x91d0b700b99d9ec2,
    0xf0646bbda05020b0,
    0xcb5d5f63ce043056,
    0xd276b6a04f42a1b8,
    0xbc1a7a7dbfeb47a3,
    0xe138acff7a963036,
    0xed860223c1557ee7,
    0x9b2491e980150ab6,
    0xe7e03dd8a5b4e59e,
    0xaaa3f5eac516783c,
    0xfe78cc267a724180,
    0xc22519a21edfac64,
    0xcdb2941933fec60f,
    0xc5f485551ef38aa1,
    0xa19293d250bd3335,
    0xa4d4c215a50b7afe,
    0xc1155176406a5070,
    0xecadaa8200e123ec,
    0xbacfe629d58b2f08,
    0xded991082148cb42,
    0x9a0ccbe5deaa88db,
    0x9a83246f342061bb,
    0xb71482842297ab05,
    0xf2407eeb997592bd,
    0xb7b43d4b5c4c4bcc,
    0xb339a2568221ffe7,
    0xdb4b6b379446ef9e,
    0xe43c205bb5c0b2b6,
    0xe8e1d141f19d6db0,
    0xd19e8710a4ea1c86,
    0x9704cecfa8d6d07b,
    0xb0a35716162c3f26,
    0xa2a68c0cf56390ac,
    0xe4a74bc601c95b46,
    0xe668fff675595e56,
    0xe0ea77ebe06fabbb,
    0xa8bb94f585279523,
    0xbeb667b42b684f21,
    0xd7b65410189e28af,
    0x85722037beffc5b9,
    0xe7e7c5f773426204,
    0xa5fd0cc8e060c6f4,
    0xb8f91ee9065dcf95,
    0xb4047008040f8b50,
    0xecb9ab6291c8cfcc,
    0xe08bb9b70caad6df,
    0xd6e086a301d95d56,
    0xf6a808f5f3fb9da3,
    0xfa74b8a8ef86fbc5,
    0xa0b6b33ba9e6381c,
    0x8c78703427873dbb,
    0xc5516ea423011021,
    0xb075cce8528ae7e2,
    0x92e4a37979e2b13b,
    0xafc9ab000ed81026,
    0xf1873f2a861a518a,
    0xf885d6b35770192c,
    0xd2a82f27f71f5f7e,
    0xd5e7a4dd8beb2d9f,
    0xbab9e7e65dc23e0f,
    0xd5fc877c0bdf5b85,
    0xab428169b9f31c02,
    0xb7b1351f9266d3ea,
    0xfad564914328f635,
    0x9623ecb1000db9bd,
    0x88d371ec6644c892,
    0xd0a71270573e271c,
    0xbd200d763f9d81b4,
    0x8484fd96374bf2ea,
    0xe0d0810749432294,
    0x8ebe9dadc88658ba,
    0xf6268c58993ae542,
    0xd6cc88fed0d359c9,
    0xbcaddb8d40a16690,
    0x92817c6db421cbf6,
    0xac63721120a371b5,
    0xd6cc137fdced0820,
    0xf1c5fbaebb617bd7,
    0xac35d78c765237a5,
    0xbd0a471fa9a23116,
    0x943a7031b946a5ae,
    0xe4e83520cb1aaebb,
    0xe92a4b73246dd124,
    0xafc1e070787c4c86,
    0xdfe84d42cf06286b,
    0x8b29ec962e4b964b,
    0x807eb5de812ede0f,
    0xa3cd71299c8b3bfd,
    0x845b8031ef886f35,
    0x91f5a5fa9c5515a5,
];

const BOOLVALUE: u8 = 0;
const INTVALUE: u8 = 1;
const STRINGVALUE: u8 = 3;
const SETENUMVALUE: u8 = 5;
const FCNRCDVALUE: u8 = 9;

/// FP64 with one polynomial.
pub struct Fp64 {
    poly: u64,
    table: [u64; 256],
}

impl Fp64 {
    /// `FP64.Init(poly)`.
    pub fn new(poly: u64) -> Fp64 {
        const ONE: u64 = 0x8000_0000_0000_0000;
        let mut power = [0u64; 72];
        let mut t = ONE;
        for p in power.iter_mut() {
            *p = t;
            let mask = if t & 1 != 0 { poly } else { 0 };
            t = (t >> 1) ^ mask;
        }
        let mut table = [0u64; 256];
        for (j, slot) in table.iter_mut().enumerate() {
            let mut v = 0;
            for k in 0..8 {
                if j & (1 << k) != 0 {
                    v ^= power[127 - 56 - k];
                }
            }
            *slot = v;
        }
        Fp64 { poly, table }
    }

    fn byte(&self, fp: u64, b: u8) -> u64 {
        (fp >> 8) ^ self.table[((b as u64 ^ fp) & 0xFF) as usize]
    }

    fn int(&self, mut fp: u64, x: i32) -> u64 {
        let mut x = x as u32;
        for _ in 0..4 {
            fp = self.byte(fp, (x & 0xFF) as u8);
            x >>= 8;
        }
        fp
    }

    fn string(&self, mut fp: u64, s: &str) -> u64 {
        fp = self.byte(fp, STRINGVALUE);
        let chars: Vec<u16> = s.encode_utf16().collect();
        fp = self.int(fp, chars.len() as i32);
        for c in chars {
            fp = self.byte(fp, (c & 0xFF) as u8);
        }
        fp
    }

    /// `v.fingerPrint(fp)`, for the kinds of values implemented here.
    fn value(&self, fp: u64, v: &Value) -> Option<u64> {
        Some(match v {
            Value::Bool(b) => self.byte(self.byte(fp, BOOLVALUE), if *b { b't' } else { b'f' }),
            Value::Int(n) => self.int(self.byte(fp, INTVALUE), *n as i32),
            Value::Str(s) => self.string(fp, s.as_str()),
            Value::Func(f) => {
                let mut fp = self.int(self.byte(fp, FCNRCDVALUE), f.len() as i32);
                let record = f.kind() == FuncKind::Record;
                for (i, x) in f.values().iter().enumerate() {
                    fp = match (&f.domain(), record) {
                        (Domain::Range(lo), _) => {
                            self.int(self.byte(fp, INTVALUE), (lo + i as i64) as i32)
                        }
                        (Domain::Explicit(d), _) => self.value(fp, &d[i])?,
                    };
                    fp = self.value(fp, x)?;
                }
                fp
            }
            Value::Set(s) => {
                let mut fp = self.int(self.byte(fp, SETENUMVALUE), s.len() as i32);
                for x in s.iter() {
                    fp = self.value(fp, x)?;
                }
                fp
            }
            _ => return None,
        })
    }

    /// `v.hashCode()`, when `v` is of a kind implemented here.
    pub fn hash_code(&self, v: &Value) -> Option<i32> {
        let fp = self.value(self.poly, v)?;
        Some(((fp >> 32) as i32) ^ (fp as i32))
    }
}

/// The order in which a `java.util.HashMap` built by inserting `keys` (distinct, in this
/// order) iterates them: indices into `keys`. Keys without a hash keep insertion order, after
/// the others.
pub fn hash_map_order(fp: &Fp64, keys: &[Value]) -> Vec<usize> {
    let mut cap: usize = 16;
    while keys.len() as f64 > cap as f64 * 0.75 {
        cap *= 2;
    }
    let mut order: Vec<(usize, usize)> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let bucket = match fp.hash_code(k) {
                Some(h) => {
                    let h = h as u32;
                    ((h ^ (h >> 16)) as usize) & (cap - 1)
                }
                None => usize::MAX,
            };
            (bucket, i)
        })
        .collect();
    order.sort();
    order.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_hashes() {
        // Computed with a direct transcription of FP64.java and StringValue.fingerPrint.
        let fp = Fp64::new(POLYS[0]);
        assert_eq!(fp.hash_code(&Value::str("0")), Some(0x5751456f));
        let fp = Fp64::new(POLYS[99]);
        assert_eq!(fp.hash_code(&Value::str("1")), Some(0xc57c13bcu32 as i32));
        let keys: Vec<Value> = ["0", "1", "2", "3", "4"]
            .iter()
            .map(|s| Value::str(s))
            .collect();
        assert_eq!(hash_map_order(&fp, &keys), vec![1, 2, 4, 3, 0]);
    }
}
