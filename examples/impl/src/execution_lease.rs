//! A turn's execution lease and one durable step whose external effect must run at most once
//! when its replay policy is `Never` (`ExecutionLease.tla`). Every write to the step row is
//! fenced by the live lease generation; the effect itself is not, so a deposed worker still
//! runs it, and its commit is then refused.

use crate::Events;

pub type WorkerId = u32;

/// What a new owner may do with a step it finds running under an older generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayPolicy {
    Never,
    Always,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepStatus {
    Pending,
    Running,
    Done,
    Abandoned,
}

/// The lease row and the step row, as the database holds them.
#[derive(Debug)]
pub struct Store {
    owner: Option<WorkerId>,
    generation: u64,
    expired: bool,
    pub status: StepStatus,
    /// The generation of the step row's last write.
    pub step_generation: u64,
    pub events: Events,
}

/// A worker: the generation it claimed, 0 if none.
#[derive(Debug)]
pub struct Worker {
    pub id: WorkerId,
    generation: u64,
}

/// A fenced write found the lease held by another generation, or the step not as expected.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    Busy,
    Fenced,
    NotPending,
}

impl Worker {
    pub fn new(id: WorkerId) -> Worker {
        Worker { id, generation: 0 }
    }
}

impl Default for Store {
    fn default() -> Self {
        Store {
            owner: None,
            generation: 0,
            expired: false,
            status: StepStatus::Pending,
            step_generation: 0,
            events: Events::default(),
        }
    }
}

impl Store {
    /// A free lease and a pending step; with tracing on, logs it as the initial state.
    pub fn new() -> Store {
        let s = Store::default();
        #[cfg(feature = "tla-trace")]
        s.trace(None, None, Some(0));
        s
    }

    /// Records the spec action `action` (of worker `w`, if it has one) after its step;
    /// `effects` is the caller's count, known only to the step that runs the effect.
    fn record(&mut self, action: &'static str, w: Option<WorkerId>, effects: Option<u32>) {
        self.events.emit(action);
        #[cfg(feature = "tla-trace")]
        self.trace(Some(action), w, effects);
        let _ = (w, effects);
    }

    /// One trace event: the lease and step rows (`wgen` and `pc` live in the workers, the
    /// policy in the tool's configuration: the validator follows them from the actions).
    #[cfg(feature = "tla-trace")]
    fn trace(&self, action: Option<&str>, w: Option<WorkerId>, effects: Option<u32>) {
        let name = |w: WorkerId| format!("w{w}");
        let step = match self.status {
            StepStatus::Pending => "pending",
            StepStatus::Running => "running",
            StepStatus::Done => "done",
            StepStatus::Abandoned => "abandoned",
        };
        let mut event = tla_trace_emit::Event::new(action);
        if let Some(w) = w {
            event.param("w", &name(w));
        }
        event.var("owner", &self.owner.map_or("none".to_string(), name));
        event.var("leaseGen", &self.generation);
        event.var("expired", &self.expired);
        event.var("step", &step);
        event.var("stepGen", &self.step_generation);
        if let Some(n) = effects {
            event.var("effects", &n);
        }
        event.emit();
    }

    /// The fence of every step-row write: `w` owns the live lease generation.
    fn holds(&self, w: &Worker) -> bool {
        self.owner == Some(w.id) && w.generation == self.generation && !self.expired
    }

    /// Claims the free or expired lease with the next generation (the spec's `Claim`).
    pub fn claim(&mut self, w: &mut Worker) -> Result<u64, Refused> {
        if self.owner.is_some() && !self.expired {
            return Err(Refused::Busy);
        }
        self.generation += 1;
        self.owner = Some(w.id);
        self.expired = false;
        w.generation = self.generation;
        self.record("Claim", Some(w.id), None);
        Ok(self.generation)
    }

    /// The lease runs out while its worker may still run (the spec's `Expire`).
    pub fn expire(&mut self) {
        self.expired = true;
        self.record("Expire", None, None);
    }

