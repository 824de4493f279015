use super::*;
use std::path::{Path, PathBuf};

fn parse(text: &str) -> Config {
    match parse_config("t.cfg", text) {
        Ok(c) => c,
        Err(e) => panic!("unexpected error:\n{}", e.render()),
    }
}

fn err(text: &str) -> ConfigError {
    match parse_config("t.cfg", text) {
        Ok(c) => panic!("expected an error, parsed {c:#?}"),
        Err(e) => e,
    }
}

/// Asserts the error's kind and 1-based line and column.
fn assert_err(text: &str, kind: ConfigErrorKind, line: u32, col: u32) -> ConfigError {
    let e = err(text);
    assert_eq!(
        (e.kind, e.line, e.col),
        (kind, line, col),
        "wrong error for {text:?}:\n{}",
        e.render()
    );
    e
}

fn names(list: &[Name]) -> Vec<&str> {
    list.iter().map(|n| n.name.as_str()).collect()
}

fn mv(s: &str) -> CfgValue {
    CfgValue::ModelValue(s.to_string())
}

fn name_of(n: &Option<Name>) -> Option<&str> {
    n.as_ref().map(|n| n.name.as_str())
}

// ---------------------------------------------------------------- keywords

#[test]
fn every_keyword() {
    let c = parse(
        "CONSTANT N = 3\n\
         INIT Init\n\
         NEXT Next\n\
         SPECIFICATION Spec\n\
         INVARIANT Inv\n\
         PROPERTY Prop\n\
         CONSTRAINT Bound\n\
         ACTION_CONSTRAINT ABound\n\
         SYMMETRY Sym\n\
         VIEW View\n\
         ALIAS Alias\n\
         POSTCONDITION Post\n\
         CHECK_DEADLOCK FALSE\n",
    );
    assert_eq!(c.constants.len(), 1);
    assert_eq!(c.constants[0].name.name, "N");
    assert_eq!(c.constants[0].value, CfgValue::Int(3));
    assert_eq!(name_of(&c.init), Some("Init"));
    assert_eq!(name_of(&c.next), Some("Next"));
    assert_eq!(name_of(&c.specification), Some("Spec"));
    assert_eq!(names(&c.invariants), ["Inv"]);
    assert_eq!(names(&c.properties), ["Prop"]);
    assert_eq!(names(&c.constraints), ["Bound"]);
    assert_eq!(names(&c.action_constraints), ["ABound"]);
    assert_eq!(name_of(&c.symmetry), Some("Sym"));
    assert_eq!(name_of(&c.view), Some("View"));
    assert_eq!(name_of(&c.alias), Some("Alias"));
    assert_eq!(name_of(&c.postcondition), Some("Post"));
    assert_eq!(c.check_deadlock, Some(false));
    assert!(!c.checks_deadlock());
    assert_eq!(c.path, "t.cfg");
}

#[test]
fn keyword_list_is_tlcs() {
    assert_eq!(KEYWORDS.len(), 19);
    for k in KEYWORDS {
        assert!(is_keyword(k));
    }
    for not in [
        "TYPE",
        "TYPE_CONSTRAINT",
        "_PERIODIC",
        "_RL_REWARD",
        "Init",
        "SPEC",
    ] {
        assert!(!is_keyword(not), "{not}");
    }
}

#[test]
fn empty_and_comment_only_files() {
    for text in [
        "",
        "\n\n",
        "   \t\r\n",
        "\\* nothing",
        "(* nothing *)\n\\* more\n",
    ] {
        let c = parse(text);
        assert_eq!(
            c,
            Config {
                path: "t.cfg".into(),
                ..Config::default()
            }
        );
        assert!(c.checks_deadlock());
    }
}

#[test]
fn check_deadlock_true() {
    let c = parse("CHECK_DEADLOCK TRUE");
    assert_eq!(c.check_deadlock, Some(true));
    let span = c.check_deadlock_span.unwrap();
    assert_eq!((span.line, span.col, span.start, span.end), (1, 16, 15, 19));
}

