//! `tlacheck check`: model-check a spec against its .cfg, as TLC does.

use super::{tlc_text, tool_mode};
use std::path::PathBuf;
use std::time::Instant;
use tla_check::progress::{initial_states_line, COMPUTING_INITIAL_STATES};
use tla_check::session::{self, Setup};
use tla_check::summary::Summary;
use tla_eval::error::Phase;

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
    /// (default: a quarter of the machine's RAM). The peak stays within the run's base
    /// (seen-set, spec) plus twice this.
    #[arg(long, value_name = "SIZE", value_parser = super::parse_size)]
    memory: Option<u64>,
    /// Do not report deadlocks (TLC's -deadlock).
    #[arg(long = "no-deadlock")]
    no_deadlock: bool,
    /// Check the fresh translation of the spec's PlusCal algorithm (made in memory, as
    /// `tlacheck translate` would write it) instead of the translation in the file.
    #[arg(long)]
    translate: bool,
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
    #[command(flatten)]
    tlc: super::tlc_options::TlcOptions,
    /// Report every invariant or property violation and search on (TLC's -continue); the
    /// run then ends as a complete search does (exit 0).
    #[arg(long = "continue")]
    continue_after_violation: bool,
    /// Tests: drop this state (1-based) of the counterexample before it is certified, so
    /// that the certification refuses it (exit 255).
    #[arg(long = "debug-drop-step", value_name = "N", hide = true)]
    debug_drop_step: Option<usize>,
    #[command(flatten)]
    report: super::report_opts::ReportArgs,
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

    fn sim(&self) -> super::simulate::SimulateArgs {
        super::simulate::SimulateArgs {
            no_deadlock: self.no_deadlock,
            depth: self.depth,
            traces: self.traces,
            seed: self.seed,
            drop_step: self.debug_drop_step,
        }
    }
}

