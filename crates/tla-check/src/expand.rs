//! A worker's part of the search: generating the successors of one state and doing, for each,
//! the expensive work (constraints, fingerprint, invariants, action properties) that does not
//! depend on the other successors of the level. Whether a successor is new, and where the
//! search stops, is decided afterwards by the merge (`merge.rs`), in TLC's order.

use crate::model::{Check, Model};
use crate::result::Verdict;
use crate::seen::FingerprintSet;
use std::sync::{Arc, Mutex, RwLock};
use tla_eval::action_label::Labeller;
use tla_eval::error::Phase;
use tla_eval::eval::{ConjunctMemo, Conjuncts, RunInfo};
use tla_eval::value::{Fingerprinter, Slot};
use tla_eval::{enumerate, Env, EvalError, Evaluator, StateView, Value};
use tla_sema::ir::{DefId, Loc};

/// A step from a state to a successor whose every slot is assigned.
type Transition<'t> = (&'t [Value], &'t [Option<Value>]);

/// One of TLC's actions: the definition it is in, and its location.
pub type ActionAt = (Option<DefId>, Loc);

/// A successor as generated (every slot assigned) and the action that made it.
pub type Generated = (Vec<Option<Value>>, Option<DefId>);

/// Claims fingerprints for the successors being examined (a parallel search).
pub trait Claim {
    /// Claims `fp`: true when it is new to the claimer.
    fn claim(&mut self, fp: u64) -> bool;
    /// Whether `fp` was met before (claimed by anyone, or of an earlier level).
    fn known(&mut self, fp: u64) -> bool;
    /// `fp` is about to be claimed: its slot of the seen-set may be fetched ahead.
    fn prefetch(&self, fp: u64);
}

/// What the search shows after the path to the state where it stopped.
#[derive(Clone, Copy, Debug)]
pub enum Last {
    /// Nothing: the path ends at the explored state (or the new state, for `Bad`).
    Nothing,
    /// The generated state, reached by this action.
    State(Option<DefId>),
}

/// What a worker found out about one generated state.
pub enum Found {
    /// The search stops here whatever the merge finds (an error, a violated invariant of a
    /// state outside the constraints, ...).
    Stop(Verdict, Last),
    /// Outside the state or action constraints, and it satisfies the invariants.
    OutOfModel,
    /// Inside the model. `bad`: the verdict when the state, checked because it was not seen
    /// yet when the worker looked, breaks an invariant (the merge stops only if it is new).
    InModel { fp: u64, bad: Option<Verdict> },
}

/// One generated state, in generation order.
pub struct Candidate {
    /// None only for a successor seen before, never built (`Shared::builds_unseen_only`).
    pub state: Option<Arc<[Value]>>,
    pub action: Option<DefId>,
    pub found: Found,
    /// A violated action property of the transition (checked on every transition).
    pub transition_bad: Option<Verdict>,
    /// With -coverage: TLC's action that made it (definition, location).
    pub leaf: Option<(Option<DefId>, Loc)>,
    /// How many constraints (state, then action constraints) held, and whether the next one
    /// failed: what TLC's coverage counts of them.
    pub constraints: (u16, bool),
}

/// How the generation of a state's successors ended.
pub enum End {
    /// All successors were generated; `intermediate`: states of action compositions that TLC
    /// counts as generated; `none`: there was no successor.
    Done { intermediate: u64, none: bool },
    /// The sink asked to stop (the candidate it was given stops the search).
    Halted,
    /// Generating the successors failed.
    Failed(EvalError),
}

/// The read-only context of every worker.
pub struct Shared<'m, 'e, 'a> {
    pub ev: &'e Evaluator<'a>,
    pub model: &'m Model,
    pub seen: &'m RwLock<FingerprintSet>,
    /// The model's SYMMETRY, evaluated: states are fingerprinted by their orbit.
    pub symmetry: Option<&'m crate::symmetry::Symmetry>,
    pub parts: CheckParts,
    /// What the workers of one level learnt, for the workers of the next.
    pub scratch: ScratchPool,
    /// -coverage: successors are generated with TLC's actions kept; every action entered
    /// (also one that never made a state) is listed here.
    pub coverage: Option<crate::coverage::Entered>,
    /// A successor seen before is never built (`builds_unseen_only`).
    pub builds_unseen_only: bool,
    /// A successor found out of the model again is known by its fingerprint
    /// (`keeps_out_of_model`).
    pub keeps_out_of_model: bool,
}

