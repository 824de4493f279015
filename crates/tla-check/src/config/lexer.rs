//! Tokens of a `.cfg` file: TLA+'s tokens, as TLC's lexer (SANY's, in its in-module state) sees
//! them. Tokens are produced one at a time so that an error is reported at the first place it
//! occurs in the file, lexical or not.

use super::{ConfigError, ConfigErrorKind, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// Letters, digits and `_` with at least one letter: names, keywords, TRUE, FALSE.
    Word,
    /// Decimal digits.
    Number,
    /// `\b101`, `\o17`, `\hFF`: TLA+ numbers TLC cannot read in a `.cfg` file.
    RadixNumber,
    /// A string literal; `text` is what is between the quotes, as written.
    Str,
    /// An operator or punctuation symbol; `text` is its ASCII form (`<-` for `←`).
    Sym,
    Eof,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: TokKind,
    pub text: String,
    pub span: Span,
}

impl Token {
    pub fn is_sym(&self, s: &str) -> bool {
        self.kind == TokKind::Sym && self.text == s
    }

    /// How the token is named in a message.
    pub fn describe(&self) -> String {
        match self.kind {
            TokKind::Eof => "the end of the file".to_string(),
            TokKind::Str => format!("the string \"{}\"", self.text),
            TokKind::Word if super::is_keyword(&self.text) => {
                format!("the keyword {}", self.text)
            }
            _ => format!("`{}`", self.text),
        }
    }
}

/// Every ASCII operator and punctuation token of TLA+ (from SANY's `tla+.jj`), so that, for
/// example, `==` is one token and not two `=`. Matched longest first.
const SYMBOLS: &[&str] = &[
    "<-", "=", "[", "]", "{", "}", "(", ")", ",", "!", "<<", ">>", "==", "=>", "=<", "=|", "]_",
    "{|", "|}", ">>_", "->", "|->", "::", ":", ".", "'", "^+", "^*", "^#", "-.", "~", "[]", "<>",
    "//", "/\\", "/=", "/", "\\/", "~>", "##", "#", "^^", "^", "--", "-|", "-+->", "-", "**", "*",
    "++", "+", "<=>", "<:", "<=", "<", ">=", ">", "...", "..", "||", "|", "|-", "|=", "&&", "&",
    "$$", "$", "??", "%%", "%", "@@", "!!", ":>", ":=", "::=", "(+)", "(-)", "(.)", "(/)", "(\\X)",
    "-|-", "@", "_",
];

/// A place in the text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pos {
    pub offset: usize,
    pub line: u32,
    pub col: u32,
}

pub(crate) struct Lexer<'a> {
    path: &'a str,
    src: &'a str,
    pos: Pos,
}

impl<'a> Lexer<'a> {
    pub fn new(path: &'a str, src: &'a str) -> Self {
        Lexer {
            path,
            src,
            pos: Pos {
                offset: 0,
                line: 1,
                col: 1,
            },
        }
    }