pub fn run(args: Args) -> u8 {
    let start = Instant::now();
    let workers = match (args.workers, args.tlc.dfid) {
        (Some(n), _) => n as usize,
        // TLC's DFID runs one worker.
        (None, Some(_)) => 1,
        (None, None) => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if args.tlc.dfid.is_some() && workers > 1 {
        println!("{}", tla_check::dfid::MANY_WORKERS);
        return tla_check::dfid::GENERAL_ERROR;
    }
    if args.simulate && args.tlc.coverage.is_some() {
        eprintln!(
            "Warning: -coverage is accepted but not carried out by tlacheck's simulation yet."
        );
    }
    if let Some(root) = args.checkpoint.root(&args.spec) {
        if let Err(e) = args.tlc.clean_up(&root) {
            eprintln!("{e}");
            return 2;
        }
    }
    let dump = match args.tlc.dump_plan() {
        Ok(plan) => plan,
        Err(message) => {
            // TLC refuses its command line (exit 1).
            println!("{message}");
            return 1;
        }
    };
    if let Some(path) = &args.dump_trace {
        if let Err(e) = super::dump_trace::check_path(path) {
            eprintln!("{e}");
            return 2;
        }
    }
    let (spec_text, module_texts) = if args.translate {
        match super::translate::in_memory(&args.spec, &args.library) {
            Ok(t) => (t.root, t.modules),
            Err(message) => {
                eprint!("{message}");
                return 150;
            }
        }
    } else {
        (None, Vec::new())
    };
    let setup = Setup {
        spec_path: args.spec.clone(),
        spec_text,
        module_texts,
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
        progress: super::progress_mode(&args.progress, args.json || args.tlc.tool),
        tlc_lines: streams_tlc_lines(&args),
        lncheck: args.lncheck(),
        checkpoint: None,
        user_file: args.tlc.user_file.clone(),
        max_set_size: args.tlc.max_set_size,
        continue_after_violation: args.continue_after_violation,
        coverage: args.tlc.coverage,
        nowarning: args.tlc.nowarning,
        messages_as_errors: args.tlc.as_errors().tlc,
        suppressed_messages: args.tlc.suppressed().tlc,
        debug_drop_step: args.debug_drop_step,
    };
    let mut setup = match super::overrides::apply(setup, args.overrides_from_stdin) {
        Ok(s) => s,
        Err(message) => {
            eprintln!("{message}");
            return 2;
        }
    };
    if let Err(message) = args.tlc.add_checks(&mut setup) {
        eprintln!("{message}");
        return 2;
    }
    if let Some(file) = &args.tlc.load_trace {
        if let Err(message) = super::load_trace::add(&mut setup, file) {
            eprintln!("{message}");
            return 2;
        }
    }
    let loaded = match session::load(&setup) {
        Ok(l) => l,
        Err(e) => {
            if !args.json && !args.tlc.tool && !args.simulate {
                let mut mode_line = tlc_text::mode_line(args.fp, args.seed, workers);
                if args.tlc.dfid.is_some() {
                    mode_line = mode_line.replacen("breadth-first", "depth-first", 1);
                }
                let starting = tlc_text::starting_line(std::time::SystemTime::now());
                println!("{mode_line}\n{starting}");
            }
            return setup_failed(&args, &e, start);
        }
    };
    match args.checkpoint.plan(&setup, &loaded, args.json) {
        Ok(plan) => setup.checkpoint = plan,
        Err(message) => {
            eprintln!("{message}");
            return 2;
        }
    }
    let started_at = std::time::SystemTime::now();
    // TLC's lines before the result: printed now, or framed with the rest in tool mode.
    let mut head = String::new();
    let mut mode_line = tlc_text::mode_line(args.fp, args.seed, workers);
    if args.tlc.dfid.is_some() {
        mode_line = mode_line.replacen("breadth-first", "depth-first", 1);
    }
    // SANY's warning of a PlusCal translation older than its algorithm (or edited by hand),
    // among its parsing lines, where TLC prints it; none for the fresh one of --translate.
    let stale = match args.translate {
        false => super::parse::stale_translation_warnings(&args.spec, &args.library),
        true => Vec::new(),
    };
    // TLC gives SANY the module's name, whatever the command line said.
    let root = args.spec.file_stem().unwrap_or_default().to_string_lossy();
    let (sany_warning, sany_failed) = super::parse::sany_warnings(
        &root,
        &stale,
        &args.tlc.as_errors().sany,
        &args.tlc.suppressed().sany,
    );
    if args.json && !sany_warning.is_empty() {
        eprint!("{sany_warning}");
    }
    if !args.json && !args.simulate {
        head = format!(
            "{}\n{sany_warning}{}\n",
            mode_line,
            tlc_text::starting_line(started_at)
        );
        if args.tlc.tool {
            // Tool mode's first messages: the version, then SANY's start and end (the spec is
            // parsed by then).
            head = format!(
                "{}\n{}\nStarting SANY...\n{sany_warning}SANY finished.\n{}",
                tool_mode::version_line(),
                mode_line,
                tlc_text::starting_line(started_at)
            ) + "\n";
        } else {
            print!("{head}");
            head.clear();
        }
    }
    if sany_failed {
        // A SANY warning made an error by -messagesAsErrors: TLC stops after its start line.
        let message = "Parsing or semantic analysis failed.";
        return stop_before_search(
            &args,
            head,
            message,
            start,
            tla_check::result::exit::PARSE_ERROR,
        );
    }
    let ran = session::with_model(&setup, &loaded, |ev, model, settings| {
        if args.simulate {
            let sim = args.sim();
            let (status, json) =
                super::simulate::run(&loaded.spec, model, ev, &sim, args.json, start);
            return Ran::Printed(status, json);
        }
        // TLC's warnings about the model (DFID's too: TLC's DFIDModelChecker is an
        // AbstractChecker), through the evaluator's history of warnings (the
        // first of the run carries the -nowarning hint); one made an error by
        // -messagesAsErrors is TLC's Assert.fail before the search, an exit status its table
        // does not map (255).
        for (code, text) in tla_check::model::startup_warnings(&loaded.spec, &loaded.config, model)
        {
            let mut warnings = ev.warnings.lock().expect("warnings");
            if warnings.as_errors.contains(&code) {
                return Ran::Stopped(text, 255);
            }
            match warnings.admit(code, &text) {
                Some(w) if args.json => eprintln!("{w}"),
                // Framed with the rest; tool mode's warnings go without the hint.
                Some(_) if args.tlc.tool => head.push_str(&format!("Warning: {text}\n")),
                Some(w) => println!("{w}"),
                None => {}
            }
        }
        if let Some(max_level) = args.tlc.dfid {
            let run = super::dfid::Run {
                max_level,
                no_deadlock: args.no_deadlock,
                json: args.json,
                tool: args.tlc.tool,
                head: std::mem::take(&mut head),
                start,
                dump: dump.clone(),
                drop_step: args.debug_drop_step,
            };
            let (status, json) = super::dfid::run(&loaded.spec, model, ev, run);
            return Ran::Printed(status, json);
        }
        let settings = match args
            .checkpoint
            .for_model(settings.checkpoint.clone(), model)
        {
            Ok(checkpoint) => tla_check::settings::Settings {
                checkpoint,
                ..settings.clone()
            },
            Err(message) => return Ran::Refused(message),
        };
        let dumped = (dump.clone()).map(|plan| {
            let d = tla_check::state_dump::StateDump::new(&loaded.spec, &model.vars, plan);
            std::sync::Arc::new(std::sync::Mutex::new(d))
        });
        let observer = (dumped.clone()).map(|d| {
            Box::new(tla_check::state_dump::SharedDump(d))
                as Box<dyn tla_check::engine::TransitionObserver>
        });
        let mut outcome =
            session::search_observed(&setup, &loaded.spec, ev, model, &settings, observer);
        if let Some(d) = dumped {
            d.lock().expect("the dump").finish();
        }
        if args.tlc.view && outcome.internal_error.is_none() {
            // TLC's -view: the counterexample's states printed through the VIEW.
            let trace = &outcome.report.trace;
            outcome.report.viewed = tla_check::view_print::texts(&loaded.spec, ev, model, trace);
            outcome.text = tla_check::report::render(&loaded.spec, &model.vars, &outcome.report);
        }
        let continued =
            tla_check::report::continued_summaries(&loaded.spec, &model.vars, &outcome.report);
        Ran::Searched(Box::new(outcome), continued)
    });
    let (outcome, continued) = match ran {
        Ok(Ran::Searched(o, continued)) => (*o, continued),
        Ok(Ran::Printed(status, json)) => {
            // The simulation's or DFID search's counterexample, on the page as a search's is.
            let report = |j| reports(&args, &j, &[], start);
            let reported = json.map_or(Ok(()), report);
            if let Err(e) = reported {
                eprintln!("{e}");
                return 2;
            }
            return status;
        }
        Ok(Ran::Refused(message)) => {
            eprintln!("{message}");
            return 2;
        }
        Ok(Ran::Stopped(message, status)) => {
            return stop_before_search(&args, head, &message, start, status)
        }
        Err(e) => return setup_failed(&args, &e, start),
    };
    // Written now, reported after the result: a failed dump must not hide the check's result.
    // A counterexample that did not replay is not written.
    let certified = outcome.internal_error.is_none();
    let mut dumped = (args.dump_trace.as_ref())
        .filter(|_| certified)
        .map(|path| super::dump_trace::write(path, &outcome));
    for asked in args.tlc.dump_trace_as.iter().filter(|_| certified) {
        if let Err(e) = super::dump_trace::write_tlc(asked, &loaded.spec, &outcome) {
            dumped = Some(Err(e));
        }
    }
    if args.json {
        let mut j = outcome.json.clone();
        j["seconds"] = serde_json::json!(start.elapsed().as_secs_f64());
        println!("{j}");
    } else {
        print!("{}", tlc_report(&args, &outcome, head, start, started_at));
        if let Some(line) = spec_te(&args, &loaded, &outcome, started_at) {
            match line {
                // TLC's message 2501 (TLC_TE_SPEC_GENERATION_COMPLETE).
                Ok(line) if args.tlc.tool => {
                    print!("{}", tool_mode::frame_with(&line, &[(2501, line.clone())]))
                }
                Ok(line) => println!("{line}"),
                Err(e) => eprintln!("{e}"),
            }
        }
    }
    if let Err(e) = reports(&args, &outcome.json, &continued, start) {
        dumped = Some(Err(e));
    }
    if let Some(Err(e)) = dumped {
        eprintln!("{e}");
        return 2;
    }
    outcome.status
}

/// A run that could not start: where the spec or the model is at fault on stderr, and TLC's
/// closing lines on stdout, so that a script reading TLC's output finds its `Error:` line.
fn setup_failed(args: &Args, e: &session::SetupError, start: Instant) -> u8 {
    eprint!("{}", e.message);
    let tlc_line = e.tlc_error.as_ref().map(|t| format!("Error: {t}\n"));
    let tlc_line = tlc_line.unwrap_or_default();
    if args.json || args.tlc.tool {
        eprint!("{tlc_line}");
    } else {
        let now = std::time::SystemTime::now();
        print!("{tlc_line}");
        println!("{}", tlc_text::finished_line(start.elapsed(), now));
    }
    not_run(args, &format!("{}{tlc_line}", e.message), e.status)
}

/// `--html` and `--annotate`: the result's page and annotations, from its JSON summary (the
/// ALIAS applied as in the text) and, with -continue, each violation the search went on after.
fn reports(
    args: &Args,
    json: &serde_json::Value,
    continued: &[Summary],
    start: Instant,
) -> Result<(), String> {
    if args.report.html.is_none() && args.report.annotate.is_none() {
        return Ok(());
    }
    let mut summary: Summary = serde_json::from_value(json.clone()).unwrap_or_default();
    summary.seconds = Some(start.elapsed().as_secs_f64());
    let (config, cfg) = config_of(args);
    // One annotation per violation. With -continue the run's summary names the first of
    // those the search went on after (and exits 0), unless the run ended with one of its own.
    let own = continued.is_empty() || summary.exit_code != 0;
    let annotated: Vec<&Summary> = continued.iter().chain(own.then_some(&summary)).collect();
    for s in annotated {
        args.report.annotate(&tla_report::annotate::check(
            &args.spec,
            &args.library,
            &cfg,
            s,
        ));
    }
    args.report.write_html(|| {
        let info = tla_report::html::RunInfo {
            spec: args.spec.display().to_string(),
            config: config.display().to_string(),
            constants: tla_suite::cfg_edit::constants(&cfg),
            version: super::report_opts::version(),
            mode: mode(args, json),
        };
        tla_report::html::check_page(&info, &summary, continued)
    })
}

/// A run that stopped before a result (a parse error, a bad .cfg): its annotations and a
/// page saying why, so that a CI job keeping the page has one; the exit status.
fn not_run(args: &Args, message: &str, status: u8) -> u8 {
    args.report.diagnostics(message, &args.spec);
    let (config, cfg) = config_of(args);
    let written = args.report.write_html(|| {
        let info = tla_report::html::RunInfo {
            spec: args.spec.display().to_string(),
            config: config.display().to_string(),
            constants: tla_suite::cfg_edit::constants(&cfg),
            version: super::report_opts::version(),
            mode: mode(args, &serde_json::Value::Null),
        };
        tla_report::html::not_run_page(&info, message, status)
    });
    match written {
        Ok(()) => status,
        Err(e) => {
            eprintln!("{e}");
            status
        }
    }
}

/// The configuration's path and its text as the run read it: `-config MC` is MC.cfg, a .tla
/// file's is its CONFIG section; empty when it cannot be read.
fn config_of(args: &Args) -> (PathBuf, String) {
    let config = match &args.config {
        Some(given) => tla_check::config::source::resolve(given, &args.spec),
        None => args.spec.with_extension("cfg"),
    };
    let cfg = (std::fs::read_to_string(&config))
        .map(|text| tla_check::config::source::from_file(&config, &text))
        .unwrap_or_default();
    (config, cfg)
}

/// How the run explored the states, for the page: the JSON of a simulation or DFID search
/// says which it was.
fn mode(args: &Args, json: &serde_json::Value) -> String {
    let mut mode = match json["mode"].as_str() {
        Some("simulate") => {
            let n = json["traces"].as_u64().unwrap_or(0);
            let s = if n == 1 { "" } else { "s" };
            format!("simulation: {n} behaviour{s}, seed {}", json["seed"])
        }
        Some("dfid") => format!(
            "depth-first iterative deepening to depth {}{}",
            args.tlc.dfid.unwrap_or(0),
            if json["completed"] == true {
                ", completed"
            } else {
                ""
            }
        ),
        _ => "breadth-first search".to_string(),
    };
    if args.continue_after_violation {
        mode.push_str(", continuing after each violation (-continue)");
    }
    mode
}

/// TLC's trace-exploration spec, when asked for (`tlc_args.rs` decides as TLC does), unless
/// the run recovered from a checkpoint: the line naming it, or why it failed.
fn spec_te(
    args: &Args,
    loaded: &session::Loaded,
    outcome: &session::Outcome,
    started_at: std::time::SystemTime,
) -> Option<Result<String, String>> {
    let recovering = args.checkpoint.root(&args.spec).is_none();
    if !args.tlc.generate_spec_te || recovering {
        return None;
    }
    let run = super::spec_te_write::Run {
        spec_path: &args.spec,
        out_dir: args.tlc.te_spec_out_dir.as_deref(),
        started_at,
    };
    super::spec_te_write::write(&run, &loaded.spec, &loaded.config, outcome)
}

/// Whether the search prints TLC's lines about its initial states as it computes them: plain
/// TLC output of a breadth-first search (tool mode frames the whole text at the end; JSON has
/// none; simulation and DFID print their own).
fn streams_tlc_lines(args: &Args) -> bool {
    !args.json && !args.tlc.tool && !args.simulate && args.tlc.dfid.is_none()
}

/// The text of a finished search, as TLC prints it after its first lines (`head` when tool
/// mode frames those too).
fn tlc_report(
    args: &Args,
    outcome: &session::Outcome,
    mut text: String,
    start: Instant,
    started_at: std::time::SystemTime,
) -> String {
    use std::fmt::Write;
    let now = std::time::SystemTime::now();
    let initial = outcome.json["initial_states"].as_u64().unwrap_or(0);
    let assumed = outcome.json["outcome"] != "assumption failure";
    // An error while Init is enumerated or one of its states checked, or an initial state
    // that violates an invariant or property: TLC has begun the initial states and never
    // says it finished them.
    use tla_check::result::Verdict;
    let init_failed = match &outcome.report.verdict {
        Verdict::Error(e) => matches!(e.phase, Phase::Init | Phase::InitialState),
        Verdict::InvariantViolated(_) | Verdict::PropertyViolated(_) => {
            outcome.report.trace.len() == 1 && !args.continue_after_violation
        }
        _ => false,
    };
    // TLC announces the liveness branches before it computes the initial states, and prints
    // its progress once more before the final check of the temporal properties (MP.java's
    // TLC_LIVE_IMPLIED and TLC_PROGRESS_STATS, TLC 2026.11 run on a liveness spec).
    const IMPLIED: &str = "Implied-temporal checking--satisfiability problem has ";
    let streamed = streams_tlc_lines(args);
    let implied = (outcome.text.lines()).find(|l| l.starts_with(IMPLIED));
    if let Some(line) = implied.filter(|_| !streamed) {
        let _ = writeln!(text, "{line}");
    }
    let progress = tool_mode::progress_line(&outcome.json, now);
    let final_check = |l: &str| {
        l.starts_with("Checking ") && l.contains("temporal properties for the complete state space")
    };
    let mut search_text = String::new();
    for line in outcome.text.lines().filter(|l| !l.starts_with(IMPLIED)) {
        if let Some(p) = progress.as_ref().filter(|_| final_check(line)) {
            let _ = writeln!(search_text, "{p}");
        }
        let _ = writeln!(search_text, "{line}");
    }
    if streamed {
        // Printed by the search as it went.
    } else if init_failed {
        let _ = writeln!(text, "{COMPUTING_INITIAL_STATES}");
    } else if assumed {
        let _ = writeln!(text, "{COMPUTING_INITIAL_STATES}");
        let _ = writeln!(text, "{}", initial_states_line(initial, started_at));
    }
    let body = if args.tlc.difftrace {
        tlc_text::diff_trace(&search_text)
    } else {
        search_text
    };
    // -coverage: TLC's report, just before the statistics line (or last, without one).
    let coverage = (outcome.report.coverage.as_ref())
        .map(|c| c.lines_at(&tla_check::tlc_text::timestamp(now)))
        .unwrap_or_default();
    let body = with_coverage(&body, &coverage);
    if !args.tlc.tool {
        text.push_str(&body);
        let _ = writeln!(text, "{}", tlc_text::finished_line(start.elapsed(), now));
        return text;
    }
    // Tool mode: TLC's closing Progress line before the statistics, the time in ms.
    for line in body.lines() {
        if let Some(p) = progress
            .as_ref()
            .filter(|_| line.contains(" states left on queue.") && !line.starts_with("Progress("))
        {
            let _ = writeln!(text, "{p}");
        }
        let _ = writeln!(text, "{line}");
    }
    let ms = start.elapsed().as_millis();
    let _ = writeln!(
        text,
        "Finished in {ms}ms at ({})",
        tla_check::tlc_text::timestamp(now)
    );
    tool_mode::frame_with(&text, &coverage)
}

/// `body` with the coverage report's lines before its `states generated` line.
fn with_coverage(body: &str, coverage: &[(u32, String)]) -> String {
    if coverage.is_empty() {
        return body.to_string();
    }
    let mut lines: Vec<&str> = body.lines().collect();
    let at = (lines.iter())
        .position(|l| l.contains(" states generated, ") && l.ends_with(" states left on queue."))
        .unwrap_or(lines.len());
    lines.splice(at..at, coverage.iter().map(|(_, l)| l.as_str()));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// What a run did: a search (printed by the caller; with -continue's violations) or a
/// simulation or DFID search (already printed; its JSON summary unless it was refused).
enum Ran {
    Searched(Box<session::Outcome>, Vec<Summary>),
    Printed(u8, Option<serde_json::Value>),
    /// Options the model cannot be run with (exit 2).
    Refused(String),
    /// TLC's error before the search (its message without `Error: `), with its exit status.
    Stopped(String, u8),
}

/// TLC's error before the search, then its closing line; `head` is what tool mode has not
/// printed yet.
fn stop_before_search(args: &Args, head: String, message: &str, start: Instant, status: u8) -> u8 {
    let now = std::time::SystemTime::now();
    if args.json {
        eprintln!("Error: {message}");
    } else if args.tlc.tool {
        let ms = start.elapsed().as_millis();
        let at = tla_check::tlc_text::timestamp(now);
        let text = format!("{head}Error: {message}\nFinished in {ms}ms at ({at})\n");
        print!("{}", tool_mode::frame(&text));
    } else {
        println!("Error: {message}");
        println!("{}", tlc_text::finished_line(start.elapsed(), now));
    }
    // --html and --annotate: the page of a check that could not run.
    not_run(args, &format!("Error: {message}\n"), status)
}
