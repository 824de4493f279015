//! `tlacheck verify`: run a suite manifest (verify.toml) and report every verdict.

use std::path::{Path, PathBuf};
use tla_suite::manifest::{self, Tier};
use tla_suite::runner::{self, Selection};
use tla_suite::{claims, coverage, exec, properties, report};

#[derive(clap::Args)]
pub struct Args {
    /// The suite manifest.
    #[arg(default_value = "verify.toml")]
    manifest: PathBuf,
    /// Which checks to run: ci (default), nightly, or all.
    #[arg(long, default_value = "ci", value_parser = ["ci", "nightly", "all"])]
    tier: String,
    /// Run only these checks (and mutants, findings by name); repeatable or comma-separated.
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    only: Vec<String>,
    /// Run the I-th of N deterministic parts of the suite (1-based), e.g. 2/4.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Write the results as JSON.
    #[arg(long = "report-json", value_name = "FILE")]
    report_json: Option<PathBuf>,
    /// Write the results as JUnit XML.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Record the covered code's current hashes and the repository's HEAD, then stop.
    #[arg(long = "update-coverage")]
    update_coverage: bool,
    /// Checks run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    #[command(flatten)]
    report: super::report_opts::ReportArgs,
}

/// `I/N` with 1 <= I <= N.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {s}: expected I/N with 1 <= I <= N, e.g. 1/4");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n) = (
        i.trim().parse::<usize>().map_err(|_| bad())?,
        n.trim().parse::<usize>().map_err(|_| bad())?,
    );
    if i == 0 || n == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

fn executor() -> Result<exec::Subprocess, String> {
    std::env::current_exe()
        .map(|exe| exec::Subprocess { exe })
        .map_err(|e| format!("cannot find the tlacheck executable: {e}"))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

pub fn run(args: Args) -> u8 {
    match run_inner(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("{message}");
            2
        }
    }
}

fn run_inner(args: Args) -> Result<u8, String> {
    let start = std::time::Instant::now();
    let m = match manifest::load(&args.manifest) {
        Ok(m) => m,
        Err(e) => {
            args.report.diagnostics(&e.message, &args.manifest);
            return Err(e.message);
        }
    };
    if args.update_coverage {
        return update_coverage(&m);
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if let Some(name) = args.only.iter().find(|n| !m.has_item_named(n)) {
        return Err(format!(
            "--only {name}: {} has no check, mutant, finding or trace of that name",
            m.path.display()
        ));
    }
    let sel = Selection {
        tier: match args.tier.as_str() {
            "nightly" => Some(Tier::Nightly),
            "all" => None,
            _ => Some(Tier::Ci),
        },
        only: args.only.clone(),
        shard,
    };
    // SANY's warnings of PlusCal translations older than their algorithms, as TLC prints them.
    for w in tla_suite::pcal::suite_warnings(&m) {
        println!("Warning: {w}");
    }
    let inputs = tla_suite::inputs::Snapshot::take(&m);
    let items = runner::plan(&m, &sel);
    let exec = executor()?;
    let parallel = args.jobs.unwrap_or_else(exec::default_parallelism);
    let progress = |line: String| eprintln!("{line}");
    // Traces are validated by child `tlacheck trace validate` processes, like the checks.
    let traces = tla_suite::trace_exec::SubprocessTraces {
        exe: exec.exe.clone(),
    };
    let outcomes = runner::run_with_progress(items, &exec, Some(&traces), parallel, &progress);
    // Coverage is checked once per suite run: not in a partial (--only) run, only in shard 1.
    // So are the [[property]] links, static checks like it.
    let whole = args.only.is_empty() && shard.is_none_or(|(i, _)| i == 1);
    let (cov, links) = if whole {
        (coverage::check(&m), properties::check(&m))
    } else {
        (Vec::new(), Vec::new())
    };
    let extras = report::Extras {
        links,
        unchecked: claims::unchecked(&m),
        actions: coverage::ActionMap::of(&m),
    };
    let code = runner::exit_code(
        outcomes
            .iter()
            .map(|o| o.status)
            .chain(cov.iter().map(|c| c.status))
            .chain(extras.links.iter().map(|l| l.status)),
    );
    print!("{}", report::text(&outcomes, &cov, &extras));
    if let Some(p) = &args.report_json {
        let j = report::json(&m.suite.name, &outcomes, &cov, &extras, code);
        write(p, &format!("{j:#}\n"))?;
    }
    if let Some(p) = &args.junit {
        write(
            p,
            &report::junit(&m.suite.name, &outcomes, &cov, &extras.links),
        )?;
    }
    args.report.annotate(&tla_report::annotate::suite(
        &m,
        &outcomes,
        &cov,
        &extras.links,
    ));
    args.report.write_html(|| {
        let run = tla_report::html::SuiteRun {
            suite: &m.suite.name,
            manifest: &args.manifest.display().to_string(),
            version: &super::report_opts::version(),
            exit_code: code,
            seconds: start.elapsed().as_secs_f64(),
        };
        tla_report::html::suite_page(&run, &outcomes, &cov, &extras)
    })?;
    let count = |s| {
        outcomes.iter().filter(|o| o.status == s).count()
            + cov.iter().filter(|c| c.status == s).count()
            + extras.links.iter().filter(|l| l.status == s).count()
    };
    println!(
        "\n{}: {} held, {} failed, {} could not run (exit {code})",
        m.suite.name,
        count(runner::Status::Held),
        count(runner::Status::Failed),
        count(runner::Status::CouldNotRun)
    );
    let changed = inputs.changed();
    for f in &changed {
        println!(
            "Error: {} changed while the suite ran: the results above may mix its old and new \
             contents; run the suite again.",
            f.display()
        );
    }
    Ok(if changed.is_empty() { code } else { 2 })
}

fn update_coverage(m: &manifest::Manifest) -> Result<u8, String> {
    if m.coverage.is_none() {
        return Err(format!(
            "{}: no [coverage] table to update",
            m.path.display()
        ));
    }
    let outcomes = coverage::check(m);
    coverage::update::updatable(&outcomes)?;
    let commit = coverage::update::head_commit(&m.dir)?;
    let text = coverage::update::updated_text(m, &outcomes, &commit)?;
    write(&m.path, &text)?;
    for o in &outcomes {
        println!(
            "{} {} (action {}): {}",
            o.file,
            o.code,
            o.action,
            o.sha256.as_deref().unwrap_or("")
        );
    }
    println!(
        "{}: {} coverage hashes recorded at sync_commit {commit}",
        m.path.display(),
        outcomes.len()
    );
    Ok(0)
}
