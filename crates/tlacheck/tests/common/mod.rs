//! The end-to-end harness the `tlacheck check` tests share: a temporary folder holding one
//! model, `tlacheck check` run inside it, and assertions on its exit status and output.
// Each test binary uses a different part of the harness.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary folder holding one model, removed when dropped.
pub struct Dir(PathBuf);

impl Dir {
    pub fn new() -> Dir {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let p = std::env::temp_dir().join(format!("tlacheck-cli-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Dir(p)
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn file(&self, name: &str, text: &str) -> &Self {
        std::fs::write(self.0.join(name), text).unwrap();
        self
    }

    /// `tlacheck check <args>` run inside the folder.
    pub fn check(&self, args: &[&str]) -> Run {
        self.run("check", args)
    }

    /// `tlacheck <command> <args>` run inside the folder; a panic or a kill fails the test.
    pub fn run(&self, command: &str, args: &[&str]) -> Run {
        let out = tlacheck(&self.0)
            .arg(command)
            .args(args)
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        let run = Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        assert_ne!(run.code, Some(101), "tlacheck panicked:\n{run}");
        assert!(
            !run.stderr.contains("panicked"),
            "tlacheck panicked:\n{run}"
        );
        assert!(run.code.is_some(), "tlacheck was killed (timeout?):\n{run}");
        run
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `tlacheck tlc <args>` (TLC's command line) run inside `d`.
pub fn tlc(d: &Dir, args: &[&str]) -> Run {
    d.run("tlc", args)
}

pub fn tlacheck(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("tlacheck").unwrap();
    c.current_dir(dir).env_remove("TLACHECK_LIBRARY");
    c
}

/// The outcome of one run.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout ---\n{}--- stderr ---\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

impl Run {
    pub fn all(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }

    pub fn code(&self, code: i32) -> &Self {
        assert_eq!(self.code, Some(code), "exit status:\n{self}");
        self
    }

    /// Exit status of a configuration/parse error: 150 or above (TLC: 150, 151 or 255).
    pub fn error_code(&self) -> &Self {
        let c = self.code.unwrap_or(-1);
        assert!(c >= 150, "expected an exit status >= 150:\n{self}");
        self
    }

    /// `line` is one whole line of the standard output.
    pub fn line(&self, line: &str) -> &Self {
        assert!(
            self.stdout.lines().any(|l| l == line),
            "no line `{line}` in:\n{self}"
        );
        self
    }

    pub fn no_line_starting(&self, prefix: &str) -> &Self {
        assert!(
            !self.stdout.lines().any(|l| l.starts_with(prefix)),
            "unexpected line starting `{prefix}` in:\n{self}"
        );
        self
    }

    /// `text` (several lines) appears verbatim in the standard output.
    pub fn block(&self, text: &str) -> &Self {
        assert!(self.stdout.contains(text), "no block\n{text}\nin:\n{self}");
        self
    }

    /// `text` appears in the standard output or standard error.
    pub fn says(&self, text: &str) -> &Self {
        assert!(self.all().contains(text), "no `{text}` in:\n{self}");
        self
    }

    /// TLC's two closing lines (§3.2 TLC_STATS and TLC_SEARCH_DEPTH).
    pub fn stats(&self, generated: u64, distinct: u64, queue: u64, depth: u64) -> &Self {
        self.line(&format!(
            "{generated} states generated, {distinct} distinct states found, {queue} states left on queue."
        ))
        .line(&format!(
            "The depth of the complete state graph search is {depth}."
        ))
    }

    pub fn success(&self) -> &Self {
        self.code(0)
            .line("Model checking completed. No error has been found.")
    }

    /// Number of `State i:` lines of the counterexample.
    pub fn trace_len(&self, n: usize) -> &Self {
        let states = self
            .stdout
            .lines()
            .filter(|l| l.starts_with("State "))
            .count();
        assert_eq!(states, n, "counterexample length in:\n{self}");
        self.line_starting(&format!("State {n}: "))
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{self}"))
    }
}

impl Run {
    /// Like `line`, but only a prefix of the line is given.
    pub fn line_starting(&self, prefix: &str) -> &Self {
        assert!(
            self.stdout.lines().any(|l| l.starts_with(prefix)),
            "no line starting `{prefix}` in:\n{self}"
        );
        self
    }
}

pub fn run_model(spec_name: &str, spec: &str, cfg: &str, args: &[&str]) -> Run {
    let d = Dir::new();
    d.file(&format!("{spec_name}.tla"), spec)
        .file(&format!("{spec_name}.cfg"), cfg);
    let mut all = vec![format!("{spec_name}.tla")];
    all.extend(args.iter().map(|s| s.to_string()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    d.check(&all)
}

/// TLC's lines that name the run's workers, date or time.
pub fn is_run_dependent(line: &str) -> bool {
    [
        "Running ",
        "Starting...",
        "Finished computing initial states",
        "Finished in",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

/// ../shared/corpus beside the repository, when it is there (tests that need it skip otherwise).
pub fn shared_corpus() -> Option<PathBuf> {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ));
    p.join("expected.json").is_file().then_some(p)
}

/// The output after `Starting...`, without the run-dependent lines (the dates, the outdegree).
pub fn tlc_text(stdout: &str) -> String {
    let mut out = String::new();
    let after = stdout.lines().skip_while(|l| !l.starts_with("Starting..."));
    for l in after.skip(1) {
        if [
            "Finished computing initial states",
            "Finished in",
            "The average outdegree",
        ]
        .iter()
        .any(|p| l.starts_with(p))
        {
            continue;
        }
        out.push_str(l);
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

pub fn same_as_tlc(name: &str, spec: &str, cfg: &str, code: i32, tlc: &str) {
    let r = run_model(name, spec, cfg, &[]);
    r.code(code);
    assert_eq!(tlc_text(&r.stdout), tlc, "for {name}:\n{r}");
}
