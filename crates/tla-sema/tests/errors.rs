//! Each class of error SANY reports, with its file, line and column and a message close to
//! SANY's text. Module bodies start on line 2 (line 1 is the `---- MODULE` header).

mod common;

use common::*;

#[test]
fn unknown_operator() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module("R", "VARIABLE x\nInit == x = Undefined \\cup {1}"),
    );
    let errs = d.errors("R.tla");
    assert_one(&errs, "R.tla", 3, 13, "Unknown operator: `Undefined'.");

    // In an imported module the error points into that module's file.
    d.file("B.tla", &module("B", "\n\nFoo == Bar"));
    d.file("A.tla", &module("A", "EXTENDS B"));
    assert_one(
        &d.errors("A.tla"),
        "B.tla",
        4,
        8,
        "Unknown operator: `Bar'.",
    );

    // An operator symbol: SANY names the symbol, then the application.
    d.file("S.tla", &module("S", "X == <<1>> \\o <<2>>"));
    let errs = d.errors("S.tla");
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert_error(
        &errs,
        "S.tla",
        2,
        12,
        "Could not find declaration or definition of symbol '\\o'.",
    );
    assert_error(
        &errs,
        "S.tla",
        2,
        6,
        "Couldn't resolve infix operator symbol `\\o'.",
    );
}

#[test]
fn unknown_operator_of_an_instance() {
    let d = Dir::new();
    d.file("M.tla", &module("M", "Op == 1"));
    d.file("R.tla", &module("R", "I == INSTANCE M\nX == I!Nope"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        8,
        "Unknown operator: `I!Nope'.",
    );
    d.file("R2.tla", &module("R2", "X == J!Op"));
    assert_one(
        &d.errors("R2.tla"),
        "R2.tla",
        2,
        8,
        "Unknown operator: `J!Op'.",
    );
    d.file("R3.tla", &module("R3", "I == INSTANCE M\nX == I"));
    assert_one(
        &d.errors("R3.tla"),
        "R3.tla",
        3,
        6,
        "Operator name I is incomplete.",
    );
}

#[test]
fn wrong_number_of_arguments() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "F(a) == a\nVARIABLE v\nX == F(1, 2)\nY == F\nZ == v(3)",
        ),
    );
    let errs = d.errors("R.tla");
    assert_eq!(errs.len(), 3, "{errs:#?}");
    // At the argument list when there is one, else at the expression.
    assert_error(&errs, "R.tla", 4, 7, "The operator F requires 1 arguments.");
    assert_error(&errs, "R.tla", 5, 6, "The operator F requires 1 arguments.");
    assert_error(&errs, "R.tla", 6, 7, "The operator v requires 0 arguments.");

    // Instances: the instance's own parameters, then the operator's.
    d.file("M.tla", &module("M", "CONSTANT c\nOp(a) == a"));
    d.file(
        "R2.tla",
        &module(
            "R2",
            "I(n) == INSTANCE M WITH c <- n\nX == I!Op(1)\nY == I(1)!Op(1, 2)",
        ),
    );
    let errs = d.errors("R2.tla");
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert_error(
        &errs,
        "R2.tla",
        3,
        6,
        "The operator I requires 1 arguments.",
    );
    assert_error(
        &errs,
        "R2.tla",
        4,
        13,
        "The operator I!Op requires 1 arguments.",
    );
}

#[test]
fn operator_arguments_of_the_wrong_kind() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "Apply(F(_), v) == F(v)\nTwo(a, b) == a\nX == Apply(Two, 1)\nY == Apply({1}, 1)\nZ == Apply(LAMBDA a, b : a, 1)",
        ),
    );
    let errs = d.errors("R.tla");
    assert_error(
        &errs,
        "R.tla",
        4,
        12,
        "Expected arity 1 but found operator of arity 2.",
    );
    assert_error(
        &errs,
        "R.tla",
        5,
        12,
        "An expression appears as argument number 1 (counting from 1) to operator 'Apply', in a position an operator is required.",
    );
    assert_error(
        &errs,
        "R.tla",
        6,
        12,
        "Lambda expression with arity 2 used as argument 1 of operator `Apply', but an operator of arity 1 is required.",
    );
    assert_eq!(errs.len(), 3, "{errs:#?}");
}