#[test]
fn singular_and_plural_share_one_list() {
    let c = parse(
        "INVARIANT A\nINVARIANTS B C\nINVARIANT D\n\
         PROPERTY P1\nPROPERTIES P2 P3\n\
         CONSTRAINT K1\nCONSTRAINTS K2\n\
         ACTION_CONSTRAINT AK1\nACTION_CONSTRAINTS AK2 AK3\n\
         CONSTANT X = 1\nCONSTANTS Y = 2 Z = 3\nCONSTANT W = 4\n",
    );
    assert_eq!(names(&c.invariants), ["A", "B", "C", "D"]);
    assert_eq!(names(&c.properties), ["P1", "P2", "P3"]);
    assert_eq!(names(&c.constraints), ["K1", "K2"]);
    assert_eq!(names(&c.action_constraints), ["AK1", "AK2", "AK3"]);
    let consts: Vec<_> = c.constants.iter().map(|a| a.name.name.as_str()).collect();
    assert_eq!(consts, ["X", "Y", "Z", "W"]);
}

#[test]
fn list_keywords_may_be_empty() {
    let c = parse("INVARIANT\nPROPERTIES\nCONSTANTS\nINIT Init NEXT Next INVARIANTS");
    assert!(c.invariants.is_empty() && c.properties.is_empty() && c.constants.is_empty());
    assert_eq!(name_of(&c.init), Some("Init"));
    assert_eq!(name_of(&c.next), Some("Next"));
}

#[test]
fn entries_across_lines_and_on_one_line() {
    let c = parse(
        "INVARIANTS\n  TypeOK\n  Safety   Agreement\n\n  Liveness\nCONSTANTS a = a b = b\n  c = c\n",
    );
    assert_eq!(
        names(&c.invariants),
        ["TypeOK", "Safety", "Agreement", "Liveness"]
    );
    let vals: Vec<_> = c.constants.iter().map(|a| a.value.clone()).collect();
    assert_eq!(vals, [mv("a"), mv("b"), mv("c")]);
}

#[test]
fn keywords_in_any_order_and_spans_point_at_names() {
    let text = "PROPERTY Live\n  INIT   Init\nNEXT\n  Next";
    let c = parse(text);
    let init = c.init.as_ref().unwrap();
    assert_eq!((init.span.line, init.span.col), (2, 10));
    assert_eq!(&text[init.span.start..init.span.end], "Init");
    let next = c.next.as_ref().unwrap();
    assert_eq!((next.span.line, next.span.col), (4, 3));
    assert_eq!(&text[next.span.start..next.span.end], "Next");
    assert_eq!(names(&c.properties), ["Live"]);
}

// ---------------------------------------------------------------- comments

#[test]
fn comments() {
    let c = parse(
        "\\* line comment INIT Wrong\n\
         (* block INIT Wrong *) INIT Init \\* trailing\n\
         (* nested (* INVARIANT Wrong *) still comment *)\n\
         INVARIANT (* between *) Inv1 \\* x\n  Inv2\n\
         (*) is not a closed comment *)\n\
         (* a \\* line comment does not hide the close: *) NEXT Next\n\
         (******************)\n\
         \\* last line without newline",
    );
    assert_eq!(name_of(&c.init), Some("Init"));
    assert_eq!(name_of(&c.next), Some("Next"));
    assert_eq!(names(&c.invariants), ["Inv1", "Inv2"]);
}

#[test]
fn comment_markers_inside_strings_are_text() {
    // TLA+'s lexer sees the string first, so comment markers inside it are characters.
    let c = parse("CONSTANT S = \"a (* b \\\\* c\"");
    assert_eq!(c.constants[0].value, CfgValue::Str("a (* b \\\\* c".into()));
}

// ---------------------------------------------------------------- values

#[test]
fn model_values_and_sets_of_them() {
    let c = parse(
        "CONSTANTS\n  Proc = {p1, p2, p3}\n  NoVal = NoVal\n  Empty = {}\n  \
         Quorums = {{a1, a2}, {a2, a3}, {}}\n  One={x}\n",
    );
    let v: Vec<_> = c.constants.iter().map(|a| a.value.clone()).collect();
    assert_eq!(
        v,
        [
            CfgValue::Set(vec![mv("p1"), mv("p2"), mv("p3")]),
            mv("NoVal"),
            CfgValue::Set(vec![]),
            CfgValue::Set(vec![
                CfgValue::Set(vec![mv("a1"), mv("a2")]),
                CfgValue::Set(vec![mv("a2"), mv("a3")]),
                CfgValue::Set(vec![]),
            ]),
            CfgValue::Set(vec![mv("x")]),
        ]
    );
    assert_eq!(v[3].to_string(), "{{a1, a2}, {a2, a3}, {}}");
}

