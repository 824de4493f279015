//! INSTANCE: substitutions and the copies of the instantiated module's definitions.

use super::expr::{ExprCx, LocalSym};
use super::{InstanceInfo, InstanceLevelCheck, ModCx, ResolvedModule, Resolver, Symbol};
use crate::fxhash::FxHashMap;
use crate::ir::*;
use crate::visit::{for_each_child, for_each_child_mut};
use std::rc::Rc;
use tla_syntax::ast;

/// A declared name of the instantiated module and what replaces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Param {
    Var(VarId),
    Const(ConstId),
}

#[derive(Clone, Debug)]
pub(crate) enum Replacement {
    Expr(Expr),
    Op(OpRef),
}

/// Where an INSTANCE stands.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Site {
    /// `INSTANCE M`: M's definitions join the module's.
    Unnamed,
    /// `I == INSTANCE M` at module level.
    Named,
    /// `LET I == INSTANCE M IN ...`: its copies may refer to the locals around it.
    Let,
}

pub(crate) type Substitution = FxHashMap<Param, Replacement>;

impl Resolver {
    /// An unnamed `INSTANCE M WITH ...`: the definitions it brings into scope.
    pub(crate) fn instance(
        &mut self,
        cx: &mut ModCx,
        inst: &ast::Instance,
        params: &[(String, LocalId)],
    ) -> Option<InstanceInfo> {
        let mut locals = Vec::new();
        let mut ecx = ExprCx::new(cx, &mut locals);
        let (m, subs) = self.substitutions(&mut ecx, inst, inst.span)?;
        let loc = Loc {
            file: cx.file,
            span: inst.span,
        };
        Some(self.instantiate(&m, subs, params, inst, Site::Unnamed, loc))
    }

    /// Finds the instantiated module and lowers the substitutions, explicit and implicit
    /// (Generator.processSubst, SubstInNode.constructSubst and matchAll). `stmt` is the whole
    /// INSTANCE statement, where SANY reports a missing substitution.
    pub(crate) fn substitutions(
        &mut self,
        cx: &mut ExprCx,
        inst: &ast::Instance,
        stmt: tla_syntax::Span,
    ) -> Option<(Rc<ResolvedModule>, Substitution)> {
        let m = self.module_named(&inst.module, cx.file, cx.scope)?;
        let mut declared: Vec<(String, Param, usize, Loc)> = Vec::new();
        for v in &m.scope.variables {
            let d = &self.spec.variables[v.index()];
            declared.push((d.name.clone(), Param::Var(*v), 0, d.loc));
        }
        for c in &m.scope.constants {
            let d = &self.spec.constants[c.index()];
            declared.push((d.name.clone(), Param::Const(*c), d.arity, d.loc));
        }
        let mut subs = Substitution::default();
        let mut level_substs: Vec<(String, bool, Expr)> = Vec::new();
        let mut explicit: Vec<Param> = Vec::new();
        let mut ok = true;
        for (name, value) in &inst.substitutions {
            let Some((_, param, arity, _)) = declared.iter().find(|(n, ..)| *n == name.name) else {
                self.error(
                    cx.file,
                    name.span,
                    format!(
                        "Identifier '{}' is not a legal target of a substitution. A legal target must be a declared CONSTANT or VARIABLE in the module being instantiated.",
                        name.name
                    ),
                );
                ok = false;
                continue;
            };
            if explicit.contains(param) {
                self.error(
                    cx.file,
                    name.span,
                    format!(
                        "Multiple substitutions for symbol '{}' in substitution.",
                        name.name
                    ),
                );
                ok = false;
                continue;
            }
            explicit.push(*param);
            match self.replacement(cx, &name.name, value, *arity) {
                Some(r) => {
                    if let Replacement::Expr(e) = &r {
                        level_substs.push((
                            name.name.clone(),
                            matches!(param, Param::Var(_)),
                            e.clone(),
                        ));
                    }
                    subs.insert(*param, r);
                }
                None => ok = false,
            }
        }
        for (name, param, arity, decl_loc) in &declared {
            if explicit.contains(param) {
                continue;
            }
            let ident = ast::Ident {
                name: name.clone(),
                span: inst.module.span,
            };
            let known = cx.locals.iter().any(|l| match l {
                LocalSym::Local { name: n, .. }
                | LocalSym::Def { name: n, .. }
                | LocalSym::Instance { name: n, .. } => n == name,
            }) || cx.scope.names.contains_key(name);
            if !known {
                let at = self.place(*decl_loc);
                let here = self.spec.modules[cx.module.index()].name.clone();
                self.error(
                    cx.file,
                    stmt,
                    format!(
                        "Substitution missing for symbol {name} declared at {at} and instantiated in module {here}."
                    ),
                );
                ok = false;
                continue;
            }
            let e = ast::Expr::new(
                ast::ExprKind::Apply {
                    path: Vec::new(),
                    name: ident,
                    args: Vec::new(),
                },
                inst.module.span,
            );
            match self.replacement(cx, name, &e, *arity) {
                Some(r) => {
                    if let Replacement::Expr(e) = &r {
                        level_substs.push((
                            name.clone(),
                            matches!(param, Param::Var(_)),
                            e.clone(),
                        ));
                    }
                    let same = matches!((&r, param),
                        (Replacement::Expr(Expr { kind: ExprKind::Var(a), .. }), Param::Var(b)) if a == b)
                        || matches!((&r, param),
                        (Replacement::Expr(Expr { kind: ExprKind::Const(a), .. }), Param::Const(b)) if a == b);
                    if !same {
                        subs.insert(*param, r);
                    }
                }
                None => ok = false,
            }
        }
        if ok && !level_substs.is_empty() {
            self.instance_checks.push(InstanceLevelCheck {
                loc: Loc {
                    file: cx.file,
                    span: stmt,
                },
                module_name: inst.module.name.clone(),
                has_variables: !m.scope.variables.is_empty(),
                defs: m.own_defs.clone(),
                substs: level_substs,
            });
        }
        ok.then_some((m, subs))
    }

