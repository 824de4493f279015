//! Reading the algorithm: a character reader over the de-tabbed lines and pcal.trans's
//! tokenizer, which reads either one algorithm token or a whole TLA+ expression (up to the
//! first token that cannot belong to it) without parsing it.

use crate::expr::{Expr, Tok, TokType};
use std::collections::HashSet;
use std::sync::OnceLock;

/// End of input, as pcal.trans's reader signals it.
pub const EOF: char = '\t';

pub struct Reader {
    lines: Vec<Vec<char>>,
    pub line: usize,
    pub col: usize,
    at_end: bool,
}

impl Reader {
    pub fn new(lines: &[String], line: usize, col: usize) -> Reader {
        let lines: Vec<Vec<char>> = lines.iter().map(|l| l.chars().collect()).collect();
        let at_end = line >= lines.len();
        Reader {
            lines,
            line,
            col,
            at_end,
        }
    }
    pub fn next_char(&mut self) -> char {
        if self.at_end {
            return EOF;
        }
        let cur = &self.lines[self.line];
        if self.col == cur.len() {
            self.line += 1;
            self.col = 0;
            if self.line >= self.lines.len() {
                self.at_end = true;
            }
            return '\n';
        }
        let c = cur[self.col];
        self.col += 1;
        c
    }
    pub fn backspace(&mut self) {
        if self.col == 0 {
            if self.line == 0 {
                return;
            }
            self.line -= 1;
            self.at_end = false;
            self.col = self.lines[self.line].len().saturating_sub(1);
        } else {
            self.col -= 1;
        }
    }
    /// Moves to the next non-space character and returns the rest of its line with a final
    /// newline, or the end-of-input mark.
    pub fn peek(&mut self) -> String {
        let mut c = self.next_char();
        while c == ' ' || c == '\n' {
            c = self.next_char();
        }
        if c == EOF {
            return EOF.to_string();
        }
        self.backspace();
        let mut s: String = self.lines[self.line][self.col..].iter().collect();
        s.push('\n');
        s
    }
}

pub struct TokError {
    pub msg: String,
}

