//! How a breadth-first search runs: its one configuration type, built once by the session
//! from its `Setup` and the bound model (`session::with_model`), then only read (by the
//! search, its workers' rules, the merge, the certification). Where a state's successors go
//! (the observer) and what they are (the model) are not configuration: they are passed on
//! their own.

use crate::checkpoint::CheckpointPlan;
use crate::liveness::LnCheck;
use crate::progress::ProgressMode;

#[derive(Clone, Debug)]
pub struct Settings {
    /// Report a state without successors: the .cfg's CHECK_DEADLOCK, unless TLC's
    /// `-deadlock`.
    pub check_deadlock: bool,
    /// TLC's `-continue`: a violated invariant or property is reported and the search goes on.
    pub continue_after_violation: bool,
    /// Worker threads (at least 1): 1 when the search must run on one worker whatever was
    /// asked (`search::one_worker`). The results do not depend on them.
    pub workers: usize,
    pub progress: ProgressMode,
    /// Print TLC's lines about the initial states as they are computed (see `Setup`).
    pub tlc_lines: bool,
    /// Bytes the unexplored states may take in memory before the rest go to disk (None: no
    /// limit).
    pub memory: Option<u64>,
    /// When temporal properties are checked: at the end only, or also during the search.
    pub lncheck: LnCheck,
    /// Checkpoints, and a recovery to start from (`checkpoint.rs`); None: neither.
    pub checkpoint: Option<CheckpointPlan>,
    /// TLC's -coverage N: count per action (`coverage.rs`), and print the report every N
    /// minutes with the progress lines (0: at the end only); the search then uses one worker.
    pub coverage: Option<u64>,
}
