//! Liveness: the temporal PROPERTY formulas checked on the complete behaviour graph at the
//! end of the search, under the SPECIFICATION's fairness, and with TLC's default `-lncheck`
//! also on the graph explored so far while the search runs (`periodic.rs`).
//!
//! For each property, in .cfg order, the checker looks for a behaviour of the graph that
//! satisfies the fairness and violates the property: `fairness /\ ~P` is put in disjunctive
//! normal form and each disjunct searched (see `search.rs`); the first found is reported as
//! a lasso.

mod atoms;
pub(crate) mod formula;
mod graph;
mod lasso;
mod periodic;
mod product;
pub mod render;
mod search;
mod tableau;
mod view_trace;

pub use graph::GraphRecorder;
pub use periodic::{LnCheck, Periodic};

use crate::model::Model;
use crate::result::{LassoEnd, LiveReport, TraceState, Violation};
use std::sync::Arc;
use std::time::SystemTime;
use tla_eval::{EvalError, Evaluator, Value};

/// Disjuncts past this many are not distributed further (the tableau handles the rest).
const DNF_LIMIT: usize = 4096;

/// Checks the model's temporal properties on the complete graph the search recorded, the
/// predicates evaluated by `workers` threads.
pub fn check(
    ev: &Evaluator,
    model: &Model,
    recorder: GraphRecorder,
    states: &[Arc<[Value]>],
    workers: usize,
) -> Result<LiveReport, EvalError> {
    let started = SystemTime::now();
    let graph = recorder.finish(states.len());
    check_graph(ev, model, &graph, states, started, true, workers)
}

/// Checks them on the graph recorded so far, where the states below `done` are fully
/// explored: a cycle is only sought among those, so what is found is a real counterexample.
pub fn check_partial(
    ev: &Evaluator,
    model: &Model,
    recorder: &GraphRecorder,
    states: &[Arc<[Value]>],
    done: usize,
) -> Result<LiveReport, EvalError> {
    let started = SystemTime::now();
    let graph = recorder.snapshot(states.len(), done);
    check_graph(ev, model, &graph, states, started, false, 1)
}

/// The properties (by name, in order) whose negation the lasso `trace`/`end` satisfies:
/// each is searched for on the graph of that one behaviour.
fn violated_by(
    ev: &Evaluator,
    atoms: &[formula::Atom],
    problems: &[(&str, Vec<Vec<formula::LF>>)],
    fair: &[formula::FairCond],
    trace: &[TraceState],
    end: &LassoEnd,
) -> Result<Vec<String>, EvalError> {
    if trace.is_empty() {
        return Ok(Vec::new());
    }
    let states: Vec<Arc<[Value]>> = trace.iter().map(|t| t.values.clone()).collect();
    let actions: Vec<_> = trace.iter().map(|t| t.action).collect();
    let back = match end {
        LassoEnd::BackTo(n, a) => Some((n.saturating_sub(1), *a)),
        LassoEnd::Stuttering | LassoEnd::Prefix => None,
    };
    let g = graph::GraphRecorder::lasso(states.len(), &actions, back);
    let mut truth = atoms::Truth::new(ev, atoms, &states, &g);
    let mut out = Vec::new();
    for (name, disjuncts) in problems {
        for conj in disjuncts {
            if search::Disjunct::new(conj.clone(), fair)
                .search(&mut truth)?
                .is_some()
            {
                out.push(name.to_string());
                break;
            }
        }
    }
    Ok(out)
}

