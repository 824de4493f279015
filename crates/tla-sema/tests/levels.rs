//! Levels as SANY computes them (BuiltInLevel.java, OpApplNode/OpDefNode.levelCheck) and the
//! level errors it reports.

mod common;

use common::*;
use tla_sema::ir::Level::{self, Action, Constant, State, Temporal};

fn spec_with(body: &str) -> (Dir, tla_sema::Spec) {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            &format!("EXTENDS Naturals\nCONSTANT c\nVARIABLE x, y\n{body}"),
        ),
    );
    let spec = d.ok("R.tla");
    (d, spec)
}

fn assert_levels(body: &str, expected: &[(&str, Level)]) {
    let (_d, spec) = spec_with(body);
    for (name, l) in expected {
        assert_eq!(level(&spec, name), *l, "level of {name} in\n{body}");
    }
}

#[test]
fn the_four_levels() {
    assert_levels(
        "K == c + 1\n\
         S == x + c\n\
         A == x' = x + 1\n\
         T == []((x = 1) => <>(y = 2))\n\
         Spec == (x = 0) /\\ [][x' = x + 1]_x /\\ WF_x(x' = x + 1)",
        &[
            ("K", Constant),
            ("S", State),
            ("A", Action),
            ("T", Temporal),
            ("Spec", Temporal),
        ],
    );
}

#[test]
fn builtin_operators_have_fixed_levels() {
    // ' and UNCHANGED are actions, [] and <> temporal, ENABLED a state function, whatever
    // their argument.
    assert_levels(
        "P == c'\n\
         U == UNCHANGED c\n\
         B == []TRUE\n\
         E == ENABLED (x' = 1)\n\
         Sq == [c = 1]_x\n\
         Dot == (x' = 1) \\cdot (y' = 2)\n\
         Lt == (x = 1) ~> (y = 1)",
        &[
            ("P", Action),
            ("U", Action),
            ("B", Temporal),
            ("E", State),
            ("Sq", Action),
            ("Dot", Action),
            ("Lt", Temporal),
        ],
    );
}

#[test]
fn constructs_without_a_limit_carry_temporal_levels() {
    // IF, CASE, records, function constructors, /\ and quantifier bodies take any level.
    assert_levels(
        "I == IF []TRUE THEN 1 ELSE 2\n\
         Cs == CASE x = 1 -> []TRUE [] OTHER -> TRUE\n\
         Rc == [a |-> []TRUE]\n\
         Fc == [n \\in {1} |-> <>TRUE]\n\
         Q == \\A n \\in {1, 2} : [](x = n)\n\
         L == LET t == []TRUE IN t",
        &[
            ("I", Temporal),
            ("Cs", Temporal),
            ("Rc", Temporal),
            ("Fc", Temporal),
            ("Q", Temporal),
            ("L", Temporal),
        ],
    );
}

#[test]
fn a_parameter_raises_an_application_only_through_weighted_arguments() {
    let (_d, spec) = spec_with(
        "Id(a) == a\n\
         En(A) == ENABLED A\n\
         Pr(a) == a'\n\
         Box(A) == [A]_x\n\
         Ignore(a) == 1\n\
         S1 == Id(x)\n\
         A1 == Id(x')\n\
         S2 == En(x' = 1)\n\
         A2 == Pr(c)\n\
         A3 == Box(x' = 2)\n\
         K1 == Ignore(x')",
    );
    assert_eq!(level(&spec, "S1"), State);
    assert_eq!(level(&spec, "A1"), Action);
    assert_eq!(level(&spec, "S2"), State);
    assert_eq!(level(&spec, "A2"), Action);
    assert_eq!(level(&spec, "A3"), Action);
    assert_eq!(level(&spec, "K1"), Constant);
    let pr = spec.def(spec.root_def("Pr").unwrap());
    assert_eq!(pr.param_max, vec![State]);
    assert_eq!(pr.param_raises, vec![false]);
    let id = spec.def(spec.root_def("Id").unwrap());
    assert_eq!(id.param_max, vec![Temporal]);
    assert_eq!(id.param_raises, vec![true]);
    let en = spec.def(spec.root_def("En").unwrap());
    assert_eq!(en.param_max, vec![Action]);
    assert_eq!(en.param_raises, vec![false]);
    // Under a weight-0 argument only that argument's own limit applies: (ENABLED A)' keeps
    // A's limit at action level.
    let (_d, spec) = spec_with("PE(A) == (ENABLED A)'\nZ == PE(x' = 1)");
    assert_eq!(
        spec.def(spec.root_def("PE").unwrap()).param_max,
        vec![Action]
    );
    assert_eq!(level(&spec, "Z"), Action);
}

