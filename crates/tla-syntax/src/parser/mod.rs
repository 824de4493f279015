//! Recursive-descent parser for TLA+ modules.
//!
//! Junction lists follow SANY's rule (`JunctionListContext.java`, `tla+.jj`): after a `/\` or
//! `\/` bullet at column c, every token at column c or left of it ends the current item; a
//! bullet of the same kind exactly at column c starts the next item, anything else ends the list.
//! Brackets do not suspend the rule: SANY checks every token of an item, so a `)` or `]` at or
//! left of the bullet's column is an error (`/\ (a\n)` does not parse), and so is a token there
//! that SANY consumes without looking at its column, like a CASE arm's `[]`. `\land` and `\lor`
//! are never bullets. Columns count characters, a tab advancing to the next multiple of 8.

mod expr;
mod module;
pub mod ops;
mod proof;

use crate::ast::Module;
use crate::diag::Diagnostic;
use crate::lexer::{lex, TokKind, Token};
use crate::span::Span;

/// How deeply expressions may nest before the parser gives up (bounded time and memory).
const MAX_DEPTH: usize = 5_000;

pub type PResult<T> = Result<T, Diagnostic>;

/// Parses the first module in `text` (text before its header and after its end is ignored).
pub fn parse_module(text: &str) -> Result<Module, Diagnostic> {
    let tokens = lex(text)?;
    let mut p = Parser::new(tokens);
    let m = p.module()?;
    Ok(m)
}

pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// Columns of the enclosing junction bullets, innermost last.
    offside: Vec<u32>,
    eof: Token,
    depth: usize,
    /// How many proofs enclose the current step.
    proof_depth: usize,
}

impl Parser {
    fn new(toks: Vec<Token>) -> Self {
        let last = toks
            .last()
            .cloned()
            .expect("the lexer always ends with Eof");
        Parser {
            toks,
            pos: 0,
            offside: Vec::new(),
            eof: last,
            depth: 0,
            proof_depth: 0,
        }
    }

    /// The current token, or Eof when the junction rule hides it.
    #[inline]
    fn cur(&self) -> &Token {
        let t = &self.toks[self.pos];
        match self.offside.last() {
            Some(&c) if t.col <= c => &self.eof,
            _ => t,
        }
    }

    /// The current token regardless of the junction rule.
    #[inline]
    fn raw(&self) -> &Token {
        &self.toks[self.pos]
    }

    #[inline]
    fn kind(&self) -> &TokKind {
        &self.cur().kind
    }

    /// The token `n` ahead of the current one (junction rule not applied).
    fn ahead(&self, n: usize) -> &TokKind {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)].kind
    }

    fn span(&self) -> Span {
        self.cur().span
    }

    /// End of the previous token: where a construct that just ended stops.
    fn prev_end(&self) -> u32 {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }

    fn span_from(&self, start: Span) -> Span {
        Span {
            start: start.start,
            end: self.prev_end().max(start.start),
        }
    }

    /// Consumes the current token. The parser never moves back, so the token's kind is
    /// moved out rather than cloned (its position stays for `prev_end`).
    fn bump(&mut self) -> Token {
        if matches!(self.cur().kind, TokKind::Eof) {
            return self.eof.clone();
        }
        let t = &mut self.toks[self.pos];
        let kind = std::mem::replace(&mut t.kind, TokKind::Eof);
        let out = Token {
            kind,
            span: t.span,
            line: t.line,
            col: t.col,
        };
        self.pos += 1;
        out
    }

    #[inline]
    fn at_sym(&self, s: &str) -> bool {
        matches!(self.kind(), TokKind::Sym(x) if *x == s)
    }

    #[inline]
    fn at_kw(&self, k: &str) -> bool {
        matches!(self.kind(), TokKind::Kw(x) if *x == k)
    }

    #[inline]
    fn eat_sym(&mut self, s: &str) -> bool {
        if self.at_sym(s) {
            self.bump();
            true
        } else {
            false
        }
    }

    #[inline]
    fn eat_kw(&mut self, k: &str) -> bool {
        if self.at_kw(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_sym(&mut self, s: &str) -> PResult<Token> {
        if self.at_sym(s) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&format!("`{s}`")))
        }
    }

    fn expect_kw(&mut self, k: &str) -> PResult<Token> {
        if self.at_kw(k) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&format!("`{k}`")))
        }
    }

    fn unexpected(&self, wanted: &str) -> Diagnostic {
        let t = self.cur();
        let found = if t.kind == TokKind::Eof && self.raw().kind != TokKind::Eof {
            let r = self.raw();
            return Diagnostic::new(
                r.span,
                format!(
                    "expected {wanted}, found {} at column {}, which ends the enclosing /\\ or \\/ list item",
                    describe(&r.kind),
                    r.col
                ),
            );
        } else {
            describe(&t.kind)
        };
        Diagnostic::new(t.span, format!("expected {wanted}, found {found}"))
    }

    /// Runs `f` on the inside of a bracket. The junction rule stays in force there, as in SANY:
    /// this only marks the places that once suspended it.
    fn bracketed<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        f(self)
    }

    /// Whether the junction rule hides the current token (it stands at or left of the
    /// innermost bullet's column).
    fn hidden(&self) -> bool {
        matches!(self.cur().kind, TokKind::Eof) && !matches!(self.raw().kind, TokKind::Eof)
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                self.span(),
                format!("expression nested more than {MAX_DEPTH} levels deep"),
            ));
        }
        Ok(())
    }

    /// Runs `f` one level deeper (a nested module, ASSUME/PROVE or proof), with the same
    /// depth limit and stack growth as nested expressions.
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.depth;
        self.enter()?;
        let r = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || f(self));
        self.depth = saved;
        r
    }
}

pub(crate) fn describe(k: &TokKind) -> String {
    match k {
        TokKind::Ident(s) => format!("`{s}`"),
        TokKind::Kw(s) | TokKind::Sym(s) => format!("`{s}`"),
        TokKind::Num(n) => format!("number {n}"),
        TokKind::Decimal(s) => format!("number {s}"),
        TokKind::Str(_) => "a string".into(),
        TokKind::Step(_) => "a proof step label".into(),
        TokKind::Dashes => "`----`".into(),
        TokKind::Equals => "`====`".into(),
        TokKind::Eof => "end of file".into(),
    }
}
