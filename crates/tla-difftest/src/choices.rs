//! Where the generators' decisions come from: a seeded generator for the differential tester,
//! or the fuzzer's bytes.

/// A source of decisions.
pub trait Choices {
    /// A number below `n` (`n` > 0).
    fn pick(&mut self, n: usize) -> usize;
    /// No decisions left: generators close the expression with leaves.
    fn exhausted(&self) -> bool {
        false
    }
}

/// splitmix64: small, fast, and the same sequence for a seed on every platform.
pub struct Seeded(u64);

impl Seeded {
    pub fn new(seed: u64) -> Self {
        Seeded(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Choices for Seeded {
    fn pick(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The fuzzer's input, one byte a decision; zeros once it is used up.
pub struct Bytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Bytes { bytes, at: 0 }
    }
}

impl Choices for Bytes<'_> {
    fn pick(&mut self, n: usize) -> usize {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b as usize % n
    }

    fn exhausted(&self) -> bool {
        self.at >= self.bytes.len()
    }
}
