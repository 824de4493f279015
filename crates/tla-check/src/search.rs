//! The search loop: the assumptions, the initial states, then breadth-first level by level,
//! each level expanded by one strategy (`expansion.rs`: one worker, or several settled in the
//! one-worker order, so the figures do not depend on the workers); then the report, with the
//! liveness phase and the postcondition after a complete search.

use crate::behaviour::{LiveRecorder, PeriodicCheck, Tee};
use crate::checkpoint::Checkpointer;
use crate::expand::{complete, CheckParts, Shared, Worker};
use crate::expansion::{Expansion, OneWorker, Parallel, SearchParts};
use crate::liveness::{GraphRecorder, Periodic};
use crate::merge::TransitionObserver;
use crate::merge::{stop, Explored, Stop};
use crate::model::Model;
use crate::progress::Progress;
use crate::result::{AliasedState, LassoEnd, LiveReport, Report, TraceState, Verdict};
use crate::seen::FingerprintSet;
use crate::settings::Settings;
use crate::{rebuild, workers};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, RwLock};
use tla_eval::error::Phase;
use tla_eval::eval::RunInfo;
use tla_eval::{enumerate, EvalError, Evaluator, Value};

/// Whether the search must run on one worker, whatever the workers asked, for its results
/// to be the one-worker search's (`continued`: TLC's -continue; `coverage`: a -coverage
/// run). The session asks, and gives the search the workers it may use.
pub fn one_worker(ev: &Evaluator, model: &Model, continued: bool, coverage: bool) -> bool {
    // TLC keeps TLCSet's registers per worker, so that what a spec reads back with several
    // depends on which worker explored which state; here they are one set, which must be
    // written in the one-worker search's order: `TLCSet(R, TLCGet(R) + 1)` in Next on two
    // threads lost updates, and TLCGet("all") gave one value per register where
    // TLCGet("config").worker said 2 (TLC's TLCGetAll test).
    let registers = model.search_exprs().any(|e| ev.may_write_registers(e));
    // A search that goes on after violations keeps them in the one-worker order; a coverage
    // run merges TLC's per-action counts one by one (`coverage.rs`).
    // TLCExt's Trace is given the one-worker search's path.
    model.reads_trace || registers || continued || coverage
}

