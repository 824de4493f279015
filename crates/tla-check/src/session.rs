//! One model-checking run set up from its inputs: load the spec, read the .cfg, bind the
//! model, then search. The CLI's `check`, the suite runner and the trace validator all start
//! here, so a spec is read the same way whoever asks.

use crate::config::{self, Config};
use crate::engine;
use crate::model::{self, Model};
use crate::progress::ProgressMode;
use crate::result::Report;
use crate::settings::Settings;
use crate::{intern, report};
use std::path::{Path, PathBuf};
use tla_eval::{Evaluator, Value};
use tla_sema::ir::Spec;
use tla_sema::SearchPath;

/// What a run is made of. `spec_text`/`config_text` replace the files' contents (a mutant is
/// checked in memory; the file on disk is never touched).
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub spec_path: PathBuf,
    pub spec_text: Option<String>,
    /// Texts that replace other module files (`(path, text)`): a mutant of a module the root
    /// extends or instantiates, checked in memory.
    pub module_texts: Vec<(PathBuf, String)>,
    /// Default: the spec's path with `.cfg`.
    pub config_path: Option<PathBuf>,
    pub config_text: Option<String>,
    pub search: SearchPath,
    /// Java system properties (`-Dkey=value`) for TLCGet("-Dkey").
    pub defines: Vec<(String, String)>,
    pub seed: i64,
    pub fp: usize,
    /// TLC's `-deadlock`: do not report deadlocks.
    pub no_deadlock: bool,
    /// Worker threads of the search (the results do not depend on them).
    pub workers: usize,
    /// Bytes the unexplored states may take in memory before the rest spill to disk (None:
    /// no limit).
    pub memory: Option<u64>,
    pub progress: ProgressMode,
    /// TLC's lines about the search's start (the liveness branches, "Computing initial
    /// states...", how many there were) printed on stdout when the search reaches them, so
    /// that Print output and progress lines come where TLC prints them.
    pub tlc_lines: bool,
    /// When temporal properties are checked (TLC's `-lncheck`; default: at the end only).
    pub lncheck: crate::liveness::LnCheck,
    /// Checkpoints and recovery (`checkpoint.rs`); None: neither.
    pub checkpoint: Option<crate::checkpoint::CheckpointPlan>,
    /// TLC's -userFile: where Print and PrintT write (None: stdout).
    pub user_file: Option<PathBuf>,
    /// TLC's `-maxSetSize`: the largest set evaluation builds (None: TLC's default).
    pub max_set_size: Option<u64>,
    /// TLC's `-continue`: report each invariant or property violation and search on.
    pub continue_after_violation: bool,
    /// TLC's -coverage N (minutes between reports): the run counts per action (and uses
    /// one worker).
    pub coverage: Option<u64>,
    /// TLC's `-nowarning`: no warnings from evaluation.
    pub nowarning: bool,
    /// TLC's `-messagesAsErrors`: TLC's message codes (EC.java) of the warnings raised as
    /// errors instead.
    pub messages_as_errors: Vec<i32>,
    /// TLC's `-suppressMessages`: TLC's message codes of the warnings not printed.
    pub suppressed_messages: Vec<i32>,
    /// Tests of the certification: drop this state (1-based) of the counterexample before it
    /// is certified (`certify.rs`), which must then refuse it.
    pub debug_drop_step: Option<usize>,
}

/// Why a run could not start, with the TLC exit status `tlacheck check` gives for it.
#[derive(Debug)]
pub struct SetupError {
    /// `file:line:col: message` lines, ready to print.
    pub message: String,
    /// What TLC prints after `Error: ` on its standard output for this failure, if anything.
    pub tlc_error: Option<String>,
    pub status: u8,
}

/// The spec and its configuration, read and parsed.
pub struct Loaded {
    pub spec: Spec,
    pub config: Config,
    pub config_text: String,
    pub config_path: PathBuf,
}

/// A finished search with what is needed to print it.
pub struct Outcome {
    pub report: Report,
    /// TLC's exit status for the report.
    pub status: u8,
    /// The report as TLC prints it (without the `Finished in` line).
    pub text: String,
    pub json: serde_json::Value,
    /// The root module's variables: each name and its slot in the counterexample's states.
    pub variables: Vec<(String, usize)>,
    /// The counterexample did not replay (`certify.rs`): tlacheck's internal error, printed
    /// instead of the verdict (exit 255).
    pub internal_error: Option<String>,
}

