//! Every lexical form, and the equivalence of ASCII and Unicode spellings.

mod common;
use common::{err, expr, parse, same_tree, sx};
use tla_syntax::ast::{ExprKind, Unit};
use tla_syntax::parse_module;

#[test]
fn numbers_in_every_radix() {
    assert_eq!(
        sx("<<0, 42, \\b1011, \\B11, \\o17, \\O7, \\h1F, \\Hff, \\hDEAD>>"),
        "<<0 42 11 3 15 7 31 255 57005>>"
    );
    assert_eq!(sx("1.5"), "1.5");
    assert_eq!(sx("0.25 + 3.0"), "(+ 0.25 3.0)");
    // `1..3` is an interval, not a decimal.
    assert_eq!(sx("1..3"), "(.. 1 3)");
    assert_eq!(sx("1...3"), "(... 1 3)");
    // A numeral far beyond u128 is reported, not wrapped.
    let big = "9".repeat(60);
    assert!(err(&big).contains("too large"));
    // A word with a letter is a name, even if it starts with digits (SANY's CASEN).
    assert_eq!(sx("1a + a1"), "(+ 1a a1)");
}

#[test]
fn strings_and_escapes() {
    let e = expr(r#""a\"b\\c\nd\te\rf\fg""#).unwrap();
    assert_eq!(e.kind, ExprKind::Str("a\"b\\c\nd\te\rf\u{c}g".into()));
    assert_eq!(sx(r#""""#), "\"\"");
    assert_eq!(sx(r#""(* not a comment *)""#), "\"(* not a comment *)\"");
    assert!(err(r#""bad \q escape""#).contains("escape"));
    assert!(err("\"no end\n\"").contains("never closed"));
}

#[test]
fn comments_nest_and_line_comments_end_at_newline() {
    assert_eq!(sx("1 (* a (* nested *) still comment *) + 2"), "(+ 1 2)");
    assert_eq!(sx("1 \\* + 3\n + 2"), "(+ 1 2)");
    assert_eq!(sx("1 (* \\* not a line comment *) + 2"), "(+ 1 2)");
    assert_eq!(sx("1 \\* (* not a block comment\n + 2"), "(+ 1 2)");
    assert!(err("1 (* (* only one closes *) + 2").contains("never closed"));
}

#[test]
fn text_before_and_after_the_module_is_ignored() {
    let src = "This is \"prose\" (* with an open comment\n\
               ------- MODULE M -------\nE == 1\n=============\n\
               trailing junk (* \" ====\n---- MODULE N ----\n";
    let m = parse_module(src).unwrap();
    assert_eq!(m.name.name, "M");
    assert_eq!(m.units.len(), 1);
    // The header's dashes and MODULE are separated by spaces only (SANY's BEGIN_MODULE).
    assert!(parse_module("----\nMODULE M ----\n====").is_err());
    assert!(parse_module("----\tMODULE M ----\n====").is_err());
    assert!(parse_module("----MODULE M----\n====").is_ok());
    assert!(parse_module("no module here").is_err());
}

#[test]
fn nested_modules_and_separators() {
    let m = parse("A == 1\n----\n---- MODULE Inner ----\nB == 2\n====\nC == 3").unwrap();
    assert!(matches!(m.units[1], Unit::Ignored(_)));
    assert!(matches!(&m.units[2], Unit::Submodule(s) if s.name.name == "Inner"));
    assert!(matches!(&m.units[3], Unit::Op(d) if d.name.name == "C"));
}

#[test]
fn fairness_and_action_subscripts() {
    assert_eq!(sx("WF_vars(Next)"), "(WF vars Next)");
    assert_eq!(sx("SF_vars(A \\/ B)"), "(SF vars (\\/ A B))");
    assert_eq!(sx("WF_<<x, y>>(A)"), "(WF <<x y>> A)");
    assert_eq!(sx("WF_M!vars(A)"), "(WF M!vars A)");
    assert_eq!(sx("WF_f(x)(A)"), "(WF (f x) A)");
    assert_eq!(sx("WF_(x + y)(A)"), "(WF (+ x y) A)");
    assert_eq!(sx("[Next]_vars"), "([]_ Next vars)");
    assert_eq!(sx("[][Next]_<<x, y>>"), "([] ([]_ Next <<x y>>))");
    assert_eq!(sx("<<A>>_vars"), "(<>_ A vars)");
    assert_eq!(sx("<><<A>>_M!v"), "(<> (<>_ A M!v))");
    assert_eq!(sx("⟨A⟩_v"), "(<>_ A v)");
    assert_eq!(sx("[A]_f(x)"), "([]_ A (f x))");
    // Only the start of a word is a fairness keyword.
    assert_eq!(sx("xWF_y"), "xWF_y");
    assert!(err("WF_vars").contains("fairness"));
}

#[test]
fn identifier_edge_cases() {
    assert_eq!(sx("_x + x_1"), "(+ _x x_1)");
    assert_eq!(sx("ℕ \\cup ℤ \\cup ℝ"), "(\\cup (\\cup Nat Int) Real)");
    // `ACTIONS` and `TEMPORALS` are SANY keywords, so not names.
    assert!(expr("ACTIONS").is_err());
    assert!(expr("TEMPORALS").is_err());
    assert_eq!(sx("\\exists x : \\forall y : x"), "(E (x) (A (y) x))");
    assert_eq!(sx("a ## b"), "(## a b)");
}

#[test]
fn records_sets_functions_except() {
    assert_eq!(sx("[a |-> 1, b |-> 2].a"), "(. (record (a 1) (b 2)) a)");
    assert_eq!(sx("[a : S, b : T]"), "(recordset (a S) (b T))");
    assert_eq!(
        sx("[x \\in S, y \\in T |-> x + y]"),
        "(fun (x S) (y T) (+ x y))"
    );
    assert_eq!(sx("[x, y \\in S |-> x]"), "(fun (x y S) x)");
    assert_eq!(sx("[<<x, y>> \\in S |-> x]"), "(fun (<<x y>> S) x)");
    assert_eq!(sx("[S -> T]"), "(-> S T)");
    assert_eq!(
        sx("[f EXCEPT ![1].a = @ + 1, !.b[2] = 0]"),
        "(EXCEPT f (![1].a (+ @ 1)) (!.b[2] 0))"
    );
    assert_eq!(sx("{}"), "{}");
    assert_eq!(sx("{1, 2, 3}"), "{1 2 3}");
    assert_eq!(sx("{x \\in S : x > 1}"), "(filter x S (> x 1))");
    assert_eq!(
        sx("{<<x, y>> \\in S \\X T : x = y}"),
        "(filter <<x y>> (X S T) (= x y))"
    );
    assert_eq!(sx("{x + 1 : x \\in S}"), "(map (+ x 1) (x S))");
    assert_eq!(
        sx("{<<x, y>> : x \\in S, y \\in T}"),
        "(map <<x y>> (x S) (y T))"
    );
    // SANY's BraceCases: after `{x \in` the rest up to `:`/`,`/`}` is the set.
    assert_eq!(sx("{x \\in S}"), "{(\\in x S)}");
    assert_eq!(sx("{x \\in S, y}"), "{(\\in x S) y}");
    assert_eq!(sx("{x \\in S /\\ T}"), "{(\\in x (/\\ S T))}");
    assert_eq!(sx("{(x \\in S) : x \\in T}"), "(map (\\in x S) (x T))");
    assert!(
        expr("{x, y \\in S}").is_err(),
        "SANY expects `\\in` after the first name"
    );
    assert!(
        expr("{f(x) \\in S : x \\in T}").is_err(),
        "SANY forbids {{a \\in b : c \\in d}}"
    );
    // SANY's SBracketCases: `[x \in S` begins a function constructor.
    assert!(expr("[x \\in S -> T]").is_err());
    assert_eq!(sx("<<>>"), "<<>>");
    assert_eq!(sx("<<1, <<2>>>>"), "<<1 <<2>>>>");
}

#[test]
fn choose_case_let_lambda_labels() {
    assert_eq!(sx("CHOOSE x : x > 1"), "(CHOOSE x (> x 1))");
    assert_eq!(sx("CHOOSE <<x, y>> \\in S : x"), "(CHOOSE <<x y>> S x)");
    assert_eq!(
        sx("CASE a -> 1 [] b -> 2 [] OTHER -> 3"),
        "(CASE (a 1) (b 2) (OTHER 3))"
    );
    assert_eq!(
        sx("LET f[x \\in S] == x\n       RECURSIVE g(_)\n       g(n) == n IN f[1]"),
        "(LET (f[] x) (RECURSIVE g) (g n) (app f 1))"
    );
    assert_eq!(
        sx("Op(LAMBDA x, y : x + y, 1)"),
        "(Op (LAMBDA (x y) (+ x y)) 1)"
    );
    assert_eq!(sx("Op(+, -, -., ~, ')"), "(Op + - -. ~ ')");
    assert!(
        expr("LAMBDA x : x").is_err(),
        "LAMBDA is only an operator argument in SANY"
    );
    assert!(
        expr("Op(\\X)").is_err(),
        "\\X is not an operator argument in SANY"
    );
    assert_eq!(sx("lab :: x + 1"), "(:: lab (+ x 1))");
    assert_eq!(sx("\\A i : lab(i) :: i > 0"), "(A (i) (:: lab (> i 0)))");
    assert_eq!(sx("\\AA x : \\EE y : x"), "(AA (x) (EE (y) x))");
    assert_eq!(sx("I!Op(1)"), "(I!Op 1)");
    assert_eq!(sx("I(2)!J!Op"), "I(2)!J!Op");
    assert_eq!(sx("Inv!2"), "Inv!2");
    assert_eq!(sx("M!+(1, 2)"), "(M!+ 1 2)");
}

/// Pairs of the same module in ASCII and Unicode spelling.
const PAIRS: &[(&str, &str)] = &[
    (
        "E == \\A x \\in S : x =< 1 /\\ ~y",
        "E ≜ ∀ x ∈ S : x ≤ 1 ∧ ¬y",
    ),
    (
        "E == \\E x \\in S : x >= 1 \\/ x /= 2",
        "E ≜ ∃ x ∈ S : x ≥ 1 ∨ x ≠ 2",
    ),
    ("E == <<1, 2>> \\X S", "E ≜ ⟨1, 2⟩ × S"),
    (
        "E == [x \\in S |-> x] \\in [S -> T]",
        "E ≜ [x ∈ S ↦ x] ∈ [S → T]",
    ),
    ("E == [][A]_v /\\ <>P ~> Q", "E ≜ □[A]_v ∧ ◇P ↝ Q"),
    ("E == <<A>>_v => (P <=> Q)", "E ≜ ⟨A⟩_v ⇒ (P ⇔ Q)"),
    ("E == (P \\equiv Q)", "E ≜ (P ≡ Q)"),
    ("E == (S \\cup T) \\cap U", "E ≜ (S ∪ T) ∩ U"),
    ("E == x \\notin S \\/ S \\subseteq T", "E ≜ x ∉ S ∨ S ⊆ T"),
    (
        "E == S \\subset T /\\ S \\supset T /\\ S \\supseteq T",
        "E ≜ S ⊂ T ∧ S ⊃ T ∧ S ⊇ T",
    ),
    ("E == a (+) b (-) c", "E ≜ a ⊕ b ⊖ c"),
    ("E == (a (.) b) (\\X) c", "E ≜ (a ⊙ b) ⊗ c"),
    ("E == a (/) b", "E ≜ a ⊘ b"),
    ("E == (f \\o g) \\cdot h", "E ≜ (f ∘ g) ⋅ h"),
    (
        "E == a \\prec b \\/ a \\preceq b \\/ a \\succ b \\/ a \\succeq b",
        "E ≜ a ≺ b ∨ a ⪯ b ∨ a ≻ b ∨ a ⪰ b",
    ),
    (
        "E == a \\sim b /\\ a \\simeq b /\\ a \\approx b /\\ a \\asymp b",
        "E ≜ a ∼ b ∧ a ≃ b ∧ a ≈ b ∧ a ≍ b",
    ),
    (
        "E == a \\cong b /\\ a \\doteq b /\\ a \\gg b /\\ a \\ll b",
        "E ≜ a ≅ b ∧ a ≐ b ∧ a ≫ b ∧ a ≪ b",
    ),
    (
        "E == a \\propto b /\\ a \\sqsubset b /\\ a \\sqsupset b",
        "E ≜ a ∝ b ∧ a ⊏ b ∧ a ⊐ b",
    ),
    (
        "E == a \\sqsubseteq b /\\ a \\sqsupseteq b",
        "E ≜ a ⊑ b ∧ a ⊒ b",
    ),
    ("E == (a \\sqcap b) \\sqcup c", "E ≜ (a ⊓ b) ⊔ c"),
    (
        "E == (a \\star b) \\bigcirc (c \\bullet d)",
        "E ≜ (a ⋆ b) ◯ (c ● d)",
    ),
    ("E == (a \\uplus b) \\wr c", "E ≜ (a ⊎ b) ≀ c"),
    ("E == a \\div b", "E ≜ a ÷ b"),
    (
        "E == (a |- b) /\\ (a |= b) /\\ (a -| b) /\\ (a =| b)",
        "E ≜ (a ⊢ b) ∧ (a ⊨ b) ∧ (a ⊣ b) ∧ (a ⫤ b)",
    ),
    ("E == (a := b) /\\ (a ::= b)", "E ≜ (a ≔ b) ∧ (a ⩴ b)"),
    ("E == (1..2) \\cup (1...2)", "E ≜ (1‥2) ∪ (1…2)"),
    (
        "E == (a !! b) /\\ (a ?? b) /\\ (a || b)",
        "E ≜ (a ‼ b) ∧ (a ⁇ b) ∧ (a ‖ b)",
    ),
    ("E == R^+ -+-> Q", "E ≜ R⁺ ⇸ Q"),
    ("E == Nat \\cup Int \\cup Real", "E ≜ ℕ ∪ ℤ ∪ ℝ"),
    ("E == lab :: x", "E ≜ lab ∷ x"),
    ("I == INSTANCE M WITH x <- y", "I ≜ INSTANCE M WITH x ← y"),
    (
        "E == /\\ a\n     /\\ \\/ b\n        \\/ c",
        "E ≜ ∧ a\n    ∧ ∨ b\n      ∨ c",
    ),
];

#[test]
fn ascii_and_unicode_spellings_give_the_same_tree() {
    for (ascii, uni) in PAIRS {
        let a = parse(ascii).unwrap_or_else(|d| panic!("{ascii}: {d:?}"));
        let u = parse(uni).unwrap_or_else(|d| panic!("{uni}: {d:?}"));
        assert!(same_tree(&a, &u), "{ascii}\n{a:?}\nvs\n{uni}\n{u:?}");
    }
}

#[test]
fn unicode_outside_sanys_set_is_rejected() {
    // Look-alikes SANY does not accept: middle dot, small bullet, set minus, `≼`.
    for src in [
        "a · b",
        "a • b",
        "a ∖ b",
        "a ≼ b",
        "a ⊸ b",
        "a 😀 b",
        "a \u{200b} b",
    ] {
        let e = expr(src);
        assert!(e.is_err(), "{src} parsed: {e:?}");
    }
}
