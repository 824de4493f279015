//! Liveness checked while the search runs, as TLC does without `-lncheck final`
//! (`ModelChecker.doPeriodicWork` -> `LiveCheck.check(tool, false)`): the temporal properties
//! are checked on the graph explored so far, and a counterexample found there ends the search.
//!
//! Only states whose successors have all been recorded take part (`graph.rs`'s snapshot), so
//! a cycle found is a cycle of the complete graph and the counterexample a real one; a
//! property that holds is never reported violated, and the final check still runs on the
//! complete graph.

use super::GraphRecorder;
use crate::model::Model;
use crate::result::LiveReport;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tla_eval::{EvalError, Evaluator, Value};

/// When temporal properties are checked (TLC's `-lncheck`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LnCheck {
    /// Once, on the complete graph (`-lncheck final`, the corpus's flag).
    #[default]
    Final,
    /// Also during the search, at TLC's times (its default): see [`Periodic::due`].
    Periodic,
    /// Also each time this many more levels are fully explored, whatever the time: a time
    /// schedule cannot be reproduced, so tests use this.
    EveryLevels(u32),
}

/// `AbstractChecker.runTLC` waits 3 s before its first periodic work...
const FIRST: Duration = Duration::from_secs(3);
/// ... then `TLCGlobals.progressInterval` (1 min) between two.
const EVERY: Duration = Duration::from_secs(60);
/// `TLCGlobals.livenessThreshold`: check only when the graph grew by more than 10%.
const GROWTH: f64 = 0.1;
/// `TLCGlobals.livenessRatio`: at most 20% of the run goes to periodic checks.
const RATIO: f64 = 0.2;

/// The schedule of the checks during one search, and what they found.
pub struct Periodic {
    mode: LnCheck,
    start: Instant,
    next_due: Instant,
    /// The level whose start was last looked at (`EveryLevels`).
    level: u32,
    /// States in the graph at the last check (TLC's `sizeAtLastCheck`).
    size_at_last: u64,
    /// Time spent in checks so far.
    spent: Duration,
    /// Print TLC's lines for a check that finds nothing (with TLC's progress lines).
    print: bool,
    ticks: u32,
    /// The report of the check that found a counterexample.
    pub violation: Option<LiveReport>,
}

impl Periodic {
    /// None when liveness is checked only at the end.
    pub fn new(mode: LnCheck, print: bool) -> Option<Periodic> {
        if mode == LnCheck::Final {
            return None;
        }
        let now = Instant::now();
        Some(Periodic {
            mode,
            start: now,
            next_due: now + FIRST,
            level: 0,
            size_at_last: 0,
            spent: Duration::ZERO,
            print,
            ticks: 0,
            violation: None,
        })
    }

    /// Before a state of level `depth` (1 for the initial states) is explored, with
    /// `distinct` states found: is a check due? TLC: 3 s after the start, then every minute,
    /// when the graph grew by more than 10% since the last check and the checks took at
    /// most 20% of the time so far (`ModelChecker.doPeriodicWork`, `LiveCheck.check`).
    pub fn due(&mut self, depth: u32, distinct: u64) -> bool {
        if self.mode == LnCheck::Periodic {
            // The clock is read every 256 states only.
            self.ticks = self.ticks.wrapping_add(1);
            if !self.ticks.is_multiple_of(256) {
                return false;
            }
        }
        self.due_at(Instant::now(), depth, distinct)
    }

    fn due_at(&mut self, now: Instant, depth: u32, distinct: u64) -> bool {
        match self.mode {
            LnCheck::Final => false,
            LnCheck::EveryLevels(k) => {
                if depth == self.level {
                    return false;
                }
                self.level = depth;
                depth > 1 && (depth - 1).is_multiple_of(k.max(1))
            }
            LnCheck::Periodic => {
                if now < self.next_due {
                    return false;
                }
                self.next_due = now + EVERY;
                let grew = distinct as f64 > self.size_at_last as f64 * (1.0 + GROWTH);
                let elapsed = (now - self.start).as_secs_f64().max(1e-9);
                grew && self.spent.as_secs_f64() / elapsed <= RATIO
            }
        }
    }

    /// Checks the graph so far, where the states below `done` are fully explored; true when
    /// a counterexample was found (kept in `violation`).
    pub fn check(
        &mut self,
        ev: &Evaluator,
        model: &Model,
        graph: &GraphRecorder,
        states: &[Arc<[Value]>],
        done: usize,
    ) -> Result<bool, EvalError> {
        let began = Instant::now();
        let live = super::check_partial(ev, model, graph, states, done)?;
        self.checked(began.elapsed(), states.len() as u64);
        if live.violation.is_some() {
            self.violation = Some(live);
            return Ok(true);
        }
        if self.print {
            let mut out = String::new();
            super::render::write_checking(&mut out, &live, states.len() as u64);
            print!("{out}");
        }
        Ok(false)
    }

    fn checked(&mut self, took: Duration, size: u64) {
        self.spent += took;
        self.size_at_last = size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_has_no_schedule() {
        assert!(Periodic::new(LnCheck::Final, false).is_none());
    }

    #[test]
    fn every_k_levels_once_per_level() {
        let mut p = Periodic::new(LnCheck::EveryLevels(2), false).unwrap();
        let now = Instant::now();
        // Level 1 (the initial states): nothing explored yet.
        assert!(!p.due_at(now, 1, 1));
        assert!(!p.due_at(now, 2, 3));
        assert!(p.due_at(now, 3, 5));
        // Once at the start of the level, not before each of its states.
        assert!(!p.due_at(now, 3, 6));
        assert!(!p.due_at(now, 4, 7));
        assert!(p.due_at(now, 5, 9));
    }

    #[test]
    fn tlc_schedule_after_3_s_then_each_minute_if_grown_and_cheap() {
        let mut p = Periodic::new(LnCheck::Periodic, false).unwrap();
        let t0 = p.start;
        assert!(!p.due_at(t0 + Duration::from_secs(2), 5, 100));
        assert!(p.due_at(t0 + Duration::from_secs(3), 5, 100));
        p.checked(Duration::from_secs(1), 100);
        // The next one a minute later, and only if the graph grew by more than 10%.
        assert!(!p.due_at(t0 + Duration::from_secs(30), 6, 1000));
        assert!(!p.due_at(t0 + Duration::from_secs(63), 6, 110));
        assert!(p.due_at(t0 + Duration::from_secs(124), 6, 111));
        // Checks that took more than 20% of the run so far skip their turn.
        p.checked(Duration::from_secs(40), 111);
        assert!(!p.due_at(t0 + Duration::from_secs(185), 7, 1000));
        assert!(p.due_at(t0 + Duration::from_secs(600), 7, 1000));
    }
}
