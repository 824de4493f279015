//! The `.cfg` grammar, following `ModelConfig.parse` (see the module documentation).

use super::lexer::{Lexer, Pos, TokKind, Token};
use super::{
    is_keyword, CfgValue, Config, ConfigError, ConfigErrorKind, ConstantAssignment, Name, Override,
    Span,
};

/// How deeply sets may nest before the parser gives up (keeps the stack bounded on hostile
/// input; real models nest two or three levels).
const MAX_NESTING: usize = 200;

/// Parses the text of a `.cfg` file. `path` is used only in messages.
///
/// Never panics; every malformed input gives a [`ConfigError`] with its line and column.
pub fn parse_config(path: &str, text: &str) -> Result<Config, ConfigError> {
    let mut p = Parser {
        lex: Lexer::new(path, text),
        peeked: None,
        last_end: Pos {
            offset: 0,
            line: 1,
            col: 1,
        },
        cfg: Config {
            path: path.to_string(),
            ..Config::default()
        },
    };
    p.file()?;
    Ok(p.cfg)
}

/// The single-valued keywords and where each stores its name.
fn single_slot<'c>(cfg: &'c mut Config, keyword: &str) -> Option<&'c mut Option<Name>> {
    Some(match keyword {
        "INIT" => &mut cfg.init,
        "NEXT" => &mut cfg.next,
        "SPECIFICATION" => &mut cfg.specification,
        "SYMMETRY" => &mut cfg.symmetry,
        "VIEW" => &mut cfg.view,
        "ALIAS" => &mut cfg.alias,
        "POSTCONDITION" => &mut cfg.postcondition,
        _ => return None,
    })
}

/// The list keywords and the list each appends to.
fn list_slot<'c>(cfg: &'c mut Config, keyword: &str) -> Option<&'c mut Vec<Name>> {
    Some(match keyword {
        "INVARIANT" | "INVARIANTS" => &mut cfg.invariants,
        "PROPERTY" | "PROPERTIES" => &mut cfg.properties,
        "CONSTRAINT" | "CONSTRAINTS" => &mut cfg.constraints,
        "ACTION_CONSTRAINT" | "ACTION_CONSTRAINTS" => &mut cfg.action_constraints,
        "_POSSIBLE" => &mut cfg.possible,
        _ => return None,
    })
}

/// Tokens that structure the file and so cannot serve as an operator's name.
const STRUCTURAL: &[&str] = &[
    "<-", "=", "[", "]", "{", "}", "(", ")", ",", "!", "<<", ">>", "_",
];

struct Parser<'a> {
    lex: Lexer<'a>,
    peeked: Option<Token>,
    /// Where the last consumed token ended: errors about something missing point here.
    last_end: Pos,
    cfg: Config,
}