    /// What replaces the declared `target` of the given arity: an expression, or for an
    /// operator constant an operator (Generator.generateSubst, generateOpArg).
    fn replacement(
        &mut self,
        cx: &mut ExprCx,
        target: &str,
        value: &ast::Expr,
        arity: usize,
    ) -> Option<Replacement> {
        let wrong_arity = format!(
            "An operator must be substituted for symbol '{target}', and it must have arity {arity}."
        );
        if arity == 0 {
            if let ast::ExprKind::Lambda(..) = value.kind {
                self.error(cx.file, value.span, wrong_arity);
                return None;
            }
            if let ast::ExprKind::Apply { path, name, args } = &value.kind {
                if path.is_empty() && args.is_empty() {
                    let lowered = self.lower_name(cx, name, args, value.span, true)?;
                    if let ExprKind::OpArg(_) = lowered.kind {
                        self.error(cx.file, value.span, wrong_arity);
                        return None;
                    }
                    return Some(Replacement::Expr(lowered));
                }
            }
            return self.lower(cx, value).map(Replacement::Expr);
        }
        let lowered = match &value.kind {
            ast::ExprKind::Apply { path, name, args } if path.is_empty() && args.is_empty() => {
                self.lower_name(cx, name, args, value.span, true)?
            }
            ast::ExprKind::Lambda(params, body) => {
                let id = self.lambda_def(cx, params, body, value.span)?;
                self.mk(cx, ExprKind::OpArg(OpRef::Def(id)), value.span)
            }
            _ => {
                self.error(
                    cx.file,
                    value.span,
                    format!(
                        "Arity {arity} operator (not an expression) is expected to substitute for CONSTANT '{target}'."
                    ),
                );
                return None;
            }
        };
        match lowered.kind {
            ExprKind::OpArg(op) if self.op_arity(cx, &op) == arity => Some(Replacement::Op(op)),
            _ => {
                self.error(cx.file, value.span, wrong_arity);
                None
            }
        }
    }