#[test]
fn numbers_strings_booleans() {
    let c = parse(
        "CONSTANTS N = 3 Z = 0 Lead = 007 Max = 2147483647\n\
         S = \"hello world\" E = \"\" Esc = \"a\\\"b\\n\"\n\
         T = TRUE F = FALSE Mixed = {1, \"two\", TRUE, m}\n",
    );
    let v: Vec<_> = c.constants.iter().map(|a| a.value.clone()).collect();
    assert_eq!(
        v,
        [
            CfgValue::Int(3),
            CfgValue::Int(0),
            CfgValue::Int(7),
            CfgValue::Int(2147483647),
            CfgValue::Str("hello world".into()),
            CfgValue::Str(String::new()),
            // Kept as written: TLC does not process escapes in .cfg strings.
            CfgValue::Str("a\\\"b\\n".into()),
            CfgValue::Bool(true),
            CfgValue::Bool(false),
            CfgValue::Set(vec![
                CfgValue::Int(1),
                CfgValue::Str("two".into()),
                CfgValue::Bool(true),
                mv("m"),
            ]),
        ]
    );
}

#[test]
fn identifier_shapes_are_model_values() {
    // Digits then letters, leading underscore, typed model values (`a_1`): all names.
    let c = parse("CONSTANT S = {1a, _x, a_1, x1_, A_B}");
    assert_eq!(
        c.constants[0].value,
        CfgValue::Set(vec![mv("1a"), mv("_x"), mv("a_1"), mv("x1_"), mv("A_B")])
    );
}

#[test]
fn value_spans() {
    let text = "CONSTANT\n  S = { a ,\n b }  N = 42";
    let c = parse(text);
    let s = &c.constants[0].value_span;
    assert_eq!(&text[s.start..s.end], "{ a ,\n b }");
    assert_eq!((s.line, s.col), (2, 7));
    let n = &c.constants[1].value_span;
    assert_eq!(&text[n.start..n.end], "42");
    assert_eq!((n.line, n.col), (3, 11));
}

#[test]
fn negative_numbers_are_rejected_like_tlc() {
    let e = assert_err("CONSTANT N = -1", ConfigErrorKind::BadValue, 1, 14);
    assert!(e.message.contains("negative"), "{}", e.message);
    assert_err(
        "CONSTANTS\n  S = {1, -2}\n",
        ConfigErrorKind::BadValue,
        2,
        11,
    );
    assert_err("CONSTANT F(-1) = 2", ConfigErrorKind::BadValue, 1, 12);
}

#[test]
fn tuples_are_rejected_like_tlc() {
    let e = assert_err("CONSTANTS A = <<1, 2>>", ConfigErrorKind::BadValue, 1, 15);
    assert!(e.message.contains("tuples"), "{}", e.message);
}

#[test]
fn numbers_tlc_cannot_hold() {
    assert_err("CONSTANT N = 2147483648", ConfigErrorKind::BadValue, 1, 14);
    assert_err(
        "CONSTANT N = 99999999999999999999999999",
        ConfigErrorKind::BadValue,
        1,
        14,
    );
    assert_err("CONSTANT N = \\h1F", ConfigErrorKind::BadValue, 1, 14);
    assert_err("CONSTANT N = \\b101", ConfigErrorKind::BadValue, 1, 14);
}

// ---------------------------------------------------------------- substitutions

#[test]
fn substitutions_with_and_without_module() {
    let c = parse(
        "CONSTANTS\n  Send <- MCSend\n  Ballot <-[Voting] MCBallot\n  Nat <- [ZSequences]ZSeqNat\n\
         NoHash = [Nano]NoHashVal\n  Max = [Nano] 3\n  N = 3\n",
    );
    let ov: Vec<_> = c
        .overrides
        .iter()
        .map(|o| {
            (
                o.name.name.as_str(),
                o.module.as_ref().map(|m| m.name.as_str()),
                o.target.name.as_str(),
            )
        })
        .collect();
    assert_eq!(
        ov,
        [
            ("Send", None, "MCSend"),
            ("Ballot", Some("Voting"), "MCBallot"),
            ("Nat", Some("ZSequences"), "ZSeqNat"),
        ]
    );
    let cs: Vec<_> = c
        .constants
        .iter()
        .map(|a| {
            (
                a.name.name.as_str(),
                a.module.as_ref().map(|m| m.name.as_str()),
                a.value.clone(),
            )
        })
        .collect();
    assert_eq!(
        cs,
        [
            ("NoHash", Some("Nano"), mv("NoHashVal")),
            ("Max", Some("Nano"), CfgValue::Int(3)),
            ("N", None, CfgValue::Int(3)),
        ]
    );
    let voting = c.overrides[1].module.as_ref().unwrap();
    assert_eq!((voting.span.line, voting.span.col), (3, 13));
}

