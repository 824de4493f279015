//! TLC's model configuration file (`.cfg`): its grammar, and a parser that reads it the way
//! TLC does.
//!
//! # What TLC does (the reference this module follows)
//!
//! These facts were established by reading TLC's sources in `tlaplus/tlaplus`:
//! `tlatools/org.lamport.tlatools/src/tlc2/tool/impl/ModelConfig.java` (the parser),
//! `javacc/tla+.jj` (the TLA+ lexer, which `ModelConfig` reuses for `.cfg` files),
//! `tlc2/tool/ConfigFileException.java`, `tlc2/output/EC.java` and `tlc2/output/MP.java`
//! (error codes, messages, exit status) and `tlc2/TLC.java` (how the error reaches the exit code).
//!
//! ## Tokens and comments
//!
//! TLC has no lexer of its own for `.cfg` files: it runs SANY's TLA+ token manager in the
//! lexical state used inside a module. So:
//!
//! * whitespace is space, tab, `\n` and `\r` (nothing else: a form feed is a lexical error);
//! * `\*` starts a comment to the end of the line, `(*` ... `*)` is a block comment, and block
//!   comments nest;
//! * names are TLA+ identifiers (letters, digits and `_`, with at least one letter); a run of
//!   digits is a number; `\b`, `\o`, `\h` numbers are lexed but TLC cannot convert them
//!   (`Integer.parseInt` throws), so they are unusable;
//! * strings are TLA+ string literals (escapes `\n \t \r \f \\ \"` only); TLC keeps the text
//!   between the quotes *as written* (it does not process the escapes);
//! * every TLA+ operator symbol is a token of its own (`<-`, `=`, `==`, `<<`, `-`, ...),
//!   matched longest first.
//!
//! Keywords are compared case-sensitively against the token text.
//!
//! ## Keywords
//!
//! Current TLC knows exactly these keywords (`ModelConfig.ALL_KEYWORDS`):
//!
//! | keyword | takes | twice? |
//! |---|---|---|
//! | `CONSTANT`, `CONSTANTS` (one section) | assignments and substitutions, see below | sections accumulate |
//! | `INIT` | one name | error |
//! | `NEXT` | one name | error |
//! | `SPECIFICATION` | one name | error |
//! | `INVARIANT`, `INVARIANTS` (one list) | zero or more names | lists accumulate |
//! | `PROPERTY`, `PROPERTIES` (one list) | zero or more names | lists accumulate |
//! | `CONSTRAINT`, `CONSTRAINTS` (one list) | zero or more names | lists accumulate |
//! | `ACTION_CONSTRAINT`, `ACTION_CONSTRAINTS` (one list) | zero or more names | lists accumulate |
//! | `SYMMETRY` | one name | error |
//! | `VIEW` | one name | error |
//! | `ALIAS` | one name | error |
//! | `POSTCONDITION` | one name | error |
//! | `CHECK_DEADLOCK` | `TRUE` or `FALSE` | error |
//! | `_POSSIBLE` | zero or more names (see `possible.rs`) | lists accumulate |
//!
//! There is no `TYPE` keyword. `TYPE_CONSTRAINT` (one name) existed in older TLC releases and
//! `_PERIODIC`, `_RL_REWARD` in some intermediate ones; current TLC rejects all three like any
//! other unknown word, and so does this parser.
//!
//! A list keyword takes every following token up to the next keyword or the end of the file.
//! A single-valued keyword takes exactly the next token. Keywords may come in any order and a
//! list keyword may appear many times (singular and plural forms feed the same list). Without
//! `CHECK_DEADLOCK` TLC checks for deadlock; its `-deadlock` flag turns the check off whatever the
//! file says. Whether `SPECIFICATION` and `INIT`/`NEXT` are both given, and whether the names exist,
//! is checked later against the spec (`TLC_CONFIG_NOT_BOTH_SPEC_AND_INIT` and friends), not here.
//!
//! ## The `CONSTANT` section
//!
//! Each entry is one of
//!
//! * `Name = value` — assign a value to a constant;
//! * `Name(v1, ..., vn) = value` — give an operator constant its value at those arguments;
//! * `Name = [Mod] value` — assign the constant `Name` of module `Mod` (an instantiated or
//!   extended module) rather than of the main module;
//! * `Name <- Other` — substitute the definition `Other` for the constant or operator `Name`;
//! * `Name <- [Mod] Other` — the same, for `Name` as declared or defined in module `Mod`.
//!
//! `Name` may be qualified with `!` (`Inst!Op <- Other`, TLC "Bug44"). Entries are separated by
//! nothing but whitespace; the section ends at the next keyword.
//!
//! A value is a decimal number, a string, `TRUE`, `FALSE`, a set `{v, ...}` of values (possibly
//! nested, possibly empty), or any other single token, which becomes a *model value* of that name.
//! TLC has no tuples or sequences here (`<<` is rejected: tlaplus/tlaplus#705) and no negative
//! numbers: `-` is its own token, so `N = -1` makes TLC read a model value named `-` and then fail
//! with "It was expecting = or <-" (tlaplus/tlaplus#508). Numbers must fit TLC's 32-bit `int`.
//!
//! ## Errors
//!
//! TLC throws a `ConfigFileException` carrying `MP`'s text, always naming only a line:
//!
//! ```text
//! TLC found an error in the configuration file at line L
//! The keyword K was not followed by an identifier.       (CFG_MISSING_ID 5003)
//! The keyword K appeared twice.                          (CFG_TWICE_KEYWORD 5004)
//! Expected an identifier after <-.                       (CFG_EXPECT_ID 5005)
//! It was expecting a keyword, but did not find it.       (CFG_EXPECTED_SYMBOL 5006; also
//!                                                         "= or <-", "]", "}", "a value",
//!                                                         "TRUE or FALSE")
//! (nothing further)                                      (CFG_GENERAL 5002: bad `(...)` list)
//! ```
//!
//! `TLC.process` catches it as a plain `RuntimeException` and reports it as `EC.GENERAL`
//! ("TLC threw an unexpected exception ... The exception was a tlc2.tool.ConfigFileException: ..."),
//! so TLC exits with status 255, not 151 (`ERROR_CONFIG_PARSE` is used only for the later,
//! semantic configuration errors such as an undefined `INIT`). A missing file is
//! `CFG_ERROR_READING_FILE` (5001).
//!
//! TLC turns every *lexical* error (an unterminated string or comment, a character TLA+ has no
//! token for) into a silent end of file: the rest of the file is ignored. This parser reports
//! those as errors instead, since silently dropping half a model is never what the user meant.
//! It is also stricter than TLC where TLC would accept a token only to fail later or to build a
//! nonsensical model: list entries, `<-` targets and constant names must be names, and a value
//! must be a value (TLC would take `INIT` or `)` as a model value).
//!
//! A configuration embedded in a `.tla` file (TLC's `MonolithSpecExtractor`) is cut out of the
//! file first, keeping its line numbers: see [`source`].