    /// The definitions an instance offers, copied where the substitution reaches them.
    /// `in_expr`: the instance is inside a LET, so the copies may refer to locals around it.
    pub(crate) fn instantiate(
        &mut self,
        m: &ResolvedModule,
        subs: Substitution,
        params: &[(String, LocalId)],
        inst: &ast::Instance,
        site: Site,
        loc: Loc,
    ) -> InstanceInfo {
        let (in_expr, named) = match site {
            Site::Unnamed => (false, false),
            Site::Named => (false, true),
            Site::Let => (true, true),
        };
        let mut copier = Copier {
            subs,
            params: params.iter().map(|(_, id)| *id).collect(),
            copies: FxHashMap::default(),
            needs: FxHashMap::default(),
            in_expr,
            named,
        };
        let names = self.copy_names(&mut copier, &m.scope.exports);
        InstanceInfo {
            module_name: inst.module.name.clone(),
            arity: params.len(),
            names,
            loc,
        }
    }

    fn copy_names(
        &mut self,
        copier: &mut Copier,
        names: &FxHashMap<String, Symbol>,
    ) -> FxHashMap<String, Symbol> {
        let mut out = FxHashMap::default();
        for (name, sym) in names {
            let new = match sym {
                Symbol::Def(d) => {
                    if copier.params.is_empty() && !copier.needs(self, *d) {
                        if copier.named {
                            let mut shallow = self.spec.def(*d).clone();
                            shallow.origin = Some(shallow.origin.unwrap_or(*d));
                            shallow.in_let |= copier.in_expr;
                            Symbol::Def(self.push_def(shallow))
                        } else {
                            Symbol::Def(*d)
                        }
                    } else {
                        Symbol::Def(copier.copy(self, *d))
                    }
                }
                Symbol::Instance(info) => {
                    let inner = self.copy_names(copier, &info.names);
                    Symbol::Instance(Rc::new(InstanceInfo {
                        module_name: info.module_name.clone(),
                        arity: info.arity,
                        names: inner,
                        loc: info.loc,
                    }))
                }
                Symbol::Var(_) | Symbol::Const(..) => continue,
            };
            out.insert(name.clone(), new);
        }
        out
    }
}

struct Copier {
    subs: Substitution,
    /// The instance's own parameters, prepended to each copied top-level definition's.
    params: Vec<LocalId>,
    copies: FxHashMap<DefId, DefId>,
    needs: FxHashMap<DefId, bool>,
    /// The copies close over the locals of the expression holding the instance.
    in_expr: bool,
    /// A named instance (`I == INSTANCE M`): each of its definitions is a definition of its
    /// own, as in TLC, even where nothing is substituted (a model's `Op <- Other` replaces
    /// the module's Op, not I!Op).
    named: bool,
}

impl Copier {
    /// Whether a definition refers, directly or through others, to a substituted name.
    fn needs(&mut self, r: &Resolver, d: DefId) -> bool {
        if let Some(&n) = self.needs.get(&d) {
            return n;
        }
        self.needs.insert(d, false);
        let n = self.expr_needs(r, &r.spec.def(d).body);
        self.needs.insert(d, n);
        n
    }

    fn expr_needs(&mut self, r: &Resolver, e: &Expr) -> bool {
        let direct = match &e.kind {
            ExprKind::Var(v) => self.subs.contains_key(&Param::Var(*v)),
            ExprKind::Const(c) | ExprKind::CallConst(c, _) | ExprKind::OpArg(OpRef::Const(c)) => {
                self.subs.contains_key(&Param::Const(*c))
            }
            ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => self.needs(r, *d),
            ExprKind::Let(defs, _) => defs.iter().any(|d| self.needs(r, *d)),
            _ => false,
        };
        if direct {
            return true;
        }
        let mut any = false;
        for_each_child(e, &mut |c| {
            if !any {
                any = self.expr_needs(r, c);
            }
        });
        any
    }