#[test]
fn qualified_names_arguments_and_operator_symbols() {
    let text = "CONSTANTS\n  Inst!Op <- Mine\n  A!B!C = 1\n  F(1, \"x\", {a}) = 3\n  G(v) = [M] w\n  + <- MyPlus\n  Id <- \\cup";
    let c = parse(text);
    assert_eq!(c.overrides[0].name.name, "Inst!Op");
    let s = c.overrides[0].name.span;
    assert_eq!(&text[s.start..s.end], "Inst!Op");
    assert_eq!(c.constants[0].name.name, "A!B!C");
    assert_eq!(c.constants[1].name.name, "F");
    assert_eq!(
        c.constants[1].args,
        [
            CfgValue::Int(1),
            CfgValue::Str("x".into()),
            CfgValue::Set(vec![mv("a")])
        ]
    );
    assert_eq!(c.constants[1].value, CfgValue::Int(3));
    assert_eq!(c.constants[2].args, [mv("v")]);
    assert_eq!(c.constants[2].module.as_ref().unwrap().name, "M");
    assert_eq!(c.overrides[1].name.name, "+");
    assert_eq!(c.overrides[2].target.name, "\\cup");
}

#[test]
fn unicode_substitution_arrow() {
    let c = parse("CONSTANT A ← B");
    assert_eq!(c.overrides[0].target.name, "B");
}

// ---------------------------------------------------------------- errors

#[test]
fn error_unknown_keyword() {
    let e = assert_err(
        "INIT Init\n  FOO Bar",
        ConfigErrorKind::UnknownKeyword,
        2,
        3,
    );
    assert!(e.message.contains("found `FOO`"), "{}", e.message);
    // A single-valued keyword takes one name; a second is not a keyword.
    assert_err("INIT Init Next", ConfigErrorKind::UnknownKeyword, 1, 11);
    let e = assert_err("init Init", ConfigErrorKind::UnknownKeyword, 1, 1);
    assert!(e.message.contains("did you mean INIT"), "{}", e.message);
    let e = assert_err("SPEC Spec", ConfigErrorKind::UnknownKeyword, 1, 1);
    assert!(e.message.contains("SPECIFICATION"), "{}", e.message);
    let e = assert_err("TYPE_CONSTRAINT T", ConfigErrorKind::UnknownKeyword, 1, 1);
    assert!(
        e.message.contains("not a keyword of current TLC"),
        "{}",
        e.message
    );
    assert_err("3", ConfigErrorKind::UnknownKeyword, 1, 1);
    assert_err("= x", ConfigErrorKind::UnknownKeyword, 1, 1);
}

#[test]
fn error_missing_value() {
    // At the end of the file: just after the last token.
    assert_err("INIT", ConfigErrorKind::MissingValue, 1, 5);
    assert_err("INIT Init\nNEXT   ", ConfigErrorKind::MissingValue, 2, 5);
    // Followed by another keyword: at that keyword.
    assert_err("INIT\nNEXT Next", ConfigErrorKind::MissingValue, 2, 1);
    assert_err("CONSTANT N =", ConfigErrorKind::MissingValue, 1, 13);
    assert_err(
        "CONSTANT N = \nINIT Init",
        ConfigErrorKind::MissingValue,
        2,
        1,
    );
    assert_err("CONSTANT N <- ", ConfigErrorKind::MissingValue, 1, 14);
    assert_err("CONSTANT N <- [M]", ConfigErrorKind::MissingValue, 1, 18);
    assert_err("CONSTANT N <- [", ConfigErrorKind::MissingValue, 1, 16);
    assert_err("CONSTANT S = {a,", ConfigErrorKind::MissingValue, 1, 17);
    assert_err("CHECK_DEADLOCK", ConfigErrorKind::MissingValue, 1, 15);
    assert_err("SYMMETRY VIEW", ConfigErrorKind::MissingValue, 1, 10);
}

