//! The expansion strategy of the search loop (`search.rs`): how the initial states are
//! examined and how a level is expanded. `OneWorker` merges each successor as soon as it is
//! examined, so TLCGet's counters, the periodic liveness check, TLCExt's Trace, coverage and
//! -continue see TLC's one-worker order state by state. `Parallel` expands a level on the
//! workers (`workers.rs`, or `split.rs` for a level of one state) and settles it in the same
//! order (`Explored::settle`), so the figures do not depend on the strategy.

use crate::behaviour::PeriodicCheck;
use crate::expand::{complete, Shared, Worker};
use crate::frontier::Queued;
use crate::merge::{stop, Explored, Stop, NO_PARENT};
use crate::progress::Progress;
use crate::result::Verdict;
use crate::split::Helper;
use crate::workers::{self, LevelRules};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tla_eval::error::Phase;
use tla_eval::eval::RunInfo;
use tla_eval::value::prefetch;
use tla_eval::{enumerate, Value};
use tla_sema::ir::Expr;

/// What a strategy works on: the search's shared parts and the parts it advances.
pub(crate) struct SearchParts<'p, 's, 'm, 'e, 'a> {
    pub sh: &'s Shared<'m, 'e, 'a>,
    pub ex: &'p mut Explored<'e, 'a>,
    pub progress: &'p mut Progress,
    pub periodic: &'p mut Option<PeriodicCheck>,
}

pub(crate) trait Expansion {
    /// Examines the states of `init`, each checked as TLC checks it inside Init's
    /// enumeration, so the first violation stops the search where TLC's does.
    fn initial_states(&self, parts: &mut SearchParts, init: &Expr) -> Result<(), Stop>;

    /// Explores the states of `level` at `depth`, the first `n` still to explore.
    fn level(
        &self,
        parts: &mut SearchParts,
        level: Vec<Queued>,
        depth: u32,
        n: u64,
    ) -> Result<(), Stop>;
}

/// An error of Init's enumeration, after the states it gave.
fn init_error(e: tla_eval::EvalError) -> Stop {
    stop(Verdict::Error(e.in_phase(Phase::Init)), None, None)
}

pub(crate) struct OneWorker;

impl Expansion for OneWorker {
    fn initial_states(&self, parts: &mut SearchParts, init: &Expr) -> Result<(), Stop> {
        let (sh, ex) = (parts.sh, &mut *parts.ex);
        let mut w = Worker::new(sh);
        let mut stopped = None;
        let r = enumerate::init_states(sh.ev, init, &mut |st, _| {
            // Init itself sees level 0, the checks of its states level 1.
            let c = w.initial(complete(st));
            RunInfo::set_thread_level(Some(0));
            match ex.merge(sh.seen, c, NO_PARENT, 1) {
                Ok(()) => Ok(true),
                Err(s) => {
                    stopped = Some(s);
                    Ok(false)
                }
            }
        });
        match stopped {
            Some(s) => Err(s),
            None => r.map_err(init_error),
        }
    }

    fn level(
        &self,
        parts: &mut SearchParts,
        mut level: Vec<Queued>,
        depth: u32,
        n: u64,
    ) -> Result<(), Stop> {
        let (sh, ex) = (parts.sh, &mut *parts.ex);
        let mut w = Worker::new(sh);
        let mut stopped = None;
        let taken: Arc<[Value]> = Arc::from(Vec::new());
        for i in 0..level.len() {
            // Each state leaves the level as it is expanded, so its memory is free for the
            // next level's states: held to the level's end, it had to be fresh memory, which
            // the kernel clears page by page (MCNanoMedium: 430 → 260 MiB, 0.44–0.92 → 0.17–0.35 s
            // of system time).
            let idx = level[i].0;
            let st = &std::mem::replace(&mut level[i].1, taken.clone());
            prefetch::ahead(level[i + 1..].iter().map(|(_, st)| &st[..]));
            // The state is still on the queue while it is checked (TLC suspends there).
            ex.remaining = n - i as u64;
            if let Some(p) = parts.periodic.as_mut() {
                p.before(sh, ex, depth, idx)?;
            }
            ex.remaining = n - i as u64 - 1;
            sh.ev
                .run
                .queue
                .store(ex.left_on_queue() as i64, Ordering::Relaxed);
            parts.progress.tick(ex, depth);
            let path = ex.whole_path(idx).map(|p| {
                p.into_iter()
                    .map(|t| t.values)
                    .collect::<Vec<Arc<[Value]>>>()
            });
            let mut merge = |c| match ex.merge(sh.seen, c, idx, depth + 1) {
                Ok(()) => true,
                Err(s) => {
                    stopped = Some(s);
                    false
                }
            };
            let end = w.expand(st, depth, path.as_deref(), &mut merge);
            if let Some(s) = stopped {
                return Err(s);
            }
            ex.end(idx, end)?;
        }
        Ok(())
    }
}

/// Workers settle a whole level at once: the periodic liveness check runs at its start.
pub(crate) struct Parallel<'h> {
    pub rules: LevelRules,
    /// Examines half the successors of a level's only state (`split.rs`).
    pub helper: Option<&'h Helper>,
}

impl Expansion for Parallel<'_> {
    fn initial_states(&self, parts: &mut SearchParts, init: &Expr) -> Result<(), Stop> {
        let (sh, ev) = (parts.sh, parts.sh.ev);
        let (states, r) = if ev.effect_free(init) {
            let (states, err) = workers::enumerate_initial(sh, init, self.rules.workers);
            (states, err.map_or(Ok(()), Err))
        } else {
            // Init's effects happen in the order one enumeration gives.
            let mut states: Vec<Arc<[Value]>> = Vec::new();
            let r = enumerate::init_states(ev, init, &mut |st, _| {
                states.push(complete(st));
                Ok(true)
            });
            (states, r)
        };
        let chunks = workers::examine_initial(sh, states, self.rules);
        let seen = sh.seen.read().expect("seen-set");
        parts.ex.settle(&seen, chunks, None, 1)?;
        r.map_err(init_error)
    }

    fn level(
        &self,
        parts: &mut SearchParts,
        level: Vec<Queued>,
        depth: u32,
        n: u64,
    ) -> Result<(), Stop> {
        let (sh, ex) = (parts.sh, &mut *parts.ex);
        if let Some(&(first, _)) = level.first() {
            ex.remaining = n;
            if let Some(p) = parts.periodic.as_mut() {
                p.before(sh, ex, depth, first)?;
            }
        }
        let len = level.len();
        let chunks = match (self.helper, level.as_slice()) {
            (Some(h), [one]) => vec![Some(crate::split::expand_one(
                sh, h, one, depth, self.rules,
            ))],
            _ => workers::expand_level(sh, level, depth, self.rules),
        };
        let seen = sh.seen.read().expect("seen-set");
        let settled = ex.settle(&seen, chunks, Some((n, len)), depth + 1);
        parts.progress.tick(ex, depth);
        settled
    }
}
