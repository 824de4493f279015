//! The `[[trace]]` seam filled by a child process: `tlacheck trace validate SPEC TRACE --json`
//! (accepted, exit 0; rejected at step N, exit 1; could not run, exit 2), its verdict read from
//! the one [`TraceVerdict`] object it prints, the type the CLI writes it with. A child process
//! keeps the string order per spec, as for model checks.

use crate::child::{self, Ran};
use crate::exec::RunRequest;
use crate::runner::{TraceRejection, TraceValidator};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::process::Command;

/// What `tlacheck trace validate --json` prints: one object, on stdout, whatever the verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum TraceVerdict {
    /// Exit 0: some behaviour of the spec matches every event.
    Accepted {
        events: usize,
        largest_frontier: usize,
    },
    /// Exit 1: no state agrees with event `step` (1-based) of `file`, at `line`.
    Rejected {
        step: usize,
        file: String,
        line: usize,
        #[serde(default)]
        seq: Option<u64>,
        /// The event as written (its first line).
        event: String,
        /// The spec states consistent with the events before it.
        frontier: usize,
        /// The rejection report as the text output prints it.
        report: String,
    },
    /// Exit 2: the spec, the .cfg or the trace could not be used.
    Error { message: String },
}

pub struct SubprocessTraces {
    pub exe: PathBuf,
}

impl TraceValidator for SubprocessTraces {
    fn validate(
        &self,
        run: &RunRequest,
        traces: &[PathBuf],
    ) -> Result<Option<TraceRejection>, String> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(["trace", "validate"])
            .arg(&run.spec)
            .args(traces)
            .arg("--config")
            .arg(&run.config)
            .arg("--json");
        for l in &run.library {
            cmd.arg("--library").arg(l);
        }
        match child::run(cmd, None, run.timeout) {
            Ran::Finished {
                status,
                stdout,
                stderr,
                ..
            } => interpret(status, &stdout, &stderr),
            Ran::TimedOut { seconds } => Err(format!("stopped after {seconds:.0}s")),
            Ran::Failed(e) => Err(format!("cannot run {}: {e}", self.exe.display())),
        }
    }
}

/// `Ok(None)` accepted, `Ok(Some(r))` rejected there, `Err` could not run: read from the
/// verdict object, checked against the exit status.
pub fn interpret(
    code: Option<i32>,
    stdout: &str,
    stderr: &str,
) -> Result<Option<TraceRejection>, String> {
    let verdict = (stdout.lines().rev())
        .filter(|l| l.starts_with('{'))
        .find_map(|l| serde_json::from_str::<TraceVerdict>(l).ok());
    match (code, verdict) {
        (Some(0), Some(TraceVerdict::Accepted { .. })) => Ok(None),
        (
            Some(1),
            Some(TraceVerdict::Rejected {
                step, file, line, ..
            }),
        ) => Ok(Some(TraceRejection {
            step: step as u64,
            file,
            line,
        })),
        (_, Some(TraceVerdict::Error { message })) => Err(message.trim_end().to_string()),
        (code, _) => Err(format!(
            "trace validate gave no verdict (exit {}): {}{}",
            code.unwrap_or(-1),
            stderr.trim_end(),
            stdout.trim_end()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::interpret;
    use crate::runner::TraceRejection;

    #[test]
    fn reads_the_verdict() {
        let accepted = r#"{"verdict":"accepted","events":5,"largest_frontier":2}"#;
        assert_eq!(interpret(Some(0), accepted, ""), Ok(None));
        let rejected = r#"{"verdict":"rejected","step":7,"file":"t.ndjson","line":8,"seq":7,"event":"{}","frontier":1,"report":"REJECTED at step 7"}"#;
        let at = TraceRejection {
            step: 7,
            file: "t.ndjson".into(),
            line: 8,
        };
        assert_eq!(interpret(Some(1), rejected, ""), Ok(Some(at)));
        let error = r#"{"verdict":"error","message":"t.ndjson:3:1: bad event"}"#;
        assert_eq!(
            interpret(Some(2), error, ""),
            Err("t.ndjson:3:1: bad event".into())
        );
        assert!(interpret(Some(0), "ACCEPTED", "").is_err());
        assert!(interpret(Some(1), accepted, "").is_err());
    }
}