#[test]
fn error_bad_value() {
    assert_err("CONSTANT N = )", ConfigErrorKind::BadValue, 1, 14);
    assert_err("CONSTANT S = {a,}", ConfigErrorKind::BadValue, 1, 17);
    assert_err("CONSTANT F() = 1", ConfigErrorKind::BadValue, 1, 12);
    let e = assert_err("CHECK_DEADLOCK yes", ConfigErrorKind::BadValue, 1, 16);
    assert!(e.message.contains("TRUE or FALSE"), "{}", e.message);
}

#[test]
fn error_expected_name() {
    let e = assert_err("INVARIANT A, B", ConfigErrorKind::ExpectedName, 1, 12);
    assert!(e.message.contains("not commas"), "{}", e.message);
    assert_err("INVARIANT 3", ConfigErrorKind::ExpectedName, 1, 11);
    assert_err("INIT \"Init\"", ConfigErrorKind::ExpectedName, 1, 6);
    let e = assert_err(
        "CONSTANTS N = 1, M = 2",
        ConfigErrorKind::ExpectedName,
        1,
        16,
    );
    assert!(e.message.contains("not commas"), "{}", e.message);
    assert_err("CONSTANT 3 = 4", ConfigErrorKind::ExpectedName, 1, 10);
    assert_err("CONSTANT N <- 3", ConfigErrorKind::ExpectedName, 1, 15);
    assert_err("CONSTANT N <- [3] x", ConfigErrorKind::ExpectedName, 1, 16);
}

#[test]
fn error_expected_symbol() {
    let e = assert_err("CONSTANT N 3", ConfigErrorKind::ExpectedSymbol, 1, 12);
    assert!(e.message.contains("`=` or `<-`"), "{}", e.message);
    assert_err("CONSTANT N", ConfigErrorKind::ExpectedSymbol, 1, 11);
    assert_err("CONSTANT N == 3", ConfigErrorKind::ExpectedSymbol, 1, 12);
    assert_err("CONSTANT S = {1 2}", ConfigErrorKind::ExpectedSymbol, 1, 17);
    assert_err("CONSTANT S = {1", ConfigErrorKind::ExpectedSymbol, 1, 16);
    assert_err("CONSTANT N <- [M x", ConfigErrorKind::ExpectedSymbol, 1, 18);
    assert_err(
        "CONSTANT F(1 2) = 3",
        ConfigErrorKind::ExpectedSymbol,
        1,
        14,
    );
}

#[test]
fn error_duplicate_keyword() {
    for kw in [
        "INIT",
        "NEXT",
        "SPECIFICATION",
        "SYMMETRY",
        "VIEW",
        "ALIAS",
        "POSTCONDITION",
    ] {
        let text = format!("{kw} A\n\n  {kw} B");
        let e = assert_err(&text, ConfigErrorKind::DuplicateKeyword, 3, 3);
        assert!(e.message.contains("first on line 1"), "{}", e.message);
    }
    assert_err(
        "CHECK_DEADLOCK TRUE CHECK_DEADLOCK TRUE",
        ConfigErrorKind::DuplicateKeyword,
        1,
        21,
    );
}

#[test]
fn error_unterminated_comment() {
    let e = assert_err(
        "INIT Init\n  (* open (* nested *) never closed\nNEXT Next",
        ConfigErrorKind::UnterminatedComment,
        2,
        3,
    );
    assert!(e.message.contains("never closed"), "{}", e.message);
    assert_err("(*)", ConfigErrorKind::UnterminatedComment, 1, 1);
}

#[test]
fn error_unterminated_string() {
    assert_err(
        "CONSTANT S = \"abc\nINIT Init",
        ConfigErrorKind::UnterminatedString,
        1,
        14,
    );
    assert_err(
        "CONSTANT S = \"abc",
        ConfigErrorKind::UnterminatedString,
        1,
        14,
    );
    assert_err(
        "CONSTANT S = \"ab\\",
        ConfigErrorKind::UnterminatedString,
        1,
        14,
    );
    assert_err(
        "CONSTANT S = \"a\\qb\"",
        ConfigErrorKind::InvalidEscape,
        1,
        16,
    );
}

