//! `tlacheck conformance --translate`: the corpus's PlusCal models (`features.pluscal`), each
//! checked with its algorithms translated by tla-pcal (`check --translate`) instead of the
//! translation the file ships with. A model TLC finished is compared with TLC's figures as
//! the plain corpus run compares it. For a model TLC did not finish (outcome `timeout`), the
//! translation of each module is compared with the shipped one (the lines between `BEGIN
//! TRANSLATION` and `END TRANSLATION`, so the checksum line aside): equal, or the differing
//! lines listed and both versions checked to the same depth with `--invlevel L` (a bound on
//! the level, deterministic with one worker, unlike a time limit), the whole JSON results
//! compared. L is the deepest level the shipped version reaches within `--bound-seconds`
//! (from 2, one level more while the run is quicker); the level chosen depends on the
//! machine's speed, the comparison at that level does not (`--bound-level L` fixes it).

use super::child::{run_child, Ran};
use super::conformance::{
    in_parallel, model_command, write_section, Args, HasId, ERRORS, IN_SCOPE,
};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub struct Row {
    pub id: String,
    pub tlc: Json,
    /// Our figures (`--translate`, or the bounded run of our translation).
    pub ours: Option<Json>,
    pub seconds: f64,
    /// `None` when the translated model gives the figures wanted.
    pub difference: Option<String>,
    /// What was compared: `TLC's figures`, `translation equal`, `to level L`.
    pub how: String,
}

impl Row {
    /// A model whose translations were compared but not run.
    fn not_checked(
        id: String,
        tlc: Json,
        difference: Option<String>,
        how: impl Into<String>,
    ) -> Row {
        Row {
            id,
            tlc,
            ours: None,
            seconds: 0.0,
            difference,
            how: how.into(),
        }
    }
}

impl HasId for Row {
    fn id(&self) -> &str {
        &self.id
    }
}

pub fn run(exe: &Path, args: &Args, selected: &[&Json]) -> u8 {
    let rows = in_parallel(selected, args.jobs, |m| {
        let r = run_entry(exe, args, m);
        eprintln!(
            "{:<60} {:>7.2}s  {}: {}",
            r.id,
            r.seconds,
            r.how,
            r.difference.as_deref().unwrap_or("exact")
        );
        r
    });
    let exact = rows.iter().filter(|r| r.difference.is_none()).count();
    eprintln!(
        "conformance --translate: {exact}/{} as with the shipped translation",
        rows.len()
    );
    let md = markdown(&rows, args);
    match write_section(args.out.as_deref(), "pluscal-translate", &md) {
        0 => u8::from(exact != rows.len()),
        s => s,
    }
}

fn run_entry(exe: &Path, args: &Args, m: &Json) -> Row {
    let id = m["id"].as_str().unwrap_or("?").to_string();
    let tlc = m["tlc"].clone();
    let outcome = tlc["outcome"].as_str().unwrap_or("");
    let finished = IN_SCOPE.contains(&outcome) || ERRORS.contains(&outcome);
    if finished {
        let r = super::conformance::run_model(exe, args, m, &["--translate"]);
        return Row {
            id,
            tlc,
            ours: r.ours,
            seconds: r.seconds,
            difference: r.difference,
            how: "TLC's figures".into(),
        };
    }
    let dir = args.corpus.join(m["folder"].as_str().unwrap_or(""));
    let root = dir.join(format!("{}.tla", m["root_module"].as_str().unwrap_or("")));
    let diffs = match translation_differences(&dir, &root) {
        Ok(d) => d,
        Err(e) => {
            return Row::not_checked(
                id,
                tlc,
                Some(format!("translation failed: {}", first_line(&e))),
                "translation",
            )
        }
    };
    if diffs.iter().all(|(_, hunks)| hunks.is_empty()) {
        return Row::not_checked(id, tlc, None, "translation equal");
    }
    let listed = (diffs.iter())
        .filter(|(_, h)| !h.is_empty())
        .map(|(file, h)| format!("{file}: {}", describe(h)))
        .collect::<Vec<_>>()
        .join("; ");
    let (level, shipped, ours, seconds) = match bounded(exe, args, m) {
        Ok(x) => x,
        Err(e) => {
            return Row::not_checked(id, tlc, Some(e), format!("translation differs ({listed})"))
        }
    };
    let difference = (shipped != ours).then(|| {
        let mut d = Vec::new();
        first_differences("", &shipped, &ours, &mut d);
        d.truncate(3);
        format!("ours differs from the shipped: {}", d.join(", "))
    });
    Row {
        id,
        tlc,
        ours: Some(ours),
        seconds,
        difference,
        how: format!("translation differs ({listed}); both checked to level {level}"),
    }
}

