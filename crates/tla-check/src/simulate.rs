//! Simulation (TLC's `-simulate`): random behaviours instead of the whole state graph.
//!
//! # TLC facts (from `tlc2/tool/Simulator.java`, `SimulationWorker.java`, `tlc2/output/MP.java`)
//!
//! * The ASSUMEs are checked, then every initial state is generated and checked against the
//!   invariants (and the state-predicate parts of the properties); a violation there is
//!   reported with that state alone.
//! * Each behaviour starts from an initial state chosen at random; at each step every successor
//!   of the current state is generated, counted and checked (invariants on the successor,
//!   action properties on the step); then one successor that satisfies the state and action
//!   constraints is chosen at random. No successor at all is a deadlock (when deadlock is
//!   checked); successors that all lie outside the constraints end the behaviour. A behaviour
//!   has at most `depth` states (TLC's `-depth`, default 100).
//! * A violation prints the behaviour that led to it, as a counterexample.
//! * `TLCGet("level")` is the position of the state in its behaviour; `TLCGet("config").mode`
//!   is "simulate"; `TLCGet("stats").traces` the behaviours generated so far.
//! * At the end TLC prints `The number of states generated: N` and `Simulation using seed S
//!   and aril A`.
//!
//! TLC simulates until stopped unless given `-simulate num=N`; here the number of behaviours
//! defaults to [`DEFAULT_TRACES`], so that a run ends. The random choices come from Java's
//! `java.util.Random` algorithm seeded with the run's seed, so a seed reproduces the run (TLC's
//! choices themselves are not reproduced: it draws its numbers in another order).

use crate::model::{Check, Model};
use crate::result::{Report, TraceState, Verdict};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tla_eval::natives::random::JavaRandom;
use tla_eval::{enumerate, Env, EvalError, Evaluator, StateView, Value};

/// Behaviours generated when the user does not say how many.
pub const DEFAULT_TRACES: u64 = 1000;
/// TLC's default `-depth` in simulation.
pub const DEFAULT_DEPTH: u64 = 100;

pub struct SimOptions {
    pub check_deadlock: bool,
    /// At most this many states per behaviour.
    pub depth: u64,
    /// This many behaviours.
    pub traces: u64,
    pub seed: i64,
}

/// A simulation's result: `report.depth` is the longest behaviour, `report.distinct` 0.
pub struct SimReport {
    pub report: Report,
    /// Behaviours generated (the one that found a violation included).
    pub traces: u64,
}

struct Sim<'m, 'e, 'a> {
    ev: &'e Evaluator<'a>,
    model: &'m Model,
    opts: &'m SimOptions,
    env: Env,
    generated: u64,
    traces: u64,
    longest: u64,
    initial_states: u64,
}

/// Why a simulation stopped early: the verdict and the behaviour to print.
type Stop = (Verdict, Vec<TraceState>);

/// Runs the simulation.
pub fn simulate(ev: &Evaluator, model: &Model, opts: &SimOptions) -> SimReport {
    let mut sim = Sim {
        ev,
        model,
        opts,
        env: Env::new(),
        generated: 0,
        traces: 0,
        longest: 0,
        initial_states: 0,
    };
    let (verdict, trace) = match sim.run() {
        Ok(()) => (Verdict::Success, Vec::new()),
        Err(stop) => stop,
    };
    let aliased = match &model.alias {
        Some(alias) => crate::alias::apply(&model.vars, ev, alias, &trace),
        None => Vec::new(),
    };
    let mut report = Report {
        generated: sim.generated,
        depth: sim.longest,
        initial_states: sim.initial_states,
        trace,
        aliased,
        ..Report::new(verdict)
    };
    report.labels = crate::labels::of_report(ev, model, &report);
    SimReport {
        report,
        traces: sim.traces,
    }
}

fn error(e: EvalError, trace: Vec<TraceState>) -> Stop {
    (Verdict::Error(e), trace)
}

