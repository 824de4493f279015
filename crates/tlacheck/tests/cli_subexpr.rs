//! Subexpression names (`Op(a)!2`, `!<<`, `!>>`, `!:`, `!@`, `!(x, y)`, labels, LET names,
//! instance paths) evaluated as TLC evaluates them, and the errors SANY reports for the ones
//! that name nothing. Every figure and message below is TLC's on the same spec
//! (`java -cp tla2tools.jar tlc2.TLC -workers 1 -deadlock <Spec>`, TLC2 2026.11.29).

mod common;

use common::*;

// Operands as SANY numbers them: an application's arguments, IF's parts, a CASE arm's pair,
// a record's values, an EXCEPT's base, a binder's sets and (with `!(..)`) its body, a LET's
// body, `r.f` as (r, "f"), `f[a]` as (f, a), `[A]_v` as (A, v). `Next!2!2!1` is 3: in SANY
// `Move(3)!2` is a LAMBDA applied to 3, whose first operand is that argument. Every ASSUME
// holds (TLC: no assumption failure). Next steps by +1 while x + 1 <= 6 and by +3 while
// x + 2 <= 6: x = 0..7, 8 distinct; generated 1 + 11 = 12, depth 4 (0, 3, 6, 7).
const SUB_POS: &str = r#"---- MODULE SubPos ----
EXTENDS Naturals, Sequences
VARIABLE x
Init == x = 0
Move(d) == /\ x + d <= 6
           /\ x' = x + d
Next == \/ Move(1)
        \/ Move(2)!1 /\ Move(3)!2