/// `settings.workers` is already the session's answer to `one_worker`.
pub fn run<'o>(
    ev: &Evaluator,
    model: &Model,
    settings: &Settings,
    observer: Option<Box<dyn TransitionObserver + 'o>>,
) -> Report {
    let symmetry = match crate::symmetry::bind(ev, model) {
        Ok(s) => s,
        Err(e) => {
            return finish(
                ev,
                model,
                Verdict::Error(e),
                Vec::new(),
                None,
                &Figures::default(),
            )
        }
    };
    let workers = settings.workers.max(1);
    // Parallel workers claim fingerprints with order keys (workers.rs).
    let seen = RwLock::new(if workers > 1 {
        FingerprintSet::with_keys()
    } else {
        FingerprintSet::default()
    });
    // With temporal properties, the behaviour graph and its states are recorded for liveness.
    let live = (!model.temporal_properties.is_empty()).then(|| {
        let view = model.view.is_some() || model.symmetry.is_some();
        Arc::new(Mutex::new(LiveRecorder::new(view)))
    });
    let observer = match &live {
        Some(l) => Some(Box::new(Tee {
            live: l.clone(),
            other: observer,
        }) as Box<dyn TransitionObserver>),
        None => observer,
    };
    let builds_unseen_only = crate::expand::builds_unseen_only(
        ev,
        model,
        symmetry.is_some(),
        settings.coverage.is_some(),
        observer.as_ref().is_some_and(|o| o.reads_seen_states()),
    );
    let sh = Shared {
        ev,
        model,
        seen: &seen,
        symmetry: symmetry.as_ref(),
        parts: CheckParts::new(ev, model),
        scratch: Default::default(),
        coverage: settings.coverage.is_some().then(Default::default),
        builds_unseen_only,
        keeps_out_of_model: crate::expand::keeps_out_of_model(ev, model, builds_unseen_only),
    };
    let coverage = (sh.coverage.as_ref())
        .map(|entered| crate::coverage::Counter::new(ev.spec, model, entered.clone()));
    let ex = Explored::new(ev, settings, model.reads_trace, observer, coverage);
    let rules = workers::LevelRules {
        workers,
        observe: ex.observer.is_some(),
        same_state_same_fp: model.view.is_none() && sh.symmetry.is_none(),
        check_deadlock: settings.check_deadlock,
    };
    let mut progress = Progress::new(settings.progress);
    progress.coverage_every = settings.coverage.filter(|&m| m > 0);
    let print = settings.progress == crate::progress::ProgressMode::Tlc;
    let periodic = (live.as_ref()).and_then(|l| {
        Some(PeriodicCheck {
            live: l.clone(),
            schedule: Periodic::new(settings.lncheck, print)?,
        })
    });
    let mut s = Search {
        sh: &sh,
        ex,
        workers,
        progress: &mut progress,
        tlc_lines: settings.tlc_lines,
        periodic,
        checkpoint: settings.checkpoint.clone().map(Checkpointer::new),
    };
    let split = crate::split::applies(&sh, workers);
    let outcome = crate::split::with_helper(&sh, split, |helper| {
        if workers == 1 {
            s.run(&OneWorker)
        } else {
            s.run(&Parallel { rules, helper })
        }
    });
    let found = s.periodic.take().and_then(|p| p.schedule.violation);
    let mut ex = s.ex;
    ex.observer = None;
    RunInfo::set_thread_level(None);
    let figures = Figures {
        generated: ex.generated,
        distinct: ex.distinct(),
        left_on_queue: ex.left_on_queue(),
        depth: ex.depth,
        initial_states: ex.initial_states,
    };
    let outdegree = ex.outdegree.figures();
    let continued: Vec<(Verdict, Vec<TraceState>)> = std::mem::take(&mut ex.continued)
        .into_iter()
        .map(|st| {
            let mut trace = match st.at {
                Some(at) => ex.whole_path(at).unwrap_or_else(|| {
                    rebuild::rebuild(&mut Worker::new(&sh), &ex.fingerprint_path(at))
                }),
                None => Vec::new(),
            };
            trace.extend(st.last);
            (st.verdict, trace)
        })
        .collect();
    let mut report = match outcome {
        Ok(()) => {
            let recorded = live.map(|l| {
                let l = Arc::try_unwrap(l)
                    .ok()
                    .expect("the observer is dropped")
                    .into_inner()
                    .expect("liveness recorder");
                (l.graph, l.states)
            });
            let live = recorded.map(|(graph, states)| (graph, states, workers));
            finish(ev, model, Verdict::Success, Vec::new(), live, &figures)
        }
        Err(st) if found.is_some() => periodic_violation(ev, model, st.verdict, found, &figures),
        Err(st) => {
            let mut trace = match st.at {
                Some(at) => ex.whole_path(at).unwrap_or_else(|| {
                    rebuild::rebuild(&mut Worker::new(&sh), &ex.fingerprint_path(at))
                }),
                None => Vec::new(),
            };
            trace.extend(st.last);
            finish(ev, model, st.verdict, trace, None, &figures)
        }
    };
    report.continued = continued;
    report.outdegree = outdegree;
    report.coverage = ex.coverage.take().map(|mut c| {
        if let (Some(next), true) = (&model.next, crate::coverage::rebuilds_trace(&report)) {
            c.count_rebuilds(ev, next, &report.trace);
        }
        c.report(ev.spec)
    });
    report
}

/// The figures of a finished search.
#[derive(Default)]
struct Figures {
    generated: u64,
    distinct: u64,
    left_on_queue: u64,
    depth: u64,
    initial_states: u64,
}

/// The behaviour graph and its states as the search recorded them, and the workers that
/// may evaluate its predicates.
type Recorded = (GraphRecorder, Vec<Arc<[Value]>>, usize);

