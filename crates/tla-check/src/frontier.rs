//! The states of a BFS level waiting to be explored, each with its index in `Explored`.

use std::sync::Arc;
use tla_eval::Value;

#[derive(Default)]
pub struct Frontier {
    states: Vec<(u32, Arc<[Value]>)>,
}

impl Frontier {
    pub fn len(&self) -> u64 {
        self.states.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    pub fn push(&mut self, idx: u32, state: Arc<[Value]>) {
        self.states.push((idx, state));
    }

    /// The level's states in the order they were found.
    pub fn into_states(self) -> Vec<(u32, Arc<[Value]>)> {
        self.states
    }
}
