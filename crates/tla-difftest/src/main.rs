//! `tla-difftest exprs|specs`: see the crate's documentation.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tla_difftest::choices::Seeded;
use tla_difftest::expr::{Expr, Gen, KINDS};
use tla_difftest::exprs::{eval_all, Value};
use tla_difftest::outcome::{differences, read};
use tla_difftest::spec::Spec;
use tla_difftest::tool::Tool;

#[derive(Parser)]
#[command(about = "Random TLA+ run by tlacheck and by TLC, the answers compared")]
struct Cli {
    #[command(subcommand)]
    what: What,
    /// The tlacheck binary.
    #[arg(long, global = true, default_value = "target/release/tlacheck")]
    tlacheck: PathBuf,
    /// TLC's tla2tools.jar.
    #[arg(long, global = true, default_value = "../shared/tlc/tla2tools.jar")]
    tlc: PathBuf,
    /// Where reproducers of differences are written.
    #[arg(long, global = true, default_value = "/tmp/difftest")]
    out: PathBuf,
    #[arg(long, global = true, default_value_t = 1)]
    seed: u64,
    #[arg(long, global = true, default_value_t = 100)]
    count: usize,
    /// Differences shrunk (each shrink costs TLC runs); later ones are written as found.
    #[arg(long, global = true, default_value_t = 10)]
    shrink: usize,
}

#[derive(Subcommand)]
enum What {
    /// Expressions, many to a run, printed with PrintT.
    Exprs {
        #[arg(long, default_value_t = 500)]
        batch: usize,
        /// Of the expressions tlacheck fails on, one in this many is run in TLC too (each
        /// costs a TLC start).
        #[arg(long, default_value_t = 50)]
        error_sample: usize,
    },
    /// Specifications, model-checked.
    Specs {
        /// Seconds a run may take; a spec either tool does not finish in is skipped.
        #[arg(long, default_value_t = 60)]
        timeout: u64,
    },
}

fn main() {
    let cli = Cli::parse();
    // The tools run in a work folder: their paths must not be relative.
    let absolute = |p: &Path| match std::fs::canonicalize(p) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{}: {e}", p.display());
            std::process::exit(2);
        }
    };
    let ours = Tool::Tlacheck(absolute(&cli.tlacheck));
    let theirs = Tool::Tlc(absolute(&cli.tlc));
    if let Err(e) = std::fs::create_dir_all(&cli.out) {
        eprintln!("{}: {e}", cli.out.display());
        std::process::exit(2);
    }
    let found = match cli.what {
        What::Exprs {
            batch,
            error_sample,
        } => exprs(&cli, &ours, &theirs, batch.max(1), error_sample.max(1)),
        What::Specs { timeout } => specs(&cli, &ours, &theirs, Duration::from_secs(timeout)),
    };
    std::process::exit(if found == 0 { 0 } else { 1 });
}

