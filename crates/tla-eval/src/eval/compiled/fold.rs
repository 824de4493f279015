//! The value of a folded expression (`Node::Folded`), computed by one worker while the others
//! wait for it.
//!
//! Workers start a run together and meet the same constant expressions first: the set of
//! CoffeeCan1000Beans' Init (`{c \in Can : ...}`, a million records filtered) was computed by
//! both workers at once, so the second core added nothing to the initial states. A worker
//! finding the value missing takes the slot's lock and computes it; the others wait and read
//! it. The worker computing it may meet the slot again inside its own evaluation (an
//! expression whose value needs itself, which ends as the interpreter's error): it evaluates
//! again unlocked, as it did before there was a lock. An error is not kept: each worker that
//! asks evaluates again and gets it.

use crate::value::Value;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

#[derive(Default)]
pub(crate) struct Fold {
    value: OnceLock<Value>,
    lock: Mutex<()>,
    /// The thread computing the value (its token, see `thread_token`), 0 when none.
    computing: AtomicUsize,
}

fn thread_token() -> usize {
    thread_local!(static TOKEN: u8 = const { 0 });
    TOKEN.with(|t| t as *const u8 as usize)
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
        let me = thread_token();
        if self.computing.load(Ordering::Acquire) == me {
            return eval();
        }
        let _held = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(v) = self.value.get() {
            return Ok(v.clone());
        }
        self.computing.store(me, Ordering::Release);
        let r = eval();
        self.computing.store(0, Ordering::Release);
        let v = r?;
        Ok(self.value.get_or_init(|| v).clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

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
}
