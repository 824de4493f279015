//! `tlacheck bench`: the speed of the model checker on the corpus models TLC was timed on
//! (tlc_baseline.json). Each model runs as a child process, so its wall time and peak RSS
//! (the child's own rusage, from wait4) are its alone; the ratio is to TLC's "Finished in"
//! seconds at the same number of workers.

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
    /// Only models whose id contains this text.
    #[arg(long)]
    pub(super) filter: Option<String>,
    /// Kill a run after this many seconds.
    #[arg(long, default_value_t = 900)]
    pub(super) timeout: u64,
    /// Instead: every expected.json model with fewer than 1,000 distinct states, at each
    /// worker count, against the 50 ms bar (see bench_small.rs).
    #[arg(long)]
    small: bool,
    /// With --small: runs per model; the fastest is reported.
    #[arg(long, default_value_t = 3)]
    pub(super) repeat: u32,
}

/// What one child run measured.
pub(super) struct Measured {
    pub(super) seconds: f64,
    /// User + system CPU seconds of the child (the machine may be shared: wall time varies).
    pub(super) cpu_seconds: f64,
    peak_rss_kb: i64,
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
    let exe = std::env::current_exe().expect("own path");
    println!(
        "| model | workers | seconds | CPU seconds | distinct/s | peak RSS MiB | TLC seconds | ratio | figures |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut all_match = true;
    for m in models {
        let id = m["id"].as_str().unwrap_or("");
        if args.filter.as_ref().is_some_and(|f| !id.contains(f)) {
            continue;
        }
        for &w in &args.workers {
            let cmd = tla_suite::child::CheckCommand {
                exe: exe.clone(),
                spec: format!("{}.tla", m["root_module"].as_str().unwrap_or("")).into(),
                config: Some(m["cfg"].as_str().unwrap_or("").into()),
                library: vec!["../_community".into(), "../_tlapm".into()],
                dir: Some(args.corpus.join(m["folder"].as_str().unwrap_or(""))),
                workers: Some(w),
                json: true,
                // The figures compared are TLC's with `-lncheck final`.
                lncheck_final: true,
                ..Default::default()
            };
            let r = match measure(cmd.command(), Duration::from_secs(args.timeout)) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{id}: {e}");
                    return 2;
                }
            };
            let tlc = m[if w == 1 {
                "tlc_seconds_1_worker"
            } else {
                "tlc_seconds_2_workers"
            }]
            .as_f64();
            let figures = match &r.result {
                None => "no result (killed or failed)".to_string(),
                Some(j) => {
                    let same = [j.distinct, j.generated, j.depth]
                        == ["distinct", "generated", "depth"].map(|k| m[k].as_u64().unwrap_or(0));
                    if same {
                        "= TLC".to_string()
                    } else {
                        format!(
                            "differ: {} distinct, {} generated, depth {}",
                            j.distinct, j.generated, j.depth
                        )
                    }
                }
            };
            all_match &= figures == "= TLC";
            let distinct = m["distinct"].as_f64().unwrap_or(0.0);
            println!(
                "| {id} | {w} | {:.1} | {:.1} | {:.0} | {:.0} | {} | {} | {figures} |",
                r.seconds,
                r.cpu_seconds,
                distinct / r.seconds.max(1e-9),
                r.peak_rss_kb as f64 / 1024.0,
                tlc.map_or("-".into(), |t| format!("{t:.0}")),
                tlc.map_or("-".into(), |t| format!("{:.2}", r.seconds / t)),
            );
        }
    }
    if all_match {
        0
    } else {
        1
    }
}

/// Runs `cmd`, killing it after `limit`; its wall time, peak RSS and JSON result.
pub(super) fn measure(mut cmd: Command, limit: Duration) -> Result<Measured, String> {
    let start = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run the checker: {e}"))?;
    let pid = child.id() as libc::pid_t;
    let done = AtomicBool::new(false);
    let mut out = String::new();
    let mut status = 0;
    // SAFETY: rusage is plain data, filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // Taken when the child is reaped, not when the watchdog (which polls every 100 ms) ends.
    let mut seconds = 0.0;
    std::thread::scope(|s| {
        let done = &done;
        s.spawn(move || {
            while start.elapsed() < limit {
                if done.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            // SAFETY: the child is not reaped before `done` is set, so the pid is still ours.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        });
        if let Some(mut so) = child.stdout.take() {
            let _ = so.read_to_string(&mut out);
        }
        // SAFETY: waits for our own child, which std has not reaped (no wait() was called).
        unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        seconds = start.elapsed().as_secs_f64();
        done.store(true, Ordering::Relaxed);
    });
    let result = Summary::from_output(&out);
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Ok(Measured {
        seconds,
        cpu_seconds: tv(usage.ru_utime) + tv(usage.ru_stime),
        peak_rss_kb: usage.ru_maxrss,
        result,
    })
}