/// Whether a successor can be fingerprinted, and found seen, before its values are gathered
/// into a state: nothing reads them first but state constraints a seen state holds (they
/// read only the state: no TLCGet, no random choice), a VIEW without effects and SYMMETRY
/// (not Trace, nor _POSSIBLE), nor after (`reads_seen_states`: a liveness graph under a VIEW;
/// -coverage).
pub fn builds_unseen_only(
    ev: &Evaluator,
    model: &Model,
    symmetry: bool,
    coverage: bool,
    reads_seen_states: bool,
) -> bool {
    let pure = |e: &tla_sema::ir::Expr| ev.effect_free_on_step(e);
    // Under a VIEW or SYMMETRY, a state seen before may be another one of the same
    // fingerprint, whose state constraints say nothing of this one's.
    let one_state_one_fp = model.view.is_none() && !symmetry;
    !reads_seen_states
        && !coverage
        && model.view.as_ref().is_none_or(pure)
        && (one_state_one_fp || model.constraints.is_empty())
        && model.constraints.iter().all(|c| pure(&c.expr))
        && model.possible.is_empty()
        && !model.reads_trace
}

/// Whether a successor out of the model (a state constraint false), whose invariants held,
/// can be known again by its fingerprint. TLC checks the invariants of such a state each time
/// it is generated, as it never enters the seen-set; that is the same answer each time when
/// the constraints and invariants read nothing but the state (as `builds_unseen_only` asks
/// of the constraints) and one state has one fingerprint (no VIEW, no SYMMETRY: its terms).
pub fn keeps_out_of_model(ev: &Evaluator, model: &Model, builds_unseen_only: bool) -> bool {
    builds_unseen_only
        && !model.constraints.is_empty()
        && model.view.is_none()
        && (model.invariants.iter()).all(|c| ev.effect_free_on_step(&c.expr))
}

/// Fingerprints of successors found out of the model, their invariants held, with how many
/// state constraints held before the one that failed: a table of the last ones met, each
/// fingerprint in one slot (a state out of the model is most often met again soon, from
/// another state of the level).
#[derive(Default)]
struct OutOfModel {
    /// (fingerprint, constraints held + 1); 0 marks a slot never filled.
    slots: Vec<(u64, u16)>,
}

const OUT_OF_MODEL_SLOTS: usize = 1 << 15;

impl OutOfModel {
    fn get(&self, fp: u64) -> Option<u16> {
        let &(kept, held) = self.slots.get(fp as usize % OUT_OF_MODEL_SLOTS)?;
        (held != 0 && kept == fp).then(|| held - 1)
    }

    fn put(&mut self, fp: u64, held: u16) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); OUT_OF_MODEL_SLOTS];
        }
        self.slots[fp as usize % OUT_OF_MODEL_SLOTS] = (fp, held.saturating_add(1));
    }
}

/// A worker's fingerprinter and kept conjunct answers outlive it: a level's workers start
/// with what the last level's found (each level would otherwise fill its tables anew).
#[derive(Default)]
pub struct ScratchPool(Mutex<Vec<(Fingerprinter, KeptAnswers)>>);

/// The state constraints and invariants split into conjuncts, whose answers a worker
/// keeps by the variables each reads (`Evaluator::conjuncts`); which step checks may take
/// definitions' values kept by what they read (`Evaluator::step_check_by_values`).
pub struct CheckParts {
    constraints: Vec<Conjuncts>,
    invariants: Vec<Conjuncts>,
    action_constraints_by_values: Vec<bool>,
    action_properties_by_values: Vec<bool>,
}

