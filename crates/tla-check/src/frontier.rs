//! The states of a BFS level waiting to be explored, each with its index in `Explored`, in
//! the order they were found. Beyond a memory budget the rest of the level goes to an
//! unlinked temporary file (states encoded with `tla_eval::value::codec`) and is read back
//! in segments, so a wide level need not fit in RAM.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::sync::Arc;
use tla_eval::value::codec;
use tla_eval::Value;

/// One state of a level and its index.
pub type Queued = (u32, Arc<[Value]>);

/// States read back from disk at once, at least.
const MIN_SEGMENT: usize = 256;
/// One state in so many is measured to estimate the size of a state in memory.
const SAMPLE_EVERY: u64 = 64;
/// What the allocator adds to the estimated heap of a state (rounding to size classes).
const ALLOCATOR_FACTOR_PERCENT: u64 = 125;

pub struct Frontier {
    mem: Vec<Queued>,
    /// Bytes the in-memory states may take; None: no limit.
    budget: Option<u64>,
    /// Estimated bytes of the in-memory states.
    mem_bytes: u64,
    /// Average bytes of a state in memory, from samples.
    per_state: u64,
    pushed: u64,
    disk: Option<Spill>,
    /// The first failure to write the spill file: states are kept in memory after it.
    pub write_error: Option<String>,
}

struct Spill {
    out: BufWriter<File>,
    count: u64,
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier::new(None)
    }
}

impl Frontier {
    pub fn new(budget: Option<u64>) -> Self {
        Frontier {
            mem: Vec::new(),
            budget,
            mem_bytes: 0,
            per_state: 0,
            pushed: 0,
            disk: None,
            write_error: None,
        }
    }

    /// An empty frontier with the same budget.
    pub fn fresh(&self) -> Self {
        Frontier::new(self.budget)
    }

    pub fn len(&self) -> u64 {
        self.mem.len() as u64 + self.disk.as_ref().map_or(0, |d| d.count)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// States on disk.
    pub fn spilled(&self) -> u64 {
        self.disk.as_ref().map_or(0, |d| d.count)
    }

    pub fn push(&mut self, idx: u32, state: Arc<[Value]>) {
        let Some(budget) = self.budget else {
            self.mem.push((idx, state));
            return;
        };
        if self.pushed.is_multiple_of(SAMPLE_EVERY) {
            // The queue's slot and the state's heap.
            let heap = tla_eval::value::heap::state_heap_bytes(&state);
            let size = std::mem::size_of::<Queued>() as u64 + heap * ALLOCATOR_FACTOR_PERCENT / 100;
            let n = self.pushed / SAMPLE_EVERY;
            self.per_state = (self.per_state * n + size) / (n + 1);
        }
        self.pushed += 1;
        // Once a state went to disk, the rest of the level follows it (order is kept).
        // Half the budget for the level being filled, half for the segment of the level
        // being explored (read back from disk, `into_segments`): both are in memory at once.
        if self.disk.is_none() && self.mem_bytes + self.per_state <= budget / 2 {
            self.mem_bytes += self.per_state;
            self.mem.push((idx, state));
            return;
        }
        if self.write_error.is_none() {
            match self.spill(idx, &state) {
                Ok(()) => return,
                Err(e) => self.write_error = Some(e.to_string()),
            }
        }
        self.mem.push((idx, state));
    }

    fn spill(&mut self, idx: u32, state: &[Value]) -> std::io::Result<()> {
        if self.disk.is_none() {
            self.disk = Some(Spill {
                out: BufWriter::new(temp_file("frontier")?),
                count: 0,
            });
        }
        let d = self.disk.as_mut().expect("spill file");
        let mut bytes = Vec::new();
        encode_state(state, &mut bytes);
        d.out.write_all(&idx.to_le_bytes())?;
        d.out.write_all(&(bytes.len() as u32).to_le_bytes())?;
        d.out.write_all(&bytes)?;
        d.count += 1;
        Ok(())
    }

    /// The level's states for exploring, in segments.
    pub fn into_segments(self) -> Segments {
        let segment = match self.budget {
            Some(b) => ((b / 2 / self.per_state.max(1)) as usize).max(MIN_SEGMENT),
            None => usize::MAX,
        };
        Segments {
            mem: Some(self.mem),
            disk: self.disk,
            reader: None,
            segment,
        }
    }
}

impl Frontier {
    /// Hands every state, in order, to `f` (a checkpoint writing them) and gives back the
    /// same level, re-spilled as needed: reading a spilled level consumes it. After `f`'s
    /// first error (returned beside the level) it is called no more; Err only if the level
    /// itself cannot be read back.
    pub fn pass_through(
        self,
        f: &mut dyn FnMut(u32, &[Value]) -> std::io::Result<()>,
    ) -> Result<(Frontier, Option<std::io::Error>), String> {
        let mut again = self.fresh();
        let mut failed = None;
        let mut segments = self.into_segments();
        while let Some(segment) = segments.next_segment()? {
            for (idx, state) in segment {
                if failed.is_none() {
                    failed = f(idx, &state).err();
                }
                again.push(idx, state);
            }
        }
        Ok((again, failed))
    }
}

/// A level read segment by segment: the states kept in memory, then those on disk.
pub struct Segments {
    mem: Option<Vec<Queued>>,
    disk: Option<Spill>,
    reader: Option<(BufReader<File>, u64)>,
    segment: usize,
}

impl Segments {
    /// The next states, None at the end; an error if the spill file cannot be read back.
    pub fn next_segment(&mut self) -> Result<Option<Vec<Queued>>, String> {
        if let Some(m) = self.mem.take() {
            if !m.is_empty() {
                return Ok(Some(m));
            }
        }
        if let Some(d) = self.disk.take() {
            let mut file = d
                .out
                .into_inner()
                .map_err(|e| format!("cannot write the spilled states: {e}"))?;
            file.seek(SeekFrom::Start(0))
                .map_err(|e| format!("cannot read the spilled states: {e}"))?;
            self.reader = Some((BufReader::new(file), d.count));
        }
        let Some((reader, left)) = &mut self.reader else {
            return Ok(None);
        };
        if *left == 0 {
            return Ok(None);
        }
        let n = (*left).min(self.segment as u64);
        let mut out = Vec::with_capacity(n as usize);
        let bad = |e: std::io::Error| format!("cannot read the spilled states: {e}");
        let mut head = [0u8; 8];
        let mut bytes = Vec::new();
        for _ in 0..n {
            reader.read_exact(&mut head).map_err(bad)?;
            let idx = u32::from_le_bytes(head[..4].try_into().expect("4 bytes"));
            let len = u32::from_le_bytes(head[4..].try_into().expect("4 bytes")) as usize;
            bytes.resize(len, 0);
            reader.read_exact(&mut bytes).map_err(bad)?;
            let state =
                decode_state(&bytes).ok_or_else(|| "the spilled states are corrupt".to_string())?;
            out.push((idx, state));
        }
        *left -= n;
        Ok(Some(out))
    }
}

pub(crate) fn encode_state(state: &[Value], out: &mut Vec<u8>) {
    out.extend((state.len() as u32).to_le_bytes());
    for v in state {
        codec::encode(v, out);
    }
}

pub(crate) fn decode_state(mut bytes: &[u8]) -> Option<Arc<[Value]>> {
    let n = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?) as usize;
    bytes = &bytes[4..];
    let state: Option<Vec<Value>> = (0..n).map(|_| codec::decode(&mut bytes)).collect();
    Some(state?.into())
}

