//! `[[property]]`: a property tied to its test (the ThreadClaim seed's check_spec.py). Each
//! link holds when the property is defined in a check's spec (any of its own modules), some
//! configuration of the suite's checks lists it (INVARIANT or PROPERTY), and the test
//! function is in the file (found by the coverage scanner, so the same languages).

use crate::claims;
use crate::coverage::{mask::Lang, scan};
use crate::manifest::{Manifest, PropertyLink};
use crate::modules::{LookupError, ModuleTree};
use crate::runner::Status;
use std::collections::BTreeMap;

/// One link's verdict.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LinkOutcome {
    pub name: String,
    pub test: String,
    pub file: String,
    pub status: Status,
    pub message: String,
}

/// Checks every `[[property]]` of the manifest.
pub fn check(m: &Manifest) -> Vec<LinkOutcome> {
    if m.properties.is_empty() {
        return Vec::new();
    }
    let mut trees: BTreeMap<String, Result<ModuleTree, String>> = BTreeMap::new();
    for c in &m.checks {
        let s = c.spec.get_ref();
        trees
            .entry(s.clone())
            .or_insert_with(|| ModuleTree::load(&m.spec_path(s), &m.library));
    }
    m.properties.iter().map(|p| one(m, &trees, p)).collect()
}

fn one(
    m: &Manifest,
    trees: &BTreeMap<String, Result<ModuleTree, String>>,
    p: &PropertyLink,
) -> LinkOutcome {
    let (name, test, file) = (p.name.get_ref(), p.test.get_ref(), p.file.get_ref());
    let mut o = LinkOutcome {
        name: name.clone(),
        test: test.clone(),
        file: file.clone(),
        status: Status::Failed,
        message: String::new(),
    };
    let checks: Vec<_> = (m.checks.iter())
        .filter(|c| c.expect.is_none())
        .filter(|c| {
            p.check
                .as_ref()
                .is_none_or(|k| k.get_ref() == c.name.get_ref())
        })
        .collect();
    // The property's definition in each check's spec, and the configs that list it.
    let (mut defined_in, mut checked_by) = (Vec::new(), Vec::new());
    for c in &checks {
        let spec = c.spec.get_ref();
        let tree = match trees.get(spec) {
            Some(Ok(t)) => t,
            Some(Err(e)) => return could_not_run(o, e.clone()),
            None => continue,
        };
        let def = match tree.find(name) {
            Ok(d) => d,
            Err(LookupError::Missing(_)) => continue,
            Err(e) => return could_not_run(o, m.error(&p.name, e.message()).message),
        };
        defined_in.push(spec.clone());
        let cfg_path = m.config_path(c);
        let cfg = std::fs::read_to_string(&cfg_path).unwrap_or_default();
        let lists_it = cfg_edit_names(&cfg)
            .iter()
            .any(|n| tree.find(n).is_ok_and(|d| d == def));
        if lists_it {
            checked_by.push(format!("{} ({})", c.name.get_ref(), file_name(&cfg_path)));
        }
    }
    let scope = match &p.check {
        Some(c) => format!("check {}'s spec", c.get_ref()),
        None => "any check's spec".to_string(),
    };
    if defined_in.is_empty() {
        o.message = format!("property {name} is not defined in {scope}");
        return o;
    }
    if checked_by.is_empty() {
        o.message = format!(
            "property {name} is defined in {} but no configuration of the suite checks it",
            defined_in.join(", ")
        );
        return o;
    }
    let path = m.dir.join(file);
    let Some(lang) = Lang::of(file) else {
        return could_not_run(
            o,
            m.error(
                &p.file,
                &format!("{file}: no function scanner for this kind of file"),
            )
            .message,
        );
    };
    let Ok(bytes) = std::fs::read(&path) else {
        o.message = format!("{file} does not exist (the test of property {name})");
        return o;
    };
    let text = String::from_utf8_lossy(&bytes)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    if scan::find_function(&text, lang, test).is_empty() {
        o.message = format!("the test {test} of property {name} is not in {file}");
        return o;
    }
    o.status = Status::Held;
    o.message = format!(
        "checked by {}; tested by {test} in {file}",
        checked_by.join(", ")
    );
    o
}

fn cfg_edit_names(cfg: &str) -> Vec<String> {
    crate::cfg_edit::names_in(cfg, claims::CHECKED_SECTIONS)
}

fn could_not_run(mut o: LinkOutcome, message: String) -> LinkOutcome {
    o.status = Status::CouldNotRun;
    o.message = message;
    o
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}
