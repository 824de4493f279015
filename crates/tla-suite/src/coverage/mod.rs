//! The coverage manifest: code the models cover, pinned by a hash, and the action each piece
//! implements. The hashed text of an entry is:
//! - a function: its lines from the declaration line through the closing brace's line (scan.rs);
//! - a region: the lines strictly between the line holding `from` and the line holding `to`;
//!
//! each line whole (indentation included), line endings normalized to `\n` (CRLF and lone CR
//! become LF), every line ended by `\n`; the hash is SHA-256, lowercase hex.

pub mod mask;
pub mod scan;
pub mod update;

use crate::manifest::{CoverageEntry, Manifest};
use crate::modules::{LookupError, ModuleTree};
use crate::runner::Status;
use mask::Lang;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};

/// One coverage entry's verdict.
#[derive(Clone, Debug, serde::Serialize)]
pub struct EntryOutcome {
    pub file: String,
    /// The function's name, or `from .. to`.
    pub code: String,
    pub action: String,
    pub status: Status,
    pub message: String,
    /// The entry's hash now, when its code was found.
    pub sha256: Option<String>,
}

/// Lines `first..=last` (0-based) of `text`, normalized and hashed.
pub fn hash_lines(text: &str, first: usize, last: usize) -> String {
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut h = Sha256::new();
    for line in normalized.split('\n').skip(first).take(last + 1 - first) {
        h.update(line.as_bytes());
        h.update(b"\n");
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Where an entry's code is: `Ok(Some(hash))`, `Ok(None)` with a failure message (exit 1:
/// the map no longer matches the code), or `Err` (exit 2: the entry cannot be read as written).
enum Located {
    /// The hash, and the 1-based line the hashed code starts on.
    Found(String, usize),
    Missing(String),
}

fn locate(m: &Manifest, e: &CoverageEntry) -> Result<Located, String> {
    let file = e.file.get_ref();
    let path = m.coverage_root().join(file);
    let Ok(bytes) = std::fs::read(&path) else {
        return Ok(Located::Missing(format!(
            "{} does not exist (action {})",
            file,
            e.action.get_ref()
        )));
    };
    let text = String::from_utf8_lossy(&bytes)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    if let Some(f) = &e.function {
        let lang = Lang::of(file).ok_or_else(|| {
            m.error(
                &e.file,
                &format!("{file}: no function scanner for this kind of file; use from/to anchors"),
            )
            .message
        })?;
        let found = scan::find_function(&text, lang, f.get_ref());
        return match found.as_slice() {
            [one] => Ok(Located::Found(
                hash_lines(&text, one.first, one.last),
                one.first + 1,
            )),
            [] => Ok(Located::Missing(format!(
                "action {} maps to {} {}, which is not in {}",
                e.action.get_ref(),
                file,
                f.get_ref(),
                file
            ))),
            many => Err(m
                .error(
                    f,
                    &format!(
                        "{file} defines {} {} times; name a region with from/to instead",
                        f.get_ref(),
                        many.len()
                    ),
                )
                .message),
        };
    }
    let (Some(from), Some(to)) = (&e.from, &e.to) else {
        return Err(m
            .error(&e.file, "a coverage entry needs a function or from/to")
            .message);
    };
    let line_of = |anchor: &toml::Spanned<String>| -> Result<usize, String> {
        let hits: Vec<usize> = text
            .match_indices(anchor.get_ref().as_str())
            .map(|(i, _)| i)
            .collect();
        match hits.as_slice() {
            [at] => Ok(text[..*at].matches('\n').count()),
            _ => Err(m
                .error(
                    anchor,
                    &format!(
                        "anchor \"{}\" matches {} times in {file}; it must match exactly once",
                        anchor.get_ref(),
                        hits.len()
                    ),
                )
                .message),
        }
    };
    let (a, b) = (line_of(from)?, line_of(to)?);
    if b <= a {
        return Err(m
            .error(
                to,
                &format!(
                    "anchor \"{}\" must be on a line after \"{}\" in {file}",
                    to.get_ref(),
                    from.get_ref()
                ),
            )
            .message);
    }
    if b == a + 1 {
        return Ok(Located::Found(hash_lines("", 1, 0), a + 2));
    }
    Ok(Located::Found(hash_lines(&text, a + 1, b - 1), a + 2))
}

fn code_name(e: &CoverageEntry) -> String {
    match (&e.function, &e.from, &e.to) {
        (Some(f), _, _) => f.get_ref().clone(),
        (_, Some(a), Some(b)) => format!("\"{}\" .. \"{}\"", a.get_ref(), b.get_ref()),
        _ => String::new(),
    }
}

/// The module tree of each spec the entries may name (an entry's `spec`, else any check's).
fn spec_trees(m: &Manifest) -> Result<BTreeMap<String, ModuleTree>, String> {
    let mut specs: BTreeSet<String> = m.checks.iter().map(|c| c.spec.get_ref().clone()).collect();
    if let Some(cov) = &m.coverage {
        specs.extend(
            cov.entry
                .iter()
                .filter_map(|e| e.spec.as_ref().map(|s| s.get_ref().clone())),
        );
    }
    let mut out = BTreeMap::new();
    for s in specs {
        let tree = ModuleTree::load(&m.spec_path(&s), &m.library)?;
        out.insert(s, tree);
    }
    Ok(out)
}

/// Where an entry's action is defined: `Ok(())`, `Err((Failed, why))` when no spec has it
/// (the map no longer matches the spec), `Err((CouldNotRun, why))` when the name is
/// ambiguous or only a library module defines it (the entry cannot be right as written).
fn action_defined(
    trees: &BTreeMap<String, ModuleTree>,
    e: &CoverageEntry,
) -> Result<(), (Status, String)> {
    let action = e.action.get_ref();
    let chosen: Vec<(&String, &ModuleTree)> = match &e.spec {
        Some(s) => trees.iter().filter(|(k, _)| *k == s.get_ref()).collect(),
        None => trees.iter().collect(),
    };
    let mut worst = None;
    for (_, t) in &chosen {
        match t.find(action) {
            Ok(_) => return Ok(()),
            Err(LookupError::Missing(_)) => {}
            Err(other) => worst = Some(other.message().to_string()),
        }
    }
    if let Some(why) = worst {
        return Err((Status::CouldNotRun, format!("action map: {why}")));
    }
    let where_ = match &e.spec {
        Some(s) => s.get_ref().clone(),
        None => trees.keys().cloned().collect::<Vec<_>>().join(", "),
    };
    Err((
        Status::Failed,
        format!(
            "action map: {} {} names action {action}, which is not defined in {where_} or the modules it uses",
            e.file.get_ref(),
            code_name(e)
        ),
    ))
}

/// Checks every coverage entry: its action exists in the spec, its code exists, its hash is the
/// recorded one.
pub fn check(m: &Manifest) -> Vec<EntryOutcome> {
    let Some(cov) = &m.coverage else {
        return Vec::new();
    };
    let trees = spec_trees(m);
    cov.entry
        .iter()
        .map(|e| {
            let mut o = EntryOutcome {
                file: e.file.get_ref().clone(),
                code: code_name(e),
                action: e.action.get_ref().clone(),
                status: Status::Held,
                message: String::new(),
                sha256: None,
            };
            let action = e.action.get_ref();
            let trees = match &trees {
                Ok(t) => t,
                Err(msg) => {
                    o.status = Status::CouldNotRun;
                    o.message = msg.clone();
                    return o;
                }
            };
            if let Err((status, message)) = action_defined(trees, e) {
                o.status = status;
                o.message = message;
                return o;
            }
            match locate(m, e) {
                Err(msg) => {
                    o.status = Status::CouldNotRun;
                    o.message = msg;
                }
                Ok(Located::Missing(msg)) => {
                    o.status = Status::Failed;
                    o.message = format!("action map: {msg}");
                }
                Ok(Located::Found(hash, _)) => {
                    let recorded = e.sha256.as_ref().map(|s| s.get_ref().as_str());
                    if recorded == Some(hash.as_str()) {
                        o.message = "unchanged".into();
                    } else {
                        o.status = Status::Failed;
                        o.message = format!(
                            "covered code changed: {} {} (action {action}). Re-read action {action} against the code; if the protocol changed, change the spec to match and run tlacheck verify; only then run tlacheck verify --update-coverage{}",
                            o.file,
                            o.code,
                            if recorded.is_none() { " (no sha256 recorded yet)" } else { "" }
                        );
                    }
                    o.sha256 = Some(hash);
                }
            }
            o
        })
        .collect()
}

/// The action map read the other way: the definition an entry's action names (its module and
/// name: module names are file names, one per file of the suite's specs folder, so an entry
/// naming `spec = "Spec.tla"` maps the steps of a check of `MCSpec.tla` too) and the code it
/// maps to, `src/lease.rs:88 claim_lease`. A printed counterexample names, for each step, the
/// code of the action that took it.
#[derive(Debug, Default)]
pub struct ActionMap {
    code: BTreeMap<(String, String), Vec<String>>,
    /// Each spec's initial predicate: (module, definition).
    init: BTreeMap<String, (String, String)>,
}

impl ActionMap {
    /// The map of the manifest's coverage entries (empty without any), resolved in the module
    /// tree of each check's spec; entries that cannot be resolved or located are left out
    /// (the coverage check reports them).
    pub fn of(m: &Manifest) -> ActionMap {
        let mut map = ActionMap::default();
        let Some(cov) = &m.coverage else {
            return map;
        };
        let Ok(trees) = spec_trees(m) else {
            return map;
        };
        for (spec, t) in &trees {
            let c = m.checks.iter().find(|c| c.spec.get_ref() == spec);
            let cfg = c
                .and_then(|c| std::fs::read_to_string(m.config_path(c)).ok())
                .unwrap_or_default();
            let init = crate::cfg_edit::names_in(&cfg, &["INIT"])
                .pop()
                .unwrap_or_else(|| "Init".into());
            if let Ok(d) = t.find(&init) {
                let key = (t.modules[d.module].name.clone(), t.def(d).name.to_string());
                map.init.insert(spec.clone(), key);
            }
        }
        for e in &cov.entry {
            let Ok(Located::Found(_, line)) = locate(m, e) else {
                continue;
            };
            let code = format!("{}:{line} {}", e.file.get_ref(), code_name(e));
            for (spec, t) in &trees {
                if e.spec.as_ref().is_some_and(|s| s.get_ref() != spec) {
                    continue;
                }
                if let Ok(d) = t.find(e.action.get_ref()) {
                    let key = (t.modules[d.module].name.clone(), t.def(d).name.to_string());
                    let codes = map.code.entry(key).or_default();
                    if !codes.contains(&code) {
                        codes.push(code.clone());
                    }
                }
            }
        }
        map
    }

    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }

    /// The code a step of a counterexample of `spec` maps to: by the step's definition, or
    /// for an initial state by the spec's initial predicate.
    pub fn code_of(&self, spec: &str, module: Option<&str>, definition: Option<&str>) -> &[String] {
        let key = match (module, definition) {
            (Some(m), Some(d)) => (m.to_string(), d.to_string()),
            _ => match self.init.get(spec) {
                Some(key) => key.clone(),
                None => return &[],
            },
        };
        self.code.get(&key).map_or(&[], Vec::as_slice)
    }
}
