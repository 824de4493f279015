//! `tlacheck conformance`: run the corpus models TLC was run on and compare our figures with
//! TLC's, writing a Markdown table. Each model runs in its own process (a clean string-intern
//! order, and a time limit that can be enforced by killing it).

use super::child::{run_child, Ran};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus folder holding expected.json.
    #[arg(long, default_value = "../shared/corpus")]
    pub(super) corpus: PathBuf,
    /// Run TLC's regression models in this folder (its expected.json lists each model's
    /// run_command) instead of the corpus.
    #[arg(long, value_name = "DIR")]
    tlcregress: Option<PathBuf>,
    /// Translate the PlusCal specs in this folder (../shared/pcal) and compare with what
    /// pcal.trans wrote, instead of checking models.
    #[arg(long, value_name = "DIR")]
    pcal: Option<PathBuf>,
    /// Only models TLC finished in at most this many seconds.
    #[arg(long, default_value_t = 60.0)]
    pub(super) max_tlc_seconds: f64,
    /// Each model may take at most this many times TLC's seconds.
    #[arg(long, default_value_t = 10.0)]
    pub(super) time_factor: f64,
    /// Only models whose id contains this text.
    #[arg(long)]
    pub(super) filter: Option<String>,
    /// Write the Markdown report here.
    #[arg(long)]
    pub(super) out: Option<PathBuf>,
    /// Models run at once.
    #[arg(long, default_value_t = 2)]
    pub(super) jobs: usize,
    /// Worker threads of each model's check (TLC's figures do not depend on them).
    #[arg(long, default_value_t = 1)]
    pub(super) workers: u32,
    /// Corpus: only the PlusCal models, each checked with `check --translate` (our
    /// translation in memory instead of the one in the file) and compared with TLC's
    /// figures; for a model TLC did not finish, our translation of each module compared with
    /// the one it ships with, and where they differ both checked to the same depth.
    #[arg(long, conflicts_with_all = ["tlcregress", "pcal", "compare_workers"])]
    pub(super) translate: bool,
    /// With --translate: a model TLC did not finish is checked to the deepest level
    /// (`--invlevel`) the shipped translation reaches in about this many seconds.
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub(super) bound_seconds: f64,
    /// With --translate: check a model TLC did not finish to this level instead (the same
    /// for every such model), so that a run is repeated exactly.
    #[arg(long, value_name = "L", value_parser = clap::value_parser!(u64).range(2..))]
    pub(super) bound_level: Option<u64>,
    /// Run each model at each of these worker counts (e.g. 1,2,3,7) with `--json` and compare
    /// every result with the first count's, the whole JSON object but for what may vary.
    #[arg(long, value_name = "N,...", value_delimiter = ',', conflicts_with = "pcal",
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub(super) compare_workers: Option<Vec<u32>>,
}

/// One model's comparison.
pub struct Row {
    pub id: String,
    pub temporal: bool,
    pub tlc: Json,
    pub ours: Option<Json>,
    pub seconds: f64,
    /// `None` when exact, else the first difference.
    pub difference: Option<String>,
}

pub(super) const IN_SCOPE: &[&str] = &[
    "success",
    "safety failure",
    "deadlock failure",
    "assumption failure",
    "liveness failure",
];

/// TLC's outcomes that are errors: ours must be an error too (any), never a verdict.
pub(super) const ERRORS: &[&str] = &["parse error", "error"];

