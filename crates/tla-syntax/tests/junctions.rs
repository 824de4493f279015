//! Bulleted `/\` and `\/` lists, following SANY's column rule (`JunctionListContext.java` and
//! `JuncItem`/`checkIndentation` in `tla+.jj`).

mod common;
use common::{err_pos, module_err, parse, sexpr};
use tla_syntax::ast::Unit;

/// The body of the only definition in `body`, as an s-expression.
#[track_caller]
fn def(body: &str) -> String {
    let m = match parse(body) {
        Ok(m) => m,
        Err(d) => panic!("did not parse: {d:?}\n{body}"),
    };
    match &m.units[..] {
        [Unit::Op(d)] => sexpr(&d.body),
        other => panic!("expected one definition, got {other:?}"),
    }
}

#[test]
fn simple_and_nested_lists() {
    assert_eq!(def("E == /\\ a\n     /\\ b\n     /\\ c"), "(and a b c)");
    assert_eq!(def("E ==\n  \\/ a\n  \\/ b"), "(or a b)");
    assert_eq!(
        def("E == /\\ a\n     /\\ \\/ b\n        \\/ c\n     /\\ d"),
        "(and a (or b c) d)"
    );
    assert_eq!(
        def("E ==\n  /\\ \\/ /\\ a\n        /\\ b\n     \\/ c\n  /\\ d"),
        "(and (or (and a b) c) d)"
    );
    // A single bullet is a list of one item.
    assert_eq!(def("E == /\\ a"), "(and a)");
}

#[test]
fn items_span_lines_while_right_of_the_bullet() {
    assert_eq!(
        def("E == /\\ x = 1 +\n       2\n     /\\ y = 3"),
        "(and (= x (+ 1 2)) (= y 3))"
    );
    assert_eq!(
        def("E == /\\ x' = [f EXCEPT ![1] =\n             2]\n     /\\ y"),
        "(and (= (' x) (EXCEPT f (![1] 2))) y)"
    );
}

#[test]
fn a_token_left_of_the_bullet_ends_the_list() {
    // `=>` at a lower column is outside the list: (/\ P /\ Q) => R.
    assert_eq!(def("E ==  /\\ P\n      /\\ Q\n   => R"), "(=> (and P Q) R)");
    // At the bullet's own column a non-bullet token also ends the list.
    assert_eq!(def("E == /\\ P\n     /\\ Q\n     => R"), "(=> (and P Q) R)");
    // A bullet at a lower column ends the inner list and continues the outer one.
    assert_eq!(
        def("E == \\/ /\\ a\n        /\\ b\n     \\/ c"),
        "(or (and a b) c)"
    );
}

#[test]
fn same_column_bullet_of_the_other_kind_ends_the_list() {
    // `\/` at the column of the `/\` bullets is the infix or applied to the finished list.
    assert_eq!(
        def("E == /\\ a\n     /\\ b\n     \\/ c"),
        "(\\/ (and a b) c)"
    );
    // Inside an outer list at a lower column, the same holds one level in.
    assert_eq!(
        def("E == /\\ /\\ a\n        \\/ b\n     /\\ c"),
        "(and (\\/ (and a) b) c)"
    );
}

#[test]
fn a_bullet_need_not_start_its_line_but_same_line_bullets_are_infix() {
    assert_eq!(def("E == /\\ a /\\ b"), "(and (/\\ a b))");
    assert_eq!(def("E == a /\\ b"), "(/\\ a b)");
    // A comment may stand before a bullet on its line.
    assert_eq!(def("E == /\\ a\n(**) /\\ b"), "(and a b)");
}

#[test]
fn case_and_if_inside_items() {
    assert_eq!(
        def("E == /\\ CASE a -> 1\n          [] b -> 2\n     /\\ c"),
        "(and (CASE (a 1) (b 2)) c)"
    );
    assert_eq!(
        def("E == /\\ IF a\n        THEN b\n        ELSE c\n     /\\ d"),
        "(and (IF a b c) d)"
    );
    assert_eq!(
        def("E == /\\ IF a THEN /\\ b\n                  /\\ c\n             ELSE d\n     /\\ e"),
        "(and (IF a (and b c) d) e)"
    );
    // A CASE arm's value that is a list ends at the next `[]` left of its bullets.
    assert_eq!(
        def("E == CASE a -> /\\ b\n               /\\ c\n       [] OTHER -> d"),
        "(CASE (a (and b c)) (OTHER d))"
    );
}

#[test]
fn case_separator_left_of_an_enclosing_bullet_is_an_error_as_in_sany() {
    // tlaplus/tlaplus#487: SANY takes the outer `[]` into the inner CASE and then rejects it.
    let body = "Foo ==\n  CASE TRUE ->\n        /\\ CASE TRUE -> TRUE\n             [] TRUE -> TRUE\n    [] TRUE -> TRUE";
    let d = module_err(body);
    assert_eq!(err_pos(body, &d), (6, 5), "{}", d.message);
}

