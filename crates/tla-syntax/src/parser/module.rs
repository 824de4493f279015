//! Modules and their units: declarations, definitions, instances, assumptions, theorems.

use super::ops;
use super::{PResult, Parser};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::TokKind;
use crate::span::Span;

impl Parser {
    /// `---- MODULE Name ---- [EXTENDS ...] units ====`
    pub(crate) fn module(&mut self) -> PResult<Module> {
        let start = self.span();
        if !matches!(self.kind(), TokKind::Dashes) {
            return Err(self.unexpected("`---- MODULE`"));
        }
        self.bump();
        self.expect_kw("MODULE")?;
        let name = self.ident()?;
        if !matches!(self.kind(), TokKind::Dashes) {
            return Err(self.unexpected("`----` after the module name"));
        }
        self.bump();
        let mut extends = Vec::new();
        if self.eat_kw("EXTENDS") {
            extends = self.comma_list(|p| p.ident())?;
        }
        let mut units = Vec::new();
        loop {
            match self.kind() {
                TokKind::Equals => {
                    self.bump();
                    break;
                }
                TokKind::Eof => {
                    return Err(Diagnostic::new(
                        self.span(),
                        format!(
                        "module `{}` is never ended: expected `====` before the end of the file",
                        name.name
                    ),
                    ))
                }
                _ => units.push(self.unit()?),
            }
        }
        Ok(Module {
            name,
            extends,
            units,
            span: self.span_from(start),
        })
    }

    fn unit(&mut self) -> PResult<Unit> {
        let start = self.span();
        match self.kind().clone() {
            TokKind::Dashes => {
                if matches!(self.ahead(1), TokKind::Kw("MODULE")) {
                    return Ok(Unit::Submodule(self.nested(|p| p.module())?));
                }
                self.bump();
                Ok(Unit::Ignored(start))
            }
            TokKind::Kw("VARIABLE" | "VARIABLES") => {
                self.bump();
                Ok(Unit::Variables(self.comma_list(|p| p.ident())?))
            }
            TokKind::Kw("CONSTANT" | "CONSTANTS") => {
                self.bump();
                Ok(Unit::Constants(self.comma_list(|p| p.op_decl())?))
            }
            TokKind::Kw("RECURSIVE") => {
                self.bump();
                Ok(Unit::Recursive(self.comma_list(|p| p.op_decl())?))
            }
            TokKind::Kw("ASSUME" | "ASSUMPTION") => {
                self.bump();
                let name = self.definition_name_ahead()?;
                let expr = self.expr()?;
                Ok(Unit::Assume(Assume {
                    name,
                    expr,
                    span: self.span_from(start),
                }))
            }
            TokKind::Kw("THEOREM" | "LEMMA" | "PROPOSITION" | "COROLLARY" | "AXIOM") => {
                self.bump();
                let name = self.definition_name_ahead()?;
                let statement = self.statement()?;
                self.opt_proof(0)?;
                Ok(Unit::Theorem(Theorem {
                    name,
                    statement,
                    span: self.span_from(start),
                }))
            }
            TokKind::Kw("USE" | "HIDE") => {
                self.bump();
                self.use_body()?;
                Ok(Unit::Ignored(self.span_from(start)))
            }
            TokKind::Kw("LOCAL") => {
                self.bump();
                self.definition_or_instance(true, start)
            }
            _ => self.definition_or_instance(false, start),
        }
    }

    /// A definition or instance inside LET: the same as at module level, plus RECURSIVE.
    pub(crate) fn let_unit(&mut self) -> PResult<Unit> {
        let start = self.span();
        if self.eat_kw("RECURSIVE") {
            return Ok(Unit::Recursive(self.comma_list(|p| p.op_decl())?));
        }
        self.definition_or_instance(false, start)
    }

    /// `Name ==` before a theorem or assumption, if present.
    fn definition_name_ahead(&mut self) -> PResult<Option<Ident>> {
        if matches!(self.kind(), TokKind::Ident(_)) && matches!(self.ahead(1), TokKind::Sym("==")) {
            let id = self.ident()?;
            self.bump();
            return Ok(Some(id));
        }
        Ok(None)
    }