#[test]
fn function_applied_to_the_wrong_number_of_arguments() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "f[a \\in {1}, b \\in {2}] == a\nX == f[1, 2, 3]\nY == f[<<1, 2>>]",
        ),
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        6,
        "Function 'f' is defined with 2 parameters, but is applied to 3 arguments.",
    );
}

#[test]
fn import_cycle() {
    let d = Dir::new();
    d.file("A.tla", &module("A", "EXTENDS B"));
    d.file("B.tla", &module("B", "EXTENDS C"));
    d.file("C.tla", &module("C", "X == 1\nI == INSTANCE A"));
    let errs = d.errors("A.tla");
    assert_one(
        &errs,
        "C.tla",
        3,
        15,
        "Circular dependency among .tla files; dependency cycle is: A.tla --> B.tla --> C.tla --> A.tla",
    );
    // A module extending itself.
    d.file("S.tla", &module("S", "EXTENDS S"));
    assert_one(&d.errors("S.tla"), "S.tla", 2, 9, "S.tla --> S.tla");
}

#[test]
fn bound_names_and_parameters_must_be_new() {
    // SymbolTable.addSymbol: a FormalParamNode whose name means anything is an error.
    let d = Dir::new();
    let cases = [
        // (body, line, col, earlier place)
        (
            "x == 1\nY == \\E x \\in {1} : TRUE",
            3,
            9,
            "line 2, col 1 of module R",
        ),
        ("VARIABLE v\nF(v) == v", 3, 3, "line 2, col 10 of module R"),
        (
            "Y == \\A y \\in {1} : \\E y \\in {2} : TRUE",
            2,
            24,
            "line 2, col 9 of module R",
        ),
        (
            "CONSTANT c\nY == {c \\in {1} : TRUE}",
            3,
            7,
            "line 2, col 10 of module R",
        ),
        (
            "G == 1\nY == [G \\in {1} |-> 2]",
            3,
            7,
            "line 2, col 1 of module R",
        ),
        (
            "Y == LET z == 1 IN CHOOSE z \\in {1} : TRUE",
            2,
            27,
            "line 2, col 10",
        ),
        (
            "Apply(F(_)) == F(1)\nG(a) == Apply(LAMBDA a : a)",
            3,
            22,
            "line 3, col 3 of module R",
        ),
    ];
    for (body, line, col, earlier) in cases {
        d.file("R.tla", &module("R", body));
        let errs = d.errors("R.tla");
        assert_one(&errs, "R.tla", line, col, "Multiply-defined symbol");
        assert!(
            errs[0]
                .message
                .contains(&format!("conflicts with the one at {earlier}")),
            "{body}: {errs:#?}"
        );
    }
    // Different bound names, and the same name in sibling scopes, are fine.
    d.file(
        "Ok.tla",
        &module(
            "Ok",
            "Y == (\\E a \\in {1} : TRUE) /\\ (\\E a \\in {2} : TRUE)\nF(a) == a\nG(a) == a",
        ),
    );
    d.ok("Ok.tla");
}

