//! State and action constraints failing to evaluate, as TLC reports them: on an initial
//! state the positions start at Init's body (TLC checks it inside Init's enumeration) and the
//! depth is 1 though no state was kept; an action constraint's positions start at its body,
//! not at its name.
//!
//! Each expected text is TLC's own output for the spec beside it, from
//! `java -XX:+UseParallelGC -cp tla2tools.jar tlc2.TLC -workers 1 Spec` (TLC 2026.12.02), from
//! the line after `Starting...`, without the lines that name dates, TLC's trace-exploration
//! file and the outdegree line.

mod common;

use common::same_as_tlc;

#[test]
fn a_constraint_failing_on_an_initial_state_is_framed_by_init() {
    same_as_tlc(
        "R08InitConDom",
        r#"---- MODULE R08InitConDom ----
EXTENDS Integers, Sequences, TLC
VARIABLE x
Init == x = 0
Next == x' = x
f == [i \in 1..2 |-> i]
Con == f[x] > 0
====
"#,
        r#"INIT Init
NEXT Next
CONSTRAINT Con
"#,
        75,
        r#"Computing initial states...
Error: Attempted to apply function:
<<1, 2>>
to argument 0, which is not in the domain of the function.
While working on the initial state:
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 13 in R08InitConDom
1. Line 7, column 8 to line 7, column 15 in R08InitConDom
2. Line 7, column 8 to line 7, column 11 in R08InitConDom


1 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn a_module_error_in_a_constraint_on_an_initial_state_is_framed_by_init() {
    same_as_tlc(
        "N08InitConDiv",
        r#"---- MODULE N08InitConDiv ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = x
Con == 10 \div x > 0
====
"#,
        r#"INIT Init
NEXT Next
CONSTRAINT Con
"#,
        75,
        r#"Computing initial states...
Error: The second argument of \div is 0.
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 13 in N08InitConDiv
1. Line 6, column 8 to line 6, column 20 in N08InitConDiv
2. Line 6, column 8 to line 6, column 16 in N08InitConDiv


1 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

#[test]
fn an_action_constraint_failing_is_framed_from_its_body() {
    same_as_tlc(
        "R06ActConDom",
        r#"---- MODULE R06ActConDom ----
EXTENDS Integers, Sequences, TLC
VARIABLE x
Init == x = 0
Next == x' = x + 1
f == [i \in 0..1 |-> i]
AC == f[x'] >= 0
====
"#,
        r#"INIT Init
NEXT Next
ACTION_CONSTRAINT AC
"#,
        75,
        r#"Computing initial states...
Error: TLC threw an unexpected exception.
This was probably caused by an error in the spec or model.
See the User Output or TLC Console for clues to what happened.
The exception was a java.lang.RuntimeException
: Attempted to apply function:
(0 :> 0 @@ 1 :> 1)
to argument 2, which is not in the domain of the function.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module R06ActConDom>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module R06ActConDom>
x = 2

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 7, column 7 to line 7, column 16 in R06ActConDom
1. Line 7, column 7 to line 7, column 11 in R06ActConDom


3 states generated, 2 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 2.
"#,
    );
}

#[test]
fn a_module_error_in_an_action_constraint_is_framed_from_its_body() {
    same_as_tlc(
        "N06ActConDiv",
        r#"---- MODULE N06ActConDiv ----
EXTENDS Integers, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + 1
AC == 10 \div (x' - 2) > -100
====
"#,
        r#"INIT Init
NEXT Next
ACTION_CONSTRAINT AC
"#,
        255,
        r#"Computing initial states...
Error: The second argument of \div is 0.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module N06ActConDiv>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module N06ActConDiv>
x = 2

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 6, column 7 to line 6, column 29 in N06ActConDiv
1. Line 6, column 7 to line 6, column 22 in N06ActConDiv


3 states generated, 2 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 2.
"#,
    );
}