mod lexer;
mod parser;
pub mod source;
#[cfg(test)]
mod tests;

use std::fmt;

pub use parser::parse_config;

/// Every keyword TLC accepts in a `.cfg` file.
pub const KEYWORDS: &[&str] = &[
    "CONSTANT",
    "CONSTANTS",
    "INIT",
    "NEXT",
    "SPECIFICATION",
    "INVARIANT",
    "INVARIANTS",
    "PROPERTY",
    "PROPERTIES",
    "CONSTRAINT",
    "CONSTRAINTS",
    "ACTION_CONSTRAINT",
    "ACTION_CONSTRAINTS",
    "SYMMETRY",
    "VIEW",
    "ALIAS",
    "POSTCONDITION",
    "CHECK_DEADLOCK",
    "_POSSIBLE",
];

/// Whether `word` is one of TLC's `.cfg` keywords.
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// Where something was written: a half-open byte range and the 1-based line and column
/// (in characters) of its first character.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub line: u32,
    pub col: u32,
}

/// A name as written in the file (an operator, constant or module name), with its place.
/// A `!`-qualified name (`Inst!Op`) is kept joined, with a span covering all its parts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    pub name: String,
    pub span: Span,
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// A value a constant may be given in a `.cfg` file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CfgValue {
    /// A decimal number (TLC accepts only 0..=2^31-1 here).
    Int(i64),
    /// The text between the quotes, exactly as written (TLC does not process escapes).
    Str(String),
    Bool(bool),
    /// Any other name: an uninterpreted model value of that name.
    ModelValue(String),
    /// `{...}`: the elements as written, in order, duplicates kept.
    Set(Vec<CfgValue>),
}

impl fmt::Display for CfgValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CfgValue::Int(n) => write!(f, "{n}"),
            CfgValue::Str(s) => write!(f, "\"{s}\""),
            CfgValue::Bool(true) => f.write_str("TRUE"),
            CfgValue::Bool(false) => f.write_str("FALSE"),
            CfgValue::ModelValue(m) => f.write_str(m),
            CfgValue::Set(elems) => {
                f.write_str("{")?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// `Name = value`, `Name(args) = value` or `Name = [Module] value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantAssignment {
    pub name: Name,
    /// The arguments of `Name(a, b) = v`; empty for a plain `Name = v`.
    pub args: Vec<CfgValue>,
    /// `Some(Mod)` for `Name = [Mod] value`.
    pub module: Option<Name>,
    pub value: CfgValue,
    pub value_span: Span,
}

