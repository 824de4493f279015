//! TLC's `-coverage` report: per variable, the Init, each action of the next-state relation,
//! the invariants and the constraints, counted by the merge in the one-worker order (so the
//! figures are those of `-workers 1`; a coverage run uses one worker).
//!
//! # TLC facts (tlc2/tool/coverage/CostModelCreator.report, ActionWrapper.report and
//! printLocation, EC.java/MP.java; checked against TLC on the specs of tests/cli_coverage.rs)
//!
//! * `The coverage statistics at DATE (see https://explain.tlapl.us/...)` (2201), then:
//!   * each variable: `<x line..of module M>: N` (2779), N the distinct values the variable
//!     takes in the new states found by the next-state relation and queued (not the initial
//!     states, nor a state that breaks an invariant). TLC estimates N with a HyperLogLog
//!     sketch (its figure for a few hundred values is off by some and varies between runs)
//!     and lists the variables in the order of SANY's declaration table; here N is counted
//!     exactly, which is TLC's figure for small counts, in TLC's order (`tlc_order.rs`);
//!   * Init: `<Init loc>: G:G` (2773), G the initial states generated (duplicates and states
//!     outside the constraints included);
//!   * each action, in order of its location: `<A loc>: D:G` (2772), D the new states it
//!     found, G the states it generated. `loc` is the definition's head (`Step(p)`); when the
//!     action is only part of the definition's body (a disjunct), ` (L1 C1 L2 C2)` follows
//!     with that part's location. Actions with the same location (`\E p \in P : Step(p)`)
//!     share one line;
//!   * each invariant: `<Inv loc>` (2774);
//!   * each action constraint, then each state constraint: `<C loc>: H:E` (2778), E its
//!     evaluations, H how many were TRUE (a state constraint is evaluated on every
//!     generated state; an action constraint only where the state constraints hold);
//!   * `End of statistics.` (2202).
//! * TLC also prints a line per sub-expression under each of these, with evaluation counts
//!   that follow its evaluator's internals; those are not printed here (docs/TLC_SEMANTICS.md).
//! * The report is printed at the end of every run (after an error's trace too), just before
//!   the `states generated` line, and every `-coverage N` minutes while the search runs.

use crate::expand::Candidate;
use crate::model::Model;
use crate::result::{CoverageKind, CoverageLine, CoverageReport, Report, TraceState, Verdict};
use crate::tlc_text::describe_loc;
use std::collections::{HashMap, HashSet};
use tla_eval::action_label::{ActionLabel, Labeller};
use tla_eval::{enumerate, Evaluator};
use tla_sema::ir::Expr;
use tla_sema::ir::{DefId, ExprKind, Loc, VarId};
use tla_sema::Spec;

struct ActionCount {
    def: Option<DefId>,
    leaf: Loc,
    generated: u64,
    distinct: u64,
}

/// The actions the workers entered (also those that never made a state).
pub type Entered = std::sync::Arc<std::sync::Mutex<Vec<crate::expand::ActionAt>>>;

/// The counts, kept by the merge.
pub struct Counter {
    /// The lines about the spec's parts (variables, Init, invariants, constraints), named
    /// once; the counts are filled in when reported.
    vars: Vec<(String, String)>,
    init: Option<(String, String)>,
    invariants: Vec<(String, String)>,
    constraint_names: Vec<(String, String)>,
    entered: Entered,
    actions: Vec<ActionCount>,
    by_leaf: HashMap<Loc, usize>,
    init_generated: u64,
    /// Per variable of the model, the fingerprints of its values in new non-initial states.
    values: Vec<HashSet<u64>>,
    /// Per constraint (the state constraints, then the action constraints): evaluated, held.
    constraints: Vec<(u64, u64)>,
    var_ids: Vec<VarId>,
    /// The number of state constraints (the action constraints follow them).
    state_constraints: usize,
}

impl Counter {
    pub fn new(spec: &Spec, model: &Model, entered: Entered) -> Self {
        let var = |v: &VarId| {
            let d = &spec.variables[v.index()];
            (d.name.clone(), describe_loc(spec, d.loc))
        };
        let checks = |cs: &[crate::model::Check]| -> Vec<(String, String)> {
            cs.iter().map(|c| named(spec, &c.expr, &c.name)).collect()
        };
        let mut constraint_names = checks(&model.constraints);
        constraint_names.extend(checks(&model.action_constraints));
        Counter {
            vars: model.vars.iter().map(var).collect(),
            init: model.init.as_ref().map(|e| named(spec, e, "Init")),
            invariants: checks(&model.invariants),
            constraint_names,
            entered,
            state_constraints: model.constraints.len(),
            actions: Vec::new(),
            by_leaf: HashMap::new(),
            init_generated: 0,
            values: vec![HashSet::new(); model.vars.len()],
            constraints: vec![(0, 0); model.constraints.len() + model.action_constraints.len()],
            var_ids: model.vars.clone(),
        }
    }