/// One run of a bounded check: its JSON (volatile parts removed) and seconds.
type Bounded = (Json, f64);

/// The deepest level the shipped translation reaches within the budget, and the results of
/// the shipped and of our translation there.
fn bounded(exe: &Path, args: &Args, m: &Json) -> Result<(u64, Json, Json, f64), String> {
    let limit = Duration::from_secs_f64(args.bound_seconds * 4.0 + 5.0);
    let mut best: Option<(u64, Bounded)> = None;
    if let Some(level) = args.bound_level {
        let limit = Duration::from_secs_f64(args.bound_seconds.max(60.0) * 20.0);
        best = Some((level, run_bounded(exe, args, m, level, false, limit)?));
    }
    for level in (2..=200).filter(|_| args.bound_level.is_none()) {
        let run = match run_bounded(exe, args, m, level, false, limit) {
            Ok(r) => r,
            // Too slow at this level: the previous one is the bound.
            Err(_) if best.is_some() => break,
            Err(e) => return Err(e),
        };
        let at_bound = stopped_at_bound(&run.0);
        let quick = run.1 < args.bound_seconds / 3.0;
        best = Some((level, run));
        // A search that ended before the level (a violation, or every state seen) is the
        // whole search: nothing deeper to compare.
        if !at_bound || !quick {
            break;
        }
    }
    let (level, (shipped, shipped_seconds)) = best.ok_or("no bounded run")?;
    let limit =
        Duration::from_secs_f64((shipped_seconds * 10.0).max(args.bound_seconds * 20.0) + 5.0);
    let (ours, seconds) = run_bounded(exe, args, m, level, true, limit)?;
    Ok((level, shipped, ours, seconds))
}

fn stopped_at_bound(j: &Json) -> bool {
    j["violated"] == "__DebuggerExpr__<ms>"
}

/// Model `m` checked with `--invlevel level` (TLC's -invlevel: the search stops at the first
/// state at that distance), at one worker, with our translation when `translate`.
fn run_bounded(
    exe: &Path,
    args: &Args,
    m: &Json,
    level: u64,
    translate: bool,
    limit: Duration,
) -> Result<Bounded, String> {
    let mut command = model_command(exe, &args.corpus, m, 1);
    command.args(["--json", "--invlevel", &level.to_string()]);
    if translate {
        command.arg("--translate");
    }
    match run_child(command, limit) {
        Ran::Finished {
            stdout,
            stderr,
            seconds,
            ..
        } => {
            let last = stdout.trim().lines().last().unwrap_or("");
            match serde_json::from_str::<Json>(last) {
                Ok(j) => Ok((comparable(j), seconds)),
                Err(_) => Err(format!(
                    "level {level}: no result: {}",
                    first_line(stderr.trim())
                )),
            }
        }
        Ran::TimedOut { .. } => Err(format!(
            "level {level}: timeout after {:.0}s",
            limit.as_secs_f64()
        )),
        Ran::Failed(e) => Err(format!("could not start: {e}")),
    }
}

/// A bounded run's JSON with what two translations may legitimately differ in removed: the
/// time; the -invlevel invariant's name (the run's start in milliseconds); each step's
/// `action`, which gives the action's place in the file (the translations' lines differ); the
/// order of `variables` (older translators declared `pc` last). The states are compared
/// by variable name.
fn comparable(mut j: Json) -> Json {
    if let Some(o) = j.as_object_mut() {
        o.remove("seconds");
        let debugger = (o.get("violated").and_then(Json::as_str))
            .is_some_and(|v| v.starts_with("__DebuggerExpr__"));
        if debugger {
            o.insert("violated".into(), "__DebuggerExpr__<ms>".into());
        }
        if let Some(Json::Array(vars)) = o.get_mut("variables") {
            vars.sort_by_key(|v| v.to_string());
        }
        if let Some(Json::Array(steps)) = o.get_mut("trace") {
            for s in steps.iter_mut().filter_map(Json::as_object_mut) {
                s.remove("action");
            }
        }
    }
    j
}

