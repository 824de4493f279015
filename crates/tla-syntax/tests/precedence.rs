//! Operator precedence and associativity, checked against SANY's table
//! (`tla2sany/parser/Operators.java`) and its reduction rules (`OperatorStack.java`).

mod common;
use common::{err, sx};

#[test]
fn arithmetic_binds_as_in_sany() {
    assert_eq!(sx("a + b * c"), "(+ a (* b c))");
    assert_eq!(sx("a * b + c"), "(+ (* a b) c)");
    assert_eq!(sx("a - b - c"), "(- (- a b) c)");
    assert_eq!(sx("a + b + c"), "(+ (+ a b) c)");
    assert_eq!(sx("a * b * c"), "(* (* a b) c)");
    // `+` is 10, `-` is 11: the minus binds tighter on either side.
    assert_eq!(sx("a + b - c"), "(+ a (- b c))");
    assert_eq!(sx("a - b + c"), "(+ (- a b) c)");
    assert_eq!(sx("a ^ b * c"), "(* (^ a b) c)");
    assert_eq!(sx("a % b * c"), "(% a (* b c))");
    assert_eq!(sx("(a + b) * c"), "(* (+ a b) c)");
    assert_eq!(sx("1..N-1"), "(.. 1 (- N 1))");
    assert_eq!(sx("a..b+1"), "(.. a (+ b 1))");
}

#[test]
fn non_associative_operators_do_not_chain() {
    for src in [
        "a = b = c",
        "a # b = c",
        "a < b < c",
        "a \\in S \\in T",
        "a => b => c",
        "a <=> b <=> c",
        "a ~> b ~> c",
        "a ^ b ^ c",
        "a / b / c",
        "a .. b .. c",
        "a % b % c",
        "a \\ b \\ c",
        "a :> b :> c",
        "a \\div b \\div c",
    ] {
        let msg = err(src);
        assert!(msg.contains("precedence conflict"), "{src}: {msg}");
    }
}

#[test]
fn overlapping_ranges_of_different_operators_conflict() {
    for src in [
        "a /\\ b \\/ c",
        "a \\/ b /\\ c",
        "a + b ++ c",
        "a \\cdot b + c",
        "a * b / c",
        "a | b % c",
        "a % b + c",
        "a \\cup b \\cap c",
        "a \\cup b \\ c",
        "a <=> b ~> c",
        "a $ b + c",
        "a \\X b + c",
    ] {
        let msg = err(src);
        assert!(msg.contains("precedence conflict"), "{src}: {msg}");
    }
}

#[test]
fn left_associative_operators_chain() {
    assert_eq!(sx("a /\\ b /\\ c"), "(/\\ (/\\ a b) c)");
    assert_eq!(sx("a \\/ b \\/ c"), "(\\/ (\\/ a b) c)");
    assert_eq!(sx("a \\cup b \\cup c"), "(\\cup (\\cup a b) c)");
    assert_eq!(sx("a \\o b \\o c"), "(\\o (\\o a b) c)");
    assert_eq!(sx("a @@ b @@ c"), "(@@ (@@ a b) c)");
    assert_eq!(sx("a \\cdot b \\cdot c"), "(\\cdot (\\cdot a b) c)");
    // Synonyms are one operator: `\union` chains with `\cup`.
    assert_eq!(sx("a \\cup b \\union c"), "(\\cup (\\cup a b) c)");
    assert_eq!(sx("a /\\ b \\land c"), "(/\\ (/\\ a b) c)");
}

#[test]
fn logic_and_comparison_levels() {
    assert_eq!(sx("a = b /\\ c = d"), "(/\\ (= a b) (= c d))");
    assert_eq!(sx("a => b /\\ c"), "(=> a (/\\ b c))");
    assert_eq!(sx("a <=> b => c"), "(=> (<=> a b) c)");
    assert_eq!(sx("a ~> b /\\ c"), "(~> a (/\\ b c))");
    assert_eq!(sx("x \\in S \\cup T"), "(\\in x (\\cup S T))");
    assert_eq!(sx("x \\notin 1..3"), "(\\notin x (.. 1 3))");
    assert_eq!(sx("f @@ g :> h"), "(@@ f (:> g h))");
    assert_eq!(sx("a \\subseteq b \\cup c"), "(\\subseteq a (\\cup b c))");
}

