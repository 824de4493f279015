//! A counterexample checked before it is printed, apart from the search that found it: its
//! first state satisfies Init, each step (and a lasso's step back) satisfies Next, and what
//! it claims fails where it claims (an invariant FALSE in its last state, an action property
//! FALSE on its last step, no successor at a deadlock). The search keeps only fingerprints and
//! rebuilds its paths, so a bug there (or a fingerprint collision) would otherwise print a
//! behaviour that is not one; a trace that does not replay is tlacheck's internal error.
//!
//! A step is checked first as a predicate (Next with the first state unprimed and the second
//! primed), which costs one evaluation, and only if that does not say TRUE by generating the
//! first state's successors and looking for the second among them: by value, or, with a VIEW
//! or SYMMETRY, as the search tells states apart (a lasso's states are the graph's, one per
//! view or orbit). Print and TLCSet are kept from showing or changing anything meanwhile.

mod lasso;

use crate::model::{Check, Model};
use crate::result::{LassoEnd, Report, TraceState, Verdict, Violation};
use crate::symmetry::Symmetry;
use std::sync::Arc;
use tla_eval::error::Phase;
use tla_eval::eval::RunInfo;
use tla_eval::{enumerate, Env, Evaluator, StateView, Value};

/// Why a counterexample was refused: the state (1-based) the failed check is about, and what
/// failed there.
#[derive(Debug)]
pub struct Refusal {
    pub state: usize,
    pub why: String,
}

impl Refusal {
    /// What `--json` prints instead of the verdict: the figures, no counterexample.
    pub fn summary(&self, r: &Report) -> crate::summary::Summary {
        crate::summary::Summary {
            outcome: "internal error".into(),
            error: Some(self.message().trim_end().to_string()),
            exit_code: crate::result::exit::GENERAL,
            generated: r.generated,
            distinct: r.distinct,
            left_on_queue: r.left_on_queue,
            depth: r.depth,
            initial_states: r.initial_states,
            ..Default::default()
        }
    }

    /// The report printed instead of the verdict.
    pub fn message(&self) -> String {
        format!(
            "tlacheck internal error: the counterexample did not replay: step {}: {}. \
             Please report this with the spec.\n",
            self.state, self.why
        )
    }
}

/// Checks every counterexample of the report (the final one and those `-continue` went on
/// after): Ok(true) when there was at least one and each replayed, Ok(false) when there was
/// none.
pub fn certify(
    ev: &Evaluator,
    model: &Model,
    check_deadlock: bool,
    r: &Report,
) -> Result<bool, Refusal> {
    let traces: Vec<(&Verdict, &[TraceState])> = (r.continued.iter())
        .map(|(v, t)| (v, &t[..]))
        .chain(std::iter::once((&r.verdict, &r.trace[..])))
        .filter(|(_, t)| !t.is_empty())
        .collect();
    if traces.is_empty() {
        return Ok(false);
    }
    let lasso = (r.liveness.as_ref()).and_then(|l| l.violation.as_ref());
    let quiet = Quiet::new(ev);
    let mut c = Certifier::new(ev, model, check_deadlock)?;
    let last = traces.len() - 1;
    let out = (traces.iter().enumerate())
        .try_for_each(|(i, (verdict, trace))| c.trace(verdict, trace, lasso.filter(|_| i == last)));
    RunInfo::set_thread_level(None);
    drop(quiet);
    out.map(|_| true)
}

/// Keeps Print's output, the TLCSet registers and TLCExt's Trace as they were while the certifier evaluates
/// the spec again: the run's output is TLC's, whatever is checked after it.
struct Quiet<'e, 'a> {
    ev: &'e Evaluator<'a>,
    out: Option<Box<dyn std::io::Write + Send>>,
    registers: std::collections::HashMap<i64, Value>,
    named: std::collections::BTreeMap<String, Value>,
    trace: Vec<Arc<[Value]>>,
}

impl<'e, 'a> Quiet<'e, 'a> {
    fn new(ev: &'e Evaluator<'a>) -> Self {
        let out =
            (ev.out.lock().ok()).map(|mut o| std::mem::replace(&mut *o, Box::new(std::io::sink())));
        Quiet {
            ev,
            out,
            registers: ev.registers.lock().map(|r| r.clone()).unwrap_or_default(),
            named: (ev.named_registers.lock())
                .map(|r| r.clone())
                .unwrap_or_default(),
            trace: ev.run.trace.lock().map(|t| t.clone()).unwrap_or_default(),
        }
    }
}

