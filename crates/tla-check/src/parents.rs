//! The parent records of the explored states: per state its fingerprint and its parent's
//! index (12 bytes), in the order the states were found, enough to rebuild a counterexample.
//! Beyond a memory budget the oldest records go to an unlinked temporary file (append-only)
//! and are read back only to rebuild a path or to write a checkpoint, so RAM stays bounded
//! however many states the search finds.

use std::fs::File;
use std::io::Write;
use std::os::unix::fs::FileExt;

/// Bytes of one record: the fingerprint (8) and the parent's index (4).
pub const RECORD: u64 = 12;
/// Records moved to disk at once, at least (so a tiny budget does not write 12 bytes a time).
const MIN_FLUSH: usize = 4096;

pub struct ParentRecords {
    /// The records from `on_disk` on.
    fps: Vec<u64>,
    parents: Vec<u32>,
    /// Records in the file (the first ones).
    on_disk: u64,
    disk: Option<File>,
    /// Records kept in RAM before they go to disk; None: all stay in RAM.
    keep: Option<usize>,
    /// The first failure to write the file: records stay in RAM after it.
    pub write_error: Option<String>,
}

impl ParentRecords {
    /// Records for a search whose budget is `memory` bytes (None: no limit).
    pub fn new(memory: Option<u64>) -> Self {
        ParentRecords {
            fps: Vec::new(),
            parents: Vec::new(),
            on_disk: 0,
            disk: None,
            keep: memory.map(|m| ((m / RECORD) as usize).max(MIN_FLUSH)),
            write_error: None,
        }
    }

    pub fn len(&self) -> u64 {
        self.on_disk + self.fps.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Records in the file.
    pub fn spilled(&self) -> u64 {
        self.on_disk
    }

    pub fn push(&mut self, fp: u64, parent: u32) {
        self.fps.push(fp);
        self.parents.push(parent);
        if self.keep.is_some_and(|k| self.fps.len() >= k) && self.write_error.is_none() {
            if let Err(e) = self.flush() {
                self.write_error = Some(e.to_string());
            }
        }
    }

    /// Appends the records in RAM to the file.
    fn flush(&mut self) -> std::io::Result<()> {
        if self.disk.is_none() {
            self.disk = Some(crate::frontier::temp_file("parents")?);
        }
        let file = self.disk.as_mut().expect("parents file");
        let mut bytes = Vec::with_capacity(self.fps.len() * RECORD as usize);
        for (fp, p) in self.fps.iter().zip(&self.parents) {
            bytes.extend(fp.to_le_bytes());
            bytes.extend(p.to_le_bytes());
        }
        file.write_all_at(&bytes, self.on_disk * RECORD)?;
        self.on_disk += self.fps.len() as u64;
        self.fps.clear();
        self.parents.clear();
        Ok(())
    }

    /// Record `i`: its fingerprint and its parent's index.
    pub fn get(&self, i: u32) -> std::io::Result<(u64, u32)> {
        let i = i as u64;
        if i >= self.on_disk {
            let j = (i - self.on_disk) as usize;
            return Ok((self.fps[j], self.parents[j]));
        }
        let mut b = [0u8; RECORD as usize];
        let file = self
            .disk
            .as_ref()
            .expect("records below on_disk are in the file");
        file.read_exact_at(&mut b, i * RECORD)?;
        Ok(decode(&b))
    }

    /// `f(fp, parent)` for every record, in order.
    pub fn for_each(&self, f: &mut dyn FnMut(u64, u32)) -> std::io::Result<()> {
        const CHUNK: u64 = 1 << 16;
        let mut at = 0;
        let mut buf = vec![0u8; (CHUNK * RECORD) as usize];
        while at < self.on_disk {
            let n = (self.on_disk - at).min(CHUNK);
            let b = &mut buf[..(n * RECORD) as usize];
            let file = self
                .disk
                .as_ref()
                .expect("records below on_disk are in the file");
            file.read_exact_at(b, at * RECORD)?;
            for r in b.chunks_exact(RECORD as usize) {
                let (fp, p) = decode(r);
                f(fp, p);
            }
            at += n;
        }
        for (fp, p) in self.fps.iter().zip(&self.parents) {
            f(*fp, *p);
        }
        Ok(())
    }

    /// Writes every record to `out`, as `for_each` reads them.
    pub fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let mut err = None;
        self.for_each(&mut |fp, p| {
            if err.is_none() {
                let mut b = [0u8; RECORD as usize];
                b[..8].copy_from_slice(&fp.to_le_bytes());
                b[8..].copy_from_slice(&p.to_le_bytes());
                if let Err(e) = out.write_all(&b) {
                    err = Some(e);
                }
            }
        })?;
        err.map_or(Ok(()), Err)
    }
}

fn decode(b: &[u8]) -> (u64, u32) {
    let fp = u64::from_le_bytes(b[..8].try_into().expect("8 bytes"));
    let p = u32::from_le_bytes(b[8..12].try_into().expect("4 bytes"));
    (fp, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(r: &mut ParentRecords, n: u32) {
        for i in 0..n {
            let parent = if i < 3 { u32::MAX } else { i / 2 };
            r.push(u64::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15), parent);
        }
    }

    #[test]
    fn a_tiny_budget_moves_old_records_to_disk_and_reads_them_back() {
        let mut small = ParentRecords::new(Some(1));
        let mut ram = ParentRecords::new(None);
        fill(&mut small, 10_000);
        fill(&mut ram, 10_000);
        // Flushed in chunks of MIN_FLUSH: 8192 on disk, the rest in RAM.
        assert_eq!(small.spilled(), 8192);
        assert_eq!(small.fps.len(), 10_000 - 8192);
        assert_eq!(ram.spilled(), 0);
        assert_eq!(small.len(), 10_000);
        for i in [0u32, 1, 4095, 4096, 8191, 8192, 9999] {
            assert_eq!(small.get(i).unwrap(), ram.get(i).unwrap(), "record {i}");
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        small.write_to(&mut a).unwrap();
        ram.write_to(&mut b).unwrap();
        assert_eq!(a.len(), 10_000 * 12);
        assert_eq!(a, b);
    }

    #[test]
    fn no_budget_keeps_every_record_in_ram() {
        let mut r = ParentRecords::new(None);
        fill(&mut r, 5000);
        assert_eq!(r.spilled(), 0);
        assert_eq!(
            r.get(4999).unwrap(),
            (4999u64.wrapping_mul(0x9e37_79b9_7f4a_7c15), 2499)
        );
    }
}
