//! What a result claims (the KV-admission seed: "report the abstraction, configuration and
//! omitted properties with the result"): each run's bounds (its .cfg's CONSTANTS), the
//! properties it checked, and the properties the spec defines that no configuration of the
//! suite checks.
//!
//! A definition counts as a property when it is written in one of the spec's own modules,
//! takes no parameters, reads as a formula (its top is a junction, a quantifier, a comparison,
//! a Boolean or temporal operator, or a name of another such definition), is not a
//! specification (`Init /\ [][Next]_v`), is used by no other definition, and is named by no
//! .cfg of the suite (INIT, NEXT, CONSTANTS, ...): what is left are the top-level claims a
//! reader expects a check to make.

use crate::cfg_edit;
use crate::manifest::Manifest;
use crate::modules::{DefRef, ModuleTree};
use crate::spec_text::{children, is_action_level, is_temporal};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::PathBuf;
use tla_syntax::ast::{Expr, ExprKind, Unit};

/// One run's configuration, as its .cfg states it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Claim {
    /// `N = 3`, `Procs <- MCProcs`, as written.
    pub bounds: Vec<String>,
    /// The INVARIANT and PROPERTY names, in order.
    pub checked: Vec<String>,
}

pub const CHECKED_SECTIONS: &[&str] = &["INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES"];

pub fn of_config(cfg: &str) -> Claim {
    Claim {
        bounds: cfg_edit::constants(cfg),
        checked: cfg_edit::names_in(cfg, CHECKED_SECTIONS),
    }
}

/// Every .cfg of the suite with its check's spec: the checks' (negative controls too), the
/// findings' and the mutants' own.
fn configs(m: &Manifest) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for c in m.checks.iter() {
        out.push((c.spec.get_ref().clone(), m.config_path(c)));
    }
    let other = (m.findings.iter().map(|f| (&f.check, &f.config)))
        .chain(m.mutants.iter().map(|mu| (&mu.check, &mu.config)));
    for (check, config) in other {
        if let (Some(c), Some(cfg)) = (m.check(check.get_ref()), config) {
            out.push((c.spec.get_ref().clone(), m.specs_dir.join(cfg.get_ref())));
        }
    }
    out
}

/// The definition each checked name of the suite's configs (and each witness property)
/// resolves to, as `(file, definition name)`: what some run of the suite checks.
pub fn checked_definitions(
    m: &Manifest,
    trees: &BTreeMap<String, ModuleTree>,
) -> HashSet<(PathBuf, String)> {
    let mut out = HashSet::new();
    let mut add = |spec: &str, name: &str| {
        if let Some(t) = trees.get(spec) {
            if let Ok(d) = t.find(name) {
                out.insert((t.file_of(d).path.clone(), t.def(d).name.to_string()));
            }
        }
    };
    for (spec, cfg) in configs(m) {
        let text = std::fs::read_to_string(&cfg).unwrap_or_default();
        for n in cfg_edit::names_in(&text, CHECKED_SECTIONS) {
            add(&spec, &n);
        }
    }
    for w in &m.witnesses {
        if let Some(c) = m.check(w.check.get_ref()) {
            for (p, _) in w.properties.get_ref().list() {
                add(c.spec.get_ref(), &p);
            }
        }
    }
    out
}

/// The module tree of every spec the checks name.
pub fn trees(m: &Manifest) -> BTreeMap<String, ModuleTree> {
    let mut out = BTreeMap::new();
    for c in &m.checks {
        let s = c.spec.get_ref();
        if !out.contains_key(s) {
            if let Ok(t) = ModuleTree::load(&m.spec_path(s), &m.library) {
                out.insert(s.clone(), t);
            }
        }
    }
    out
}

/// Per spec of the suite's checks: the properties it defines that no configuration checks.
pub fn unchecked(m: &Manifest) -> BTreeMap<String, Vec<String>> {
    let trees = trees(m);
    let checked = checked_definitions(m, &trees);
    let mut words: HashSet<String> = HashSet::new();
    for (_, cfg) in configs(m) {
        let text = std::fs::read_to_string(&cfg).unwrap_or_default();
        words.extend(
            text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_string),
        );
    }
    let mut out = BTreeMap::new();
    for (spec, t) in &trees {
        let names: Vec<String> = properties(t)
            .into_iter()
            .filter(|d| {
                let name = t.def(*d).name;
                !words.contains(name)
                    && !checked.contains(&(t.file_of(*d).path.clone(), name.to_string()))
            })
            .map(|d| t.def(d).name.to_string())
            .collect();
        out.insert(spec.clone(), names);
    }
    out
}

