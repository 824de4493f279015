//! Name resolution: turns parsed modules into the resolved [`Spec`].
//!
//! Modules are resolved depth first: a module named in EXTENDS or INSTANCE is resolved
//! completely before the unit that names it. Each module keeps two tables: the names in scope
//! (everything, LOCAL included) and the names it exports (what EXTENDS passes on).

mod expr;
mod instance;
mod subexpr;

use crate::fxhash::{FxHashMap, FxHashSet};
use crate::ir::*;
use crate::loader::{LoadFailure, Loaded, Loader};
use crate::SemaError;
use std::collections::BTreeMap;
use tla_syntax::ast::{self, Unit};
use tla_syntax::Span;

/// What a name at module level denotes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Symbol {
    Def(DefId),
    Var(VarId),
    Const(ConstId, usize),
    Instance(std::rc::Rc<InstanceInfo>),
}

/// A named instance `I(p) == INSTANCE M WITH ...`: its parameters and the names it offers.
#[derive(Debug, PartialEq)]
pub(crate) struct InstanceInfo {
    pub module_name: String,
    pub arity: usize,
    pub names: FxHashMap<String, Symbol>,
    /// The `I(p) == INSTANCE ...` statement.
    pub loc: Loc,
}

/// How a name enters a module's scope. SANY treats a name that is already taken differently
/// depending on the construct that brings it in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeclWay {
    /// Merged from an EXTENDSed module (Context.mergeExtendContext): a definition or
    /// declaration meeting one of the same class only warns (the first one stays), one of the
    /// other class is an error.
    Extends,
    /// `Op(p) == e` (Generator.processOperator): any earlier meaning of the name is an error.
    OpDef,
    /// `f[x \in S] == e` (Generator.processFunction): likewise.
    FunDef,
    /// CONSTANT, VARIABLE, a named INSTANCE, a definition brought by an unnamed INSTANCE, a
    /// theorem or assumption name (SymbolTable.addSymbol): an earlier meaning of a different
    /// kind or arity is an error; one of the same kind and arity only warns (the first stays).
    Symbol,
}

/// A substitution of an INSTANCE, kept for the level check (InstanceNode.levelCheck).
#[derive(Clone, Debug)]
pub(crate) struct InstanceLevelCheck {
    /// The INSTANCE statement.
    pub loc: Loc,
    pub module_name: String,
    /// Whether the instantiated module declares variables, and its definitions: together they
    /// decide whether it is a constant module (ModuleNode.isConstant).
    pub has_variables: bool,
    pub defs: Vec<DefId>,
    /// (declared name, whether it is a VARIABLE, the expression substituted for it)
    pub substs: Vec<(String, bool, Expr)>,
}

#[derive(Default, Clone)]
pub(crate) struct Scope {
    pub names: FxHashMap<String, Symbol>,
    pub exports: FxHashMap<String, Symbol>,
    /// Submodules declared so far, visible to EXTENDS and INSTANCE.
    pub submodules: FxHashMap<String, std::rc::Rc<ResolvedModule>>,
    pub variables: Vec<VarId>,
    pub constants: Vec<ConstId>,
}

/// A fully resolved module: its exports and its declared parameters.
pub(crate) struct ResolvedModule {
    pub id: ModuleId,
    pub scope: Scope,
    /// The definitions of the module's own context: those it defines or imports, not those of
    /// an enclosing module (which a submodule sees too).
    pub own_defs: Vec<DefId>,
}

pub(crate) struct Resolver {
    pub loader: Loader,
    pub spec: Spec,
    pub errors: Vec<SemaError>,
    modules_by_name: FxHashMap<String, std::rc::Rc<ResolvedModule>>,
    /// Modules being resolved, for cycle detection.
    in_progress: Vec<String>,
    /// RECURSIVE declarations whose definition has not been seen yet.
    pub pending_recursive: FxHashSet<DefId>,
    /// Named theorems whose statement is an ASSUME/PROVE: not expressions (their definition
    /// stands as TRUE, and naming one in an expression is SANY's error).
    pub assume_prove: FxHashSet<DefId>,
    /// Named parts without parameters (at the reference's place), with their own place:
    /// SANY's `$Nop(part)`, one operand for a further selection (see `subexpr.rs`).
    pub nop_parts: FxHashMap<Loc, Loc>,
    /// Applications through an instance, by place: the compound name (`I!Foo`) SANY's
    /// level errors give.
    pub call_names: FxHashMap<Loc, String>,
    /// INSTANCE substitutions whose levels are checked once all levels are known.
    pub instance_checks: Vec<InstanceLevelCheck>,
}