/// A new file in the temporary folder, unlinked at once: it vanishes with its handle, even
/// if the process is killed.
pub(crate) fn temp_file(what: &str) -> std::io::Result<File> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "tlacheck-{what}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)?;
    let _ = std::fs::remove_file(&path);
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(i: i64) -> Arc<[Value]> {
        vec![Value::Int(i), Value::str("s"), Value::Interval(1, i)].into()
    }

    fn drain(f: Frontier) -> Vec<(u32, i64)> {
        let mut segs = f.into_segments();
        let mut out = Vec::new();
        while let Some(seg) = segs.next_segment().unwrap() {
            for (idx, st) in seg {
                match &st[0] {
                    Value::Int(n) => out.push((idx, *n)),
                    _ => panic!("not an int"),
                }
            }
        }
        out
    }

    #[test]
    fn a_tiny_budget_spills_and_keeps_the_order() {
        let mut f = Frontier::new(Some(1));
        for i in 0..1000 {
            f.push(i as u32 + 10, state(i));
        }
        assert_eq!(f.len(), 1000);
        assert_eq!(f.spilled(), 1000);
        let want: Vec<(u32, i64)> = (0..1000).map(|i| (i as u32 + 10, i)).collect();
        assert_eq!(drain(f), want);
    }

    #[test]
    fn a_budget_keeps_the_first_states_in_memory() {
        let mut f = Frontier::new(Some(20_000));
        for i in 0..1000 {
            f.push(i as u32, state(i));
        }
        assert!(f.spilled() > 0 && f.spilled() < 1000, "{}", f.spilled());
        let want: Vec<(u32, i64)> = (0..1000).map(|i| (i as u32, i)).collect();
        assert_eq!(drain(f), want);
    }

    #[test]
    fn no_budget_never_spills() {
        let mut f = Frontier::new(None);
        for i in 0..100 {
            f.push(i as u32, state(i));
        }
        assert_eq!(f.spilled(), 0);
        assert_eq!(drain(f).len(), 100);
    }
}
