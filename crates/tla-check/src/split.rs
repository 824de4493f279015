//! A level of a single state leaves every worker but one idle, and a trace spec's search is
//! a chain of such levels, each state's successors filtered by an action constraint. There
//! the worker generates the state's successors and a helper, kept for the whole search,
//! examines them as they come; once generation ends the worker examines too, each thread
//! taking the next successor neither has taken. Claims carry the one-worker search's order
//! keys (`workers.rs`), and the examined successors are kept in generation order, so the
//! figures and the stop are those of one worker.
//!
//! Only where examining has no effect (every check, the view and Next are effect-free):
//! then examining a successor past the one that stops the search shows nothing.

use crate::expand::{Candidate, Generated, Shared, Worker};
use crate::merge::stop;
use crate::result::Verdict;
use crate::workers::{
    keep, order_key, ChunkOut, ChunkStop, Claimer, KeyedClaim, LevelRules, StopKind,
};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use tla_eval::eval::RunInfo;
use tla_eval::Value;

/// How long the helper looks for the next job before it sleeps: about the time a worker
/// takes to finish a trace spec's state, so that it answers without a wake-up.
const SPINS: u32 = 20_000;

/// One state's successors, shared while they are generated.
struct Job {
    cur: Arc<[Value]>,
    idx: u32,
    depth: u32,
    successors: Mutex<Vec<Arc<Generated>>>,
    /// How many successors `successors` holds (read without its lock).
    produced: AtomicUsize,
    /// Generation has ended: `produced` is final.
    finished: AtomicBool,
    /// The first successor neither thread has taken.
    next: AtomicUsize,
}

/// What `Job::take` gives a thread.
enum Take {
    Successor(usize),
    /// None to take yet: generation goes on.
    Wait,
    /// Every successor is taken.
    Done,
}

impl Job {
    fn new(cur: Arc<[Value]>, idx: u32, depth: u32) -> Self {
        Job {
            cur,
            idx,
            depth,
            successors: Mutex::new(Vec::new()),
            produced: AtomicUsize::new(0),
            finished: AtomicBool::new(false),
            next: AtomicUsize::new(0),
        }
    }

    fn push(&self, g: Generated) {
        let mut all = self.successors.lock().expect("successors");
        all.push(Arc::new(g));
        self.produced.store(all.len(), Ordering::Release);
    }

    fn successor(&self, j: usize) -> Arc<Generated> {
        self.successors.lock().expect("successors")[j].clone()
    }

    fn take(&self) -> Take {
        loop {
            // `finished` first: once it is seen, `produced` is final.
            let finished = self.finished.load(Ordering::Acquire);
            let produced = self.produced.load(Ordering::Acquire);
            let j = self.next.load(Ordering::Acquire);
            if j >= produced {
                return if finished { Take::Done } else { Take::Wait };
            }
            let taken =
                self.next
                    .compare_exchange_weak(j, j + 1, Ordering::AcqRel, Ordering::Relaxed);
            if taken.is_ok() {
                return Take::Successor(j);
            }
        }
    }
}

/// A successor examined: its position, what was found, whether its claim won.
type Examined = (usize, Candidate, bool);

/// The helper thread's end of the work.
pub struct Helper {
    jobs: SyncSender<Arc<Job>>,
    done: Receiver<Vec<Examined>>,
}

/// Whether the search may examine a state's successors on two threads (see above).
pub fn applies(sh: &Shared, workers: usize) -> bool {
    let m = sh.model;
    let ev = sh.ev;
    // (A spec using Trace is searched by one worker.)
    workers > 1
        && [
            &m.constraints,
            &m.action_constraints,
            &m.invariants,
            &m.action_properties,
        ]
        .iter()
        .all(|checks| checks.iter().all(|c| ev.without_effects(&c.expr)))
        && m.view.as_ref().is_none_or(|v| ev.without_effects(v))
        && m.next.as_ref().is_none_or(|n| ev.without_effects(n))
}

/// Runs `f` with a helper when `on`, the helper thread ending with it.
pub fn with_helper<R>(sh: &Shared, on: bool, f: impl FnOnce(Option<&Helper>) -> R) -> R {
    if !on {
        return f(None);
    }
    std::thread::scope(|s| {
        let (jobs, waiting) = sync_channel::<Arc<Job>>(1);
        let (answers, done) = sync_channel::<Vec<Examined>>(1);
        std::thread::Builder::new()
            .stack_size(crate::pool::STACK)
            .spawn_scoped(s, move || help(sh, waiting, answers))
            .expect("spawn the helper");
        let helper = Helper { jobs, done };
        f(Some(&helper))
        // Dropping the helper's channels ends its loop; the scope waits for it.
    })
}

fn help(sh: &Shared, waiting: Receiver<Arc<Job>>, answers: SyncSender<Vec<Examined>>) {
    let mut w = Worker::new(sh);
    let mut c = Claimer::new(sh.seen);
    while let Some(job) = receive(&waiting) {
        let out = examine_taken(&mut w, &mut c, &job);
        if answers.send(out).is_err() {
            break;
        }
    }
    RunInfo::set_thread_level(None);
}