impl CheckParts {
    pub fn new(ev: &Evaluator, model: &Model) -> Self {
        let split = |checks: &[Check]| checks.iter().map(|c| ev.conjuncts(&c.expr)).collect();
        let by_values = |checks: &[Check]| {
            (checks.iter())
                .map(|c| ev.step_check_by_values(&c.expr))
                .collect()
        };
        CheckParts {
            constraints: split(&model.constraints),
            invariants: split(&model.invariants),
            action_constraints_by_values: by_values(&model.action_constraints),
            action_properties_by_values: by_values(&model.action_properties),
        }
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Constraint,
    Invariant,
}

/// A worker's kept conjunct answers, per check of `CheckParts`.
#[derive(Default)]
struct KeptAnswers {
    constraints: Vec<ConjunctMemo>,
    invariants: Vec<ConjunctMemo>,
    out_of_model: OutOfModel,
}

impl KeptAnswers {
    fn new(parts: &CheckParts) -> Self {
        let none = |checks: &[Conjuncts]| checks.iter().map(|_| ConjunctMemo::default()).collect();
        KeptAnswers {
            constraints: none(&parts.constraints),
            invariants: none(&parts.invariants),
            out_of_model: OutOfModel::default(),
        }
    }
}

/// A worker's own scratch: its fingerprinter, environment and kept conjunct answers.
pub struct Worker<'s, 'm, 'e, 'a> {
    pub sh: &'s Shared<'m, 'e, 'a>,
    fp: Fingerprinter,
    env: Env,
    kept: KeptAnswers,
    /// With -coverage: the labeller and how many of its entered actions were listed.
    labeller: Option<(Labeller, usize)>,
    /// The constraints of the state examined last (see `Candidate::constraints`).
    constraints: (u16, bool),
}

impl<'s, 'm, 'e, 'a> Worker<'s, 'm, 'e, 'a> {
    pub fn new(sh: &'s Shared<'m, 'e, 'a>) -> Self {
        let kept = sh.scratch.0.lock().expect("scratch pool").pop();
        let (fp, kept) =
            kept.unwrap_or_else(|| (Fingerprinter::new(), KeptAnswers::new(&sh.parts)));
        Worker {
            sh,
            fp,
            env: Env::new(),
            kept,
            labeller: sh.coverage.as_ref().map(|_| (Labeller::default(), 0)),
            constraints: (0, false),
        }
    }

    /// Generates the successors of `cur` (at level `depth`), handing each, examined, to
    /// `sink` in generation order; the sink returns false to stop. `path`: the behaviour to
    /// `cur` when the spec uses Trace.
    pub fn expand(
        &mut self,
        cur: &Arc<[Value]>,
        depth: u32,
        path: Option<&[Arc<[Value]>]>,
        sink: &mut dyn FnMut(Candidate) -> bool,
    ) -> End {
        self.expand_claiming(cur, depth, path, None, sink)
    }