#[test]
fn quantifier_bodies_extend_as_far_as_possible() {
    assert_eq!(
        sx("\\A x : P => Q"),
        "(A (x) (=> P Q))",
        "the body of \\A takes the implication"
    );
    assert_eq!(sx("\\E x \\in S : P /\\ Q"), "(E (x S) (/\\ P Q))");
    assert_eq!(
        sx("A /\\ \\E x \\in S : P /\\ Q"),
        "(/\\ A (E (x S) (/\\ P Q)))"
    );
    assert_eq!(
        sx("CHOOSE x \\in S : x > 1 /\\ x < 3"),
        "(CHOOSE x S (/\\ (> x 1) (< x 3)))"
    );
    assert_eq!(sx("IF a THEN b ELSE c + 1"), "(IF a b (+ c 1))");
    assert_eq!(sx("1 + IF a THEN b ELSE c + 1"), "(+ 1 (IF a b (+ c 1)))");
    assert_eq!(sx("LET x == 1 IN x + 2"), "(LET (x 1) (+ x 2))");
    assert_eq!(
        sx("\\A x, y \\in S, <<a, b>> \\in T : x"),
        "(A (x y S) (<<a b>> T) x)"
    );
}

#[test]
fn prefix_operators() {
    // `-.` is 12: above `+`, below `^`.
    assert_eq!(sx("-a^2"), "(-. (^ a 2))");
    assert_eq!(sx("-a + b"), "(+ (-. a) b)");
    assert_eq!(sx("-a * b"), "(-. (* a b))");
    assert_eq!(sx("a + -b"), "(+ a (-. b))");
    assert_eq!(sx("a - -b"), "(- a (-. b))");
    assert_eq!(sx("- - a"), "(-. (-. a))");
    // `~` is 4: below `=` and `\in`, above `/\`.
    assert_eq!(sx("~ a = b"), "(~ (= a b))");
    assert_eq!(sx("~ x \\in S"), "(~ (\\in x S))");
    assert_eq!(sx("~ a /\\ b"), "(/\\ (~ a) b)");
    assert_eq!(sx("\\lnot a \\/ b"), "(\\/ (~ a) b)");
    // SUBSET, UNION and DOMAIN are 10..13 in SANY (not the book's 8 and 9).
    assert_eq!(sx("SUBSET S \\cup T"), "(\\cup (SUBSET S) T)");
    assert_eq!(sx("UNION S \\cup T"), "(\\cup (UNION S) T)");
    assert_eq!(
        sx("DOMAIN f \\cup DOMAIN g"),
        "(\\cup (DOMAIN f) (DOMAIN g))"
    );
    assert_eq!(sx("x \\in SUBSET S"), "(\\in x (SUBSET S))");
    assert_eq!(sx("DOMAIN f = 1..n"), "(= (DOMAIN f) (.. 1 n))");
    assert_eq!(sx("SUBSET f[x]"), "(SUBSET (app f x))");
    assert_eq!(sx("SUBSET S'"), "(SUBSET (' S))");
    // Temporal prefix operators are 4..15.
    assert_eq!(sx("[]P => Q"), "(=> ([] P) Q)");
    assert_eq!(sx("<>P \\/ Q"), "(\\/ (<> P) Q)");
    assert_eq!(sx("[]<>P"), "([] (<> P))");
    assert_eq!(sx("ENABLED A /\\ B"), "(/\\ (ENABLED A) B)");
    assert_eq!(sx("UNCHANGED <<x, y>>"), "(UNCHANGED <<x y>>)");
    assert_eq!(sx("~ ~ a = b"), "(~ (~ (= a b)))");
    assert_eq!(sx("a + ~b = c"), "(+ a (~ (= b c)))");
}

