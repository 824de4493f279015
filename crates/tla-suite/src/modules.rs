//! The spec as the checker loads it: the root module and every module it EXTENDS or
//! INSTANCEs, found by tla-sema's loader (the root's folder, then the library folders, then
//! the standard modules, then sections of the root file), each parsed. The suite's names
//! (declared mutants, auto mutants, the action map, witnesses, `[[property]]`) are resolved
//! here, so a definition may live in any of the spec's own modules.
//!
//! The spec's own modules are those read from the root module's folder (and sections of the
//! root file); modules found on the library path and the embedded standard modules are
//! library modules, never mutated nor mapped. A name is resolved in three steps:
//! 1. `I!Op` (or `I!J!Op`): through the named instance `I == INSTANCE M` visible in the root,
//!    then `Op` among M's exported definitions;
//! 2. a name the root module sees (its own definitions, LOCAL ones included, and those its
//!    EXTENDS and unnamed INSTANCEs export): that definition, wherever it is written, as a
//!    .cfg naming it gets it. A root definition thus shadows a same-named one of a module
//!    reached only through a named instance (that one stays reachable as `I!Op`);
//! 3. otherwise a definition of that name in any one module of the tree (a LOCAL helper of an
//!    extended module, a module reached only through a named instance). Two modules defining
//!    it is ambiguous (an error naming both files); a name defined only in library modules is
//!    an error too.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tla_sema::loader::{LoadFailure, Loader};
use tla_sema::SearchPath;
use tla_syntax::ast::{Expr, ExprKind, Module, Unit};
use tla_syntax::{SourceFile, Span};

/// One file of the tree, with its text as loaded.
pub struct TreeFile {
    /// The file on disk (for an embedded standard module, `<standard>/M.tla`).
    pub path: PathBuf,
    pub source: SourceFile,
    /// The spec's own (read from the root's folder), not a library's.
    pub user: bool,
}

/// How a module uses another.
#[derive(Clone, Debug)]
pub enum LinkKind {
    Extends,
    /// `INSTANCE M` without a name; LOCAL or not.
    Instance {
        local: bool,
    },
    /// `I(p) == INSTANCE M`.
    Named {
        name: String,
        local: bool,
    },
}

#[derive(Clone, Debug)]
pub struct Link {
    pub kind: LinkKind,
    pub target: usize,
    /// The unit holding the INSTANCE (its substitutions use this module's names).
    pub unit: Option<usize>,
}

pub struct TreeModule {
    pub name: String,
    pub file: usize,
    pub ast: Module,
    pub links: Vec<Link>,
    /// For an inner module: the module it is written in.
    pub parent: Option<usize>,
}

/// The root module (index 0) and the modules it reaches.
pub struct ModuleTree {
    pub files: Vec<TreeFile>,
    pub modules: Vec<TreeModule>,
}

/// One top-level definition of a module of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DefRef {
    pub module: usize,
    pub unit: usize,
}

/// A definition's parts, borrowed from the tree.
pub struct DefView<'a> {
    pub name: &'a str,
    pub span: Span,
    pub body: &'a Expr,
    pub local: bool,
    pub params: usize,
}

/// Why a name does not resolve to one definition of the spec's own modules.
#[derive(Clone, Debug, PartialEq)]
pub enum LookupError {
    /// Nowhere in the tree: the message lists the modules searched.
    Missing(String),
    /// Two modules define it: both files named.
    Ambiguous(String),
    /// Only library modules define it.
    LibraryOnly(String),
}

impl LookupError {
    pub fn message(&self) -> &str {
        match self {
            LookupError::Missing(m) | LookupError::Ambiguous(m) | LookupError::LibraryOnly(m) => m,
        }
    }
}