pub fn run(args: Args) -> u8 {
    if let Some(dir) = &args.pcal {
        return super::conformance_pcal::run(dir, args.filter.as_deref(), args.out.as_deref());
    }
    let folder = args.tlcregress.as_ref().unwrap_or(&args.corpus);
    let path = folder.join("expected.json");
    let models: Vec<Json> = match std::fs::read_to_string(&path).map(|t| serde_json::from_str(&t)) {
        Ok(Ok(Json::Array(a))) => a,
        Ok(_) => {
            eprintln!("{}: not a JSON array", path.display());
            return 2;
        }
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return 2;
        }
    };
    let wanted = |m: &&Json| {
        args.filter
            .as_ref()
            .is_none_or(|f| m["id"].as_str().unwrap_or("").contains(f))
    };
    let exe = std::env::current_exe().expect("own path");
    if let (Some(counts), Some(suite)) = (&args.compare_workers, &args.tlcregress) {
        let selected: Vec<&Json> = models.iter().filter(wanted).collect();
        return super::conformance_workers::run(&exe, &args, counts, &selected, Some(suite));
    }
    if args.translate {
        // Those TLC finished within --max-tlc-seconds, and those it did not finish.
        let selected: Vec<&Json> = (models.iter())
            .filter(|m| m["features"]["pluscal"] == true)
            .filter(|m| {
                m["tlc"]["outcome"] == "timeout"
                    || m["tlc"]["seconds"].as_f64().unwrap_or(f64::MAX) <= args.max_tlc_seconds
            })
            .filter(wanted)
            .collect();
        return super::conformance_translate::run(&exe, &args, &selected);
    }
    if let Some(suite) = &args.tlcregress {
        let selected: Vec<&Json> = models.iter().filter(wanted).collect();
        let rows = in_parallel(&selected, args.jobs, |m| {
            let r = super::conformance_regress::run_entry(
                &exe,
                suite,
                m,
                args.time_factor,
                args.workers,
            );
            eprintln!(
                "{:<50} {:>7.2}s  {}",
                r.id,
                r.seconds,
                r.difference.as_deref().unwrap_or("exact")
            );
            r
        });
        let command = format!(
            "tlacheck conformance --tlcregress {} --out docs/CONFORMANCE.md",
            suite.display()
        );
        let md = super::conformance_regress::markdown(&rows, &command);
        let exact = rows.iter().filter(|r| r.difference.is_none()).count();
        eprintln!(
            "conformance (TLC's regression models): {exact}/{} exact",
            rows.len()
        );
        return write_section(args.out.as_deref(), "tlcregress", &md);
    }
    let selected: Vec<&Json> = models
        .iter()
        .filter(|m| {
            let outcome = m["tlc"]["outcome"].as_str().unwrap_or("");
            IN_SCOPE.contains(&outcome) || ERRORS.contains(&outcome)
        })
        .filter(|m| m["tlc"]["seconds"].as_f64().unwrap_or(f64::MAX) <= args.max_tlc_seconds)
        .filter(wanted)
        .collect();
    if let Some(counts) = &args.compare_workers {
        return super::conformance_workers::run(&exe, &args, counts, &selected, None);
    }
    let rows = in_parallel(&selected, args.jobs, |m| {
        let row = run_model(&exe, &args, m, &[]);
        eprintln!(
            "{:<60} {:>7.2}s  {}",
            row.id,
            row.seconds,
            row.difference.as_deref().unwrap_or("exact")
        );
        row
    });
    let md = markdown(&rows, &args);
    let (exact, total) = totals(&rows, |_| true);
    eprintln!("conformance: {exact}/{total} exact");
    write_section(args.out.as_deref(), "corpus", &md)
}

/// `f` over `items` on `jobs` threads; the results sorted by id as `id` gives it.
pub(super) fn in_parallel<'a, R: Send + HasId>(
    items: &[&'a Json],
    jobs: usize,
    f: impl Fn(&'a Json) -> R + Sync,
) -> Vec<R> {
    let rows = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().expect("lock");
                    *n += 1;
                    *n - 1
                };
                let Some(m) = items.get(i) else { break };
                let r = f(m);
                rows.lock().expect("lock").push(r);
            });
        }
    });
    let mut rows = rows.into_inner().expect("lock");
    rows.sort_by(|a, b| a.id().cmp(b.id()));
    rows
}

pub trait HasId {
    fn id(&self) -> &str;
}

impl HasId for Row {
    fn id(&self) -> &str {
        &self.id
    }
}

impl HasId for super::conformance_regress::Row {
    fn id(&self) -> &str {
        &self.id
    }
}

/// Writes `md` to `out` (stdout when None). The report file holds one section per suite,
/// between markers, so that each suite's run replaces its own section and keeps the other's.
pub(super) fn write_section(out: Option<&Path>, name: &str, md: &str) -> u8 {
    let Some(path) = out else {
        print!("{md}");
        return 0;
    };
    let begin = format!("<!-- {name}: begin -->\n");
    let end = format!("<!-- {name}: end -->\n");
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let section = format!("{begin}{md}{end}");
    let new = match (old.find(&begin), old.find(&end)) {
        (Some(a), Some(b)) if a < b => {
            format!("{}{section}{}", &old[..a], &old[b + end.len()..])
        }
        // A report from before the sections (one suite's table alone) is replaced by the corpus.
        _ if old.is_empty() || (name == "corpus" && !old.contains(": begin -->")) => section,
        _ if name == "corpus" => format!("{section}\n{old}"),
        _ => format!("{}\n{section}", old.trim_end()),
    };
    match std::fs::write(path, new) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            2
        }
    }
}