#[test]
fn prefix_operator_conflicts_are_errors_as_in_sany() {
    // Overlapping ranges between a prefix operator and the next infix one.
    for src in [
        "[] a = b",
        "<> a \\in S",
        "ENABLED a = b",
        "UNCHANGED x = y",
        "SUBSET S \\X T",
        "DOMAIN f + 1",
        "UNION S * T",
    ] {
        let msg = err(src);
        assert!(msg.contains("precedence conflict"), "{src}: {msg}");
    }
    // A `-` after an operator that binds tighter than 12 (tlaplus/tlaplus#893).
    for src in ["a * -b", "a ^ -b", "a & -b", "a / -1", "a \\div -1"] {
        let msg = err(src);
        assert!(msg.contains("precedence conflict"), "{src}: {msg}");
    }
    // A postfix operator (15) right after a prefix one that reaches 15.
    for src in ["ENABLED x'", "[]x'", "UNCHANGED f[x]'", "<>x^+"] {
        let msg = err(src);
        assert!(msg.contains("precedence conflict"), "{src}: {msg}");
    }
    assert_eq!(sx("ENABLED (x')"), "(ENABLED (' x))");
}

#[test]
fn postfix_and_application() {
    assert_eq!(sx("x' = y'"), "(= (' x) (' y))");
    assert_eq!(sx("f[x]'"), "(' (app f x))");
    assert_eq!(sx("f[x]'[y]"), "(app (' (app f x)) y)");
    assert_eq!(sx("x''"), "(' (' x))");
    assert_eq!(sx("r.a.b'"), "(' (. (. r a) b))");
    assert_eq!(sx("-x'"), "(-. (' x))");
    assert_eq!(sx("~x'"), "(~ (' x))");
    assert_eq!(sx("R^+"), "(^+ R)");
    assert_eq!(sx("(a + b)'"), "(' (+ a b))");
    assert_eq!(sx("f[a, b]"), "(app f a b)");
    assert_eq!(sx("f[x][y]"), "(app (app f x) y)");
    assert_eq!(sx("Op(a, b).c"), "(. (Op a b) c)");
    assert_eq!(sx("[x EXCEPT ![1] = 2][1]"), "(app (EXCEPT x (![1] 2)) 1)");
}

#[test]
fn cartesian_product_is_one_n_ary_node() {
    assert_eq!(sx("A \\X B \\X C"), "(X A B C)");
    assert_eq!(sx("A \\times B"), "(X A B)");
    assert_eq!(sx("A \\X (B \\X C)"), "(X A (X B C))");
    assert_eq!(sx("x \\in A \\X B"), "(\\in x (X A B))");
    assert_eq!(sx("A \\X B \\cup C"), "(\\cup (X A B) C)");
}

#[test]
fn every_sany_infix_operator_parses() {
    let ops = [
        "=>",
        "<=>",
        "\\equiv",
        "~>",
        "-+->",
        "/\\",
        "\\/",
        "\\land",
        "\\lor",
        "=",
        "#",
        "/=",
        "<",
        ">",
        "<=",
        "=<",
        "\\leq",
        ">=",
        "\\geq",
        "\\in",
        "\\notin",
        "\\subseteq",
        "\\subset",
        "\\supseteq",
        "\\supset",
        "\\prec",
        "\\preceq",
        "\\succ",
        "\\succeq",
        "\\sim",
        "\\simeq",
        "\\approx",
        "\\asymp",
        "\\cong",
        "\\doteq",
        "\\gg",
        "\\ll",
        "\\propto",
        "\\sqsubset",
        "\\sqsupset",
        "\\sqsubseteq",
        "\\sqsupseteq",
        "|-",
        "-|",
        "|=",
        "=|",
        ":=",
        "::=",
        "\\cdot",
        "@@",
        ":>",
        "<:",
        "\\",
        "\\cap",
        "\\intersect",
        "\\cup",
        "\\union",
        "..",
        "...",
        "!!",
        "$",
        "$$",
        "??",
        "##",
        "\\sqcap",
        "\\sqcup",
        "\\uplus",
        "\\wr",
        "+",
        "++",
        "(+)",
        "\\oplus",
        "%",
        "%%",
        "|",
        "||",
        "\\X",
        "\\times",
        "-",
        "--",
        "(-)",
        "\\ominus",
        "&",
        "&&",
        "(.)",
        "\\odot",
        "(/)",
        "\\oslash",
        "(\\X)",
        "\\otimes",
        "*",
        "**",
        "/",
        "//",
        "\\bigcirc",
        "\\bullet",
        "\\div",
        "\\o",
        "\\circ",
        "\\star",
        "^",
        "^^",
    ];
    for op in ops {
        let e = common::expr(&format!("a {op} b"));
        assert!(e.is_ok(), "a {op} b: {e:?}");
    }
}
