//! `tlacheck bench --small`: issue 5's bar for small models. Every model of expected.json
//! with a verdict TLC reached (outcome in conformance's scope) and fewer than 1,000 distinct
//! states runs as a child process at each of `--workers` (1: as conformance runs it; 2: the
//! default on this machine's 2 cores); the fastest of `--repeat` runs is reported (wall and
//! the child's own CPU), with how many finish under 50 ms wall. A measurement to read, not a
//! test: a busy machine stretches wall time.

use super::bench::{measure, Args, Measured};
use super::conformance::{model_command, IN_SCOPE};
use serde_json::Value as Json;
use std::time::Duration;

/// The bar: TLC needs about a second just to start.
const BAR_SECONDS: f64 = 0.050;
/// Models with fewer distinct states than this are "small".
const SMALL_DISTINCT: u64 = 1_000;

/// The models --small runs: in scope, with TLC's distinct count below the limit.
fn is_small(m: &Json) -> bool {
    let tlc = &m["tlc"];
    IN_SCOPE.contains(&tlc["outcome"].as_str().unwrap_or(""))
        && tlc["distinct"].as_u64().is_some_and(|d| d < SMALL_DISTINCT)
}

pub(super) fn run(args: &Args) -> u8 {
    let path = args.corpus.join("expected.json");
    let models: Vec<Json> = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(Json::Array(a)) => a,
        Ok(_) => {
            eprintln!("{}: not a JSON array", path.display());
            return 2;
        }
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return 2;
        }
    };
    let exe = std::env::current_exe().expect("own path");
    println!("| model | workers | distinct | wall ms | CPU ms | under 50 ms | figures |");
    println!("|---|---|---|---|---|---|---|");
    let mut under = vec![0; args.workers.len()];
    let (mut total, mut all_match) = (0, true);
    for m in models.iter().filter(|m| is_small(m)) {
        let id = m["id"].as_str().unwrap_or("");
        if args.filter.as_ref().is_some_and(|f| !id.contains(f)) {
            continue;
        }
        total += 1;
        for (i, &w) in args.workers.iter().enumerate() {
            let Some(r) = fastest(&exe, args, m, w) else {
                return 2;
            };
            let figures = figures(&m["tlc"], r.result.as_ref());
            all_match &= figures == "= TLC";
            let fast = r.seconds < BAR_SECONDS;
            under[i] += usize::from(fast);
            println!(
                "| {id} | {w} | {} | {:.1} | {:.1} | {} | {figures} |",
                m["tlc"]["distinct"],
                r.seconds * 1e3,
                r.cpu_seconds * 1e3,
                if fast { "yes" } else { "no" },
            );
        }
    }
    println!();
    for (w, under) in args.workers.iter().zip(under) {
        println!("{under} of {total} models with fewer than {SMALL_DISTINCT} distinct states finished under 50 ms wall at {w} worker(s) (fastest of {} runs).", args.repeat.max(1));
    }
    if all_match {
        0
    } else {
        1
    }
}

/// The fastest of `--repeat` runs of model `m` at `workers`; `None` (reported) when one
/// cannot be run.
fn fastest(exe: &std::path::Path, args: &Args, m: &Json, workers: u32) -> Option<Measured> {
    let id = m["id"].as_str().unwrap_or("");
    let mut best: Option<Measured> = None;
    for _ in 0..args.repeat.max(1) {
        let mut cmd = model_command(exe, &args.corpus, m, workers);
        cmd.arg("--json");
        let r = match measure(cmd, Duration::from_secs(args.timeout)) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{id}: {e}");
                return None;
            }
        };
        if best.as_ref().is_none_or(|b| r.seconds < b.seconds) {
            best = Some(r);
        }
    }
    best
}

/// "= TLC" when the run's distinct states, states generated and depth are TLC's.
fn figures(tlc: &Json, result: Option<&tla_suite::exec::Summary>) -> String {
    let Some(j) = result else {
        return "no result (killed or failed)".to_string();
    };
    if [j.distinct, j.generated, j.depth]
        == ["distinct", "generated", "depth"].map(|k| tlc[k].as_u64().unwrap_or(0))
    {
        "= TLC".to_string()
    } else {
        format!(
            "differ: {} distinct, {} generated, depth {}",
            j.distinct, j.generated, j.depth
        )
    }
}