/// Model `m` run as TLC was, with `extra` arguments to check (`--translate`), and compared.
pub(super) fn run_model(exe: &Path, args: &Args, m: &Json, extra: &[&str]) -> Row {
    let id = m["id"].as_str().unwrap_or("?").to_string();
    let tlc = m["tlc"].clone();
    let temporal = tlc["temporal_checked"].as_bool().unwrap_or(false);
    let limit = Duration::from_secs_f64(
        (tlc["seconds"].as_f64().unwrap_or(1.0) * args.time_factor).max(1.0),
    );
    let mut command = model_command(exe, &args.corpus, m, args.workers);
    command.args(extra);
    let (status, stdout, stderr, seconds) = match run_child(command, limit) {
        Ran::Finished {
            status,
            stdout,
            stderr,
            seconds,
        } => (status, stdout, stderr, seconds),
        Ran::TimedOut { seconds } => {
            let why = format!("timeout after {:.0}s", limit.as_secs_f64());
            return row(id, temporal, tlc, None, seconds, Some(why));
        }
        Ran::Failed(e) => {
            let why = format!("could not start: {e}");
            return row(id, temporal, tlc, None, 0.0, Some(why));
        }
    };
    // Read as a script reads TLC's stdout: the messages and statistics lines.
    let ours = Some(super::tlc_output::read(&stdout)).filter(|o| !o["outcome"].is_null());
    let tlc_error = ERRORS.contains(&tlc["outcome"].as_str().unwrap_or(""));
    if tlc_error {
        // Any error of ours (an exit status TLC gives no verdict with) matches TLC's error.
        let verdict = matches!(status, Some(0 | 10 | 11 | 12 | 13) | None);
        let why = verdict.then(|| format!("exit {status:?}, TLC an error"));
        return row(id, temporal, tlc, ours, seconds, why);
    }
    let Some(ours) = ours else {
        let first = stderr
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no output");
        return row(
            id,
            temporal,
            tlc,
            None,
            seconds,
            Some(format!("no result: {first}")),
        );
    };
    let diff = compare(&tlc, &ours);
    row(id, temporal, tlc, Some(ours), seconds, diff)
}

/// TLC's seed and fingerprint polynomial for the run, which random choices depend on.
/// The child command that runs model `m` as TLC was run: in its folder, with its root module
/// and .cfg, TLC's -D properties, seed and fingerprint index, and the trace file a trace
/// validation spec reads.
pub(super) fn model_command(exe: &Path, corpus: &Path, m: &Json, workers: u32) -> Command {
    let tlc = &m["tlc"];
    let dir = corpus.join(m["folder"].as_str().unwrap_or(""));
    let root = format!("{}.tla", m["root_module"].as_str().unwrap_or(""));
    let cfg = m["cfg"].as_str().unwrap_or("").to_string();
    // Java system properties TLC was run with (some specs read them with TLCGet).
    let defines: Vec<String> = m["tlc_command"]
        .as_str()
        .unwrap_or("")
        .split_whitespace()
        .filter(|w| w.starts_with("-D") && !w.starts_with("-Dtlc2.TLC.ide"))
        .map(|w| format!("--define={}", &w[2..]))
        .collect();
    // A trace-validation spec reads its trace from the file named by $JSON, or from a path
    // relative to the Examples repository's root, where TLC was run; give it the file here.
    let data: Vec<&str> = m["data_files"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|f| f.as_str())
                .filter(|f| f.ends_with(".ndjson"))
                .collect()
        })
        .unwrap_or_default();
    let mut extra: Vec<std::ffi::OsString> = defines.into_iter().map(Into::into).collect();
    extra.extend(seed_and_fp(tlc).into_iter().map(Into::into));
    tla_suite::child::CheckCommand {
        exe: exe.to_path_buf(),
        spec: root.into(),
        config: Some(cfg.into()),
        library: vec!["../_community".into(), "../_tlapm".into()],
        dir: Some(dir),
        workers: Some(workers),
        // The corpus's figures are TLC's with `-lncheck final`.
        lncheck_final: true,
        extra,
        env: match data[..] {
            [file] => vec![("JSON".into(), file.into())],
            _ => Vec::new(),
        },
        ..Default::default()
    }
    .command()
}

pub(super) fn seed_and_fp(tlc: &Json) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(seed) = tlc["seed"].as_str() {
        out.push(format!("--seed={seed}"));
    }
    if let Some(fp) = tlc["fp"].as_u64() {
        out.push(format!("--fp={fp}"));
    }
    out
}

