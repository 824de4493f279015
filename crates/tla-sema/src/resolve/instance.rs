//! INSTANCE: substitutions and the copies of the instantiated module's definitions.

use super::expr::{ExprCx, LocalSym};
use super::{InstanceInfo, ModCx, ResolvedModule, Resolver, Symbol};
use crate::ir::*;
use crate::visit::{for_each_child, for_each_child_mut};
use std::collections::HashMap;
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

pub(crate) type Substitution = HashMap<Param, Replacement>;

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
        let (m, subs) = self.substitutions(&mut ecx, inst)?;
        Some(self.instantiate(&m, subs, params, inst, false))
    }

    /// Finds the instantiated module and lowers the substitutions, explicit and implicit.
    pub(crate) fn substitutions(
        &mut self,
        cx: &mut ExprCx,
        inst: &ast::Instance,
    ) -> Option<(Rc<ResolvedModule>, Substitution)> {
        let m = self.module_named(&inst.module, cx.file, cx.scope)?;
        let mut declared: Vec<(String, Param, usize)> = Vec::new();
        for v in &m.scope.variables {
            declared.push((
                self.spec.variables[v.index()].name.clone(),
                Param::Var(*v),
                0,
            ));
        }
        for c in &m.scope.constants {
            let d = &self.spec.constants[c.index()];
            declared.push((d.name.clone(), Param::Const(*c), d.arity));
        }
        let mut subs = Substitution::new();
        let mut ok = true;
        for (name, value) in &inst.substitutions {
            let Some((_, param, arity)) = declared.iter().find(|(n, _, _)| *n == name.name) else {
                self.error(
                    cx.file,
                    name.span,
                    format!(
                        "`{}` is not a CONSTANT or VARIABLE of module {}",
                        name.name, inst.module.name
                    ),
                );
                ok = false;
                continue;
            };
            match self.replacement(cx, value, *arity) {
                Some(r) => {
                    subs.insert(*param, r);
                }
                None => ok = false,
            }
        }
        for (name, param, arity) in &declared {
            if subs.contains_key(param) {
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
                self.error(
                    cx.file,
                    inst.module.span,
                    format!(
                        "module {} declares `{name}`, which this INSTANCE neither substitutes (WITH {name} <- ...) nor finds defined here",
                        inst.module.name
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
            match self.replacement(cx, &e, *arity) {
                Some(r) => {
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
        ok.then_some((m, subs))
    }

    fn replacement(
        &mut self,
        cx: &mut ExprCx,
        value: &ast::Expr,
        arity: usize,
    ) -> Option<Replacement> {
        if arity == 0 {
            return self.lower(cx, value).map(Replacement::Expr);
        }
        let lowered = match &value.kind {
            ast::ExprKind::Apply { path, name, args } if path.is_empty() && args.is_empty() => {
                self.lower_name(cx, name, args, value.span, true)?
            }
            _ => self.lower(cx, value)?,
        };
        match lowered.kind {
            ExprKind::OpArg(op) => Some(Replacement::Op(op)),
            _ => {
                self.error(
                    cx.file,
                    value.span,
                    format!(
                        "an operator taking {arity} arguments must be substituted by an operator"
                    ),
                );
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
        in_expr: bool,
    ) -> InstanceInfo {
        let mut copier = Copier {
            subs,
            params: params.iter().map(|(_, id)| *id).collect(),
            copies: HashMap::new(),
            needs: HashMap::new(),
            in_expr,
        };
        let names = self.copy_names(&mut copier, &m.scope.exports);
        InstanceInfo {
            module_name: inst.module.name.clone(),
            arity: params.len(),
            names,
        }
    }

    fn copy_names(
        &mut self,
        copier: &mut Copier,
        names: &HashMap<String, Symbol>,
    ) -> HashMap<String, Symbol> {
        let mut out = HashMap::new();
        for (name, sym) in names {
            let new = match sym {
                Symbol::Def(d) => {
                    if copier.params.is_empty() && !copier.needs(self, *d) {
                        Symbol::Def(*d)
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
    copies: HashMap<DefId, DefId>,
    needs: HashMap<DefId, bool>,
    /// The copies close over the locals of the expression holding the instance.
    in_expr: bool,
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
