//! `tlacheck check`: model-check a spec against its .cfg, as TLC does.

use std::path::PathBuf;
use std::time::Instant;
use tla_check::engine::{self, Options};
use tla_check::report::{self, exit};
use tla_check::{config, intern, model};
use tla_eval::Evaluator;

#[derive(clap::Args)]
pub struct Args {
    /// The root module, e.g. Spec.tla.
    spec: PathBuf,
    /// The model configuration (default: the spec's name with .cfg).
    #[arg(long = "config", value_name = "FILE")]
    config: Option<PathBuf>,
    /// Worker threads (default: the machine's cores); the results do not depend on it.
    #[arg(long = "workers", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    workers: Option<u32>,
    /// Progress while checking: `auto` (a line on a terminal, TLC's Progress lines when
    /// piped) or `never`.
    #[arg(long, value_name = "WHEN", default_value = "auto", value_parser = ["auto", "never"])]
    progress: String,
    /// Memory the unexplored states may take before the rest spill to disk, e.g. 512M, 4G
    /// (default: a quarter of the machine's RAM).
    #[arg(long, value_name = "SIZE", value_parser = super::parse_size)]
    memory: Option<u64>,
    /// Do not report deadlocks (TLC's -deadlock).
    #[arg(long = "no-deadlock")]
    no_deadlock: bool,
    /// A folder to search for modules (repeatable, searched in order).
    #[arg(long = "library", value_name = "DIR")]
    library: Vec<PathBuf>,
    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,
    /// A Java system property as TLC would see it (`-Dkey=value`), for TLCGet("-Dkey").
    #[arg(long = "define", value_name = "KEY=VALUE")]
    define: Vec<String>,
    /// The seed of the random choices (RandomElement, ...), as TLC's -seed.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    seed: i64,
    /// TLC's fingerprint polynomial index (-fp), which some operators' results depend on.
    #[arg(long, default_value_t = 0)]
    fp: usize,
}

pub fn run(args: Args) -> u8 {
    let start = Instant::now();
    let workers = args.workers.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let search = super::search_path(&args.library);
    let spec = match tla_sema::load_spec(&args.spec, &search) {
        Ok(s) => s,
        Err(e) => {
            eprint!("{}", e.render());
            eprintln!("Error: Parsing or semantic analysis failed.");
            return exit::PARSE_ERROR;
        }
    };
    let cfg_path = args
        .config
        .clone()
        .unwrap_or_else(|| args.spec.with_extension("cfg"));
    let cfg_text = match std::fs::read(&cfg_path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!(
                "{}: cannot read the configuration file: {e}",
                cfg_path.display()
            );
            return exit::CONFIG_ERROR;
        }
    };
    let cfg = match config::parse_config(&cfg_path.display().to_string(), &cfg_text) {
        Ok(c) => c,
        Err(e) => {
            eprint!("{}", e.render());
            return exit::CONFIG_ERROR;
        }
    };
    intern::intern_in_tlc_order(&spec, &cfg_text);
    let mut ev = Evaluator::new(&spec);
    for d in &args.define {
        let (k, v) = d.split_once('=').unwrap_or((d, ""));
        ev.system_properties.insert(k.to_string(), v.to_string());
    }
    let check_deadlock = cfg.checks_deadlock() && !args.no_deadlock;
    ev.tlc_config = vec![
        ("mode".into(), tla_eval::Value::str("bfs")),
        ("depth".into(), tla_eval::Value::Int(-1)),
        ("deadlock".into(), tla_eval::Value::Bool(check_deadlock)),
        ("worker".into(), tla_eval::Value::Int(workers as i64)),
        ("traces".into(), tla_eval::Value::Int(-1)),
        ("seed".into(), tla_eval::Value::str(&args.seed.to_string())),
        (
            "fingerprint".into(),
            tla_eval::Value::str(
                &(tla_eval::natives::fp64::POLYS
                    [args.fp.min(tla_eval::natives::fp64::POLYS.len() - 1)]
                    as i64)
                    .to_string(),
            ),
        ),
        ("install".into(), tla_eval::Value::str("")),
    ];
    let model = match model::bind(&spec, &cfg, &mut ev) {
        Ok(m) => m,
        Err(e) => {
            match &e.at {
                Some(sp) => eprintln!(
                    "{}:{}:{}: {}",
                    cfg_path.display(),
                    sp.line,
                    sp.col,
                    e.message
                ),
                None => eprintln!("{}: {}", cfg_path.display(), e.message),
            }
            return exit::CONFIG_ERROR;
        }
    };
    let opts = Options {
        check_deadlock: model.check_deadlock && !args.no_deadlock,
        max_depth: None,
    };
    ev.precompute_constants();
    let settings = engine::Settings {
        workers,
        progress: super::progress_mode(&args.progress, args.json),
        memory: args.memory.or_else(super::default_memory),
        ..Default::default()
    };
    let r = engine::check_with(&ev, &model, &opts, settings);
    let status = report::exit_status(&r);
    if args.json {
        let mut j = report::to_json(&spec, &model.vars, &r);
        j["seconds"] = serde_json::json!(start.elapsed().as_secs_f64());
        println!("{j}");
    } else {
        print!("{}", report::render(&spec, &model.vars, &r));
        println!("Finished in {:.2}s", start.elapsed().as_secs_f64());
    }
    status
}