#[test]
fn redefinitions() {
    let d = Dir::new();
    // Generator.processOperator / processFunction.
    d.file("R.tla", &module("R", "F == 1\nF == 2"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        1,
        "Operator F already defined or declared.",
    );
    d.file("R.tla", &module("R", "VARIABLE f\nf[a \\in {1}] == a"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        1,
        "Function name `f' already defined or declared.",
    );
    d.file("R.tla", &module("R", "F(a) == LET a == 1 IN a"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        2,
        13,
        "Operator a already defined or declared.",
    );
    // A definition EXTENDed from another module.
    d.file("B.tla", &module("B", "Op == 1"));
    d.file("A.tla", &module("A", "EXTENDS B\nOp == 2"));
    assert_one(
        &d.errors("A.tla"),
        "A.tla",
        3,
        1,
        "Operator Op already defined or declared.",
    );
    // SymbolTable.addSymbol: a declaration of another kind.
    d.file("R.tla", &module("R", "CONSTANT x\nVARIABLE x"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        10,
        "Multiply-defined symbol 'x': this definition or declaration conflicts with the one at line 2, col 10 of module R.",
    );
    // Context.mergeExtendContext: a definition and a declaration of one name.
    d.file("D1.tla", &module("D1", "VARIABLE s"));
    d.file("D2.tla", &module("D2", "s == 1"));
    d.file("E.tla", &module("E", "EXTENDS D1, D2"));
    assert_one(
        &d.errors("E.tla"),
        "E.tla",
        2,
        13,
        "conflicts with its declaration at line 2, col 10 of module D1",
    );
}

#[test]
fn recursive_declared_but_not_defined() {
    let d = Dir::new();
    d.file("R.tla", &module("R", "RECURSIVE F(_)\nX == 1"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        2,
        11,
        "Symbol F declared in RECURSIVE statement but not defined.",
    );
}

#[test]
fn instance_substitutions() {
    let d = Dir::new();
    d.file(
        "M.tla",
        &module("M", "CONSTANT c\nVARIABLE v\nOp == v = c\nF2(a, b) == a"),
    );
    // Neither substituted nor defined where instantiated (SubstInNode.matchAll).
    d.file("R.tla", &module("R", "VARIABLE v\nI == INSTANCE M"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        1,
        "Substitution missing for symbol c declared at line 2, col 10 of module M and instantiated in module R.",
    );
    // Not a declared name of M (Generator.generateSubst).
    d.file(
        "R.tla",
        &module("R", "VARIABLE v\nI == INSTANCE M WITH c <- 1, Op <- 2"),
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        30,
        "Identifier 'Op' is not a legal target of a substitution.",
    );
    // Twice (SubstInNode.addExplicitSubstitute).
    d.file(
        "R.tla",
        &module("R", "VARIABLE v\nI == INSTANCE M WITH c <- 1, c <- 2"),
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        30,
        "Multiple substitutions for symbol 'c' in substitution.",
    );
    // An operator constant needs an operator of its arity.
    d.file("N.tla", &module("N", "CONSTANT G(_, _)\nUse == G(1, 2)"));
    d.file(
        "R.tla",
        &module("R", "One(a) == a\nI == INSTANCE N WITH G <- One"),
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        27,
        "An operator must be substituted for symbol 'G', and it must have arity 2.",
    );
    d.file("R.tla", &module("R", "Two(a, b) == a\nI == INSTANCE N WITH G <- Two\nJ == INSTANCE N WITH G <- LAMBDA a, b : b\nX == I!Use + J!Use"));
    let errs = d.errors("R.tla");
    assert_error(&errs, "R.tla", 5, 12, "symbol '+'");
}

#[test]
fn misc_expression_errors() {
    let d = Dir::new();
    d.file("R.tla", &module("R", "X == @ \nY == [a |-> 1, a |-> 2]"));
    let errs = d.errors("R.tla");
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert_error(
        &errs,
        "R.tla",
        2,
        6,
        "@ used where its meaning is not defined.",
    );
    assert_error(&errs, "R.tla", 3, 16, "Non-unique fields in constructor.");
    d.file("R.tla", &module("R", "VARIABLE v\nX == v!1"));
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        6,
        "Cannot take subexpression of `v'.",
    );
}

#[test]
fn syntax_error_in_an_imported_module() {
    let d = Dir::new();
    d.file("B.tla", &module("B", "X == (1 +"));
    d.file("A.tla", &module("A", "EXTENDS B"));
    let errs = d.errors("A.tla");
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert_eq!(errs[0].file, "B.tla");
}

#[test]
fn errors_render_with_file_line_column_and_caret() {
    let d = Dir::new();
    d.file("R.tla", &module("R", "X ==   Nope"));
    let e = d.load("R.tla").unwrap_err();
    let text = e.render();
    let mut lines = text.lines();
    let first = lines.next().unwrap();
    assert!(
        first.ends_with("R.tla:2:8: Unknown operator: `Nope'."),
        "{text}"
    );
    assert_eq!(lines.next(), Some("X ==   Nope"));
    assert_eq!(lines.next(), Some("       ^"));
}