fn builtins() -> &'static (HashSet<&'static str>, HashSet<String>) {
    static B: OnceLock<(HashSet<&'static str>, HashSet<String>)> = OnceLock::new();
    B.get_or_init(|| {
        let all: &[&str] = &[
            "_",
            "ASSUME",
            "ASSUMPTION",
            "AXIOM",
            "BOOLEAN",
            "CASE",
            "CONSTANT",
            "CONSTANTS",
            "EXCEPT",
            "EXTENDS",
            "FALSE",
            "IF",
            "INSTANCE",
            "LOCAL",
            "MODULE",
            "OTHER",
            "STRING",
            "THEOREM",
            "TRUE",
            "VARIABLE",
            "VARIABLES",
            "WITH",
            "WF_",
            "SF_",
            ">>_",
            "⟩_",
            "]_",
            "(",
            "[",
            "{",
            "<<",
            "⟨",
            ")",
            "}",
            "]",
            ">>",
            "⟩",
            "\\A",
            "∀",
            "\\forall",
            "\\E",
            "∃",
            "\\exists",
            "\\AA",
            "\\EE",
            "~",
            "¬",
            "\\lnot",
            "\\neg",
            "<>",
            "◇",
            "CHOOSE",
            "ENABLED",
            "UNCHANGED",
            "SUBSET",
            "UNION",
            "DOMAIN",
            "'",
            "^+",
            "⁺",
            "^*",
            "^#",
            "=>",
            "⇒",
            "\\cdot",
            "⋅",
            "<=>",
            "⇔",
            "\\equiv",
            "≡",
            "~>",
            "↝",
            "-+->",
            "⇸",
            "\\subseteq",
            "⊆",
            "\\subset",
            "⊂",
            "\\supset",
            "⊃",
            "\\supseteq",
            "⊇",
            "\\ll",
            "≪",
            "\\gg",
            "≫",
            "\\",
            "\\cap",
            "\\intersect",
            "∩",
            "\\cup",
            "\\union",
            "∪",
            "/\\",
            "∧",
            "\\/",
            "∨",
            "\\land",
            "\\lor",
            "\\X",
            "×",
            "-",
            "+",
            "*",
            "/",
            "^",
            "|",
            "||",
            "‖",
            "&",
            "&&",
            "++",
            "--",
            "**",
            "//",
            "^^",
            "|-",
            "⊢",
            "|=",
            "⊨",
            "-|",
            "⊣",
            "=|",
            "⫤",
            "<:",
            ":>",
            ":=",
            "≔",
            "::=",
            "⩴",
            "(+)",
            "⊕",
            "(-)",
            "⊖",
            "\\oplus",
            "\\ominus",
            "(.)",
            "⊙",
            "\\odot",
            "(/)",
            "⊘",
            "\\oslash",
            "(\\X)",
            "⊗",
            "\\otimes",
            "\\uplus",
            "⊎",
            "\\sqcap",
            "⊓",
            "\\sqcup",
            "⊔",
            "\\div",
            "÷",
            "\\star",
            "⋆",
            "\\o",
            "∘",
            "\\circ",
            "\\bigcirc",
            "◯",
            "\\bullet",
            "●",
            "\\in",
            "∈",
            "\\notin",
            "∉",
            "=",
            "#",
            "/=",
            "≠",
            "<",
            ">",
            "=<",
            "<=",
            "≤",
            ">=",
            "≥",
            "\\prec",
            "≺",
            "\\succ",
            "≻",
            "\\preceq",
            "⪯",
            "\\succeq",
            "⪰",
            "\\sim",
            "∼",
            "\\simeq",
            "≃",
            "\\approx",
            "≈",
            "\\doteq",
            "≐",
            "\\asymp",
            "≍",
            "\\sqsubset",
            "⊏",
            "\\sqsupset",
            "⊐",
            "\\sqsubseteq",
            "⊑",
            "\\sqsupseteq",
            "⊒",
            "\\propto",
            "∝",
            ":",
            "->",
            "→",
            "|->",
            "↦",
            "<-",
            "←",
            "==",
            "≜",
            "ELSE",
            "THEN",
            "LET",
            "IN",
            "[]",
            "□",
            "..",
            "‥",
            "...",
            "…",
            "$",
            "$$",
            "?",
            "??",
            "⁇",
            "%",
            "%%",
            "##",
            "@@",
            "!!",
            "‼",
            "\\times",
            "\\leq",
            "\\geq",
            "\\mod",
            "\\wr",
            "≀",
            "≅",
            "!",
            ";",
            ",",
            ".",
            "-.",
            "@",
        ];
        let set: HashSet<&'static str> = all.iter().copied().collect();
        let mut prefixes = HashSet::new();
        for s in all {
            let cs: Vec<char> = s.chars().collect();
            let letters = is_letter(cs[0]) || (cs.len() > 1 && cs[0] == '\\' && is_letter(cs[1]));
            if letters {
                continue;
            }
            for n in 1..=cs.len() {
                prefixes.insert(cs[..n].iter().collect::<String>());
            }
        }
        (set, prefixes)
    })
}

fn is_builtin(s: &str) -> bool {
    builtins().0.contains(s)
}
fn is_prefix(s: &str) -> bool {
    builtins().1.contains(s)
}
fn left_paren(s: &str) -> bool {
    matches!(s, "(" | "[" | "{" | "<<" | "⟨")
}
fn right_paren(s: &str) -> bool {
    matches!(s, ")" | "}" | "]" | ">>" | "⟩" | ">>_" | "⟩_" | "]_")
}
pub fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}
fn is_digit(c: char) -> bool {
    c.is_ascii_digit()
}
fn is_string_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || " ~!@#$%^&*()_-+={}[]|:;<,>.?/`'".contains(c)
}

fn is_delimiter(t: &str) -> bool {
    matches!(
        t,
        ";" | "do"
            | "then"
            | ":="
            | "≔"
            | "begin"
            | "variable"
            | "variables"
            | "||"
            | "‖"
            | "end"
            | "else"
            | "elsif"
            | "if"
            | "either"
            | "or"
            | "while"
            | "with"
            | "call"
            | "return"
            | "goto"
            | "print"
            | "assert"
            | "skip"
            | "procedure"
            | "define"
            | "process"
            | "fair"
    )
}

#[derive(Clone, Copy, PartialEq)]
enum St {
    Start,
    Id,
    NumOrId,
    Bs,
    Num,
    NumOrBi,
    BsBuiltIn,
    BuiltIn,
    Dash1,
    Dash2,
    Dash3,
    Dashes,
    Eq1,
    Eq2,
    Eq3,
    Eqs,
    LeftParen,
    Str,
    EscStr,
    LineComment,
    LineComParen,
    LineComStar,
    Comment,
    CommentStar,
    CommentParen,
    Done,
}