    pub fn path(&self) -> &'a str {
        self.path
    }

    pub fn src(&self) -> &'a str {
        self.src
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos.offset..]
    }

    fn peek_char(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_char2(&self) -> Option<char> {
        let mut it = self.rest().chars();
        it.next();
        it.next()
    }

    /// Advances over one character, keeping line and column. `\r\n`, `\n` and a lone `\r`
    /// each end a line.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos.offset += c.len_utf8();
        match c {
            '\n' => {
                self.pos.line = self.pos.line.saturating_add(1);
                self.pos.col = 1;
            }
            '\r' if self.peek_char() != Some('\n') => {
                self.pos.line = self.pos.line.saturating_add(1);
                self.pos.col = 1;
            }
            _ => self.pos.col = self.pos.col.saturating_add(1),
        }
        Some(c)
    }

    fn bump_n(&mut self, chars: usize) {
        for _ in 0..chars {
            self.bump();
        }
    }

    fn span_from(&self, start: Pos) -> Span {
        Span {
            start: start.offset,
            end: self.pos.offset,
            line: start.line,
            col: start.col,
        }
    }

    pub fn error(&self, at: Pos, kind: ConfigErrorKind, message: impl Into<String>) -> ConfigError {
        let span = Span {
            start: at.offset,
            end: at.offset,
            line: at.line,
            col: at.col,
        };
        ConfigError::at(self.path, self.src, span, kind, message)
    }

    /// Skips whitespace and comments.
    fn skip_trivia(&mut self) -> Result<(), ConfigError> {
        loop {
            match self.peek_char() {
                Some(' ' | '\t' | '\n' | '\r') => {
                    self.bump();
                }
                Some('\\') if self.peek_char2() == Some('*') => {
                    while let Some(c) = self.peek_char() {
                        if c == '\n' || c == '\r' {
                            break;
                        }
                        self.bump();
                    }
                }
                Some('(') if self.peek_char2() == Some('*') => self.skip_block_comment()?,
                _ => return Ok(()),
            }
        }
    }

    /// Skips a `(* ... *)` comment, which may contain nested ones.
    fn skip_block_comment(&mut self) -> Result<(), ConfigError> {
        let open = self.pos;
        self.bump_n(2);
        let mut depth: u64 = 1;
        loop {
            let rest = self.rest();
            if rest.starts_with("(*") {
                depth += 1;
                self.bump_n(2);
            } else if rest.starts_with("*)") {
                depth -= 1;
                self.bump_n(2);
                if depth == 0 {
                    return Ok(());
                }
            } else if self.bump().is_none() {
                return Err(self.error(
                    open,
                    ConfigErrorKind::UnterminatedComment,
                    "this comment is never closed: `(*` has no matching `*)` \
                     (TLC would silently ignore the rest of the file)",
                ));
            }
        }
    }

    /// The next token; `Eof` at the end, forever.
    pub fn next_token(&mut self) -> Result<Token, ConfigError> {
        self.skip_trivia()?;
        let start = self.pos;
        let Some(c) = self.peek_char() else {
            return Ok(Token {
                kind: TokKind::Eof,
                text: String::new(),
                span: self.span_from(start),
            });
        };
        let (kind, text) = if c.is_ascii_alphanumeric() || c == '_' {
            self.lex_word()
        } else if c == '"' {
            self.lex_string()?
        } else if c == '\\' {
            self.lex_backslash()
        } else if c == '←' {
            self.bump();
            (TokKind::Sym, "<-".to_string())
        } else if let Some(sym) = self.match_symbol() {
            (TokKind::Sym, sym)
        } else {
            let shown = if c.is_control() || c.is_whitespace() {
                format!("{c:?}")
            } else {
                format!("`{c}`")
            };
            return Err(self.error(
                start,
                ConfigErrorKind::UnexpectedCharacter,
                format!(
                    "unexpected character {shown}: no TLA+ token starts with it \
                     (TLC would silently ignore the rest of the file)"
                ),
            ));
        };
        Ok(Token {
            kind,
            text,
            span: self.span_from(start),
        })
    }

    /// A run of letters, digits and `_`: a word if it has a letter, else a number (digits) or
    /// a lone `_`, as TLA+'s identifier and number rules split it.
    fn lex_word(&mut self) -> (TokKind, String) {
        let rest = self.rest();
        let run_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let run = &rest[..run_len];
        let (kind, len) = if run.bytes().any(|b| b.is_ascii_alphabetic()) {
            (TokKind::Word, run_len)
        } else if run.starts_with('_') {
            (TokKind::Sym, 1)
        } else {
            let digits = run.find('_').unwrap_or(run_len);
            (TokKind::Number, digits)
        };
        let text = run[..len].to_string();
        self.bump_n(len); // ASCII only: one byte per char
        (kind, text)
    }

    /// A TLA+ string literal. Inside: any character but `"`, `` ` ``, `\`, and line ends;
    /// the escapes `\n \t \r \f \\ \"`; and `` `...' `` (SANY's old quoting form, which may span
    /// lines). TLC keeps the contents as written.
    fn lex_string(&mut self) -> Result<(TokKind, String), ConfigError> {
        let open = self.pos;
        self.bump();
        let content_start = self.pos.offset;
        let unterminated = |lx: &Self| {
            lx.error(
                open,
                ConfigErrorKind::UnterminatedString,
                "this string is never closed: a string must end with `\"` on the same line \
                 (TLC would silently ignore the rest of the file)",
            )
        };
        loop {
            match self.peek_char() {
                None | Some('\n' | '\r') => return Err(unterminated(self)),
                Some('"') => {
                    let content = self.src[content_start..self.pos.offset].to_string();
                    self.bump();
                    return Ok((TokKind::Str, content));
                }
                Some('\\') => {
                    let at = self.pos;
                    self.bump();
                    match self.peek_char() {
                        Some('n' | 't' | 'r' | 'f' | '\\' | '"') => {
                            self.bump();
                        }
                        None | Some('\n' | '\r') => return Err(unterminated(self)),
                        Some(other) => {
                            return Err(self.error(
                                at,
                                ConfigErrorKind::InvalidEscape,
                                format!(
                                    "invalid escape `\\{other}` in a string: TLA+ strings \
                                     allow only \\n \\t \\r \\f \\\\ and \\\""
                                ),
                            ))
                        }
                    }
                }
                Some('`') => {
                    self.bump();
                    loop {
                        match self.bump() {
                            None => return Err(unterminated(self)),
                            Some('\'') => break,
                            Some(_) => {}
                        }
                    }
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    /// After `\` (not `\*`): a radix number `\b..`, `\o..`, `\h..`, an operator written as `\`
    /// and letters (`\in`, `\X`, ...), or `\` alone.
    fn lex_backslash(&mut self) -> (TokKind, String) {
        let start = self.pos.offset;
        self.bump();
        let radix_digit: Option<fn(char) -> bool> = match self.peek_char() {
            Some('b' | 'B') => Some(|c| c == '0' || c == '1'),
            Some('o' | 'O') => Some(|c| ('0'..='7').contains(&c)),
            Some('h' | 'H') => Some(|c| c.is_ascii_hexdigit()),
            _ => None,
        };
        if let Some(is_digit) = radix_digit {
            if self.peek_char2().is_some_and(is_digit) {
                self.bump();
                while self.peek_char().is_some_and(is_digit) {
                    self.bump();
                }
                return (
                    TokKind::RadixNumber,
                    self.src[start..self.pos.offset].to_string(),
                );
            }
        }
        while self.peek_char().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.bump();
        }
        (TokKind::Sym, self.src[start..self.pos.offset].to_string())
    }

    /// The longest operator or punctuation symbol at the current place, consumed.
    fn match_symbol(&mut self) -> Option<String> {
        let rest = self.rest();
        // `----...` and `====...` (module separators) are single tokens of any length.
        for dash in ['-', '='] {
            let run = rest.len() - rest.trim_start_matches(dash).len();
            if run >= 4 {
                self.bump_n(run);
                return Some(dash.to_string().repeat(run));
            }
        }
        let best = SYMBOLS
            .iter()
            .filter(|s| rest.starts_with(**s))
            .max_by_key(|s| s.len())?;
        self.bump_n(best.chars().count());
        Some(best.to_string())
    }
}