fn first_differences(path: &str, a: &Json, b: &Json, out: &mut Vec<String>) {
    match (a, b) {
        (Json::Object(x), Json::Object(y)) => {
            for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let p = format!("{path}{}{k}", if path.is_empty() { "" } else { "." });
                let null = &Json::Null;
                first_differences(&p, x.get(k).unwrap_or(null), y.get(k).unwrap_or(null), out);
            }
        }
        (Json::Array(x), Json::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                first_differences(&format!("{path}[{i}]"), u, v, out);
            }
        }
        _ if a != b => out.push(format!("{path} {b}, shipped {a}")),
        _ => {}
    }
}

/// A run of lines that differ: the shipped lines and ours, with the shipped one's 1-based
/// line number in the file.
#[derive(Debug, PartialEq)]
pub struct Hunk {
    pub line: usize,
    pub shipped: Vec<String>,
    pub ours: Vec<String>,
}

/// For each file of the spec's own modules holding an algorithm: its name and the hunks in
/// which our translation differs from the shipped one.
fn translation_differences(dir: &Path, root: &Path) -> Result<Vec<(String, Vec<Hunk>)>, String> {
    let library: Vec<PathBuf> = vec![dir.join("../_community"), dir.join("../_tlapm")];
    let tree = tla_suite::modules::ModuleTree::load(root, &library)?;
    let t = tla_suite::pcal::translate_tree(&tree)?;
    let mut out = Vec::new();
    let root_path = tree.files[0].path.clone();
    for (path, ours) in t
        .root
        .iter()
        .map(|r| (&root_path, r))
        .chain((t.modules.iter()).map(|(p, text)| (p, text)))
    {
        let shipped = (tree.files.iter())
            .find(|f| &f.path == path)
            .map(|f| f.source.text.as_str())
            .unwrap_or("");
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        out.push((name, section_differences(shipped, ours)));
    }
    Ok(out)
}

/// The lines strictly between the `BEGIN TRANSLATION` line (which carries the checksums) and
/// the `END TRANSLATION` line, with the first one's 1-based number; empty when absent.
fn section(text: &str) -> (usize, Vec<&str>) {
    let lines: Vec<&str> = text.lines().collect();
    let Some(b) = lines.iter().position(|l| l.contains("BEGIN TRANSLATION")) else {
        return (0, Vec::new());
    };
    let e = (lines[b + 1..].iter())
        .position(|l| l.contains("END TRANSLATION"))
        .map_or(lines.len(), |e| b + 1 + e);
    (b + 2, lines[b + 1..e].to_vec())
}

/// The hunks in which the translation sections of `shipped` and `ours` differ (a longest
/// common subsequence of lines).
pub fn section_differences(shipped: &str, ours: &str) -> Vec<Hunk> {
    let (first, a) = section(shipped);
    let (_, b) = section(ours);
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut hunks: Vec<Hunk> = Vec::new();
    let mut open: Option<Hunk> = None;
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            hunks.extend(open.take());
            i += 1;
            j += 1;
            continue;
        }
        let h = open.get_or_insert_with(|| Hunk {
            line: first + i,
            shipped: Vec::new(),
            ours: Vec::new(),
        });
        if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
            h.ours.push(b[j].to_string());
            j += 1;
        } else {
            h.shipped.push(a[i].to_string());
            i += 1;
        }
    }
    hunks.extend(open);
    hunks
}

