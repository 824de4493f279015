//! Turns TLA+ source text into tokens.
//!
//! Operator symbols are reported in one canonical ASCII spelling (`\land`, `∧` and `/\` are all
//! `/\`), so that the parser and everything after it see one name per operator. Text before the
//! first `---- MODULE` line and after the matching `====` is never looked at.

mod tables;

use crate::diag::Diagnostic;
use crate::span::Span;

#[derive(Clone, Debug, PartialEq)]
pub enum TokKind {
    Ident(String),
    /// A reserved word such as `LET`, `CHOOSE`, `THEOREM`.
    Kw(&'static str),
    /// An operator or punctuation symbol, in canonical ASCII spelling.
    Sym(&'static str),
    Num(u128),
    Decimal(String),
    Str(String),
    /// A proof step label: `<1>`, `<1>a.`, `<*>`, `<+>`; the level, `None` for `*` and `+`.
    Step(Option<u32>),
    /// A run of four or more `-`.
    Dashes,
    /// A run of four or more `=`.
    Equals,
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokKind,
    pub span: Span,
    /// 1-based line of the first character.
    pub line: u32,
    /// 1-based column of the first character, counting characters, with a tab advancing to
    /// the next multiple of 8 as in SANY's character stream (junction bullets align by it).
    pub col: u32,
}

pub fn lex(text: &str) -> Result<Vec<Token>, Diagnostic> {
    Lexer::new(text).run()
}

/// Scans bytes; lines and columns are not kept up to date byte by byte but brought forward
/// to each token's start ([`Lexer::sync`]), so that white space and comments cost one pass.
struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// The byte up to which `line` and `col` have been counted.
    mark: usize,
    line: u32,
    /// Column of the character at `mark`.
    col: u32,
    tokens: Vec<Token>,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Self {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
            mark: 0,
            line: 1,
            col: 1,
            // About one token per six bytes in the corpus: one allocation for most files.
            tokens: Vec::with_capacity(src.len() / 6 + 16),
        }
    }

