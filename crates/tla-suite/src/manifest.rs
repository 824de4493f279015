//! verify.toml: the suite manifest, read with the position of every value so that a mistake
//! is reported as `verify.toml:line:col: message` (exit 2), never as a panic.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;
use toml::Spanned;

/// A manifest that cannot be used, with where and why.
#[derive(Debug, Clone, PartialEq)]
pub struct ManifestError {
    /// `file:line:col: message`.
    pub message: String,
}

impl std::fmt::Display for ManifestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suite {
    pub name: String,
    /// The folder of the .tla and .cfg files, relative to the manifest.
    #[serde(default)]
    pub specs: Option<String>,
    /// Extra module search paths, relative to the manifest.
    #[serde(default)]
    pub library: Vec<String>,
    /// Check each spec's PlusCal algorithms translated in memory (as `check --translate`),
    /// not the translations their files hold; a check may say otherwise.
    #[serde(default)]
    pub translate: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub name: Spanned<String>,
    pub spec: Spanned<String>,
    pub config: Option<Spanned<String>>,
    pub tier: Option<Spanned<String>>,
    pub budget: Option<Spanned<String>>,
    /// A hard limit: a run still going then is stopped and could not run (exit 2).
    pub timeout: Option<Spanned<String>>,
    pub expect: Option<Expect>,
    /// `false` is TLC's `-deadlock`: deadlocks are not reported.
    pub deadlock: Option<bool>,
    /// This check's spec translated in memory (or not), whatever `[suite] translate` says.
    pub translate: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub violated: Spanned<String>,
}