#[test]
fn error_unexpected_character() {
    assert_err("INIT Init;", ConfigErrorKind::UnexpectedCharacter, 1, 10);
    assert_err("INIT\u{c}Init", ConfigErrorKind::UnexpectedCharacter, 1, 5);
    // Columns count characters, not bytes.
    assert_err(
        "CONSTANT S = {é, ü}",
        ConfigErrorKind::UnexpectedCharacter,
        1,
        15,
    );
}

#[test]
fn error_too_deep() {
    let text = format!("CONSTANT S = {}", "{".repeat(100_000));
    let e = err(&text);
    assert_eq!(e.kind, ConfigErrorKind::TooDeep);
}

#[test]
fn line_endings() {
    // CRLF and lone CR end lines as in TLC's character stream.
    assert_err(
        "INIT A\r\nNEXT B\r\n  FOO",
        ConfigErrorKind::UnknownKeyword,
        3,
        3,
    );
    assert_err(
        "INIT A\rNEXT B\r  FOO",
        ConfigErrorKind::UnknownKeyword,
        3,
        3,
    );
    let c = parse("INIT A\r\n\r\nNEXT B");
    assert_eq!(c.next.unwrap().span.line, 3);
}

#[test]
fn render_format() {
    let e = err("INIT Init\n  FOO Bar\n");
    assert_eq!(
        e.render(),
        "t.cfg:2:3: expected a keyword, found `FOO` (a name must follow a keyword such as \
         INVARIANT or CONSTANT)\n  FOO Bar\n  ^\n"
    );
    assert_eq!(e.to_string().lines().count(), 1);
    // Tabs are kept before the caret so it lines up under the column.
    let e = err("INIT A\n\t\tBAD");
    assert_eq!(e.col, 3);
    assert!(e.render().ends_with("\t\tBAD\n\t\t^\n"), "{:?}", e.render());
    // At the end of a file that ends in a newline, the line is empty and not shown.
    let e = err("CONSTANT N =\n");
    assert_eq!((e.line, e.col), (1, 13));
    assert!(e.render().ends_with("CONSTANT N =\n            ^\n"));
}

#[test]
fn error_constructor_for_later_stages() {
    let text = "INIT Init\nNEXT Nxt\n";
    let c = parse(text);
    let next = c.next.unwrap();
    let e = ConfigError::at(
        &c.path,
        text,
        next.span,
        ConfigErrorKind::Other,
        "NEXT Nxt is not defined in the spec",
    );
    assert_eq!(
        e.render(),
        "t.cfg:2:6: NEXT Nxt is not defined in the spec\nNEXT Nxt\n     ^\n"
    );
}

// ---------------------------------------------------------------- robustness

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Parses without panicking, and checks the error (if any) is well formed.
fn parse_any(text: &str) {
    match parse_config("fuzz.cfg", text) {
        Ok(_) => {}
        Err(e) => {
            assert!(e.line >= 1 && e.col >= 1, "{e:?}");
            assert!(e.offset <= text.len(), "{e:?}");
            let lines = text.split(['\n', '\r']).count().max(1) as u32;
            assert!(e.line <= lines, "line {} of {lines}: {e:?}", e.line);
            let r = e.render();
            assert!(r.starts_with("fuzz.cfg:"), "{r}");
        }
    }
}

const RICH: &str = "\\* A model\n(* with (* nested *) comments *)\nCONSTANTS\n  N = 3\n  \
    Proc = {p1, p2}\n  S = {{a}, {}, \"s\\\"t\", TRUE}\n  Send <- MCSend\n  \
    Ballot <- [Voting] MCBallot\n  M = [Mod] 4\n  F(1, x) = y\n  A!B <- C\r\n\
    INIT Init\nNEXT Next\nINVARIANTS TypeOK Inv\nPROPERTY Live\nCONSTRAINT Bound\n\
    ACTION_CONSTRAINT AB\nSYMMETRY Sym\nVIEW V\nALIAS Al\nPOSTCONDITION Pc\n\
    CHECK_DEADLOCK FALSE\n";

#[test]
fn rich_file_parses() {
    let c = parse(RICH);
    assert_eq!(c.constants.len(), 5);
    assert_eq!(c.overrides.len(), 3);
    assert_eq!(c.check_deadlock, Some(false));
}

