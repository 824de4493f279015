//! `tlacheck bench --tlc JAR`: TLC run as a child beside tlacheck, and its figures read from
//! its stdout. TLC runs as the corpus's README has it run (the Examples CI's flags,
//! `-XX:+UseParallelGC -workers N -lncheck final`, in the model's folder, with the corpus's
//! `_community` and `_tlapm` folders and, when it lies beside the jar, CommunityModules.jar on
//! the classpath) and writes nothing there: its states and the JVM's temporary files go to a
//! folder of its own under the system's temporary folder, removed after the run, and no
//! SpecTE module is written.

use super::bench::{compare, run_child, ChildRun, Measured, Row};
use super::tlc_output;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// TLC's jar and what goes on its classpath beside it.
pub(super) struct Tlc {
    jar: PathBuf,
    /// CommunityModules.jar beside the jar (its Java overrides are what TLC's users run).
    community_jar: Option<PathBuf>,
}

/// One TLC run: the child's measurements and TLC's [distinct, generated, depth].
pub(super) struct TlcRun {
    run: ChildRun,
    figures: [u64; 3],
}

impl Tlc {
    /// The jar at `jar`; an error when there is no such file.
    pub(super) fn new(jar: &Path) -> Result<Tlc, String> {
        if !jar.is_file() {
            return Err(format!(
                "{}: no such file (--tlc wants TLC's tla2tools.jar)",
                jar.display()
            ));
        }
        let jar = std::path::absolute(jar).map_err(|e| format!("{}: {e}", jar.display()))?;
        let community = jar.with_file_name("CommunityModules.jar");
        Ok(Tlc {
            community_jar: community.is_file().then_some(community),
            jar,
        })
    }

    pub(super) fn print_header(&self) {
        println!(
            "TLC ({}{}) and tlacheck run one after the other on each row; the ratios are ours/TLC of these two runs. CPU = user + system seconds, RSS = peak resident MiB, of each process.",
            self.jar.display(),
            if self.community_jar.is_some() {
                " with CommunityModules.jar"
            } else {
                ""
            }
        );
        println!();
        println!("| model | workers | TLC wall s | TLC CPU s | TLC RSS MiB | wall s | CPU s | RSS MiB | wall ours/TLC | RSS ours/TLC | figures |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|");
    }

    /// TLC on model `m` of the corpus at `workers`; an error when TLC cannot run, fails or
    /// prints no figures.
    pub(super) fn run(
        &self,
        corpus: &Path,
        m: &Json,
        workers: u32,
        limit: Duration,
    ) -> Result<TlcRun, String> {
        let scratch = scratch_dir()?;
        let result = self.run_in(corpus, m, workers, limit, &scratch);
        let _ = std::fs::remove_dir_all(&scratch);
        result
    }