impl Sim<'_, '_, '_> {
    fn run(&mut self) -> Result<(), Stop> {
        self.check_assumptions()?;
        let inits = self.initial_states()?;
        if inits.is_empty() {
            return Ok(());
        }
        let mut rng = JavaRandom::new(self.opts.seed);
        for _ in 0..self.opts.traces {
            self.traces += 1;
            self.ev
                .run
                .traces
                .store(self.traces as i64, Ordering::Relaxed);
            let pick = rng.next_int(inits.len() as i32) as usize;
            let mut path = vec![TraceState {
                values: inits[pick].clone(),
                action: None,
            }];
            while (path.len() as u64) < self.opts.depth {
                match self.step(&path, &mut rng)? {
                    Some(next) => path.push(next),
                    None => break,
                }
            }
            self.longest = self.longest.max(path.len() as u64);
        }
        Ok(())
    }

    fn check_assumptions(&mut self) -> Result<(), Stop> {
        crate::assumptions::check(self.ev, 1).map_err(|v| (v, Vec::new()))
    }

    /// Every initial state, each checked; those inside the state constraints are returned.
    fn initial_states(&mut self) -> Result<Vec<Arc<[Value]>>, Stop> {
        let (ev, model) = (self.ev, self.model);
        let Some(init) = &model.init else {
            return Ok(Vec::new());
        };
        ev.run.level.store(0, Ordering::Relaxed);
        let mut states = Vec::new();
        let mut stopped = None;
        let r = enumerate::init_states(ev, init, &mut |st, _| {
            let st: Arc<[Value]> = complete(st);
            self.generated += 1;
            self.initial_states += 1;
            ev.run.level.store(1, Ordering::Relaxed);
            let one = || {
                vec![TraceState {
                    values: st.clone(),
                    action: None,
                }]
            };
            let checks = model.invariants.iter().map(|c| (c, false));
            let checks = checks.chain(model.init_properties.iter().map(|c| (c, true)));
            let mut verdict = None;
            for (c, is_property) in checks {
                match self.holds(c, &StateView::state(&st)) {
                    Ok(true) => {}
                    Ok(false) if is_property => {
                        verdict = Some(Verdict::PropertyViolated(c.name.clone()))
                    }
                    Ok(false) => verdict = Some(Verdict::InvariantViolated(c.name.clone())),
                    Err(e) => verdict = Some(Verdict::Error(e)),
                }
                if verdict.is_some() {
                    break;
                }
            }
            if verdict.is_none() {
                match self.all_hold(&model.constraints, &StateView::state(&st)) {
                    Ok(true) => states.push(st.clone()),
                    Ok(false) => {}
                    Err(e) => verdict = Some(Verdict::Error(e)),
                }
            }
            ev.run.level.store(0, Ordering::Relaxed);
            match verdict {
                None => Ok(true),
                Some(v) => {
                    stopped = Some((v, one()));
                    Ok(false)
                }
            }
        });
        if let Some(s) = stopped {
            return Err(s);
        }
        r.map_err(|e| error(e, Vec::new()))?;
        Ok(states)
    }

    /// Generates and checks every successor of the behaviour's last state and picks one at
    /// random among those inside the constraints; `None` ends the behaviour.
    fn step(
        &mut self,
        path: &[TraceState],
        rng: &mut JavaRandom,
    ) -> Result<Option<TraceState>, Stop> {
        let (ev, model) = (self.ev, self.model);
        let Some(next_action) = &model.next else {
            return Ok(None);
        };
        let cur = path.last().expect("a behaviour has a state").values.clone();
        let level = path.len() as i64;
        let mut count = 0u64;
        let mut candidates: Vec<TraceState> = Vec::new();
        let mut stopped: Option<Stop> = None;
        ev.run.level.store(level, Ordering::Relaxed);
        let r = enumerate::next_states(ev, next_action, &cur, &mut |st, action| {
            count += 1;
            self.generated += 1;
            ev.run
                .generated
                .store(self.generated as i64, Ordering::Relaxed);
            let next = TraceState {
                values: complete(st),
                action: action.or(model.next_def),
            };
            match self.successor(&cur, &next, level) {
                Ok(true) => candidates.push(next),
                Ok(false) => {}
                Err(v) => {
                    let mut trace = path.to_vec();
                    trace.push(next);
                    stopped = Some((v, trace));
                    return Ok(false);
                }
            }
            Ok(true)
        });
        ev.run.level.store(level, Ordering::Relaxed);
        if let Some(s) = stopped {
            return Err(s);
        }
        r.map_err(|e| error(e, path.to_vec()))?;
        self.generated += ev.run.take_intermediate();
        if count == 0 && self.opts.check_deadlock {
            return Err((Verdict::Deadlock, path.to_vec()));
        }
        if candidates.is_empty() {
            return Ok(None);
        }
        let pick = rng.next_int(candidates.len() as i32) as usize;
        Ok(Some(candidates.swap_remove(pick)))
    }

    /// Checks one successor; whether it lies inside the state and action constraints.
    fn successor(&mut self, cur: &[Value], next: &TraceState, level: i64) -> Result<bool, Verdict> {
        let model = self.model;
        let slots: Vec<Option<Value>> = next.values.iter().cloned().map(Some).collect();
        let step = StateView::transition(cur, &slots);
        let alone = StateView::state(&next.values);
        // The successor's own checks see its level; the step's, the current state's.
        self.ev.run.level.store(level + 1, Ordering::Relaxed);
        let in_model = self
            .all_hold(&model.constraints, &alone)
            .map_err(Verdict::Error)?;
        for c in &model.invariants {
            if !self.holds(c, &alone).map_err(Verdict::Error)? {
                return Err(Verdict::InvariantViolated(c.name.clone()));
            }
        }
        self.ev.run.level.store(level, Ordering::Relaxed);
        for c in &model.action_properties {
            if !self.holds(c, &step).map_err(Verdict::Error)? {
                return Err(Verdict::ActionPropertyViolated(c.name.clone()));
            }
        }
        let in_actions = in_model
            && self
                .all_hold(&model.action_constraints, &step)
                .map_err(Verdict::Error)?;
        Ok(in_actions)
    }

    fn holds(&mut self, c: &Check, sv: &StateView) -> Result<bool, EvalError> {
        self.ev.eval_bool(&c.expr, &mut self.env, sv)
    }

    fn all_hold(&mut self, cs: &[Check], sv: &StateView) -> Result<bool, EvalError> {
        for c in cs {
            if !self.holds(c, sv)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

fn complete(st: &[Option<Value>]) -> Arc<[Value]> {
    st.iter()
        .map(|v| v.clone().expect("every variable is assigned"))
        .collect()
}

/// TLC's closing lines for a simulation (`EC.TLC_STATS_SIMU`).
pub fn closing_lines(r: &SimReport, seed: i64) -> String {
    format!(
        "The number of states generated: {}\nSimulation using seed {seed} and aril 0\n{} traces generated, the longest of {} states.\n",
        r.report.generated, r.traces, r.report.depth
    )
}