impl Parser<'_> {
    fn peek(&mut self) -> Result<&Token, ConfigError> {
        let tok = match self.peeked.take() {
            Some(t) => t,
            None => self.lex.next_token()?,
        };
        Ok(self.peeked.insert(tok))
    }

    fn next(&mut self) -> Result<Token, ConfigError> {
        let tok = match self.peeked.take() {
            Some(t) => t,
            None => self.lex.next_token()?,
        };
        if tok.kind != TokKind::Eof {
            // Column of the end: the span's text is on one line for every token but a string
            // using `...' quoting, where the exact column matters little.
            let text = &self.lex.src()[tok.span.start..tok.span.end];
            self.last_end = Pos {
                offset: tok.span.end,
                line: tok.span.line,
                col: tok
                    .span
                    .col
                    .saturating_add(u32::try_from(text.chars().count()).unwrap_or(u32::MAX)),
            };
        }
        Ok(tok)
    }

    fn error_at(&self, span: Span, kind: ConfigErrorKind, msg: impl Into<String>) -> ConfigError {
        ConfigError::at(self.lex.path(), self.lex.src(), span, kind, msg)
    }

    /// An error about something missing after the last token: at the token found instead, or
    /// just after the last token when the file ended.
    fn missing(&self, found: &Token, kind: ConfigErrorKind, msg: impl Into<String>) -> ConfigError {
        if found.kind == TokKind::Eof {
            self.lex.error(self.last_end, kind, msg)
        } else {
            self.error_at(found.span, kind, msg)
        }
    }

    fn at_section_end(&mut self) -> Result<bool, ConfigError> {
        let t = self.peek()?;
        Ok(t.kind == TokKind::Eof || (t.kind == TokKind::Word && is_keyword(&t.text)))
    }

    fn file(&mut self) -> Result<(), ConfigError> {
        loop {
            let tok = self.next()?;
            match tok.kind {
                TokKind::Eof => return Ok(()),
                TokKind::Word if is_keyword(&tok.text) => self.section(tok)?,
                _ => return Err(self.unknown_keyword(&tok)),
            }
        }
    }

    fn unknown_keyword(&self, tok: &Token) -> ConfigError {
        let mut msg = format!("expected a keyword, found {}", tok.describe());
        if tok.kind == TokKind::Word {
            let upper = tok.text.to_ascii_uppercase();
            if is_keyword(&upper) {
                msg += &format!(" (keywords are case-sensitive: did you mean {upper}?)");
            } else if upper == "SPEC" {
                msg += " (did you mean SPECIFICATION?)";
            } else if ["TYPE_CONSTRAINT", "_PERIODIC", "_RL_REWARD", "TYPE"]
                .contains(&upper.as_str())
            {
                msg += &format!(" ({} is not a keyword of current TLC)", tok.text);
            } else {
                msg += " (a name must follow a keyword such as INVARIANT or CONSTANT)";
            }
        }
        self.error_at(tok.span, ConfigErrorKind::UnknownKeyword, msg)
    }

    fn section(&mut self, keyword: Token) -> Result<(), ConfigError> {
        let kw = keyword.text.as_str();
        if single_slot(&mut self.cfg, kw).is_some() {
            let name = self.keyword_name(&keyword)?;
            let Some(slot) = single_slot(&mut self.cfg, kw) else {
                return Ok(());
            };
            if let Some(first) = slot {
                let line = first.span.line;
                return Err(self.duplicate(&keyword, line));
            }
            *slot = Some(name);
            Ok(())
        } else if list_slot(&mut self.cfg, kw).is_some() {
            while !self.at_section_end()? {
                let tok = self.next()?;
                if tok.kind != TokKind::Word {
                    let hint = if tok.is_sym(",") {
                        " (list entries are separated by spaces or new lines, not commas)"
                    } else {
                        ""
                    };
                    return Err(self.error_at(
                        tok.span,
                        ConfigErrorKind::ExpectedName,
                        format!(
                            "expected the name of a definition after {kw}, found {}{hint}",
                            tok.describe()
                        ),
                    ));
                }
                let name = Name {
                    name: tok.text,
                    span: tok.span,
                };
                if let Some(list) = list_slot(&mut self.cfg, kw) {
                    list.push(name);
                }
            }
            Ok(())
        } else if kw == "CHECK_DEADLOCK" {
            self.check_deadlock(&keyword)
        } else {
            // CONSTANT or CONSTANTS
            while !self.at_section_end()? {
                self.constant_entry()?;
            }
            Ok(())
        }
    }

    fn duplicate(&self, keyword: &Token, first_line: u32) -> ConfigError {
        self.error_at(
            keyword.span,
            ConfigErrorKind::DuplicateKeyword,
            format!(
                "the keyword {} appears twice (first on line {first_line}); it takes one name",
                keyword.text
            ),
        )
    }

    /// The one name after a single-valued keyword.
    fn keyword_name(&mut self, keyword: &Token) -> Result<Name, ConfigError> {
        let tok = self.next()?;
        match tok.kind {
            TokKind::Word if !is_keyword(&tok.text) => Ok(Name {
                name: tok.text,
                span: tok.span,
            }),
            TokKind::Eof | TokKind::Word => Err(self.missing(
                &tok,
                ConfigErrorKind::MissingValue,
                format!(
                    "the keyword {} must be followed by the name of a definition, found {}",
                    keyword.text,
                    tok.describe()
                ),
            )),
            _ => Err(self.error_at(
                tok.span,
                ConfigErrorKind::ExpectedName,
                format!(
                    "the keyword {} must be followed by the name of a definition, found {}",
                    keyword.text,
                    tok.describe()
                ),
            )),
        }
    }

    fn check_deadlock(&mut self, keyword: &Token) -> Result<(), ConfigError> {
        let tok = self.next()?;
        let value = match (tok.kind, tok.text.as_str()) {
            (TokKind::Word, "TRUE") => true,
            (TokKind::Word, "FALSE") => false,
            _ => {
                let kind = if tok.kind == TokKind::Eof || is_keyword(&tok.text) {
                    ConfigErrorKind::MissingValue
                } else {
                    ConfigErrorKind::BadValue
                };
                return Err(self.missing(
                    &tok,
                    kind,
                    format!(
                        "CHECK_DEADLOCK must be followed by TRUE or FALSE, found {}",
                        tok.describe()
                    ),
                ));
            }
        };
        if let Some(first) = self.cfg.check_deadlock_span {
            return Err(self.duplicate(keyword, first.line));
        }
        self.cfg.check_deadlock = Some(value);
        self.cfg.check_deadlock_span = Some(tok.span);
        Ok(())
    }

    /// A name on either side of `=`/`<-`: an identifier, or an operator symbol (TLC lets one
    /// override, say, `+`). `what` says what the name is for, in messages.
    fn operator_name(&mut self, what: &str) -> Result<Name, ConfigError> {
        let tok = self.next()?;
        let ok = match tok.kind {
            TokKind::Word => !is_keyword(&tok.text),
            TokKind::Sym => !STRUCTURAL.contains(&tok.text.as_str()),
            _ => false,
        };
        if ok {
            return Ok(Name {
                name: tok.text,
                span: tok.span,
            });
        }
        let kind = if tok.kind == TokKind::Eof || (tok.kind == TokKind::Word) {
            ConfigErrorKind::MissingValue
        } else {
            ConfigErrorKind::ExpectedName
        };
        Err(self.missing(
            &tok,
            kind,
            format!("expected {what}, found {}", tok.describe()),
        ))
    }

    /// One entry of a CONSTANT section.
    fn constant_entry(&mut self) -> Result<(), ConfigError> {
        if self.peek()?.is_sym(",") {
            let span = self.next()?.span;
            return Err(self.error_at(
                span,
                ConfigErrorKind::ExpectedName,
                "expected the name of a constant or definition, found `,` (entries are \
                 separated by spaces or new lines, not commas)",
            ));
        }
        let mut name = self.operator_name("the name of a constant or definition")?;
        // `Inst!Op` (TLC Bug44): the parts are joined with `!`.
        while self.peek()?.is_sym("!") {
            self.next()?;
            let part = self.operator_name("a name after `!`")?;
            name.name.push('!');
            name.name.push_str(&part.name);
            name.span.end = part.span.end;
        }

        let tok = self.next()?;
        if tok.is_sym("<-") {
            let module = self.module_prefix()?;
            let target = self.operator_name("the name of a definition after `<-`")?;
            self.cfg.overrides.push(Override {
                name,
                module,
                target,
            });
            return Ok(());
        }

        let mut args = Vec::new();
        let mut tok = tok;
        if tok.is_sym("(") {
            loop {
                args.push(self.value(0)?.0);
                let sep = self.next()?;
                if sep.is_sym(",") {
                    continue;
                }
                if sep.is_sym(")") {
                    break;
                }
                return Err(self.missing(
                    &sep,
                    ConfigErrorKind::ExpectedSymbol,
                    format!(
                        "expected `,` or `)` in the arguments of {}, found {}",
                        name.name,
                        sep.describe()
                    ),
                ));
            }
            tok = self.next()?;
        }
        if !tok.is_sym("=") {
            let (kind, mut msg) = (
                ConfigErrorKind::ExpectedSymbol,
                format!(
                    "expected `=` or `<-` after {}, found {}",
                    name.name,
                    tok.describe()
                ),
            );
            if tok.is_sym("==") {
                msg += " (write `=` to assign a value, `<-` to substitute a definition)";
            }
            return Err(self.missing(&tok, kind, msg));
        }
        let module = self.module_prefix()?;
        let (value, value_span) = self.value(0)?;
        self.cfg.constants.push(ConstantAssignment {
            name,
            args,
            module,
            value,
            value_span,
        });
        Ok(())
    }

    /// An optional `[Mod]` after `=` or `<-`.
    fn module_prefix(&mut self) -> Result<Option<Name>, ConfigError> {
        if !self.peek()?.is_sym("[") {
            return Ok(None);
        }
        self.next()?;
        let tok = self.next()?;
        if tok.kind != TokKind::Word || is_keyword(&tok.text) {
            let kind = if tok.kind == TokKind::Eof || tok.kind == TokKind::Word {
                ConfigErrorKind::MissingValue
            } else {
                ConfigErrorKind::ExpectedName
            };
            return Err(self.missing(
                &tok,
                kind,
                format!("expected a module name after `[`, found {}", tok.describe()),
            ));
        }
        let module = Name {
            name: tok.text,
            span: tok.span,
        };
        let close = self.next()?;
        if !close.is_sym("]") {
            return Err(self.missing(
                &close,
                ConfigErrorKind::ExpectedSymbol,
                format!(
                    "expected `]` after the module name {}, found {}",
                    module.name,
                    close.describe()
                ),
            ));
        }
        Ok(Some(module))
    }

    /// A value and where it was written.
    fn value(&mut self, depth: usize) -> Result<(CfgValue, Span), ConfigError> {
        let tok = self.next()?;
        let value = match tok.kind {
            TokKind::Number => match tok.text.parse::<i64>() {
                Ok(n) if n <= i64::from(i32::MAX) => CfgValue::Int(n),
                _ => {
                    return Err(self.error_at(
                        tok.span,
                        ConfigErrorKind::BadValue,
                        format!(
                            "the number {} is too large: TLC's integers in a configuration \
                             file must be at most {}",
                            tok.text,
                            i32::MAX
                        ),
                    ))
                }
            },
            TokKind::RadixNumber => {
                return Err(self.error_at(
                    tok.span,
                    ConfigErrorKind::BadValue,
                    format!(
                        "TLC cannot read the number {} in a configuration file; write it in \
                         decimal",
                        tok.text
                    ),
                ))
            }
            TokKind::Str => CfgValue::Str(tok.text),
            TokKind::Word if tok.text == "TRUE" => CfgValue::Bool(true),
            TokKind::Word if tok.text == "FALSE" => CfgValue::Bool(false),
            TokKind::Word if is_keyword(&tok.text) => {
                return Err(self.error_at(
                    tok.span,
                    ConfigErrorKind::MissingValue,
                    format!("expected a value, found {}", tok.describe()),
                ))
            }
            TokKind::Word => CfgValue::ModelValue(tok.text),
            TokKind::Sym if tok.text == "{" => {
                if depth >= MAX_NESTING {
                    return Err(self.error_at(
                        tok.span,
                        ConfigErrorKind::TooDeep,
                        format!("sets nested more than {MAX_NESTING} deep"),
                    ));
                }
                let mut elems = Vec::new();
                let end = if self.peek()?.is_sym("}") {
                    self.next()?.span.end
                } else {
                    loop {
                        elems.push(self.value(depth + 1)?.0);
                        let sep = self.next()?;
                        if sep.is_sym(",") {
                            continue;
                        }
                        if sep.is_sym("}") {
                            break sep.span.end;
                        }
                        return Err(self.missing(
                            &sep,
                            ConfigErrorKind::ExpectedSymbol,
                            format!("expected `,` or `}}` in a set, found {}", sep.describe()),
                        ));
                    }
                };
                let span = Span { end, ..tok.span };
                return Ok((CfgValue::Set(elems), span));
            }
            TokKind::Sym if tok.text == "-" && self.peek()?.kind == TokKind::Number => {
                return Err(self.error_at(
                    tok.span,
                    ConfigErrorKind::BadValue,
                    "TLC does not accept negative numbers in a configuration file (it reads `-` \
                     as a model value); define the number in a .tla module and substitute it \
                     with `<-`",
                ))
            }
            TokKind::Sym if tok.text == "<<" => {
                return Err(self.error_at(
                    tok.span,
                    ConfigErrorKind::BadValue,
                    "TLC does not accept tuples or sequences in a configuration file; define \
                     the value in a .tla module and substitute it with `<-`",
                ))
            }
            TokKind::Eof => {
                return Err(self.missing(
                    &tok,
                    ConfigErrorKind::MissingValue,
                    "expected a value, found the end of the file",
                ))
            }
            TokKind::Sym => {
                return Err(self.error_at(
                    tok.span,
                    ConfigErrorKind::BadValue,
                    format!(
                        "expected a value (a number, a string, TRUE, FALSE, a model value or \
                         a set {{...}}), found {}",
                        tok.describe()
                    ),
                ))
            }
        };
        Ok((value, tok.span))
    }
}
