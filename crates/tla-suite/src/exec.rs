//! Running one model check. The suite runs each check as a child process of the `tlacheck`
//! executable (`tlacheck check --json`): TLC orders strings by when they were first interned,
//! and our engine keeps that order per process, so two specs checked in one process could order
//! strings differently from TLC. A process per check keeps every figure TLC's, runs checks in
//! parallel without sharing anything, and survives a crash in one check.

use crate::child::{self, CheckCommand, Ran};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One model-checking run: a spec and its .cfg, possibly with either replaced in memory.
#[derive(Clone, Debug, Default)]
pub struct RunRequest {
    pub spec: PathBuf,
    pub config: PathBuf,
    pub library: Vec<PathBuf>,
    /// Replaces the root module's text (a mutant); the file is never written.
    pub spec_text: Option<String>,
    /// Replaces other modules' texts (a mutant of a module the root extends), by path.
    pub module_texts: Vec<(PathBuf, String)>,
    /// Replaces the .cfg's text (a witness checked alone).
    pub config_text: Option<String>,
    /// `false`: TLC's `-deadlock`.
    pub deadlock: bool,
    /// Stop the check after this long (it then could not run).
    pub timeout: Option<Duration>,
}

impl RunRequest {
    /// The run with one file's text replaced in memory (a mutant).
    pub fn with_edit(mut self, edit: crate::modules::Edited) -> RunRequest {
        if edit.root {
            self.spec_text = Some(edit.text);
        } else {
            self.module_texts.retain(|(p, _)| *p != edit.file);
            self.module_texts.push((edit.file, edit.text));
        }
        self
    }
}

/// The figures of a finished search: `tlacheck check --json`'s one object, typed once in
/// tla-check.
pub use tla_check::summary::Summary;

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum RunResult {
    Finished(Summary),
    /// The checker refused the input before searching (TLC's 150 parse/semantic error, 151
    /// configuration error), with its message.
    Rejected {
        status: u8,
        message: String,
    },
    /// The run could not be made (no executable, a crash, unreadable output).
    Failed(String),
}

/// Runs model checks. The CLI uses [`Subprocess`]; tests may use a fake.
pub trait Executor: Sync {
    fn run(&self, req: &RunRequest) -> RunResult;
}

/// Runs `EXE check --json` per request.
pub struct Subprocess {
    pub exe: PathBuf,
}

/// The hidden `tlacheck check` flag that reads `{"spec_text":..,"config_text":..}` from stdin.
pub const STDIN_FLAG: &str = "--overrides-from-stdin";

/// What is sent on stdin with [`STDIN_FLAG`].
#[derive(Debug, Default, Deserialize, Serialize)]
pub struct Overrides {
    pub spec_text: Option<String>,
    pub config_text: Option<String>,
    /// Other module files' texts, by path (a mutant of an extended module).
    #[serde(default)]
    pub module_texts: Vec<ModuleText>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
pub struct ModuleText {
    pub path: PathBuf,
    pub text: String,
}

impl Executor for Subprocess {
    fn run(&self, req: &RunRequest) -> RunResult {
        let overrides =
            req.spec_text.is_some() || req.config_text.is_some() || !req.module_texts.is_empty();
        let command = CheckCommand {
            exe: self.exe.clone(),
            spec: req.spec.clone(),
            config: Some(req.config.clone()),
            library: req.library.clone(),
            json: true,
            // Liveness checked on the complete graph only: a check during the search runs on
            // a timer, and the suite's results must not depend on the machine's speed.
            lncheck_final: true,
            no_deadlock: !req.deadlock,
            overrides_from_stdin: overrides,
            ..CheckCommand::default()
        };
        let stdin = overrides.then(|| {
            serde_json::to_vec(&Overrides {
                spec_text: req.spec_text.clone(),
                config_text: req.config_text.clone(),
                module_texts: (req.module_texts.iter())
                    .map(|(path, text)| ModuleText {
                        path: path.clone(),
                        text: text.clone(),
                    })
                    .collect(),
            })
            .unwrap_or_default()
        });
        match child::run(command.command(), stdin, req.timeout) {
            Ran::Finished {
                status,
                stdout,
                stderr,
                ..
            } => interpret(status, stdout.as_bytes(), stderr.as_bytes()),
            Ran::TimedOut { .. } => RunResult::Failed(format!(
                "stopped after its timeout of {:.0}s",
                req.timeout.unwrap_or_default().as_secs_f64()
            )),
            Ran::Failed(e) => RunResult::Failed(format!("cannot run {}: {e}", self.exe.display())),
        }
    }
}

/// Turns a `tlacheck check --json` exit status and output into a result.
pub fn interpret(code: Option<i32>, stdout: &[u8], stderr: &[u8]) -> RunResult {
    let stderr = String::from_utf8_lossy(stderr).trim_end().to_string();
    match code {
        Some(c @ (150 | 151)) => RunResult::Rejected {
            status: c as u8,
            message: stderr,
        },
        Some(_) => match Summary::from_output(&String::from_utf8_lossy(stdout)) {
            Some(f) => RunResult::Finished(f),
            None => RunResult::Failed(format!(
                "the check printed no result (exit {}): {stderr}",
                code.unwrap_or(-1)
            )),
        },
        None => RunResult::Failed(format!("the check was killed: {stderr}")),
    }
}

/// Called as each run finishes (in finishing order): its index, result and time.
pub type OnDone<'a> = &'a (dyn Fn(usize, &RunResult, Duration) + Sync);

/// Runs every request on up to `parallel` threads and returns the results in request order,
/// each with its wall-clock time.
pub fn run_all(
    exec: &dyn Executor,
    reqs: &[RunRequest],
    parallel: usize,
) -> Vec<(RunResult, Duration)> {
    run_all_with(exec, reqs, parallel, &|_, _, _| {})
}

/// [`run_all`], telling `on_done` about each run as it finishes (progress for long suites).
pub fn run_all_with(
    exec: &dyn Executor,
    reqs: &[RunRequest],
    parallel: usize,
    on_done: OnDone,
) -> Vec<(RunResult, Duration)> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<(RunResult, Duration)>>> = Mutex::new(vec![None; reqs.len()]);
    std::thread::scope(|s| {
        for _ in 0..parallel.max(1).min(reqs.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(req) = reqs.get(i) else { break };
                let start = Instant::now();
                let r = exec.run(req);
                let took = start.elapsed();
                on_done(i, &r, took);
                if let Ok(mut all) = results.lock() {
                    all[i] = Some((r, took));
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.unwrap_or((RunResult::Failed("not run".into()), Duration::ZERO)))
        .collect()
}

/// The number of checks to run at once: the machine's cores.
pub fn default_parallelism() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