/// TLC's check while the search runs (`LiveCheck.TableauLiveChecker.addNextState`): in a
/// branch with no fairness and no `[]<>`/`<>[]` conjunct, a path reaching a tableau node that
/// asks nothing more violates the property whatever follows. The first such path by state
/// order (TLC's order of discovery), shortest by product BFS.
#[allow(clippy::too_many_arguments)]
fn finite_violation(
    ev: &Evaluator,
    model: &Model,
    atoms: &[formula::Atom],
    problems: &[(&str, Vec<Vec<formula::LF>>)],
    fair: &[formula::FairCond],
    assumed: &[formula::LF],
    graph: &graph::Graph,
    states: &[Arc<[Value]>],
) -> Result<Option<Violation>, EvalError> {
    if !fair.is_empty() || !assumed.is_empty() {
        return Ok(None);
    }
    let mut truth = atoms::Truth::new(ev, atoms, states, graph);
    // (state, branch's prefix) of the earliest found.
    let mut best: Option<(u32, Vec<TraceState>)> = None;
    for (_, disjuncts) in problems {
        for conj in disjuncts {
            let d = search::Disjunct::new(conj.clone(), fair);
            if !d.ea.is_empty() || !d.ae.is_empty() {
                continue;
            }
            let p = product::build(&d.tableau, &mut truth)?;
            let hit = (0..p.nodes.len()).find(|&i| {
                d.tableau
                    .asks_nothing_more(p.nodes[i].1, |a| truth.is_action(a))
            });
            let Some(hit) = hit else { continue };
            let s = p.nodes[hit].0;
            if best.as_ref().is_some_and(|(b, _)| *b <= s) {
                continue;
            }
            let mut path = Vec::new();
            let mut cur = hit as u32;
            while cur != product::NONE {
                let (parent, e) = p.parent[cur as usize];
                path.push((p.nodes[cur as usize].0, e));
                cur = parent;
            }
            path.reverse();
            let mut trace: Vec<TraceState> = Vec::new();
            let mut last = product::NONE;
            for (s, e) in path {
                if s == last {
                    continue;
                }
                let action = match (e != product::NONE).then(|| graph.step[e as usize]) {
                    Some(graph::Step::Action(a)) => a,
                    _ => None,
                };
                trace.push(TraceState {
                    values: states[s as usize].clone(),
                    action,
                });
                last = s;
            }
            best = Some((s, trace));
        }
    }
    let Some((_, mut trace)) = best else {
        return Ok(None);
    };
    let properties = violated_by(ev, atoms, problems, fair, &trace, &LassoEnd::Stuttering)?;
    view_trace::rebuild(ev, model, &mut trace);
    Ok(Some(Violation {
        property: properties.join(", "),
        properties,
        trace,
        end: LassoEnd::Prefix,
        warning: None,
    }))
}

/// TLC's warning after a counterexample ending in stuttering that fairness might rule out
/// (`Liveness.printStutteringCounterExampleWarning`): the SPECIFICATION has no fairness
/// (2259, naming it and where it is defined), or there is no SPECIFICATION (2257).
fn stuttering_warning(ev: &Evaluator, model: &Model) -> Option<String> {
    const BOOK: &str = "(compare Chapter 8, page 87ff of Specifying Systems at https://lamport.azurewebsites.net/tla/book.html)";
    let (code, text) = match model.specification {
        Some(d) if model.fairness.is_empty() => {
            let spec = ev.spec;
            let def = spec.def(d);
            let at = crate::tlc_text::describe_loc(spec, def.loc);
            let name = &def.name;
            (2259, format!("The stuttering counterexample above may be caused by the absence of a fairness constraint in the behavior specification {name} defined at {at}. To rule out such counterexamples, conjoin a suitable fairness constraint to {name} {BOOK}."))
        }
        Some(_) => return None,
        None => (2257, format!("The stuttering counterexample above may be caused by the absence of a behavior specification (SPECIFICATION). Only INIT and NEXT have been provided, so TLC permits infinite stuttering. To rule out such counterexamples, use SPECIFICATION Spec, with Spec asserting a suitable fairness constraint {BOOK}.")),
    };
    ev.warnings.lock().expect("warnings").admit(code, &text)
}

/// What the liveness check searches for: the fairness conditions, the other temporal
/// conjuncts of the SPECIFICATION, and per property (by name, in .cfg order) the disjuncts of
/// `assumed /\ ~P`.
struct Problems<'m> {
    fair: Vec<formula::FairCond>,
    assumed: Vec<formula::LF>,
    problems: Vec<(&'m str, Vec<Vec<formula::LF>>)>,
}

