//! The result of one check as `tlacheck check --json` prints it, typed: written here from a
//! report, read back by the suite runner (and any other program running a child check), so
//! the protocol between them is defined once.

use serde::{Deserialize, Serialize};

/// One finished check. Unknown fields are ignored when reading (a simulation adds `mode`,
/// `traces`, `seed`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
pub struct Summary {
    /// `success`, `safety failure`, `liveness failure`, `deadlock failure`, `assumption
    /// failure` or `error`.
    pub outcome: String,
    /// The property violated, if one was.
    pub violated: Option<String>,
    /// An evaluation error's message.
    pub error: Option<String>,
    /// TLC's exit status.
    #[serde(default)]
    pub exit_code: u8,
    pub generated: u64,
    pub distinct: u64,
    #[serde(default)]
    pub left_on_queue: u64,
    pub depth: u64,
    #[serde(default)]
    pub initial_states: u64,
    /// The number of states of the counterexample TLC prints (none for a violation in an
    /// initial state, which TLC prints without a trace).
    pub trace_len: Option<u64>,
    /// How a liveness counterexample ends (boxed: a rare field, kept out of the size every
    /// result carries).
    #[serde(default)]
    pub lasso: Option<Box<Lasso>>,
    /// The counterexample's states.
    #[serde(default)]
    pub trace: Vec<Step>,
    /// With a counterexample: the variables in the order TLC prints them (each state's map
    /// is in alphabetical order), for a reader that shows them as TLC does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variables: Vec<String>,
    /// Every counterexample of the run replayed against the spec before it was printed
    /// (`certify.rs`); absent when there was none.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub certified: bool,
    /// Wall time, added by the CLI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// TLC's coverage report, with `-coverage` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coverage: Option<Box<serde_json::Value>>,
}

/// One state of a counterexample and the step into it.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
pub struct Step {
    /// TLC's label: `<Initial predicate>` or `<Claim line 12, col 5 to ... of module Spec>`.
    pub action: String,
    /// The definition the step was taken by, as written (an instance's copy names its
    /// original), and the module whose text holds it; none for an initial state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
    /// Each variable's value as TLC prints it.
    pub state: serde_json::Map<String, serde_json::Value>,
    /// With an ALIAS: the record's fields TLC prints instead of the variables, as it prints
    /// them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alias: Option<serde_json::Map<String, serde_json::Value>>,
}

/// `{"back_to_state": n}`, `{"stuttering": true}` or `{"prefix": true}`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
pub struct Lasso {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_to_state: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stuttering: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefix: Option<bool>,
    /// With `back_to_state`: TLC's label of the step back (`<Copy line 25, ... of module M>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
}

impl Summary {
    pub fn succeeded(&self) -> bool {
        self.outcome == "success"
    }

    /// What was violated, in words: a property's name, `deadlock`, or the error.
    pub fn violation(&self) -> Option<String> {
        if let Some(v) = &self.violated {
            return Some(v.clone());
        }
        match self.outcome.as_str() {
            "success" => None,
            "deadlock failure" => Some("deadlock".into()),
            "error" => Some(format!(
                "an evaluation error ({})",
                self.error.as_deref().unwrap_or("?")
            )),
            o => Some(o.to_string()),
        }
    }

    /// The summary in the last line of a child's stdout that holds one.
    pub fn from_output(stdout: &str) -> Option<Summary> {
        stdout
            .lines()
            .rev()
            .filter(|l| l.starts_with('{'))
            .find_map(|l| serde_json::from_str(l).ok())
    }
}