Pos == <<1, 2, 3>>
F(a) == IF a > 0 THEN a + 10 ELSE 0
G == [Pos EXCEPT ![1] = 7]
R == [f1 |-> 5, f2 |-> 6]
RS == [f1 : {1}, f2 : {2, 3}]
C(v) == CASE v = 1 -> 11 [] v = 2 -> 22 [] OTHER -> 33
L == LET Z == 23 IN Z + 1
Q == \E i \in 1..3, j \in {4} : i + j > 6
FC == [i \in 1..2, k \in {5} |-> i * k]
SF == {i \in 1..4 : i > 2}
SM == {i * 2 : i \in 1..3}
CH == CHOOSE i \in 1..5 : i > 3
Ap == Pos[2]
Dt == R.f2
BA == [x' = x]_x
ASSUME Pos!1 = 1 /\ Pos!<< = 1 /\ Pos!3 = 3
Plus == 1 + 2
ASSUME Plus!>> = 2 /\ Plus!<< = 1
ASSUME F(5)!1 = (5 > 0) /\ F(5)!2 = 15 /\ F(5)!3 = 0 /\ F(5)!2!1 = 5
ASSUME G!1 = Pos
ASSUME R!2 = 6 /\ RS!2 = {2, 3}
ASSUME C(7)!2!2 = 22 /\ C(7)!3!2 = 33 /\ C(1)!1!1 /\ ~C(2)!1!1
ASSUME L!1 = 24 /\ L!1!1 = 23
ASSUME Q!1 = 1..3 /\ Q!2 = {4} /\ Q!(3, 4) = TRUE /\ Q!(1, 4) = FALSE /\ Q!(2, 4)!<< = 6
ASSUME FC!1 = 1..2 /\ FC!(2, 5) = 10
ASSUME SF!1 = 1..4 /\ SF!(3) = TRUE
ASSUME SM!1 = 1..3 /\ SM!(4) = 8
ASSUME CH!1 = 1..5 /\ CH!(2) = FALSE
ASSUME Ap!1 = Pos /\ Ap!2 = 2 /\ Dt!2 = "f2"
Inv == /\ BA!2 = x
       /\ Next!2!2!1 = 3
       /\ Next!1!1 = 1
       /\ Move(4)!1 = (x + 4 <= 6)
====
"#;

#[test]
fn operands_are_numbered_as_sany_numbers_them() {
    run_model(
        "SubPos",
        SUB_POS,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &["-deadlock"],
    )
    .success()
    .stats(12, 8, 0, 4);
}

// Labels with parameters (`Guard(9)!small(3)` is `x < 3`, Guard's own argument unused),
// nested labels, `!@` and a LET definition passed as operators, `!:` of a theorem and of an
// ASSUME, and instance paths (`I!Lim(2)!bnd(5)`, `J(1)!Lim(2)!bnd(2)` through a
// parameterized instance, `I!Fact!:`). TLC: 4 states generated, 4 distinct (x = 0..3),
// depth 4, every ASSUME and the invariant hold.
const SUB_LAB: &str = r#"---- MODULE SubLab ----
EXTENDS Naturals
VARIABLE x
I == INSTANCE Inner WITH K <- 4, y <- x
J(k) == INSTANCE Inner WITH K <- k, y <- x
Init == x = 0
Guard(m) == \E i \in {m} : small(i) :: x < i
Body == top :: /\ inner :: x' = x + 1
               /\ TRUE
Next == /\ Guard(9)!small(3)
        /\ Body!top!inner
Ap(Op(_)) == Op(5)
Dbl == \A z \in {} : 2 * z
U == /\ LET Op(q) == q + 1
       IN  44
     /\ TRUE
THEOREM T1 == 2 + 2 = 4
ASSUME A1 == 3 > 2
ASSUME Ap(Dbl!@) = 10
ASSUME Ap(LAMBDA w : w + 2)!: = 7 \/ TRUE
ASSUME Ap(U!1!Op) = 6 /\ U!1!Op(7) = 8 /\ U!1!Op(7)!: = 8 /\ U!1!1 = 44
ASSUME T1!:
ASSUME T1!1 = 4
ASSUME A1!:
ASSUME A1!2 = 2
ASSUME I!Lim(2)!bnd(5) = FALSE /\ I!Lim(2)!bnd(3) = TRUE /\ I!Lim(7)!1 = 1..7
ASSUME J(1)!Lim(2)!bnd(1) /\ ~J(1)!Lim(2)!bnd(2)
ASSUME I!Fact!: /\ I!Fact!1!2 = 0
Inv == /\ I!Step!1 = (x < 4)
       /\ J(2)!Step!2!2 = (x + 1)
====
"#;
const INNER: &str = r#"---- MODULE Inner ----
EXTENDS Naturals
CONSTANT K
VARIABLE y
Step == /\ y < K
        /\ y' = y + 1
Lim(n) == \A i \in 1..n : bnd(i) :: i <= K
THEOREM Fact == K + 0 = K
====
"#;

#[test]
fn labels_let_names_colon_and_instance_paths() {
    let d = Dir::new();
    d.file("SubLab.tla", SUB_LAB)
        .file("Inner.tla", INNER)
        .file("SubLab.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    d.check(&["SubLab.tla", "-deadlock"])
        .success()
        .stats(4, 4, 0, 4);
}

/// A module with the definitions the error cases select from, then `line`.
fn with_defs(name: &str, line: &str) -> String {
    format!(
        "---- MODULE {name} ----\nEXTENDS Naturals\nVARIABLE x\nPos == <<1, 2, 3>>\nF(a) == a + 1\n\
G == [Pos EXCEPT ![1] = 7]\nC(v) == CASE v = 1 -> 11 [] OTHER -> 33\nL == LET Z == 23 IN Z + 1\n\
R == \\E i \\in 1..3, j \\in {{4}} : i + j > 6\nGuard(m) == \\E i \\in {{m}} : small(i) :: i < 3\n\
Dbl == \\A z \\in {{}} : 2 * z\n{line}\n====\n"
    )
}

// SANY's message for each reference that names nothing (TLC prints it with the place and
// exits 150), line 12 being the one under test.
#[test]
fn references_to_nothing_are_sany_errors() {
    let cases: &[(&str, &str)] = &[
        (
            "ASSUME Pos!4 = 1",
            "12:12: Nonexistent operand specified by `argument selector 4'.",
        ),
        (
            "ASSUME Pos!>> = 1",
            "12:12: Nonexistent operand specified by `>>'.",
        ),
        (
            "ASSUME G!2 = 7",
            "12:10: Selecting subexpression of an EXCEPT not yet implemented.",
        ),
        (
            "ASSUME C(1)!1 = 11",
            "12:13: Subexpression of CASE must have form !i!j.",
        ),
        (
            "ASSUME C(1)!2!1 = 1",
            "12:15: Selecting OTHER in a CASE statement.",
        ),
        (
            "ASSUME L!2 = 1",
            "12:10: A LET/IN expression has only one operand.",
        ),
        (
            "ASSUME L!1!Nope = 1",
            "12:10: A name selector here must be from a LET clause.",
        ),
        (
            "ASSUME R!(1) = TRUE",
            "12:10: Selector with 1 argument(s) used for quantifier with 2 bound identifier(s).",
        ),
        (
            "ASSUME Pos!nolabel = 1",
            "12:12: Cannot find label `nolabel'.",
        ),
        (
            "ASSUME Guard(1)!small = TRUE",
            "12:17: Label `small' used with wrong number of arguments.",
        ),
        ("ASSUME x!1 = 1", "12:8: Cannot take subexpression of `x'."),
        (
            "ASSUME Dbl!@ = 1",
            "12:8: Expected 1 arguments but found 0.",
        ),
        (
            "ASSUME Pos!1!1 = 1",
            "12:14: Selecting subexpression of expression that has none.",
        ),
        (
            "ASSUME F!1 = 1",
            "12:8: The operator F requires 1 arguments.",
        ),
        (
            "ASSUME Guard(1)!small(2)!1!1 = 1",
            "12:28: Nonexistent operand specified by `argument selector 1'.",
        ),
        (
            "ASSUME Dbl!(1)!1!1 = 1",
            "12:18: Selecting subexpression of expression that has none.",
        ),
        (
            "Zq == x + 1  ASSUME Zq!1!1 = 1",
            "12:26: Choosing operand `argument selector 1' of subexpression with no operands.",
        ),
        (
            "ASSUME Dbl!(1)!(2) = 1",
            "12:16: Nonexistent operand specified by `!(...)'.",
        ),
        (
            "ASSUME Dbl!@!@ = 1",
            "12:14: Nonexistent operand specified by `@'.",
        ),
        ("ASSUME L!Z = 1", "12:10: Cannot find label `Z'."),
        (
            "Ap(Op(_)) == Op(1)  Bad == Ap(LAMBDA y : lab :: y > 0)",
            "12:42: Label lab must contain formal parameter `y'.",
        ),
        (
            "Bad == \\A i \\in {1} : l1(i) :: \\E j \\in {2} : l2(i, j) :: i < j",
            "12:47: Label l2 declares extra parameter(s)  i",
        ),
        (
            "ASSUME F(1)!:!1 = 1",
            "12:13: `!:' can be used only after a name",
        ),
        (
            "Bad == \\A i \\in {1} : lab :: i > 0",
            "12:23: Label lab must contain formal parameter `i'.",
        ),
        (
            "Bad == \\A i \\in {1} : lab(j) :: i > 0",
            "12:27: Illegal parameter j of label `lab'.",
        ),
        // Parse errors in SANY: a selector needs a name before it, and takes no arguments.
        ("ASSUME (1 + 2)!1 = 1", "12:15: expected a name, found `!`"),
        (
            "ASSUME Pos!1(3) = 1",
            "12:12: Selector `1' should not have argument(s).",
        ),
    ];
    for (line, message) in cases {
        let d = Dir::new();
        d.file("E.tla", &with_defs("E", line))
            .file("E.cfg", "INIT Init\nNEXT Next\n");
        d.check(&["E.tla"])
            .code(150)
            .says(&format!("E.tla:{message}"));
    }
}

// A theorem's statement is level-checked through an instance: Stays primes its variable, so
// H's parameter may be at most a state function, and `x'` is an action. TLC: "Level error in
// applying operator H!Stays: The level of argument 1 exceeds the maximum level allowed by the
// operator.", exit 150.
const HOLD: &str = r#"---- MODULE Hold ----
VARIABLE w
THEOREM Stays == w' = w
Keep(v) == v' = v
====
"#;

#[test]
fn instance_arguments_are_level_checked_in_theorems() {
    let d = Dir::new();
    d.file("Hold.tla", HOLD)
        .file(
            "LvI.tla",
            "---- MODULE LvI ----\nVARIABLE x\nH(u) == INSTANCE Hold WITH w <- u\nInit == x = 0\nNext == H(x)!Keep(x)\nBad == H(x')!Stays\n====\n",
        )
        .file("LvI.cfg", "INIT Init\nNEXT Next\n");
    d.check(&["LvI.tla"])
        .code(150)
        .says("LvI.tla:6:8: Level error in applying operator H!Stays: The level of argument 1 exceeds the maximum level allowed by the operator.");
}

// A named part without parameters is SANY's `$Nop(part)`, an application with one operand:
// in `E == Q!1 \cup {9}`, `E!1` is that application and `E!1!1` is `1..3` itself (not its
// first operand `1`). TLC: every ASSUME holds, no states (no behaviour spec).
#[test]
fn a_named_part_is_an_application_of_one_operand() {
    let spec = "---- MODULE Nop ----\nEXTENDS Naturals\nPos == <<1, 2, 3>>\nQ == 1..3 \\cup {}\n\
D == Pos!2 + 1\nE == Q!1 \\cup {9}\nASSUME D = 3 /\\ D!1 = 2 /\\ D!1!1 = 2\nASSUME E!1!1 = 1..3\n====\n";
    run_model("Nop", spec, "", &[]).success().stats(0, 0, 0, 0);
}

// An ASSUME/PROVE theorem is no expression (SANY's error; TLC exits 150).
#[test]
fn an_assume_prove_theorem_is_not_an_expression() {
    let spec =
        "---- MODULE AP ----\nTHEOREM T == ASSUME NEW n PROVE n = n\nX == T\nY == T!1\n====\n";
    let r = run_model("AP", spec, "", &[]);
    r.code(150)
        .says("AP.tla:3:6: ASSUME/PROVE used where an expression is required.");
}

// A LET definition's parts, named inside the LET, see the names bound around it (`k`):
// `M(k)!1` is `x + k < 6`, `M(1)!2` is `x' = x + 1 + k`. TLC: 8 generated, 6 distinct
// (x = 0, 2, 3, 4, 5, 6), depth 3.
#[test]
fn parts_of_a_let_definition_see_the_names_around_it() {
    let spec = "---- MODULE LetSel ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n\
Next == \\E k \\in {1, 2} :\n          LET M(d) == /\\ x + d < 6\n                      /\\ x' = x + d + k\n\
          IN  M(k)!1 /\\ M(1)!2\n====\n";
    run_model("LetSel", spec, "INIT Init\nNEXT Next\n", &["-deadlock"])
        .success()
        .stats(8, 6, 0, 3);
}

// SANY: "Subexpression of  `F' used inside the operator's definition." (its two spaces).
#[test]
fn a_recursive_operator_names_no_part_of_itself() {
    let spec = "---- MODULE Rec ----\nEXTENDS Naturals\nRECURSIVE F(_)\nF(n) == IF n = 0 THEN 0 ELSE F(n - 1)!1\n====\n";
    run_model("Rec", spec, "", &[])
        .code(150)
        .says("Rec.tla:4:30: Subexpression of  `F' used inside the operator's definition.");
}

// A theorem's statement is an expression to name parts of: `Safe!>>` is `[](x < 3)`, which
// TLC checks as the invariant it boxes (a named part keeps its form). TLC: "Invariant Prop
// is violated.", 4 states generated, 4 distinct, counterexample of 4 states (x = 0..3).
#[test]
fn a_part_of_a_theorem_as_a_property() {
    let spec = "---- MODULE ThmP ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n\
Next == x' = (x + 1) % 4\nSpec == Init /\\ [][Next]_x\nTHEOREM Safe == Spec => [](x < 3)\n\
Prop == Safe!>>\n====\n";
    run_model("ThmP", spec, "SPECIFICATION Spec\nPROPERTY Prop\n", &[])
        .code(12)
        .says("Invariant Prop is violated.")
        .trace_len(4)
        .stats(4, 4, 0, 4);
}