#[test]
fn every_truncation_is_handled() {
    let mut cut = 0;
    while cut <= RICH.len() {
        if RICH.is_char_boundary(cut) {
            parse_any(&RICH[..cut]);
            parse_any(&RICH[cut..]);
        }
        cut += 1;
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        parse_any(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn random_token_soup_never_panics() {
    const PIECES: &[&str] = &[
        "CONSTANT",
        "CONSTANTS",
        "INIT",
        "NEXT",
        "SPECIFICATION",
        "INVARIANT",
        "PROPERTIES",
        "CHECK_DEADLOCK",
        "SYMMETRY",
        "TRUE",
        "FALSE",
        "x",
        "Foo",
        "1",
        "42",
        "-",
        "=",
        "<-",
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        ",",
        "!",
        "<<",
        ">>",
        "\"s\"",
        "\"",
        "(*",
        "*)",
        "\\*",
        "\\",
        "\\h",
        "\\o7",
        "==",
        "\n",
        "\r",
        " ",
        "\t",
        "é",
        "←",
        ";",
        "`",
        "'",
        "_",
        "99999999999",
    ];
    let mut rng = Rng(42);
    for _ in 0..20_000 {
        let n = rng.below(24);
        let mut text = String::new();
        for _ in 0..n {
            text.push_str(PIECES[rng.below(PIECES.len())]);
            if rng.below(3) > 0 {
                text.push(' ');
            }
        }
        parse_any(&text);
    }
}

#[test]
fn mutations_of_a_valid_file_never_panic() {
    let mut rng = Rng(7);
    let base: Vec<char> = RICH.chars().collect();
    for _ in 0..5000 {
        let mut chars = base.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(chars.len());
            match rng.below(3) {
                0 => {
                    chars.remove(i);
                }
                1 => chars.insert(i, base[rng.below(base.len())]),
                _ => {
                    let j = rng.below(chars.len());
                    chars.swap(i, j);
                }
            }
        }
        parse_any(&chars.into_iter().collect::<String>());
    }
}

#[test]
fn huge_files() {
    let mut text = String::from("CONSTANTS\n");
    for i in 0..100_000 {
        text.push_str(&format!("  C{i} = {{m{i}, \"s{i}\", {i}}}\n"));
    }
    text.push_str("INVARIANT ");
    for i in 0..50_000 {
        text.push_str(&format!("Inv{i} "));
    }
    let c = parse(&text);
    assert_eq!(c.constants.len(), 100_000);
    assert_eq!(c.invariants.len(), 50_000);
    assert_eq!(c.constants[99_999].name.span.line, 100_001);

    // A long comment, deeply nested comments, and a long unterminated one.
    let long = format!("(*{}*) INIT I", "x".repeat(1_000_000));
    assert_eq!(name_of(&parse(&long).init), Some("I"));
    let nested = format!("{}{} INIT I", "(*".repeat(50_000), "*)".repeat(50_000));
    assert_eq!(name_of(&parse(&nested).init), Some("I"));
    let open = format!("INIT I {}", "(*".repeat(50_000));
    assert_eq!(err(&open).kind, ConfigErrorKind::UnterminatedComment);
}

// ---------------------------------------------------------------- corpus

/// Where the shared corpus lives: `$TLACHECK_CORPUS`, else `shared/corpus` beside the workspace.
fn corpus_dir() -> PathBuf {
    match std::env::var_os("TLACHECK_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    }
}

fn cfg_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            cfg_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "cfg") {
            out.push(path);
        }
    }
}

#[test]
fn corpus_cfg_files_all_parse() {
    let dir = corpus_dir();
    if !dir.is_dir() {
        println!(
            "skipped: no corpus at {} (set TLACHECK_CORPUS to run this test)",
            dir.display()
        );
        return;
    }
    let mut files = Vec::new();
    cfg_files(&dir, &mut files);
    files.sort();
    let mut failures = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse_config(&file.display().to_string(), &text) {
            failures.push(e.render());
        }
    }
    println!("parsed {} .cfg files from {}", files.len(), dir.display());
    assert!(!files.is_empty(), "no .cfg files under {}", dir.display());
    assert!(
        failures.is_empty(),
        "{} of {} corpus .cfg files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn underscore_is_not_a_name() {
    // `1_000` is the number 1, then `_`, then 000: TLA+ has no digit separators.
    let e = assert_err("CONSTANT N = 1_000", ConfigErrorKind::ExpectedName, 1, 15);
    assert!(e.message.contains("`_`"), "{}", e.message);
}