/// `Name <- Target` or `Name <- [Module] Target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    pub name: Name,
    /// `Some(Mod)` for `Name <- [Mod] Target`.
    pub module: Option<Name>,
    pub target: Name,
}

/// A parsed `.cfg` file. Lists keep file order; nothing is deduplicated (TLC's parser does not
/// reject a constant assigned twice; what a repeat means is for the checker to decide).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The file name the configuration was read from, as given to [`parse_config`].
    pub path: String,
    pub constants: Vec<ConstantAssignment>,
    pub overrides: Vec<Override>,
    pub init: Option<Name>,
    pub next: Option<Name>,
    pub specification: Option<Name>,
    pub invariants: Vec<Name>,
    pub properties: Vec<Name>,
    pub constraints: Vec<Name>,
    pub action_constraints: Vec<Name>,
    pub symmetry: Option<Name>,
    pub view: Option<Name>,
    pub alias: Option<Name>,
    pub postcondition: Option<Name>,
    /// `_POSSIBLE`: predicates some generated state or step must satisfy.
    pub possible: Vec<Name>,
    /// `CHECK_DEADLOCK TRUE/FALSE`; `None` when absent (TLC then checks for deadlock).
    pub check_deadlock: Option<bool>,
    /// Where the `TRUE`/`FALSE` of `CHECK_DEADLOCK` was written.
    pub check_deadlock_span: Option<Span>,
}

impl Config {
    /// Whether TLC would check for deadlock under this file (absent means yes).
    pub fn checks_deadlock(&self) -> bool {
        self.check_deadlock.unwrap_or(true)
    }
}

/// What kind of mistake a [`ConfigError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfigErrorKind {
    /// A word where a keyword must start a new section (TLC: "It was expecting a keyword").
    UnknownKeyword,
    /// A keyword, `=`, `<-` or `[Mod]` with nothing usable after it: the file ends or the next
    /// keyword starts (TLC: CFG_MISSING_ID, CFG_EXPECT_ID, "It was expecting a value").
    MissingValue,
    /// Something that is not a value where a value must be (a negative number, a tuple, an
    /// operator symbol, a number TLC cannot hold, `CHECK_DEADLOCK` without TRUE/FALSE).
    BadValue,
    /// Something that is not a name where a name must be (a list entry, a constant's name,
    /// the target of `<-`, a module name).
    ExpectedName,
    /// A missing `=`/`<-`, `]`, `}`, `,` or `)` (TLC: CFG_EXPECTED_SYMBOL, CFG_GENERAL).
    ExpectedSymbol,
    /// A single-valued keyword given twice (TLC: CFG_TWICE_KEYWORD).
    DuplicateKeyword,
    /// `(*` without its `*)` (TLC silently ignores the rest of the file).
    UnterminatedComment,
    /// A string without its closing quote on the same line (TLC: silently ignored rest of file).
    UnterminatedString,
    /// A `\` escape TLA+ strings do not have.
    InvalidEscape,
    /// A character no TLA+ token starts with.
    UnexpectedCharacter,
    /// Sets nested deeper than this parser follows.
    TooDeep,
    /// An error found after parsing (for example by the checker), pointing into the file.
    Other,
}

/// An error in a `.cfg` file, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub kind: ConfigErrorKind,
    pub message: String,
    pub path: String,
    /// 1-based.
    pub line: u32,
    /// 1-based, in characters.
    pub col: u32,
    /// The byte offset the error points at.
    pub offset: usize,
    source_line: String,
}

impl ConfigError {
    /// An error pointing at `span` in `text`, the contents of the file `path`. Later stages
    /// use this to report, say, an undefined `INIT` name at the place it was written.
    pub fn at(
        path: &str,
        text: &str,
        span: Span,
        kind: ConfigErrorKind,
        message: impl Into<String>,
    ) -> Self {
        ConfigError {
            kind,
            message: message.into(),
            path: path.to_string(),
            line: span.line,
            col: span.col,
            offset: span.start,
            source_line: line_containing(text, span.start).to_string(),
        }
    }

    /// `file:line:col: message`, then the source line and a caret under the column.
    pub fn render(&self) -> String {
        let mut out = format!("{self}\n");
        if self.source_line.is_empty() {
            return out;
        }
        // Show control characters as spaces so the caret lines up; keep tabs so it lines up in
        // a terminal too.
        let shown: String = self
            .source_line
            .chars()
            .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
            .collect();
        let pad: String = shown
            .chars()
            .take((self.col as usize).saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        out.push_str(&shown);
        out.push('\n');
        out.push_str(&pad);
        out.push_str("^\n");
        out
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for ConfigError {}

/// The line of `text` containing byte `offset`, without its line ending. A line ends at `\n`,
/// `\r\n` or a lone `\r`, as in TLC's character stream.
fn line_containing(text: &str, offset: usize) -> &str {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let end = text[offset..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| offset + i);
    &text[start..end]
}
