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

fn ident_of(t: &crate::lexer::Token) -> Option<Ident> {
    match &t.kind {
        TokKind::Ident(s) => Some(Ident {
            name: s.clone(),
            span: t.span,
        }),
        _ => None,
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
    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || self.expr_inner());
        self.leave();
        r
    }

    fn expr_inner(&mut self) -> PResult<Expr> {
        let mut operands: Vec<Expr> = Vec::new();
        let mut pending: Vec<Pending> = Vec::new();
        loop {
            while let Some(name) = self.prefix_here() {
                let span = self.bump().span;
                let prec = ops::prefix(name).expect("prefix table");
                pending.push(Pending::Prefix { name, prec, span });
            }
            let operand = self.operand()?;
            operands.push(operand);
            let Some((name, prec, assoc)) = self.infix_here() else {
                break;
            };
            let span = self.span();
            while let Some(top) = pending.last() {
                let tp = top.prec();
                let reduce = match top {
                    Pending::Prefix { .. } => tp.lo > prec.hi,
                    Pending::Infix { assoc: ta, .. } => {
                        if tp.lo > prec.hi {
                            true
                        } else if prec.lo > tp.hi {
                            false
                        } else if top.name() == name && *ta {
                            true
                        } else {
                            return Err(Diagnostic::new(
                                span,
                                format!(
                                    "precedence conflict between `{}` and `{}`: add parentheses",
                                    top.name(),
                                    name
                                ),
                            ));
                        }
                    }
                };
                if !reduce {
                    break;
                }
                let top = pending.pop().expect("checked");
                reduce_one(top, &mut operands);
            }
            self.bump();
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
            TokKind::Sym(s) => ops::infix(s).map(|(p, a)| (*s, p, a)),
            _ => None,
        }
    }

    /// A primary expression followed by postfix operators, function application and `.field`.
    fn operand(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            match self.kind().clone() {
                TokKind::Sym(s) if ops::is_postfix(s) => {
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
                TokKind::Sym(".") if matches!(self.ahead(1), TokKind::Ident(_)) => {
                    self.bump();
                    let t = self.bump();
                    let field = ident_of(&t).expect("checked");
                    let whole = e.span.to(t.span);
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

    pub(crate) fn ident(&mut self) -> PResult<Ident> {
        match ident_of(self.cur()) {
            Some(id) => {
                self.bump();
                Ok(id)
            }
            None => Err(self.unexpected("a name")),
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.span();
        let kind = self.kind().clone();
        let e = match kind {
            TokKind::Ident(_) => return self.name_expr(),
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
            // A step name used as a fact inside a proof (`<4>4`); proofs are dropped.
            TokKind::Step(_) => {
                let t = self.bump();
                return Ok(apply("<step>", t.span, Vec::new(), t.span));
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
                let vars = if self.eat_sym("<<") {
                    let ids = self.comma_list(|p| p.ident())?;
                    self.expect_sym(">>")?;
                    BoundVars::Tuple(ids)
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
            TokKind::Kw("LAMBDA") => {
                self.bump();
                let params = self.comma_list(|p| p.ident())?;
                self.expect_sym(":")?;
                let body = self.expr()?;
                ExprKind::Lambda(params, Box::new(body))
            }
            TokKind::Kw(k @ ("WF_" | "SF_")) => {
                self.bump();
                let sub = self.subscript()?;
                self.expect_sym("(")?;
                let action = self.bracketed(|p| p.expr())?;
                self.expect_sym(")")?;
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
            return Ok(Expr::new(ExprKind::Label(first, Box::new(body)), whole));
        }
        let mut path = Vec::new();
        let mut name = first;
        let mut args = self.opt_args()?;
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
            TokKind::Sym("(" | ":" | "<<" | ">>" | "@") => true,
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
                name: s.to_string(),
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

    /// An operator argument: an expression, or an operator symbol passed by name.
    fn op_arg(&mut self) -> PResult<Expr> {
        if let TokKind::Sym(s) = self.kind().clone() {
            let next_closes = matches!(self.ahead(1), TokKind::Sym(")") | TokKind::Sym(","));
            if next_closes && (ops::infix(s).is_some() || ops::is_postfix(s)) {
                let t = self.bump();
                return Ok(apply(s, t.span, Vec::new(), t.span));
            }
        }
        self.expr()
    }

    /// The subscript of `[A]_v`, `<<A>>_v`, `WF_v(A)`: a name, a tuple or a parenthesized expression.
    fn subscript(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.kind() {
            TokKind::Sym("<<") => self.tuple_expr(),
            TokKind::Sym("(") => self.primary(),
            TokKind::Ident(_) => {
                let mut path = Vec::new();
                let mut name = self.ident()?;
                while self.at_sym("!") && matches!(self.ahead(1), TokKind::Ident(_)) {
                    self.bump();
                    path.push(PathSeg {
                        name,
                        args: Vec::new(),
                    });
                    name = self.ident()?;
                }
                let whole = self.span_from(start);
                Ok(Expr::new(
                    ExprKind::Apply {
                        path,
                        name,
                        args: Vec::new(),
                    },
                    whole,
                ))
            }
            _ => {
                Err(self.unexpected("a subscript (a name, a tuple or a parenthesized expression)"))
            }
        }
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
            let vars = if p.eat_sym("<<") {
                let ids = p.comma_list(|p| p.ident())?;
                p.expect_sym(">>")?;
                BoundVars::Tuple(ids)
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
            if !self.eat_sym("[]") {
                break;
            }
        }
        Ok(Expr::new(
            ExprKind::Case(arms, other),
            self.span_from(start),
        ))
    }

    fn set_expr(&mut self) -> PResult<Expr> {
        let start = self.bump().span;
        let kind = self.bracketed(|p| {
            if p.at_sym("}") {
                return Ok(ExprKind::SetEnum(Vec::new()));
            }
            let first = p.expr()?;
            if p.eat_sym(":") {
                if let Some(bound) = as_bound(&first) {
                    let pred = p.expr()?;
                    return Ok(ExprKind::SetFilter(Box::new(bound), Box::new(pred)));
                }
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
            if p.function_constructor_ahead() {
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

    /// After `[`: does a `|->` follow at this bracket depth (`[x \in S |-> e]`)?
    fn function_constructor_ahead(&self) -> bool {
        let plausible = match self.ahead(0) {
            TokKind::Sym("<<") => true,
            TokKind::Ident(_) => matches!(self.ahead(1), TokKind::Sym("\\in") | TokKind::Sym(",")),
            _ => false,
        };
        if !plausible {
            return false;
        }
        let mut depth = 0i64;
        for t in &self.toks[self.pos..] {
            match &t.kind {
                TokKind::Sym("(" | "[" | "{" | "<<") => depth += 1,
                TokKind::Sym(")" | "]" | "]_" | "}" | ">>" | ">>_") => {
                    depth -= 1;
                    if depth < 0 {
                        return false;
                    }
                }
                TokKind::Sym("|->") if depth == 0 => return true,
                TokKind::Eof => return false,
                _ => {}
            }
        }
        false
    }

    fn except_update(&mut self) -> PResult<ExceptUpdate> {
        self.expect_sym("!")?;
        let mut path = Vec::new();
        loop {
            if self.eat_sym(".") {
                path.push(ExceptStep::Field(self.ident()?));
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

/// `x \in S` or `<<x, y>> \in S` as the bound of `{x \in S : P}`.
fn as_bound(e: &Expr) -> Option<Bound> {
    let ExprKind::Apply { path, name, args } = &e.kind else {
        return None;
    };
    if !path.is_empty() || name.name != "\\in" || args.len() != 2 {
        return None;
    }
    let vars = match &args[0].kind {
        ExprKind::Apply { path, name, args } if path.is_empty() && args.is_empty() => {
            BoundVars::Names(vec![name.clone()])
        }
        ExprKind::Tuple(items) => {
            let mut ids = Vec::new();
            for it in items {
                match &it.kind {
                    ExprKind::Apply { path, name, args } if path.is_empty() && args.is_empty() => {
                        ids.push(name.clone())
                    }
                    _ => return None,
                }
            }
            BoundVars::Tuple(ids)
        }
        _ => return None,
    };
    Some(Bound {
        vars,
        set: args[1].clone(),
    })
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