/// The report of a search that ended with `verdict`: after a complete search, the liveness
/// phase on the `recorded` behaviour graph, then the postcondition; the ALIAS of the trace.
fn finish(
    ev: &Evaluator,
    model: &Model,
    verdict: Verdict,
    trace: Vec<TraceState>,
    recorded: Option<Recorded>,
    f: &Figures,
) -> Report {
    // What follows reads TLCGet("level") from the run, not from a worker (the rebuild of a
    // counterexample expands states as a worker).
    RunInfo::set_thread_level(None);
    let mut liveness = None;
    let (verdict, trace) = match verdict {
        Verdict::Success => {
            let live = match recorded {
                Some((graph, states, workers)) => {
                    match crate::liveness::check(ev, model, graph, &states, workers) {
                        Ok(mut live) => {
                            let r = match live.violation.as_mut() {
                                Some(v) => (
                                    Verdict::TemporalViolated(v.property.clone()),
                                    std::mem::take(&mut v.trace),
                                ),
                                None => (Verdict::Success, Vec::new()),
                            };
                            liveness = Some(live);
                            r
                        }
                        Err(e) => (Verdict::Error(e.in_phase(Phase::Liveness)), Vec::new()),
                    }
                }
                None => (Verdict::Success, Vec::new()),
            };
            // The postcondition is evaluated only after a run without any error.
            if live.0 == Verdict::Success {
                let stats = crate::postcondition::FinalStats {
                    generated: f.generated,
                    distinct: f.distinct,
                    queue: f.left_on_queue,
                    depth: f.depth,
                };
                let verdict = match crate::possible::publish(ev, model) {
                    Err(e) => Verdict::Error(e),
                    // TLC checks the _POSSIBLE predicates before the POSTCONDITION.
                    Ok(()) => match crate::possible::check(ev, model) {
                        Verdict::Success => crate::postcondition::check(ev, model, &stats),
                        v => v,
                    },
                };
                (verdict, Vec::new())
            } else {
                live
            }
        }
        Verdict::Error(e) if e.phase == Phase::InitialState && trace.len() == 1 => (
            Verdict::Error(init_call_stack(ev, model, e, &trace[0].values)),
            trace,
        ),
        v => (v, trace),
    };
    let aliased = aliased(ev, model, &trace, liveness.as_ref());
    // An error checking an initial state is met at TLC's first level, whether or not the
    // state was kept (a constraint failing to evaluate keeps none).
    let depth = match &verdict {
        Verdict::Error(e) if e.phase == Phase::InitialState => f.depth.max(1),
        _ => f.depth,
    };
    Report {
        verdict,
        generated: f.generated,
        distinct: f.distinct,
        left_on_queue: f.left_on_queue,
        depth,
        initial_states: f.initial_states,
        trace,
        aliased,
        liveness,
        labels: Vec::new(),
        viewed: Vec::new(),
        continued: Vec::new(),
        outdegree: None,
        coverage: None,
    }
}

/// An error met checking the initial state `state`, with the positions of Init that produced
/// it: TLC checks each initial state inside Init's enumeration, so its call stack starts
/// there. Init is enumerated again up to that state, as TLC replays it for the stack.
fn init_call_stack(ev: &Evaluator, model: &Model, e: EvalError, state: &[Value]) -> EvalError {
    let Some(init) = &model.init else {
        return e;
    };
    let mut reached = false;
    RunInfo::set_thread_level(Some(0));
    let replay = enumerate::init_states(ev, init, &mut |st, _| {
        if !reached && complete(st)[..] == state[..] {
            reached = true;
            return Err(e.clone());
        }
        Ok(true)
    });
    RunInfo::set_thread_level(None);
    match replay {
        Err(framed) if reached => framed,
        _ => e,
    }
}

/// The report of a search a periodic liveness check stopped, with its counterexample.
fn periodic_violation(
    ev: &Evaluator,
    model: &Model,
    verdict: Verdict,
    found: Option<LiveReport>,
    f: &Figures,
) -> Report {
    let mut live = found.expect("a periodic violation");
    let trace = (live.violation.as_mut()).map_or_else(Vec::new, |v| std::mem::take(&mut v.trace));
    let mut r = finish(ev, model, verdict, trace, None, f);
    if model.alias.is_some() {
        r.aliased = aliased(ev, model, &r.trace, Some(&live));
    }
    r.liveness = Some(live);
    r
}

/// The ALIAS of each state of a counterexample; a lasso's last state is followed by the
/// state it goes back to, any other last state by itself.
fn aliased(
    ev: &Evaluator,
    model: &Model,
    trace: &[TraceState],
    live: Option<&LiveReport>,
) -> Vec<Option<AliasedState>> {
    let Some(alias) = &model.alias else {
        return Vec::new();
    };
    let back = match live.and_then(|l| l.violation.as_ref()).map(|v| &v.end) {
        Some(LassoEnd::BackTo(n, _)) => Some(n.saturating_sub(1)),
        Some(LassoEnd::Stuttering | LassoEnd::Prefix) | None => None,
    };
    crate::alias::apply_lasso(&model.vars, ev, alias, trace, back)
}

