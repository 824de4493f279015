//! Trace validation: does a log written by an implementation describe a behaviour of the
//! spec? Reads NDJSON and ITF traces (`event.rs`), checks their names and values against the
//! spec (`bind.rs`), merges several processes' logs by their clocks (`clock.rs`), follows
//! them with a frontier of spec states (`validate.rs`), explains a rejection (`explain.rs`),
//! and proves the validator can fail on a trace (`selftest.rs`).

pub mod bind;
pub mod clock;
pub mod event;
pub mod explain;
pub mod itf;
mod itf_spans;
pub mod selftest;
mod validate;

pub use event::{read_trace, Trace, TraceError};
pub use explain::Rejection;
pub use validate::Options;

use std::sync::Arc;
use tla_check::session::{self, Loaded, Setup};
use tla_eval::Value;
use tla_sema::ir::{DefId, ExprKind};
use validate::{Walk, Walker};

/// The answer for a well-formed trace.
#[derive(Clone, Debug)]
pub enum Verdict {
    Accepted {
        events: usize,
        largest_frontier: usize,
        /// The actions taken on one accepted path, in order, first use only.
        actions: Vec<DefId>,
    },
    Rejected(Rejection),
}

/// Why validation could not run (exit 2): a bad spec, .cfg or trace, a frontier over its
/// bound, an evaluation error in Init. `message` is ready to print.
#[derive(Clone, Debug)]
pub struct Failure {
    pub message: String,
}

impl From<TraceError> for Failure {
    fn from(e: TraceError) -> Self {
        Failure {
            message: format!("{e}\n"),
        }
    }
}

/// Loads the spec and validates the trace against it.
pub fn validate(setup: &Setup, trace: &Trace, opts: &Options) -> Result<Verdict, Failure> {
    validate_files(setup, std::slice::from_ref(trace), opts)
}

/// Loads the spec and validates several logs (one per process) together, merged by their
/// clocks: accepted when some order of all their events that keeps each file's order and
/// agrees with the clocks is a behaviour of the spec.
pub fn validate_files(setup: &Setup, traces: &[Trace], opts: &Options) -> Result<Verdict, Failure> {
    let loaded = session::load(setup).map_err(|e| Failure { message: e.message })?;
    validate_loaded_files(setup, &loaded, traces, opts)
}

/// `validate_files` against a loaded spec.
pub fn validate_loaded_files(
    setup: &Setup,
    loaded: &Loaded,
    traces: &[Trace],
    opts: &Options,
) -> Result<Verdict, Failure> {
    if let Some(t) = traces.iter().find(|t| t.events.is_empty()) {
        return Err(Failure {
            message: format!("{}: the trace has no events\n", t.file),
        });
    }
    if traces.is_empty() {
        return Err(Failure {
            message: "no trace to validate\n".into(),
        });
    }
    let order = clock::order(traces).map_err(|m| Failure {
        message: format!("{m}\n"),
    })?;
    let run = session::with_model(setup, loaded, |ev, model, _| {
        let mv = bind::model_values(ev);
        let init = bind::InitNames {
            model_init: match model.init.as_ref().map(|e| &e.kind) {
                Some(ExprKind::Call(d, args)) if args.is_empty() => {
                    Some(ev.spec.def(*d).name.as_str())
                }
                _ => None,
            },
        };
        let files = traces
            .iter()
            .map(|t| bind::bind_events(ev.spec, &mv, &init, t))
            .collect::<Result<Vec<_>, _>>()?;
        let mut walker = Walker::new(ev, model, opts);
        let where_ = |at: Option<clock::At>| match at {
            Some(a) if traces.len() > 1 => traces[a.file].file.clone(),
            _ => traces[0].file.clone(),
        };
        let walk = walker.walk(&files, &order).map_err(|e| Failure {
            message: format!("{}: {}\n", where_(None), e.message),
        })?;
        let total: usize = files.iter().map(Vec::len).sum();
        match walk {
            Walk::Accepted { largest, path } => {
                let mut actions = Vec::new();
                for n in path {
                    if let Some(d) = walker.nodes[n as usize].action {
                        if !actions.contains(&d) {
                            actions.push(d);
                        }
                    }
                }
                Ok(Verdict::Accepted {
                    events: total,
                    largest_frontier: largest,
                    actions,
                })
            }
            Walk::Stuck { taken, tried } => Ok(Verdict::Rejected(rejection(
                &walker, traces, &files, taken, &tried,
            ))),
            Walk::NoInitialState => Err(Failure {
                message: format!(
                    "{}: the spec has no initial state, so no trace can be validated against it\n",
                    setup.spec_path.display()
                ),
            }),
            Walk::TooLarge { taken, at, inits } => {
                let t = &traces[at.file];
                let e = &files[at.file][at.index];
                let max = opts.max_frontier;
                let message = if inits {
                    format!(
                        "{}:{}:1: more than {max} initial states, and this event (event {} of the file) may be a first step from any of them (--max-frontier); name Init in the first event and log its state, or raise the bound\n",
                        t.file, e.line, e.number
                    )
                } else if traces.len() == 1 {
                    format!(
                        "{}:{}:1: more than {max} spec states agree with events 1..{} (--max-frontier); log more variables or raise the bound\n",
                        t.file, e.line, e.number
                    )
                } else {
                    format!(
                        "{}:{}:1: more than {max} pairs of an interleaving and a spec state agree with the first {} events of the {} logs taken in an order their clocks allow (--max-frontier); give the events clocks that order them, log more variables, or raise the bound\n",
                        t.file, e.line, taken + 1, traces.len()
                    )
                };
                Err(Failure { message })
            }
        }
    });
    run.map_err(|e| Failure { message: e.message })?
}

