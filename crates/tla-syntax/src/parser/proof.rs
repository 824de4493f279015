//! Theorem statements and the proof language. Proofs are parsed so that their end is found
//! exactly, then dropped: the model checker has no use for them.

use super::{PResult, Parser};

/// SANY's `MaxProofDepth`.
const MAX_PROOF_DEPTH: usize = 100;
use crate::ast::*;
use crate::lexer::TokKind;

impl Parser {
    /// An expression or `ASSUME ... PROVE ...`.
    pub(crate) fn statement(&mut self) -> PResult<Statement> {
        if self.eat_kw("ASSUME") {
            let assumptions = self.comma_list(|p| p.assumption())?;
            self.expect_kw("PROVE")?;
            let goal = self.expr()?;
            return Ok(Statement::AssumeProve {
                assumptions,
                goal: Box::new(goal),
            });
        }
        Ok(Statement::Expr(self.expr()?))
    }

    fn assumption(&mut self) -> PResult<Assumption> {
        if self.at_kw("ASSUME") {
            return Ok(Assumption::Nested(self.nested(|p| p.statement())?));
        }
        let has_new = self.eat_kw("NEW");
        let kind = match self.kind() {
            TokKind::Kw("CONSTANT") => Some(NewKind::Constant),
            TokKind::Kw("VARIABLE") => Some(NewKind::Variable),
            TokKind::Kw("STATE") => Some(NewKind::State),
            TokKind::Kw("ACTION") => Some(NewKind::Action),
            TokKind::Kw("TEMPORAL") => Some(NewKind::Temporal),
            _ => None,
        };
        if kind.is_some() {
            self.bump();
        }
        if has_new || kind.is_some() {
            let decl = self.op_decl()?;
            let set = if self.eat_sym("\\in") {
                Some(self.expr()?)
            } else {
                None
            };
            return Ok(Assumption::New {
                decl,
                set,
                kind: kind.unwrap_or(NewKind::Constant),
            });
        }
        // `Name == expr` may label an assumption.
        if matches!(self.kind(), TokKind::Ident(_)) && matches!(self.ahead(1), TokKind::Sym("==")) {
            self.bump();
            self.bump();
        }
        Ok(Assumption::Expr(self.expr()?))
    }

    /// A proof, if one follows. `parent` is the level of the step it belongs to (0 for a theorem).
    pub(crate) fn opt_proof(&mut self, parent: u32) -> PResult<()> {
        let explicit = self.eat_kw("PROOF");
        match self.kind() {
            TokKind::Kw("BY") => {
                self.bump();
                self.use_body()
            }
            TokKind::Kw("OBVIOUS" | "OMITTED") => {
                self.bump();
                Ok(())
            }
            TokKind::Step(level) => {
                let level = level.unwrap_or(parent + 1);
                if level <= parent {
                    return Ok(());
                }
                if self.proof_depth >= MAX_PROOF_DEPTH {
                    return Err(self.unexpected(&format!(
                        "the end of a proof: proofs nest at most {MAX_PROOF_DEPTH} deep"
                    )));
                }
                self.proof_depth += 1;
                let r = self.nested(|p| p.steps(level));
                self.proof_depth -= 1;
                r
            }
            _ if explicit => Err(self.unexpected("a proof after PROOF")),
            _ => Ok(()),
        }
    }

    /// Steps of one level, up to and including its QED step.
    fn steps(&mut self, level: u32) -> PResult<()> {
        while let TokKind::Step(l) = self.kind().clone() {
            if l.is_some_and(|l| l != level) {
                return Err(self.unexpected(&format!("a step of level {level}")));
            }
            self.bump();
            let qed = self.step_body()?;
            self.opt_proof(level)?;
            if qed {
                return Ok(());
            }
        }
        // As in SANY (`Proof ::= Step* QEDStep`), a proof ends only with its QED step.
        Err(self.unexpected(&format!("a step of level {level} or its QED step")))
    }

