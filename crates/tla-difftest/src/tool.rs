//! Running a model checker on a module in a folder: tlacheck, or TLC for comparison. Both are
//! given TLC's command line, and their output is read the same way.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub enum Tool {
    /// The tlacheck binary.
    Tlacheck(PathBuf),
    /// TLC's tla2tools.jar, run with `java` from PATH.
    Tlc(PathBuf),
}

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    /// `None` when killed by the time limit or a signal.
    pub code: Option<i32>,
    pub timed_out: bool,
}

impl Tool {
    pub fn name(&self) -> &'static str {
        match self {
            Tool::Tlacheck(_) => "tlacheck",
            Tool::Tlc(_) => "TLC",
        }
    }

    /// Checks `dir/<module>.tla` with `dir/<module>.cfg` on one worker (so that TLC's figures
    /// at a violation are deterministic), with `extra` flags of TLC's command line.
    pub fn check(&self, dir: &Path, module: &str, extra: &[&str], limit: Duration) -> Run {
        let tla = format!("{module}.tla");
        let cfg = format!("{module}.cfg");
        let mut cmd = match self {
            Tool::Tlacheck(bin) => {
                let mut c = Command::new(bin);
                c.arg("check");
                c
            }
            Tool::Tlc(jar) => {
                let mut c = Command::new("java");
                c.args(["-XX:+UseParallelGC", "-Xss16m", "-jar"]).arg(jar);
                c.arg("-metadir").arg(dir.join("states"));
                c
            }
        };
        cmd.args(["-workers", "1", "-config", &cfg])
            .args(extra)
            .arg(&tla)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        run_limited(cmd, limit)
    }
}

fn run_limited(mut cmd: Command, limit: Duration) -> Run {
    use std::io::Read;
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Run {
                stdout: format!("could not start: {e}"),
                code: None,
                timed_out: false,
            }
        }
    };
    // Read on a thread so that a full pipe never stalls the child.
    let mut out = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                timed_out = true;
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    Run {
        stdout: reader.join().unwrap_or_default(),
        code: if timed_out {
            None
        } else {
            status.and_then(|s| s.code())
        },
        timed_out,
    }
}