impl Setup {
    pub fn new(spec_path: impl Into<PathBuf>) -> Self {
        Setup {
            spec_path: spec_path.into(),
            workers: 1,
            ..Setup::default()
        }
    }

    pub fn config_path(&self) -> PathBuf {
        match &self.config_path {
            Some(given) => config::source::resolve(given, &self.spec_path),
            None => self.spec_path.with_extension("cfg"),
        }
    }
}

/// Reads and parses the spec and the .cfg.
pub fn load(setup: &Setup) -> Result<Loaded, SetupError> {
    let spec = match &setup.spec_text {
        Some(text) => tla_sema::load_spec_text_with(
            &setup.spec_path,
            text.clone(),
            &setup.search,
            &setup.module_texts,
        ),
        None => tla_sema::load_spec_with(&setup.spec_path, &setup.search, &setup.module_texts),
    };
    let spec = spec.map_err(|e| SetupError {
        message: e.render(),
        tlc_error: Some("Parsing or semantic analysis failed.".into()),
        status: crate::result::exit::PARSE_ERROR,
    })?;
    let config_path = setup.config_path();
    let config_text = match &setup.config_text {
        Some(t) => config::source::from_memory(&config_path, t),
        None => config::source::from_file(&config_path, &read_config(&config_path)?),
    };
    let config =
        config::parse_config(&config_path.display().to_string(), &config_text).map_err(|e| {
            SetupError {
                message: e.render(),
                tlc_error: Some(format!(
                    "TLC found an error in the configuration file at line {}\n{}",
                    e.line, e.message
                )),
                status: crate::result::exit::CONFIG_ERROR,
            }
        })?;
    Ok(Loaded {
        spec,
        config,
        config_text,
        config_path,
    })
}

fn read_config(path: &Path) -> Result<String, SetupError> {
    std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .map_err(|e| SetupError {
            message: format!(
                "{}: cannot read the configuration file: {e}\n",
                path.display()
            ),
            tlc_error: Some(format!(
                "TLC encountered the following error when trying to read the configuration file {}:\n{}",
                path.display(),
                match e.kind() {
                    std::io::ErrorKind::NotFound => "File not found.".to_string(),
                    _ => e.to_string(),
                }
            )),
            status: crate::result::exit::CONFIG_ERROR,
        })
}

/// Builds the evaluator and binds the model, then hands them to `f` with the search's
/// settings (made here, the one place a search's configuration is read from the setup).
pub fn with_model<R>(
    setup: &Setup,
    loaded: &Loaded,
    f: impl FnOnce(&mut Evaluator, &Model, &Settings) -> R,
) -> Result<R, SetupError> {
    let spec = &loaded.spec;
    intern::intern_in_tlc_order(spec, &loaded.config_text);
    let mut ev = Evaluator::new(spec);
    if let Some(n) = setup.max_set_size {
        ev.max_set_size = usize::try_from(n).unwrap_or(usize::MAX);
    }
    let warnings = ev.warnings.get_mut().expect("warnings");
    warnings.enabled = !setup.nowarning;
    warnings.as_errors = setup.messages_as_errors.iter().copied().collect();
    warnings.suppressed = setup.suppressed_messages.iter().copied().collect();
    if let Some(path) = &setup.user_file {
        let file = std::fs::File::create(path).map_err(|e| SetupError {
            message: format!(
                "Error: Failed to create user output log file {}: {e}\n",
                path.display()
            ),
            tlc_error: None,
            // TLC refuses its command line with exit 1.
            status: 1,
        })?;
        ev.out = std::sync::Mutex::new(Box::new(file));
    }
    for (k, v) in &setup.defines {
        ev.system_properties.insert(k.clone(), v.clone());
    }
    let check_deadlock = loaded.config.checks_deadlock() && !setup.no_deadlock;
    ev.tlc_config = tlc_config(setup, check_deadlock);
    let model = model::bind(spec, &loaded.config, &mut ev).map_err(|e| {
        let path = loaded.config_path.display();
        let message = match &e.at {
            Some(sp) => format!("{path}:{}:{}: {}\n", sp.line, sp.col, e.message),
            None => format!("{path}: {}\n", e.message),
        };
        SetupError {
            message,
            tlc_error: Some(e.message),
            status: crate::result::exit::CONFIG_ERROR,
        }
    })?;
    let one_worker = setup.workers > 1
        && crate::search::one_worker(
            &ev,
            &model,
            setup.continue_after_violation,
            setup.coverage.is_some(),
        );
    if one_worker {
        // TLCGet("config").worker: the workers the search uses, so that a spec reads what the
        // one-worker search it gets shows (TLCGet("all") holds one value per register).
        for (k, v) in ev.tlc_config.iter_mut() {
            if k == "worker" {
                *v = Value::Int(1);
            }
        }
    }
    let settings = Settings {
        check_deadlock: model.check_deadlock && !setup.no_deadlock,
        continue_after_violation: setup.continue_after_violation,
        workers: if one_worker { 1 } else { setup.workers.max(1) },
        progress: setup.progress,
        tlc_lines: setup.tlc_lines,
        memory: setup.memory,
        lncheck: setup.lncheck,
        checkpoint: setup.checkpoint.clone(),
        coverage: setup.coverage,
    };
    ev.precompute_constants();
    Ok(f(&mut ev, &model, &settings))
}

