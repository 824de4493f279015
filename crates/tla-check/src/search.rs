//! The search driver: the assumptions, the initial states, then breadth-first level by level.
//! With one worker each successor is merged as soon as it is examined (so TLCGet's counters
//! read as in TLC's one-worker run); with more, a level is expanded in parallel
//! (`workers.rs`) and merged in the same order, so the figures do not depend on the workers.

use crate::engine::{Options, Report, Settings, Verdict};
use crate::expand::{complete, Shared, Worker};
use crate::frontier::{Frontier, Queued};
use crate::merge::{stop, Explored, Stop, NO_PARENT};
use crate::model::Model;
use crate::progress::Progress;
use crate::seen::FingerprintSet;
use crate::{rebuild, workers};
use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};
use tla_eval::eval::RunInfo;
use tla_eval::{enumerate, Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::{ModuleId, Spec};

pub fn run(ev: &Evaluator, model: &Model, opts: &Options, settings: Settings) -> Report {
    let keeps_trace = ev
        .spec
        .defs
        .iter()
        .any(|d| d.name == "Trace" && ev.spec.module(d.module).name == "TLCExt");
    // The path given to Trace is the one-worker search's: one worker.
    let workers = if keeps_trace {
        1
    } else {
        settings.workers.max(1)
    };
    let seen = RwLock::new(FingerprintSet::default());
    let sh = Shared {
        ev,
        model,
        seen: &seen,
        keeps_trace,
    };
    let mut ex = Explored::new(ev, keeps_trace, Frontier::new(settings.memory));
    ex.max_depth = opts.max_depth;
    ex.check_deadlock = opts.check_deadlock;
    ex.observer = settings.observer;
    let mut progress = Progress::new(settings.progress);
    let mut s = Search {
        sh: &sh,
        ex,
        workers,
        progress: &mut progress,
    };
    let outcome = s.run();
    let mut ex = s.ex;
    let (verdict, trace) = match outcome {
        Ok(()) => (Verdict::Success, Vec::new()),
        Err(st) => {
            let mut trace = match st.at {
                Some(at) => ex.whole_path(at).unwrap_or_else(|| {
                    rebuild::rebuild(&mut Worker::new(&sh), &ex.fingerprint_path(at))
                }),
                None => Vec::new(),
            };
            trace.extend(st.last);
            (st.verdict, trace)
        }
    };
    RunInfo::set_thread_level(None);
    let left_on_queue = ex.left_on_queue();
    Report {
        verdict,
        generated: ex.generated,
        distinct: ex.distinct(),
        left_on_queue,
        depth: ex.depth,
        initial_states: std::mem::take(&mut ex.initial_states),
        trace,
    }
}

struct Search<'s, 'm, 'e, 'a> {
    sh: &'s Shared<'m, 'e, 'a>,
    ex: Explored<'e, 'a>,
    workers: usize,
    progress: &'s mut Progress,
}

/// The root module and those it extends, whose ASSUMEs TLC checks.
fn assumption_modules(spec: &Spec) -> Vec<ModuleId> {
    let mut out = vec![spec.root];
    let mut i = 0;
    while i < out.len() {
        for e in &spec.module(out[i]).extends {
            if !out.contains(e) {
                out.push(*e);
            }
        }
        i += 1;
    }
    out.retain(|m| !spec.module(*m).standard);
    out
}

impl Search<'_, '_, '_, '_> {
    fn run(&mut self) -> Result<(), Stop> {
        self.check_assumptions()?;
        self.initial_states()?;
        let mut depth = 1u32;
        while !self.ex.next.is_empty() {
            let fresh = self.ex.next.fresh();
            let level = std::mem::replace(&mut self.ex.next, fresh);
            let total = level.len();
            let mut segments = level.into_segments();
            let mut done = 0;
            loop {
                let segment = segments
                    .next_segment()
                    .map_err(|e| stop(Verdict::Error(EvalError::new(e)), None, None))?;
                let Some(segment) = segment else { break };
                self.level(&segment, depth, total - done)?;
                done += segment.len() as u64;
            }
            depth += 1;
        }
        Ok(())
    }

    fn check_assumptions(&mut self) -> Result<(), Stop> {
        let ev = self.sh.ev;
        let mut env = Env::new();
        for m in assumption_modules(ev.spec) {
            for a in &ev.spec.module(m).assumptions {
                match ev.eval_bool(&a.expr, &mut env, &StateView::constant()) {
                    Ok(true) => {}
                    Ok(false) => {
                        return Err(stop(Verdict::AssumptionFalse(a.expr.loc), None, None))
                    }
                    Err(e) => return Err(stop(Verdict::Error(e), None, None)),
                }
            }
        }
        Ok(())
    }

    /// Each initial state is checked as it is generated, so the first violation stops the
    /// search where TLC's does.
    fn initial_states(&mut self) -> Result<(), Stop> {
        let (sh, ev) = (self.sh, self.sh.ev);
        ev.run.level.store(0, Ordering::Relaxed);
        RunInfo::set_thread_level(Some(0));
        let Some(init) = &sh.model.init else {
            return Ok(());
        };
        let seen = sh.seen;
        let mut stopped = None;
        let r = if self.workers == 1 {
            let mut w = Worker::new(sh);
            let ex = &mut self.ex;
            enumerate::init_states(ev, init, &mut |st, _| {
                // Init itself sees level 0, the checks of its states level 1.
                let c = w.initial(complete(st));
                RunInfo::set_thread_level(Some(0));
                match ex.merge(seen, c, NO_PARENT, 1) {
                    Ok(()) => Ok(true),
                    Err(s) => {
                        stopped = Some(s);
                        Ok(false)
                    }
                }
            })
        } else {
            let mut states: Vec<Arc<[Value]>> = Vec::new();
            let r = enumerate::init_states(ev, init, &mut |st, _| {
                states.push(complete(st));
                Ok(true)
            });
            let ex = &mut self.ex;
            workers::examine_initial(sh, &states, self.workers, &mut |_, e| {
                for c in e.cands {
                    if let Err(s) = ex.merge(seen, c, NO_PARENT, 1) {
                        stopped = Some(s);
                        return false;
                    }
                }
                true
            });
            r
        };
        if let Some(s) = stopped {
            return Err(s);
        }
        r.map_err(|e| stop(Verdict::Error(e), None, None))
    }

    /// Explores states of one level, at `depth`: `level`, the first `n` still to explore.
    fn level(&mut self, level: &[Queued], depth: u32, n: u64) -> Result<(), Stop> {
        let (sh, ev) = (self.sh, self.sh.ev);
        let seen = sh.seen;
        let mut stopped = None;
        let ex = &mut self.ex;
        let progress = &mut *self.progress;
        if self.workers == 1 {
            let mut w = Worker::new(sh);
            for (i, (idx, st)) in level.iter().enumerate() {
                ex.remaining = n - i as u64 - 1;
                ev.run
                    .queue
                    .store(ex.left_on_queue() as i64, Ordering::Relaxed);
                progress.tick(ex, depth);
                let path = ex.whole_path(*idx).map(|p| {
                    p.into_iter()
                        .map(|t| t.values)
                        .collect::<Vec<Arc<[Value]>>>()
                });
                let end = w.expand(st, depth, path.as_deref(), &mut |c| match ex.merge(
                    seen,
                    c,
                    *idx,
                    depth + 1,
                ) {
                    Ok(()) => true,
                    Err(s) => {
                        stopped = Some(s);
                        false
                    }
                });
                if let Some(s) = stopped {
                    return Err(s);
                }
                ex.end(*idx, end)?;
            }
            return Ok(());
        }
        workers::expand_level(sh, level, depth, self.workers, &mut |i, e| {
            let idx = level[i].0;
            ex.remaining = n - i as u64 - 1;
            ev.run
                .queue
                .store(ex.left_on_queue() as i64, Ordering::Relaxed);
            progress.tick(ex, depth);
            for c in e.cands {
                if let Err(s) = ex.merge(seen, c, idx, depth + 1) {
                    stopped = Some(s);
                    return false;
                }
            }
            if let Err(s) = ex.end(idx, e.end) {
                stopped = Some(s);
                return false;
            }
            true
        });
        match stopped {
            Some(s) => Err(s),
            None => Ok(()),
        }
    }
}