    /// Marks the pending step running, in a fenced write (the spec's `Start`).
    pub fn start_step(&mut self, w: &Worker) -> Result<(), Refused> {
        if !self.holds(w) {
            return Err(Refused::Fenced);
        }
        if self.status != StepStatus::Pending {
            return Err(Refused::NotPending);
        }
        self.status = StepStatus::Running;
        self.step_generation = w.generation;
        self.record("Start", Some(w.id), None);
        Ok(())
    }

    /// A new owner finds the step running under an older generation: replays it if `policy`
    /// allows (returns true: run the effect), else abandons it (the spec's `Recover`).
    /// `policy` is the tool's policy as configured now (finding E1: it is not pinned in the row).
    pub fn recover_step(&mut self, w: &Worker, policy: ReplayPolicy) -> Result<bool, Refused> {
        if !self.holds(w) {
            return Err(Refused::Fenced);
        }
        if self.status != StepStatus::Running || self.step_generation >= w.generation {
            return Err(Refused::NotPending);
        }
        self.step_generation = w.generation;
        let replay = policy == ReplayPolicy::Always;
        if !replay {
            self.status = StepStatus::Abandoned;
        }
        self.record("Recover", Some(w.id), None);
        Ok(replay)
    }

    /// Commits the step done, fenced (the spec's `Commit`, or `CommitRefused` when the lease
    /// moved on: the deposed worker stops).
    pub fn commit_step(&mut self, w: &Worker) -> Result<(), Refused> {
        if !self.holds(w) {
            self.record("CommitRefused", Some(w.id), None);
            return Err(Refused::Fenced);
        }
        self.status = StepStatus::Done;
        self.step_generation = w.generation;
        self.record("Commit", Some(w.id), None);
        Ok(())
    }
}

/// Runs the step's external effect (the spec's `Effect`): not fenced, it is outside the database.
pub fn run_effect(store: &mut Store, effects: &mut u32) {
    *effects += 1;
    store.record("Effect", None, Some(*effects));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// w1 starts the step and runs its effect, its lease expires, w2 claims and recovers.
    fn deposed_then_recovered(policy: ReplayPolicy) -> (Store, u32, Worker) {
        let (mut s, mut effects) = (Store::default(), 0);
        let (mut w1, mut w2) = (Worker::new(1), Worker::new(2));
        s.claim(&mut w1).unwrap();
        s.start_step(&w1).unwrap();
        s.expire();
        run_effect(&mut s, &mut effects); // the deposed worker keeps running
        s.claim(&mut w2).unwrap();
        if s.recover_step(&w2, policy).unwrap() {
            run_effect(&mut s, &mut effects);
        }
        assert_eq!(s.commit_step(&w1), Err(Refused::Fenced));
        (s, effects, w2)
    }

    #[test]
    fn a_never_step_is_abandoned_not_replayed() {
        let (s, effects, _) = deposed_then_recovered(ReplayPolicy::Never);
        assert_eq!(effects, 1, "P8");
        assert_eq!(s.status, StepStatus::Abandoned);
        assert_eq!(s.step_generation, 2);
    }

    // Finding E1: the policy is read at recovery, so a deploy that flips it to Always between
    // the run and the recovery replays the effect. This documents the gap until it is fixed.
    #[test]
    fn finding_e1_a_flipped_policy_replays_the_effect() {
        let (mut s, effects, w2) = deposed_then_recovered(ReplayPolicy::Always);
        assert_eq!(effects, 2);
        s.commit_step(&w2).unwrap();
        assert_eq!(s.status, StepStatus::Done);
    }

    #[test]
    fn a_busy_lease_is_not_claimed_and_a_started_step_not_restarted() {
        let mut s = Store::default();
        let (mut w1, mut w2) = (Worker::new(1), Worker::new(2));
        s.claim(&mut w1).unwrap();
        assert_eq!(s.claim(&mut w2), Err(Refused::Busy));
        s.start_step(&w1).unwrap();
        assert_eq!(s.start_step(&w1), Err(Refused::NotPending));
        s.commit_step(&w1).unwrap();
        assert_eq!(s.events.actions(), ["Claim", "Start", "Commit"].as_slice());
    }
}
