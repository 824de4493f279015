//! `tlacheck bench`: the speed of the model checker on the corpus models TLC was timed on
//! (tlc_baseline.json). Each model runs as a child process, so its wall time, CPU time and
//! peak RSS (the child's own rusage, from wait4) are its alone. Without `--tlc` the ratio is
//! to the seconds recorded in tlc_baseline.json; with `--tlc JAR` TLC runs first, then
//! tlacheck, in this same session, and the ratios are between those two runs
//! (`bench_tlc.rs`).

use super::bench_tlc;
use serde_json::Value as Json;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tla_suite::exec::Summary;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus folder holding tlc_baseline.json.
    #[arg(long, default_value = "../shared/corpus")]
    pub(super) corpus: PathBuf,
    /// Worker counts to run each model with (TLC was timed at 1 and 2).
    #[arg(long, value_delimiter = ',', default_value = "1,2")]
    pub(super) workers: Vec<u32>,
    /// Only models whose id contains this text (`--model` is the same).
    #[arg(long, visible_alias = "model")]
    pub(super) filter: Option<String>,
    /// Kill a run after this many seconds.
    #[arg(long, default_value_t = 900)]
    pub(super) timeout: u64,
    /// Run TLC (this tla2tools.jar, with `java` from PATH) before each model and compare
    /// with that run instead of the recorded figures.
    #[arg(long, value_name = "JAR")]
    pub(super) tlc: Option<PathBuf>,
    /// Instead: every expected.json model with fewer than 1,000 distinct states, at each
    /// worker count, against the 50 ms bar (see bench_small.rs).
    #[arg(long)]
    small: bool,
    /// With --small: runs per model; the fastest is reported.
    #[arg(long, default_value_t = 3)]
    pub(super) repeat: u32,
}

/// What one child process did: its own wall time, CPU time and peak RSS, and its stdout.
pub(super) struct ChildRun {
    pub(super) seconds: f64,
    /// User + system CPU seconds of the child (the machine may be shared: wall time varies).
    pub(super) cpu_seconds: f64,
    pub(super) peak_rss_kb: i64,
    pub(super) stdout: String,
    /// The exit code; `None` when a signal ended it.
    pub(super) code: Option<i32>,
    /// Killed by the time limit.
    pub(super) timed_out: bool,
}

/// What one tlacheck run measured.
pub(super) struct Measured {
    pub(super) seconds: f64,
    pub(super) cpu_seconds: f64,
    pub(super) peak_rss_kb: i64,
    pub(super) result: Option<Summary>,
}

pub fn run(args: Args) -> u8 {
    if args.small {
        return super::bench_small::run(&args);
    }
    let path = args.corpus.join("tlc_baseline.json");
    let baseline: Json = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(j) => j,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return 2;
        }
    };
    let Some(models) = baseline["models"].as_array() else {
        eprintln!("{}: no \"models\" array", path.display());
        return 2;
    };
    let tlc = match args.tlc.as_deref().map(bench_tlc::Tlc::new).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let exe = std::env::current_exe().expect("own path");
    match &tlc {
        Some(t) => t.print_header(),
        None => {
            println!("TLC seconds are the figures recorded in tlc_baseline.json (TLC's own run on a quiet machine), not measured now; `--tlc JAR` runs TLC beside each model.");
            println!();
            println!("| model | workers | seconds | CPU seconds | distinct/s | peak RSS MiB | recorded TLC seconds | ratio to recorded | figures |");
            println!("|---|---|---|---|---|---|---|---|---|");
        }
    }
    let mut all_match = true;
    for m in models {
        let id = m["id"].as_str().unwrap_or("");
        if args.filter.as_ref().is_some_and(|f| !id.contains(f)) {
            continue;
        }
        for &w in &args.workers {
            let limit = Duration::from_secs(args.timeout);
            // TLC first, so that a TLC that cannot run stops the bench before tlacheck's run.
            let tlc_run = match tlc.as_ref().map(|t| t.run(&args.corpus, m, w, limit)) {
                None => None,
                Some(Ok(r)) => Some(r),
                Some(Err(e)) => {
                    eprintln!("{id}: {e}");
                    return 2;
                }
            };
            let r = match measure(our_command(&exe, &args, m, w), limit) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{id}: {e}");
                    return 2;
                }
            };
            let row = match &tlc_run {
                Some(t) => bench_tlc::row(id, w, t, &r),
                None => recorded_row(id, w, m, &r),
            };
            all_match &= row.same;
            println!("{}", row.text);
        }
    }
    if all_match {
        0
    } else {
        1
    }
}

