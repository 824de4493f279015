//! A lock file with generations, and a log that refuses writes from an older generation
//! (`WriterLock.tla`). A writer takes the lock when it is free or its lease expired; a deposed
//! writer keeps its old generation until it reads the lock again.

use crate::Events;

/// A writer's identity.
pub type WriterId = u32;

/// The lock file: who holds it, under which generation, and whether the lease ran out.
#[derive(Debug, Default)]
pub struct LockFile {
    holder: Option<WriterId>,
    generation: u64,
    expired: bool,
    pub events: Events,
}

/// The log the lock guards: it remembers the generation of the last write it accepted.
#[derive(Debug, Default)]
pub struct Log {
    last_generation: u64,
    lines: Vec<(u64, String)>,
}

/// One writer process: the generation it believes it holds, 0 if none.
#[derive(Debug)]
pub struct Writer {
    pub id: WriterId,
    believes: u64,
}

/// Why the lock or the log refused.
#[derive(Debug, PartialEq, Eq)]
pub enum LockError {
    /// Another writer holds a live lease.
    Busy,
    /// The writer holds no generation.
    NotHolding,
    /// The write's generation is older than the lock's: the writer was deposed.
    Fenced { write: u64, current: u64 },
}

impl Writer {
    pub fn new(id: WriterId) -> Writer {
        Writer { id, believes: 0 }
    }

    /// The generation this writer believes it holds, 0 if none.
    pub fn believes(&self) -> u64 {
        self.believes
    }
}

impl Log {
    /// The lines accepted so far, with the generation each was written under.
    pub fn lines(&self) -> &[(u64, String)] {
        &self.lines
    }
}

impl LockFile {
    /// A free lock at generation 0; with tracing on, logs it as the initial state.
    pub fn new() -> LockFile {
        let lock = LockFile::default();
        #[cfg(feature = "tla-trace")]
        lock.trace(None, None, Some(0));
        lock
    }

    /// Records the spec action `action` (of writer `w`, if it has one) after its step;
    /// `last_gen` is the log's, known only to the steps that see the log.
    fn record(&mut self, action: &'static str, w: Option<WriterId>, last_gen: Option<u64>) {
        self.events.emit(action);
        #[cfg(feature = "tla-trace")]
        self.trace(Some(action), w, last_gen);
        let _ = (w, last_gen);
    }

    /// One trace event: the lock file's variables (`believes` and `observed` live in the
    /// writers: the validator follows them from the actions).
    #[cfg(feature = "tla-trace")]
    fn trace(&self, action: Option<&str>, w: Option<WriterId>, last_gen: Option<u64>) {
        let name = |w: WriterId| format!("w{w}");
        let mut event = tla_trace_emit::Event::new(action);
        if let Some(w) = w {
            event.param("w", &name(w));
        }
        event.var("holder", &self.holder.map_or("none".to_string(), name));
        event.var("gen", &self.generation);
        event.var("expired", &self.expired);
        if let Some(g) = last_gen {
            event.var("lastGen", &g);
        }
        event.emit();
    }

    /// The lock's generation, bumped on every grant.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Takes the lock when it is free or its lease expired, with the next generation (the
    /// spec's `Acquire`; the caller holds flock on the lock file for the whole step).
    pub fn acquire(&mut self, writer: &mut Writer) -> Result<u64, LockError> {
        if self.holder.is_some() && !self.expired {
            return Err(LockError::Busy);
        }
        self.generation += 1;
        self.holder = Some(writer.id);
        self.expired = false;
        writer.believes = self.generation;
        self.record("Acquire", Some(writer.id), None);
        Ok(self.generation)
    }

    /// Without flock (a network file system), a takeover first reads the lock file: the
    /// generation it will take (the spec's `Observe`).
    pub fn observe(&mut self) -> Result<u64, LockError> {
        if self.holder.is_some() && !self.expired {
            return Err(LockError::Busy);
        }
        self.record("Observe", None, None);
        Ok(self.generation + 1)
    }

    /// ... then renames its own lock file over it, with the generation it read (the spec's
    /// `TakeOver`). Nothing stops two writers doing this at once: finding W1.
    pub fn take_over(&mut self, writer: &mut Writer, observed: u64) {
        self.generation = observed;
        self.holder = Some(writer.id);
        self.expired = false;
        writer.believes = observed;
        self.record("TakeOver", Some(writer.id), None);
    }