impl Drop for Quiet<'_, '_> {
    fn drop(&mut self) {
        if let (Some(out), Ok(mut o)) = (self.out.take(), self.ev.out.lock()) {
            *o = out;
        }
        if let Ok(mut r) = self.ev.registers.lock() {
            *r = std::mem::take(&mut self.registers);
        }
        if let Ok(mut r) = self.ev.named_registers.lock() {
            *r = std::mem::take(&mut self.named);
        }
        if let Ok(mut t) = self.ev.run.trace.lock() {
            *t = std::mem::take(&mut self.trace);
        }
    }
}

struct Certifier<'m, 'e, 'a> {
    ev: &'e Evaluator<'a>,
    model: &'m Model,
    check_deadlock: bool,
    symmetry: Option<Symmetry>,
    env: Env,
}

fn refuse(state: usize, why: impl Into<String>) -> Refusal {
    Refusal {
        state,
        why: why.into(),
    }
}

impl<'m, 'e, 'a> Certifier<'m, 'e, 'a> {
    fn new(ev: &'e Evaluator<'a>, model: &'m Model, check_deadlock: bool) -> Result<Self, Refusal> {
        let symmetry = crate::symmetry::bind(ev, model).map_err(|e| {
            refuse(
                1,
                format!("the SYMMETRY could not be evaluated: {}", e.message),
            )
        })?;
        Ok(Certifier {
            ev,
            model,
            check_deadlock,
            symmetry,
            env: interpreting_env(),
        })
    }

    /// One counterexample: its states and steps, then its claim.
    fn trace(
        &mut self,
        verdict: &Verdict,
        trace: &[TraceState],
        lasso: Option<&Violation>,
    ) -> Result<(), Refusal> {
        let end = lasso.map(|v| &v.end);
        self.initial(trace)?;
        for i in 1..trace.len() {
            self.step(trace, i - 1, &trace[i].values)
                .map_err(|why| refuse(i + 1, format!("State {i} -> State {}: {why}", i + 1)))?;
        }
        let n = trace.len();
        if let Some(LassoEnd::BackTo(to, _)) = end {
            let back = (to.checked_sub(1).and_then(|k| trace.get(k))).ok_or_else(|| {
                refuse(
                    n,
                    format!("the lasso returns to State {to}, which it does not have"),
                )
            })?;
            self.step(trace, n - 1, &back.values)
                .map_err(|why| refuse(n, format!("State {n} -> back to State {to}: {why}")))?;
        }
        if let Some(v) = lasso {
            // With a VIEW or SYMMETRY the lasso's states stand for classes of states, and its
            // last step goes to one of the class: its formulas cannot be read off it.
            if self.model.view.is_none() && self.symmetry.is_none() {
                lasso::check(self.ev, self.model, trace, &v.end, &v.properties)
                    .map_err(|why| refuse(n, why))?;
            }
        }
        self.claim(verdict, trace)
    }

    /// Points TLCGet("level") and TLCExt's Trace at state `i` (0-based) of `trace`.
    fn at(&self, trace: &[TraceState], i: usize) {
        RunInfo::set_thread_level(Some(i as i64 + 1));
        if self.model.reads_trace {
            let path = trace[..=i].iter().map(|s| s.values.clone()).collect();
            if let Ok(mut t) = self.ev.run.trace.lock() {
                *t = path;
            }
        }
    }

    /// The first state is one of Init's.
    fn initial(&mut self, trace: &[TraceState]) -> Result<(), Refusal> {
        let (ev, model) = (self.ev, self.model);
        let Some(init) = &model.init else {
            return Err(refuse(1, "the model has no initial predicate"));
        };
        let first = &trace[0].values;
        self.at(trace, 0);
        RunInfo::set_thread_level(Some(0));
        if ev.eval_bool(init, &mut self.env, &StateView::state(first)) == Ok(true) {
            return Ok(());
        }
        let mut found = false;
        let r = enumerate::init_states(ev, init, &mut |st, _| {
            found = self.same(&crate::expand::complete(st), first);
            Ok(!found)
        });
        match (found, r) {
            (true, _) => Ok(()),
            (false, Err(e)) => Err(refuse(1, format!("Init failed on it: {}", e.message))),
            (false, Ok(())) => Err(refuse(1, "State 1 is not an initial state")),
        }
    }