    fn run_in(
        &self,
        corpus: &Path,
        m: &Json,
        workers: u32,
        limit: Duration,
        scratch: &Path,
    ) -> Result<TlcRun, String> {
        let corpus = std::path::absolute(corpus).map_err(|e| e.to_string())?;
        let mut classpath = vec![self.jar.clone()];
        classpath.extend(self.community_jar.clone());
        classpath.push(corpus.join("_community"));
        classpath.push(corpus.join("_tlapm"));
        let classpath = std::env::join_paths(classpath).map_err(|e| e.to_string())?;
        let stderr_path = scratch.join("stderr");
        let stderr = std::fs::File::create(&stderr_path).map_err(|e| e.to_string())?;
        let mut cmd = Command::new("java");
        cmd.current_dir(corpus.join(m["folder"].as_str().unwrap_or("")))
            .arg("-XX:+UseParallelGC")
            .arg(format!("-Djava.io.tmpdir={}", scratch.display()))
            .arg("-cp")
            .arg(classpath)
            .arg("tlc2.TLC")
            .args(["-workers", &workers.to_string(), "-lncheck", "final"])
            .args(["-checkpoint", "0", "-noGenerateSpecTE", "-metadir"])
            .arg(scratch.join("states"))
            .arg("-config")
            .arg(m["cfg"].as_str().unwrap_or(""))
            .arg(format!("{}.tla", m["root_module"].as_str().unwrap_or("")))
            .stdin(Stdio::null())
            .stderr(stderr);
        let run = run_child(cmd, limit).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                "java not found on PATH (--tlc runs TLC with it)".to_string()
            }
            _ => format!("cannot run java: {e}"),
        })?;
        let err = std::fs::read_to_string(&stderr_path).unwrap_or_default();
        match (run.code, figures(&run.stdout)) {
            (Some(0), Some(figures)) => Ok(TlcRun { run, figures }),
            _ if run.timed_out => Err(format!("TLC did not finish in {} s", limit.as_secs())),
            (Some(0), None) => Err(format!(
                "TLC printed no closing figures (states generated, distinct, depth):\n{}",
                tail(&run.stdout, &err)
            )),
            (code, _) => Err(format!(
                "TLC failed ({}):\n{}",
                code.map_or("killed by a signal".into(), |c| format!("exit code {c}")),
                tail(&run.stdout, &err)
            )),
        }
    }
}

/// A fresh folder of the system's temporary folder for one TLC run.
fn scratch_dir() -> Result<PathBuf, String> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tlacheck-bench-tlc-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// TLC's closing [distinct, generated, depth], from its stdout's statistics and depth lines.
fn figures(stdout: &str) -> Option<[u64; 3]> {
    let read = tlc_output::read(stdout);
    let n = |k: &str| read[k].as_u64();
    Some([n("distinct")?, n("generated")?, n("depth")?])
}

/// The last lines TLC printed, stdout then stderr, for a failure's message.
fn tail(stdout: &str, stderr: &str) -> String {
    let lines: Vec<&str> = stdout.lines().chain(stderr.lines()).collect();
    lines[lines.len().saturating_sub(12)..].join("\n")
}

/// The row of one model: both runs, the ratios of this session, our figures against TLC's.
pub(super) fn row(id: &str, w: u32, tlc: &TlcRun, ours: &Measured) -> Row {
    let mib = |kb: i64| kb as f64 / 1024.0;
    let (figures, same) = compare(tlc.figures, ours.result.as_ref());
    let text = format!(
        "| {id} | {w} | {:.1} | {:.1} | {:.0} | {:.1} | {:.1} | {:.0} | {:.2} | {:.2} | {figures} |",
        tlc.run.seconds,
        tlc.run.cpu_seconds,
        mib(tlc.run.peak_rss_kb),
        ours.seconds,
        ours.cpu_seconds,
        mib(ours.peak_rss_kb),
        ours.seconds / tlc.run.seconds.max(1e-9),
        ours.peak_rss_kb as f64 / (tlc.run.peak_rss_kb as f64).max(1.0),
    );
    Row { text, same }
}

#[cfg(test)]
mod tests {
    use super::figures;

    /// TLC 2026.12's closing lines on DieHard (`-workers 1`, its invariant violated at
    /// depth 7): the figures are read from the statistics and depth lines.
    #[test]
    fn figures_of_tlc_text() {
        let text = "Error: Invariant NotSolved is violated.\n\
                    State 1: <Initial predicate>\n/\\ big = 0\n\n\
                    73 states generated, 14 distinct states found, 1 states left on queue.\n\
                    The depth of the complete state graph search is 7.\n\
                    Finished in 04s at (2026-12-02 04:08:26)\n";
        assert_eq!(figures(text), Some([14, 73, 7]));
        // A progress line (TLC's format) is not the closing statistics line: no figures.
        assert_eq!(
            figures(
                "Progress(7) at 2026-12-02 04:08:26: 73 states generated (4,380 s/min), \
                 14 distinct states found (840 ds/min), 1 states left on queue.\n\
                 The depth of the complete state graph search is 7.\n"
            ),
            None
        );
    }
}
