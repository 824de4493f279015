//! Errors the standard modules' Java code raises as `EvalException`s (Naturals' and
//! Integers' arithmetic and comparisons, Sequences' and FiniteSets' operators) and the TLC
//! module's `Assert`: in a successor or a state constraint TLC prints them as they are, not
//! wrapped in EC.GENERAL's "unexpected exception" text, and the run exits 255 (their codes have
//! no exit of their own; Assert's is 14); checking an initial state TLC names no state for them;
//! in an action property they end with that same exit.
//!
//! Each expected text is TLC's own output for the spec beside it, from
//! `java -XX:+UseParallelGC -cp tla2tools.jar tlc2.TLC -workers 1 Spec` (TLC 2026.12.02), from
//! the line after `Starting...`, without the lines that name dates, TLC's trace-exploration
//! file and the outdegree line.

mod common;

use common::same_as_tlc;

#[test]
fn division_by_zero_in_a_successor() {
    same_as_tlc(
        "M01Div",
        r#"---- MODULE M01Div ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = 10 \div (x - x)
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: The second argument of \div is 0.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 28 in M01Div
1. Line 5, column 14 to line 5, column 28 in M01Div


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn overflow_in_a_successor() {
    same_as_tlc(
        "M02Overflow",
        r#"---- MODULE M02Overflow ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = 2147483647 + x + 1
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: Overflow when computing 2147483647+1
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 31 in M02Overflow
1. Line 5, column 14 to line 5, column 31 in M02Overflow


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn modulus_by_zero_in_a_successor() {
    same_as_tlc(
        "M03Mod",
        r#"---- MODULE M03Mod ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = x % (x - x)
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: The second argument of % should be a positive number, but instead it is:
0
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 24 in M03Mod
1. Line 5, column 14 to line 5, column 24 in M03Mod


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn comparison_of_a_string_in_a_successor() {
    same_as_tlc(
        "M04Less",
        r#"---- MODULE M04Less ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = IF "a" < x THEN 1 ELSE 2
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: The first argument of < should be an integer, but instead it is:
"a"
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 37 in M04Less
1. Line 5, column 14 to line 5, column 37 in M04Less
2. Line 5, column 17 to line 5, column 23 in M04Less


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn head_of_the_empty_sequence_in_a_successor() {
    same_as_tlc(
        "M05Head",
        r#"---- MODULE M05Head ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = Head(<<>>) + x
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: Attempted to apply Head to the empty sequence.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 27 in M05Head
1. Line 5, column 14 to line 5, column 27 in M05Head
2. Line 5, column 14 to line 5, column 23 in M05Head


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn length_of_an_integer_in_a_successor() {
    same_as_tlc(
        "M06Len",
        r#"---- MODULE M06Len ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = Len(x)
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: The argument of Len should be a sequence, but instead it is:
0
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 19 in M06Len
1. Line 5, column 14 to line 5, column 19 in M06Len


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn append_to_an_integer_in_a_successor() {
    same_as_tlc(
        "M07Append",
        r#"---- MODULE M07Append ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = Len(Append(x, 1))
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: Evaluating an expression of the form Append(s, v) when s is not a sequence:
0
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 30 in M07Append
1. Line 5, column 14 to line 5, column 30 in M07Append
2. Line 5, column 18 to line 5, column 29 in M07Append


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn division_by_zero_in_a_constraint_on_a_successor() {
    same_as_tlc(
        "M08Constraint",
        r#"---- MODULE M08Constraint ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + 1
Con == 1 \div (1 - x) >= 0
====
"#,
        r#"INIT Init
NEXT Next
CONSTRAINT Con
"#,
        255,
        r#"Computing initial states...
Error: The second argument of \div is 0.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module M08Constraint>
x = 1

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 6, column 8 to line 6, column 26 in M08Constraint
1. Line 6, column 8 to line 6, column 21 in M08Constraint


2 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn division_by_zero_in_an_action_s_first_guard() {
    same_as_tlc(
        "M09Guard",
        r#"---- MODULE M09Guard ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
A(i) == /\ 10 \div i > x
        /\ x' = x + 1
Next == \E i \in {3, 0} : A(i)
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: The second argument of \div is 0.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 6, column 21 in M09Guard
1. Line 5, column 12 to line 5, column 24 in M09Guard
2. Line 5, column 12 to line 5, column 20 in M09Guard


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn cardinality_of_nat_in_a_successor() {
    same_as_tlc(
        "M10Card",
        r#"---- MODULE M10Card ----
EXTENDS Integers, Sequences, FiniteSets
VARIABLE x
Init == x = 0
Next == x' = Cardinality(Nat) + x
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: Attempted to compute cardinality of the value
Nat
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 33 in M10Card
1. Line 5, column 14 to line 5, column 33 in M10Card
2. Line 5, column 14 to line 5, column 29 in M10Card


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn subsequence_bound_that_is_a_string_in_a_successor() {
    same_as_tlc(
        "M11SubSeq",
        r#"---- MODULE M11SubSeq ----
EXTENDS Integers, Sequences, FiniteSets
VARIABLE x
Init == x = 0
Next == x' = Len(SubSeq(<<1>>, x, "b"))
====
"#,
        r#"INIT Init
NEXT Next
"#,
        255,
        r#"Computing initial states...
Error: The third argument of SubSeq should be a natural number, but instead it is:
"b"
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 39 in M11SubSeq
1. Line 5, column 14 to line 5, column 39 in M11SubSeq
2. Line 5, column 18 to line 5, column 38 in M11SubSeq


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

/// An invariant failing to evaluate on a successor ends TLC's run with the summary a
/// successful one prints, outdegree included (the worker's `doNextEvalFailed` path); TLC
/// printed `... is 2 (minimum is 1, the maximum 4 and the 95th percentile is 4).` and exit 76
/// for this spec. (Its state counts are not compared: TLC prints them while its worker goes on
/// with the state's other successors.)
#[test]
fn an_invariant_failing_to_evaluate_ends_with_the_outdegree() {
    let spec = r#"---- MODULE M12Inv ----
EXTENDS Integers
VARIABLE x, y
Init == x = 0 /\ y \in {0, 1}
Next == \/ x' = x + 1 /\ y' \in {0, 1, 2}
        \/ x' = x + 2 /\ UNCHANGED y
Inv == 10 \div (4 - x - y) >= -100
====
"#;
    let run = common::run_model("M12Inv", spec, "INIT Init\nNEXT Next\nINVARIANT Inv\n", &[]);
    run.code(76).says(
        "The average outdegree of the complete state graph is 2 (minimum is 1, the maximum 4 \
         and the 95th percentile is 4).",
    );
}

// An EvalException (Assert, a module's error) checking an initial state: TLC_INITIAL_STATE's
// "While working on the initial state" is printed for runtime exceptions only. In an action
// property, the exit is the EvalException's own (Assert 14, a module's error 255), not 75.

#[test]
fn assert_in_an_invariant_of_an_initial_state_names_no_state() {
    same_as_tlc(
        "A02InitInvAssert",
        r#"---- MODULE A02InitInvAssert ----
EXTENDS Integers, Sequences, TLC
VARIABLE x
Init == x = 0
Next == x' = x
Inv == Assert(x > 0, "m")
====
"#,
        r#"INIT Init
NEXT Next
INVARIANT Inv
"#,
        75,
        r#"Computing initial states...
Error: The first argument of Assert evaluated to FALSE; the second argument was:
"m"
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 13 in A02InitInvAssert
1. Line 6, column 8 to line 6, column 25 in A02InitInvAssert


1 states generated, 1 distinct states found, 1 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn division_by_zero_in_an_invariant_of_an_initial_state_names_no_state() {
    same_as_tlc(
        "N02InitInvDiv",
        r#"---- MODULE N02InitInvDiv ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = x
Inv == 10 \div x > 0
====
"#,
        r#"INIT Init
NEXT Next
INVARIANT Inv
"#,
        75,
        r#"Computing initial states...
Error: The second argument of \div is 0.
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 13 in N02InitInvDiv
1. Line 6, column 8 to line 6, column 20 in N02InitInvDiv
2. Line 6, column 8 to line 6, column 16 in N02InitInvDiv


1 states generated, 1 distinct states found, 1 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn assert_in_an_action_property_exits_14() {
    same_as_tlc(
        "A05ActPropAssert",
        r#"---- MODULE A05ActPropAssert ----
EXTENDS Integers, Sequences, TLC
VARIABLE x
Init == x = 0
Next == x' = x + 1
Spec == Init /\ [][Next]_x
Prop == [][Assert(x' < 2, "m")]_x
====
"#,
        r#"SPECIFICATION Spec
PROPERTY Prop
"#,
        14,
        r#"Computing initial states...
Error: Evaluating action property Prop failed.
The first argument of Assert evaluated to FALSE; the second argument was:
"m"
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module A05ActPropAssert>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module A05ActPropAssert>
x = 2

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 7, column 11 to line 7, column 33 in A05ActPropAssert
1. Line 7, column 12 to line 7, column 30 in A05ActPropAssert


3 states generated, 3 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
"#,
    );
}

#[test]
fn division_by_zero_in_an_action_property_exits_255() {
    same_as_tlc(
        "N05ActPropDiv",
        r#"---- MODULE N05ActPropDiv ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + 1
Spec == Init /\ [][Next]_x
Prop == [][10 \div (x' - 2) > -100]_x
====
"#,
        r#"SPECIFICATION Spec
PROPERTY Prop
"#,
        255,
        r#"Computing initial states...
Error: Evaluating action property Prop failed.
The second argument of \div is 0.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module N05ActPropDiv>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module N05ActPropDiv>
x = 2

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 7, column 11 to line 7, column 37 in N05ActPropDiv
1. Line 7, column 12 to line 7, column 34 in N05ActPropDiv
2. Line 7, column 12 to line 7, column 27 in N05ActPropDiv


3 states generated, 3 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
"#,
    );
}
