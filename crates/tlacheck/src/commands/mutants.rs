//! `tlacheck mutants`: the suite's declared mutants, or (`--auto`) mutants generated from each
//! check's spec, with a mutation score.

use std::path::PathBuf;
use tla_suite::mutants::campaign;
use tla_suite::runner::{self, Kind, Selection};
use tla_suite::{exec, manifest, report};

#[derive(clap::Args)]
pub struct Args {
    /// The suite manifest.
    #[arg(default_value = "verify.toml")]
    manifest: PathBuf,
    /// Generate mutants of each check's spec instead of running the declared ones.
    #[arg(long)]
    auto: bool,
    /// Only these checks (by check name or spec file); repeatable or comma-separated.
    #[arg(long, value_name = "SPEC", value_delimiter = ',')]
    only: Vec<String>,
    /// With --auto: mutate only these definitions; repeatable or comma-separated.
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    definition: Vec<String>,
    /// Which checks: ci, nightly, or all (default).
    #[arg(long, default_value = "all", value_parser = ["ci", "nightly", "all"])]
    tier: String,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
    /// With --auto: exit 1 when a check's mutation score (percent) is below this.
    #[arg(long = "min-score", value_name = "PERCENT")]
    min_score: Option<f64>,
    /// Checks run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
}

/// `--only X` names a check, or its spec with or without `.tla`.
fn wanted_one(only: &str, name: &str, spec: &str) -> bool {
    only == name || only.trim_end_matches(".tla") == spec.trim_end_matches(".tla")
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
    let m = manifest::load(&args.manifest).map_err(|e| e.message)?;
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find the tlacheck executable: {e}"))?;
    let exec = exec::Subprocess { exe };
    let parallel = args.jobs.unwrap_or_else(exec::default_parallelism);
    let wanted = |name: &str, spec: &str| {
        args.only.is_empty() || args.only.iter().any(|o| wanted_one(o, name, spec))
    };
    let tier = match args.tier.as_str() {
        "ci" => Some(manifest::Tier::Ci),
        "nightly" => Some(manifest::Tier::Nightly),
        _ => None,
    };
    let in_tier = |check: &str| {
        m.check(check)
            .is_some_and(|c| tier.is_none_or(|t| c.tier() == t))
    };
    if let Some(name) = args.only.iter().find(|o| {
        !m.checks
            .iter()
            .any(|c| wanted_one(o, c.name.get_ref(), c.spec.get_ref()))
    }) {
        return Err(format!(
            "--only {name}: {} has no check or spec of that name",
            m.path.display()
        ));
    }
    if !args.auto {
        let items: Vec<_> = runner::plan(&m, &Selection::default())
            .into_iter()
            .filter(|i| i.kind == Kind::Mutant && wanted(&i.check, &i.spec) && in_tier(&i.check))
            .collect();
        let outcomes = runner::run(items, &exec, None, parallel);
        let code = runner::exit_code(outcomes.iter().map(|o| o.status));
        let extras = report::Extras {
            actions: tla_suite::coverage::ActionMap::of(&m),
            ..report::Extras::default()
        };
        if args.json {
            let j = report::json(&m.suite.name, &outcomes, &[], &extras, code);
            println!("{j:#}");
        } else {
            print!("{}", report::text(&outcomes, &[], &extras));
        }
        return Ok(code);
    }
    let mut code = 0;
    let mut all = Vec::new();
    for c in m.checks.iter().filter(|c| {
        c.expect.is_none()
            && wanted(c.name.get_ref(), c.spec.get_ref())
            && in_tier(c.name.get_ref())
    }) {
        match campaign::run(&m, c, &args.definition, &exec, parallel) {
            Ok(camp) => {
                if let (Some(min), Some(score)) = (args.min_score, camp.score()) {
                    if score * 100.0 < min {
                        code = code.max(1);
                    }
                }
                if args.json {
                    all.push(campaign::json(&camp));
                } else {
                    println!("{}", campaign::text(&camp));
                }
            }
            Err(e) => {
                eprintln!("{}: {e}", c.name.get_ref());
                code = 2;
            }
        }
    }
    if args.json {
        println!(
            "{:#}",
            serde_json::json!({ "suite": m.suite.name, "checks": all })
        );
    }
    Ok(code)
}
