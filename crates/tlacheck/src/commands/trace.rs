//! `tlacheck trace validate` and `tlacheck trace selftest`: an implementation's trace
//! against a spec (see the `tla-trace` crate).

use std::path::PathBuf;
use tla_check::session::Setup;
use tla_trace::{Options, Verdict};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Is the trace a behaviour of the spec? ACCEPTED (exit 0) or REJECTED at step N (exit 1).
    Validate(Common),
    /// Plant bad variants of an accepted trace and require the validator to reject each;
    /// given a verify.toml instead, do so for each of its accepted [[trace]] entries.
    Selftest(Common),
}

#[derive(clap::Args)]
struct Common {
    /// The spec, e.g. Spec.tla (selftest: or a verify.toml, without a trace).
    spec: PathBuf,
    /// The trace: NDJSON, or ITF when the name ends in .itf.json. Validate takes several,
    /// one log per process, merged by the clocks their events carry.
    traces: Vec<PathBuf>,
    /// The model configuration (default: the spec's name with .cfg).
    #[arg(long = "config", value_name = "FILE")]
    config: Option<PathBuf>,
    /// A folder to search for modules (repeatable, searched in order).
    #[arg(long = "library", value_name = "DIR")]
    library: Vec<PathBuf>,
    /// Unlogged steps of Next allowed before each event.
    #[arg(long = "max-skip", value_name = "K", default_value_t = 0)]
    max_skip: usize,
    /// The most spec states that may agree with the events read so far.
    #[arg(long = "max-frontier", value_name = "N", default_value_t = 100_000)]
    max_frontier: usize,
    /// On rejection, write the longest matched prefix to FILE as an ITF trace.
    #[arg(long = "prefix-out", value_name = "FILE")]
    prefix_out: Option<PathBuf>,
    /// validate: print the verdict as one JSON object (tla-suite's `TraceVerdict`) instead.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    report: super::report_opts::ReportArgs,
}

impl Common {
    fn setup(&self) -> Setup {
        Setup {
            config_path: self.config.clone(),
            search: super::search_path(&self.library),
            ..Setup::new(&self.spec)
        }
    }

    pub(super) fn options(&self) -> Options {
        Options {
            max_skip: self.max_skip,
            max_frontier: self.max_frontier,
        }
    }
}

pub fn run(args: Args) -> u8 {
    match args.command {
        Command::Validate(c) => validate(c),
        Command::Selftest(c) => selftest(c),
    }
}

fn validate(c: Common) -> u8 {
    let start = std::time::Instant::now();
    let code = validate_printed(&c);
    let Some((code, verdict)) = code else {
        return 2;
    };
    if let Verdict::Rejected(r) = &verdict {
        let first = c.traces[0].display().to_string();
        c.report
            .annotate(&[tla_report::annotate::rejection(&first, r)]);
    }
    let traces: Vec<String> = c.traces.iter().map(|t| t.display().to_string()).collect();
    let config = (c.config.clone()).unwrap_or_else(|| c.spec.with_extension("cfg"));
    let written = c.report.write_html(|| {
        let run = tla_report::html::TraceRun {
            spec: &c.spec.display().to_string(),
            config: &config.display().to_string(),
            traces: &traces,
            version: &super::report_opts::version(),
            seconds: start.elapsed().as_secs_f64(),
        };
        tla_report::html::trace_page(&run, &verdict)
    });
    if let Err(e) = written {
        eprintln!("{e}");
        return 2;
    }
    code
}

/// Validates and prints the verdict: its exit code and the verdict, `None` when it could not
/// run (exit 2, the error printed and annotated).
fn validate_printed(c: &Common) -> Option<(u8, Verdict)> {
    if c.traces.is_empty() {
        eprintln!("trace validate: give the spec and the trace, e.g. Spec.tla trace.ndjson");
        return None;
    }
    let mut traces = Vec::with_capacity(c.traces.len());
    for path in &c.traces {
        match tla_trace::read_trace(path) {
            Ok(t) => traces.push(t),
            Err(e) => {
                eprintln!("{e}");
                super::trace_json::error(c.json, &e.to_string());
                c.report.diagnostics(&e.to_string(), path);
                return None;
            }
        }
    }
    let verdict = match tla_trace::validate_files(&c.setup(), &traces, &c.options()) {
        Err(f) => {
            eprint!("{}", f.message);
            super::trace_json::error(c.json, &f.message);
            c.report.diagnostics(&f.message, &c.spec);
            return None;
        }
        Ok(v) => v,
    };
    match &verdict {
        Verdict::Accepted {
            events,
            largest_frontier,
            ..
        } => {
            let (events, largest_frontier) = (*events, *largest_frontier);
            if c.json {
                super::trace_json::accepted(events, largest_frontier);
            } else if traces.len() > 1 {
                println!(
                    "ACCEPTED ({events} events of {} logs, largest frontier {largest_frontier})",
                    traces.len()
                );
            } else {
                println!("ACCEPTED ({events} events, largest frontier {largest_frontier})");
            }
            Some((0, verdict))
        }
        Verdict::Rejected(r) => {
            let source = r.file.as_deref().unwrap_or(&traces[0].file);
            if c.json {
                super::trace_json::rejected(source, r);
            } else {
                print!("{}", r.render());
            }
            if let Some(path) = &c.prefix_out {
                let doc = tla_trace::itf::trace_to_itf(source, &r.vars, &r.prefix)
                    .and_then(|d| serde_json::to_string_pretty(&d).map_err(|e| e.to_string()))
                    .and_then(|s| std::fs::write(path, s + "\n").map_err(|e| e.to_string()));
                match doc {
                    Ok(()) => println!(
                        "The matched prefix ({} state(s)) was written to {}",
                        r.prefix.len(),
                        path.display()
                    ),
                    Err(e) => {
                        eprintln!("{}: cannot write the prefix: {e}", path.display());
                        return None;
                    }
                }
            }
            Some((1, verdict))
        }
    }
}

fn selftest(c: Common) -> u8 {
    if c.traces.is_empty() {
        return super::trace_suite::selftest_manifest(&c.spec, &c.options());
    }
    selftest_one(&c.setup(), &c.traces, &c.options())
}

/// Self-tests one trace (or several processes' logs together) against the spec `setup` names
/// and prints the report: exit 0 passed, 1 a planted change not rejected (or the trace
/// rejected), 2 could not run.
pub(super) fn selftest_one(setup: &Setup, trace_paths: &[PathBuf], options: &Options) -> u8 {
    let mut traces = Vec::with_capacity(trace_paths.len());
    for path in trace_paths {
        match tla_trace::read_trace(path) {
            Ok(t) => traces.push(t),
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        }
    }
    let report = match tla_trace::selftest::selftest_files(setup, &traces, options) {
        Ok(r) => r,
        Err(f) => {
            eprint!("{}", f.message);
            return 2;
        }
    };
    match &report.original {
        Verdict::Accepted { events, .. } => {
            println!("the trace as given: ACCEPTED ({events} events)")
        }
        Verdict::Rejected(r) => {
            println!("the trace as given must be accepted first:");
            print!("{}", r.render());
            return 1;
        }
    }
    for p in &report.planted {
        println!("{}", p.render());
    }
    let failed = report.planted.iter().filter(|p| !p.passed()).count();
    if failed == 0 {
        println!(
            "SELFTEST PASSED ({} planted changes rejected)",
            report.planted.len()
        );
        0
    } else {
        println!(
            "SELFTEST FAILED ({failed} of {} planted changes not rejected as required)",
            report.planted.len()
        );
        1
    }
}