#[test]
fn let_definitions_see_the_enclosing_parameters() {
    let (_d, spec) = spec_with(
        "Op(p) == LET q == p IN q\n\
         Op2(p) == LET q == p' IN q\n\
         A == Op(x')\n\
         S == Op(x)",
    );
    assert_eq!(level(&spec, "A"), Action);
    assert_eq!(level(&spec, "S"), State);
    let op2 = spec.def(spec.root_def("Op2").unwrap());
    assert_eq!(op2.param_max, vec![State]);
}

#[test]
fn recursive_operator_arguments_count() {
    let (_d, spec) = spec_with(
        "RECURSIVE Sum(_)\n\
         Sum(S) == IF S = {} THEN 0 ELSE LET e == CHOOSE v \\in S : TRUE IN e + Sum(S \\ {e})\n\
         St == Sum({x})",
    );
    let sum = spec.def(spec.root_def("Sum").unwrap());
    assert_eq!(sum.param_max, vec![Action]);
    assert_eq!(sum.param_raises, vec![true]);
    assert_eq!(level(&spec, "St"), State);
}

#[test]
fn instance_copies_get_levels_from_what_replaces_declarations() {
    let d = Dir::new();
    d.file(
        "M.tla",
        &module(
            "M",
            "CONSTANT k\nVARIABLE v\nInit == v = k\nNext == v' = k\nLive == []<>(v = k)",
        ),
    );
    d.file(
        "R.tla",
        &module("R", "VARIABLE x\nI == INSTANCE M WITH k <- 3, v <- x\nA == I!Next\nS == I!Init\nT == I!Live"),
    );
    let spec = d.ok("R.tla");
    assert_eq!(level(&spec, "A"), Action);
    assert_eq!(level(&spec, "S"), State);
    assert_eq!(level(&spec, "T"), Temporal);
}

fn level_error(body: &str, line: usize, col: usize, part: &str) {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            &format!("EXTENDS Naturals\nCONSTANT c\nVARIABLE x, y\n{body}"),
        ),
    );
    let errs = d.errors("R.tla");
    assert_error(&errs, "R.tla", line, col, part);
}

#[test]
fn primed_action() {
    level_error(
        "A == (x')'",
        5,
        6,
        "Level error in applying operator ': The level of argument 1 exceeds the maximum level allowed by the operator.",
    );
    level_error(
        "U == UNCHANGED (x')",
        5,
        6,
        "Level error in applying operator UNCHANGED",
    );
}

#[test]
fn always_of_a_plain_action() {
    level_error(
        "T == [](x' = x)",
        5,
        6,
        "[] followed by action not of form [A]_v.",
    );
    level_error(
        "Next == x' = x\nT == []Next",
        6,
        6,
        "[] followed by action not of form [A]_v.",
    );
    level_error(
        "T == <>(x' = x)",
        5,
        6,
        "<> followed by action not of form <<A>>_v.",
    );
    // A LET is not an operator application: SANY lets it through.
    let d = Dir::new();
    d.file(
        "R.tla",
        &module("R", "VARIABLE x\nT == [](LET a == x' = x IN a)"),
    );
    d.ok("R.tla");
}

#[test]
fn enabled_of_a_temporal_formula() {
    level_error(
        "E == ENABLED []<>(x = 1)",
        5,
        6,
        "Level error in applying operator ENABLED: The level of argument 1 exceeds the maximum level allowed by the operator.",
    );
}

#[test]
fn assumptions_must_be_constant() {
    level_error(
        "ASSUME x = 1",
        5,
        1,
        "Level error: assumptions must be level 0 (Constant), but this one has level 1.",
    );
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Naturals\nCONSTANT N\nASSUME N \\in Nat /\\ N > 0",
        ),
    );
    d.ok("R.tla");
}

#[test]
fn primed_parameter_applied_to_an_action() {
    level_error(
        "P(a) == a'\nX == P(x')",
        6,
        6,
        "Level error in applying operator P: The level of argument 1 exceeds the maximum level allowed by the operator.",
    );
    // Through a definition in between.
    level_error(
        "P(a) == a' = 1\nQ(b) == P(b)\nX == Q(x')",
        7,
        6,
        "Level error in applying operator Q",
    );
    level_error(
        "RECURSIVE R(_)\nR(n) == IF n' = 0 THEN 0 ELSE R(n - 1)",
        6,
        1,
        "Argument 1 of recursive operator R is primed",
    );
}

