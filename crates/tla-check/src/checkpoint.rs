//! Checkpoint and recovery (TLC's `-checkpoint`, `-metadir`, `-recover`): at a level
//! boundary, once the interval has passed, everything the search needs to go on is written to
//! one file in the run's metadata directory; `--recover DIR` reads it back and the search
//! continues from that level, with the same final figures and counterexample as a run never
//! interrupted.
//!
//! What is saved: the counters, the strings interned so far in their order (TLC orders strings
//! by interning order and checkpoints its intern table, `UniqueString.internTbl`), the TLCSet
//! registers, the parent records (which are also the seen-set: every kept fingerprint), the
//! whole states of a spec reading its own Trace, and the next level's states (values through
//! `tla_eval::value::codec`). A header holds the identity of the spec, the .cfg and the
//! options, so a checkpoint is never continued against something else; a trailing xxh3 of
//! the whole file detects a truncated or damaged one. The file is written beside its final
//! name and renamed over it, so a run killed while writing leaves the previous checkpoint.

use crate::frontier::{decode_state, encode_state};
use crate::merge::{Explored, NO_PARENT};
use crate::seen::FingerprintSet;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime};
use tla_eval::value::{codec, IStr};
use tla_eval::Evaluator;
use tla_sema::ir::DefId;
use xxhash_rust::xxh3::Xxh3;

const MAGIC: &[u8; 8] = b"TLACKPT\0";
// 2: state fingerprints from a hash kept per variable (a version-1 seen-set would not match).
const VERSION: u32 = 2;
/// The checkpoint's name inside the metadata directory.
pub const FILE: &str = "checkpoint.bin";

/// How a run checkpoints and whether it starts from a checkpoint.
#[derive(Clone, Debug, Default)]
pub struct CheckpointPlan {
    /// Time between checkpoints; None: never (TLC's `-checkpoint 0`).
    pub every: Option<Duration>,
    /// The metadata directory the checkpoints are written to (created when first needed).
    pub dir: PathBuf,
    /// Start from the checkpoint in `dir` (already checked with `verify`).
    pub recover: bool,
    /// The spec, .cfg and options the checkpoint belongs to (see `identity`).
    pub identity: u128,
    /// Messages go to stderr (a `--json` run keeps stdout for its one object).
    pub to_stderr: bool,
    /// Tests only: end the search right after this many checkpoints are written.
    pub stop_after: Option<u32>,
}