/// tlacheck on model `m` at `workers`, in the model's folder, printing its JSON summary.
fn our_command(exe: &std::path::Path, args: &Args, m: &Json, workers: u32) -> Command {
    tla_suite::child::CheckCommand {
        exe: exe.to_path_buf(),
        spec: format!("{}.tla", m["root_module"].as_str().unwrap_or("")).into(),
        config: Some(m["cfg"].as_str().unwrap_or("").into()),
        library: vec!["../_community".into(), "../_tlapm".into()],
        dir: Some(args.corpus.join(m["folder"].as_str().unwrap_or(""))),
        workers: Some(workers),
        json: true,
        // The figures compared are TLC's with `-lncheck final`.
        lncheck_final: true,
        ..Default::default()
    }
    .command()
}

/// A printed table row and whether the run's figures were TLC's.
pub(super) struct Row {
    pub(super) text: String,
    pub(super) same: bool,
}

/// A row against the figures recorded in tlc_baseline.json.
fn recorded_row(id: &str, w: u32, m: &Json, r: &Measured) -> Row {
    let tlc = m[if w == 1 {
        "tlc_seconds_1_worker"
    } else {
        "tlc_seconds_2_workers"
    }]
    .as_f64();
    let expected = ["distinct", "generated", "depth"].map(|k| m[k].as_u64().unwrap_or(0));
    let (figures, same) = compare(expected, r.result.as_ref());
    let distinct = m["distinct"].as_f64().unwrap_or(0.0);
    let text = format!(
        "| {id} | {w} | {:.1} | {:.1} | {:.0} | {:.0} | {} | {} | {figures} |",
        r.seconds,
        r.cpu_seconds,
        distinct / r.seconds.max(1e-9),
        r.peak_rss_kb as f64 / 1024.0,
        tlc.map_or("-".into(), |t| format!("{t:.0}")),
        tlc.map_or("-".into(), |t| format!("{:.2}", r.seconds / t)),
    );
    Row { text, same }
}

/// "= TLC" when our [distinct, generated, depth] are `expected`, else what differs.
pub(super) fn compare(expected: [u64; 3], ours: Option<&Summary>) -> (String, bool) {
    let Some(j) = ours else {
        return ("no result (killed or failed)".to_string(), false);
    };
    if [j.distinct, j.generated, j.depth] == expected {
        ("= TLC".to_string(), true)
    } else {
        let text = format!(
            "differ: {} distinct, {} generated, depth {} (TLC: {}, {}, {})",
            j.distinct, j.generated, j.depth, expected[0], expected[1], expected[2]
        );
        (text, false)
    }
}

/// Runs tlacheck's `cmd` (stderr dropped) and reads its JSON result.
pub(super) fn measure(mut cmd: Command, limit: Duration) -> Result<Measured, String> {
    cmd.stderr(Stdio::null());
    let r = run_child(cmd, limit).map_err(|e| format!("cannot run the checker: {e}"))?;
    Ok(Measured {
        seconds: r.seconds,
        cpu_seconds: r.cpu_seconds,
        peak_rss_kb: r.peak_rss_kb,
        result: Summary::from_output(&r.stdout),
    })
}

/// Runs `cmd` with its stdout captured, killing it after `limit`.
pub(super) fn run_child(mut cmd: Command, limit: Duration) -> std::io::Result<ChildRun> {
    let start = Instant::now();
    let mut child = cmd.stdout(Stdio::piped()).spawn()?;
    let pid = child.id() as libc::pid_t;
    let done = AtomicBool::new(false);
    let timed_out = AtomicBool::new(false);
    let mut out = String::new();
    let mut status = 0;
    // SAFETY: rusage is plain data, filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // Taken when the child is reaped, not when the watchdog (which polls every 100 ms) ends.
    let mut seconds = 0.0;
    std::thread::scope(|s| {
        let (done, timed_out) = (&done, &timed_out);
        s.spawn(move || {
            while start.elapsed() < limit {
                if done.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            timed_out.store(true, Ordering::Relaxed);
            // SAFETY: the child is not reaped before `done` is set, so the pid is still ours.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        });
        if let Some(mut so) = child.stdout.take() {
            let mut bytes = Vec::new();
            let _ = so.read_to_end(&mut bytes);
            out = String::from_utf8_lossy(&bytes).into_owned();
        }
        // SAFETY: waits for our own child, which std has not reaped (no wait() was called).
        unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        seconds = start.elapsed().as_secs_f64();
        done.store(true, Ordering::Relaxed);
    });
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Ok(ChildRun {
        seconds,
        cpu_seconds: tv(usage.ru_utime) + tv(usage.ru_stime),
        peak_rss_kb: usage.ru_maxrss,
        stdout: out,
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        timed_out: timed_out.load(Ordering::Relaxed),
    })
}