    fn copy(&mut self, r: &mut Resolver, d: DefId) -> DefId {
        if let Some(&c) = self.copies.get(&d) {
            return c;
        }
        let mut def = r.spec.def(d).clone();
        def.origin = Some(def.origin.unwrap_or(d));
        let id = r.push_def(def.clone());
        self.copies.insert(d, id);
        if !def.in_let && !self.params.is_empty() {
            let mut params: Vec<crate::ir::Param> = self
                .params
                .iter()
                .map(|p| crate::ir::Param {
                    name: r.spec.locals[p.index()].name.clone(),
                    local: *p,
                    arity: 0,
                })
                .collect();
            params.append(&mut def.params);
            def.params = params;
            def.param_raises = vec![false; def.params.len()];
            def.param_max = vec![Level::Temporal; def.params.len()];
        }
        self.rewrite(r, &mut def.body);
        def.in_let |= self.in_expr;
        r.spec.defs[id.index()] = def;
        id
    }

    fn rewrite(&mut self, r: &mut Resolver, e: &mut Expr) {
        for_each_child_mut(e, &mut |c| self.rewrite(r, c));
        let loc = e.loc;
        let replaced = match &mut e.kind {
            ExprKind::Var(v) => match self.subs.get(&Param::Var(*v)) {
                Some(Replacement::Expr(x)) => Some(x.kind.clone()),
                _ => None,
            },
            ExprKind::Const(c) => match self.subs.get(&Param::Const(*c)) {
                Some(Replacement::Expr(x)) => Some(x.kind.clone()),
                _ => None,
            },
            ExprKind::CallConst(c, args) => match self.subs.get(&Param::Const(*c)) {
                Some(Replacement::Op(op)) => {
                    let args = std::mem::take(args);
                    Some(match op.clone() {
                        OpRef::Def(d) => ExprKind::Call(d, args),
                        OpRef::Param(p) => ExprKind::CallParam(p, args),
                        OpRef::Builtin(b) => ExprKind::Builtin(b, args),
                        OpRef::Const(c2) => ExprKind::CallConst(c2, args),
                    })
                }
                _ => None,
            },
            ExprKind::OpArg(OpRef::Const(c)) => match self.subs.get(&Param::Const(*c)) {
                Some(Replacement::Op(op)) => Some(ExprKind::OpArg(op.clone())),
                _ => None,
            },
            ExprKind::Call(d, args) => {
                let d0 = *d;
                if self.needs(r, d0) {
                    let in_let = r.spec.def(d0).in_let;
                    let new = self.copy(r, d0);
                    let mut new_args: Vec<Expr> = if in_let {
                        Vec::new()
                    } else {
                        self.params
                            .iter()
                            .map(|p| Expr {
                                kind: ExprKind::Local(*p),
                                loc,
                                level: Level::Constant,
                                slot: Default::default(),
                            })
                            .collect()
                    };
                    new_args.append(args);
                    Some(ExprKind::Call(new, new_args))
                } else {
                    None
                }
            }
            ExprKind::OpArg(OpRef::Def(d)) => {
                let d0 = *d;
                if self.needs(r, d0) {
                    if !r.spec.def(d0).in_let && !self.params.is_empty() {
                        r.error(
                            loc.file,
                            loc.span,
                            "passing an operator of a parameterized instance as an argument is not supported",
                        );
                        None
                    } else {
                        Some(ExprKind::OpArg(OpRef::Def(self.copy(r, d0))))
                    }
                } else {
                    None
                }
            }
            ExprKind::Let(defs, _) => {
                for d in defs.iter_mut() {
                    if self.needs(r, *d) {
                        *d = self.copy(r, *d);
                    }
                }
                None
            }
            _ => None,
        };
        if let Some(k) = replaced {
            e.kind = k;
        }
    }
}
