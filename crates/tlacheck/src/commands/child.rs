//! A child `tlacheck` run with a time limit, for the commands that run many models each in its
//! own process (a fresh string-interning order, and a limit enforced by killing it).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    Failed(String),
}

pub fn run_child(mut command: Command, limit: Duration) -> Ran {
    let start = Instant::now();
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return Ran::Failed(e.to_string()),
    };
    // Both pipes are read while waiting, so that a child writing much is never blocked.
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > limit => {
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

fn drain<R: std::io::Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut text);
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}