    /// The holder's lease runs out (the spec's `Expire`).
    pub fn expire(&mut self) {
        if self.holder.is_some() {
            self.expired = true;
            self.record("Expire", None, None);
        }
    }

    /// Appends a line under the writer's generation; the log refuses an older one (the spec's
    /// `Write`).
    pub fn write(&mut self, writer: &Writer, log: &mut Log, line: &str) -> Result<(), LockError> {
        if writer.believes == 0 {
            return Err(LockError::NotHolding);
        }
        if writer.believes != self.generation {
            return Err(LockError::Fenced {
                write: writer.believes,
                current: self.generation,
            });
        }
        log.last_generation = writer.believes;
        log.lines.push((writer.believes, line.to_string()));
        self.record("Write", Some(writer.id), Some(log.last_generation));
        Ok(())
    }

    /// A deposed writer reads the lock and drops its generation (the spec's `Notice`).
    pub fn notice(&mut self, writer: &mut Writer) -> bool {
        if writer.believes == 0 || writer.believes == self.generation {
            return false;
        }
        writer.believes = 0;
        self.record("Notice", Some(writer.id), None);
        true
    }

    /// The holder gives the lock up (the spec's `Release`).
    pub fn release(&mut self, writer: &mut Writer) -> Result<(), LockError> {
        if self.holder != Some(writer.id) || writer.believes != self.generation {
            return Err(LockError::NotHolding);
        }
        self.holder = None;
        self.expired = false;
        writer.believes = 0;
        self.record("Release", Some(writer.id), None);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_lease_is_not_taken_over() {
        let (mut lock, mut a, mut b) = (LockFile::default(), Writer::new(1), Writer::new(2));
        assert_eq!(lock.acquire(&mut a), Ok(1));
        assert_eq!(lock.acquire(&mut b), Err(LockError::Busy));
        lock.expire();
        assert_eq!(lock.acquire(&mut b), Ok(2));
    }

    #[test]
    fn a_deposed_writer_is_fenced_and_file_order_is_generation_order() {
        let (mut lock, mut log) = (LockFile::default(), Log::default());
        let (mut a, mut b) = (Writer::new(1), Writer::new(2));
        lock.acquire(&mut a).unwrap();
        lock.write(&a, &mut log, "a1").unwrap();
        lock.expire();
        lock.acquire(&mut b).unwrap();
        lock.write(&b, &mut log, "b1").unwrap();
        // The deposed writer still believes it holds generation 1.
        assert_eq!(a.believes(), 1);
        assert_eq!(
            lock.write(&a, &mut log, "a2"),
            Err(LockError::Fenced {
                write: 1,
                current: 2
            })
        );
        let gens: Vec<u64> = log.lines().iter().map(|(g, _)| *g).collect();
        assert_eq!(gens, [1, 2]);
        assert!(lock.notice(&mut a));
        assert_eq!(a.believes(), 0);
    }

    // Finding W1 (findings/WriterLockNoFlock.cfg): two read-then-rename takeovers read the same
    // generation and both take it. This documents the gap until takeovers compare-and-swap.
    #[test]
    fn finding_w1_two_takeovers_without_flock_share_a_generation() {
        let (mut lock, mut log) = (LockFile::default(), Log::default());
        let (mut a, mut b) = (Writer::new(1), Writer::new(2));
        let (ga, gb) = (lock.observe().unwrap(), lock.observe().unwrap());
        lock.take_over(&mut a, ga);
        lock.take_over(&mut b, gb);
        assert_eq!((a.believes(), b.believes()), (1, 1));
        lock.write(&a, &mut log, "a").unwrap();
        lock.write(&b, &mut log, "b").unwrap();
        assert_eq!(log.lines().len(), 2, "two writers under one generation");
    }

    #[test]
    fn only_the_current_holder_releases() {
        let (mut lock, mut a, mut b) = (LockFile::default(), Writer::new(1), Writer::new(2));
        lock.acquire(&mut a).unwrap();
        assert_eq!(lock.release(&mut b), Err(LockError::NotHolding));
        lock.release(&mut a).unwrap();
        assert_eq!(lock.acquire(&mut b), Ok(2));
        assert_eq!(
            lock.events.actions(),
            ["Acquire", "Release", "Acquire"].as_slice()
        );
    }
}
