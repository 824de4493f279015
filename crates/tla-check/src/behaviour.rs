//! The behaviour graph recorded while the search runs, for the liveness phase: node i is the
//! i-th new state, as in the search. TLC's periodic liveness check reads it mid-search.

use crate::expand::Shared;
use crate::liveness::{GraphRecorder, Periodic};
use crate::merge::{stop, Explored, Stop, TransitionObserver};
use crate::result::Verdict;
use std::sync::{Arc, Mutex};
use tla_eval::error::Phase;
use tla_eval::value::FingerprintMap;
use tla_eval::Value;
use tla_sema::ir::DefId;

#[derive(Default)]
pub(crate) struct LiveRecorder {
    pub graph: GraphRecorder,
    index: FingerprintMap<u32>,
    pub states: Vec<Arc<[Value]>>,
    /// With a VIEW a node keeps the first state with its view: a step to a seen node carries
    /// the state actually generated.
    view: bool,
}

impl LiveRecorder {
    /// `view`: the model has a VIEW or a SYMMETRY, so a step to a seen node keeps its real
    /// target.
    pub fn new(view: bool) -> Self {
        LiveRecorder {
            view,
            ..LiveRecorder::default()
        }
    }

    fn transition(
        &mut self,
        from: Option<u64>,
        to: u64,
        action: Option<DefId>,
        new: bool,
        state: Option<&Arc<[Value]>>,
    ) {
        let from = from.map(|f| self.index[&f]);
        let built = || state.expect("the recorder reads this state").clone();
        if new {
            let idx = self.states.len() as u32;
            self.index.insert(to, idx);
            self.states.push(built());
            self.graph.record(from, idx, action, None);
        } else {
            let idx = self.index[&to];
            let actual = self.view.then(built);
            self.graph.record(from, idx, action, actual);
        }
    }
}

/// The liveness recorder and the caller's observer, if any.
pub(crate) struct Tee<'o> {
    pub live: Arc<Mutex<LiveRecorder>>,
    pub other: Option<Box<dyn TransitionObserver + 'o>>,
}

impl TransitionObserver for Tee<'_> {
    fn transition(
        &mut self,
        from: Option<u64>,
        to: u64,
        action: Option<DefId>,
        new: bool,
        state: Option<&Arc<[Value]>>,
    ) {
        (self.live.lock().expect("liveness recorder")).transition(from, to, action, new, state);
        if let Some(o) = &mut self.other {
            o.transition(from, to, action, new, state);
        }
    }

    /// A step to a seen node keeps its real target only with a VIEW or a SYMMETRY.
    fn reads_seen_states(&self) -> bool {
        self.live.lock().expect("liveness recorder").view
            || self.other.as_ref().is_some_and(|o| o.reads_seen_states())
    }
}

/// TLC's periodic liveness check on the graph being recorded.
pub(crate) struct PeriodicCheck {
    pub live: Arc<Mutex<LiveRecorder>>,
    pub schedule: Periodic,
}

impl PeriodicCheck {
    /// Before the state numbered `next` is explored (so every state numbered below it is):
    /// the check, when one is due.
    pub fn before(
        &mut self,
        sh: &Shared,
        ex: &Explored,
        depth: u32,
        next: u32,
    ) -> Result<(), Stop> {
        let p = &mut self.schedule;
        if !p.due(depth, ex.distinct()) {
            return Ok(());
        }
        let l = self.live.lock().expect("liveness recorder");
        match p.check(sh.ev, sh.model, &l.graph, &l.states, next as usize) {
            Ok(false) => Ok(()),
            Ok(true) => {
                let name = p.violation.as_ref().and_then(|v| v.violation.as_ref());
                let name = name.map(|v| v.property.clone()).unwrap_or_default();
                Err(stop(Verdict::TemporalViolated(name), None, None))
            }
            Err(e) => Err(stop(
                Verdict::Error(e.in_phase(Phase::Liveness)),
                None,
                None,
            )),
        }
    }
}