    /// `to` is a successor of state `i` of `trace` under Next; the reason when it is not.
    fn step(&mut self, trace: &[TraceState], i: usize, to: &Arc<[Value]>) -> Result<(), String> {
        let (ev, model) = (self.ev, self.model);
        let Some(next) = &model.next else {
            return Err("the model has no next-state relation".into());
        };
        let from = &trace[i].values;
        self.at(trace, i);
        let primed: Vec<Option<Value>> = to.iter().cloned().map(Some).collect();
        let sv = StateView::transition(from, &primed);
        if ev.eval_bool(next, &mut self.env, &sv) == Ok(true) {
            return Ok(());
        }
        let mut found = false;
        let r = enumerate::next_states(ev, next, from, &mut |st, _| {
            found = self.same(&crate::expand::complete(st), to);
            Ok(!found)
        });
        match (found, r) {
            (true, _) => Ok(()),
            (false, Err(e)) => Err(format!("Next failed on it: {}", e.message)),
            (false, Ok(())) => Err("it is not a step of Next".into()),
        }
    }

    /// Whether the search takes `a` and `b` as the same state: equal, or with a VIEW equal
    /// views, or with a SYMMETRY in one orbit.
    fn same(&mut self, a: &[Value], b: &[Value]) -> bool {
        if a == b {
            return true;
        }
        let (a, b) = match &self.model.view {
            None if self.symmetry.is_none() => return false,
            None => (a.to_vec(), b.to_vec()),
            Some(view) => {
                let mut view_of =
                    |s: &[Value]| self.ev.eval(view, &mut self.env, &StateView::state(s));
                match (view_of(a), view_of(b)) {
                    (Ok(x), Ok(y)) if x == y => return true,
                    (Ok(x), Ok(y)) => (vec![x], vec![y]),
                    _ => return false,
                }
            }
        };
        match &self.symmetry {
            Some(sym) => matches!((sym.canonical(&a), sym.canonical(&b)), (Ok(x), Ok(y)) if x == y),
            None => false,
        }
    }