/// Tokenizer state for one call.
struct Tz<'a> {
    r: &'a mut Reader,
    expr_mode: bool,
    token: String,
    next: char,
    col: usize,
    ncol: usize,
    state: St,
    lines: Vec<Vec<Tok>>,
    linev: Vec<Tok>,
    paren_depth: i32,
    in_quantifier: bool,
    prev_token: String,
    cdepth: i32,
    expr_end: bool,
    delimiter: String,
    delim_line: usize,
    delim_col: usize,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Builtin,
    Number,
    Str,
    Ident,
    Other,
}

impl<'a> Tz<'a> {
    fn skip(&mut self) {
        self.ncol = self.r.col;
        self.next = self.r.next_char();
    }
    fn add(&mut self) {
        self.token.push(self.next);
        self.skip();
    }
    fn goto_start(&mut self) {
        self.state = St::Start;
        self.col = self.ncol;
    }
    fn err(&self, msg: &str) -> TokError {
        TokError {
            msg: format!(
                "{msg} `{}' found at\n    line {}, column {}",
                self.token,
                self.r.line + 1,
                self.col + 1
            ),
        }
    }
    fn new_line(&mut self) {
        let l = std::mem::take(&mut self.linev);
        self.lines.push(l);
        self.col = 0;
    }
    fn out(&mut self, kind: Kind) -> Result<(), TokError> {
        if !self.expr_mode {
            self.expr_end = true;
            self.delimiter = std::mem::take(&mut self.token);
            self.delim_col = self.col;
            self.delim_line = if self.next == '\n' {
                self.r.line.saturating_sub(1)
            } else {
                self.r.line
            };
            return Ok(());
        }
        if kind == Kind::Other {
            return Err(self.err("Illegal token in an expression"));
        }
        let t = self.token.as_str();
        let is_end = kind != Kind::Str
            && ((is_delimiter(t)
                && !(kind == Kind::Ident
                    && (self.prev_token == "."
                        || self.prev_token == "["
                        || self.prev_token == ",")))
                || (((t == "," && !self.in_quantifier) || t == ")" || t == "}")
                    && self.paren_depth == 0));
        if is_end {
            if self.paren_depth != 0 {
                return Err(self.err("Expression with an unmatched (, [, {, or << followed by"));
            }
            if self.in_quantifier {
                return Err(self.err("Expression with \\A or \\E but no following `:` followed by"));
            }
            self.expr_end = true;
            self.delimiter = self.token.clone();
            self.delim_col = self.col;
            self.delim_line = if self.next == '\n' {
                self.r.line.saturating_sub(1)
            } else {
                self.r.line
            };
            if !self.linev.is_empty() {
                self.new_line();
            }
            return Ok(());
        }
        if kind == Kind::Builtin {
            if left_paren(t) {
                self.paren_depth += 1;
            }
            if right_paren(t) {
                self.paren_depth -= 1;
                if self.paren_depth < 0 {
                    return Err(self.err("Extra (unmatching)"));
                }
            }
        }
        self.prev_token = if kind == Kind::Str {
            " ".into()
        } else {
            t.to_string()
        };
        if matches!(t, "\\A" | "∀" | "\\E" | "∃") && self.paren_depth == 0 {
            self.in_quantifier = true;
        }
        if self.in_quantifier && t == ":" && self.paren_depth == 0 {
            self.in_quantifier = false;
        }
        if !t.is_empty() || kind == Kind::Str {
            let ty = match kind {
                Kind::Builtin => TokType::Builtin,
                Kind::Number => TokType::Number,
                Kind::Str => TokType::Str,
                _ => TokType::Ident,
            };
            let tok = Tok::new(t, self.col as i32, ty);
            self.linev.push(tok);
        }
        self.token.clear();
        Ok(())
    }