/// The fields of TLCGet("config").
fn tlc_config(setup: &Setup, check_deadlock: bool) -> Vec<(String, Value)> {
    let polys = tla_eval::natives::fp64::POLYS;
    let poly = polys[setup.fp.min(polys.len() - 1)] as i64;
    vec![
        ("mode".into(), Value::str("bfs")),
        ("depth".into(), Value::Int(-1)),
        ("deadlock".into(), Value::Bool(check_deadlock)),
        ("worker".into(), Value::Int(setup.workers as i64)),
        ("traces".into(), Value::Int(-1)),
        ("seed".into(), Value::str(&setup.seed.to_string())),
        ("fingerprint".into(), Value::str(&poly.to_string())),
        ("install".into(), Value::str("")),
    ]
}

/// Loads, binds and searches: the whole of `tlacheck check` but printing.
pub fn check(setup: &Setup) -> Result<Outcome, SetupError> {
    let loaded = load(setup)?;
    with_model(setup, &loaded, |ev, model, settings| {
        search(setup, &loaded.spec, ev, model, settings)
    })
}

/// The breadth-first search of a bound model (with the settings `with_model` made), with
/// its report rendered.
pub fn search(
    setup: &Setup,
    spec: &Spec,
    ev: &Evaluator,
    model: &Model,
    settings: &Settings,
) -> Outcome {
    search_observed(setup, spec, ev, model, settings, None)
}

/// `search`, telling `observer` of every transition between kept states (TLC's -dump).
pub fn search_observed<'o>(
    setup: &Setup,
    spec: &Spec,
    ev: &Evaluator,
    model: &Model,
    settings: &Settings,
    observer: Option<Box<dyn engine::TransitionObserver + 'o>>,
) -> Outcome {
    let mut report = engine::check(ev, model, settings, observer);
    if let Some(n) = setup.debug_drop_step {
        if (1..=report.trace.len()).contains(&n) {
            report.trace.remove(n - 1);
        }
    }
    report.labels = crate::labels::of_report(ev, model, &report);
    let variables = (model.vars.iter())
        .map(|v| (spec.variables[v.index()].name.clone(), v.index()))
        .collect();
    match crate::certify::certify(ev, model, settings.check_deadlock, &report) {
        Ok(certified) => {
            let mut summary = report::summary(spec, &model.vars, &report);
            summary.certified = certified;
            Outcome {
                status: crate::result::exit_status(&report),
                text: report::render(spec, &model.vars, &report),
                json: serde_json::to_value(summary).unwrap_or_default(),
                variables,
                report,
                internal_error: None,
            }
        }
        Err(refusal) => {
            let message = refusal.message();
            let summary = refusal.summary(&report);
            Outcome {
                status: crate::result::exit::GENERAL,
                text: message.clone(),
                json: serde_json::to_value(summary).unwrap_or_default(),
                variables,
                report,
                internal_error: Some(message),
            }
        }
    }
}