/// The rejection report: the first event (in file order) some furthest order could not take,
/// explained from the states it was tried from; the other events tried are listed.
fn rejection(
    walker: &Walker,
    traces: &[Trace],
    files: &[Vec<bind::BoundEvent>],
    taken: usize,
    tried: &std::collections::BTreeMap<clock::At, Vec<u32>>,
) -> Rejection {
    let (ev, model) = (walker.ev, walker.model);
    let (&at, from) = tried.iter().next().expect("some event was tried");
    let event = &files[at.file][at.index];
    let state_of = |n: &u32| walker.nodes[*n as usize].state.clone();
    let (before, candidates, size, omitted, prefix_node) = if taken == 0 {
        let inits: Vec<Arc<[Value]>> = walker
            .inits
            .as_ref()
            .map(|v| v.iter().map(state_of).collect())
            .unwrap_or_default();
        let (b, c, size, o) = explain::explain_first(ev, model, event, &inits);
        (b, c, size, o, None)
    } else {
        // The distinct states the event was tried from.
        let mut seen = std::collections::HashSet::new();
        let states: Vec<Arc<[Value]>> = from
            .iter()
            .map(state_of)
            .filter(|s| seen.insert(s.clone()))
            .collect();
        let (c, o) = explain::explain_step(ev, model, event, &states);
        (
            explain::Before::Events,
            c,
            states.len(),
            o,
            from.first().copied(),
        )
    };
    // The ITF prefix lists the variables as declared (model.vars is TLC's printing order).
    let mut declared = model.vars.clone();
    declared.sort_by_key(|v| v.index());
    let vars: Vec<String> = (declared.iter())
        .map(|v| ev.spec.variables[v.index()].name.clone())
        .collect();
    let prefix = prefix_node
        .map(|n| walker.path_to(n))
        .unwrap_or_default()
        .into_iter()
        .map(|n| {
            let st = &walker.nodes[n as usize].state;
            declared.iter().map(|v| st[v.index()].clone()).collect()
        })
        .collect();
    let several = traces.len() > 1;
    let others = tried
        .keys()
        .skip(1)
        .map(|a| explain::Other {
            file: traces[a.file].file.clone(),
            line: files[a.file][a.index].line,
            number: a.index + 1,
            text: event_text(&traces[a.file], a.index),
        })
        .collect();
    Rejection {
        step: taken + 1,
        line: event.line,
        event_text: event_text(&traces[at.file], at.index),
        seq: event.seq,
        file: several.then(|| traces[at.file].file.clone()),
        number_in_file: event.number,
        before,
        frontier: size,
        max_skip: walker.opts.max_skip,
        candidates,
        omitted,
        others,
        prefix,
        vars,
    }
}

/// The failing event's text for the report: its first line, at most 200 characters.
fn event_text(trace: &Trace, i: usize) -> String {
    let e = &trace.events[i];
    let text = trace.text[e.span.0..e.span.1].lines().next().unwrap_or("");
    let mut cut: String = text.trim().chars().take(200).collect();
    if cut.len() < text.trim().len() {
        cut.push_str(" ...");
    }
    cut
}
