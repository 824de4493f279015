//! Subexpression names and the other name forms SANY accepts after `!` and `.`: selectors
//! (`!2`, `!<<`, `!>>`, `!:`, `!@`, `!(x, y)`), labels with parameters, operator symbols
//! after an instance (`F!-.`, `F!!!`), keywords as record fields, and infix operators
//! applied like prefix ones (`+(4, 6)`). What they denote is tla-sema's business.

mod common;

use common::*;
use tla_syntax::ast::ExprKind;

#[test]
fn selectors_are_path_segments() {
    assert_eq!(sx("F(2)!3!<<!>>"), "F(2)!3!<<!>>");
    assert_eq!(sx("R!(1, 2)!1"), "R!(1 2)!1");
    assert_eq!(sx("U!1!Op(42)!:"), "U!1!Op(42)!:");
    assert_eq!(sx("T(V!@)"), "(T V!@)");
    assert_eq!(sx("I!Op!lbl(a, b)"), "(I!Op!lbl a b)");
}

#[test]
fn operator_symbols_after_an_instance() {
    assert_eq!(sx("F!-.(4)"), "(F!-. 4)");
    assert_eq!(sx("F ! !!(4, 6)"), "(F!!! 4 6)");
    assert_eq!(sx("F!::=(4, 6)"), "(F!::= 4 6)");
    assert_eq!(sx("F!^+(4)"), "(F!^+ 4)");
}

#[test]
fn a_selector_follows_a_name_only() {
    // SANY: `(1 + 2)!1` is a parse error (a selector needs a name before it).
    assert!(err("(1 + 2)!1").contains("`!`"));
}

#[test]
fn labels_keep_their_parameters() {
    assert_eq!(sx("lab :: x"), "(:: lab x)");
    assert_eq!(
        sx("\\A i \\in S : lab(i) :: i > 0"),
        "(A (i S) (:: lab (> i 0)))"
    );
    let e = expr("\\A i, j \\in S : lab(i, j) :: i > j").unwrap();
    let ExprKind::BoundedQuant(_, _, body) = e.kind else {
        panic!("{e:?}")
    };
    let ExprKind::Label(head, _) = body.kind else {
        panic!("{body:?}")
    };
    let names: Vec<&str> = head.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["i", "j"]);
}

#[test]
fn keywords_are_record_fields() {
    // SANY's test208: every keyword may name a record field.
    assert_eq!(sx("bar.NEW"), "(. bar NEW)");
    assert_eq!(sx("bar.WF_"), "(. bar WF_)");
    assert_eq!(sx("bar.THEN.IF"), "(. (. bar THEN) IF)");
    assert!(expr("[bar EXCEPT !.LET = 0, !.CASE.OTHER = 1]").is_ok());
}

#[test]
fn infix_and_postfix_operators_applied_as_prefix() {
    // SANY's test204: `+(4, 6)` is `4 + 6`; binary minus is not (`-(4, 6)` is `-.((4, 6))`).
    assert_eq!(sx("+(4, 6)"), "(+ 4 6)");
    assert_eq!(sx("\\in(1, {1})"), "(\\in 1 {1})");
    assert_eq!(sx("^*(4)"), "(^* 4)");
    assert_eq!(sx("-.(4)"), "(-. 4)");
    // A bullet stays a bullet.
    assert_eq!(sx("/\\ (a)\n     /\\ b"), "(and a b)");
}

#[test]
fn step_names_with_selectors_in_proofs() {
    // SANY accepts `<1>1!lbl`, `<33>7!(42)!<<` as facts and in step expressions.
    let body = "THEOREM TRUE\n<1>1. lbl :: TRUE\n  BY <1>1!lbl, <1>1!1\n<1>2. <1>1!(42)!<< = 1\n<1> QED\n  BY <1>1!lbl <=> TRUE, <1>2";
    assert!(parse(body).is_ok(), "{:?}", parse(body).err());
}