    /// What the trace claims fails where it claims.
    fn claim(&mut self, verdict: &Verdict, trace: &[TraceState]) -> Result<(), Refusal> {
        let n = trace.len();
        let last = &trace[n - 1].values;
        let named = |checks: &'m [Check], name: &str| checks.iter().find(|c| c.name == name);
        match verdict {
            Verdict::InvariantViolated(name) => {
                let c = named(&self.model.invariants, name)
                    .ok_or_else(|| refuse(n, format!("there is no invariant {name}")))?;
                self.at(trace, n - 1);
                match self
                    .ev
                    .eval_bool(&c.expr, &mut self.env, &StateView::state(last))
                {
                    Ok(false) => Ok(()),
                    Ok(true) => Err(refuse(n, format!("invariant {name} holds in State {n}"))),
                    Err(e) => Err(refuse(
                        n,
                        format!("invariant {name} failed in State {n}: {}", e.message),
                    )),
                }
            }
            Verdict::PropertyViolated(name) => {
                let c = named(&self.model.init_properties, name)
                    .ok_or_else(|| refuse(n, format!("there is no property {name}")))?;
                self.at(trace, 0);
                match self
                    .ev
                    .eval_bool(&c.expr, &mut self.env, &StateView::state(&trace[0].values))
                {
                    Ok(false) if n == 1 => Ok(()),
                    Ok(false) => Err(refuse(
                        n,
                        format!("property {name} is claimed of a behaviour of {n} states"),
                    )),
                    _ => Err(refuse(1, format!("property {name} holds in State 1"))),
                }
            }
            Verdict::ActionPropertyViolated(name) => {
                let c = named(&self.model.action_properties, name)
                    .ok_or_else(|| refuse(n, format!("there is no action property {name}")))?;
                match self.transition(c, trace) {
                    Some(Ok(false)) => Ok(()),
                    _ => Err(refuse(
                        n,
                        format!("action property {name} holds on the last step"),
                    )),
                }
            }
            Verdict::Deadlock if self.check_deadlock => {
                let next = self.model.next.as_ref();
                self.at(trace, n - 1);
                let mut any = false;
                let r = next.map(|next| {
                    enumerate::next_states(self.ev, next, last, &mut |_, _| {
                        any = true;
                        Ok(false)
                    })
                });
                match (any, r) {
                    (false, Some(Ok(()))) | (false, None) => Ok(()),
                    (true, _) => Err(refuse(n, format!("State {n} has a successor"))),
                    (false, Some(Err(e))) => Err(refuse(
                        n,
                        format!("Next failed in State {n}: {}", e.message),
                    )),
                }
            }
            Verdict::Deadlock => Err(refuse(
                n,
                "a deadlock is reported but deadlocks are not checked",
            )),
            Verdict::Error(e) => match &e.phase {
                // Evaluating the invariant or action property fails again.
                Phase::Invariant(name) => {
                    let Some(c) = named(&self.model.invariants, name) else {
                        return Ok(());
                    };
                    self.at(trace, n - 1);
                    match self
                        .ev
                        .eval_bool(&c.expr, &mut self.env, &StateView::state(last))
                    {
                        Err(_) => Ok(()),
                        Ok(_) => Err(refuse(
                            n,
                            format!("invariant {name} evaluates in State {n}"),
                        )),
                    }
                }
                Phase::ActionProperty(name) => {
                    let Some(c) = named(&self.model.action_properties, name) else {
                        return Ok(());
                    };
                    match self.transition(c, trace) {
                        Some(Err(_)) => Ok(()),
                        _ => Err(refuse(
                            n,
                            format!("action property {name} evaluates on the last step"),
                        )),
                    }
                }
                Phase::Next => self.next_fails(trace),
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// An error met generating or constraining the last state's successors is met again:
    /// Next fails there (or leaves a variable unassigned), or a constraint, the VIEW or a
    /// fingerprint fails on one of its successors. When a constraint fails, TLC's trace ends
    /// with that successor: the last step itself fails.
    fn next_fails(&mut self, trace: &[TraceState]) -> Result<(), Refusal> {
        let n = trace.len();
        let Some(next) = &self.model.next else {
            return Ok(());
        };
        if n >= 2 {
            self.at(trace, n - 2);
            let primed: Vec<Option<Value>> =
                trace[n - 1].values.iter().cloned().map(Some).collect();
            if self.constraints_fail(&trace[n - 2].values, &primed, &trace[n - 1].values) {
                return Ok(());
            }
        }
        let last = &trace[n - 1].values;
        self.at(trace, n - 1);
        let (mut succs, mut unassigned) = (Vec::new(), false);
        let r = enumerate::next_states(self.ev, next, last, &mut |st, _| {
            unassigned = st.iter().any(Option::is_none);
            if !unassigned {
                succs.push(crate::expand::complete(st));
            }
            Ok(!unassigned)
        });
        if r.is_err() || unassigned {
            return Ok(());
        }
        for s in &succs {
            let primed: Vec<Option<Value>> = s.iter().cloned().map(Some).collect();
            if self.constraints_fail(last, &primed, s) {
                return Ok(());
            }
        }
        Err(refuse(
            n,
            format!("the successors of State {n} evaluate without the error"),
        ))
    }

    /// Whether a constraint, an action constraint, the VIEW or a fingerprint fails to
    /// evaluate on the step from `from` to `to` (`primed`: `to` as primed values).
    fn constraints_fail(&mut self, from: &[Value], primed: &[Option<Value>], to: &[Value]) -> bool {
        let (ev, model) = (self.ev, self.model);
        let state = StateView::state(to);
        let step = StateView::transition(from, primed);
        (model.constraints.iter()).any(|c| ev.eval_bool(&c.expr, &mut self.env, &state).is_err())
            || (model.action_constraints.iter())
                .any(|c| ev.eval_bool(&c.expr, &mut self.env, &step).is_err())
            || (model.view.as_ref()).is_some_and(|v| ev.eval(v, &mut self.env, &state).is_err())
            || to.iter().any(|v| v.fingerprint().is_err())
    }

    /// A transition check on the trace's last step (None: the trace has no step).
    fn transition(
        &mut self,
        c: &Check,
        trace: &[TraceState],
    ) -> Option<Result<bool, tla_eval::EvalError>> {
        let n = trace.len();
        if n < 2 {
            return None;
        }
        self.at(trace, n - 2);
        let primed: Vec<Option<Value>> = trace[n - 1].values.iter().cloned().map(Some).collect();
        let sv = StateView::transition(&trace[n - 2].values, &primed);
        Some(self.ev.eval_bool(&c.expr, &mut self.env, &sv))
    }
}

/// The replay interprets the spec rather than running the search's compiled forms, so that a
/// fault of those forms cannot certify its own result.
fn interpreting_env() -> Env {
    let mut env = Env::new();
    env.interpreting = 1;
    env
}