    fn run(mut self) -> Result<Vec<Token>, Diagnostic> {
        let Some(start) = find_module_start(self.src) else {
            return Err(Diagnostic::new(
                Span::new(0, 0),
                "no module found: expected a line `---- MODULE Name ----`",
            ));
        };
        self.pos = start;
        // Nesting of MODULE headers: lexing stops at the `====` that closes the outermost one.
        let mut depth = 0usize;
        loop {
            self.skip_trivia()?;
            if self.pos >= self.bytes.len() {
                break;
            }
            let tok = self.token()?;
            match tok.kind {
                TokKind::Kw("MODULE") => depth += 1,
                TokKind::Equals => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.tokens.push(tok);
                        break;
                    }
                }
                _ => {}
            }
            self.tokens.push(tok);
        }
        let end = self.pos;
        self.sync(end);
        self.tokens.push(Token {
            kind: TokKind::Eof,
            span: Span::new(end, end),
            line: self.line,
            col: self.col,
        });
        Ok(self.tokens)
    }

    /// Counts lines and columns from `mark` to `to`: a newline starts a new line at column 1,
    /// a tab moves to the next tab stop (SANY's JavaCC SimpleCharStream, tab size 8: columns
    /// 1..=8 are followed by 9), every other character, of any width in bytes, counts one.
    fn sync(&mut self, to: usize) {
        let region = &self.bytes[self.mark..to];
        let mut from = 0;
        if let Some(last) = region.iter().rposition(|&b| b == b'\n') {
            self.line += region.iter().filter(|&&b| b == b'\n').count() as u32;
            self.col = 1;
            from = last + 1;
        }
        for &b in &region[from..] {
            if b == b'\t' {
                self.col = (self.col - 1) / 8 * 8 + 9;
            } else if b & 0xC0 != 0x80 {
                // Not a UTF-8 continuation byte: a character starts here.
                self.col += 1;
            }
        }
        self.mark = to;
    }

    fn peek_char(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    #[inline]
    fn byte_at(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    /// Moves past the character at `pos`.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn error_here(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Span::new(self.pos, self.pos + 1), msg)
    }

    fn skip_trivia(&mut self) -> Result<(), Diagnostic> {
        let bytes = self.bytes;
        while let Some(&b) = bytes.get(self.pos) {
            // SANY's white space: no form feed, no other control characters.
            if b == b' ' || b == b'\t' || b == b'\n' || b == b'\r' {
                self.pos += 1;
            } else if b == b'\\' && self.byte_at(self.pos + 1) == b'*' {
                // To the end of the line.
                let rest = &bytes[self.pos..];
                self.pos += rest
                    .iter()
                    .position(|&c| c == b'\n' || c == b'\r')
                    .unwrap_or(rest.len());
            } else if b == b'(' && self.byte_at(self.pos + 1) == b'*' {
                self.block_comment()?;
            } else {
                return Ok(());
            }
        }
        Ok(())
    }

    fn block_comment(&mut self) -> Result<(), Diagnostic> {
        let start = self.pos;
        let bytes = self.bytes;
        let mut depth = 0usize;
        let mut i = start;
        while i < bytes.len() {
            match bytes[i] {
                b'(' if self.byte_at(i + 1) == b'*' => {
                    depth += 1;
                    i += 2;
                }
                b'*' if self.byte_at(i + 1) == b')' => {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        self.pos = i;
                        return Ok(());
                    }
                }
                _ => i += 1,
            }
        }
        Err(Diagnostic::new(
            Span::new(start, start + 2),
            "comment `(*` is never closed",
        ))
    }

    fn token(&mut self) -> Result<Token, Diagnostic> {
        let start = self.pos;
        self.sync(start);
        let (line, col) = (self.line, self.col);
        let kind = self.token_kind()?;
        Ok(Token {
            kind,
            span: Span::new(start, self.pos),
            line,
            col,
        })
    }

    fn skip_run(&mut self, byte: u8) {
        while self.byte_at(self.pos) == byte {
            self.pos += 1;
        }
    }

    fn token_kind(&mut self) -> Result<TokKind, Diagnostic> {
        let rest = &self.bytes[self.pos..];
        let b = rest[0];
        if b == b'-' && rest.starts_with(b"----") {
            self.skip_run(b'-');
            return Ok(TokKind::Dashes);
        }
        if b == b'=' && rest.starts_with(b"====") {
            self.skip_run(b'=');
            return Ok(TokKind::Equals);
        }
        if b == b'"' {
            return self.string();
        }
        if b.is_ascii_alphanumeric() || (b == b'_' && self.word_has_letter()) {
            return self.word();
        }
        if b == b'\\' && self.byte_at(self.pos + 1).is_ascii_alphabetic() {
            return self.backslash_word();
        }
        if b == b'<' {
            if let Some(kind) = self.step_label() {
                return Ok(kind);
            }
        }
        if b < 0x80 {
            for (text, canon) in tables::symbols_starting_with(b) {
                // Byte by byte: symbols are 1 to 4 bytes, shorter than a call to memcmp.
                let text_bytes = text.as_bytes();
                if rest.len() >= text_bytes.len()
                    && text_bytes.iter().zip(rest).all(|(a, b)| a == b)
                {
                    self.pos += text.len();
                    return Ok(TokKind::Sym(canon));
                }
            }
            if b == b'\\' {
                self.pos += 1;
                return Ok(TokKind::Sym("\\"));
            }
            return Err(self.error_here(format!("unexpected character `{}`", b as char)));
        }
        let c = self.peek_char().unwrap_or('\u{fffd}');
        if let Some((_, canon)) = tables::UNICODE.iter().find(|(u, _)| *u == c) {
            self.bump();
            // `⟩_` and `]_`-like subscripts written with Unicode brackets.
            if *canon == ">>" && self.byte_at(self.pos) == b'_' {
                self.pos += 1;
                return Ok(TokKind::Sym(">>_"));
            }
            return Ok(TokKind::Sym(canon));
        }
        if let Some((_, name)) = tables::UNICODE_NAMES.iter().find(|(u, _)| *u == c) {
            self.bump();
            return Ok(TokKind::Ident((*name).to_string()));
        }
        Err(self.error_here(format!("unexpected character `{c}`")))
    }

    fn string(&mut self) -> Result<TokKind, Diagnostic> {
        let start = self.pos;
        let bytes = self.bytes;
        let mut i = start + 1;
        // Most strings have no escape: their text is the slice between the quotes.
        while let Some(&b) = bytes.get(i) {
            match b {
                b'"' => {
                    self.pos = i + 1;
                    return Ok(TokKind::Str(self.src[start + 1..i].to_string()));
                }
                b'\\' => break,
                b'\n' | b'\r' => break,
                _ => i += 1,
            }
        }
        let mut out = self.src[start + 1..i].to_string();
        self.pos = i;
        loop {
            match self.bump() {
                None | Some('\n' | '\r') => {
                    return Err(Diagnostic::new(
                        Span::new(start, start + 1),
                        "string is never closed",
                    ))
                }
                Some('"') => return Ok(TokKind::Str(out)),
                Some('\\') => match self.bump() {
                    Some('"') => out.push('"'),
                    Some('\\') => out.push('\\'),
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('r') => out.push('\r'),
                    Some('f') => out.push('\u{c}'),
                    _ => {
                        return Err(Diagnostic::new(
                            Span::new(self.pos.saturating_sub(2), self.pos),
                            "unknown escape in string",
                        ))
                    }
                },
                Some(c) => out.push(c),
            }
        }
    }

    fn word(&mut self) -> Result<TokKind, Diagnostic> {
        let start = self.pos;
        let bytes = self.bytes;
        // `WF_` and `SF_` are tokens of their own: in `WF_vars(A)` the subscript follows.
        let rest = &bytes[start..];
        if (rest.starts_with(b"WF_") || rest.starts_with(b"SF_")) && start_of_word(bytes, start) {
            self.pos += 3;
            return Ok(TokKind::Kw(if rest[0] == b'W' { "WF_" } else { "SF_" }));
        }
        let run = rest.iter().take_while(|b| is_word_byte(**b)).count();
        let has_letter = rest[..run].iter().any(u8::is_ascii_alphabetic);
        if !has_letter {
            // As in SANY, a word is a name only if it has a letter: `1_000` is `1` then `_000`.
            self.skip_digits();
            // A decimal `1.5`, but not the `1..` of an interval.
            if self.byte_at(self.pos) == b'.' && self.byte_at(self.pos + 1).is_ascii_digit() {
                self.pos += 1;
                self.skip_digits();
                return Ok(TokKind::Decimal(self.src[start..self.pos].to_string()));
            }
            return parse_radix(&self.src[start..self.pos], 10)
                .map(TokKind::Num)
                .ok_or_else(|| Diagnostic::new(Span::new(start, self.pos), "number too large"));
        }
        self.pos += run;
        let word = &self.src[start..self.pos];
        if word.len() >= 2 && word.as_bytes()[0].is_ascii_uppercase() {
            if let Some(kw) = tables::keyword(word) {
                return Ok(TokKind::Kw(kw));
            }
            // SANY's plural spellings of two proof keywords.
            match word {
                "ACTIONS" => return Ok(TokKind::Kw("ACTION")),
                "TEMPORALS" => return Ok(TokKind::Kw("TEMPORAL")),
                _ => {}
            }
        }
        Ok(TokKind::Ident(word.to_string()))
    }

    fn skip_digits(&mut self) {
        while self.byte_at(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
    }

    /// Whether the run of letters, digits and `_` starting here contains a letter.
    fn word_has_letter(&self) -> bool {
        self.bytes[self.pos..]
            .iter()
            .take_while(|b| is_word_byte(**b))
            .any(|b| b.is_ascii_alphabetic())
    }

    fn backslash_word(&mut self) -> Result<TokKind, Diagnostic> {
        let start = self.pos;
        let mut end = start + 1;
        while self.byte_at(end).is_ascii_alphanumeric() {
            end += 1;
        }
        let word = &self.src[start + 1..end];
        let (letters, digits) = word.split_at(
            word.find(|c: char| c.is_ascii_digit())
                .unwrap_or(word.len()),
        );
        let radix = match letters {
            "b" | "B" => Some(2),
            "o" | "O" => Some(8),
            "h" | "H" => Some(16),
            _ => None,
        };
        if let Some(radix) = radix.filter(|_| !digits.is_empty()) {
            let value = parse_radix(digits, radix);
            self.pos = end;
            return value.map(TokKind::Num).ok_or_else(|| {
                Diagnostic::new(Span::new(start, end), "malformed or too large number")
            });
        }
        // `\hFF`: hex digits may begin with a letter.
        if let Some(hex) = word.strip_prefix(['h', 'H']) {
            if !hex.is_empty() && tables::BACKSLASH_WORDS.iter().all(|(w, _)| *w != word) {
                if let Some(v) = parse_radix(hex, 16) {
                    self.pos = end;
                    return Ok(TokKind::Num(v));
                }
            }
        }
        // Longest backslash word that matches a prefix of the letters.
        let letters_end = start
            + 1
            + word
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(word.len());
        let letters = &self.src[start + 1..letters_end];
        if let Some((_, canon)) = tables::BACKSLASH_WORDS.iter().find(|(w, _)| *w == letters) {
            self.pos = letters_end;
            return Ok(TokKind::Sym(canon));
        }
        Err(Diagnostic::new(
            Span::new(start, letters_end),
            format!("unknown operator `\\{letters}`"),
        ))
    }

    /// `<1>`, `<12>a.`, `<*>`, `<+>`; `None` (and nothing consumed) when not a step label.
    fn step_label(&mut self) -> Option<TokKind> {
        let b = self.bytes;
        let mut i = self.pos + 1;
        let level = if matches!(b.get(i), Some(b'*') | Some(b'+')) {
            i += 1;
            None
        } else {
            let digits_start = i;
            while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
                i += 1;
            }
            if i == digits_start {
                return None;
            }
            Some(self.src[digits_start..i].parse::<u32>().ok()?)
        };
        if b.get(i) != Some(&b'>') {
            return None;
        }
        i += 1;
        while b.get(i).is_some_and(|c| is_word_byte(*c)) {
            i += 1;
        }
        while b.get(i) == Some(&b'.') && b.get(i + 1) != Some(&b'.') {
            i += 1;
        }
        self.pos = i;
        Some(TokKind::Step(level))
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn start_of_word(bytes: &[u8], i: usize) -> bool {
    i == 0 || !is_word_byte(bytes[i - 1])
}

fn parse_radix(digits: &str, radix: u32) -> Option<u128> {
    u128::from_str_radix(digits, radix).ok()
}

/// Byte offset of the first `----` run that is followed by `MODULE`.
fn find_module_start(src: &str) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut i = 0;
    while let Some(off) = src[i..].find("----") {
        let at = i + off;
        let mut j = at;
        while j < bytes.len() && bytes[j] == b'-' {
            j += 1;
        }
        // SANY's `BEGIN_MODULE` token: dashes, then only spaces, then `MODULE`.
        let after = src[j..].trim_start_matches(' ');
        if after.starts_with("MODULE")
            && !after[6..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        {
            return Some(at);
        }
        i = j;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokKind> {
        lex(&format!("---- MODULE M ----\n{src}\n===="))
            .unwrap()
            .into_iter()
            .map(|t| t.kind)
            // `----`, `MODULE`, `M`, `----`
            .skip(4)
            .take_while(|k| *k != TokKind::Equals)
            .collect()
    }

    #[test]
    fn numbers_in_every_radix() {
        assert_eq!(
            kinds(r"12 \b101 \o17 \h1F \hff 1.5"),
            vec![
                TokKind::Num(12),
                TokKind::Num(5),
                TokKind::Num(15),
                TokKind::Num(31),
                TokKind::Num(255),
                TokKind::Decimal("1.5".into())
            ]
        );
    }

    #[test]
    fn interval_is_not_a_decimal() {
        assert_eq!(
            kinds("1..3"),
            vec![TokKind::Num(1), TokKind::Sym(".."), TokKind::Num(3)]
        );
    }

    #[test]
    fn unicode_and_ascii_agree() {
        assert_eq!(
            kinds("∀ x ∈ S : x ≤ 1 ∧ ¬y"),
            kinds(r"\A x \in S : x =< 1 /\ ~y")
        );
        assert_eq!(kinds("⟨1⟩_v ↦ ≜ ≠"), kinds(r"<<1>>_v |-> == /="));
    }

    #[test]
    fn fairness_subscripts_split() {
        assert_eq!(
            kinds("WF_vars(A)"),
            vec![
                TokKind::Kw("WF_"),
                TokKind::Ident("vars".into()),
                TokKind::Sym("("),
                TokKind::Ident("A".into()),
                TokKind::Sym(")")
            ]
        );
    }

    #[test]
    fn nested_comments_and_text_outside_module() {
        let toks =
            lex("junk \"unclosed\n---- MODULE M ----\n(* a (* b *) c *) x \\* y\n==== trailing (*")
                .unwrap();
        let k: Vec<_> = toks.into_iter().map(|t| t.kind).collect();
        assert!(k.contains(&TokKind::Ident("x".into())));
        assert!(!k.contains(&TokKind::Ident("y".into())));
        assert_eq!(k.last(), Some(&TokKind::Eof));
    }

    #[test]
    fn string_escapes() {
        assert_eq!(
            kinds(r#""a\"b\\c\n""#),
            vec![TokKind::Str("a\"b\\c\n".into())]
        );
    }

    #[test]
    fn step_labels() {
        assert_eq!(
            kinds("<1>2. <*> <+> << <1"),
            vec![
                TokKind::Step(Some(1)),
                TokKind::Step(None),
                TokKind::Step(None),
                TokKind::Sym("<<"),
                TokKind::Sym("<"),
                TokKind::Num(1)
            ]
        );
    }

    #[test]
    fn columns_count_characters() {
        let toks = lex("---- MODULE M ----\n∧ x\n====").unwrap();
        let x = toks
            .iter()
            .find(|t| t.kind == TokKind::Ident("x".into()))
            .unwrap();
        assert_eq!((x.line, x.col), (2, 3));
    }
}