    /// `expand`, where a successor counts as not seen yet (and is checked) when `claim`
    /// says so for its fingerprint, instead of when the seen-set does not hold it.
    pub fn expand_claiming(
        &mut self,
        cur: &Arc<[Value]>,
        depth: u32,
        path: Option<&[Arc<[Value]>]>,
        mut claim: Option<&mut (dyn Claim + '_)>,
        sink: &mut dyn FnMut(Candidate) -> bool,
    ) -> End {
        let sh = self.sh;
        let Some(next_action) = &sh.model.next else {
            return End::Done {
                intermediate: 0,
                none: true,
            };
        };
        if let Some(p) = path {
            *sh.ev.run.trace.lock().expect("trace") = p.to_vec();
        }
        let mut count = 0u64;
        let mut halted = false;
        RunInfo::set_thread_level(Some(depth as i64));
        let labeller = self.labeller.take();
        let lazy = sh.builds_unseen_only && path.is_none();
        let mut emit = |st: &[Option<Value>], action: Option<DefId>| {
            count += 1;
            let action = action.or(sh.model.next_def);
            let step = (&cur[..], st);
            let mut c = if lazy {
                self.successor_if_unseen(step, action, depth, claim.as_deref_mut())
            } else {
                self.successor(step, action, depth, path, claim.as_deref_mut(), None)
            };
            c.leaf = labeller.as_ref().and_then(|(l, _)| l.leaf());
            let go_on = !matches!(c.found, Found::Stop(..)) && c.transition_bad.is_none();
            if !sink(c) || !go_on {
                halted = true;
                return Ok(false);
            }
            Ok(true)
        };
        let r = match &labeller {
            None => enumerate::next_states(sh.ev, next_action, cur, &mut emit),
            Some((l, _)) => enumerate::next_states_labelled(sh.ev, next_action, cur, l, &mut emit),
        };
        if let Some((l, mut reported)) = labeller {
            let entered = l.take_entered(&mut reported);
            if let (false, Some(list)) = (entered.is_empty(), &sh.coverage) {
                list.lock().expect("coverage").extend(entered);
            }
            self.labeller = Some((l, reported));
        }
        if halted {
            return End::Halted;
        }
        if let Err(e) = r {
            return End::Failed(e.in_phase(Phase::Next));
        }
        End::Done {
            intermediate: sh.ev.run.take_intermediate(),
            none: count == 0,
        }
    }

    /// Gives `sink` the successors of `cur` (at level `depth`) in generation order, each with
    /// its action; how generation ended: the intermediate states TLC counts, or the error it
    /// met.
    pub fn generate(
        &mut self,
        cur: &Arc<[Value]>,
        depth: u32,
        sink: &mut dyn FnMut(Generated),
    ) -> Result<u64, EvalError> {
        let sh = self.sh;
        let Some(next_action) = &sh.model.next else {
            return Ok(0);
        };
        RunInfo::set_thread_level(Some(depth as i64));
        let r = enumerate::next_states(sh.ev, next_action, cur, &mut |st, action| {
            sink((st.to_vec(), action.or(sh.model.next_def)));
            Ok(true)
        });
        let intermediate = sh.ev.run.take_intermediate();
        r.map(|_| intermediate).map_err(|e| e.in_phase(Phase::Next))
    }

    /// Examines a successor of `cur` made by `generate`, as `expand_claiming` does.
    pub fn examine_generated(
        &mut self,
        cur: &[Value],
        (slots, action): &Generated,
        depth: u32,
        claim: &mut (dyn Claim + '_),
    ) -> Candidate {
        RunInfo::set_thread_level(Some(depth as i64));
        if self.sh.builds_unseen_only {
            self.successor_if_unseen((cur, slots), *action, depth, Some(claim))
        } else {
            self.successor((cur, slots), *action, depth, None, Some(claim), None)
        }
    }

    /// Examines an initial state (the checks see level 1).
    pub fn initial(&mut self, state: Arc<[Value]>) -> Candidate {
        self.initial_claiming(state, None)
    }

    /// `initial`, with `claim` as in `expand_claiming`.
    pub fn initial_claiming(
        &mut self,
        state: Arc<[Value]>,
        claim: Option<&mut (dyn Claim + '_)>,
    ) -> Candidate {
        RunInfo::set_thread_level(Some(1));
        let found = self.examine(&state, None, None, None, claim, None);
        Candidate {
            state: Some(state),
            action: None,
            found,
            transition_bad: None,
            leaf: None,
            constraints: self.constraints,
        }
    }

    /// `step`: the current state and the successor's slots as generated (the form the
    /// transition's checks read it in, so it is not copied again for them).
    fn successor(
        &mut self,
        step: Transition,
        action: Option<DefId>,
        depth: u32,
        path: Option<&[Arc<[Value]>]>,
        claim: Option<&mut (dyn Claim + '_)>,
        fp: Option<u64>,
    ) -> Candidate {
        let next = complete(step.1);
        // The successor's checks see its own level; the transition's, the current state's.
        RunInfo::set_thread_level(Some(depth as i64 + 1));
        let found = self.examine(&next, Some(step), action, path, claim, fp);
        self.candidate(step, Some(next), action, depth, found)
    }

    /// `successor` where `builds_unseen_only` holds: the successor is fingerprinted from
    /// its slots, and its values are gathered into a state only when it is new, or its
    /// fingerprint or a check failed (three in four successors of the large models are seen
    /// before; building them took an allocation and a count update of every value, shared
    /// with the parent and contended between workers).
    fn successor_if_unseen(
        &mut self,
        step: Transition,
        action: Option<DefId>,
        depth: u32,
        mut claim: Option<&mut (dyn Claim + '_)>,
    ) -> Candidate {
        let (sh, slots) = (self.sh, step.1);
        RunInfo::set_thread_level(Some(depth as i64 + 1));
        self.constraints = (0, false);
        let Ok(fp) = self.fingerprint_slots(step) else {
            // Examined as a built state, for the error TLC reports.
            return self.successor(step, action, depth, None, claim, None);
        };
        let m = sh.model;
        let mut known = None;
        if !(m.constraints.is_empty() && m.action_constraints.is_empty()) {
            let met = match claim.as_deref_mut() {
                Some(c) => c.known(fp),
                None => sh.seen.read().expect("seen-set").contains(fp),
            };
            known = Some(met);
            // A state the search has not met goes through the constraints as TLC's order
            // has it. One it has met held its state constraints then (they read nothing but
            // the state), so only the step's action constraints are left to check.
            if !met {
                return self.unmet_successor(step, action, depth, claim, fp);
            }
            if !m.action_constraints.is_empty() {
                RunInfo::set_thread_level(Some(depth as i64));
                let r = self.transition_checks(step, false);
                RunInfo::set_thread_level(Some(depth as i64 + 1));
                if r.is_err() {
                    return self.successor(step, action, depth, None, claim, Some(fp));
                }
            }
        }
        let seen = match (claim, known) {
            (Some(claim), _) => !claim.claim(fp),
            (None, Some(met)) => met,
            (None, None) => sh.seen.read().expect("seen-set").contains(fp),
        };
        let (state, bad) = if seen {
            (None, None)
        } else {
            let next = complete(slots);
            let bad = self.invariants(&next, false).err();
            (Some(next), bad)
        };
        self.candidate(step, state, action, depth, Found::InModel { fp, bad })
    }

    /// `successor` for a successor the search has not met, known by its fingerprint when it
    /// was found out of the model before (`keeps_out_of_model`).
    fn unmet_successor(
        &mut self,
        step: Transition,
        action: Option<DefId>,
        depth: u32,
        claim: Option<&mut (dyn Claim + '_)>,
        fp: u64,
    ) -> Candidate {
        let keeps = self.sh.keeps_out_of_model;
        if let Some(held) = keeps.then(|| self.kept.out_of_model.get(fp)).flatten() {
            self.constraints = (held, true);
            return self.candidate(step, None, action, depth, Found::OutOfModel);
        }
        let c = self.successor(step, action, depth, None, claim, Some(fp));
        let (held, failed) = c.constraints;
        // A state constraint failed (an action constraint reads the step, not the state).
        let by_state = failed && usize::from(held) < self.sh.model.constraints.len();
        if keeps && by_state && matches!(c.found, Found::OutOfModel) {
            self.kept.out_of_model.put(fp, held);
        }
        c
    }

    /// The candidate examined, with the step's action properties checked (at the current
    /// state's level); a step that breaks one is shown, so its target is built.
    fn candidate(
        &mut self,
        step: Transition,
        state: Option<Arc<[Value]>>,
        action: Option<DefId>,
        depth: u32,
        found: Found,
    ) -> Candidate {
        RunInfo::set_thread_level(Some(depth as i64));
        let mut transition_bad = None;
        if !matches!(found, Found::Stop(..)) {
            if let Err(v) = self.transition_checks(step, true) {
                transition_bad = Some(v);
            }
        }
        let state = match (state, &transition_bad) {
            (None, Some(_)) => Some(complete(step.1)),
            (state, _) => state,
        };
        Candidate {
            state,
            action,
            found,
            transition_bad,
            leaf: None,
            constraints: self.constraints,
        }
    }

    /// TLC's order: the state constraints, then (for a successor of `cur`) the action
    /// constraints; a state outside them is only checked against the invariants; a state
    /// not seen yet is fingerprinted (unless its fingerprint `fp` is known) and checked.
    fn examine(
        &mut self,
        state: &Arc<[Value]>,
        step: Option<Transition>,
        action: Option<DefId>,
        path: Option<&[Arc<[Value]>]>,
        claim: Option<&mut (dyn Claim + '_)>,
        fp: Option<u64>,
    ) -> Found {
        let sh = self.sh;
        // TLCExt!Trace ends at this state, in the constraints as in the invariants.
        if let Some(p) = path {
            let mut p = p.to_vec();
            p.push(state.clone());
            *sh.ev.run.trace.lock().expect("trace") = p;
        } else if sh.model.reads_trace {
            *sh.ev.run.trace.lock().expect("trace") = vec![state.clone()];
        }
        // With constraints to check first, the fingerprint is taken before them and its
        // seen-set slot fetched while they run. Not with a VIEW, which may print, nor with
        // SYMMETRY, whose canonical form costs more than the wait it would hide.
        let early_fp = fp.map(Ok).or_else(|| {
            (sh.model.view.is_none()
                && sh.symmetry.is_none()
                && !(sh.model.constraints.is_empty() && sh.model.action_constraints.is_empty()))
            .then(|| {
                let fp = self.fingerprint(state);
                if let Ok(fp) = fp {
                    match &claim {
                        Some(c) => c.prefetch(fp),
                        None => sh.seen.read().expect("seen-set").prefetch(fp),
                    }
                }
                fp
            })
        });
        let mut in_model = true;
        self.constraints = (0, false);
        for (i, c) in sh.model.constraints.iter().enumerate() {
            match self.holds_by_parts(c, Kind::Constraint, i, state) {
                Ok(true) => self.constraints.0 += 1,
                Ok(false) => {
                    self.constraints.1 = true;
                    in_model = false;
                    break;
                }
                Err(e) => {
                    let phase = if step.is_none() {
                        Phase::InitialState
                    } else {
                        Phase::Next
                    };
                    // TLC's behaviour ends at the state whose constraint failed (an initial
                    // one is reported with Init's positions, at depth 1).
                    return Found::Stop(Verdict::Error(e.in_phase(phase)), Last::State(action));
                }
            }
        }
        if in_model && !sh.model.possible.is_empty() {
            // _POSSIBLE's state predicates are the last state constraints.
            let sv = StateView::state(state);
            if let Err(e) = crate::possible::track(sh.ev, sh.model, &mut self.env, &sv, false) {
                return Found::Stop(Verdict::Error(e), Last::Nothing);
            }
        }
        if in_model {
            if let Some(step) = step {
                // Action constraints see the level of the state they start from.
                let level = sh.ev.run.current_level();
                RunInfo::set_thread_level(Some(level - 1));
                let mut r = self.transition_checks(step, false);
                if r.is_ok() && !sh.model.possible.is_empty() {
                    // _POSSIBLE's action predicates are the last action constraints.
                    let sv = StateView::transition(step.0, step.1);
                    r = crate::possible::track(sh.ev, sh.model, &mut self.env, &sv, true)
                        .map_err(Verdict::Error);
                }
                RunInfo::set_thread_level(Some(level));
                let held = |name: &str| {
                    let all = &sh.model.action_constraints;
                    all.iter().position(|c| c.name == name).unwrap_or(all.len()) as u16
                };
                match r {
                    Ok(()) => self.constraints.0 += sh.model.action_constraints.len() as u16,
                    // A false action constraint: the target is not kept.
                    Err(Verdict::ActionPropertyViolated(name)) => {
                        self.constraints.0 += held(&name);
                        self.constraints.1 = true;
                        in_model = false
                    }
                    Err(v) => return Found::Stop(v, Last::State(action)),
                }
            }
        }
        if !in_model {
            return match self.invariants(state, step.is_none()) {
                Ok(()) => Found::OutOfModel,
                Err(v) => Found::Stop(v, Last::State(action)),
            };
        }
        let fp = match early_fp.unwrap_or_else(|| self.fingerprint(state)) {
            Ok(fp) => fp,
            Err(e) => return Found::Stop(Verdict::Error(e), Last::State(None)),
        };
        let seen = match claim {
            Some(claim) => !claim.claim(fp),
            None => sh.seen.read().expect("seen-set").contains(fp),
        };
        let bad = if seen {
            None
        } else {
            self.invariants(state, step.is_none()).err()
        };
        Found::InModel { fp, bad }
    }

    /// `fingerprint` of a successor not built yet: a VIEW is evaluated primed, on the
    /// step's next state.
    fn fingerprint_slots(&mut self, (cur, next): Transition) -> Result<u64, EvalError> {
        let sv = StateView {
            cur,
            next,
            primed: true,
            init: false,
        };
        self.fingerprint_in(next, &sv)
    }

    /// The state's fingerprint, or its VIEW's: the one function that says which states the
    /// search takes as the same.
    pub fn fingerprint(&mut self, state: &[Value]) -> Result<u64, EvalError> {
        self.fingerprint_in(state, &StateView::state(state))
    }

    /// The fingerprint of `values`, the state `sv` shows the VIEW.
    fn fingerprint_in<S: Slot>(&mut self, values: &[S], sv: &StateView) -> Result<u64, EvalError> {
        let sym = self.sh.symmetry;
        let Some(view) = &self.sh.model.view else {
            return crate::symmetry::fingerprint(sym, &mut self.fp, values).map_err(From::from);
        };
        let v = self.sh.ev.eval(view, &mut self.env, sv)?;
        match sym {
            None => self.fp.fingerprint_view(&v),
            Some(_) => crate::symmetry::fingerprint(sym, &mut self.fp, &[v]),
        }
        .map_err(EvalError::from)
    }

    /// `holds`, conjunct by conjunct with the kept answers: only when a conjunct fails is the
    /// whole check evaluated (for its error).
    fn holds_by_parts(
        &mut self,
        c: &Check,
        kind: Kind,
        i: usize,
        state: &[Value],
    ) -> Result<bool, EvalError> {
        let sh = self.sh;
        let (parts, kept) = match kind {
            Kind::Constraint => (&sh.parts.constraints[i], &mut self.kept.constraints[i]),
            Kind::Invariant => (&sh.parts.invariants[i], &mut self.kept.invariants[i]),
        };
        match sh.ev.conjunction_value(parts, kept, &mut self.env, state) {
            Some(answer) => Ok(answer),
            None => self.holds(c, state),
        }
    }

    fn holds(&mut self, c: &Check, state: &[Value]) -> Result<bool, EvalError> {
        self.sh
            .ev
            .eval_bool(&c.expr, &mut self.env, &StateView::state(state))
    }

    /// The invariants, then for an initial state the state-predicate parts of the properties.
    fn invariants(&mut self, state: &[Value], initial: bool) -> Result<(), Verdict> {
        let model = self.sh.model;
        let props: &[Check] = if initial { &model.init_properties } else { &[] };
        let checks = model
            .invariants
            .iter()
            .map(|c| (c, false))
            .chain(props.iter().map(|c| (c, true)));
        for (i, (c, is_property)) in checks.enumerate() {
            let r = if is_property {
                self.holds(c, state)
            } else {
                self.holds_by_parts(c, Kind::Invariant, i, state)
            };
            match r {
                Ok(true) => {}
                Ok(false) if is_property => return Err(Verdict::PropertyViolated(c.name.clone())),
                Ok(false) => return Err(Verdict::InvariantViolated(c.name.clone())),
                Err(e) => {
                    let phase = if initial {
                        Phase::InitialState
                    } else {
                        Phase::Invariant(c.name.clone())
                    };
                    return Err(Verdict::Error(e.in_phase(phase)));
                }
            }
        }
        Ok(())
    }

    /// The action properties (`properties`) or the action constraints of a transition: the
    /// first false one as a verdict, or the error.
    fn transition_checks(
        &mut self,
        (cur, next): Transition,
        properties: bool,
    ) -> Result<(), Verdict> {
        let (m, parts) = (self.sh.model, &self.sh.parts);
        let (checks, by_values) = if properties {
            (&m.action_properties, &parts.action_properties_by_values)
        } else {
            (&m.action_constraints, &parts.action_constraints_by_values)
        };
        if checks.is_empty() {
            return Ok(());
        }
        let sv = StateView::transition(cur, next);
        for (c, &by_values) in checks.iter().zip(by_values) {
            let ev = self.sh.ev;
            let holds = if by_values {
                ev.eval_step_check(&c.expr, &mut self.env, &sv)
            } else {
                ev.eval_bool(&c.expr, &mut self.env, &sv)
            };
            match holds {
                Ok(true) => {}
                Ok(false) => return Err(Verdict::ActionPropertyViolated(c.name.clone())),
                Err(mut e) => {
                    let phase = if properties {
                        Phase::ActionProperty(c.name.clone())
                    } else {
                        // TLC's call stack starts at an action constraint's body, not at its
                        // name.
                        if e.stack.last() == Some(&c.expr.loc) {
                            e.stack.pop();
                        }
                        Phase::Next
                    };
                    return Err(Verdict::Error(e.in_phase(phase)));
                }
            }
        }
        Ok(())
    }
}

impl Drop for Worker<'_, '_, '_, '_> {
    fn drop(&mut self) {
        let fp = std::mem::replace(&mut self.fp, Fingerprinter::new());
        let kept = std::mem::take(&mut self.kept);
        if let Ok(mut pool) = self.sh.scratch.0.lock() {
            pool.push((fp, kept));
        }
    }
}

const ASSIGNED: &str = "every variable is assigned";

pub fn complete(st: &[Option<Value>]) -> Arc<[Value]> {
    st.iter().map(|v| v.clone().expect(ASSIGNED)).collect()
}

/// The values of a candidate the search keeps or shows (see `Candidate::state`).
pub fn built(state: Option<Arc<[Value]>>) -> Arc<[Value]> {
    state.expect("a kept or shown successor is built")
}