fn problems<'m>(reader: &mut formula::Reader, model: &'m Model) -> Result<Problems<'m>, EvalError> {
    let none: Arc<[(tla_sema::ir::LocalId, tla_eval::Binding)]> = Arc::new([]);
    let mut fair = Vec::new();
    let mut assumed = Vec::new();
    for f in &model.fairness {
        reader.fairness(f, &none, &mut fair, &mut assumed)?;
    }
    // ~(P1 /\ P2) = ~P1 \/ ~P2.
    let mut names: Vec<&str> = Vec::new();
    for c in &model.temporal_properties {
        if !names.contains(&c.name.as_str()) {
            names.push(&c.name);
        }
    }
    let mut problems = Vec::new();
    for name in names {
        let mut negated = Vec::new();
        for c in model.temporal_properties.iter().filter(|c| c.name == name) {
            negated.push(reader.read(&c.expr, &none, true)?);
        }
        let mut all = assumed.clone();
        all.push(formula::LF::Or(negated));
        problems.push((name, formula::top_dnf(formula::LF::And(all), DNF_LIMIT)));
    }
    Ok(Problems {
        fair,
        assumed,
        problems,
    })
}

/// TLC's "satisfiability problem has N branches" before the search: N, when the model has
/// temporal properties and their formulas can be read.
pub fn branches(ev: &Evaluator, model: &Model) -> Option<usize> {
    if model.temporal_properties.is_empty() {
        return None;
    }
    let p = problems(&mut formula::Reader::new(ev), model).ok()?;
    Some(p.problems.iter().map(|(_, d)| d.len()).sum())
}

fn check_graph(
    ev: &Evaluator,
    model: &Model,
    graph: &graph::Graph,
    states: &[Arc<[Value]>],
    started: SystemTime,
    complete: bool,
    workers: usize,
) -> Result<LiveReport, EvalError> {
    let mut reader = formula::Reader::new(ev);
    let Problems {
        fair,
        assumed,
        problems,
    } = problems(&mut reader, model)?;
    let branches = problems.iter().map(|(_, d)| d.len()).sum();
    if branches == 0 && !problems.is_empty() {
        // fairness /\ ~P is FALSE: TLC_LIVE_FORMULA_TAUTOLOGY, an error before the search.
        return Err(EvalError::new(
            "Temporal formula is a tautology (its negation is unsatisfiable).",
        ));
    }
    let atoms = std::mem::take(&mut reader.atoms.list);
    let mut truth = atoms::Truth::new(ev, &atoms, states, graph);
    truth.fill_parallel(workers);
    // TLC evaluates every predicate of the properties in every state and every action on
    // every step (LiveCheck.addNextState), so an error in one the search would not need
    // (`P ~> Q` with P never true) is still an error.
    for a in 0..atoms.len() as u32 {
        if truth.is_action(a) {
            for e in 0..graph.dst.len() {
                truth.on_edge(a, e)?;
            }
        } else {
            for s in 0..graph.states() {
                truth.in_state(a, s as u32)?;
            }
        }
    }
    let mut violation =
        finite_violation(ev, model, &atoms, &problems, &fair, &assumed, graph, states)?;
    'props: for (name, disjuncts) in problems.iter().filter(|_| violation.is_none()) {
        for conj in disjuncts {
            let d = search::Disjunct::new(conj.clone(), &fair);
            if let Some(found) = d.search(&mut truth)? {
                // A goal that cannot be evaluated somewhere is not met there.
                let mut meets =
                    |goal, at| (d.meets(goal, at, &found.product, &mut truth)).unwrap_or(false);
                let (mut trace, end) = lasso::build(&found, graph, states, &mut meets);
                // TLC names every property this behaviour violates.
                let properties = violated_by(ev, &atoms, &problems, &fair, &trace, &end)
                    .unwrap_or_else(|_| vec![name.to_string()]);
                let properties = if properties.is_empty() {
                    vec![name.to_string()]
                } else {
                    properties
                };
                view_trace::rebuild(ev, model, &mut trace);
                let warning = match end {
                    LassoEnd::Stuttering if d.stuttering_may_be_unfair() => {
                        stuttering_warning(ev, model)
                    }
                    _ => None,
                };
                violation = Some(Violation {
                    property: properties.join(", "),
                    properties,
                    trace,
                    end,
                    warning,
                });
                break 'props;
            }
        }
    }
    Ok(LiveReport {
        branches,
        started,
        finished: SystemTime::now(),
        complete,
        violation,
    })
}
