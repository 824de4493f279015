//! `tlacheck check --simulate`: random behaviours, as TLC's `-simulate`.

use std::time::Instant;
use tla_check::model::Model;
use tla_check::report;
use tla_check::simulate::{self, SimOptions, DEFAULT_DEPTH, DEFAULT_TRACES};
use tla_eval::{Evaluator, Value};
use tla_sema::Spec;

/// What the command line says about the simulation.
pub struct SimulateArgs {
    pub no_deadlock: bool,
    pub depth: Option<u64>,
    pub traces: Option<u64>,
    pub seed: i64,
    /// --debug-drop-step (`certified.rs`).
    pub drop_step: Option<usize>,
}

pub fn run(
    spec: &Spec,
    model: &Model,
    ev: &mut Evaluator,
    args: &SimulateArgs,
    json: bool,
    start: Instant,
) -> (u8, Option<serde_json::Value>) {
    let opts = SimOptions {
        check_deadlock: model.check_deadlock && !args.no_deadlock,
        depth: args.depth.unwrap_or(DEFAULT_DEPTH),
        traces: args.traces.unwrap_or(DEFAULT_TRACES),
        seed: args.seed,
    };
    // TLCGet("config") as TLC's Simulator gives it.
    let int = |n: u64| Value::Int(n.min(i32::MAX as u64) as i64);
    let keep: Vec<(String, Value)> = ev
        .tlc_config
        .iter()
        .filter(|(k, _)| k == "fingerprint" || k == "install")
        .cloned()
        .collect();
    ev.tlc_config = vec![
        ("mode".into(), Value::str("simulate")),
        ("depth".into(), int(opts.depth)),
        ("traces".into(), int(opts.traces)),
        ("deadlock".into(), Value::Bool(opts.check_deadlock)),
        ("seed".into(), Value::str(&opts.seed.to_string())),
        ("aril".into(), Value::str("0")),
        ("worker".into(), Value::Int(1)),
    ];
    ev.tlc_config.extend(keep);
    if !json {
        println!(
            "Running Random Simulation with seed {} with 1 worker.",
            opts.seed
        );
    }
    let mut r = simulate::simulate(ev, model, &opts);
    let status = tla_check::result::exit_status(&r.report);
    let drop = args.drop_step;
    let certified =
        match super::certified::check(ev, model, opts.check_deadlock, &mut r.report, drop, json) {
            Ok(c) => c,
            Err(status) => return (status, None),
        };
    let mut j = report::to_json(spec, &model.vars, &r.report);
    if certified {
        j["certified"] = serde_json::json!(true);
    }
    j["mode"] = serde_json::json!("simulate");
    j["traces"] = serde_json::json!(r.traces);
    j["seed"] = serde_json::json!(opts.seed);
    j["seconds"] = serde_json::json!(start.elapsed().as_secs_f64());
    if json {
        println!("{j}");
    } else {
        print!("{}", report::render_outcome(spec, &model.vars, &r.report));
        print!("{}", simulate::closing_lines(&r, opts.seed));
        println!("Finished in {:.2}s", start.elapsed().as_secs_f64());
    }
    (status, Some(j))
}