    fn action(&mut self, def: Option<DefId>, leaf: Loc) -> &mut ActionCount {
        let i = *self.by_leaf.entry(leaf).or_insert_with(|| {
            self.actions.push(ActionCount {
                def,
                leaf,
                generated: 0,
                distinct: 0,
            });
            self.actions.len() - 1
        });
        &mut self.actions[i]
    }

    /// One generated state (`initial`: by Init), `new` when it was kept as a new state,
    /// `queued` when it is also to be explored (it breaks no invariant).
    pub fn record(&mut self, c: &Candidate, initial: bool, new: bool, queued: bool) {
        let (held, failed) = c.constraints;
        for (i, n) in self.constraints.iter_mut().enumerate() {
            let i = i as u16;
            if i < held {
                *n = (n.0 + 1, n.1 + 1);
            } else if i == held && failed {
                n.0 += 1;
            }
        }
        if initial {
            self.init_generated += 1;
            return;
        }
        if let Some((def, leaf)) = c.leaf {
            let a = self.action(def, leaf);
            a.generated += 1;
            a.distinct += new as u64;
        }
        if queued {
            for (seen, v) in self.values.iter_mut().zip(&self.var_ids) {
                if let Some(fp) = c
                    .state
                    .as_ref()
                    .and_then(|s| s.get(v.index()))
                    .and_then(|x| x.fingerprint().ok())
                {
                    seen.insert(fp);
                }
            }
        }
    }

    /// TLC's work rebuilding a counterexample (twice: for the printed trace and the trace
    /// spec), counted as it counts it: Init's states again, and for each step the actions
    /// in order, each with all its successors, up to the one whose successors hold the
    /// step's target.
    pub fn count_rebuilds(&mut self, ev: &Evaluator, next: &Expr, trace: &[TraceState]) {
        const REBUILDS: u64 = 2;
        self.init_generated += REBUILDS * self.init_generated;
        for step in trace.windows(2) {
            let labeller = Labeller::default();
            let mut made: Vec<(ActionLabel, bool)> = Vec::new();
            let target = &step[1].values;
            let _ = enumerate::next_states_labelled(
                ev,
                next,
                &step[0].values,
                &labeller,
                &mut |st, _| {
                    let hit = (st.iter().zip(target.iter())).all(|(a, b)| a.as_ref() == Some(b));
                    made.push((labeller.current(), hit));
                    Ok(true)
                },
            );
            let Some(hit) = made.iter().position(|(_, h)| *h) else {
                continue;
            };
            let last = (hit..made.len())
                .take_while(|&i| made[i].0 == made[hit].0)
                .last()
                .unwrap_or(hit);
            for (label, _) in &made[..=last] {
                if let Some(leaf) = label.leaf {
                    self.action(label.def, leaf).generated += REBUILDS;
                }
            }
        }
    }

    /// The report's lines, in TLC's order, with the counts so far.
    pub fn report(&mut self, spec: &Spec) -> CoverageReport {
        // Actions entered that never made a state are reported too (with 0:0).
        let entered = self.entered.lock().map(|e| e.clone()).unwrap_or_default();
        for &(def, leaf) in &entered {
            self.action(def, leaf);
        }
        let line = |kind, (name, location): &(String, String), counts| CoverageLine {
            kind,
            name: name.clone(),
            location: location.clone(),
            counts,
        };
        let mut lines = Vec::new();
        for (v, seen) in self.vars.iter().zip(&self.values) {
            lines.push(line(CoverageKind::Variable, v, vec![seen.len() as u64]));
        }
        if let Some(init) = &self.init {
            let g = self.init_generated;
            lines.push(line(CoverageKind::Init, init, vec![g, g]));
        }
        let mut actions: Vec<&ActionCount> = self.actions.iter().collect();
        // Actions of one location (`I!Up \/ I!Down` are both at `I`): TLC reports only
        // the first of Next's order, with its own counts.
        let first_entered = |leaf: Loc| entered.iter().position(|a| a.1 == leaf);
        actions.sort_by_key(|a| {
            let at = a.def.and_then(|d| spec.def(d).via_instance.as_ref());
            let at = at.map_or(a.leaf, |(_, loc)| *loc);
            (
                sort_key(spec, at),
                first_entered(a.leaf).unwrap_or(usize::MAX),
            )
        });
        let mut last: Option<String> = None;
        for a in actions {
            let at = action_location(spec, a.def, a.leaf);
            if last.as_ref() == Some(&at.1) {
                continue;
            }
            last = Some(at.1.clone());
            lines.push(line(
                CoverageKind::Action,
                &at,
                vec![a.distinct, a.generated],
            ));
        }
        for c in &self.invariants {
            lines.push(line(CoverageKind::Invariant, c, Vec::new()));
        }
        // Action constraints first, then state constraints.
        let n = self.state_constraints;
        let order = (n..self.constraint_names.len()).chain(0..n);
        for i in order {
            let (evaluated, held) = self.constraints[i];
            lines.push(line(
                CoverageKind::Constraint,
                &self.constraint_names[i],
                vec![held, evaluated],
            ));
        }
        CoverageReport { lines }
    }
}

