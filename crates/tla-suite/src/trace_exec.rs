//! The `[[trace]]` seam filled by a child process: `tlacheck trace validate SPEC TRACE`
//! (ACCEPTED, exit 0; `REJECTED at step N`, exit 1; could not run, exit 2). The CLI passes it to
//! the runner once its `trace` command exists (the tla-trace crate); a child process keeps the
//! string order per spec, as for model checks.

use crate::exec::RunRequest;
use crate::runner::TraceValidator;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub struct SubprocessTraces {
    pub exe: PathBuf,
}

impl TraceValidator for SubprocessTraces {
    fn validate(&self, run: &RunRequest, traces: &[PathBuf]) -> Result<Option<u64>, String> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(["trace", "validate"])
            .arg(&run.spec)
            .args(traces)
            .arg("--config")
            .arg(&run.config);
        for l in &run.library {
            cmd.arg("--library").arg(l);
        }
        let out = cmd
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.exe.display()))?;
        interpret(
            out.status.code(),
            &String::from_utf8_lossy(&out.stdout),
            &String::from_utf8_lossy(&out.stderr),
        )
    }
}

/// `Ok(None)` accepted, `Ok(Some(step))` rejected at that step, `Err` could not run.
pub fn interpret(code: Option<i32>, stdout: &str, stderr: &str) -> Result<Option<u64>, String> {
    match code {
        Some(0) if stdout.contains("ACCEPTED") => Ok(None),
        Some(1) => stdout
            .lines()
            .find_map(|l| l.trim().strip_prefix("REJECTED at step "))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
            .map(Some)
            .ok_or_else(|| format!("the trace was rejected without a step: {stdout}")),
        _ => Err(format!("{}{}", stderr.trim_end(), stdout.trim_end())),
    }
}

#[cfg(test)]
mod tests {
    use super::interpret;

    #[test]
    fn reads_the_verdict() {
        assert_eq!(
            interpret(Some(0), "ACCEPTED (5 events, largest frontier 2)\n", ""),
            Ok(None)
        );
        assert_eq!(
            interpret(Some(1), "REJECTED at step 7 (line 8, seq 7)\n  ...\n", ""),
            Ok(Some(7))
        );
        assert!(interpret(Some(2), "", "t.ndjson:3:1: bad event").is_err());
        assert!(interpret(Some(0), "", "").is_err());
    }
}
