//! `tlacheck check`: model-check a spec against its .cfg, as TLC does.

use std::path::PathBuf;
use std::time::Instant;
use tla_check::session::{self, Setup};

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
    /// For `tlacheck verify`/`mutants`: read `{"spec_text", "config_text"}` from stdin and check
    /// those texts in place of the files' (a mutant is checked without touching the file).
    #[arg(long = "overrides-from-stdin", hide = true)]
    overrides_from_stdin: bool,
    /// Write the counterexample, if any, to FILE.itf.json (ITF, as Apalache and Quint read).
    #[arg(long = "dump-trace", value_name = "FILE")]
    dump_trace: Option<PathBuf>,
    /// Check random behaviours instead of every reachable state (TLC's -simulate); the
    /// behaviours are reproducible for a --seed.
    #[arg(long)]
    simulate: bool,
    /// With --simulate: at most this many states per behaviour (TLC's -depth, default 100).
    #[arg(long, value_name = "D", requires = "simulate",
          value_parser = clap::value_parser!(u64).range(1..))]
    depth: Option<u64>,
    /// When temporal properties are checked (TLC's -lncheck): `default` also checks the graph
    /// explored so far while the search runs (TLC's schedule: after 3 s, then every minute)
    /// and stops at a counterexample found there; `final` only once the search is complete.
    #[arg(long, value_name = "WHEN", default_value = "default", value_parser = ["default", "final"])]
    lncheck: String,
    /// Tests: with `--lncheck default`, check during the search each time this many more
    /// levels are fully explored instead of on TLC's time schedule.
    #[arg(long = "lncheck-levels", value_name = "K", hide = true,
          value_parser = clap::value_parser!(u32).range(1..))]
    lncheck_levels: Option<u32>,
    /// With --simulate: this many behaviours (default 1000; TLC's default is to run until
    /// stopped).
    #[arg(long, value_name = "N", requires = "simulate",
          value_parser = clap::value_parser!(u64).range(1..))]
    traces: Option<u64>,
    #[command(flatten)]
    checkpoint: super::checkpoint::CheckpointArgs,
    /// Report every invariant or property violation and search on (TLC's -continue); the
    /// run then ends as a complete search does (exit 0).
    #[arg(long = "continue")]
    continue_after_violation: bool,
}

impl Args {
    fn lncheck(&self) -> tla_check::liveness::LnCheck {
        use tla_check::liveness::LnCheck;
        match (self.lncheck.as_str(), self.lncheck_levels) {
            ("final", _) => LnCheck::Final,
            (_, Some(k)) => LnCheck::EveryLevels(k),
            _ => LnCheck::Periodic,
        }
    }

    fn sim(&self) -> super::simulate::Settings {
        super::simulate::Settings {
            no_deadlock: self.no_deadlock,
            depth: self.depth,
            traces: self.traces,
            seed: self.seed,
        }
    }
}

pub fn run(args: Args) -> u8 {
    let start = Instant::now();
    let workers = args.workers.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    if let Some(path) = &args.dump_trace {
        if let Err(e) = super::dump_trace::check_path(path) {
            eprintln!("{e}");
            return 2;
        }
    }
    let setup = Setup {
        spec_path: args.spec.clone(),
        spec_text: None,
        config_path: args.config.clone(),
        config_text: None,
        search: super::search_path(&args.library),
        defines: args
            .define
            .iter()
            .map(|d| {
                let (k, v) = d.split_once('=').unwrap_or((d, ""));
                (k.to_string(), v.to_string())
            })
            .collect(),
        seed: args.seed,
        fp: args.fp,
        no_deadlock: args.no_deadlock,
        workers,
        memory: args.memory.or_else(super::default_memory),
        progress: super::progress_mode(&args.progress, args.json),
        lncheck: args.lncheck(),
        checkpoint: None,
        continue_after_violation: args.continue_after_violation,
    };
    let mut setup = match super::overrides::apply(setup, args.overrides_from_stdin) {
        Ok(s) => s,
        Err(message) => {
            eprintln!("{message}");
            return 2;
        }
    };
    let loaded = match session::load(&setup) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{}", e.message);
            return e.status;
        }
    };
    match args.checkpoint.plan(&setup, &loaded, args.json) {
        Ok(plan) => setup.checkpoint = plan,
        Err(message) => {
            eprintln!("{message}");
            return 2;
        }
    }
    let ran = session::with_model(&setup, &loaded, |ev, model, opts| {
        if args.simulate {
            let sim = args.sim();
            return Ran::Simulated(super::simulate::run(
                &loaded.spec,
                model,
                ev,
                &sim,
                args.json,
                start,
            ));
        }
        if let Some(w) = tla_check::symmetry::liveness_warning(model) {
            if args.json {
                eprintln!("{w}");
            } else {
                println!("{w}");
            }
        }
        let setup = match args.checkpoint.for_model(setup.checkpoint.clone(), model) {
            Ok(checkpoint) => Setup {
                checkpoint,
                ..setup.clone()
            },
            Err(message) => return Ran::Refused(message),
        };
        Ran::Searched(Box::new(session::search(
            &setup,
            &loaded.spec,
            ev,
            model,
            opts,
        )))
    });
    let outcome = match ran {
        Ok(Ran::Searched(o)) => *o,
        Ok(Ran::Simulated(status)) => return status,
        Ok(Ran::Refused(message)) => {
            eprintln!("{message}");
            return 2;
        }
        Err(e) => {
            eprint!("{}", e.message);
            return e.status;
        }
    };
    // Written now, reported after the result: a failed dump must not hide the check's result.
    let dumped = (args.dump_trace.as_ref()).map(|path| super::dump_trace::write(path, &outcome));
    if args.json {
        let mut j = outcome.json;
        j["seconds"] = serde_json::json!(start.elapsed().as_secs_f64());
        println!("{j}");
    } else {
        print!("{}", outcome.text);
        println!("Finished in {:.2}s", start.elapsed().as_secs_f64());
    }
    if let Some(Err(e)) = dumped {
        eprintln!("{e}");
        return 2;
    }
    outcome.status
}

/// What a run did: a search (printed by the caller) or a simulation (already printed).
enum Ran {
    Searched(Box<session::Outcome>),
    Simulated(u8),
    /// Options the model cannot be run with (exit 2).
    Refused(String),
}
