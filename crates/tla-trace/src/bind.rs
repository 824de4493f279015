//! Events checked against the spec: variable names to state slots, action names to
//! definitions, parameters to the definition's parameters, values from ITF to TLA+ values.
//! Runs after the model is bound, so that strings are interned in TLC's order first.

use crate::event::{Event, Trace, TraceError};
use crate::itf::{self, ModelValues};
use tla_eval::{Binding, Evaluator, Value};
use tla_sema::ir::{ConstId, DefId, Level, LocalId, Spec};

/// How an event's step is generated.
#[derive(Clone, Debug)]
pub enum Step {
    /// The action is `Init` (or the model's initial predicate): the event describes an
    /// initial state, no step. Only a file's first event may be one.
    Init,
    /// No action logged: any step of Next (for the first event of the merged order, also an
    /// initial state: both are kept).
    Next,
    /// A named action with every parameter logged: the definition's body with its
    /// parameters bound.
    Apply {
        def: DefId,
        args: Vec<(LocalId, Value)>,
        label: String,
    },
    /// A named action whose parameters were not logged: the steps of Next that TLC
    /// attributes to that action.
    NextAs { name: String },
}

/// An event ready to be matched.
#[derive(Clone, Debug)]
pub struct BoundEvent {
    /// 1-based position among the events.
    pub number: usize,
    pub line: usize,
    pub seq: Option<u64>,
    pub step: Step,
    /// (state slot, logged value).
    pub logged: Vec<(usize, Value)>,
}

/// The names an event may give the initial state: `Init`, and the definition the model's
/// initial predicate is when it is a definition (`INIT MCInit`).
pub struct InitNames<'a> {
    pub model_init: Option<&'a str>,
}

impl InitNames<'_> {
    fn names(&self, name: &str) -> bool {
        name == "Init" || self.model_init == Some(name)
    }
}

impl BoundEvent {
    /// Whether a (possibly partial) state agrees with every logged variable.
    pub fn matches(&self, st: &[Option<Value>]) -> bool {
        self.logged
            .iter()
            .all(|(i, v)| st[*i].as_ref().is_some_and(|x| x == v))
    }

    /// Whether a complete state agrees with every logged variable.
    pub fn matches_full(&self, st: &[Value]) -> bool {
        self.logged.iter().all(|(i, v)| &st[*i] == v)
    }
}

/// The model values the trace may name by string (see `itf.rs`).
pub fn model_values(ev: &Evaluator) -> ModelValues {
    let consts: Vec<Value> = (0..ev.spec.constants.len())
        .filter_map(|i| match ev.const_binding(ConstId(i as u32)) {
            Some(Binding::Val(v)) => Some(v.clone()),
            _ => None,
        })
        .collect();
    ModelValues::collect(consts.iter())
}

/// Checks each event's names and decodes its values.
pub fn bind_events(
    spec: &Spec,
    mv: &ModelValues,
    init: &InitNames,
    trace: &Trace,
) -> Result<Vec<BoundEvent>, TraceError> {
    let root = spec.root_module();
    if let Some(name) = &trace.spec {
        if name != &root.name {
            let at = trace.text.find("\"spec\"").unwrap_or(0);
            return Err(trace.error_at(
                at,
                format!("the trace is for spec {name:?}, not for {:?}", root.name),
            ));
        }
    }
    let var_slot = |name: &str| {
        root.variables
            .iter()
            .find(|v| spec.variables[v.index()].name == name)
            .map(|v| v.index())
    };
    let mut out = Vec::with_capacity(trace.events.len());
    let mut last_seq: Option<u64> = None;
    for (i, ev) in trace.events.iter().enumerate() {
        if let (Some(prev), Some(seq)) = (last_seq, ev.seq) {
            if seq <= prev {
                return Err(trace.error_at(
                    trace.key_offset(ev, "seq"),
                    format!("seq {seq} after seq {prev}: events must be in increasing seq order"),
                ));
            }
        }
        last_seq = ev.seq.or(last_seq);
        let mut logged = Vec::with_capacity(ev.state.len());
        for (name, j) in &ev.state {
            let at = trace.key_offset(ev, name);
            let slot = var_slot(name).ok_or_else(|| {
                trace.error_at(at, format!("{name} is not a variable of {}", root.name))
            })?;
            let v = itf::from_itf(j, mv)
                .map_err(|m| trace.error_at(at, format!("the value of {name}: {m}")))?;
            logged.push((slot, v));
        }
        out.push(BoundEvent {
            number: i + 1,
            line: trace.line_of(ev),
            seq: ev.seq,
            step: step(spec, mv, init, trace, i, ev)?,
            logged,
        });
    }
    Ok(out)
}

fn step(
    spec: &Spec,
    mv: &ModelValues,
    init: &InitNames,
    trace: &Trace,
    index: usize,
    ev: &Event,
) -> Result<Step, TraceError> {
    let Some(name) = &ev.action else {
        return Ok(Step::Next);
    };
    let at = trace.key_offset(ev, "action");
    if init.names(name) {
        if index > 0 {
            return Err(trace.error_at(
                at,
                format!(
                    "{name} names the initial state: only the first event of a file may name it"
                ),
            ));
        }
        if ev.params.as_ref().is_some_and(|p| !p.is_empty()) {
            return Err(trace.error_at(
                trace.key_offset(ev, "params"),
                format!("{name} names the initial state: it takes no parameters"),
            ));
        }
        return Ok(Step::Init);
    }
    let def = spec
        .root_def(name)
        .ok_or_else(|| trace.error_at(at, format!("the spec defines no action {name}")))?;
    let level = spec.def(def).level;
    if level != Level::Action {
        return Err(trace.error_at(
            at,
            format!(
                "{name} is not an action of the spec (it is a {}-level definition)",
                level.name()
            ),
        ));
    }
    let params = &spec.def(def).params;
    let Some(given) = &ev.params else {
        if params.is_empty() {
            return Ok(Step::Apply {
                def,
                args: Vec::new(),
                label: name.clone(),
            });
        }
        return Ok(Step::NextAs { name: name.clone() });
    };
    let expected: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    let mut args = Vec::with_capacity(params.len());
    let mut shown = Vec::with_capacity(params.len());
    for p in params {
        let Some((_, j)) = given.iter().find(|(k, _)| *k == p.name) else {
            return Err(trace.error_at(
                trace.key_offset(ev, "params"),
                format!(
                    "{name} takes parameters ({}); the event does not give {}",
                    expected.join(", "),
                    p.name
                ),
            ));
        };
        if p.arity > 0 {
            return Err(trace.error_at(
                at,
                format!(
                    "{name}'s parameter {} is an operator; it cannot be logged",
                    p.name
                ),
            ));
        }
        let v = itf::from_itf(j, mv).map_err(|m| {
            trace.error_at(
                trace.key_offset(ev, &p.name),
                format!("parameter {}: {m}", p.name),
            )
        })?;
        shown.push(format!("{} = {v}", p.name));
        args.push((p.local, v));
    }
    if let Some((k, _)) = given.iter().find(|(k, _)| !expected.contains(&k.as_str())) {
        return Err(trace.error_at(
            trace.key_offset(ev, k),
            format!(
                "{name} has no parameter {k} (its parameters: {})",
                expected.join(", ")
            ),
        ));
    }
    let label = if shown.is_empty() {
        name.clone()
    } else {
        format!("{name}({})", shown.join(", "))
    };
    Ok(Step::Apply { def, args, label })
}