    fn run(&mut self) -> Result<(), TokError> {
        self.ncol = self.r.col;
        self.col = self.ncol;
        self.next = self.r.next_char();
        self.state = St::Start;
        while self.state != St::Done && !self.expr_end {
            let c = self.next;
            match self.state {
                St::Start => {
                    if c == ' ' {
                        self.skip();
                        self.goto_start();
                    } else if is_letter(c) {
                        self.add();
                        self.state = St::Id;
                    } else if matches!(c, 'ℕ' | 'ℤ' | 'ℝ') {
                        self.add();
                        self.out(Kind::Ident)?;
                        self.goto_start();
                    } else if is_digit(c) {
                        self.add();
                        self.state = St::NumOrId;
                    } else if c == '\\' {
                        self.add();
                        self.state = St::Bs;
                    } else if c == '-' {
                        self.add();
                        self.state = St::Dash1;
                    } else if c == '=' {
                        self.add();
                        self.state = St::Eq1;
                    } else if c == '(' {
                        self.skip();
                        self.state = St::LeftParen;
                    } else if c == '"' {
                        self.skip();
                        self.state = St::Str;
                    } else if c == '\n' {
                        self.skip();
                        self.new_line();
                        self.goto_start();
                    } else if is_prefix(&c.to_string()) {
                        self.add();
                        self.state = St::BuiltIn;
                    } else if c == EOF {
                        self.state = St::Done;
                    } else {
                        self.add();
                        return Err(self.err("Illegal lexeme"));
                    }
                }
                St::Id => {
                    if self.token.len() == 3 && (self.token == "WF_" || self.token == "SF_") {
                        self.out(Kind::Builtin)?;
                        self.goto_start();
                    } else if is_letter(c) || is_digit(c) {
                        self.add();
                    } else if is_builtin(&self.token) {
                        self.out(Kind::Builtin)?;
                        self.goto_start();
                    } else {
                        self.out(Kind::Ident)?;
                        self.goto_start();
                    }
                }
                St::NumOrId => {
                    if is_digit(c) {
                        self.add();
                    } else if is_letter(c) {
                        self.add();
                        self.state = St::Id;
                    } else {
                        self.out(Kind::Number)?;
                        self.goto_start();
                    }
                }
                St::Bs => {
                    if matches!(c, 'b' | 'B' | 'o' | 'O' | 'h' | 'H') {
                        self.add();
                        self.state = St::NumOrBi;
                    } else if is_letter(c) {
                        self.state = St::BsBuiltIn;
                    } else if c == '*' {
                        self.skip();
                        self.token.clear();
                        self.state = St::LineComment;
                    } else {
                        self.state = St::BuiltIn;
                    }
                }
                St::NumOrBi => {
                    self.state = if is_digit(c) { St::Num } else { St::BsBuiltIn };
                }
                St::Num => {
                    if is_digit(c) {
                        self.add();
                    } else if is_letter(c) {
                        self.add();
                        if self.token.starts_with('\\') {
                            return Err(self.err("Illegal lexeme"));
                        }
                        self.state = St::Id;
                    } else {
                        self.out(Kind::Number)?;
                        self.goto_start();
                    }
                }
                St::BsBuiltIn => {
                    if is_letter(c) && c != '_' {
                        self.add();
                    } else if is_builtin(&self.token) {
                        self.out(Kind::Builtin)?;
                        self.goto_start();
                    } else {
                        return Err(self.err("Illegal lexeme "));
                    }
                }
                St::BuiltIn => {
                    let mut t2 = self.token.clone();
                    t2.push(c);
                    if is_prefix(&t2) {
                        self.add();
                    } else {
                        if !is_builtin(&self.token) {
                            self.r.backspace();
                            while !is_builtin(&self.token) {
                                self.r.backspace();
                                if self.token.is_empty() {
                                    return Err(self.err("Illegal lexeme"));
                                }
                                self.token.pop();
                            }
                            self.skip();
                        }
                        self.out(Kind::Builtin)?;
                        self.goto_start();
                    }
                }
                St::Dash1 | St::Dash2 => {
                    if c == '-' {
                        self.add();
                        self.state = if self.state == St::Dash1 {
                            St::Dash2
                        } else {
                            St::Dash3
                        };
                    } else {
                        self.state = St::BuiltIn;
                    }
                }
                St::Dash3 => {
                    if c == '-' {
                        self.add();
                        self.state = St::Dashes;
                    } else {
                        return Err(self.err("Illegal lexeme"));
                    }
                }
                St::Dashes => {
                    if c == '-' {
                        self.add();
                    } else {
                        self.out(Kind::Other)?;
                        self.goto_start();
                    }
                }
                St::Eq1 | St::Eq2 => {
                    if c == '=' {
                        self.add();
                        self.state = if self.state == St::Eq1 {
                            St::Eq2
                        } else {
                            St::Eq3
                        };
                    } else {
                        self.state = St::BuiltIn;
                    }
                }
                St::Eq3 => {
                    if c == '=' {
                        self.add();
                        self.state = St::Eqs;
                    } else {
                        return Err(self.err("Illegal lexeme"));
                    }
                }
                St::Eqs => {
                    if c == '=' {
                        self.add();
                    } else {
                        self.out(Kind::Other)?;
                        self.goto_start();
                    }
                }
                St::LeftParen => {
                    if c == '*' {
                        self.skip();
                        self.cdepth = 1;
                        self.state = St::Comment;
                    } else {
                        self.token = "(".into();
                        self.state = St::BuiltIn;
                    }
                }
                St::Str => {
                    if c == '\\' {
                        self.add();
                        self.state = St::EscStr;
                    } else if c == '"' {
                        self.skip();
                        self.out(Kind::Str)?;
                        self.goto_start();
                    } else if is_string_char(c) {
                        self.add();
                    } else {
                        self.add();
                        return Err(self.err("Illegal character in string"));
                    }
                }
                St::EscStr => {
                    if matches!(c, '"' | '\\' | 't' | 'n' | 'f' | 'r') {
                        self.add();
                        self.state = St::Str;
                    } else {
                        self.add();
                        return Err(self.err("Illegal character following \\ in string"));
                    }
                }
                St::LineComment => {
                    if c == '(' {
                        self.skip();
                        self.state = St::LineComParen;
                    } else if c == '*' && self.cdepth > 0 {
                        self.skip();
                        self.state = St::LineComStar;
                    } else if c == '\n' || c == EOF {
                        self.token.clear();
                        self.cdepth = 0;
                        self.goto_start();
                    } else {
                        self.skip();
                    }
                }
                St::LineComParen => {
                    if c == '*' {
                        self.skip();
                        self.cdepth += 1;
                    }
                    self.state = St::LineComment;
                }
                St::LineComStar => {
                    if c == ')' {
                        self.skip();
                        self.cdepth -= 1;
                    }
                    self.state = St::LineComment;
                }
                St::Comment => {
                    if c == '*' {
                        self.skip();
                        self.state = St::CommentStar;
                    } else if c == '(' {
                        self.skip();
                        self.state = St::CommentParen;
                    } else if c == '\n' {
                        self.skip();
                        self.new_line();
                    } else if c == EOF {
                        return Err(self.err("Input ended in the middle of a comment"));
                    } else {
                        self.skip();
                    }
                }
                St::CommentStar => {
                    if c == ')' {
                        self.skip();
                        self.cdepth -= 1;
                        if self.cdepth == 0 {
                            self.token.clear();
                            self.goto_start();
                        } else {
                            self.state = St::Comment;
                        }
                    } else {
                        self.state = St::Comment;
                    }
                }
                St::CommentParen => {
                    if c == '*' {
                        self.skip();
                        self.cdepth += 1;
                    }
                    self.state = St::Comment;
                }
                St::Done => {}
            }
        }
        if self.next != '\n' {
            self.r.backspace();
        }
        Ok(())
    }
}

