//! PlusCal in a spec's module tree: the algorithms translated in memory (`translate = true`,
//! `check --translate`), and SANY's stale-translation warnings for the modules it checks.
//!
//! SANY (SpecObj.loadSpec with pcal's Validator) checks the root module's file and each file
//! it loads for an EXTENDS, wherever that EXTENDS is (also in a module reached by INSTANCE),
//! never one loaded for an INSTANCE alone; each warning once, in the order the files are
//! loaded: every EXTENDS of the tree is resolved before any INSTANCE, each search going
//! depth first from the root (checked with tla2tools.jar's SANY on such trees).

use crate::modules::{LinkKind, ModuleTree};
use std::collections::HashSet;
use std::path::PathBuf;

/// The texts a translation made in memory gives a run: the root module's file and the other
/// files of the spec's own modules that hold an algorithm, by path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Translated {
    pub root: Option<String>,
    pub modules: Vec<(PathBuf, String)>,
}

impl Translated {
    pub fn is_empty(&self) -> bool {
        self.root.is_none() && self.modules.is_empty()
    }
}

/// Translates the algorithm of each file of the spec's own modules that holds one (library
/// modules stay as they are), as `tlacheck translate` would write it; nothing is written. A
/// translation error is `file:line:col: message` with the line and a caret.
pub fn translate_tree(tree: &ModuleTree) -> Result<Translated, String> {
    let opts = tla_pcal::Options {
        nocfg: true,
        ..Default::default()
    };
    let mut out = Translated::default();
    for (i, f) in tree.files.iter().enumerate() {
        let text = &f.source.text;
        if !f.user || !tla_pcal::has_algorithm(text) {
            continue;
        }
        let t = tla_pcal::translate(text, &opts, None).map_err(|e| e.render(&f.path, text))?;
        match i {
            0 => out.root = Some(t.text),
            _ => out.modules.push((f.path.clone(), t.text)),
        }
    }
    Ok(out)
}

/// A module whose translation SANY would call out of date.
#[derive(Clone, Debug, PartialEq)]
pub struct StaleModule {
    pub path: PathBuf,
    pub module: String,
    /// SANY's words (`The PlusCal algorithm in module M has changed since its last
    /// translation.`).
    pub warning: String,
    /// SANY's message code for it (4803, 4804 or 4805).
    pub code: i32,
}

/// SANY's stale-translation warnings for the tree, in SANY's order.
pub fn stale_modules(tree: &ModuleTree) -> Vec<StaleModule> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for m in validated(tree) {
        let file = tree.modules[m].file;
        // A section of the root file is the root file, validated already.
        if (m != 0 && file == 0) || !seen.insert(file) {
            continue;
        }
        let f = &tree.files[file];
        let name = &tree.modules[m].name;
        let stale = tla_pcal::stale_translation(&f.source.text);
        if let Some((w, code)) = stale.and_then(|s| Some((s.warning(name)?, s.code()?))) {
            out.push(StaleModule {
                path: f.path.clone(),
                module: name.clone(),
                warning: w,
                code,
            });
        }
    }
    out
}

/// The modules SANY validates, in its order: the root, then the target of each EXTENDS as
/// SANY's loader resolves it (`findNextUnresolvedExtention` before
/// `findNextUnresolvedInstantiation`, until neither finds a link).
fn validated(tree: &ModuleTree) -> Vec<usize> {
    let mut done = HashSet::new();
    let mut out = vec![0];
    loop {
        if let Some((m, l)) = next_link(tree, 0, true, &done, &mut HashSet::new()) {
            done.insert((m, l));
            out.push(tree.modules[m].links[l].target);
        } else if let Some(link) = next_link(tree, 0, false, &done, &mut HashSet::new()) {
            done.insert(link);
        } else {
            return out;
        }
    }
}

/// The first unresolved EXTENDS (`extends`) or INSTANCE link from module `cur`: its own
/// first, then through its resolved EXTENDS, its resolved INSTANCEs and its inner modules.
/// A link to an inner module is resolved in place (no file is loaded for it).
fn next_link(
    tree: &ModuleTree,
    cur: usize,
    extends: bool,
    done: &HashSet<(usize, usize)>,
    visited: &mut HashSet<usize>,
) -> Option<(usize, usize)> {
    if !visited.insert(cur) {
        return None;
    }
    let links = &tree.modules[cur].links;
    let is_ext = |k: &LinkKind| matches!(k, LinkKind::Extends);
    let resolved =
        |i: usize| done.contains(&(cur, i)) || tree.modules[links[i].target].parent.is_some();
    if let Some(i) = (0..links.len()).find(|&i| is_ext(&links[i].kind) == extends && !resolved(i)) {
        return Some((cur, i));
    }
    for want_ext in [true, false] {
        for i in (0..links.len()).filter(|&i| is_ext(&links[i].kind) == want_ext && resolved(i)) {
            if let Some(l) = next_link(tree, links[i].target, extends, done, visited) {
                return Some(l);
            }
        }
    }
    let inner: Vec<usize> = (0..tree.modules.len())
        .filter(|&i| tree.modules[i].parent == Some(cur))
        .collect();
    inner
        .into_iter()
        .find_map(|i| next_link(tree, i, extends, done, visited))
}

/// SANY's stale-translation warnings for each spec the suite checks as its files hold it
/// (not translated in memory), once per spec, each as `spec: warning`: `verify` prints them
/// so a forgotten `pcal.trans` is not checked without a word.
pub fn suite_warnings(m: &crate::manifest::Manifest) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for c in m.checks.iter().filter(|c| !c.translates(&m.suite)) {
        let spec = m.spec_path(c.spec.get_ref());
        if !seen.insert(spec.clone()) {
            continue;
        }
        // A spec that does not load is reported by its check.
        if let Ok(tree) = ModuleTree::load(&spec, &m.library) {
            for s in stale_modules(&tree) {
                out.push(format!("{}: {}", s.path.display(), s.warning));
            }
        }
    }
    out
}