#[test]
fn limits_of_set_and_function_operators() {
    level_error(
        "S == {[]TRUE}",
        5,
        6,
        "Level error in applying operator $SetEnumerate: The level of argument 1",
    );
    level_error("F == [c -> <>TRUE]", 5, 6, "operator $SetOfFcns");
    level_error(
        "Q == \\E n \\in {[]TRUE} : TRUE",
        5,
        6,
        "Level error in applying operator $BoundedExists: The level of the range for the bounded variable n exceeds the maximum level allowed by the operator.",
    );
    level_error(
        "Ch == CHOOSE n \\in {1} : []TRUE",
        5,
        7,
        "operator $BoundedChoose",
    );
    level_error("Sub == ([](x = 1)) \\in {1}", 5, 8, "operator \\in");
    level_error(
        "Ap == [][x' = 1]_(x')",
        5,
        9,
        "operator $SquareAct: The level of argument 2",
    );
    level_error(
        "W == WF_x([]TRUE)",
        5,
        6,
        "operator $WF: The level of argument 2",
    );
}

#[test]
fn temporal_and_action_may_not_meet() {
    level_error(
        "L == (x' = 1) ~> (x = 2)",
        5,
        6,
        "Action used where only temporal formula or state predicate allowed.",
    );
    level_error(
        "M == (x' = 1) /\\ []TRUE",
        5,
        6,
        "\\land has both temporal formula and action as arguments.",
    );
    level_error(
        "M == /\\ x' = 1\n     /\\ []TRUE",
        5,
        6,
        "Conjunction list has both temporal formula and action as arguments.",
    );
    level_error(
        "Q == \\E n \\in {x'} : [](x = n)",
        5,
        15,
        "Action-level bound of quantified temporal formula.",
    );
}

#[test]
fn instantiating_a_non_constant_module() {
    let d = Dir::new();
    d.file(
        "M.tla",
        &module("M", "CONSTANT k\nVARIABLE v\nInit == v = k"),
    );
    d.file(
        "R.tla",
        &module("R", "VARIABLE x\nI == INSTANCE M WITH k <- x, v <- x"),
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        1,
        "Level error in instantiating module 'M': The level of the expression or operator substituted for 'k' must be at most 0.",
    );
    d.file(
        "R.tla",
        &module("R", "VARIABLE x\nI == INSTANCE M WITH k <- 1, v <- x'"),
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        1,
        "substituted for 'v' must be at most 1.",
    );
    // A constant module takes any level for its constants.
    d.file(
        "K.tla",
        &module("K", "EXTENDS Naturals\nCONSTANT k\nDouble == k + k"),
    );
    d.file(
        "R.tla",
        &module(
            "R",
            "VARIABLE x\nI == INSTANCE K WITH k <- x\nS == I!Double",
        ),
    );
    let spec = d.ok("R.tla");
    assert_eq!(level(&spec, "S"), State);
    // A submodule is a constant module even when the module around it is not.
    d.file(
        "Outer.tla",
        "---- MODULE Outer ----\nVARIABLE x\nNext == x' = x\n---- MODULE Inner ----\nCONSTANT c\nFoo == c\n====\nI == INSTANCE Inner WITH c <- x\nS == I!Foo\n====\n",
    );
    let spec = d.ok("Outer.tla");
    assert_eq!(level(&spec, "S"), State);
}

#[test]
fn standard_operators_use_sanys_level_signatures() {
    // SANY's Naturals: `a + b == {a, b}` but `a * b == TRUE`; TLC: `Print(out, val) == val`.
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Integers, Sequences, TLC\nVARIABLE x\nP == x + 2\nM == x * 2\nN == -x\nPr == Print(x', 1)\nTs == ToString(x)\nAp == Append(<<>>, x)",
        ),
    );
    let spec = d.ok("R.tla");
    assert_eq!(level(&spec, "P"), State);
    assert_eq!(level(&spec, "M"), Constant);
    assert_eq!(level(&spec, "N"), State);
    assert_eq!(level(&spec, "Pr"), Constant);
    assert_eq!(level(&spec, "Ts"), State);
    assert_eq!(level(&spec, "Ap"), State);
    level_error(
        "T == ([]TRUE) + 1",
        5,
        6,
        "Level error in applying operator +",
    );
}