/// `properties = { P = 9 }` (reached within 9 states) or `properties = ["P"]`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum WitnessProperties {
    /// In the manifest's order (toml's `preserve_order`).
    Depths(toml::Table),
    Names(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Witness {
    pub check: Spanned<String>,
    pub properties: Spanned<WitnessProperties>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mutant {
    pub name: Spanned<String>,
    pub check: Spanned<String>,
    pub operator: Spanned<String>,
    pub replace: Spanned<String>,
    #[serde(rename = "with")]
    pub with_text: Spanned<String>,
    pub caught_by: Spanned<String>,
    /// Another .cfg for this mutant (default: the check's).
    pub config: Option<Spanned<String>>,
    /// Check `caught_by` alone: the .cfg's other invariants and properties are left out.
    #[serde(default)]
    pub alone: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    pub name: Spanned<String>,
    pub check: Spanned<String>,
    pub config: Option<Spanned<String>>,
    pub violated: Spanned<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum TraceExpect {
    Word(String),
    Rejected { rejected_at: u64 },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    pub spec: Spanned<String>,
    /// One log; or `files`, one log per process, validated together (merged by clocks).
    pub file: Option<Spanned<String>>,
    #[serde(default)]
    pub files: Option<Spanned<Vec<Spanned<String>>>>,
    pub config: Option<Spanned<String>>,
    pub expect: Option<Spanned<TraceExpect>>,
}

impl Trace {
    /// The logs, relative to the manifest: `file`, or each of `files`.
    pub fn file_names(&self) -> Vec<&String> {
        match (&self.file, &self.files) {
            (Some(f), _) => vec![f.get_ref()],
            (None, Some(fs)) => fs.get_ref().iter().map(|f| f.get_ref()).collect(),
            (None, None) => Vec::new(),
        }
    }

    /// The entry's name in reports and `--only`: its file, or its files joined by " + ".
    pub fn name(&self) -> String {
        let names: Vec<&str> = self.file_names().into_iter().map(String::as_str).collect();
        names.join(" + ")
    }
}

/// `[[property]]`: a property tied to the test that holds the code to it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PropertyLink {
    pub name: Spanned<String>,
    /// The test function's name.
    pub test: Spanned<String>,
    /// The test's file, relative to the manifest's folder.
    pub file: Spanned<String>,
    /// The check whose spec defines it (default: any check's).
    pub check: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coverage {
    pub sync_commit: Option<String>,
    /// The folder the entries' files are relative to (default: the manifest's folder).
    pub root: Option<String>,
    #[serde(default)]
    pub entry: Vec<CoverageEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverageEntry {
    pub file: Spanned<String>,
    pub function: Option<Spanned<String>>,
    pub from: Option<Spanned<String>>,
    pub to: Option<Spanned<String>>,
    pub action: Spanned<String>,
    /// The spec the action is in (default: any spec of the suite's checks).
    pub spec: Option<Spanned<String>>,
    pub sha256: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    suite: Suite,
    #[serde(default)]
    check: Vec<Check>,
    #[serde(default)]
    witness: Vec<Witness>,
    #[serde(default)]
    mutant: Vec<Mutant>,
    #[serde(default)]
    finding: Vec<Finding>,
    #[serde(default)]
    trace: Vec<Trace>,
    #[serde(default)]
    property: Vec<PropertyLink>,
    coverage: Option<Coverage>,
}

/// When a check runs: `ci` on every change, `nightly` only in the long run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    Ci,
    Nightly,
}

/// A read and validated manifest, with its paths resolved.
#[derive(Debug)]
pub struct Manifest {
    pub path: PathBuf,
    pub text: String,
    /// The manifest's folder.
    pub dir: PathBuf,
    pub suite: Suite,
    pub specs_dir: PathBuf,
    pub library: Vec<PathBuf>,
    pub checks: Vec<Check>,
    pub witnesses: Vec<Witness>,
    pub mutants: Vec<Mutant>,
    pub findings: Vec<Finding>,
    pub traces: Vec<Trace>,
    pub properties: Vec<PropertyLink>,
    pub coverage: Option<Coverage>,
}

/// Reads and validates the manifest at `path`.
pub fn load(path: &Path) -> Result<Manifest, ManifestError> {
    let text = std::fs::read_to_string(path).map_err(|e| ManifestError {
        message: format!("{}: cannot read the manifest: {e}", path.display()),
    })?;
    parse(path, &text)
}

/// Parses and validates manifest text; `path` names it in messages and anchors relative paths.
pub fn parse(path: &Path, text: &str) -> Result<Manifest, ManifestError> {
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let at = e.span().map(|s| s.start).unwrap_or(0);
        error_at(path, text, at, e.message())
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let specs_dir = dir.join(raw.suite.specs.as_deref().unwrap_or("."));
    let library = raw.suite.library.iter().map(|l| dir.join(l)).collect();
    let m = Manifest {
        path: path.to_path_buf(),
        text: text.to_string(),
        dir,
        specs_dir,
        library,
        suite: raw.suite,
        checks: raw.check,
        witnesses: raw.witness,
        mutants: raw.mutant,
        findings: raw.finding,
        traces: raw.trace,
        properties: raw.property,
        coverage: raw.coverage,
    };
    validate(&m)?;
    Ok(m)
}

/// `file:line:col: message` for a byte offset of the manifest.
pub fn error_at(path: &Path, text: &str, offset: usize, message: &str) -> ManifestError {
    let (line, col) = line_col(text, offset);
    ManifestError {
        message: format!("{}:{line}:{col}: {}", path.display(), message.trim_end()),
    }
}

/// 1-based line and character column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary_compat(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

trait FloorBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorBoundary for str {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        while i > 0 && !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

impl Manifest {
    /// An error at a spanned value of this manifest.
    pub fn error<T>(&self, at: &Spanned<T>, message: &str) -> ManifestError {
        error_at(&self.path, &self.text, at.span().start, message)
    }

    pub fn check(&self, name: &str) -> Option<&Check> {
        self.checks.iter().find(|c| c.name.get_ref() == name)
    }

    /// Whether `--only name` selects anything.
    pub fn has_item_named(&self, name: &str) -> bool {
        self.check(name).is_some()
            || self.mutants.iter().any(|m| m.name.get_ref() == name)
            || self.findings.iter().any(|f| f.name.get_ref() == name)
            || self.traces.iter().any(|t| t.name() == name)
    }

    pub fn spec_path(&self, spec: &str) -> PathBuf {
        self.specs_dir.join(spec)
    }

    /// A check's .cfg: as given, else the spec's name with `.cfg`.
    pub fn config_path(&self, check: &Check) -> PathBuf {
        match &check.config {
            Some(c) => self.specs_dir.join(c.get_ref()),
            None => self.spec_path(check.spec.get_ref()).with_extension("cfg"),
        }
    }

    pub fn coverage_root(&self) -> PathBuf {
        match self.coverage.as_ref().and_then(|c| c.root.as_deref()) {
            Some(r) => self.dir.join(r),
            None => self.dir.clone(),
        }
    }
}

impl Check {
    pub fn tier(&self) -> Tier {
        match self.tier.as_ref().map(|t| t.get_ref().as_str()) {
            Some("nightly") => Tier::Nightly,
            _ => Tier::Ci,
        }
    }

    /// Whether the check's PlusCal algorithms are translated in memory before it runs.
    pub fn translates(&self, suite: &Suite) -> bool {
        self.translate
            .as_ref()
            .map_or(suite.translate, |t| *t.get_ref())
    }

    pub fn budget(&self) -> Option<Duration> {
        self.budget
            .as_ref()
            .and_then(|b| parse_duration(b.get_ref()))
    }

    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
            .as_ref()
            .and_then(|t| parse_duration(t.get_ref()))
    }
}

impl WitnessProperties {
    /// Each property with the number of states it must be reached within, if any.
    pub fn list(&self) -> Vec<(String, Option<u64>)> {
        match self {
            WitnessProperties::Depths(m) => m
                .iter()
                .map(|(k, v)| (k.clone(), v.as_integer().map(|d| d.max(0) as u64)))
                .collect(),
            WitnessProperties::Names(v) => v.iter().map(|k| (k.clone(), None)).collect(),
        }
    }
}

/// `500ms`, `30s`, `5m`, `2h`, or a plain number of seconds.
pub fn parse_duration(s: &str) -> Option<Duration> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let n: f64 = num.parse().ok()?;
    let secs = match unit.trim() {
        "ms" => n / 1000.0,
        "" | "s" => n,
        "m" | "min" => n * 60.0,
        "h" => n * 3600.0,
        _ => return None,
    };
    Some(Duration::from_secs_f64(secs))
}

fn validate(m: &Manifest) -> Result<(), ManifestError> {
    let mut seen = std::collections::HashSet::new();
    for c in &m.checks {
        if !seen.insert(c.name.get_ref().clone()) {
            return Err(m.error(
                &c.name,
                &format!("a second check named {}", c.name.get_ref()),
            ));
        }
        if let Some(t) = &c.tier {
            if !matches!(t.get_ref().as_str(), "ci" | "nightly") {
                return Err(m.error(t, "tier must be \"ci\" or \"nightly\""));
            }
        }
        for b in c.budget.iter().chain(&c.timeout) {
            if parse_duration(b.get_ref()).is_none() {
                return Err(m.error(
                    b,
                    "a duration such as \"30s\", \"5m\" or \"1h\" is needed here",
                ));
            }
        }
    }
    let known = |name: &Spanned<String>| -> Result<(), ManifestError> {
        if m.check(name.get_ref()).is_some() {
            Ok(())
        } else {
            Err(m.error(name, &format!("no check named {}", name.get_ref())))
        }
    };
    for w in &m.witnesses {
        known(&w.check)?;
        if let WitnessProperties::Depths(t) = w.properties.get_ref() {
            if let Some((k, _)) = t.iter().find(|(_, v)| v.as_integer().is_none_or(|d| d < 1)) {
                return Err(m.error(
                    &w.properties,
                    &format!("{k}: the depth is a number of states (a whole number, at least 1)"),
                ));
            }
        }
        if w.properties.get_ref().list().is_empty() {
            return Err(m.error(&w.properties, "a witness lists at least one property"));
        }
    }
    for mu in &m.mutants {
        known(&mu.check)?;
        if mu.replace.get_ref().is_empty() {
            return Err(m.error(&mu.replace, "replace must not be empty"));
        }
    }
    for f in &m.findings {
        known(&f.check)?;
    }
    for p in &m.properties {
        if let Some(c) = &p.check {
            known(c)?;
        }
    }
    for t in &m.traces {
        match (&t.file, &t.files) {
            (Some(_), None) => {}
            (None, Some(fs)) if !fs.get_ref().is_empty() => {}
            (None, Some(fs)) => return Err(m.error(fs, "files must name at least one log")),
            (Some(_), Some(fs)) => {
                return Err(m.error(fs, "a [[trace]] has file (one log) or files (one log per process), not both"))
            }
            (None, None) => {
                return Err(m.error(&t.spec, "a [[trace]] names its log: file = \"...\", or files = [...] for one log per process"))
            }
        }
        if let Some(e) = &t.expect {
            if let TraceExpect::Word(w) = e.get_ref() {
                if w != "accepted" {
                    return Err(m.error(e, "expect must be \"accepted\" or { rejected_at = N }"));
                }
            }
        }
    }
    if let Some(cov) = &m.coverage {
        for e in &cov.entry {
            match (&e.function, &e.from, &e.to) {
                (Some(_), None, None) | (None, Some(_), Some(_)) => {}
                _ => {
                    return Err(m.error(
                        &e.file,
                        "a coverage entry names a function, or an anchored region with both from and to",
                    ))
                }
            }
        }
    }
    Ok(())
}