fn work_dir(out: &Path, name: &str) -> PathBuf {
    let dir = out.join(name);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Whether the two tools print different things for one expression.
fn expr_differs(e: &Expr, ours: &Tool, theirs: &Tool, dir: &Path) -> bool {
    let text = [e.to_string()];
    let limit = Duration::from_secs(30);
    eval_all(ours, dir, &text, limit) != eval_all(theirs, dir, &text, limit)
}

fn exprs(cli: &Cli, ours: &Tool, theirs: &Tool, batch: usize, error_sample: usize) -> usize {
    let dir = work_dir(&cli.out, "work");
    let limit = Duration::from_secs(120);
    let (mut compared, mut errors, mut sampled, mut found) = (0, 0, 0, 0);
    let mut start = 0;
    while start < cli.count {
        let n = batch.min(cli.count - start);
        let trees: Vec<Expr> = (start..start + n)
            .map(|i| {
                let mut c = Seeded::new(cli.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
                let mut g = Gen::new(&mut c);
                let kind = KINDS[g.pick(KINDS.len())];
                g.of(kind, 5)
            })
            .collect();
        let texts: Vec<String> = trees.iter().map(Expr::to_string).collect();
        let our_values = eval_all(ours, &dir, &texts, limit);
        // TLC sees what tlacheck evaluated, in one run, and a sample of what it refused.
        let mut asked = Vec::new();
        let mut failed_seen = 0;
        for (i, v) in our_values.iter().enumerate() {
            if matches!(v, Value::Printed(_)) {
                asked.push(i);
            } else {
                errors += 1;
                failed_seen += 1;
                if failed_seen % error_sample == 1 {
                    sampled += 1;
                    asked.push(i);
                }
            }
        }
        let asked_texts: Vec<String> = asked.iter().map(|&i| texts[i].clone()).collect();
        let their_values = eval_all(theirs, &dir, &asked_texts, limit);
        for (&i, theirs_v) in asked.iter().zip(&their_values) {
            compared += 1;
            if *theirs_v == our_values[i] {
                continue;
            }
            found += 1;
            let small = match found <= cli.shrink {
                true => shrink(&trees[i], |e| expr_differs(e, ours, theirs, &dir)),
                false => trees[i].clone(),
            };
            let text = [small.to_string()];
            let report = format!(
                "expression (seed {}, index {}):\n{}\nshrunk:\n{}\ntlacheck: {:?}\nTLC: {:?}\n",
                cli.seed,
                start + i,
                texts[i],
                text[0],
                eval_all(ours, &dir, &text, limit),
                eval_all(theirs, &dir, &text, limit),
            );
            let _ = std::fs::write(
                cli.out.join(format!("expr-{}-{}.txt", cli.seed, start + i)),
                &report,
            );
            println!("DIFFERENCE {report}");
        }
        start += n;
        println!(
            "{start} generated, {compared} compared with TLC ({errors} failed in tlacheck, {sampled} of them run in TLC), {found} differences"
        );
    }
    found
}

/// The smallest expression found that still differs: greedy, one cut at a time.
fn shrink(e: &Expr, mut differs: impl FnMut(&Expr) -> bool) -> Expr {
    let mut current = e.clone();
    let mut tries = 0;
    'cut: while tries < 200 {
        for candidate in current.smaller() {
            tries += 1;
            if differs(&candidate) {
                current = candidate;
                continue 'cut;
            }
        }
        break;
    }
    current
}

fn run_spec(
    spec: &Spec,
    tool: &Tool,
    dir: &Path,
    limit: Duration,
) -> Option<tla_difftest::outcome::Outcome> {
    let _ = std::fs::write(dir.join("G.tla"), spec.module());
    let _ = std::fs::write(dir.join("G.cfg"), spec.config());
    let run = tool.check(dir, "G", &[], limit);
    (!run.timed_out).then(|| read(&run.stdout, run.code))
}

fn spec_differences(
    spec: &Spec,
    ours: &Tool,
    theirs: &Tool,
    dir: &Path,
    limit: Duration,
) -> Option<Vec<String>> {
    let a = run_spec(spec, ours, dir, limit)?;
    let b = run_spec(spec, theirs, dir, limit)?;
    Some(differences(&a, &b))
}

fn specs(cli: &Cli, ours: &Tool, theirs: &Tool, limit: Duration) -> usize {
    let dir = work_dir(&cli.out, "work");
    let (mut compared, mut skipped, mut found) = (0, 0, 0);
    let mut verdicts = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..cli.count {
        let seed = cli.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
        let spec = Spec::generate(&mut Seeded::new(seed));
        let Some(a) = run_spec(&spec, ours, &dir, limit) else {
            skipped += 1;
            continue;
        };
        let Some(b) = run_spec(&spec, theirs, &dir, limit) else {
            skipped += 1;
            continue;
        };
        compared += 1;
        let verdict = b
            .verdict
            .split(" is violated")
            .next()
            .unwrap_or("")
            .to_string();
        *verdicts.entry(verdict).or_default() += 1;
        let diffs = differences(&a, &b);
        if diffs.is_empty() {
            continue;
        }
        found += 1;
        let mut small = spec.clone();
        let mut tries = if found <= cli.shrink { 0 } else { usize::MAX };
        'cut: while tries < 60 {
            for candidate in small.smaller() {
                tries += 1;
                if spec_differences(&candidate, ours, theirs, &dir, limit)
                    .is_some_and(|d| !d.is_empty())
                {
                    small = candidate;
                    continue 'cut;
                }
            }
            break;
        }
        let keep = work_dir(&cli.out, &format!("spec-{seed}"));
        let _ = std::fs::write(keep.join("G.tla"), small.module());
        let _ = std::fs::write(keep.join("G.cfg"), small.config());
        let _ = std::fs::write(keep.join("differences.txt"), diffs.join("\n") + "\n");
        println!(
            "DIFFERENCE spec seed {seed}: {} (kept in {})",
            diffs.join("; "),
            keep.display()
        );
        if (i + 1) % 25 == 0 {
            println!(
                "{} generated, {compared} compared, {skipped} skipped, {found} differences",
                i + 1
            );
        }
    }
    println!("{} generated, {compared} compared, {skipped} skipped (a tool past the time limit), {found} differences", cli.count);
    println!("TLC's verdicts: {verdicts:?}");
    found
}