impl Resolver {
    pub fn new(loader: Loader) -> Self {
        Resolver {
            loader,
            spec: Spec {
                files: Vec::new(),
                modules: Vec::new(),
                root: ModuleId(0),
                defs: Vec::new(),
                variables: Vec::new(),
                constants: Vec::new(),
                locals: Vec::new(),
            },
            errors: Vec::new(),
            modules_by_name: FxHashMap::default(),
            in_progress: Vec::new(),
            pending_recursive: Default::default(),
            assume_prove: Default::default(),
            nop_parts: Default::default(),
            call_names: Default::default(),
            instance_checks: Vec::new(),
        }
    }

    pub fn error(&mut self, file: FileId, span: Span, message: impl Into<String>) {
        self.errors.push(SemaError {
            loc: Some(Loc { file, span }),
            message: message.into(),
        });
    }

    /// Resolves the root module; the spec's root is set to it.
    pub fn resolve_root(&mut self, loaded: Loaded) -> Option<ModuleId> {
        let name = loaded.module.name.name.clone();
        self.in_progress.push(name.clone());
        let m = self.resolve_module(
            &loaded.module,
            loaded.file,
            loaded.standard,
            Scope::default(),
        );
        self.in_progress.pop();
        self.spec.root = m.id;
        Some(m.id)
    }

    /// The module `name`, named at `file:span`: a submodule in scope, one already resolved, or
    /// one found by the loader.
    fn module_named(
        &mut self,
        name: &ast::Ident,
        file: FileId,
        scope: &Scope,
    ) -> Option<std::rc::Rc<ResolvedModule>> {
        if let Some(m) = scope.submodules.get(&name.name) {
            return Some(m.clone());
        }
        if let Some(m) = self.modules_by_name.get(&name.name) {
            return Some(m.clone());
        }
        if let Some(start) = self.in_progress.iter().position(|m| *m == name.name) {
            // SpecObj.nonCircularityBody's message, on one line.
            let mut chain: Vec<String> = self.in_progress[start..]
                .iter()
                .map(|m| format!("{m}.tla"))
                .collect();
            chain.push(format!("{}.tla", name.name));
            self.error(
                file,
                name.span,
                format!(
                    "Circular dependency among .tla files; dependency cycle is: {}",
                    chain.join(" --> ")
                ),
            );
            return None;
        }
        let loaded = match self.loader.load(&name.name) {
            Ok(l) => l,
            Err(LoadFailure::NotFound) => {
                self.error(
                    file,
                    name.span,
                    format!("Cannot find source file for module {}", name.name),
                );
                return None;
            }
            Err(LoadFailure::Unreadable(msg)) => {
                self.error(
                    file,
                    name.span,
                    format!("cannot read module {}: {msg}", name.name),
                );
                return None;
            }
            Err(LoadFailure::Syntax(f, d)) => {
                self.errors.push(SemaError {
                    loc: Some(Loc {
                        file: f,
                        span: d.span,
                    }),
                    message: d.message,
                });
                return None;
            }
        };
        if loaded.module.name.name != name.name {
            self.error(
                loaded.file,
                loaded.module.name.span,
                format!(
                    "file {}.tla holds module {}, not {}",
                    name.name, loaded.module.name.name, name.name
                ),
            );
            return None;
        }
        self.in_progress.push(name.name.clone());
        let m = self.resolve_module(
            &loaded.module,
            loaded.file,
            loaded.standard,
            Scope::default(),
        );
        self.in_progress.pop();
        self.modules_by_name.insert(name.name.clone(), m.clone());
        Some(m)
    }

