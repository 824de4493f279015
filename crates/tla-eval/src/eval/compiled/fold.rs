//! The value of a folded expression (`Node::Folded`), computed by one worker while the others
//! wait for it.
//!
//! Workers start a run together and meet the same constant expressions first: the set of
//! CoffeeCan1000Beans' Init (`{c \in Can : ...}`, a million records filtered) was computed by
//! both workers at once, so the second core added nothing to the initial states. A worker
//! finding the value missing takes the slot's lock and computes it; the others wait and read
//! it. A worker already computing a folded value never waits for another: it evaluates
//! unlocked, as before there was a lock. So no two workers can wait for each other (folded
//! values that need each other, which end as the interpreter's error), and a value that needs
//! itself is evaluated again by the same worker, as without the lock. An error is not kept:
//! each worker that asks evaluates again and gets it.

use crate::value::Value;
use std::cell::Cell;
use std::sync::{Mutex, OnceLock};

#[derive(Default)]
pub(crate) struct Fold {
    value: OnceLock<Value>,
    lock: Mutex<()>,
}

thread_local! {
    /// How many folded values this thread is computing under their lock.
    static COMPUTING: Cell<u32> = const { Cell::new(0) };
}

/// Counts this thread as computing a folded value while it lives.
struct Computing;

impl Computing {
    fn start() -> Computing {
        COMPUTING.with(|c| c.set(c.get() + 1));
        Computing
    }
}

impl Drop for Computing {
    fn drop(&mut self) {
        COMPUTING.with(|c| c.set(c.get() - 1));
    }
}

impl Fold {
    pub(crate) fn get(&self) -> Option<&Value> {
        self.value.get()
    }

    /// The kept value, or `eval`'s, kept when it is a value.
    pub(crate) fn get_or_eval<E>(
        &self,
        eval: impl FnOnce() -> Result<Value, E>,
    ) -> Result<Value, E> {
        if let Some(v) = self.value.get() {
            return Ok(v.clone());
        }
        if COMPUTING.with(Cell::get) > 0 {
            let v = eval()?;
            return Ok(self.value.get_or_init(|| v).clone());
        }
        let _held = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(v) = self.value.get() {
            return Ok(v.clone());
        }
        let v = {
            let _computing = Computing::start();
            eval()?
        };
        Ok(self.value.get_or_init(|| v).clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::{mpsc, Arc, Barrier};
    use std::time::Duration;

    #[test]
    fn two_threads_compute_a_folded_value_once() {
        let fold = Fold::default();
        let evaluations = AtomicU32::new(0);
        let eval = || {
            evaluations.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(50));
            Ok::<_, ()>(Value::Int(7))
        };
        std::thread::scope(|s| {
            let a = s.spawn(|| fold.get_or_eval(eval));
            let b = s.spawn(|| fold.get_or_eval(eval));
            assert_eq!(a.join().unwrap().unwrap(), Value::Int(7));
            assert_eq!(b.join().unwrap().unwrap(), Value::Int(7));
        });
        assert_eq!(evaluations.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn an_error_is_not_kept_and_a_nested_ask_does_not_wait() {
        let fold = Fold::default();
        assert_eq!(fold.get_or_eval(|| Err::<Value, _>("no")), Err("no"));
        assert!(fold.get().is_none());
        let nested = fold.get_or_eval(|| fold.get_or_eval(|| Ok::<_, ()>(Value::Int(1))));
        assert_eq!(nested, Ok(Value::Int(1)));
        assert_eq!(fold.get(), Some(&Value::Int(1)));
    }

    #[test]
    fn two_workers_computing_values_that_need_each_other_do_not_wait_for_each_other() {
        let (x, y) = (Arc::new(Fold::default()), Arc::new(Fold::default()));
        let both_hold_their_lock = Arc::new(Barrier::new(2));
        let (done, finished) = mpsc::channel();
        for (mine, other, seed) in [(x.clone(), y.clone(), 1), (y, x, 10)] {
            let (barrier, done) = (both_hold_their_lock.clone(), done.clone());
            std::thread::spawn(move || {
                let r = mine.get_or_eval(|| {
                    barrier.wait();
                    other.get_or_eval(|| Ok::<_, ()>(Value::Int(seed)))
                });
                done.send(r.is_ok()).unwrap();
            });
        }
        for _ in 0..2 {
            let ok = finished.recv_timeout(Duration::from_secs(10));
            assert_eq!(ok, Ok(true), "a worker waited for the other");
        }
    }
}
