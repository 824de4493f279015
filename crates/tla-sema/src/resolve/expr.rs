//! Lowering expressions and definitions to the resolved form.

use super::{ModCx, Resolver, Symbol};
use crate::ir::*;
use tla_syntax::ast::{self, BoundVars};

/// A name bound inside an expression: a parameter, a bound variable or a LET definition.
#[derive(Clone, Debug)]
pub(crate) enum LocalSym {
    Local {
        name: String,
        id: LocalId,
        arity: usize,
    },
    Def {
        name: String,
        id: DefId,
    },
    /// `LET I == INSTANCE M ... IN`
    Instance {
        name: String,
        info: std::rc::Rc<super::InstanceInfo>,
    },
}

impl LocalSym {
    fn name(&self) -> &str {
        match self {
            LocalSym::Local { name, .. } | LocalSym::Def { name, .. } => name,
            LocalSym::Instance { name, .. } => name,
        }
    }
}

/// Where an expression is being lowered: its module and the locals in scope.
pub(crate) struct ExprCx<'a> {
    pub module: ModuleId,
    pub file: FileId,
    pub scope: &'a super::Scope,
    pub locals: &'a mut Vec<LocalSym>,
    /// Inside the value of an EXCEPT update, where `@` means the old value.
    pub in_except: bool,
    /// Where in `locals` the names a label must take begin: those bound since the enclosing
    /// definition's parameters or the enclosing label.
    pub label_base: usize,
}

impl<'a> ExprCx<'a> {
    pub fn new(cx: &'a ModCx, locals: &'a mut Vec<LocalSym>) -> Self {
        ExprCx {
            module: cx.module,
            file: cx.file,
            scope: &cx.scope,
            locals,
            in_except: false,
            label_base: 0,
        }
    }
}

enum Resolved {
    Local(LocalId, usize),
    Def(DefId),
    Sym(Symbol),
}

impl Resolver {
    fn loc(&self, cx: &ExprCx, span: tla_syntax::Span) -> Loc {
        Loc {
            file: cx.file,
            span,
        }
    }

    fn lookup(&self, cx: &ExprCx, name: &str) -> Option<Resolved> {
        for l in cx.locals.iter().rev() {
            if l.name() == name {
                return Some(match l {
                    LocalSym::Local { id, arity, .. } => Resolved::Local(*id, *arity),
                    LocalSym::Def { id, .. } => Resolved::Def(*id),
                    LocalSym::Instance { info, .. } => {
                        Resolved::Sym(Symbol::Instance(info.clone()))
                    }
                });
            }
        }
        cx.scope.names.get(name).cloned().map(|s| match s {
            Symbol::Def(d) => Resolved::Def(d),
            other => Resolved::Sym(other),
        })
    }

    /// Where the meaning a name resolves to was defined or declared.
    fn resolved_place(&self, r: &Resolved) -> String {
        match r {
            Resolved::Local(id, _) => self.place(self.spec.locals[id.index()].loc),
            Resolved::Def(d) => self.place(self.spec.def(*d).loc),
            Resolved::Sym(sym) => self.symbol_place(sym),
        }
    }

    /// Declares a bound name or a parameter. SANY (SymbolTable.addSymbol for a
    /// FormalParamNode) rejects one whose name already means anything: a definition, a
    /// declaration, a parameter, a bound name or a LET definition.
    pub(crate) fn bind(&mut self, cx: &mut ExprCx, id: &ast::Ident, arity: usize) -> LocalId {
        if let Some(r) = self.lookup(cx, &id.name) {
            let at = self.resolved_place(&r);
            self.error(
                cx.file,
                id.span,
                format!(
                    "Multiply-defined symbol '{}': this definition or declaration conflicts with the one at {at}.",
                    id.name
                ),
            );
        }
        let local = self.new_local(&id.name, cx.file, id.span);
        cx.locals.push(LocalSym::Local {
            name: id.name.clone(),
            id: local,
            arity,
        });
        local
    }

    pub(crate) fn mk(&self, cx: &ExprCx, kind: ExprKind, span: tla_syntax::Span) -> Expr {
        Expr {
            kind,
            loc: self.loc(cx, span),
            level: Level::Constant,
            slot: Default::default(),
        }
    }