    /// Resolves one module. `outer` is the enclosing module's scope for a submodule.
    fn resolve_module(
        &mut self,
        module: &ast::Module,
        file: FileId,
        standard: bool,
        outer: Scope,
    ) -> std::rc::Rc<ResolvedModule> {
        let id = ModuleId(self.spec.modules.len() as u32);
        self.spec.modules.push(ModuleInfo {
            name: module.name.name.clone(),
            file,
            standard,
            defs: BTreeMap::new(),
            variables: Vec::new(),
            constants: Vec::new(),
            extends: Vec::new(),
            assumptions: Vec::new(),
            context_len: (0, 0),
        });
        let outer_names = outer.names.clone();
        let mut scope = Scope {
            names: outer.names,
            exports: FxHashMap::default(),
            submodules: outer.submodules,
            variables: Vec::new(),
            constants: Vec::new(),
        };
        for ext in &module.extends {
            let Some(m) = self.module_named(ext, file, &scope) else {
                continue;
            };
            self.spec.modules[id.index()].extends.push(m.id);
            let mut exports: Vec<(&String, &Symbol)> = m.scope.exports.iter().collect();
            exports.sort_by_key(|(n, _)| n.as_str());
            for (name, sym) in exports {
                self.declare(
                    &mut scope,
                    file,
                    name,
                    ext.span,
                    sym.clone(),
                    true,
                    DeclWay::Extends,
                );
            }
            // SANY: the inner modules of an extended module are known to the extender.
            for (name, sub) in &m.scope.submodules {
                (scope.submodules.entry(name.clone())).or_insert_with(|| sub.clone());
            }
            for v in &m.scope.variables {
                if !scope.variables.contains(v) {
                    scope.variables.push(*v);
                }
            }
            for c in &m.scope.constants {
                if !scope.constants.contains(c) {
                    scope.constants.push(*c);
                }
            }
        }
        let extended = context_len(&scope.names, &outer_names);
        let mut cx = ModCx {
            module: id,
            file,
            scope,
        };
        for unit in &module.units {
            self.resolve_unit(&mut cx, unit);
        }
        self.undefined_recursive(|_, d| d.module == id && !d.in_let);
        let scope = cx.scope;
        let info = &mut self.spec.modules[id.index()];
        for (name, sym) in &scope.names {
            if let Symbol::Def(d) = sym {
                info.defs.insert(name.clone(), *d);
            }
        }
        info.variables = scope.variables.clone();
        info.constants = scope.constants.clone();
        info.context_len = (extended, context_len(&scope.names, &outer_names));
        let own_defs = scope
            .names
            .iter()
            .filter(|(name, sym)| outer_names.get(*name) != Some(*sym))
            .filter_map(|(_, sym)| match sym {
                Symbol::Def(d) => Some(*d),
                _ => None,
            })
            .collect();
        std::rc::Rc::new(ResolvedModule {
            id,
            scope,
            own_defs,
        })
    }

    /// Adds a name to a module's scope (and its exports unless LOCAL), as SANY does when the
    /// name is already taken (see [`DeclWay`]). Returns whether the new meaning was added.
    #[allow(clippy::too_many_arguments)]
    fn declare(
        &mut self,
        scope: &mut Scope,
        file: FileId,
        name: &str,
        span: Span,
        sym: Symbol,
        export: bool,
        way: DeclWay,
    ) -> bool {
        if let Some(old) = scope.names.get(name).cloned() {
            let same = old == sym
                || matches!((&old, &sym), (Symbol::Def(a), Symbol::Def(b)) if self.same_def(*a, *b));
            if same {
                if export {
                    scope.exports.entry(name.to_string()).or_insert(sym);
                }
                return false;
            }
            let at = self.symbol_place(&old);
            let message = match way {
                DeclWay::OpDef => Some(format!("Operator {name} already defined or declared.")),
                DeclWay::FunDef => Some(format!(
                    "Function name `{name}' already defined or declared."
                )),
                DeclWay::Extends => {
                    let (old_kind, _) = self.kind_arity(&old);
                    let (new_kind, _) = self.kind_arity(&sym);
                    let class = |k: &str| if k == "var" || k == "const" { 1 } else { 0 };
                    (class(old_kind) != class(new_kind)).then(|| {
                        let what = if class(old_kind) == 1 {
                            "declaration"
                        } else {
                            "definition"
                        };
                        format!("The {what} of '{name}' conflicts with its {what} at {at}.")
                    })
                }
                DeclWay::Symbol => (self.kind_arity(&old) != self.kind_arity(&sym)).then(|| {
                    format!(
                        "Multiply-defined symbol '{name}': this definition or declaration conflicts with the one at {at}."
                    )
                }),
            };
            if let Some(m) = message {
                self.error(file, span, m);
            }
            // Otherwise SANY only warns ("Multiple declarations or definitions"): the first
            // meaning stays.
            return false;
        }
        scope.names.insert(name.to_string(), sym.clone());
        if export {
            scope.exports.insert(name.to_string(), sym);
        }
        true
    }

