//! Expressions: operator precedence, junction lists and every bracketed form.

use super::ops::{self, Prec};
use super::{PResult, Parser};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::TokKind;
use crate::span::Span;

enum Pending {
    Prefix {
        name: &'static str,
        prec: Prec,
        span: Span,
    },
    Infix {
        name: &'static str,
        prec: Prec,
        assoc: bool,
        span: Span,
    },
}

impl Pending {
    fn prec(&self) -> Prec {
        match self {
            Pending::Prefix { prec, .. } | Pending::Infix { prec, .. } => *prec,
        }
    }
    fn name(&self) -> &'static str {
        match self {
            Pending::Prefix { name, .. } | Pending::Infix { name, .. } => name,
        }
    }
}

fn apply(name: &str, span: Span, args: Vec<Expr>, whole: Span) -> Expr {
    Expr::new(
        ExprKind::Apply {
            path: Vec::new(),
            name: Ident {
                name: name.to_string(),
                span,
            },
            args,
        },
        whole,
    )
}

impl Parser {
    /// An expression. `self.depth` bounds the depth of the tree being built: it counts the
    /// enclosing expressions and, within each, the operators waiting for their operands and the
    /// postfix operators, applications and field selections applied so far, so that neither the
    /// parser nor code walking or dropping the tree recurses without bound.
    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        let saved = self.depth;
        self.enter()?;
        let r = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || self.expr_inner());
        self.depth = saved;
        r
    }

    fn expr_inner(&mut self) -> PResult<Expr> {
        let mut operands: Vec<Expr> = Vec::new();
        let mut pending: Vec<Pending> = Vec::new();
        loop {
            while let Some(name) = self.prefix_here() {
                let span = self.span();
                let prec = ops::prefix(name).expect("prefix table");
                // SANY reads a `-` after an operator as the prefix `-.` (12) and rejects it when
                // that operator binds tighter (`a * -b`, `a ^ -b`; `OperatorStack.reduceStack`).
                if let Some(Pending::Infix {
                    name: left,
                    prec: lp,
                    ..
                }) = pending.last()
                {
                    if name == "-." && lp.lo > prec.hi {
                        return Err(conflict(span, left, "-."));
                    }
                }
                self.bump();
                self.enter()?;
                pending.push(Pending::Prefix { name, prec, span });
            }
            // A postfix operator right after `[]`, `<>`, ENABLED or UNCHANGED (4..15) overlaps
            // their range: SANY reports a conflict for `ENABLED x'`.
            let guard = match pending.last() {
                Some(Pending::Prefix { name, prec, .. }) if prec.hi >= POSTFIX_PREC => Some(*name),
                _ => None,
            };
            let operand = self.operand(guard)?;
            operands.push(operand);
            let Some((name, prec, assoc)) = self.infix_here() else {
                break;
            };
            let span = self.span();
            while let Some(top) = pending.last() {
                let tp = top.prec();
                let same_assoc = match top {
                    Pending::Prefix { .. } => false,
                    Pending::Infix { assoc: ta, .. } => top.name() == name && *ta,
                };
                let reduce = if tp.lo > prec.hi {
                    true
                } else if prec.lo > tp.hi {
                    false
                } else if same_assoc {
                    true
                } else {
                    return Err(conflict(span, top.name(), name));
                };
                if !reduce {
                    break;
                }
                let top = pending.pop().expect("checked");
                reduce_one(top, &mut operands);
            }
            self.bump();
            self.enter()?;
            pending.push(Pending::Infix {
                name,
                prec,
                assoc,
                span,
            });
        }
        while let Some(top) = pending.pop() {
            reduce_one(top, &mut operands);
        }
        Ok(operands.pop().expect("one operand left"))
    }

    fn prefix_here(&self) -> Option<&'static str> {
        match self.kind() {
            TokKind::Sym("~") => Some("~"),
            TokKind::Sym("[]") => Some("[]"),
            TokKind::Sym("<>") => Some("<>"),
            TokKind::Sym("-") => Some("-."),
            TokKind::Kw(k @ ("ENABLED" | "UNCHANGED" | "SUBSET" | "UNION" | "DOMAIN")) => Some(k),
            _ => None,
        }
    }

    fn infix_here(&self) -> Option<(&'static str, Prec, bool)> {
        match self.kind() {
            TokKind::Sym(s) => ops::infix(s).map(|(p, a)| (ops::canonical(s), p, a)),
            _ => None,
        }
    }

    /// A primary expression followed by postfix operators, function application and `.field`.
    /// `guard` is a prefix operator right before it whose range overlaps the postfix ones.
    fn operand(&mut self, guard: Option<&'static str>) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            if matches!(
                self.kind(),
                TokKind::Sym("'" | "^+" | "^*" | "^#" | "[" | ".")
            ) {
                self.enter()?;
            }
            let next = match self.kind() {
                TokKind::Sym(s) => *s,
                _ => return Ok(e),
            };
            match TokKind::Sym(next) {
                TokKind::Sym(s) if ops::is_postfix(s) => {
                    if let Some(prefix) = guard {
                        return Err(conflict(self.span(), prefix, s));
                    }
                    let t = self.bump();
                    let whole = e.span.to(t.span);
                    e = apply(s, t.span, vec![e], whole);
                }
                TokKind::Sym("[") => {
                    self.bump();
                    let args = self.bracketed(|p| p.comma_list(|p| p.expr()))?;
                    self.expect_sym("]")?;
                    let whole = self.span_from(e.span);
                    e = Expr::new(ExprKind::FunApp(Box::new(e), args), whole);
                }
                TokKind::Sym(".")
                    if matches!(self.ahead(1), TokKind::Ident(_) | TokKind::Kw(_)) =>
                {
                    self.bump();
                    // The name may stand left of an enclosing bullet: then it is an error
                    // (found by fuzzing: `r.` at the end of a line inside a list item).
                    let field = self.field_name()?;
                    let whole = e.span.to(field.span);
                    e = Expr::new(ExprKind::Dot(Box::new(e), field), whole);
                }
                _ => return Ok(e),
            }
        }
    }

    pub(crate) fn comma_list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let mut v = vec![item(self)?];
        while self.eat_sym(",") {
            v.push(item(self)?);
        }
        Ok(v)
    }

    /// The field after `.` (in `r.f` or `!.f`): a name, or a keyword, which SANY also takes as
    /// a field name (`r.NEW`, `[r EXCEPT !.THEN = 0]`).
    fn field_name(&mut self) -> PResult<Ident> {
        if let TokKind::Kw(k) = self.kind() {
            let name = k.to_string();
            let t = self.bump();
            return Ok(Ident { name, span: t.span });
        }
        self.ident()
    }

    pub(crate) fn ident(&mut self) -> PResult<Ident> {
        if !matches!(self.kind(), TokKind::Ident(_)) {
            return Err(self.unexpected("a name"));
        }
        let t = self.bump();
        match t.kind {
            TokKind::Ident(name) => Ok(Ident { name, span: t.span }),
            _ => unreachable!("checked above"),
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.span();
        // An infix or postfix operator (or `-.`) applied like a prefix one: `+(4, 6)`,
        // `\in(1, S)`, `^+(4)`, `-.(4)`, as SANY accepts.
        if let Some(op) = self.op_symbol_here() {
            // `/\` and `\/` here are bullets.
            let bullet = matches!(self.kind(), TokKind::Sym("/\\" | "\\/"));
            if !bullet
                && matches!(self.kind(), TokKind::Sym(_))
                && matches!(self.ahead(1), TokKind::Sym("("))
            {
                let t = self.bump();
                let args = self.opt_args()?;
                let whole = self.span_from(start);
                return Ok(apply(op, t.span, args, whole));
            }
        }
        if matches!(self.kind(), TokKind::Ident(_)) {
            return self.name_expr();
        }
        let kind = self.kind().clone();
        let e = match kind {
            TokKind::Num(n) => {
                self.bump();
                ExprKind::Num(n)
            }
            TokKind::Decimal(d) => {
                self.bump();
                ExprKind::Decimal(d)
            }
            TokKind::Str(s) => {
                self.bump();
                ExprKind::Str(s)
            }
            TokKind::Sym("@") => {
                self.bump();
                ExprKind::At
            }
            // A step name used as a fact inside a proof (`<4>4`), possibly with subexpression
            // selectors (`<1>1!lbl`, `<33>7!(42)!<<`); proofs are dropped.
            TokKind::Step(_) => {
                let t = self.bump();
                while self.at_sym("!") && self.path_name_follows() {
                    self.bump();
                    self.path_name()?;
                    self.opt_args()?;
                }
                let whole = self.span_from(t.span);
                return Ok(apply("<step>", t.span, Vec::new(), whole));
            }
            TokKind::Sym("(") => {
                self.bump();
                let inner = self.bracketed(|p| p.expr())?;
                self.expect_sym(")")?;
                ExprKind::Paren(Box::new(inner))
            }
            TokKind::Sym("{") => return self.set_expr(),
            TokKind::Sym("<<") => return self.tuple_expr(),
            TokKind::Sym("[") => return self.bracket_expr(),
            TokKind::Sym("/\\") => return self.junction(Junction::And),
            TokKind::Sym("\\/") => return self.junction(Junction::Or),
            TokKind::Sym(q @ ("\\A" | "\\E")) => {
                self.bump();
                let quant = if q == "\\A" {
                    Quantifier::Forall
                } else {
                    Quantifier::Exists
                };
                return self.quantifier(quant, start);
            }
            TokKind::Sym(q @ ("\\AA" | "\\EE")) => {
                self.bump();
                let quant = if q == "\\AA" {
                    Quantifier::Forall
                } else {
                    Quantifier::Exists
                };
                let vars = self.comma_list(|p| p.ident())?;
                self.expect_sym(":")?;
                let body = self.expr()?;
                ExprKind::TemporalQuant(quant, vars, Box::new(body))
            }
            TokKind::Kw("IF") => {
                self.bump();
                let c = self.expr()?;
                self.expect_kw("THEN")?;
                let a = self.expr()?;
                self.expect_kw("ELSE")?;
                let b = self.expr()?;
                ExprKind::If(Box::new(c), Box::new(a), Box::new(b))
            }
            TokKind::Kw("CASE") => {
                self.bump();
                return self.case_expr(start);
            }
            TokKind::Kw("LET") => {
                self.bump();
                let mut defs = Vec::new();
                while !self.at_kw("IN") {
                    defs.push(self.let_unit()?);
                }
                self.bump();
                let body = self.expr()?;
                ExprKind::Let(defs, Box::new(body))
            }
            TokKind::Kw("CHOOSE") => {
                self.bump();
                let vars = if self.at_sym("<<") {
                    self.ident_tuple()?
                } else {
                    BoundVars::Names(vec![self.ident()?])
                };
                let set = if self.eat_sym("\\in") {
                    Some(Box::new(self.expr()?))
                } else {
                    None
                };
                self.expect_sym(":")?;
                let body = self.expr()?;
                ExprKind::Choose(vars, set, Box::new(body))
            }
            TokKind::Kw(k @ ("WF_" | "SF_")) => {
                self.bump();
                let (sub, action) = self.fairness_parts(start)?;
                let kind = if k == "WF_" {
                    Fairness::Weak
                } else {
                    Fairness::Strong
                };
                ExprKind::Fair(kind, Box::new(sub), Box::new(action))
            }
            _ => return Err(self.unexpected("an expression")),
        };
        Ok(Expr::new(e, self.span_from(start)))
    }

    /// `x`, `Op(a, b)`, `I!Op`, `I(1)!J!Op(a)`, and `label :: e`.
    fn name_expr(&mut self) -> PResult<Expr> {
        let start = self.span();
        let first = self.ident()?;
        if self.at_sym("::") {
            self.bump();
            let body = self.expr()?;
            let whole = self.span_from(start);
            let head = LabelHead {
                name: first,
                params: Vec::new(),
            };
            return Ok(Expr::new(ExprKind::Label(head, Box::new(body)), whole));
        }
        let mut path = Vec::new();
        let mut name = first;
        let mut args = self.opt_args()?;
        // `lab(x, y) :: e`: SANY takes a name applied to names as a label (its parameters
        // name the bound identifiers it sits under).
        if self.at_sym("::") && args.iter().all(is_plain_name) {
            self.bump();
            let body = self.expr()?;
            let whole = self.span_from(start);
            let params = args
                .into_iter()
                .filter_map(|a| match a.kind {
                    ExprKind::Apply { name, .. } => Some(name),
                    _ => None,
                })
                .collect();
            let head = LabelHead { name, params };
            return Ok(Expr::new(ExprKind::Label(head, Box::new(body)), whole));
        }
        while self.at_sym("!") && self.path_name_follows() {
            self.bump();
            path.push(PathSeg { name, args });
            name = self.path_name()?;
            args = self.opt_args()?;
        }
        let whole = self.span_from(start);
        Ok(Expr::new(ExprKind::Apply { path, name, args }, whole))
    }

    fn path_name_follows(&self) -> bool {
        match self.ahead(1) {
            TokKind::Ident(_) | TokKind::Num(_) => true,
            TokKind::Sym("(" | ":" | "<<" | ">>" | "@" | "-.") => true,
            TokKind::Sym(s) => ops::infix(s).is_some() || ops::is_postfix(s),
            _ => false,
        }
    }

    /// The name after `!`: an identifier, an operator symbol (`M!+`), a subexpression
    /// selector (`Inv!2` is named "2"), or nothing before arguments (`P!(a)` is named "").
    fn path_name(&mut self) -> PResult<Ident> {
        if let TokKind::Num(n) = self.kind().clone() {
            let t = self.bump();
            return Ok(Ident {
                name: n.to_string(),
                span: t.span,
            });
        }
        if self.at_sym("(") {
            let span = self.span();
            return Ok(Ident {
                name: String::new(),
                span: Span::new(span.start as usize, span.start as usize),
            });
        }
        if let TokKind::Sym(s) = self.kind().clone() {
            let t = self.bump();
            return Ok(Ident {
                name: ops::canonical(s).to_string(),
                span: t.span,
            });
        }
        self.ident()
    }

    fn opt_args(&mut self) -> PResult<Vec<Expr>> {
        if !self.at_sym("(") {
            return Ok(Vec::new());
        }
        self.bump();
        let args = self.bracketed(|p| p.comma_list(|p| p.op_arg()))?;
        self.expect_sym(")")?;
        Ok(args)
    }

    /// An operator argument: an expression, a LAMBDA, or an operator symbol passed by name
    /// (SANY's `OpOrExpr`).
    pub(crate) fn op_arg(&mut self) -> PResult<Expr> {
        self.op_arg_until(|k| matches!(k, TokKind::Sym(")" | ",")))
    }

    /// `OpOrExpr` where an operator symbol counts as one when the token after it satisfies `ends`.
    pub(crate) fn op_arg_until(&mut self, ends: impl Fn(&TokKind) -> bool) -> PResult<Expr> {
        if let Some(name) = self.op_symbol_here() {
            if ends(self.ahead(1)) {
                if name == "\\X" {
                    return Err(Diagnostic::new(
                        self.span(),
                        "`\\X` may not be used as an infix operator",
                    ));
                }
                let t = self.bump();
                return Ok(apply(name, t.span, Vec::new(), t.span));
            }
        }
        if self.at_kw("LAMBDA") {
            let start = self.bump().span;
            let params = self.comma_list(|p| p.ident())?;
            self.expect_sym(":")?;
            let body = self.expr()?;
            let whole = self.span_from(start);
            return Ok(Expr::new(ExprKind::Lambda(params, Box::new(body)), whole));
        }
        self.expr()
    }

    /// An operator symbol that can be passed by name: infix, postfix, or a prefix one other
    /// than `-` (whose prefix form is written `-.`). Returns the name it is applied by.
    fn op_symbol_here(&self) -> Option<&'static str> {
        match self.kind() {
            TokKind::Sym(s) if ops::infix(s).is_some() || ops::is_postfix(s) => {
                Some(ops::canonical(s))
            }
            TokKind::Sym(s @ ("-." | "~" | "[]" | "<>")) => Some(s),
            TokKind::Kw(k @ ("ENABLED" | "UNCHANGED" | "SUBSET" | "UNION" | "DOMAIN")) => Some(k),
            _ => None,
        }
    }

    /// The subscript of `[A]_v`, `<<A>>_v`, `WF_v(A)`: SANY's `ReducedExpression`, a name
    /// (`v`, `M!v`, `f(x)`, `M(1)!v`), a parenthesized expression, a tuple, or a `{...}` or
    /// `[...]` form.
    fn subscript(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.kind() {
            TokKind::Sym("<<") => self.tuple_expr(),
            TokKind::Sym("(") => self.primary(),
            TokKind::Sym("{") => self.set_expr(),
            TokKind::Sym("[") => self.bracket_expr(),
            TokKind::Ident(_) => {
                let mut path = Vec::new();
                let mut name = self.ident()?;
                let mut args = self.opt_args()?;
                while self.at_sym("!") && matches!(self.ahead(1), TokKind::Ident(_)) {
                    self.bump();
                    path.push(PathSeg { name, args });
                    name = self.ident()?;
                    args = self.opt_args()?;
                }
                let whole = self.span_from(start);
                Ok(Expr::new(ExprKind::Apply { path, name, args }, whole))
            }
            _ => Err(self.unexpected(
                "a subscript (a name, a tuple, or a parenthesized or bracketed expression)",
            )),
        }
    }

    /// After `WF_`/`SF_`: the subscript and the action. As in SANY, the subscript's own
    /// arguments are taken first, so `WF_vars(A)` is subscript `vars`, action `A`, and
    /// `WF_f(x)(A)` is subscript `f(x)`, action `A`.
    fn fairness_parts(&mut self, start: Span) -> PResult<(Expr, Expr)> {
        let mut sub = self.subscript()?;
        if self.at_sym("(") {
            self.bump();
            let action = self.bracketed(|p| p.expr())?;
            self.expect_sym(")")?;
            return Ok((sub, action));
        }
        if let ExprKind::Apply { name, args, .. } = &mut sub.kind {
            if args.len() == 1 {
                let action = args.pop().expect("one argument");
                sub.span.end = name.span.end;
                return Ok((sub, action));
            }
        }
        Err(Diagnostic::new(
            self.span_from(start),
            "ill-structured fairness expression: expected `WF_v(A)` or `SF_v(A)`",
        ))
    }

    fn junction(&mut self, which: Junction) -> PResult<Expr> {
        let first = self.cur().clone();
        let bullet = first.kind.clone();
        let col = first.col;
        let mut items = Vec::new();
        loop {
            self.bump();
            self.offside.push(col);
            let item = self.expr();
            self.offside.pop();
            items.push(item?);
            let t = self.cur();
            if t.kind != bullet || t.col != col {
                break;
            }
        }
        let whole = self.span_from(first.span);
        Ok(Expr::new(ExprKind::Junction(which, items), whole))
    }

    fn quantifier(&mut self, quant: Quantifier, start: Span) -> PResult<Expr> {
        let kind = if self.at_sym("<<") {
            let bounds = self.bounds()?;
            self.expect_sym(":")?;
            ExprKind::BoundedQuant(quant, bounds, Box::new(self.expr()?))
        } else {
            let ids = self.comma_list(|p| p.ident())?;
            if self.eat_sym("\\in") {
                let set = self.expr()?;
                let mut bounds = vec![Bound {
                    vars: BoundVars::Names(ids),
                    set,
                }];
                if self.eat_sym(",") {
                    bounds.extend(self.bounds()?);
                }
                self.expect_sym(":")?;
                ExprKind::BoundedQuant(quant, bounds, Box::new(self.expr()?))
            } else {
                self.expect_sym(":")?;
                ExprKind::UnboundedQuant(quant, ids, Box::new(self.expr()?))
            }
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// `x, y \in S, <<a, b>> \in T`.
    pub(crate) fn bounds(&mut self) -> PResult<Vec<Bound>> {
        self.comma_list(|p| {
            let vars = if p.at_sym("<<") {
                p.ident_tuple()?
            } else {
                BoundVars::Names(p.comma_list(|p| p.ident())?)
            };
            p.expect_sym("\\in")?;
            let set = p.expr()?;
            Ok(Bound { vars, set })
        })
    }

    fn case_expr(&mut self, start: Span) -> PResult<Expr> {
        let mut arms = Vec::new();
        let mut other = None;
        loop {
            if self.eat_kw("OTHER") {
                self.expect_sym("->")?;
                other = Some(Box::new(self.expr()?));
                break;
            }
            let guard = self.expr()?;
            self.expect_sym("->")?;
            let value = self.expr()?;
            arms.push((guard, value));
            if self.hidden() && self.raw().kind == TokKind::Sym("[]") {
                // SANY takes this `[]` as the next arm without looking at its column, then
                // rejects the list item for it (tlaplus/tlaplus#487).
                let t = self.raw();
                return Err(Diagnostic::new(
                    t.span,
                    format!(
                        "`[]` at column {} continues a CASE inside a /\\ or \\/ list item but is not to the right of the item's bullet",
                        t.col
                    ),
                ));
            }
            if !self.eat_sym("[]") {
                break;
            }
        }
        Ok(Expr::new(
            ExprKind::Case(arms, other),
            self.span_from(start),
        ))
    }

    /// `{a, b}`, `{x \in S : P}`, `{e : x \in S}`, following SANY's `BraceCases`: when the
    /// tokens after `{` read `x \in` or `<<x, y>> \in`, that is a bound (so `{x \in S /\ T}`
    /// is `{x \in (S /\ T)}`, and `{x, y \in S}` is an error, as in SANY).
    fn set_expr(&mut self) -> PResult<Expr> {
        let start = self.bump().span;
        let kind = self.bracketed(|p| {
            if p.at_sym("}") {
                return Ok(ExprKind::SetEnum(Vec::new()));
            }
            if p.match_fcn_const() {
                let var_start = p.span();
                let vars = if p.at_sym("<<") {
                    p.ident_tuple()?
                } else {
                    BoundVars::Names(vec![p.ident()?])
                };
                let var_span = p.span_from(var_start);
                let in_span = p.expect_sym("\\in")?.span;
                let set = p.expr()?;
                if p.eat_sym(":") {
                    let pred = p.expr()?;
                    let bound = Bound { vars, set };
                    return Ok(ExprKind::SetFilter(Box::new(bound), Box::new(pred)));
                }
                // `{x \in S}` and `{x \in S, y}` enumerate the boolean `x \in S`.
                let var = match vars {
                    BoundVars::Names(mut ids) => {
                        let id = ids.pop().expect("one name");
                        apply(&id.name, id.span, Vec::new(), id.span)
                    }
                    BoundVars::Tuple(ids) => Expr::new(
                        ExprKind::Tuple(
                            ids.into_iter()
                                .map(|id| apply(&id.name, id.span, Vec::new(), id.span))
                                .collect(),
                        ),
                        var_span,
                    ),
                };
                let whole = var.span.to(set.span);
                let mut items = vec![apply("\\in", in_span, vec![var, set], whole)];
                while p.eat_sym(",") {
                    items.push(p.expr()?);
                }
                return Ok(ExprKind::SetEnum(items));
            }
            let first = p.expr()?;
            if p.at_sym(":") {
                if is_apply_of(&first, "\\in") {
                    return Err(Diagnostic::new(
                        p.span(),
                        "the form `{a \\in b : c \\in d}` is not allowed: parenthesize `a \\in b`",
                    ));
                }
                p.bump();
                let bounds = p.bounds()?;
                return Ok(ExprKind::SetMap(Box::new(first), bounds));
            }
            let mut items = vec![first];
            while p.eat_sym(",") {
                items.push(p.expr()?);
            }
            Ok(ExprKind::SetEnum(items))
        })?;
        self.expect_sym("}")?;
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// SANY's `matchFcnConst`: after `{` or `[`, do the tokens read `x, y \in` or
    /// `<<...>> \in`? Then what follows is a bound, not an expression.
    fn match_fcn_const(&self) -> bool {
        let mut i = self.pos;
        let kind = |i: usize| &self.toks[i.min(self.toks.len() - 1)].kind;
        match kind(i) {
            TokKind::Sym("<<") => {
                let mut depth = 1usize;
                while depth > 0 {
                    i += 1;
                    match kind(i) {
                        TokKind::Sym("<<") => depth += 1,
                        TokKind::Sym(">>") => depth -= 1,
                        TokKind::Eof => return false,
                        _ => {}
                    }
                }
                matches!(kind(i + 1), TokKind::Sym("\\in"))
            }
            TokKind::Ident(_) => {
                i += 1;
                while matches!(kind(i), TokKind::Sym(",")) {
                    if !matches!(kind(i + 1), TokKind::Ident(_)) {
                        return false;
                    }
                    i += 2;
                }
                matches!(kind(i), TokKind::Sym("\\in"))
            }
            _ => false,
        }
    }

    /// `<<x, y>>` as bound names (SANY's `IdentifierTuple`, which may be empty).
    fn ident_tuple(&mut self) -> PResult<BoundVars> {
        self.expect_sym("<<")?;
        let ids = if self.at_sym(">>") {
            Vec::new()
        } else {
            self.comma_list(|p| p.ident())?
        };
        self.expect_sym(">>")?;
        Ok(BoundVars::Tuple(ids))
    }

    fn tuple_expr(&mut self) -> PResult<Expr> {
        let start = self.bump().span;
        let items = self.bracketed(|p| {
            if p.at_sym(">>") || p.at_sym(">>_") {
                Ok(Vec::new())
            } else {
                p.comma_list(|p| p.expr())
            }
        })?;
        if self.eat_sym(">>_") {
            let mut items = items;
            if items.len() != 1 {
                return Err(Diagnostic::new(
                    start,
                    "`<<A>>_v` takes exactly one action between the brackets",
                ));
            }
            let action = items.pop().expect("one item");
            let sub = self.subscript()?;
            let whole = self.span_from(start);
            return Ok(Expr::new(
                ExprKind::AngleAction(Box::new(action), Box::new(sub)),
                whole,
            ));
        }
        self.expect_sym(">>")?;
        Ok(Expr::new(ExprKind::Tuple(items), self.span_from(start)))
    }

    fn bracket_expr(&mut self) -> PResult<Expr> {
        let start = self.bump().span;
        enum Closing {
            Plain(ExprKind),
            Box(Expr),
        }
        let closing = self.bracketed(|p| {
            let field_next = matches!(p.kind(), TokKind::Ident(_));
            if field_next && matches!(p.ahead(1), TokKind::Sym("|->")) {
                let fields = p.comma_list(|p| {
                    let f = p.ident()?;
                    p.expect_sym("|->")?;
                    Ok((f, p.expr()?))
                })?;
                p.expect_sym("]")?;
                return Ok(Closing::Plain(ExprKind::Record(fields)));
            }
            if field_next && matches!(p.ahead(1), TokKind::Sym(":")) {
                let fields = p.comma_list(|p| {
                    let f = p.ident()?;
                    p.expect_sym(":")?;
                    Ok((f, p.expr()?))
                })?;
                p.expect_sym("]")?;
                return Ok(Closing::Plain(ExprKind::RecordSet(fields)));
            }
            if p.match_fcn_const() {
                let bounds = p.bounds()?;
                p.expect_sym("|->")?;
                let body = p.expr()?;
                p.expect_sym("]")?;
                return Ok(Closing::Plain(ExprKind::FunCons(bounds, Box::new(body))));
            }
            let e = p.expr()?;
            if p.eat_sym("->") {
                let range = p.expr()?;
                p.expect_sym("]")?;
                return Ok(Closing::Plain(ExprKind::FunSet(
                    Box::new(e),
                    Box::new(range),
                )));
            }
            if p.eat_kw("EXCEPT") {
                let updates = p.comma_list(|p| p.except_update())?;
                p.expect_sym("]")?;
                return Ok(Closing::Plain(ExprKind::Except(Box::new(e), updates)));
            }
            if p.eat_sym("]_") {
                return Ok(Closing::Box(e));
            }
            Err(p.unexpected("`|->`, `->`, `EXCEPT` or `]_`"))
        })?;
        let kind = match closing {
            Closing::Plain(k) => k,
            Closing::Box(action) => {
                let sub = self.subscript()?;
                ExprKind::BoxAction(Box::new(action), Box::new(sub))
            }
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    fn except_update(&mut self) -> PResult<ExceptUpdate> {
        self.expect_sym("!")?;
        let mut path = Vec::new();
        loop {
            if self.eat_sym(".") {
                path.push(ExceptStep::Field(self.field_name()?));
            } else if self.eat_sym("[") {
                let idx = self.comma_list(|p| p.expr())?;
                self.expect_sym("]")?;
                path.push(ExceptStep::Index(idx));
            } else {
                break;
            }
        }
        if path.is_empty() {
            return Err(self.unexpected("`.field` or `[index]` after `!`"));
        }
        self.expect_sym("=")?;
        let value = self.expr()?;
        Ok(ExceptUpdate { path, value })
    }
}

/// A name with no path and no arguments, as the parameters of a label must be.
fn is_plain_name(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Apply { path, args, .. } if path.is_empty() && args.is_empty())
}

/// `a op b` for the built-in infix `op`.
fn is_apply_of(e: &Expr, op: &str) -> bool {
    matches!(&e.kind, ExprKind::Apply { path, name, args }
        if path.is_empty() && name.name == op && args.len() == 2)
}

/// The precedence of the postfix operators `'`, `^+`, `^*`, `^#` (SANY's 150).
const POSTFIX_PREC: u8 = 15;

fn conflict(span: Span, left: &str, right: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("precedence conflict between `{left}` and `{right}`: add parentheses"),
    )
}

fn reduce_one(op: Pending, operands: &mut Vec<Expr>) {
    match op {
        Pending::Prefix { name, span, .. } => {
            let e = operands.pop().expect("prefix operand");
            let whole = span.to(e.span);
            operands.push(apply(name, span, vec![e], whole));
        }
        Pending::Infix { name, span, .. } => {
            let right = operands.pop().expect("right operand");
            let left = operands.pop().expect("left operand");
            let whole = left.span.to(right.span);
            if name == "\\X" {
                let items = match left.kind {
                    ExprKind::Times(mut items) => {
                        items.push(right);
                        items
                    }
                    _ => vec![left, right],
                };
                operands.push(Expr::new(ExprKind::Times(items), whole));
            } else {
                operands.push(apply(name, span, vec![left, right], whole));
            }
        }
    }
}