    /// Lowers an expression; `None` after reporting an error.
    pub(crate) fn lower(&mut self, cx: &mut ExprCx, e: &ast::Expr) -> Option<Expr> {
        stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || self.lower_inner(cx, e))
    }

    fn lower_all(&mut self, cx: &mut ExprCx, es: &[ast::Expr]) -> Option<Vec<Expr>> {
        let mut out = Vec::with_capacity(es.len());
        let mut ok = true;
        for e in es {
            match self.lower(cx, e) {
                Some(x) => out.push(x),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn lower_box(&mut self, cx: &mut ExprCx, e: &ast::Expr) -> Option<Box<Expr>> {
        self.lower(cx, e).map(Box::new)
    }

    fn lower_inner(&mut self, cx: &mut ExprCx, e: &ast::Expr) -> Option<Expr> {
        use ast::ExprKind as A;
        let kind = match &e.kind {
            A::Apply { path, name, args } => {
                if path.is_empty() {
                    return self.lower_name(cx, name, args, e.span, false);
                }
                return self.lower_path(cx, path, name, args, e.span, false);
            }
            A::Num(n) => ExprKind::Num(*n),
            A::Decimal(d) => ExprKind::Decimal(d.clone()),
            A::Str(s) => ExprKind::Str(s.clone()),
            A::At => {
                if !cx.in_except {
                    self.error(cx.file, e.span, "@ used where its meaning is not defined.");
                    return None;
                }
                ExprKind::At
            }
            A::Paren(inner) => return self.lower(cx, inner),
            A::Label(head, inner) => {
                let head = self.label_head(cx, head, e.span)?;
                let saved = cx.label_base;
                cx.label_base = cx.locals.len();
                let body = self.lower_box(cx, inner);
                cx.label_base = saved;
                ExprKind::Label(head, body?)
            }
            A::Junction(j, items) => ExprKind::Junction(*j, self.lower_all(cx, items)?),
            A::BoundedQuant(q, bounds, body) => {
                let mark = cx.locals.len();
                let r = self.lower_bounds(cx, bounds).and_then(|b| {
                    let body = self.lower_box(cx, body)?;
                    Some(ExprKind::Quant(*q, b, body))
                });
                cx.locals.truncate(mark);
                r?
            }
            A::UnboundedQuant(q, ids, body) | A::TemporalQuant(q, ids, body) => {
                let mark = cx.locals.len();
                let vars: Vec<LocalId> = ids.iter().map(|i| self.bind(cx, i, 0)).collect();
                let body = self.lower_box(cx, body);
                cx.locals.truncate(mark);
                if matches!(e.kind, A::UnboundedQuant(..)) {
                    ExprKind::UnboundedQuant(*q, vars, body?)
                } else {
                    ExprKind::TemporalQuant(*q, vars, body?)
                }
            }
            A::Choose(vars, set, body) => {
                let set = match set {
                    Some(s) => Some(self.lower_box(cx, s)?),
                    None => None,
                };
                let mark = cx.locals.len();
                let ids: Vec<LocalId> = vars.idents().iter().map(|i| self.bind(cx, i, 0)).collect();
                let body = self.lower_box(cx, body);
                cx.locals.truncate(mark);
                ExprKind::Choose(ids, matches!(vars, BoundVars::Tuple(_)), set, body?)
            }
            A::If(c, a, b) => {
                let (c, a, b) = (
                    self.lower_box(cx, c),
                    self.lower_box(cx, a),
                    self.lower_box(cx, b),
                );
                ExprKind::If(c?, a?, b?)
            }
            A::Case(arms, other) => {
                let mut out = Vec::new();
                let mut ok = true;
                for (g, v) in arms {
                    match (self.lower(cx, g), self.lower(cx, v)) {
                        (Some(g), Some(v)) => out.push((g, v)),
                        _ => ok = false,
                    }
                }
                let other = match other {
                    Some(o) => Some(self.lower_box(cx, o)?),
                    None => None,
                };
                if !ok {
                    return None;
                }
                ExprKind::Case(out, other)
            }
            A::Let(units, body) => {
                let mark = cx.locals.len();
                let r = self.lower_let(cx, units, body);
                cx.locals.truncate(mark);
                r?
            }
            A::Lambda(..) => {
                self.error(
                    cx.file,
                    e.span,
                    "LAMBDA expression used where an expression is required.",
                );
                return None;
            }
            A::SetEnum(items) => ExprKind::SetEnum(self.lower_all(cx, items)?),
            A::SetFilter(bound, pred) => {
                let mark = cx.locals.len();
                let r = self
                    .lower_bounds(cx, std::slice::from_ref(bound))
                    .and_then(|mut b| {
                        let pred = self.lower_box(cx, pred)?;
                        Some(ExprKind::SetFilter(Box::new(b.remove(0)), pred))
                    });
                cx.locals.truncate(mark);
                r?
            }
            A::SetMap(body, bounds) => {
                let mark = cx.locals.len();
                let r = self.lower_bounds(cx, bounds).and_then(|b| {
                    let body = self.lower_box(cx, body)?;
                    Some(ExprKind::SetMap(body, b))
                });
                cx.locals.truncate(mark);
                r?
            }
            A::FunCons(bounds, body) => {
                let mark = cx.locals.len();
                let r = self.lower_bounds(cx, bounds).and_then(|b| {
                    let body = self.lower_box(cx, body)?;
                    Some(ExprKind::FunCons(b, body))
                });
                cx.locals.truncate(mark);
                r?
            }
            A::Tuple(items) => ExprKind::Tuple(self.lower_all(cx, items)?),
            A::Times(items) => ExprKind::Times(self.lower_all(cx, items)?),
            A::Record(fields) | A::RecordSet(fields) => {
                let mut out = Vec::new();
                for (f, v) in fields {
                    if out.iter().any(|(n, _): &(String, Expr)| *n == f.name) {
                        self.error(cx.file, f.span, "Non-unique fields in constructor.");
                        return None;
                    }
                    out.push((f.name.clone(), self.lower(cx, v)?));
                }
                if matches!(e.kind, A::Record(_)) {
                    ExprKind::Record(out)
                } else {
                    ExprKind::RecordSet(out)
                }
            }
            A::FunSet(a, b) => {
                let (a, b) = (self.lower_box(cx, a), self.lower_box(cx, b));
                ExprKind::FunSet(a?, b?)
            }
            A::FunApp(f, args) => {
                let f = self.lower_box(cx, f)?;
                // Generator: a function defined with n bound names may be applied to n
                // arguments, to one (a tuple) or to none.
                if let ExprKind::Call(d, call_args) = &f.kind {
                    let def = self.spec.def(*d);
                    if def.is_function && call_args.is_empty() && args.len() >= 2 {
                        let params = match &def.body.kind {
                            ExprKind::FunCons(bounds, _) => bounds
                                .iter()
                                .map(|b| if b.tuple { 1 } else { b.vars.len() })
                                .sum(),
                            _ => args.len(),
                        };
                        if params != args.len() {
                            let msg = format!(
                                "Function '{}' is defined with {params} parameters, but is applied to {} arguments.",
                                def.name,
                                args.len()
                            );
                            self.error(cx.file, e.span, msg);
                            return None;
                        }
                    }
                }
                let args = self.lower_all(cx, args);
                ExprKind::FunApp(f, args?)
            }
            A::Dot(r, field) => ExprKind::Dot(self.lower_box(cx, r)?, field.name.clone()),
            A::Except(base, updates) => {
                let base = self.lower_box(cx, base)?;
                let mut out = Vec::new();
                for u in updates {
                    let mut path = Vec::new();
                    for step in &u.path {
                        path.push(match step {
                            ast::ExceptStep::Field(f) => ExceptStep::Field(f.name.clone()),
                            ast::ExceptStep::Index(ix) => {
                                ExceptStep::Index(self.lower_all(cx, ix)?)
                            }
                        });
                    }
                    let saved = cx.in_except;
                    cx.in_except = true;
                    let value = self.lower(cx, &u.value);
                    cx.in_except = saved;
                    out.push(ExceptUpdate {
                        path,
                        value: value?,
                    });
                }
                ExprKind::Except(base, out)
            }
            A::BoxAction(a, v) => {
                let (a, v) = (self.lower_box(cx, a), self.lower_box(cx, v));
                ExprKind::BoxAction(a?, v?)
            }
            A::AngleAction(a, v) => {
                let (a, v) = (self.lower_box(cx, a), self.lower_box(cx, v));
                ExprKind::AngleAction(a?, v?)
            }
            A::Fair(k, v, a) => {
                let (v, a) = (self.lower_box(cx, v), self.lower_box(cx, a));
                ExprKind::Fair(*k, v?, a?)
            }
        };
        Some(self.mk(cx, kind, e.span))
    }

    /// A label's parameters are exactly the names bound since the enclosing definition or
    /// label (SANY: "Illegal parameter", "must contain formal parameter", "extra parameter").
    fn label_head(
        &mut self,
        cx: &ExprCx,
        head: &ast::LabelHead,
        span: tla_syntax::Span,
    ) -> Option<LabelHead> {
        let label = &head.name.name;
        let bound: Vec<(String, LocalId)> = cx.locals[cx.label_base.min(cx.locals.len())..]
            .iter()
            .filter_map(|l| match l {
                LocalSym::Local { name, id, arity: 0 } => Some((name.clone(), *id)),
                _ => None,
            })
            .collect();
        let mut params = Vec::new();
        let mut extra = Vec::new();
        for p in &head.params {
            match bound.iter().rev().find(|(n, _)| *n == p.name) {
                Some((_, id)) => params.push(*id),
                None => {
                    // A name bound further out is only an extra parameter for SANY.
                    let bound_outside = cx.locals.iter().any(
                        |l| matches!(l, LocalSym::Local { name, arity: 0, .. } if *name == p.name),
                    );
                    if !bound_outside {
                        self.error(
                            cx.file,
                            p.span,
                            format!("Illegal parameter {} of label `{label}'.", p.name),
                        );
                    }
                    extra.push(p.name.clone());
                }
            }
        }
        let mut ok = extra.is_empty();
        for (n, id) in &bound {
            if !params.contains(id) {
                self.error(
                    cx.file,
                    span,
                    format!("Label {label} must contain formal parameter `{n}'."),
                );
                ok = false;
            }
        }
        if !extra.is_empty() {
            self.error(
                cx.file,
                span,
                format!(
                    "Label {label} declares extra parameter(s)  {}  ",
                    extra.join(" ")
                ),
            );
        }
        ok.then(|| LabelHead {
            name: label.clone(),
            params,
        })
    }

    fn lower_bounds(&mut self, cx: &mut ExprCx, bounds: &[ast::Bound]) -> Option<Vec<Bound>> {
        // The sets are lowered before any of the names are bound: `\E x \in S, y \in T(x)` is
        // not legal TLA+, and `x` may not appear in S.
        let mut sets = Vec::new();
        for b in bounds {
            sets.push(self.lower(cx, &b.set));
        }
        let mut out = Vec::new();
        for (b, set) in bounds.iter().zip(sets) {
            let vars = b
                .vars
                .idents()
                .iter()
                .map(|i| self.bind(cx, i, 0))
                .collect();
            out.push(Bound {
                vars,
                tuple: matches!(b.vars, BoundVars::Tuple(_)),
                set: set?,
            });
        }
        Some(out)
    }

    /// A name, possibly applied: a local, a definition, a variable, a constant or a builtin.
    /// `as_arg`: in a position that takes an operator, where one may be passed unapplied.
    pub(crate) fn lower_name(
        &mut self,
        cx: &mut ExprCx,
        name: &ast::Ident,
        args: &[ast::Expr],
        span: tla_syntax::Span,
        as_arg: bool,
    ) -> Option<Expr> {
        let n = name.name.as_str();
        if args.is_empty() && (n == "TRUE" || n == "FALSE") {
            return Some(self.mk(cx, ExprKind::Bool(n == "TRUE"), span));
        }
        let resolved = self.lookup(cx, n);
        if resolved.is_none() {
            if let Some(b) = Builtin::lookup(n, args.len()) {
                let args = self.lower_args(cx, args, None)?;
                return Some(self.mk(cx, ExprKind::Builtin(b, args), span));
            }
            if as_arg && args.is_empty() && Builtin::is_builtin_name(n) {
                if let Some(b) = (1..3).find_map(|k| Builtin::lookup(n, k)) {
                    return Some(self.mk(cx, ExprKind::OpArg(OpRef::Builtin(b)), span));
                }
            }
            self.unknown_symbol(cx, name, args.len(), span);
            return None;
        }
        let kind = match resolved.expect("checked") {
            Resolved::Local(id, arity) => {
                if arity == 0 {
                    self.check_arity(cx, &name.name, name, 0, args.len(), span)?;
                    ExprKind::Local(id)
                } else if args.is_empty() && as_arg {
                    ExprKind::OpArg(OpRef::Param(id))
                } else {
                    self.check_arity(cx, &name.name, name, arity, args.len(), span)?;
                    ExprKind::CallParam(id, self.lower_args(cx, args, None)?)
                }
            }
            Resolved::Def(d) => {
                if self.assume_prove.contains(&d) {
                    self.error(
                        cx.file,
                        span,
                        "ASSUME/PROVE used where an expression is required.",
                    );
                    return None;
                }
                let arity = self.spec.def(d).params.len();
                if args.is_empty() && arity > 0 && as_arg {
                    ExprKind::OpArg(OpRef::Def(d))
                } else {
                    self.check_arity(cx, &name.name, name, arity, args.len(), span)?;
                    ExprKind::Call(d, self.lower_args(cx, args, Some((d, 0)))?)
                }
            }
            Resolved::Sym(Symbol::Var(v)) => {
                self.check_arity(cx, &name.name, name, 0, args.len(), span)?;
                ExprKind::Var(v)
            }
            Resolved::Sym(Symbol::Const(c, arity)) => {
                if arity == 0 {
                    self.check_arity(cx, &name.name, name, 0, args.len(), span)?;
                    ExprKind::Const(c)
                } else if args.is_empty() && as_arg {
                    ExprKind::OpArg(OpRef::Const(c))
                } else {
                    self.check_arity(cx, &name.name, name, arity, args.len(), span)?;
                    ExprKind::CallConst(c, self.lower_args(cx, args, None)?)
                }
            }
            Resolved::Sym(Symbol::Instance(_)) => {
                self.error(
                    cx.file,
                    name.span,
                    format!("Operator name {n} is incomplete."),
                );
                return None;
            }
            Resolved::Sym(Symbol::Def(_)) => unreachable!("definitions resolve as Resolved::Def"),
        };
        Some(self.mk(cx, kind, span))
    }

    /// A name that means nothing here. For an identifier SANY says "Unknown operator"
    /// (Generator.selectorToNode); for an operator symbol such as `\o` it reports the symbol
    /// (GenID.finalAppend) and then the application (generateExpression).
    fn unknown_symbol(
        &mut self,
        cx: &ExprCx,
        name: &ast::Ident,
        nargs: usize,
        span: tla_syntax::Span,
    ) {
        let n = name.name.as_str();
        let identifier = n.chars().all(|c| c.is_alphanumeric() || c == '_')
            && n.chars().any(|c| c.is_alphabetic());
        if identifier {
            self.error(cx.file, name.span, format!("Unknown operator: `{n}'."));
            return;
        }
        self.error(
            cx.file,
            name.span,
            format!("Could not find declaration or definition of symbol '{n}'."),
        );
        let fix = match nargs {
            2 => "infix",
            1 if matches!(n, "'" | "^+" | "^*" | "^#") => "postfix",
            1 => "prefix",
            _ => return,
        };
        self.error(
            cx.file,
            span,
            format!("Couldn't resolve {fix} operator symbol `{n}'."),
        );
    }

    /// SANY's arity check (Generator.selectorToNode): "The operator Op requires n
    /// arguments.", at the argument list, or at the whole expression when there is none.
    fn check_arity(
        &mut self,
        cx: &ExprCx,
        shown: &str,
        name: &ast::Ident,
        want: usize,
        got: usize,
        whole: tla_syntax::Span,
    ) -> Option<()> {
        if want == got {
            return Some(());
        }
        let at = if got == 0 {
            whole
        } else {
            self.args_span(cx, name)
        };
        self.error(
            cx.file,
            at,
            format!("The operator {shown} requires {want} arguments."),
        );
        None
    }

    /// The `(` that opens the arguments written after `name`, or the name if none is found.
    fn args_span(&self, cx: &ExprCx, name: &ast::Ident) -> tla_syntax::Span {
        let text = self.loader.files[cx.file.index()].text.as_bytes();
        let mut i = name.span.end as usize;
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        if text.get(i) == Some(&b'(') {
            tla_syntax::Span::new(i, i + 1)
        } else {
            name.span
        }
    }

    /// The number of arguments an operator passed as an argument takes.
    pub(crate) fn op_arity(&self, cx: &ExprCx, op: &OpRef) -> usize {
        match op {
            OpRef::Def(d) => self.spec.def(*d).params.len(),
            OpRef::Const(c) => self.spec.constants[c.index()].arity,
            OpRef::Param(p) => cx
                .locals
                .iter()
                .find_map(|l| match l {
                    LocalSym::Local { id, arity, .. } if id == p => Some(*arity),
                    _ => None,
                })
                .unwrap_or(0),
            OpRef::Builtin(b) => {
                use Builtin::*;
                match b {
                    BooleanSet | StringSet => 0,
                    Not | Subset | Union | Domain | Prime | Unchanged | Enabled | Always
                    | Eventually => 1,
                    _ => 2,
                }
            }
        }
    }

    /// Arguments of an application. `callee` is the definition applied and the index of its
    /// parameter the first argument is for; a parameter that is an operator `Op(_)` takes an
    /// operator (a name or a LAMBDA) of that arity, every other position takes an expression
    /// (Generator.generateExprOrOpArg).
    /// Arguments given to definition `d` from its first parameter.
    pub(crate) fn lower_args_for(
        &mut self,
        cx: &mut ExprCx,
        args: &[ast::Expr],
        d: DefId,
    ) -> Option<Vec<Expr>> {
        self.lower_args(cx, args, Some((d, 0)))
    }

    fn lower_args(
        &mut self,
        cx: &mut ExprCx,
        args: &[ast::Expr],
        callee: Option<(DefId, usize)>,
    ) -> Option<Vec<Expr>> {
        let mut out = Vec::with_capacity(args.len());
        let mut ok = true;
        for (i, a) in args.iter().enumerate() {
            let want = callee
                .and_then(|(d, off)| self.spec.def(d).params.get(off + i).map(|p| p.arity))
                .unwrap_or(0);
            let lowered = if want == 0 {
                self.lower(cx, a)
            } else {
                let (d, off) = callee.expect("an operator parameter has a callee");
                self.lower_op_arg(cx, a, want, d, off + i)
            };
            match lowered {
                Some(x) => out.push(x),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// An argument in a position that takes an operator of arity `want`.
    fn lower_op_arg(
        &mut self,
        cx: &mut ExprCx,
        a: &ast::Expr,
        want: usize,
        callee: DefId,
        position: usize,
    ) -> Option<Expr> {
        let op_name = self.spec.def(callee).name.clone();
        let lowered = match &a.kind {
            ast::ExprKind::Lambda(params, body) => {
                if params.len() != want {
                    self.error(
                        cx.file,
                        a.span,
                        format!(
                            "Lambda expression with arity {} used as argument {} of operator `{op_name}', but an operator of arity {want} is required.",
                            params.len(),
                            position + 1
                        ),
                    );
                    return None;
                }
                let id = self.lambda_def(cx, params, body, a.span)?;
                return Some(self.mk(cx, ExprKind::OpArg(OpRef::Def(id)), a.span));
            }
            ast::ExprKind::Apply { path, name, args } if args.is_empty() => {
                if path.is_empty() {
                    self.lower_name(cx, name, args, a.span, true)?
                } else {
                    self.lower_path(cx, path, name, args, a.span, true)?
                }
            }
            _ => {
                self.error(
                    cx.file,
                    a.span,
                    format!(
                        "An expression appears as argument number {} (counting from 1) to operator '{op_name}', in a position an operator is required.",
                        position + 1
                    ),
                );
                return None;
            }
        };
        let found = match &lowered.kind {
            ExprKind::OpArg(op) => self.op_arity(cx, op),
            _ => 0,
        };
        if found != want {
            self.error(
                cx.file,
                a.span,
                format!("Expected arity {want} but found operator of arity {found}."),
            );
            return None;
        }
        Some(lowered)
    }

    /// `I!Op`, `I(1)!J!Op(a)`, or a subexpression selector such as `Inv!2`.
    fn lower_path(
        &mut self,
        cx: &mut ExprCx,
        path: &[ast::PathSeg],
        name: &ast::Ident,
        args: &[ast::Expr],
        span: tla_syntax::Span,
        as_arg: bool,
    ) -> Option<Expr> {
        let first = &path[0];
        // The compound name SANY reports, `I!J!Op`.
        let compound = |upto: usize| -> String {
            path.iter()
                .take(upto)
                .map(|s| s.name.name.as_str())
                .chain((upto > path.len()).then_some(name.name.as_str()))
                .collect::<Vec<_>>()
                .join("!")
        };
        match self.lookup(cx, &first.name.name) {
            Some(Resolved::Sym(Symbol::Instance(info))) => {
                let mut info = info;
                let mut inst_args = Vec::new();
                let mut segs = path.iter().enumerate().peekable();
                while let Some((k, seg)) = segs.next() {
                    let shown = compound(k + 1);
                    self.check_arity(cx, &shown, &seg.name, info.arity, seg.args.len(), span)?;
                    inst_args.extend(self.lower_args(cx, &seg.args, None)?);
                    let next_name = segs.peek().map(|(_, s)| &s.name).unwrap_or(name);
                    match info.names.get(&next_name.name) {
                        Some(Symbol::Instance(inner)) if segs.peek().is_some() => {
                            info = inner.clone();
                        }
                        Some(Symbol::Instance(_)) => {
                            self.error(
                                cx.file,
                                name.span,
                                format!(
                                    "Operator name {} is incomplete.",
                                    compound(path.len() + 1)
                                ),
                            );
                            return None;
                        }
                        Some(Symbol::Def(d)) if segs.peek().is_some() => {
                            // `I!Op!1`: Op's parts, the instance's arguments first.
                            let d = *d;
                            let (_, def_seg) = segs.next().expect("peeked");
                            let first_param = inst_args.len();
                            let given = !def_seg.args.is_empty();
                            inst_args.extend(self.lower_args(
                                cx,
                                &def_seg.args,
                                Some((d, first_param)),
                            )?);
                            let rest: Vec<(&ast::Ident, &[ast::Expr])> = path[k + 2..]
                                .iter()
                                .map(|s| (&s.name, s.args.as_slice()))
                                .chain(std::iter::once((name, args)))
                                .collect();
                            let given = given || first_param > 0;
                            let shown = compound(k + 2);
                            return self.lower_selection(
                                cx, d, inst_args, given, &shown, &rest, span, as_arg,
                            );
                        }
                        Some(Symbol::Def(d)) if segs.peek().is_none() => {
                            let d = *d;
                            let arity = self.spec.def(d).params.len() - inst_args.len();
                            if as_arg && args.is_empty() && arity > 0 && inst_args.is_empty() {
                                return Some(self.mk(cx, ExprKind::OpArg(OpRef::Def(d)), span));
                            }
                            let shown = compound(path.len() + 1);
                            self.check_arity(cx, &shown, name, arity, args.len(), span)?;
                            let first_param = inst_args.len();
                            inst_args.extend(self.lower_args(cx, args, Some((d, first_param)))?);
                            let call = self.mk(cx, ExprKind::Call(d, inst_args), span);
                            self.call_names.insert(call.loc, shown);
                            return Some(call);
                        }
                        _ => {
                            self.error(
                                cx.file,
                                name.span,
                                format!("Unknown operator: `{}'.", compound(path.len() + 1)),
                            );
                            return None;
                        }
                    }
                }
                None
            }
            Some(Resolved::Def(d)) => {
                let given = !first.args.is_empty();
                let first_args = self.lower_args(cx, &first.args, Some((d, 0)))?;
                let rest: Vec<(&ast::Ident, &[ast::Expr])> = path[1..]
                    .iter()
                    .map(|s| (&s.name, s.args.as_slice()))
                    .chain(std::iter::once((name, args)))
                    .collect();
                let shown = first.name.name.clone();
                self.lower_selection(cx, d, first_args, given, &shown, &rest, span, as_arg)
            }
            Some(_) => {
                self.error(
                    cx.file,
                    first.name.span,
                    format!("Cannot take subexpression of `{}'.", first.name.name),
                );
                None
            }
            None => {
                let all_names = path
                    .iter()
                    .map(|s| &s.name)
                    .chain(std::iter::once(name))
                    .all(|n| !n.name.is_empty() && !n.name.chars().all(|c| c.is_ascii_digit()));
                let (shown, at) = if all_names {
                    (compound(path.len() + 1), name.span)
                } else {
                    (first.name.name.clone(), first.name.span)
                };
                self.error(cx.file, at, format!("Unknown operator: `{shown}'."));
                None
            }
        }
    }

    fn lower_let(
        &mut self,
        cx: &mut ExprCx,
        units: &[ast::Unit],
        body: &ast::Expr,
    ) -> Option<ExprKind> {
        let mut defs = Vec::new();
        let mut declared = Vec::new();
        for u in units {
            match u {
                ast::Unit::Op(od) => {
                    let id = self.op_def_in(cx, od, true);
                    defs.push(id);
                    self.bind_let(cx, &od.name, od.span, id, false);
                }
                ast::Unit::Fun(fd) => {
                    let id = self.fun_def_in(cx, fd, true);
                    defs.push(id);
                    self.bind_let(cx, &fd.name, fd.span, id, true);
                }
                ast::Unit::ModuleDef(md) if md.params.is_empty() => {
                    let (m, subs) = self.substitutions(cx, &md.instance, md.span)?;
                    let loc = self.loc(cx, md.span);
                    let info = self.instantiate(
                        &m,
                        subs,
                        &[],
                        &md.instance,
                        super::instance::Site::Let,
                        loc,
                    );
                    cx.locals.push(LocalSym::Instance {
                        name: md.name.name.clone(),
                        info: std::rc::Rc::new(info),
                    });
                }
                ast::Unit::Recursive(decls) => {
                    for d in decls {
                        let id = self.placeholder_def(cx.module, cx.file, &d.name, d.arity, true);
                        self.pending_recursive.insert(id);
                        declared.push(id);
                        cx.locals.push(LocalSym::Def {
                            name: d.name.name.clone(),
                            id,
                        });
                    }
                }
                other => {
                    let span = match other {
                        ast::Unit::Instance(i) => i.span,
                        ast::Unit::ModuleDef(m) => m.span,
                        _ => body.span,
                    };
                    self.error(
                        cx.file,
                        span,
                        "only definitions and INSTANCEs without parameters may appear in LET",
                    );
                    return None;
                }
            }
        }
        self.undefined_recursive(|id, _| declared.contains(&id));
        let body = self.lower_box(cx, body)?;
        Some(ExprKind::Let(defs, body))
    }

    /// Binds a LET definition's name, or fills its RECURSIVE placeholder. A name that already
    /// means something is an error (Generator.processOperator, processFunction).
    fn bind_let(
        &mut self,
        cx: &mut ExprCx,
        name: &ast::Ident,
        def_span: tla_syntax::Span,
        id: DefId,
        function: bool,
    ) {
        let placeholder = cx.locals.iter().rev().find_map(|l| match l {
            LocalSym::Def { name: n, id }
                if *n == name.name && self.pending_recursive.contains(id) =>
            {
                Some(*id)
            }
            _ => None,
        });
        if let Some(p) = placeholder {
            self.fill_placeholder(p, id);
            return;
        }
        if self.lookup(cx, &name.name).is_some() {
            let n = &name.name;
            let msg = if function {
                format!("Function name `{n}' already defined or declared.")
            } else {
                format!("Operator {n} already defined or declared.")
            };
            self.error(cx.file, def_span, msg);
            return;
        }
        cx.locals.push(LocalSym::Def {
            name: name.name.clone(),
            id,
        });
    }

    /// The placeholder of a RECURSIVE declaration takes the definition: calls made through
    /// the placeholder reach it.
    pub(crate) fn fill_placeholder(&mut self, placeholder: DefId, def: DefId) {
        let mut d = self.spec.defs[def.index()].clone();
        d.recursive = true;
        self.spec.defs[placeholder.index()] = d;
        self.pending_recursive.remove(&placeholder);
    }

    pub(crate) fn lambda_def(
        &mut self,
        cx: &mut ExprCx,
        params: &[ast::Ident],
        body: &ast::Expr,
        span: tla_syntax::Span,
    ) -> Option<DefId> {
        let mark = cx.locals.len();
        // A label in a LAMBDA takes the LAMBDA's parameters too (SANY).
        let saved = std::mem::replace(&mut cx.label_base, mark);
        let ps: Vec<Param> = params
            .iter()
            .map(|p| Param {
                name: p.name.clone(),
                local: self.bind(cx, p, 0),
                arity: 0,
            })
            .collect();
        let body = self.lower(cx, body);
        cx.label_base = saved;
        cx.locals.truncate(mark);
        let n = ps.len();
        Some(self.push_def(Def {
            name: "LAMBDA".into(),
            module: cx.module,
            params: ps,
            body: body?,
            loc: self.loc(cx, span),
            is_function: false,
            recursive: false,
            in_let: true,
            origin: None,
            via_instance: None,
            level: Level::Constant,
            param_raises: vec![false; n],
            param_max: vec![Level::Temporal; n],
        }))
    }

    /// `Name(params) == body` at module level.
    pub(crate) fn op_def(
        &mut self,
        cx: &ModCx,
        def: &ast::OpDef,
        locals: &mut Vec<LocalSym>,
    ) -> DefId {
        let mut ecx = ExprCx::new(cx, locals);
        self.op_def_in(&mut ecx, def, false)
    }

    pub(crate) fn op_def_in(&mut self, cx: &mut ExprCx, def: &ast::OpDef, in_let: bool) -> DefId {
        let mark = cx.locals.len();
        let params: Vec<Param> = def
            .params
            .iter()
            .map(|p| Param {
                name: p.name.name.clone(),
                local: self.bind(cx, &p.name, p.arity),
                arity: p.arity,
            })
            .collect();
        let saved = std::mem::replace(&mut cx.label_base, cx.locals.len());
        let body = self.lower(cx, &def.body);
        cx.label_base = saved;
        cx.locals.truncate(mark);
        let loc = self.loc(cx, def.span);
        let n = params.len();
        self.push_def(Def {
            name: def.name.name.clone(),
            module: cx.module,
            params,
            body: body.unwrap_or(Expr {
                kind: ExprKind::Bool(false),
                loc,
                level: Level::Constant,
                slot: Default::default(),
            }),
            loc,
            is_function: false,
            recursive: false,
            in_let,
            origin: None,
            via_instance: None,
            level: Level::Constant,
            param_raises: vec![false; n],
            param_max: vec![Level::Temporal; n],
        })
    }

    /// `f[x \in S] == body` at module level.
    pub(crate) fn fun_def(
        &mut self,
        cx: &ModCx,
        def: &ast::FunDef,
        locals: &mut Vec<LocalSym>,
    ) -> DefId {
        let mut ecx = ExprCx::new(cx, locals);
        self.fun_def_in(&mut ecx, def, false)
    }

    pub(crate) fn fun_def_in(&mut self, cx: &mut ExprCx, def: &ast::FunDef, in_let: bool) -> DefId {
        // The function's own name is in scope in its body (recursive functions).
        let id = self.placeholder_def(cx.module, cx.file, &def.name, 0, in_let);
        let mark = cx.locals.len();
        cx.locals.push(LocalSym::Def {
            name: def.name.name.clone(),
            id,
        });
        let saved = std::mem::replace(&mut cx.label_base, cx.locals.len());
        let lowered = self.lower_bounds(cx, &def.bounds).and_then(|b| {
            let body = self.lower_box(cx, &def.body)?;
            Some(ExprKind::FunCons(b, body))
        });
        cx.label_base = saved;
        cx.locals.truncate(mark);
        let loc = self.loc(cx, def.span);
        let d = &mut self.spec.defs[id.index()];
        d.loc = loc;
        d.is_function = true;
        d.recursive = false;
        d.body = Expr {
            kind: lowered.unwrap_or(ExprKind::Bool(false)),
            loc,
            level: Level::Constant,
            slot: Default::default(),
        };
        id
    }
}