    /// The kind of a symbol and its arity, as SymbolTable.addSymbol compares them.
    fn kind_arity(&self, sym: &Symbol) -> (&'static str, usize) {
        match sym {
            Symbol::Def(d) => ("def", self.spec.def(*d).params.len()),
            Symbol::Var(_) => ("var", 0),
            Symbol::Const(_, a) => ("const", *a),
            Symbol::Instance(i) => ("instance", i.arity),
        }
    }

    /// Where a symbol was defined or declared, as SANY names a place: `line L, col C of
    /// module M`.
    pub(crate) fn symbol_place(&self, sym: &Symbol) -> String {
        let loc = match sym {
            Symbol::Def(d) => self.spec.def(*d).loc,
            Symbol::Var(v) => self.spec.variables[v.index()].loc,
            Symbol::Const(c, _) => self.spec.constants[c.index()].loc,
            Symbol::Instance(i) => i.loc,
        };
        self.place(loc)
    }

    /// `line L, col C of module M`.
    pub(crate) fn place(&self, loc: Loc) -> String {
        let f = &self.loader.files[loc.file.index()];
        let (l, c) = f.module_line_col(loc.span.start);
        let module = self
            .spec
            .modules
            .iter()
            .find(|m| m.file == loc.file)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| {
                let p = std::path::Path::new(&f.path);
                p.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
        format!("line {l}, col {c} of module {module}")
    }

    /// Two definitions from the same text with the same body (e.g. one module instantiated
    /// twice without substitutions) are the same definition.
    fn same_def(&self, a: DefId, b: DefId) -> bool {
        let (da, db) = (self.spec.def(a), self.spec.def(b));
        da.loc == db.loc && da.body == db.body && da.params.len() == db.params.len()
    }

    fn resolve_unit(&mut self, cx: &mut ModCx, unit: &Unit) {
        let file = cx.file;
        match unit {
            Unit::Variables(ids) => {
                for id in ids {
                    let v = VarId(self.spec.variables.len() as u32);
                    let sym = Symbol::Var(v);
                    if self.declare(
                        &mut cx.scope,
                        file,
                        &id.name,
                        id.span,
                        sym,
                        true,
                        DeclWay::Symbol,
                    ) {
                        self.spec.variables.push(Decl {
                            name: id.name.clone(),
                            loc: Loc {
                                file,
                                span: id.span,
                            },
                            arity: 0,
                        });
                        cx.scope.variables.push(v);
                    }
                }
            }
            Unit::Constants(decls) => {
                for d in decls {
                    let c = ConstId(self.spec.constants.len() as u32);
                    let sym = Symbol::Const(c, d.arity);
                    if self.declare(
                        &mut cx.scope,
                        file,
                        &d.name.name,
                        d.name.span,
                        sym,
                        true,
                        DeclWay::Symbol,
                    ) {
                        self.spec.constants.push(Decl {
                            name: d.name.name.clone(),
                            loc: Loc {
                                file,
                                span: d.name.span,
                            },
                            arity: d.arity,
                        });
                        cx.scope.constants.push(c);
                    }
                }
            }
            Unit::Recursive(decls) => {
                for d in decls {
                    let id = self.placeholder_def(cx.module, file, &d.name, d.arity, false);
                    self.pending_recursive.insert(id);
                    self.declare(
                        &mut cx.scope,
                        file,
                        &d.name.name,
                        d.name.span,
                        Symbol::Def(id),
                        true,
                        DeclWay::OpDef,
                    );
                }
            }
            Unit::Op(def) => {
                let id = self.op_def(cx, def, &mut Vec::new());
                let sym = Symbol::Def(id);
                if !self.fills_recursive(cx, &def.name.name, id) {
                    self.declare(
                        &mut cx.scope,
                        file,
                        &def.name.name,
                        def.span,
                        sym,
                        !def.local,
                        DeclWay::OpDef,
                    );
                } else if def.local {
                    cx.scope.exports.remove(&def.name.name);
                }
            }
            Unit::Fun(def) => {
                let id = self.fun_def(cx, def, &mut Vec::new());
                if !self.fills_recursive(cx, &def.name.name, id) {
                    self.declare(
                        &mut cx.scope,
                        file,
                        &def.name.name,
                        def.span,
                        Symbol::Def(id),
                        !def.local,
                        DeclWay::FunDef,
                    );
                }
            }
            Unit::Instance(inst) => {
                if let Some(info) = self.instance(cx, inst, &[]) {
                    let mut names: Vec<(&String, &Symbol)> = info.names.iter().collect();
                    names.sort_by_key(|(n, _)| n.as_str());
                    for (name, sym) in names {
                        self.declare(
                            &mut cx.scope,
                            file,
                            name,
                            inst.span,
                            sym.clone(),
                            !inst.local,
                            DeclWay::Symbol,
                        );
                    }
                }
            }
            Unit::ModuleDef(md) => {
                let mut locals = Vec::new();
                let params: Vec<(String, LocalId)> = md
                    .params
                    .iter()
                    .map(|p| {
                        let id = self.new_local(&p.name.name, file, p.name.span);
                        locals.push(expr::LocalSym::Local {
                            name: p.name.name.clone(),
                            id,
                            arity: p.arity,
                        });
                        (p.name.name.clone(), id)
                    })
                    .collect();
                let mut ecx = expr::ExprCx::new(cx, &mut locals);
                let subs = self.substitutions(&mut ecx, &md.instance, md.span);
                let loc = Loc {
                    file,
                    span: md.span,
                };
                if let Some(info) = subs.map(|(m, subs)| {
                    self.instantiate(&m, subs, &params, &md.instance, instance::Site::Named, loc)
                }) {
                    let name_loc = Loc {
                        file,
                        span: md.name.span,
                    };
                    for sym in info.names.values() {
                        if let Symbol::Def(d) = sym {
                            self.spec.defs[d.index()].via_instance =
                                Some((md.name.name.clone(), name_loc));
                        }
                    }
                    let sym = Symbol::Instance(std::rc::Rc::new(info));
                    self.declare(
                        &mut cx.scope,
                        file,
                        &md.name.name,
                        md.name.span,
                        sym,
                        !md.local,
                        DeclWay::Symbol,
                    );
                }
            }
            Unit::Assume(a) => {
                let mut locals = Vec::new();
                let mut ecx = expr::ExprCx::new(cx, &mut locals);
                if let Some(e) = self.lower(&mut ecx, &a.expr) {
                    self.spec.modules[cx.module.index()]
                        .assumptions
                        .push(Assumption {
                            name: a.name.as_ref().map(|n| n.name.clone()),
                            expr: e,
                            loc: Loc { file, span: a.span },
                        });
                }
                if let Some(n) = &a.name {
                    // A named assumption is also a definition of its name.
                    let mut locals = Vec::new();
                    let mut ecx = expr::ExprCx::new(cx, &mut locals);
                    if let Some(body) = self.lower(&mut ecx, &a.expr) {
                        let id = self.push_def(Def {
                            name: n.name.clone(),
                            module: cx.module,
                            params: Vec::new(),
                            body,
                            loc: Loc { file, span: a.span },
                            is_function: false,
                            recursive: false,
                            in_let: false,
                            origin: None,
                            via_instance: None,
                            level: Level::Constant,
                            param_raises: Vec::new(),
                            param_max: Vec::new(),
                        });
                        self.declare(
                            &mut cx.scope,
                            file,
                            &n.name,
                            n.span,
                            Symbol::Def(id),
                            true,
                            DeclWay::Symbol,
                        );
                    }
                }
            }
            Unit::Theorem(t) => {
                // A theorem's statement is checked as SANY checks it (names, levels); a
                // named one is also a definition of its name (`Thm!:` is its statement).
                // An ASSUME/PROVE statement stands as TRUE.
                let loc = Loc { file, span: t.span };
                let body = match &t.statement {
                    ast::Statement::Expr(e) => {
                        let mut locals = Vec::new();
                        let mut ecx = expr::ExprCx::new(cx, &mut locals);
                        self.lower(&mut ecx, e)
                    }
                    ast::Statement::AssumeProve { .. } => None,
                };
                let body = body.unwrap_or(Expr {
                    kind: ExprKind::Bool(true),
                    loc,
                    level: Level::Constant,
                    slot: Default::default(),
                });
                let id = self.push_def(Def {
                    name: t.name.as_ref().map_or_else(String::new, |n| n.name.clone()),
                    module: cx.module,
                    params: Vec::new(),
                    body,
                    loc,
                    is_function: false,
                    recursive: false,
                    in_let: false,
                    origin: None,
                    via_instance: None,
                    level: Level::Constant,
                    param_raises: Vec::new(),
                    param_max: Vec::new(),
                });
                if matches!(t.statement, ast::Statement::AssumeProve { .. }) {
                    self.assume_prove.insert(id);
                }
                if let Some(n) = &t.name {
                    self.declare(
                        &mut cx.scope,
                        file,
                        &n.name,
                        n.span,
                        Symbol::Def(id),
                        true,
                        DeclWay::Symbol,
                    );
                }
            }
            Unit::Submodule(m) => {
                let name = &m.name.name;
                let earlier = (cx.scope.submodules.get(name))
                    .or_else(|| self.modules_by_name.get(name))
                    .map(|e| self.spec.modules[e.id.index()].file);
                if let Some(f) = earlier {
                    // SANY: a module of that name is already known here (a sibling, or one
                    // loaded by EXTENDS/INSTANCE, possibly from this very file's section).
                    let at = &self.loader.files[f.index()].path;
                    let message = format!(
                        "Multiply-defined module '{name}': this definition or declaration conflicts with the module {name} of {at}."
                    );
                    self.error(file, m.name.span, message);
                    return;
                }
                let outer = cx.scope.clone();
                self.in_progress.push(m.name.name.clone());
                let resolved = self.resolve_module(m, file, false, outer);
                self.in_progress.pop();
                cx.scope.submodules.insert(m.name.name.clone(), resolved);
            }
            Unit::Ignored(_) => {}
        }
    }

    /// RECURSIVE declarations (those `which` selects) never followed by their definition.
    pub(crate) fn undefined_recursive(&mut self, which: impl Fn(DefId, &Def) -> bool) {
        let mut undefined: Vec<DefId> = self
            .pending_recursive
            .iter()
            .copied()
            .filter(|d| which(*d, self.spec.def(*d)))
            .collect();
        undefined.sort();
        for d in undefined {
            self.pending_recursive.remove(&d);
            let def = self.spec.def(d);
            let (loc, name) = (def.loc, def.name.clone());
            self.errors.push(SemaError {
                loc: Some(loc),
                message: format!("Symbol {name} declared in RECURSIVE statement but not defined."),
            });
        }
    }

    /// When a RECURSIVE declaration named `name`, its placeholder takes the definition.
    fn fills_recursive(&mut self, cx: &ModCx, name: &str, id: DefId) -> bool {
        match cx.scope.names.get(name) {
            Some(Symbol::Def(p)) if self.pending_recursive.contains(p) => {
                self.fill_placeholder(*p, id);
                true
            }
            _ => false,
        }
    }

    pub(crate) fn placeholder_def(
        &mut self,
        module: ModuleId,
        file: FileId,
        name: &ast::Ident,
        arity: usize,
        in_let: bool,
    ) -> DefId {
        let loc = Loc {
            file,
            span: name.span,
        };
        let params = (0..arity)
            .map(|i| Param {
                name: format!("_{i}"),
                local: self.new_local("_", file, name.span),
                arity: 0,
            })
            .collect();
        self.push_def(Def {
            name: name.name.clone(),
            module,
            params,
            body: Expr {
                kind: ExprKind::Bool(false),
                loc,
                level: Level::Constant,
                slot: Default::default(),
            },
            loc,
            is_function: false,
            recursive: true,
            in_let,
            origin: None,
            via_instance: None,
            level: Level::Constant,
            param_raises: vec![false; arity],
            param_max: vec![Level::Temporal; arity],
        })
    }

    pub(crate) fn push_def(&mut self, def: Def) -> DefId {
        self.spec.defs.push(def);
        DefId(self.spec.defs.len() as u32 - 1)
    }

    pub(crate) fn new_local(&mut self, name: &str, file: FileId, span: Span) -> LocalId {
        self.spec.locals.push(LocalInfo {
            name: name.to_string(),
            loc: Loc { file, span },
        });
        LocalId(self.spec.locals.len() as u32 - 1)
    }
}

/// The module being resolved.
pub(crate) struct ModCx {
    pub module: ModuleId,
    pub file: FileId,
    pub scope: Scope,
}

/// How many entries SANY's context holds for `names` (those of an enclosing module aside): a
/// named instance holds one for itself and one for each name it offers.
fn context_len(names: &FxHashMap<String, Symbol>, outer: &FxHashMap<String, Symbol>) -> usize {
    fn len(sym: &Symbol) -> usize {
        match sym {
            Symbol::Instance(i) => 1 + i.names.values().map(len).sum::<usize>(),
            _ => 1,
        }
    }
    // `-inv`'s definitions (`__DebuggerExpr__N`) are added here as text; TLC adds them
    // after SANY has built the table.
    (names.iter())
        .filter(|(n, _)| !n.starts_with("__DebuggerExpr__"))
        .filter(|(n, sym)| outer.get(*n) != Some(*sym))
        .map(|(_, sym)| len(sym))
        .sum()
}