    /// The body of one step; true for a QED step.
    fn step_body(&mut self) -> PResult<bool> {
        let start = self.span();
        match self.kind().clone() {
            TokKind::Kw("QED") => {
                self.bump();
                return Ok(true);
            }
            TokKind::Kw("USE" | "HIDE") => {
                self.bump();
                self.use_body()?;
            }
            TokKind::Kw("DEFINE") => {
                self.bump();
                while matches!(self.kind(), TokKind::Ident(_))
                    || matches!(self.kind(), TokKind::Sym(_))
                {
                    self.definition_or_instance(false, start)?;
                }
            }
            TokKind::Kw("HAVE" | "CASE") => {
                self.bump();
                self.expr()?;
            }
            TokKind::Kw("WITNESS") => {
                self.bump();
                self.comma_list(|p| p.expr())?;
            }
            TokKind::Kw("TAKE") => {
                self.bump();
                self.bound_or_names()?;
            }
            TokKind::Kw("PICK") => {
                self.bump();
                self.bound_or_names()?;
                self.expect_sym(":")?;
                self.expr()?;
            }
            TokKind::Kw("SUFFICES") => {
                self.bump();
                self.statement()?;
            }
            TokKind::Kw("ASSUME") => {
                self.statement()?;
            }
            TokKind::Kw("INSTANCE") => {
                self.instance(false)?;
            }
            TokKind::Ident(_)
                if matches!(self.ahead(1), TokKind::Sym("==" | "(" | "["))
                    && self.is_definition_ahead() =>
            {
                self.definition_or_instance(false, start)?;
            }
            _ => {
                self.statement()?;
            }
        }
        Ok(false)
    }

    /// Whether a `==` follows the current name and its parameters (a definition, not `f(x) = y`).
    fn is_definition_ahead(&self) -> bool {
        let mut depth = 0i64;
        for t in &self.toks[self.pos + 1..] {
            match &t.kind {
                TokKind::Sym("(" | "[") => depth += 1,
                TokKind::Sym(")" | "]") => {
                    depth -= 1;
                    if depth == 0 {
                        continue;
                    }
                }
                TokKind::Sym("==") if depth == 0 => return true,
                TokKind::Eof => return false,
                _ if depth == 0 => return false,
                _ => {}
            }
        }
        false
    }

    /// `x \in S, y \in T` or `x, y`.
    fn bound_or_names(&mut self) -> PResult<()> {
        if self.at_sym("<<") || matches!(self.ahead(1), TokKind::Sym("\\in")) {
            self.bounds()?;
        } else {
            let mut ids = self.comma_list(|p| p.ident())?;
            if self.eat_sym("\\in") {
                ids.clear();
                self.expr()?;
                if self.eat_sym(",") {
                    self.bounds()?;
                }
            }
        }
        Ok(())
    }

    /// `[ONLY] facts [DEF names]` after BY, USE or HIDE.
    pub(crate) fn use_body(&mut self) -> PResult<()> {
        self.eat_kw("ONLY");
        if !self.at_kw("DEF") && !self.at_kw("DEFS") && self.fact_follows() {
            self.comma_list(|p| p.fact())?;
        }
        if self.eat_kw("DEF") || self.eat_kw("DEFS") {
            self.comma_list(|p| {
                match p.kind().clone() {
                    TokKind::Sym(_) => {
                        p.bump();
                    }
                    _ => {
                        p.ident()?;
                        while p.at_sym("!") {
                            p.bump();
                            p.bump();
                        }
                    }
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    fn fact_follows(&self) -> bool {
        // A step name on the line of the BY is a fact (`BY <1>2`); on a new line it starts a step.
        if matches!(self.kind(), TokKind::Step(_)) {
            return self.pos > 0 && self.toks[self.pos - 1].line == self.cur().line;
        }
        let starts_unit = matches!(
            self.kind(),
            TokKind::Eof
                | TokKind::Equals
                | TokKind::Dashes
                | TokKind::Kw(
                    "THEOREM"
                        | "LEMMA"
                        | "PROPOSITION"
                        | "COROLLARY"
                        | "AXIOM"
                        | "VARIABLE"
                        | "VARIABLES"
                        | "CONSTANT"
                        | "CONSTANTS"
                        | "ASSUME"
                        | "ASSUMPTION"
                        | "LOCAL"
                        | "INSTANCE"
                        | "RECURSIVE"
                        | "USE"
                        | "HIDE"
                )
        );
        let starts_definition =
            matches!(self.kind(), TokKind::Ident(_)) && self.is_definition_ahead();
        !starts_unit && !starts_definition
    }

    fn fact(&mut self) -> PResult<()> {
        match self.kind() {
            TokKind::Kw("MODULE") => {
                self.bump();
                self.ident()?;
            }
            _ => {
                self.expr()?;
            }
        }
        Ok(())
    }
}
