//! A thread's message log, its durable `taken` cursor, and the claim processes take to run its
//! messages (`ThreadClaim.tla`). The claim is a lease whose TTL a clock runs down while its
//! holder lives; a run's start, which consumes its message, is fenced by the claim.

use crate::Events;

pub type ProcId = u32;

/// The claim as storage holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    pub holder: ProcId,
    /// Ticks left; 0 once the claim lapsed.
    pub ttl: u32,
}

/// The thread's durable state.
#[derive(Debug, Default)]
pub struct Thread {
    pub messages: Vec<String>,
    /// How many messages a run consumed.
    pub taken: usize,
    pub claim: Option<Claim>,
    /// The message index each run started with, in order.
    pub runs: Vec<usize>,
    pub events: Events,
}

/// Why a step was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Another process holds a live claim, or nothing is asked.
    Busy,
    /// The start's claim was taken by another process.
    Fenced,
}

const TTL: u32 = 1;

/// A process as the spec names it: the model value `p1`, `p2`, ...
#[cfg(feature = "tla-trace")]
fn proc_name(p: ProcId) -> String {
    format!("p{p}")
}

impl Thread {
    /// A thread with no messages and no claim; with tracing on, logs it as the initial state.
    pub fn new() -> Thread {
        let t = Thread::default();
        #[cfg(feature = "tla-trace")]
        t.trace(None, None);
        t
    }

    /// Records the spec action `action` (of process `p`, if it has one) after its step.
    fn record(&mut self, action: &'static str, p: Option<ProcId>) {
        self.events.emit(action);
        #[cfg(feature = "tla-trace")]
        self.trace(Some(action), p);
        let _ = p;
    }

    /// One trace event: the spec's variables this struct holds (`pc` and `plan` live in the
    /// callers, `runs` is bounded by the model's MaxMsgs: both left to the validator).
    #[cfg(feature = "tla-trace")]
    fn trace(&self, action: Option<&str>, p: Option<ProcId>) {
        let claim = self
            .claim
            .map_or("none".to_string(), |c| proc_name(c.holder));
        let ttl = self.claim.map_or(0, |c| c.ttl);
        let sent = self.messages.len();
        match (action, p) {
            (None, _) => tla_trace_emit::emit!(state: {
                "sent" => sent, "taken" => self.taken, "claim" => claim, "ttl" => ttl
            }),
            (Some(a), None) => tla_trace_emit::emit!(a, state: {
                "sent" => sent, "taken" => self.taken, "claim" => claim, "ttl" => ttl
            }),
            (Some(a), Some(p)) => {
                tla_trace_emit::emit!(a, params: { "p" => proc_name(p) }, state: {
                    "sent" => sent, "taken" => self.taken, "claim" => claim, "ttl" => ttl
                })
            }
        }
    }

    /// Commits a message to the thread's log (the spec's `Send`).
    pub fn send(&mut self, text: &str) {
        self.messages.push(text.to_string());
        self.record("Send", None);
    }

    /// Claims the thread when something is asked and the claim is free or lapsed (the spec's
    /// `Acquire`).
    pub fn acquire(&mut self, p: ProcId) -> Result<(), Refused> {
        let free = self.claim.is_none_or(|c| c.ttl == 0);
        if !free || self.taken >= self.messages.len() {
            return Err(Refused::Busy);
        }
        self.claim = Some(Claim {
            holder: p,
            ttl: TTL,
        });
        self.record("Acquire", Some(p));
        Ok(())
    }

    /// Reads the cursor: the message the run takes, or None, and the claim is released (the
    /// spec's `Plan`).
    pub fn plan(&mut self, p: ProcId) -> Option<usize> {
        let planned = if self.taken < self.messages.len() {
            Some(self.taken + 1)
        } else {
            self.release_claim(p);
            None
        };
        self.record("Plan", Some(p));
        planned
    }

    /// Starts the planned run, consuming its message, fenced by the claim (the spec's
    /// `RunStart`, or `StartFenced`).
    pub fn run_start(&mut self, p: ProcId, message: usize) -> Result<(), Refused> {
        if self.claim.map(|c| c.holder) != Some(p) {
            self.record("StartFenced", Some(p));
            return Err(Refused::Fenced);
        }
        self.start_unfenced(p, message);
        Ok(())
    }

    /// The buggy start of the negative control (`ThreadClaimUnfenced.cfg`): it consumes the
    /// message without looking at the claim. Kept so a trace test can show the validator
    /// rejecting the step where a lapsed claim's holder consumes a message twice.
    pub fn start_unfenced(&mut self, p: ProcId, message: usize) {
        self.taken = message;
        self.runs.push(message);
        self.record("RunStart", Some(p));
    }

    /// The run ends and the process releases its claim (the spec's `Finish`).
    pub fn finish(&mut self, p: ProcId) {
        self.release_claim(p);
        self.record("Finish", Some(p));
    }

    /// release_lease: removes the claim only if `p` still holds it.
    fn release_claim(&mut self, p: ProcId) {
        // tla: release begins
        if self.claim.is_some_and(|c| c.holder == p) {
            self.claim = None;
        }
        // tla: release ends
    }

    /// The storage clock runs the claim's TTL down (the spec's `Tick`).
    pub fn tick(&mut self) {
        if let Some(c) = self.claim.as_mut() {
            c.ttl = c.ttl.saturating_sub(1);
            self.record("Tick", None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_after_the_claim_lapsed_and_was_taken_is_fenced() {
        let mut t = Thread::default();
        t.send("hello");
        t.acquire(1).unwrap();
        let m1 = t.plan(1).unwrap();
        t.tick(); // p1's claim lapses while p1 lives
        t.acquire(2).unwrap();
        let m2 = t.plan(2).unwrap();
        assert_eq!((m1, m2), (1, 1));
        t.run_start(2, m2).unwrap();
        assert_eq!(t.run_start(1, m1), Err(Refused::Fenced));
        assert_eq!(t.runs, [1], "I1: consumed at most once");
    }

    #[test]
    fn a_live_claim_is_not_taken_and_finish_releases_it() {
        let mut t = Thread::default();
        assert_eq!(t.acquire(1), Err(Refused::Busy), "nothing asked");
        t.send("a");
        t.acquire(1).unwrap();
        assert_eq!(t.acquire(2), Err(Refused::Busy));
        let m = t.plan(1).unwrap();
        t.run_start(1, m).unwrap();
        t.finish(1);
        assert_eq!(t.claim, None);
        assert_eq!(t.taken, 1);
    }

    #[test]
    fn a_release_by_a_process_that_lost_its_claim_keeps_the_new_holders() {
        let mut t = Thread::default();
        t.send("a");
        t.send("b");
        t.acquire(1).unwrap();
        let m = t.plan(1).unwrap();
        t.run_start(1, m).unwrap();
        t.tick();
        t.acquire(2).unwrap();
        t.finish(1);
        assert_eq!(t.claim, Some(Claim { holder: 2, ttl: 1 }));
    }

    #[test]
    fn nothing_left_to_plan_releases_the_claim() {
        let mut t = Thread::default();
        t.send("a");
        t.acquire(1).unwrap();
        t.tick();
        t.acquire(2).unwrap();
        let m = t.plan(2).unwrap();
        t.run_start(2, m).unwrap();
        t.finish(2);
        // p1 lost its claim; when it plans, nothing is left and it holds nothing to release.
        assert_eq!(t.plan(1), None);
        assert_eq!(t.claim, None);
    }
}