/// The next message, looked for a while before sleeping: a wake-up costs more than the
/// examination of a few successors.
fn receive<T>(from: &Receiver<T>) -> Option<T> {
    for _ in 0..SPINS {
        match from.try_recv() {
            Ok(m) => return Some(m),
            Err(TryRecvError::Empty) => std::hint::spin_loop(),
            Err(TryRecvError::Disconnected) => return None,
        }
    }
    from.recv().ok()
}

/// Examines the successors this thread takes until every one is taken.
fn examine_taken(w: &mut Worker, c: &mut Claimer, job: &Job) -> Vec<Examined> {
    let mut out = Vec::new();
    let mut idle = 0u32;
    loop {
        match job.take() {
            Take::Successor(j) => {
                idle = 0;
                let (cand, won) = examine_at(w, c, job, j);
                out.push((j, cand, won));
            }
            Take::Wait => {
                // Held while waiting, the read lock would keep the other thread from growing
                // the seen-set.
                c.release();
                idle += 1;
                if idle.is_multiple_of(1024) {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
            Take::Done => break,
        }
    }
    c.release();
    out
}

/// Examines the `j`-th successor, claiming it with its one-worker order key.
fn examine_at(w: &mut Worker, c: &mut Claimer, job: &Job, j: usize) -> (Candidate, bool) {
    let key = order_key(job.idx, j as u32);
    let won = Cell::new(false);
    let mut claim = KeyedClaim {
        claimer: c,
        key: || key,
        won: &won,
    };
    let successor = job.successor(j);
    let cand = w.examine_generated(&job.cur, &successor, job.depth, &mut claim);
    (cand, won.get())
}

/// Expands the one state `(idx, st)` of a level at `depth`, as `workers::expand_level`
/// would (a chunk of one state, at position 0).
pub fn expand_one(
    sh: &Shared,
    helper: &Helper,
    (idx, st): &(u32, Arc<[Value]>),
    depth: u32,
    rules: LevelRules,
) -> ChunkOut {
    let idx = *idx;
    let mut w = Worker::new(sh);
    let job = Arc::new(Job::new(st.clone(), idx, depth));
    let helped = helper.jobs.send(job.clone()).is_ok();
    let end = w.generate(st, depth, &mut |g| job.push(g));
    job.finished.store(true, Ordering::Release);
    let n = job.produced.load(Ordering::Acquire);
    let mut c = Claimer::new(sh.seen);
    let mut examined: Vec<Option<(Candidate, bool)>> = (0..n).map(|_| None).collect();
    for (j, cand, won) in examine_taken(&mut w, &mut c, &job) {
        examined[j] = Some((cand, won));
    }
    if helped {
        for (j, cand, won) in receive(&helper.done).unwrap_or_default() {
            examined[j] = Some((cand, won));
        }
    }
    let mut out = ChunkOut::default();
    for (j, e) in examined.into_iter().enumerate() {
        // A successor the helper took but did not answer for (it failed) is examined here.
        let (cand, won) = e.unwrap_or_else(|| examine_at(&mut w, &mut c, &job, j));
        out.generated += 1;
        if !keep(
            &mut out,
            cand,
            order_key(idx, j as u32),
            0,
            Some(idx),
            won,
            rules,
        ) {
            return out;
        }
    }
    let stopped = match end {
        Err(e) => stop(Verdict::Error(e), Some(idx), None),
        Ok(intermediate) => {
            out.generated += intermediate;
            if !(n == 0 && rules.check_deadlock) {
                return out;
            }
            stop(Verdict::Deadlock, Some(idx), None)
        }
    };
    out.stops.push(ChunkStop {
        key: order_key(idx, u32::MAX),
        generated: out.generated,
        pos: 0,
        kind: StopKind::Certain(stopped),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two threads taking while a third generates: every successor is taken once, and a
    /// thread is told `Done` only once generation has ended and all are taken.
    #[test]
    fn each_successor_is_taken_once_and_done_comes_after_the_last() {
        const N: usize = 1000;
        for _ in 0..10 {
            let job = Job::new(Arc::from(Vec::<Value>::new()), 0, 0);
            let taker = |job: &Job| {
                let mut got = Vec::new();
                loop {
                    match job.take() {
                        Take::Successor(j) => got.push(j),
                        Take::Wait => std::hint::spin_loop(),
                        Take::Done => {
                            assert!(job.finished.load(Ordering::Acquire));
                            return got;
                        }
                    }
                }
            };
            let (a, b) = std::thread::scope(|s| {
                let a = s.spawn(|| taker(&job));
                let b = s.spawn(|| taker(&job));
                for i in 0..N {
                    job.push((vec![Some(Value::Int(i as i64))], None));
                    // Slower than the takers, so that they wait for successors.
                    for _ in 0..500 {
                        std::hint::spin_loop();
                    }
                }
                job.finished.store(true, Ordering::Release);
                (a.join().unwrap(), b.join().unwrap())
            });
            let mut all: Vec<usize> = a.iter().chain(&b).copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..N).collect::<Vec<_>>());
            // Each position holds what was pushed there.
            let j = a.first().or(b.first()).copied().unwrap();
            assert!(matches!(job.successor(j).0[0], Some(Value::Int(x)) if x == j as i64));
        }
    }
}