impl ModuleTree {
    /// Loads `spec` and the modules it reaches, searching `library` after the spec's folder
    /// (and `TLACHECK_LIBRARY`, as the checker does).
    pub fn load(spec: &Path, library: &[PathBuf]) -> Result<ModuleTree, String> {
        let text = std::fs::read(spec)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| format!("{}: cannot read the spec: {e}", spec.display()))?;
        let search = SearchPath::new(library, std::env::var_os("TLACHECK_LIBRARY").as_deref());
        Self::from_text(spec, text, search)
    }

    /// The tree of the spec a run checks: its files' texts replaced by the request's (a
    /// translation or a mutant made in memory), the others read from disk.
    pub fn of_run(req: &crate::exec::RunRequest) -> Result<ModuleTree, String> {
        let text = match &req.spec_text {
            Some(t) => t.clone(),
            None => std::fs::read(&req.spec)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|e| format!("{}: cannot read the spec: {e}", req.spec.display()))?,
        };
        let search = SearchPath::new(
            &req.library,
            std::env::var_os("TLACHECK_LIBRARY").as_deref(),
        );
        Self::from_texts(&req.spec, text, search, &req.module_texts)
    }

    pub fn from_text(spec: &Path, text: String, search: SearchPath) -> Result<ModuleTree, String> {
        Self::from_texts(spec, text, search, &[])
    }

    /// [`ModuleTree::from_text`], other modules' files given in memory by path.
    pub fn from_texts(
        spec: &Path,
        text: String,
        search: SearchPath,
        others: &[(PathBuf, String)],
    ) -> Result<ModuleTree, String> {
        let dir = spec
            .parent()
            .map(Path::to_path_buf)
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| ".".into());
        let root_dir = std::fs::canonicalize(&dir).unwrap_or(dir.clone());
        let mut loader = Loader::new(dir, search).with_overrides(others);
        let root_file = loader.add_root_file(spec.display().to_string(), text);
        let root = loader
            .parse(root_file, false)
            .map_err(|f| failure(&loader, f))?;
        let mut tree = ModuleTree {
            files: Vec::new(),
            modules: Vec::new(),
        };
        let mut file_of: HashMap<u32, usize> = HashMap::new();
        let mut by_name: HashMap<String, usize> = HashMap::new();
        let mut add_file = |tree: &mut ModuleTree, loader: &Loader, id: u32, standard: bool| {
            if let Some(i) = file_of.get(&id) {
                return *i;
            }
            let source = loader.files[id as usize].clone();
            let path = PathBuf::from(&source.path);
            // A section of the root file is the root file.
            if let Some(i) = tree.files.iter().position(|f| f.path == path) {
                file_of.insert(id, i);
                return i;
            }
            let user = !standard
                && (tree.files.is_empty()
                    || path
                        .parent()
                        // A bare file name's folder is the current one.
                        .map(|p| {
                            if p.as_os_str().is_empty() {
                                Path::new(".")
                            } else {
                                p
                            }
                        })
                        .and_then(|p| std::fs::canonicalize(p).ok())
                        .is_some_and(|p| p == root_dir));
            tree.files.push(TreeFile { path, source, user });
            file_of.insert(id, tree.files.len() - 1);
            tree.files.len() - 1
        };
        let f0 = add_file(&mut tree, &loader, root_file.0, false);
        tree.push_module(root.module.into_owned(), f0, None, &mut by_name);
        let mut next = 0;
        while next < tree.modules.len() {
            let m = next;
            next += 1;
            let uses = tree.uses(m);
            for (kind, name, unit) in uses {
                let target = match tree.inner_module(m, &name) {
                    Some(t) => t,
                    None => match by_name.get(&name) {
                        Some(t) => *t,
                        None => match loader.load(&name) {
                            Ok(l) => {
                                let f = add_file(&mut tree, &loader, l.file.0, l.standard);
                                tree.push_module(l.module.into_owned(), f, None, &mut by_name)
                            }
                            Err(LoadFailure::NotFound) => {
                                return Err(format!(
                                    "{}: module {name} not found (used by {})",
                                    tree.files[tree.modules[m].file].path.display(),
                                    tree.modules[m].name
                                ))
                            }
                            Err(f) => return Err(failure(&loader, f)),
                        },
                    },
                };
                tree.modules[m].links.push(Link { kind, target, unit });
            }
        }
        Ok(tree)
    }

    fn push_module(
        &mut self,
        ast: Module,
        file: usize,
        parent: Option<usize>,
        by_name: &mut HashMap<String, usize>,
    ) -> usize {
        let i = self.modules.len();
        if parent.is_none() {
            by_name.insert(ast.name.name.clone(), i);
        }
        let inner: Vec<Module> = ast
            .units
            .iter()
            .filter_map(|u| match u {
                Unit::Submodule(sub) => Some(sub.clone()),
                _ => None,
            })
            .collect();
        self.modules.push(TreeModule {
            name: ast.name.name.clone(),
            file,
            ast,
            links: Vec::new(),
            parent,
        });
        for sub in inner {
            self.push_module(sub, file, Some(i), by_name);
        }
        i
    }

    /// An inner module named `name` visible in module `m` (its own, or its parents').
    fn inner_module(&self, m: usize, name: &str) -> Option<usize> {
        let mut at = Some(m);
        while let Some(p) = at {
            if let Some(i) = (0..self.modules.len())
                .find(|&i| self.modules[i].parent == Some(p) && self.modules[i].name == name)
            {
                return Some(i);
            }
            at = self.modules[p].parent;
        }
        None
    }

    /// The modules `m` names: EXTENDS, then its INSTANCEs in order.
    fn uses(&self, m: usize) -> Vec<(LinkKind, String, Option<usize>)> {
        let ast = &self.modules[m].ast;
        let mut out: Vec<_> = ast
            .extends
            .iter()
            .map(|e| (LinkKind::Extends, e.name.clone(), None))
            .collect();
        for (u, unit) in ast.units.iter().enumerate() {
            match unit {
                Unit::Instance(i) => out.push((
                    LinkKind::Instance { local: i.local },
                    i.module.name.clone(),
                    Some(u),
                )),
                Unit::ModuleDef(d) => out.push((
                    LinkKind::Named {
                        name: d.name.name.clone(),
                        local: d.local,
                    },
                    d.instance.module.name.clone(),
                    Some(u),
                )),
                _ => {}
            }
        }
        out
    }

    pub fn root_path(&self) -> &Path {
        &self.files[0].path
    }

    pub fn file_of(&self, d: DefRef) -> &TreeFile {
        &self.files[self.modules[d.module].file]
    }

    /// Whether a definition is written in one of the spec's own modules.
    pub fn is_user(&self, d: DefRef) -> bool {
        self.file_of(d).user
    }

    pub fn def(&self, d: DefRef) -> DefView<'_> {
        match &self.modules[d.module].ast.units[d.unit] {
            Unit::Op(o) => DefView {
                name: &o.name.name,
                span: o.span,
                body: &o.body,
                local: o.local,
                params: o.params.len(),
            },
            Unit::Fun(f) => DefView {
                name: &f.name.name,
                span: f.span,
                body: &f.body,
                local: f.local,
                params: f.bounds.len(),
            },
            _ => unreachable!("a DefRef points at a definition"),
        }
    }

    /// The top-level definitions of module `m`, in order.
    pub fn defs_of(&self, m: usize) -> Vec<DefRef> {
        (self.modules[m].ast.units.iter().enumerate())
            .filter(|(_, u)| matches!(u, Unit::Op(_) | Unit::Fun(_)))
            .map(|(unit, _)| DefRef { module: m, unit })
            .collect()
    }

    /// Every definition of the spec's own modules, module by module.
    pub fn user_defs(&self) -> Vec<DefRef> {
        (0..self.modules.len())
            .filter(|&m| self.files[self.modules[m].file].user)
            .flat_map(|m| self.defs_of(m))
            .collect()
    }

    fn own(&self, m: usize, name: &str, with_local: bool) -> Option<DefRef> {
        self.defs_of(m).into_iter().find(|d| {
            let v = self.def(*d);
            v.name == name && (with_local || !v.local)
        })
    }

    /// What module `m` exports under `name`: its own non-LOCAL definitions and what its
    /// EXTENDS and non-LOCAL unnamed INSTANCEs export.
    fn exported(&self, m: usize, name: &str, out: &mut Vec<DefRef>, seen: &mut Vec<usize>) {
        if seen.contains(&m) {
            return;
        }
        seen.push(m);
        if let Some(d) = self.own(m, name, false) {
            push_new(out, d);
        }
        for l in &self.modules[m].links {
            match l.kind {
                LinkKind::Extends | LinkKind::Instance { local: false } => {
                    self.exported(l.target, name, out, seen)
                }
                _ => {}
            }
        }
    }

    /// The definitions module `m` sees under `name`: its own (LOCAL included) first, else what
    /// its EXTENDS and unnamed INSTANCEs export (more than one only in a spec SANY refuses).
    pub fn visible(&self, m: usize, name: &str) -> Vec<DefRef> {
        if let Some(d) = self.own(m, name, true) {
            return vec![d];
        }
        let mut out = Vec::new();
        let mut seen = vec![m];
        for l in &self.modules[m].links {
            if matches!(l.kind, LinkKind::Extends | LinkKind::Instance { .. }) {
                self.exported(l.target, name, &mut out, &mut seen);
            }
        }
        out
    }

    /// The module of the named instance `inst` that module `m` sees (its own or exported by
    /// what it extends), with the link that makes it.
    pub fn instance_target(&self, m: usize, inst: &str) -> Option<(usize, usize, Link)> {
        let mut todo = vec![(m, true)];
        let mut seen = Vec::new();
        while let Some((at, own)) = todo.pop() {
            if seen.contains(&at) {
                continue;
            }
            seen.push(at);
            for l in &self.modules[at].links {
                match &l.kind {
                    LinkKind::Named { name, local } if name == inst && (own || !local) => {
                        return Some((l.target, at, l.clone()))
                    }
                    LinkKind::Extends | LinkKind::Instance { local: false } => {
                        todo.push((l.target, false))
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// `I!J!Op` seen from module `m`.
    pub fn resolve_path(&self, m: usize, path: &[&str], name: &str) -> Vec<DefRef> {
        let mut at = m;
        for seg in path {
            match self.instance_target(at, seg) {
                Some((t, _, _)) => at = t,
                None => return Vec::new(),
            }
        }
        if path.is_empty() {
            return self.visible(at, name);
        }
        let mut out = Vec::new();
        self.exported(at, name, &mut out, &mut Vec::new());
        out
    }

    fn describe(&self, d: DefRef) -> String {
        let f = self.file_of(d);
        let (line, _) = f.source.line_col(self.def(d).span.start);
        format!(
            "{}:{line} (module {})",
            f.path.display(),
            self.modules[d.module].name
        )
    }

    /// The definition `name` (or `I!Op`) of the spec's own modules, by the rules above.
    pub fn find(&self, name: &str) -> Result<DefRef, LookupError> {
        let parts: Vec<&str> = name.split('!').collect();
        let (path, last) = parts.split_at(parts.len() - 1);
        let mut found = self.resolve_path(0, path, last[0]);
        if found.is_empty() && path.is_empty() {
            found = (0..self.modules.len())
                .flat_map(|m| self.defs_of(m))
                .filter(|d| self.def(*d).name == name)
                .collect();
            let user: Vec<DefRef> = found.iter().copied().filter(|d| self.is_user(*d)).collect();
            if !user.is_empty() {
                found = user;
            }
        }
        match found.as_slice() {
            [] => Err(LookupError::Missing(format!(
                "{} has no definition named {name}{}",
                self.root_path().display(),
                self.searched()
            ))),
            [d] if !self.is_user(*d) => Err(LookupError::LibraryOnly(format!(
                "{name} is defined only in a library module, {}, not in the spec's own modules{}",
                self.describe(*d),
                self.searched()
            ))),
            [d] => Ok(*d),
            many => Err(LookupError::Ambiguous(format!(
                "{name} is ambiguous: it is defined in {}; name one as I!{name} through an INSTANCE, or rename one",
                many.iter()
                    .map(|d| self.describe(*d))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))),
        }
    }

    /// ` (searched: A.tla, B.tla)`: the spec's own files.
    fn searched(&self) -> String {
        let own: Vec<String> = (self.files.iter())
            .filter(|f| f.user)
            .map(|f| f.path.display().to_string())
            .collect();
        format!(" (searched {})", own.join(", "))
    }

    /// The definitions the bodies of `roots` reach, through the names each body uses as its
    /// module resolves them (and `I!Op` paths, with the instance's substitutions).
    pub fn reachable(&self, roots: &[DefRef]) -> Vec<DefRef> {
        let mut seen: Vec<DefRef> = Vec::new();
        let mut todo: Vec<DefRef> = roots.to_vec();
        let mut insts_seen: Vec<(usize, usize)> = Vec::new();
        while let Some(d) = todo.pop() {
            if seen.contains(&d) {
                continue;
            }
            seen.push(d);
            let mut exprs: Vec<(usize, &Expr)> = vec![(d.module, self.def(d).body)];
            if let Unit::Fun(f) = &self.modules[d.module].ast.units[d.unit] {
                exprs.extend(f.bounds.iter().map(|b| (d.module, &b.set)));
            }
            while let Some((m, e)) = exprs.pop() {
                let mut names = Vec::new();
                names_used(e, &mut names);
                for (path, name) in names {
                    let mut at = m;
                    for seg in &path {
                        match self.instance_target(at, seg) {
                            Some((t, holder, link)) => {
                                if let Some(u) = link.unit {
                                    if !insts_seen.contains(&(holder, u)) {
                                        insts_seen.push((holder, u));
                                        for (_, sub) in substitutions(&self.modules[holder], u) {
                                            exprs.push((holder, sub));
                                        }
                                    }
                                }
                                at = t;
                            }
                            None => break,
                        }
                    }
                    let refs = if path.is_empty() {
                        self.visible(m, &name)
                    } else {
                        let mut out = Vec::new();
                        self.exported(at, &name, &mut out, &mut Vec::new());
                        out
                    };
                    todo.extend(refs);
                }
            }
            // An unnamed INSTANCE's substitutions are used whenever its definitions are.
            for (h, hm) in self.modules.iter().enumerate() {
                for l in &hm.links {
                    let unnamed = matches!(l.kind, LinkKind::Instance { .. });
                    let Some(u) = l.unit.filter(|_| unnamed && l.target == d.module) else {
                        continue;
                    };
                    if !insts_seen.contains(&(h, u)) {
                        insts_seen.push((h, u));
                        let subs = substitutions(hm, u);
                        let mut names = Vec::new();
                        for (_, e) in subs {
                            names_used(e, &mut names);
                        }
                        for (path, name) in names.into_iter().filter(|(p, _)| p.is_empty()) {
                            let _ = path;
                            todo.extend(self.visible(h, &name));
                        }
                    }
                }
            }
        }
        seen
    }
}

fn push_new(out: &mut Vec<DefRef>, d: DefRef) {
    if !out.contains(&d) {
        out.push(d);
    }
}

fn substitutions(m: &TreeModule, unit: usize) -> Vec<(&str, &Expr)> {
    let inst = match &m.ast.units[unit] {
        Unit::Instance(i) => i,
        Unit::ModuleDef(d) => &d.instance,
        _ => return Vec::new(),
    };
    inst.substitutions
        .iter()
        .map(|(n, e)| (n.name.as_str(), e))
        .collect()
}

/// Every operator name applied in `e`, with its instance path (`I!J!Op` is `([I, J], Op)`).
fn names_used(e: &Expr, out: &mut Vec<(Vec<String>, String)>) {
    if let ExprKind::Apply { name, path, .. } = &e.kind {
        out.push((
            path.iter().map(|p| p.name.name.clone()).collect(),
            name.name.clone(),
        ));
    }
    for c in crate::spec_text::children(e) {
        names_used(c, out);
    }
}

fn failure(loader: &Loader, f: LoadFailure) -> String {
    match f {
        LoadFailure::NotFound => "module not found".into(),
        LoadFailure::Unreadable(m) => m,
        LoadFailure::Syntax(file, d) => d.render(&loader.files[file.index()]),
    }
}

/// A file's text with one span replaced.
pub fn splice(text: &str, span: Span, with: &str) -> String {
    let (s, e) = (span.start as usize, span.end as usize);
    format!("{}{}{}", &text[..s], with, &text[e..])
}

/// A mutated spec: the file edited and its new text (never written).
#[derive(Clone, Debug, PartialEq)]
pub struct Edited {
    pub file: PathBuf,
    pub text: String,
    /// The root module's file: sent as the spec's text; any other as a module's.
    pub root: bool,
}