/// The definitions of the spec's own modules that read as properties (see the module doc).
pub fn properties(t: &ModuleTree) -> Vec<DefRef> {
    let defs = t.user_defs();
    let mut used: BTreeSet<&str> = BTreeSet::new();
    for (m, module) in t.modules.iter().enumerate() {
        let _ = m;
        for u in &module.ast.units {
            let body = match u {
                Unit::Op(o) => &o.body,
                Unit::Fun(f) => &f.body,
                _ => continue,
            };
            collect_names(body, &mut used, u);
        }
    }
    defs.into_iter()
        .filter(|d| {
            let v = t.def(*d);
            v.params == 0
                && !used.contains(v.name)
                && reads_as_formula(t, d.module, v.body, 3)
                && !is_specification(v.body)
                && (is_temporal(v.body) || !is_action_level(v.body))
        })
        .collect()
}

/// The names a definition's body applies (not its own name: a recursive definition is not
/// "used" by itself).
fn collect_names<'a>(e: &'a Expr, out: &mut BTreeSet<&'a str>, unit: &Unit) {
    if let ExprKind::Apply { name, .. } = &e.kind {
        let own = match unit {
            Unit::Op(o) => o.name.name == name.name,
            Unit::Fun(f) => f.name.name == name.name,
            _ => false,
        };
        if !own {
            out.insert(&name.name);
        }
    }
    for c in children(e) {
        collect_names(c, out, unit);
    }
}

const FORMULA_OPS: &[&str] = &[
    "=",
    "#",
    "/=",
    "\\in",
    "\\notin",
    "<",
    ">",
    "<=",
    ">=",
    "=<",
    "\\leq",
    "\\geq",
    "=>",
    "<=>",
    "\\equiv",
    "~",
    "\\lnot",
    "\\neg",
    "/\\",
    "\\/",
    "\\land",
    "\\lor",
    "[]",
    "<>",
    "~>",
    "-+->",
    "\\subseteq",
    "\\subset",
    "\\supseteq",
    "\\supset",
    "TRUE",
    "FALSE",
    "ENABLED",
];

fn reads_as_formula(t: &ModuleTree, m: usize, e: &Expr, depth: u32) -> bool {
    match &e.kind {
        ExprKind::Paren(inner) | ExprKind::Label(_, inner) => reads_as_formula(t, m, inner, depth),
        ExprKind::Junction(..)
        | ExprKind::BoundedQuant(..)
        | ExprKind::UnboundedQuant(..)
        | ExprKind::TemporalQuant(..)
        | ExprKind::BoxAction(..)
        | ExprKind::Fair(..) => true,
        ExprKind::Let(_, body) => reads_as_formula(t, m, body, depth),
        ExprKind::Apply { name, args, path } => {
            if path.is_empty() && FORMULA_OPS.contains(&name.name.as_str()) {
                return true;
            }
            if !args.is_empty() || depth == 0 {
                return false;
            }
            let names: Vec<&str> = path.iter().map(|p| p.name.name.as_str()).collect();
            t.resolve_path(m, &names, &name.name)
                .first()
                .is_some_and(|d| reads_as_formula(t, d.module, t.def(*d).body, depth - 1))
        }
        _ => false,
    }
}

/// `Init /\ [][Next]_v /\ ...`: a conjunction with a `[][A]_v` conjunct and a conjunct with
/// no temporal operator.
fn is_specification(e: &Expr) -> bool {
    let mut items: Vec<&Expr> = Vec::new();
    flatten_and(e, &mut items);
    items.len() > 1
        && items
            .iter()
            .any(|i| matches!(&strip(i).kind, ExprKind::Apply { name, args, .. } if name.name == "[]" && args.first().is_some_and(|a| matches!(strip(a).kind, ExprKind::BoxAction(..)))))
        && items.iter().any(|i| !is_temporal(i))
}

fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) | ExprKind::Label(_, inner) => strip(inner),
        _ => e,
    }
}

fn flatten_and<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &strip(e).kind {
        ExprKind::Junction(tla_syntax::ast::Junction::And, items) => {
            for i in items {
                flatten_and(i, out);
            }
        }
        ExprKind::Apply { name, args, path }
            if path.is_empty()
                && (name.name == "/\\" || name.name == "\\land")
                && args.len() == 2 =>
        {
            flatten_and(&args[0], out);
            flatten_and(&args[1], out);
        }
        _ => out.push(e),
    }
}