struct Search<'s, 'm, 'e, 'a> {
    sh: &'s Shared<'m, 'e, 'a>,
    ex: Explored<'e, 'a>,
    workers: usize,
    progress: &'s mut Progress,
    /// Print TLC's lines about the initial states as they are computed.
    tlc_lines: bool,
    /// TLC's periodic liveness check, on the graph being recorded (None: at the end only).
    periodic: Option<PeriodicCheck>,
    checkpoint: Option<Checkpointer>,
}

fn error_stop(message: String) -> Stop {
    stop(Verdict::Error(EvalError::new(message)), None, None)
}

/// A failure of tlacheck's own files (the spilled states, the parent records): exit 2.
fn storage_stop(message: String) -> Stop {
    let mut e = EvalError::new(message);
    e.phase = Phase::Storage;
    stop(Verdict::Error(e), None, None)
}

impl<'s, 'm, 'e, 'a> Search<'s, 'm, 'e, 'a> {
    fn run(&mut self, strategy: &dyn Expansion) -> Result<(), Stop> {
        self.check_assumptions()?;
        let mut depth = match self.recover()? {
            Some(level) => {
                self.announce_initial_states(true);
                level
            }
            None => {
                self.announce_initial_states(false);
                self.initial_states(strategy)?;
                self.announce_initial_states(true);
                self.storage()?;
                1u32
            }
        };
        while !self.ex.next.is_empty() {
            if let Some(c) = &mut self.checkpoint {
                (c.at_boundary(self.sh.ev, &mut self.ex, depth)).map_err(error_stop)?;
            }
            let fresh = self.ex.next.fresh();
            let level = std::mem::replace(&mut self.ex.next, fresh);
            let total = level.len();
            let mut segments = level.into_segments();
            let mut done = 0;
            loop {
                let segment = segments.next_segment().map_err(storage_stop)?;
                let Some(segment) = segment else { break };
                let len = segment.len() as u64;
                strategy.level(&mut self.parts(), segment, depth, total - done)?;
                self.storage()?;
                done += len;
            }
            depth += 1;
        }
        Ok(())
    }

    /// TLC's lines before (`done` false) and after the initial states are computed, when
    /// they are printed as the search goes (an initial state that fails a check stops the
    /// search before the second).
    fn announce_initial_states(&self, done: bool) {
        if !self.tlc_lines {
            return;
        }
        if done {
            let at = std::time::SystemTime::now();
            let line = crate::progress::initial_states_line(self.ex.initial_states, at);
            println!("{line}");
            return;
        }
        if let Some(n) = crate::liveness::branches(self.sh.ev, self.sh.model) {
            println!("{}", crate::liveness::render::implied_line(n));
        }
        println!("{}", crate::progress::COMPUTING_INITIAL_STATES);
    }

    /// Stops the search once the next level's states or the parent records could not be
    /// written to the temporary folder: going on in memory would break the --memory budget.
    fn storage(&mut self) -> Result<(), Stop> {
        let failed = [&self.ex.next.write_error, &self.ex.records.write_error];
        match failed.into_iter().flatten().next() {
            Some(e) => Err(storage_stop(format!(
                "tlacheck cannot write the states it spills to disk in the temporary folder {} \
                 ({e}); make room there or make it writable, or set TMPDIR to another folder.",
                std::env::temp_dir().display()
            ))),
            None => Ok(()),
        }
    }

    /// With --recover, the search as the checkpoint left it: the level to explore next.
    fn recover(&mut self) -> Result<Option<u32>, Stop> {
        let Some(c) = &self.checkpoint else {
            return Ok(None);
        };
        let mut seen = self.sh.seen.write().expect("seen-set");
        c.recover(self.sh.ev, &mut self.ex, &mut seen)
            .map_err(error_stop)
    }

    fn check_assumptions(&mut self) -> Result<(), Stop> {
        crate::assumptions::check(self.sh.ev, self.workers).map_err(|v| stop(v, None, None))
    }

    /// The initial states, examined by `strategy`.
    fn initial_states(&mut self, strategy: &dyn Expansion) -> Result<(), Stop> {
        let sh = self.sh;
        sh.ev.run.level.store(0, Ordering::Relaxed);
        RunInfo::set_thread_level(Some(0));
        let Some(init) = &sh.model.init else {
            return Ok(());
        };
        strategy.initial_states(&mut self.parts(), init)
    }

    fn parts(&mut self) -> SearchParts<'_, 's, 'm, 'e, 'a> {
        SearchParts {
            sh: self.sh,
            ex: &mut self.ex,
            progress: self.progress,
            periodic: &mut self.periodic,
        }
    }
}
