//! The one way a program runs a child `tlacheck check`: [`CheckCommand`] builds its command
//! line, [`run`] runs it with its stdin, reading both pipes while it runs and killing it past
//! its time limit. The suite runner, `conformance` and `bench` all start their checks here.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `tlacheck check SPEC [--config CFG] [--library DIR]... [options]`.
#[derive(Clone, Debug, Default)]
pub struct CheckCommand {
    pub exe: PathBuf,
    pub spec: PathBuf,
    pub config: Option<PathBuf>,
    pub library: Vec<PathBuf>,
    /// Run in this folder (the spec and .cfg then may be relative to it).
    pub dir: Option<PathBuf>,
    pub workers: Option<u32>,
    /// Print the [`Summary`](crate::exec::Summary) as one JSON line.
    pub json: bool,
    /// `--lncheck final`: liveness on the complete graph only, so a result never depends on
    /// the machine's speed (TLC's `-lncheck final`, as the corpus figures were taken).
    pub lncheck_final: bool,
    /// TLC's `-deadlock`.
    pub no_deadlock: bool,
    /// Read a mutated spec or rewritten .cfg from stdin (`exec::STDIN_FLAG`).
    pub overrides_from_stdin: bool,
    /// Further arguments (`--define`, `--seed`, ...), after the others.
    pub extra: Vec<OsString>,
    /// Environment variables set for the child.
    pub env: Vec<(OsString, OsString)>,
}

impl CheckCommand {
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(&self.exe);
        if let Some(d) = &self.dir {
            cmd.current_dir(d);
        }
        cmd.arg("check").arg(&self.spec);
        if let Some(c) = &self.config {
            cmd.arg("--config").arg(c);
        }
        if let Some(w) = self.workers {
            cmd.args(["--workers", &w.to_string()]);
        }
        if self.json {
            cmd.arg("--json");
        }
        if self.lncheck_final {
            cmd.args(["--lncheck", "final"]);
        }
        if self.no_deadlock {
            cmd.arg("--no-deadlock");
        }
        if self.overrides_from_stdin {
            cmd.arg(crate::exec::STDIN_FLAG);
        }
        for l in &self.library {
            cmd.arg("--library").arg(l);
        }
        cmd.args(&self.extra);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd
    }
}

/// How a child run ended.
#[derive(Debug)]
pub enum Ran {
    Finished {
        /// None when killed by a signal.
        status: Option<i32>,
        stdout: String,
        stderr: String,
        seconds: f64,
    },
    TimedOut {
        seconds: f64,
    },
    /// It could not be started.
    Failed(String),
}

/// Runs `command` with `stdin` (or none), killing it once it runs past `limit`. Both pipes
/// are read while it runs, so a child writing much is never blocked.
pub fn run(mut command: Command, stdin: Option<Vec<u8>>, limit: Option<Duration>) -> Ran {
    let start = Instant::now();
    let child = command
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return Ran::Failed(e.to_string()),
    };
    if let (Some(body), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // Written on a thread: a child that does not read stdin must not block us.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&body);
        });
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if limit.is_some_and(|l| start.elapsed() > l) => {
                let _ = child.kill();
                let _ = child.wait();
                return Ran::TimedOut {
                    seconds: start.elapsed().as_secs_f64(),
                };
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    Ran::Finished {
        status: status.and_then(|s| s.code()),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        seconds: start.elapsed().as_secs_f64(),
    }
}

fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut text);
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}