/// The hunks in a few words: how many lines, and of which kind.
fn describe(hunks: &[Hunk]) -> String {
    let layout = |h: &Hunk| {
        let words = |v: &[String]| -> Vec<String> {
            (v.iter())
                .flat_map(|l| l.split_whitespace())
                .map(String::from)
                .collect()
        };
        words(&h.shipped) == words(&h.ours)
    };
    let reorder = |h: &Hunk| {
        let mut a: Vec<&str> = h.shipped.iter().map(String::as_str).collect();
        let mut b: Vec<&str> = h.ours.iter().map(String::as_str).collect();
        let names = |v: &mut Vec<&str>| {
            let mut w: Vec<String> = (v.iter())
                .flat_map(|l| l.split([',', ' ', '<', '>']))
                .filter(|w| !w.is_empty())
                .map(String::from)
                .collect();
            w.sort();
            w
        };
        names(&mut a) == names(&mut b)
    };
    let lines: usize = hunks
        .iter()
        .map(|h| h.shipped.len().max(h.ours.len()))
        .sum();
    let mut kinds = Vec::new();
    if hunks.iter().any(layout) {
        kinds.push("blank lines or spacing".to_string());
    }
    if hunks.iter().any(|h| !layout(h) && reorder(h)) {
        kinds.push("variables in another order".to_string());
    }
    for h in hunks.iter().filter(|h| !layout(h) && !reorder(h)) {
        kinds.push(format!(
            "line {}: `{}` for `{}`",
            h.line,
            h.ours
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            h.shipped
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    format!("{lines} line(s): {}", kinds.join(", "))
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

fn markdown(rows: &[Row], args: &Args) -> String {
    use std::fmt::Write;
    let exact = rows.iter().filter(|r| r.difference.is_none()).count();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "### PlusCal models with our translation, model by model\n"
    );
    let _ = writeln!(
        s,
        "Produced by `tlacheck conformance --translate --corpus {} --max-tlc-seconds {}` \
         (release build): every corpus model with a PlusCal algorithm, checked with `check \
         --translate`. A model TLC finished is compared with TLC's figures as above; for one \
         TLC did not finish, our translation of each module is compared with the shipped one \
         (the checksum line aside) and where they differ both are checked with `--invlevel L` \
         at one worker, the whole JSON results compared (time, the bound's invariant name, \
         the steps' source places and the order of the variables aside).\n",
        args.corpus.display(),
        args.max_tlc_seconds,
    );
    let _ = writeln!(s, "**{exact} / {} as expected.**\n", rows.len());
    let _ = writeln!(
        s,
        "| model | TLC outcome | TLC distinct / generated / depth (trace) | ours | our s | compared | result |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    let fig = super::conformance::figures;
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.2} | {} | {} |",
            r.id,
            r.tlc["outcome"].as_str().unwrap_or(""),
            // TLC's figures are those of a finished search only.
            if r.tlc["distinct"].is_null() {
                "-".to_string()
            } else {
                fig(&r.tlc)
            },
            r.ours.as_ref().map(fig).unwrap_or_else(|| "-".into()),
            r.seconds,
            r.how.replace('|', "\\|"),
            r.difference
                .as_deref()
                .unwrap_or("exact")
                .replace('|', "\\|")
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = "---- MODULE M ----\n(* --algorithm a { } *)\n\
        \\* BEGIN TRANSLATION (chksum(pcal) = \"1\" /\\ chksum(tla) = \"2\")\n\
        VARIABLES x, pc\n\nvars == << x, pc >>\nInit == x = 0\n\\* END TRANSLATION\n====\n";

    #[test]
    fn the_checksum_line_is_not_compared() {
        let ours = SHIPPED.replace("chksum(tla) = \"2\"", "chksum(tla) = \"3\"");
        assert_eq!(section_differences(SHIPPED, &ours), []);
    }

    #[test]
    fn differing_lines_are_listed_with_the_shipped_line_number() {
        let ours = SHIPPED
            .replace("VARIABLES x, pc", "VARIABLES pc, x")
            .replace("vars == << x, pc >>", "vars == << pc, x >>")
            .replace("Init == x = 0\n", "Init == x = 0\n\n");
        let h = section_differences(SHIPPED, &ours);
        assert_eq!(h.len(), 3, "{h:?}");
        assert_eq!(h[0].line, 4);
        assert_eq!(h[0].shipped, ["VARIABLES x, pc"]);
        assert_eq!(h[0].ours, ["VARIABLES pc, x"]);
        assert_eq!(
            describe(&h),
            "3 line(s): blank lines or spacing, variables in another order"
        );
        let other = SHIPPED.replace("Init == x = 0", "Init == x = 1");
        assert_eq!(
            describe(&section_differences(SHIPPED, &other)),
            "1 line(s): line 7: `Init == x = 1` for `Init == x = 0`"
        );
    }
}