    pub(crate) fn definition_or_instance(&mut self, local: bool, start: Span) -> PResult<Unit> {
        if self.at_kw("INSTANCE") {
            return Ok(Unit::Instance(self.instance(local)?));
        }
        let (name, params, fun_bounds) = self.definition_head()?;
        self.expect_sym("==")?;
        if let Some(bounds) = fun_bounds {
            let body = self.expr()?;
            return Ok(Unit::Fun(FunDef {
                name,
                bounds,
                body,
                local,
                span: self.span_from(start),
            }));
        }
        if self.at_kw("INSTANCE") {
            let instance = self.instance(local)?;
            return Ok(Unit::ModuleDef(ModuleDef {
                name,
                params,
                instance,
                local,
                span: self.span_from(start),
            }));
        }
        let body = self.expr()?;
        Ok(Unit::Op(OpDef {
            name,
            params,
            body,
            local,
            span: self.span_from(start),
        }))
    }

    /// The left side of `==`: `F`, `F(x, G(_))`, `f[x \in S]`, `a + b`, `-. a`, `a ^+`.
    #[allow(clippy::type_complexity)]
    fn definition_head(&mut self) -> PResult<(Ident, Vec<OpDecl>, Option<Vec<Bound>>)> {
        // Prefix operator: `-. a ==` or `~ a ==` (SANY's `PrefixLHS`: a bare `-` is not one).
        if let TokKind::Sym(s) = self.kind().clone() {
            if ops::prefix(s).is_some() {
                let t = self.bump();
                let param = self.ident()?;
                let name = s;
                return Ok((
                    Ident {
                        name: name.to_string(),
                        span: t.span,
                    },
                    vec![OpDecl {
                        name: param,
                        arity: 0,
                    }],
                    None,
                ));
            }
        }
        let first = self.ident()?;
        match self.kind().clone() {
            TokKind::Sym("(") => {
                self.bump();
                let params = self.bracketed(|p| p.comma_list(|p| p.op_decl()))?;
                self.expect_sym(")")?;
                Ok((first, params, None))
            }
            TokKind::Sym("[") => {
                self.bump();
                let bounds = self.bracketed(|p| p.bounds())?;
                self.expect_sym("]")?;
                Ok((first, Vec::new(), Some(bounds)))
            }
            TokKind::Sym(s) if s != "==" && ops::is_postfix(s) => {
                let t = self.bump();
                let name = Ident {
                    name: s.to_string(),
                    span: t.span,
                };
                Ok((
                    name,
                    vec![OpDecl {
                        name: first,
                        arity: 0,
                    }],
                    None,
                ))
            }
            TokKind::Sym(s) if s != "==" && ops::infix(s).is_some() => {
                let t = self.bump();
                let second = self.ident()?;
                let name = Ident {
                    name: ops::canonical(s).to_string(),
                    span: t.span,
                };
                let params = vec![
                    OpDecl {
                        name: first,
                        arity: 0,
                    },
                    OpDecl {
                        name: second,
                        arity: 0,
                    },
                ];
                Ok((name, params, None))
            }
            _ => Ok((first, Vec::new(), None)),
        }
    }

    /// A declared name: `x`, `F(_, _)`, `_ + _`, `-. _`, `_ ^+`.
    pub(crate) fn op_decl(&mut self) -> PResult<OpDecl> {
        if self.at_sym("_") {
            self.bump();
            let t = self.bump();
            let name = match &t.kind {
                TokKind::Sym(s) if ops::is_postfix(s) => {
                    return Ok(OpDecl {
                        name: Ident {
                            name: s.to_string(),
                            span: t.span,
                        },
                        arity: 1,
                    })
                }
                TokKind::Sym(s) if ops::infix(s).is_some() => ops::canonical(s).to_string(),
                _ => return Err(Diagnostic::new(t.span, "expected an operator after `_`")),
            };
            self.expect_sym("_")?;
            return Ok(OpDecl {
                name: Ident { name, span: t.span },
                arity: 2,
            });
        }
        if let TokKind::Sym(s) = self.kind().clone() {
            if ops::prefix(s).is_some() {
                let t = self.bump();
                self.expect_sym("_")?;
                let name = s;
                return Ok(OpDecl {
                    name: Ident {
                        name: name.to_string(),
                        span: t.span,
                    },
                    arity: 1,
                });
            }
        }
        let name = self.ident()?;
        let mut arity = 0;
        if self.at_sym("(") {
            self.bump();
            let underscores = self.bracketed(|p| {
                p.comma_list(|p| {
                    p.expect_sym("_")?;
                    Ok(())
                })
            })?;
            self.expect_sym(")")?;
            arity = underscores.len();
        }
        Ok(OpDecl { name, arity })
    }