/// Whether TLC rebuilt the report's counterexample from the initial states (an invariant
/// or action property violated after the initial states, a deadlock).
pub fn rebuilds_trace(r: &Report) -> bool {
    r.trace.len() > 1
        && matches!(
            r.verdict,
            Verdict::InvariantViolated(_) | Verdict::ActionPropertyViolated(_) | Verdict::Deadlock
        )
}

impl CoverageLine {
    /// The line as TLC prints it.
    pub fn text(&self) -> String {
        let counts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        match counts.is_empty() {
            true => format!("<{} {}>", self.name, self.location),
            false => format!("<{} {}>: {}", self.name, self.location, counts.join(":")),
        }
    }

    /// EC.java's code of the message.
    pub fn code(&self) -> u32 {
        match self.kind {
            CoverageKind::Variable => 2779,
            CoverageKind::Init => 2773,
            CoverageKind::Action => 2772,
            CoverageKind::Invariant => 2774,
            CoverageKind::Constraint => 2778,
        }
    }
}

impl CoverageReport {
    /// The whole report, `date` in TLC's form, each line with its message code.
    pub fn lines_at(&self, date: &str) -> Vec<(u32, String)> {
        let mut out = vec![(
            2201,
            format!("The coverage statistics at {date} (see https://explain.tlapl.us/module-coverage-statistics for how to interpret the following statistics)."),
        )];
        out.extend(self.lines.iter().map(|l| (l.code(), l.text())));
        out.push((2202, "End of statistics.".to_string()));
        out
    }

    pub fn to_json(&self) -> serde_json::Value {
        let kind = |k: CoverageKind| match k {
            CoverageKind::Variable => "variable",
            CoverageKind::Init => "init",
            CoverageKind::Action => "action",
            CoverageKind::Invariant => "invariant",
            CoverageKind::Constraint => "constraint",
        };
        serde_json::Value::Array(
            (self.lines.iter())
                .map(|l| {
                    serde_json::json!({
                        "kind": kind(l.kind),
                        "name": l.name,
                        "location": l.location,
                        "counts": l.counts,
                    })
                })
                .collect(),
        )
    }
}

/// The name and declaration of a check named in the .cfg (a call of its definition).
fn named(spec: &Spec, e: &tla_sema::ir::Expr, fallback: &str) -> (String, String) {
    match &e.kind {
        ExprKind::Call(d, _) => {
            let def = spec.def(*d);
            (def.name.clone(), describe_loc(spec, head(spec, *d)))
        }
        _ => (fallback.to_string(), describe_loc(spec, e.loc)),
    }
}

/// An action's declaration, and the part of the body it is when it is not all of it.
fn action_location(spec: &Spec, def: Option<DefId>, leaf: Loc) -> (String, String) {
    let Some(d) = def else {
        return ("Action".to_string(), describe_loc(spec, leaf));
    };
    let (name, decl) = match &spec.def(d).via_instance {
        // TLC names an action of instance `I` `I!A`, at the instance's name.
        Some((i, at)) => (format!("{i}!{}", spec.def(d).name), describe_loc(spec, *at)),
        None => (spec.def(d).name.clone(), describe_loc(spec, head(spec, d))),
    };
    if spec.def(d).body.loc == leaf {
        return (name, decl);
    }
    let ((l1, c1), (l2, c2)) = line_cols(spec, leaf);
    (name, format!("{decl} ({l1} {c1} {l2} {c2})"))
}

/// The head of a definition, `Name` or `Name(p, q)`: what TLC's declaration location covers.
fn head(spec: &Spec, d: DefId) -> Loc {
    let def = spec.def(d);
    let text = &spec.files[def.loc.file.index()].text;
    let (start, end) = (def.loc.span.start as usize, def.loc.span.end as usize);
    let whole = text.get(start..end.min(text.len())).unwrap_or("");
    let Some(k) = whole.find("==") else {
        return def.loc;
    };
    let mut loc = def.loc;
    loc.span.end = (start + whole[..k].trim_end().len()) as u32;
    loc
}

fn line_cols(spec: &Spec, loc: Loc) -> ((usize, usize), (usize, usize)) {
    let f = &spec.files[loc.file.index()];
    let last = loc.span.end.saturating_sub(1).max(loc.span.start);
    (f.module_line_col(loc.span.start), f.module_line_col(last))
}

/// TLC's order of actions: by module name, then position.
fn sort_key(spec: &Spec, loc: Loc) -> (String, (usize, usize), (usize, usize)) {
    let module = (spec.modules.iter())
        .find(|m| m.file == loc.file)
        .map(|m| m.name.clone())
        .unwrap_or_default();
    let (a, b) = line_cols(spec, loc);
    (module, a, b)
}