fn row(
    id: String,
    temporal: bool,
    tlc: Json,
    ours: Option<Json>,
    seconds: f64,
    difference: Option<String>,
) -> Row {
    Row {
        id,
        temporal,
        tlc,
        ours,
        seconds,
        difference,
    }
}

/// The first difference from TLC, or None when exact.
pub fn compare(tlc: &Json, ours: &Json) -> Option<String> {
    let t_out = tlc["outcome"].as_str().unwrap_or("");
    let o_out = ours["outcome"].as_str().unwrap_or("");
    if t_out != o_out {
        let why = ours["error"]
            .as_str()
            .map(|e| format!(" ({})", first_line(e)))
            .unwrap_or_default();
        return Some(format!("outcome {o_out}{why}, TLC {t_out}"));
    }
    if tlc["violated"] != ours["violated"] && !tlc["violated"].is_null() {
        return Some(format!(
            "violated {}, TLC {}",
            ours["violated"], tlc["violated"]
        ));
    }
    let fields: &[&str] = match t_out {
        "success" => &["distinct", "generated", "depth"],
        "liveness failure" => &[],
        _ => &["trace_len"],
    };
    for f in fields {
        if tlc[*f] != ours[*f] {
            return Some(format!("{f} {}, TLC {}", ours[*f], tlc[*f]));
        }
    }
    None
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

fn totals(rows: &[Row], keep: impl Fn(&Row) -> bool) -> (usize, usize) {
    let kept: Vec<&Row> = rows.iter().filter(|r| keep(r)).collect();
    (
        kept.iter().filter(|r| r.difference.is_none()).count(),
        kept.len(),
    )
}

fn markdown(rows: &[Row], args: &Args) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let (e_all, n_all) = totals(rows, |_| true);
    let (e_safe, n_safe) = totals(rows, |r| !r.temporal);
    let (e_fast, n_fast) = totals(rows, |r| r.tlc["seconds"].as_f64().unwrap_or(99.0) <= 5.0);
    let _ = writeln!(s, "# Conformance with TLC\n");
    let _ = writeln!(
        s,
        "Produced by `tlacheck conformance --corpus {} --max-tlc-seconds {} --out docs/CONFORMANCE.md` \
         (release build): every model of expected.json whose TLC outcome is success, safety, deadlock, \
         assumption or liveness failure, or an error, and whose TLC time is at most {} s, each run with a limit of \
         {}x TLC's seconds. Each run's stdout is read as a script reads TLC's: the first `Error:` message \
         names the outcome and the violated property, the statistics lines give the figures.\n",
        args.corpus.display(),
        args.max_tlc_seconds,
        args.max_tlc_seconds,
        args.time_factor
    );
    let _ = writeln!(s, "A model is exact when outcome and violated property equal TLC's and, for a passing model, distinct states, states generated and depth; for a violation, the counterexample length; where TLC stops with an error, when ours is an error too (never a verdict).\n");
    let _ = writeln!(s, "| set | exact |\n|---|---|");
    let _ = writeln!(s, "| all models run | {e_all} / {n_all} |");
    let _ = writeln!(s, "| without temporal properties | {e_safe} / {n_safe} |");
    let _ = writeln!(s, "| TLC time at most 5 s | {e_fast} / {n_fast} |\n");
    let _ = writeln!(s, "| model | TLC outcome | TLC distinct / generated / depth (trace) | ours | TLC s | our s | result |");
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    for r in rows {
        let fig = figures;
        let ours = r.ours.as_ref().map(fig).unwrap_or_else(|| "-".into());
        let _ = writeln!(
            s,
            "| {}{} | {} | {} | {} | {} | {:.2} | {} |",
            r.id,
            if r.temporal { " (temporal)" } else { "" },
            r.tlc["outcome"].as_str().unwrap_or(""),
            fig(&r.tlc),
            ours,
            r.tlc["seconds"],
            r.seconds,
            r.difference
                .as_deref()
                .unwrap_or("exact")
                .replace('|', "\\|")
        );
    }
    s
}

/// `distinct / generated / depth (trace length)` of a run's figures, as the reports show them.
pub(super) fn figures(j: &Json) -> String {
    let trace = if j["trace_len"].is_null() {
        String::new()
    } else {
        format!(" ({})", j["trace_len"])
    };
    format!(
        "{} / {} / {}{trace}",
        j["distinct"], j["generated"], j["depth"]
    )
}
