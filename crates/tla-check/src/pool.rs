//! Worker threads kept for the life of the process. A search runs a pass per BFS level on
//! its workers; with a fresh thread per pass, every level's helpers started with cold
//! thread-local caches (the evaluator's memo tables, kept answers, the fingerprinter, the
//! allocator's heap) and abandoned the last level's. A helper here goes back to the idle
//! list after each pass and keeps them. Callers that run at once (tests, nested passes) each
//! take helpers of their own, so none waits for another.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Stack of a worker thread: deeply nested specs recurse deeply (as the main thread).
pub(crate) const STACK: usize = 256 * 1024 * 1024;

/// A pass's work, its lifetime erased: `on_threads` waits for every helper to finish with
/// it before the borrowed closure can go away.
struct Task(*const (dyn Fn(usize) + Sync));

// SAFETY: the closure is `Sync`, and `on_threads` keeps it alive until every helper is done.
unsafe impl Send for Task {}

struct Job {
    task: Task,
    index: usize,
    done: Arc<Done>,
}

type Panic = Box<dyn std::any::Any + Send>;

/// Counts the helpers still working on a pass, and whether one panicked.
struct Done {
    state: Mutex<(usize, Option<Panic>)>,
    all: Condvar,
}

impl Done {
    fn new(helpers: usize) -> Self {
        Done {
            state: Mutex::new((helpers, None)),
            all: Condvar::new(),
        }
    }

    fn finish(&self, panic: Option<Panic>) {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        s.0 -= 1;
        if s.1.is_none() {
            s.1 = panic;
        }
        if s.0 == 0 {
            self.all.notify_all();
        }
    }

    /// Returns once every helper is done.
    fn wait_only(&self) -> MutexGuard<'_, (usize, Option<Panic>)> {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        while s.0 > 0 {
            s = self.all.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        s
    }

    /// Returns once every helper is done; the first panic of one, if any.
    fn wait(&self) -> Option<Panic> {
        self.wait_only().1.take()
    }
}

static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

fn spawn_helper() -> Sender<Job> {
    let (tx, rx) = channel::<Job>();
    std::thread::Builder::new()
        .name("tlacheck-worker".into())
        .stack_size(STACK)
        .spawn(move || serve(rx))
        .expect("spawn a worker");
    tx
}

fn serve(rx: Receiver<Job>) {
    while let Ok(job) = rx.recv() {
        // SAFETY: see `Task`.
        let work = unsafe { &*job.task.0 };
        let r = catch_unwind(AssertUnwindSafe(|| work(job.index)));
        tla_eval::eval::RunInfo::set_thread_level(None);
        job.done.finish(r.err());
    }
}

/// Waits for the helpers of a pass even when the calling thread's share panics, so that the
/// closure they borrow outlives them.
struct WaitOnDrop<'d>(&'d Done);

impl Drop for WaitOnDrop<'_> {
    fn drop(&mut self) {
        drop(self.0.wait_only());
    }
}

/// `work(i)` for each of `n` workers, worker 0 on the calling thread, the others on kept
/// helper threads; the results in worker order. A panic on a helper is raised again here.
pub(crate) fn on_threads<R: Send>(n: usize, work: impl Fn(usize) -> R + Sync) -> Vec<R> {
    if n <= 1 {
        return vec![work(0)];
    }
    let slots: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let run = |i: usize| {
        let r = work(i);
        *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
    };
    let helpers: Vec<Sender<Job>> = {
        let mut idle = IDLE.lock().unwrap_or_else(|p| p.into_inner());
        let keep = idle.len().saturating_sub(n - 1);
        idle.split_off(keep)
    };
    let helpers: Vec<Sender<Job>> = helpers
        .into_iter()
        .chain(std::iter::repeat_with(spawn_helper))
        .take(n - 1)
        .collect();
    let done = Arc::new(Done::new(n - 1));
    let erased: &(dyn Fn(usize) + Sync) = &run;
    // SAFETY: the lifetime is erased only for the helpers, and `WaitOnDrop` (or the wait
    // below) returns after every helper has finished with `run`.
    let erased: *const (dyn Fn(usize) + Sync) = unsafe { std::mem::transmute(erased) };
    {
        let _wait = WaitOnDrop(&done);
        for (i, h) in helpers.iter().enumerate() {
            let job = Job {
                task: Task(erased),
                index: i + 1,
                done: done.clone(),
            };
            if let Err(e) = h.send(job) {
                // The helper is gone (it cannot be: it never returns): do its share here.
                let job = e.0;
                run(job.index);
                job.done.finish(None);
            }
        }
        run(0);
    }
    if let Some(p) = done.wait() {
        resume_unwind(p);
    }
    IDLE.lock()
        .unwrap_or_else(|p| p.into_inner())
        .extend(helpers);
    slots
        .into_iter()
        .map(|s| {
            s.into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .expect("every worker ran")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_worker_runs_once_and_results_come_in_worker_order() {
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let r = on_threads(4, |i| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            i * 10
        });
        assert_eq!(r, vec![0, 10, 20, 30]);
        assert_eq!(calls.into_inner(), 4);
    }

    #[test]
    fn helpers_are_kept_between_passes() {
        // The same helper threads serve a second pass (their thread ids repeat), unless
        // another test took them meanwhile: then more were made, and the first ones come back.
        let ids = |_: usize| std::thread::current().id();
        let first: Vec<_> = on_threads(2, ids);
        let mut again = false;
        for _ in 0..50 {
            let second: Vec<_> = on_threads(2, ids);
            assert_eq!(second[0], first[0], "worker 0 is the calling thread");
            if second[1] == first[1] {
                again = true;
                break;
            }
        }
        assert!(again, "a helper thread served a later pass");
    }

    #[test]
    fn a_panic_on_a_helper_reaches_the_caller_after_the_others_finish() {
        let finished = std::sync::atomic::AtomicUsize::new(0);
        let r = catch_unwind(AssertUnwindSafe(|| {
            on_threads(3, |i| {
                if i == 2 {
                    panic!("worker 2 fails");
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
                finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            })
        }));
        assert!(r.is_err());
        assert_eq!(finished.into_inner(), 2);
        // The pool still works.
        assert_eq!(on_threads(3, |i| i), vec![0, 1, 2]);
    }
}
