//! Trace validation: does a log written by an implementation describe a behaviour of the
//! spec? Reads NDJSON and ITF traces (`event.rs`), checks their names and values against the
//! spec (`bind.rs`), follows them with a frontier of spec states (`validate.rs`), explains a
//! rejection (`explain.rs`), and proves the validator can fail on a trace (`selftest.rs`).

pub mod bind;
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
use tla_sema::ir::DefId;
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
    let loaded = session::load(setup).map_err(|e| Failure { message: e.message })?;
    validate_loaded(setup, &loaded, trace, opts)
}

/// Validates against a loaded spec (which the self-test alters in memory).
pub fn validate_loaded(
    setup: &Setup,
    loaded: &Loaded,
    trace: &Trace,
    opts: &Options,
) -> Result<Verdict, Failure> {
    if trace.events.is_empty() {
        return Err(Failure {
            message: format!("{}: the trace has no events\n", trace.file),
        });
    }
    let run = session::with_model(setup, loaded, |ev, model, _| {
        let mv = bind::model_values(ev);
        let events = bind::bind_events(ev.spec, &mv, trace)?;
        let mut walker = Walker {
            ev,
            model,
            opts,
            nodes: Vec::new(),
        };
        let walk = walker.walk(&events).map_err(|e| Failure {
            message: format!("{}: {}\n", trace.file, e.message),
        })?;
        let vars: Vec<String> = model
            .vars
            .iter()
            .map(|v| ev.spec.variables[v.index()].name.clone())
            .collect();
        let root_values = |st: &Arc<[Value]>| -> Vec<Value> {
            model.vars.iter().map(|v| st[v.index()].clone()).collect()
        };
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
                    events: events.len(),
                    largest_frontier: largest,
                    actions,
                })
            }
            Walk::Stuck { failed, frontier } => {
                let event = &events[failed];
                let (candidates, size, omitted) = if failed == 0 {
                    explain::explain_init(ev, model, event)
                } else {
                    let states: Vec<Arc<[Value]>> = frontier
                        .iter()
                        .map(|n| walker.nodes[*n as usize].state.clone())
                        .collect();
                    let (c, o) = explain::explain_step(ev, model, event, &states);
                    (c, states.len(), o)
                };
                let prefix = frontier
                    .first()
                    .map(|n| walker.path_to(*n))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|n| root_values(&walker.nodes[n as usize].state))
                    .collect();
                Ok(Verdict::Rejected(Rejection {
                    step: event.number,
                    line: event.line,
                    event_text: event_text(trace, failed),
                    seq: event.seq,
                    frontier: size,
                    max_skip: opts.max_skip,
                    candidates,
                    omitted,
                    prefix,
                    vars,
                }))
            }
            Walk::NoInitialState => Err(Failure {
                message: format!(
                    "{}: the spec has no initial state, so no trace can be validated against it\n",
                    setup.spec_path.display()
                ),
            }),
            Walk::TooLarge { at } => {
                let e = &events[at];
                Err(Failure {
                    message: format!(
                        "{}:{}:1: more than {} spec states agree with events 1..{} (--max-frontier); log more variables or raise the bound\n",
                        trace.file, e.line, opts.max_frontier, e.number
                    ),
                })
            }
        }
    });
    run.map_err(|e| Failure { message: e.message })?
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

/// Reads and validates a trace file, in the shape of tla-suite's `TraceValidator` seam:
/// `Ok(None)` accepted, `Ok(Some(step))` rejected at that step, `Err` could not run.
pub fn validate_path(
    setup: &Setup,
    trace: &std::path::Path,
    opts: &Options,
) -> Result<Option<u64>, String> {
    let trace = read_trace(trace).map_err(|e| e.to_string())?;
    match validate(setup, &trace, opts) {
        Ok(Verdict::Accepted { .. }) => Ok(None),
        Ok(Verdict::Rejected(r)) => Ok(Some(r.step as u64)),
        Err(f) => Err(f.message.trim_end().to_string()),
    }
}