/// The identity of a run's inputs: every module's text, the .cfg and the options that can
/// change what the search finds (`options`, e.g. deadlock checking, -D properties, the seed).
pub fn identity(files: &[(&str, &str)], cfg_text: &str, options: &str) -> u128 {
    let mut h = Xxh3::new();
    for (path, text) in files {
        for part in [path.as_bytes(), text.as_bytes()] {
            h.update(&(part.len() as u64).to_le_bytes());
            h.update(part);
        }
    }
    for part in [cfg_text.as_bytes(), options.as_bytes()] {
        h.update(&(part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.digest128()
}

/// TLC's default metadata directory: `states/yy-MM-dd-HH-mm-ss.SSS` under `root`.
pub fn timestamped_dir(root: &Path) -> PathBuf {
    let now = SystemTime::now();
    let t = crate::tlc_text::timestamp(now);
    let millis = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_millis());
    root.join(format!(
        "{}-{}.{millis:03}",
        &t[2..10],
        t[11..].replace(':', "-")
    ))
}

/// Checks that `dir` holds a whole checkpoint of the run with `identity`; the message says
/// what is wrong.
pub fn verify(dir: &Path, identity: u128) -> Result<(), String> {
    let path = dir.join(FILE);
    let file = File::open(&path)
        .map_err(|e| format!("{}: no checkpoint to recover from: {e}", path.display()))?;
    let len = file.metadata().map_err(|e| e.to_string())?.len();
    let mut r = Reader::new(BufReader::new(file), &path);
    let corrupt = |what: &str| format!("{}: the checkpoint is corrupt ({what})", path.display());
    if len < (MAGIC.len() + 4 + 16 + 8) as u64 {
        return Err(corrupt("too short"));
    }
    let found = header(&mut r)?;
    // The rest is read only to check the trailing hash.
    let mut left = len - (MAGIC.len() + 4 + 16) as u64 - 8;
    let mut buf = vec![0u8; 1 << 16];
    while left > 0 {
        let n = left.min(buf.len() as u64) as usize;
        r.bytes(&mut buf[..n])?;
        left -= n as u64;
    }
    r.trailer()?;
    if found != identity {
        return Err(format!(
            "{}: the checkpoint was written for another spec, configuration or options; \
             recover it with the same ones, or start again without --recover",
            path.display()
        ));
    }
    Ok(())
}

fn header<R: Read>(r: &mut Reader<R>) -> Result<u128, String> {
    let mut magic = [0u8; 8];
    r.bytes(&mut magic)?;
    if &magic != MAGIC {
        return Err(r.corrupt("not a tlacheck checkpoint"));
    }
    let version = r.u32()?;
    if version != VERSION {
        return Err(r.corrupt(&format!("format {version}, this tlacheck reads {VERSION}")));
    }
    let mut id = [0u8; 16];
    r.bytes(&mut id)?;
    Ok(u128::from_le_bytes(id))
}

/// Decides when to checkpoint and writes the checkpoints of one run.
pub struct Checkpointer {
    plan: CheckpointPlan,
    last: Instant,
    pub written: u32,
}

impl Checkpointer {
    pub fn new(plan: CheckpointPlan) -> Self {
        Checkpointer {
            plan,
            last: Instant::now(),
            written: 0,
        }
    }

    pub fn plan(&self) -> &CheckpointPlan {
        &self.plan
    }

    fn say(&self, line: &str) {
        if self.plan.to_stderr {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    }

    /// Whether the interval has passed since the start or the last checkpoint.
    pub fn due(&self) -> bool {
        self.plan.every.is_some_and(|d| self.last.elapsed() >= d)
    }

    /// At the boundary before exploring level `level`: a checkpoint if one is due. Err when
    /// the search must stop (the level lost, or a test's `stop_after`).
    pub fn at_boundary(
        &mut self,
        ev: &Evaluator,
        ex: &mut Explored,
        level: u32,
    ) -> Result<(), String> {
        if !self.due() {
            return Ok(());
        }
        self.write(ev, ex, level)?;
        if self.plan.stop_after.is_some_and(|n| self.written >= n) {
            return Err("stopped after writing the checkpoint (--stop-after-checkpoint)".into());
        }
        Ok(())
    }

    /// With `plan.recover`, loads the checkpoint into the search and gives the level to
    /// explore next, with TLC's messages; None without.
    pub fn recover(
        &self,
        ev: &Evaluator,
        ex: &mut Explored,
        seen: &mut FingerprintSet,
    ) -> Result<Option<u32>, String> {
        if !self.plan.recover {
            return Ok(None);
        }
        let dir = &self.plan.dir;
        self.say(&format!(
            "Starting recovery from checkpoint {}",
            dir.display()
        ));
        let r = recover(dir, ev, ex, seen)?;
        self.say(&format!(
            "Recovery completed. {} states examined. {} states on queue.",
            ex.records.len(),
            r.queued
        ));
        Ok(Some(r.level))
    }

    /// Writes a checkpoint at the boundary before exploring level `level`. A failure to write
    /// it is reported and the search goes on (the previous checkpoint stays); Err only when the
    /// next level itself could not be read back from its spill file.
    fn write(&mut self, ev: &Evaluator, ex: &mut Explored, level: u32) -> Result<(), String> {
        self.say(&format!("Checkpointing of run {}", self.plan.dir.display()));
        let r = self.write_file(ev, ex, level);
        self.last = Instant::now();
        match r {
            Ok(()) => {
                self.written += 1;
                self.say(&format!(
                    "Checkpointing completed at ({})",
                    crate::tlc_text::timestamp(SystemTime::now())
                ));
                Ok(())
            }
            Err(Failure::Write(e)) => {
                eprintln!("Warning: the checkpoint could not be written: {e}");
                Ok(())
            }
            Err(Failure::Level(e)) => Err(e),
        }
    }

    fn write_file(&self, ev: &Evaluator, ex: &mut Explored, level: u32) -> Result<(), Failure> {
        let dir = &self.plan.dir;
        let w = |e: std::io::Error| Failure::Write(format!("{}: {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(w)?;
        let (tmp, path) = (dir.join(format!("{FILE}.tmp")), dir.join(FILE));
        let file = File::create(&tmp).map_err(w)?;
        let mut out = Writer::new(BufWriter::new(file));
        self.write_body(ev, ex, level, &mut out)?;
        let file = out.finish().map_err(w)?;
        file.sync_all().map_err(w)?;
        std::fs::rename(&tmp, &path).map_err(w)?;
        // The rename itself is durable once the directory is.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }

    fn write_body<W: Write>(
        &self,
        ev: &Evaluator,
        ex: &mut Explored,
        level: u32,
        out: &mut Writer<W>,
    ) -> Result<(), Failure> {
        let w = |e: std::io::Error| Failure::Write(e.to_string());
        out.put(MAGIC).map_err(w)?;
        out.put(&VERSION.to_le_bytes()).map_err(w)?;
        out.put(&self.plan.identity.to_le_bytes()).map_err(w)?;
        for n in [u64::from(level), ex.generated, ex.depth, ex.initial_states] {
            out.put(&n.to_le_bytes()).map_err(w)?;
        }
        let strings = IStr::all_in_order();
        out.put(&(strings.len() as u64).to_le_bytes()).map_err(w)?;
        for s in strings {
            out.blob(s.as_str().as_bytes()).map_err(w)?;
        }
        let registers: Vec<(i64, Vec<u8>)> = {
            let regs = ev.registers.lock().unwrap_or_else(|p| p.into_inner());
            let mut all: Vec<_> = regs
                .iter()
                .map(|(k, v)| {
                    let mut b = Vec::new();
                    codec::encode(v, &mut b);
                    (*k, b)
                })
                .collect();
            all.sort_by_key(|(k, _)| *k);
            all
        };
        out.put(&(registers.len() as u64).to_le_bytes())
            .map_err(w)?;
        for (k, b) in &registers {
            out.put(&k.to_le_bytes()).map_err(w)?;
            out.blob(b).map_err(w)?;
        }
        out.put(&ex.records.len().to_le_bytes()).map_err(w)?;
        ex.records.write_to(out).map_err(w)?;
        match &ex.whole {
            None => out.put(&[0]).map_err(w)?,
            Some(whole) => {
                out.put(&[1]).map_err(w)?;
                let mut b = Vec::new();
                for (state, action) in whole {
                    let a = action.map_or(NO_PARENT, |d| d.0);
                    out.put(&a.to_le_bytes()).map_err(w)?;
                    b.clear();
                    encode_state(state, &mut b);
                    out.blob(&b).map_err(w)?;
                }
            }
        }
        out.put(&ex.next.len().to_le_bytes()).map_err(w)?;
        let fresh = ex.next.fresh();
        let next = std::mem::replace(&mut ex.next, fresh);
        let mut b = Vec::new();
        let (next, failed) = next
            .pass_through(&mut |idx, state| {
                b.clear();
                encode_state(state, &mut b);
                out.put(&idx.to_le_bytes())?;
                out.blob(&b)
            })
            .map_err(Failure::Level)?;
        ex.next = next;
        failed.map_or(Ok(()), |e| Err(w(e)))
    }
}

enum Failure {
    /// The checkpoint file could not be written.
    Write(String),
    /// The next level could not be read back: the search cannot go on either.
    Level(String),
}

/// What `recover` gives back.
struct Recovered {
    /// The level to explore next.
    level: u32,
    queued: u64,
}

/// Loads the checkpoint in `dir` into the search (already `verify`d): the interned strings
/// first, so that the values read next sort as they did.
fn recover(
    dir: &Path,
    ev: &Evaluator,
    ex: &mut Explored,
    seen: &mut FingerprintSet,
) -> Result<Recovered, String> {
    let path = dir.join(FILE);
    let file = File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut r = Reader::new(BufReader::new(file), &path);
    header(&mut r)?;
    let level = r.u64()?;
    let level = u32::try_from(level).map_err(|_| r.corrupt("level"))?;
    ex.generated = r.u64()?;
    ex.depth = r.u64()?;
    ex.initial_states = r.u64()?;
    let strings = r.u64()?;
    for _ in 0..strings {
        let b = r.blob()?;
        let s = std::str::from_utf8(&b).map_err(|_| r.corrupt("a string"))?;
        IStr::new(s);
    }
    let registers = r.u64()?;
    {
        let mut regs = ev.registers.lock().unwrap_or_else(|p| p.into_inner());
        for _ in 0..registers {
            let k = r.u64()? as i64;
            let b = r.blob()?;
            let v = codec::decode(&mut &b[..]).ok_or_else(|| r.corrupt("a register"))?;
            regs.insert(k, v);
        }
    }
    let records = r.u64()?;
    seen.reserve(records);
    for _ in 0..records {
        let fp = r.u64()?;
        let parent = r.u32()?;
        ex.records.push(fp, parent);
        seen.insert_settled(fp);
    }
    let mut flag = [0u8];
    r.bytes(&mut flag)?;
    if (flag[0] == 1) != ex.whole.is_some() {
        return Err(r.corrupt("the kept trace states"));
    }
    if let Some(whole) = &mut ex.whole {
        for _ in 0..records {
            let a = r.u32()?;
            let b = r.blob()?;
            let state = decode_state(&b).ok_or_else(|| r.corrupt("a trace state"))?;
            whole.push((state, (a != NO_PARENT).then_some(DefId(a))));
        }
    }
    let queued = r.u64()?;
    for _ in 0..queued {
        let idx = r.u32()?;
        let b = r.blob()?;
        let state = decode_state(&b).ok_or_else(|| r.corrupt("a queued state"))?;
        ex.next.push(idx, state);
    }
    r.trailer()?;
    let run = &ev.run;
    run.generated.store(ex.generated as i64, Ordering::Relaxed);
    run.distinct
        .store(ex.records.len() as i64, Ordering::Relaxed);
    run.diameter.store(ex.depth as i64, Ordering::Relaxed);
    Ok(Recovered { level, queued })
}

/// A writer that hashes what it writes; `finish` appends the hash.
struct Writer<W: Write> {
    out: W,
    hash: Xxh3,
}

impl<W: Write> Writer<W> {
    fn new(out: W) -> Self {
        Writer {
            out,
            hash: Xxh3::new(),
        }
    }

    fn put(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.hash.update(b);
        self.out.write_all(b)
    }

    fn blob(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.put(&(b.len() as u32).to_le_bytes())?;
        self.put(b)
    }
}

impl Writer<BufWriter<File>> {
    fn finish(mut self) -> std::io::Result<File> {
        let h = self.hash.digest();
        self.out.write_all(&h.to_le_bytes())?;
        self.out.into_inner().map_err(|e| e.into_error())
    }
}

impl<W: Write> Write for Writer<W> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.put(b)?;
        Ok(b.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A reader that hashes what it reads, with errors naming the file.
struct Reader<'p, R: Read> {
    input: R,
    hash: Xxh3,
    path: &'p Path,
}

impl<'p, R: Read> Reader<'p, R> {
    fn new(input: R, path: &'p Path) -> Self {
        Reader {
            input,
            hash: Xxh3::new(),
            path,
        }
    }

    fn corrupt(&self, what: &str) -> String {
        format!(
            "{}: the checkpoint is corrupt ({what})",
            self.path.display()
        )
    }

    fn bytes(&mut self, b: &mut [u8]) -> Result<(), String> {
        self.input
            .read_exact(b)
            .map_err(|e| self.corrupt(&format!("cut short: {e}")))?;
        self.hash.update(b);
        Ok(())
    }

    fn u32(&mut self) -> Result<u32, String> {
        let mut b = [0u8; 4];
        self.bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self) -> Result<u64, String> {
        let mut b = [0u8; 8];
        self.bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    fn blob(&mut self) -> Result<Vec<u8>, String> {
        let n = self.u32()? as usize;
        // A damaged length must not allocate without bound: read in steps.
        let mut out = Vec::new();
        let mut chunk = [0u8; 4096];
        while out.len() < n {
            let k = (n - out.len()).min(chunk.len());
            self.bytes(&mut chunk[..k])?;
            out.extend_from_slice(&chunk[..k]);
        }
        Ok(out)
    }

    /// The trailing hash, which must be that of everything read, and then the end.
    fn trailer(&mut self) -> Result<(), String> {
        let want = self.hash.digest();
        let mut b = [0u8; 8];
        self.input
            .read_exact(&mut b)
            .map_err(|e| self.corrupt(&format!("cut short: {e}")))?;
        if u64::from_le_bytes(b) != want {
            return Err(self.corrupt("its contents do not match its hash"));
        }
        let mut extra = [0u8; 1];
        if self.input.read(&mut extra).map_err(|e| e.to_string())? != 0 {
            return Err(self.corrupt("bytes after its end"));
        }
        Ok(())
    }
}