    /// `INSTANCE M [WITH a <- e, + <- f]`
    pub(crate) fn instance(&mut self, local: bool) -> PResult<Instance> {
        let start = self.expect_kw("INSTANCE")?.span;
        let module = self.ident()?;
        let mut substitutions = Vec::new();
        if self.eat_kw("WITH") {
            substitutions = self.comma_list(|p| {
                // SANY's `Substitution`: a name, or a prefix (`-.`, `~`, ...), infix (`-` is
                // binary minus) or postfix operator symbol.
                let name = match p.kind().clone() {
                    TokKind::Sym(s) | TokKind::Kw(s)
                        if ops::prefix(s).is_some()
                            || ops::infix(s).is_some()
                            || ops::is_postfix(s) =>
                    {
                        let t = p.bump();
                        Ident {
                            name: ops::canonical(s).to_string(),
                            span: t.span,
                        }
                    }
                    _ => p.ident()?,
                };
                p.expect_sym("<-")?;
                let value = p.op_arg_or_expr()?;
                Ok((name, value))
            })?;
        }
        Ok(Instance {
            module,
            substitutions,
            local,
            span: self.span_from(start),
        })
    }

    /// The right side of `x <- e`: SANY's `OpOrExpr`, an expression, a LAMBDA, or an operator
    /// symbol such as `+` when a `,`, `)`, the next unit or the end of the module follows it.
    fn op_arg_or_expr(&mut self) -> PResult<Expr> {
        let ends = match self.ahead(1) {
            TokKind::Sym(",") | TokKind::Sym(")") => true,
            TokKind::Eof | TokKind::Equals | TokKind::Dashes => true,
            TokKind::Kw(
                "LOCAL" | "INSTANCE" | "THEOREM" | "LEMMA" | "PROPOSITION" | "COROLLARY" | "ASSUME"
                | "ASSUMPTION" | "AXIOM" | "CONSTANT" | "CONSTANTS" | "VARIABLE" | "VARIABLES"
                | "RECURSIVE",
            ) => true,
            _ => self.definition_starts(self.pos + 1),
        };
        self.op_arg_until(|_| ends)
    }

    /// Whether the tokens from `i` begin a definition: `F ==`, `F(...) ==`, `f[...] ==`,
    /// `a + b ==`, `a ^+ ==`, `-. a ==` (where SANY's `belchDEF` puts its definition break).
    fn definition_starts(&self, i: usize) -> bool {
        let kind = |i: usize| &self.toks[i.min(self.toks.len() - 1)].kind;
        let is_def = |i: usize| matches!(kind(i), TokKind::Sym("=="));
        match kind(i) {
            TokKind::Ident(_) => match kind(i + 1) {
                TokKind::Sym("==") => true,
                TokKind::Sym(open @ ("(" | "[")) => {
                    let close = if *open == "(" { ")" } else { "]" };
                    let mut depth = 0usize;
                    let mut j = i + 1;
                    loop {
                        match kind(j) {
                            TokKind::Sym(s) if s == open => depth += 1,
                            TokKind::Sym(s) if *s == close => {
                                depth -= 1;
                                if depth == 0 {
                                    return is_def(j + 1);
                                }
                            }
                            TokKind::Eof => return false,
                            _ => {}
                        }
                        j += 1;
                    }
                }
                TokKind::Sym(s) if ops::is_postfix(s) => is_def(i + 2),
                TokKind::Sym(s) if ops::infix(s).is_some() => {
                    matches!(kind(i + 2), TokKind::Ident(_)) && is_def(i + 3)
                }
                _ => false,
            },
            TokKind::Sym(s) if ops::prefix(s).is_some() => {
                matches!(kind(i + 1), TokKind::Ident(_)) && is_def(i + 2)
            }
            _ => false,
        }
    }
}