#[test]
fn bullets_inside_brackets() {
    assert_eq!(
        def("E == /\\ (\\/ a\n         \\/ b)\n     /\\ c"),
        "(and (or a b) c)"
    );
    assert_eq!(
        def("E == {x \\in S : /\\ x > 1\n                /\\ x < 5}"),
        "(filter x S (and (> x 1) (< x 5)))"
    );
    assert_eq!(
        def("E == [a |-> /\\ p\n            /\\ q,\n      b |-> 2]"),
        "(record (a (and p q)) (b 2))"
    );
}

#[test]
fn brackets_do_not_suspend_the_rule() {
    // SANY rejects a closing bracket at or left of the bullet (tree-sitter-tlaplus#128).
    let body = "op ==\n    /\\ 1\n    /\\ (2\n)\n    /\\ 3";
    let d = module_err(body);
    assert_eq!(err_pos(body, &d), (5, 1), "{}", d.message);
    assert!(d.message.contains("ends the enclosing"), "{}", d.message);
    // tlaplus/tlaplus#678: `]_x` at the bullet's column does not parse, one column right does.
    let body = "R ==\n  /\\ [][x' # x\n  ]_x";
    let d = module_err(body);
    assert_eq!(err_pos(body, &d), (4, 3), "{}", d.message);
    assert_eq!(
        def("R ==\n  /\\ [][x' # x\n   ]_x"),
        "(and ([] ([]_ (# (' x) x) x)))"
    );
    // Inside a record, a field left of the bullet is an error too.
    let body = "E == /\\ x = [a |-> 1,\n   b |-> 2]";
    module_err(body);
    // Outside any list, brackets may close anywhere.
    assert_eq!(def("E == (a +\nb\n)"), "(+ a b)");
}

#[test]
fn columns_count_characters_and_tab_stops() {
    // Unicode bullets are one column each (tree-sitter-tlaplus#41).
    assert_eq!(def("op ≜\n  ∧ A\n  ∧ ∧ B\n    ∧ C"), "(and A (and B C))");
    // A tab advances to the next multiple of 8, as in SANY: `\t/\` aligns with 8 spaces.
    assert_eq!(def("E ==\n\t/\\ a\n        /\\ b"), "(and a b)");
    assert_eq!(def("E ==\n  \t/\\ a\n\t/\\ b"), "(and a b)");
    assert_eq!(def("E ==\n\t/\\ a\n\t/\\ b"), "(and a b)");
    // One tab is not one column: a tab on the next line puts `/\` at column 9, right of the
    // bullet at column 6, so it is an infix inside the item (at column 2 it would end the list).
    assert_eq!(def("E == /\\ a\n\t/\\ b"), "(and (/\\ a b))");
    assert_eq!(def("E == /\\ a\n /\\ b"), "(/\\ (and a) b)");
}

#[test]
fn a_field_name_left_of_the_bullet_is_an_error_not_a_panic() {
    // Found by the fuzzer: `r.` ends a line inside an item and the name after it stands at the
    // left margin.
    let body = "E == /\\ a = r.\nF == 1";
    let d = module_err(body);
    assert_eq!(err_pos(body, &d), (3, 1), "{}", d.message);
    assert!(d.message.contains("expected a name"), "{}", d.message);
}

#[test]
fn land_and_lor_words_are_not_bullets() {
    // In SANY only `/\`, `\/`, `∧` and `∨` are bullet tokens; `\land` is an infix operator.
    module_err("E == \\land a\n     \\land b");
    module_err("E == \\lor a");
    assert_eq!(def("E == a \\land b \\land c"), "(/\\ (/\\ a b) c)");
    assert_eq!(def("E == ∧ a\n     ∧ b"), "(and a b)");
    assert_eq!(def("E == ∨ a\n     ∨ b"), "(or a b)");
}

#[test]
fn lists_as_operands() {
    assert_eq!(def("E == ~ /\\ a\n       /\\ b"), "(~ (and a b))");
    assert_eq!(
        def("E == x = 1 /\\\n       \\/ a\n       \\/ b"),
        "(/\\ (= x 1) (or a b))"
    );
    assert_eq!(
        def("E == \\E y \\in S : /\\ a\n                  /\\ b"),
        "(E (y S) (and a b))"
    );
    assert_eq!(
        def("E == LET z == 1\n     IN /\\ a\n        /\\ b"),
        "(LET (z 1) (and a b))"
    );
}

#[test]
fn deeply_nested_list_items_end_properly() {
    // Each line continues the previous line's inner list and opens one more level.
    let mut body = String::from("E ==\n");
    for k in 0..30 {
        body.push_str(&" ".repeat(2 + 3 * k));
        body.push_str("/\\ /\\ a\n");
    }
    body.push_str("  /\\ z");
    let mut inner = String::from("(and a)");
    for _ in 0..29 {
        inner = format!("(and a {inner})");
    }
    assert_eq!(def(&body), format!("(and {inner} z)"));
}