pub struct ExprResult {
    pub expr: Expr,
    pub delimiter: String,
    pub delim_line: usize,
    pub delim_col: usize,
}

fn tz(r: &mut Reader, expr_mode: bool) -> Tz<'_> {
    Tz {
        r,
        expr_mode,
        token: String::new(),
        next: ' ',
        col: 0,
        ncol: 0,
        state: St::Start,
        lines: Vec::new(),
        linev: Vec::new(),
        paren_depth: 0,
        in_quantifier: false,
        prev_token: " ".into(),
        cdepth: 0,
        expr_end: false,
        delimiter: String::new(),
        delim_line: 0,
        delim_col: 0,
    }
}

/// Reads a TLA+ expression and the token after it.
pub fn tokenize_expr(r: &mut Reader) -> Result<ExprResult, TokError> {
    let mut t = tz(r, true);
    t.run()?;
    // Tokens of an unfinished last line (the input ended inside the expression).
    if !t.linev.is_empty() {
        t.new_line();
    }
    let (delimiter, delim_line, delim_col) = (t.delimiter.clone(), t.delim_line, t.delim_col);
    let expr = Expr::from_lines(t.lines);
    Ok(ExprResult {
        expr,
        delimiter,
        delim_line,
        delim_col,
    })
}

/// Reads one algorithm token (empty at the end of input).
pub fn alg_token(r: &mut Reader) -> Result<String, TokError> {
    let mut t = tz(r, false);
    t.run()?;
    Ok(t.delimiter)
}
