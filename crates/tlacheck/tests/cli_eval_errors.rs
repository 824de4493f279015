//! TLC's evaluation errors, line for line: the message, how TLC frames it where it was met
//! (Init, an initial state's checks, a successor, an invariant, an action property), every
//! nested position of its call stack (tlc2.tool.CallStack) and the exit code.
//!
//! Each expected text is TLC's own output for the spec beside it, from
//! `java -cp tla2tools.jar tlc2.TLC -workers 1 Spec` (TLC 2026.12.02; with -XX:+UseParallelGC
//! where a spec warns, so that its warning is the run's first, as in the Examples' CI), from the line after
//! `Starting...`, without the lines that name dates, TLC's trace-exploration file and the
//! outdegree line.

mod common;

use common::same_as_tlc;

// Init: TLC's message, then every nested position from Init's body (exit 75).
#[test]
fn init_function_applied_outside_its_domain() {
    same_as_tlc(
        "E01Dom",
        r#"---- MODULE E01Dom ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
f == [i \in 1..2 |-> i]
Init == x = f[3]
Next == x' = x
Spec == Init /\ [][Next]_x
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: Attempted to apply function:
<<1, 2>>
to argument 3, which is not in the domain of the function.
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 16 in E01Dom
1. Line 5, column 13 to line 5, column 16 in E01Dom


0 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 0.
"#,
    );
}

// A runtime exception in Next: TLC's EC.GENERAL wrapper, the behaviour, then the positions from the action down into Pick's body.
#[test]
fn choose_without_witness_in_a_successor_is_wrapped() {
    same_as_tlc(
        "E02Choose",
        r#"---- MODULE E02Choose ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Pick(n) == CHOOSE i \in 1..n : i > 5
Next == /\ x < 3
        /\ x' = x + Pick(2)
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: TLC threw an unexpected exception.
This was probably caused by an error in the spec or model.
See the User Output or TLC Console for clues to what happened.
The exception was a java.lang.RuntimeException
: Attempted to compute the value of an expression of form
CHOOSE x \in S: P, but no element of S satisfied P.
line 5, col 12 to line 5, col 36 of module E02Choose
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 6, column 9 to line 7, column 27 in E02Choose
1. Line 6, column 12 to line 6, column 16 in E02Choose
2. Line 7, column 12 to line 7, column 27 in E02Choose
3. Line 7, column 17 to line 7, column 27 in E02Choose
4. Line 7, column 21 to line 7, column 27 in E02Choose
5. Line 5, column 12 to line 5, column 36 in E02Choose


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

// An initial state's invariant: "While working on the initial state", positions from Init's body, the state still on the queue, no Finished-computing line.
#[test]
fn non_boolean_conjunct_of_an_invariant_on_an_initial_state() {
    same_as_tlc(
        "E03NonBool",
        r#"---- MODULE E03NonBool ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Inv == /\ x < 5
       /\ x
====
"#,
        r#"INIT Init
NEXT Next
INVARIANT Inv
"#,
        75,
        r#"Computing initial states...
Error: A non-boolean expression (an integer) was used as a formula in a conjunction.
line 7, col 11 to line 7, col 11 of module E03NonBool
While working on the initial state:
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 13 in E03NonBool
1. Line 6, column 8 to line 7, column 11 in E03NonBool


1 states generated, 1 distinct states found, 1 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

// RcdSelect's message with the expression's location.
#[test]
fn nonexistent_record_field_in_an_invariant() {
    same_as_tlc(
        "E05Field",
        r#"---- MODULE E05Field ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = [a |-> 1]
Next == x' = [a |-> x.a + 1]
Inv == x.b < 3
====
"#,
        r#"INIT Init
NEXT Next
INVARIANT Inv
"#,
        75,
        r#"Computing initial states...
Error: Attempted to select nonexistent field "b" from the record
[a |-> 1]
line 6, col 8 to line 6, col 10 of module E05Field
While working on the initial state:
x = [a |-> 1]

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 21 in E05Field
1. Line 6, column 8 to line 6, column 14 in E05Field
2. Line 6, column 8 to line 6, column 10 in E05Field


1 states generated, 1 distinct states found, 1 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

// An EvalException (Assert) in Next: unwrapped, exit 14.
#[test]
fn assert_in_a_successor_is_not_wrapped_and_exits_14() {
    same_as_tlc(
        "E06Assert",
        r#"---- MODULE E06Assert ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Next == /\ Assert(x < 2, "x too big")
        /\ x' = x + 1
====
"#,
        r#"INIT Init
NEXT Next
"#,
        14,
        r#"Computing initial states...
Error: The first argument of Assert evaluated to FALSE; the second argument was:
"x too big"
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 6, col 21 of module E06Assert>
x = 1

State 3: <Next line 5, col 9 to line 6, col 21 of module E06Assert>
x = 2

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 6, column 21 in E06Assert
1. Line 5, column 12 to line 5, column 37 in E06Assert


3 states generated, 3 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
"#,
    );
}

// Overflow: three nested positions.
#[test]
fn overflow_in_init() {
    same_as_tlc(
        "E07Overflow",
        r#"---- MODULE E07Overflow ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 2^62 * 4
Next == x' = x
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: Overflow when computing 2^62
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 20 in E07Overflow
1. Line 4, column 13 to line 4, column 20 in E07Overflow
2. Line 4, column 13 to line 4, column 16 in E07Overflow


0 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 0.
"#,
    );
}

// TLCGetSet's Java override failing, wrapped in a successor.
#[test]
fn tlcget_of_an_unknown_name_in_a_successor() {
    same_as_tlc(
        "E08TLCGet",
        r#"---- MODULE E08TLCGet ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + TLCGet("nosuch")
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: TLC threw an unexpected exception.
This was probably caused by an error in the spec or model.
See the User Output or TLC Console for clues to what happened.
The exception was a java.lang.RuntimeException
: Attempted to apply the operator overridden by the Java method
public static tlc2.value.impl.Value tlc2.module.TLCGetSet.TLCGetEval(tlc2.tool.impl.Tool,tla2sany.semantic.ExprOrOpArgNode[],tlc2.util.Context,tlc2.tool.TLCState,tlc2.tool.TLCState,int,tlc2.tool.coverage.CostModel),
but it produced the following error:
TLCGet(nosuch) was undefined.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 5, column 33 in E08TLCGet
1. Line 5, column 14 to line 5, column 33 in E08TLCGet
2. Line 5, column 18 to line 5, column 33 in E08TLCGet


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

// Tool.getInitStates' IF message (a line break before the location).
#[test]
fn non_boolean_if_condition_in_init() {
    same_as_tlc(
        "E12InitIf",
        r#"---- MODULE E12InitIf ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == IF 1 THEN x = 0 ELSE x = 1
Next == x' = x
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: In computing initial states, a non-boolean expression (an integer) was used as the condition of an IF.
line 4, col 9 to line 4, col 34 of module E12InitIf
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 34 in E12InitIf


0 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 0.
"#,
    );
}

// Wrapped; the positions start at the action.
#[test]
fn function_applied_outside_its_domain_in_a_successor() {
    same_as_tlc(
        "E14DomNext",
        r#"---- MODULE E14DomNext ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
f == [i \in 0..1 |-> i]
Next == x' = f[x + 1]
====
"#,
        r#"INIT Init
NEXT Next
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

State 2: <Next line 6, col 9 to line 6, col 21 of module E14DomNext>
x = 1

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 6, column 9 to line 6, column 21 in E14DomNext
1. Line 6, column 14 to line 6, column 21 in E14DomNext


2 states generated, 2 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 2.
"#,
    );
}

// EC.TLC_INVARIANT_EVALUATION_FAILED: no positions, exit 76.
#[test]
fn invariant_failing_to_evaluate_on_a_successor_exits_76() {
    same_as_tlc(
        "E15InvNext",
        r#"---- MODULE E15InvNext ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + 1
f == [i \in 0..1 |-> i]
Inv == f[x] >= 0
====
"#,
        r#"INIT Init
NEXT Next
INVARIANT Inv
"#,
        76,
        r#"Computing initial states...
Error: Evaluating invariant Inv failed.
Attempted to apply function:
(0 :> 0 @@ 1 :> 1)
to argument 2, which is not in the domain of the function.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module E15InvNext>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module E15InvNext>
x = 2

3 states generated, 3 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
"#,
    );
}

// Integers' Java override and its cast, positions through Init's conjunction list.
#[test]
fn integer_operator_on_a_string_in_init() {
    same_as_tlc(
        "E18InitConj",
        r#"---- MODULE E18InitConj ----
EXTENDS Naturals, TLC, Sequences
VARIABLES x, y
Init == /\ x = 0
        /\ y = x + "a"
Next == UNCHANGED <<x, y>>
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: Attempted to apply the operator overridden by the Java method
public static tlc2.value.impl.IntValue tlc2.module.Integers.Plus(tlc2.value.impl.IntValue,tlc2.value.impl.IntValue),
but it produced the following error:
Cannot cast tlc2.value.impl.StringValue to tlc2.value.impl.IntValue
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 5, column 22 in E18InitConj
1. Line 4, column 12 to line 4, column 16 in E18InitConj
2. Line 5, column 12 to line 5, column 22 in E18InitConj
3. Line 5, column 16 to line 5, column 22 in E18InitConj


0 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 0.
"#,
    );
}

// EC.TLC_ACTION_PROPERTY_EVALUATION_FAILED, with positions, exit 75.
#[test]
fn action_property_failing_to_evaluate() {
    same_as_tlc(
        "E19ActProp",
        r#"---- MODULE E19ActProp ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + 1
f == [i \in 0..2 |-> i]
Spec == Init /\ [][Next]_x
Step == [][f[x'] > f[x] - 1]_x
Bound == x < 5
====
"#,
        r#"SPECIFICATION Spec
PROPERTY Step
CONSTRAINT Bound
"#,
        75,
        r#"Computing initial states...
Error: Evaluating action property Step failed.
Attempted to apply function:
(0 :> 0 @@ 1 :> 1 @@ 2 :> 2)
to argument 3, which is not in the domain of the function.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 18 of module E19ActProp>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module E19ActProp>
x = 2

State 4: <Next line 5, col 9 to line 5, col 18 of module E19ActProp>
x = 3

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 8, column 11 to line 8, column 30 in E19ActProp
1. Line 8, column 12 to line 8, column 27 in E19ActProp
2. Line 8, column 12 to line 8, column 16 in E19ActProp


4 states generated, 4 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 4.
"#,
    );
}

// A state constraint on a successor: wrapped, the behaviour ends at the successor.
#[test]
fn constraint_failing_on_a_successor() {
    same_as_tlc(
        "E20Constraint",
        r#"---- MODULE E20Constraint ----
EXTENDS Naturals, TLC, Sequences
VARIABLE x
Init == x = 0
Next == x' = x + 1
f == [i \in 0..1 |-> i]
Bound == f[x] < 5
====
"#,
        r#"INIT Init
NEXT Next
CONSTRAINT Bound
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

State 2: <Next line 5, col 9 to line 5, col 18 of module E20Constraint>
x = 1

State 3: <Next line 5, col 9 to line 5, col 18 of module E20Constraint>
x = 2

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 7, column 10 to line 7, column 17 in E20Constraint
1. Line 7, column 10 to line 7, column 13 in E20Constraint


3 states generated, 2 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 2.
"#,
    );
}

// Positions through Init's conjunction and the disjunct taken.
#[test]
fn choose_in_a_disjunct_of_init() {
    same_as_tlc(
        "E21InitDisj",
        r#"---- MODULE E21InitDisj ----
EXTENDS Naturals, TLC, Sequences
VARIABLES x, y
Init == /\ x \in {1, 2}
        /\ \/ y = 0
           \/ y = CHOOSE i \in {} : TRUE
Next == UNCHANGED <<x, y>>
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: Attempted to compute the value of an expression of form
CHOOSE x \in S: P, but no element of S satisfied P.
line 6, col 19 to line 6, col 40 of module E21InitDisj
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 6, column 40 in E21InitDisj
1. Line 4, column 12 to line 4, column 23 in E21InitDisj
2. Line 5, column 12 to line 6, column 40 in E21InitDisj
3. Line 6, column 15 to line 6, column 40 in E21InitDisj
4. Line 6, column 19 to line 6, column 40 in E21InitDisj


1 states generated, 1 distinct states found, 1 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

/// The codes of the messages `-tool` frames, in order (`@!@!@STARTMSG code:class @!@!@`).
fn tool_codes(name: &str, spec: &str, cfg: &str) -> Vec<String> {
    let d = common::Dir::new();
    d.file(&format!("{name}.tla"), spec)
        .file(&format!("{name}.cfg"), cfg);
    let out = common::tlacheck(d.path())
        .args(["tlc", "-tool", "-workers", "1", name])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("@!@!@STARTMSG "))
        .map(|l| l.trim_end_matches(" @!@!@").to_string())
        .collect()
}

// `tlc2.TLC -tool -workers 1`: TLC_INITIAL_STATE (2102) for an error checking an initial
// state, TLC_INVARIANT_EVALUATION_FAILED (2111), TLC_VALUE_ASSERT_FAILED (2132), and the
// nested positions as TLC_NESTED_EXPRESSION (2103). TLC's codes after `Starting...`:
//   E03NonBool: 2185 2189 2102 2103 2200 2199 2194 2186
//   E15InvNext: 2185 2189 2190 2111 2121 2217 2217 2217 2200 2199 2194 2268 2186
//   E06Assert:  2185 2189 2190 2132 2121 2217 2217 2217 2103 2200 2199 2194 2186
#[test]
fn tool_mode_codes_of_evaluation_errors() {
    let after_start = |codes: Vec<String>| -> Vec<String> {
        let codes: Vec<String> = codes.into_iter().map(|c| c[..4].to_string()).collect();
        let i = codes
            .iter()
            .position(|c| c == "2185")
            .expect("TLC_STARTING");
        codes[i..].to_vec()
    };
    let non_bool = "---- MODULE E03NonBool ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n\
                    Next == x' = (x + 1) % 3\nInv == /\\ x < 5\n       /\\ x\n====\n";
    assert_eq!(
        after_start(tool_codes(
            "E03NonBool",
            non_bool,
            "INIT Init\nNEXT Next\nINVARIANT Inv\n"
        )),
        ["2185", "2189", "2102", "2103", "2200", "2199", "2194", "2186"]
    );
    let inv = "---- MODULE E15InvNext ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n\
               Next == x' = x + 1\nf == [i \\in 0..1 |-> i]\nInv == f[x] >= 0\n====\n";
    assert_eq!(
        after_start(tool_codes(
            "E15InvNext",
            inv,
            "INIT Init\nNEXT Next\nINVARIANT Inv\n"
        )),
        [
            "2185", "2189", "2190", "2111", "2121", "2217", "2217", "2217", "2200", "2199", "2194",
            "2268", "2186"
        ]
    );
    let assert = "---- MODULE E06Assert ----\nEXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\n\
                  Next == /\\ Assert(x < 2, \"x too big\")\n        /\\ x' = x + 1\n====\n";
    assert_eq!(
        after_start(tool_codes("E06Assert", assert, "INIT Init\nNEXT Next\n")),
        [
            "2185", "2189", "2190", "2132", "2121", "2217", "2217", "2217", "2103", "2200", "2199",
            "2194", "2186"
        ]
    );
}

// The continuation runs inside UNCHANGED's processing: TLC's call stack holds the variable kept
// (Tool.processUnchanged), then the conjuncts after it.
#[test]
fn an_error_after_unchanged_is_framed_by_the_variable_kept() {
    same_as_tlc(
        "E41Rest",
        r#"---- MODULE E41Rest ----
EXTENDS Naturals
VARIABLES x, y, z
f == [i \in 0..1 |-> i]
Init == x = 0 /\ y = 0 /\ z = 0
Next == /\ y' = y + 1
        /\ UNCHANGED z
        /\ \E i \in {0, 1} : /\ x' = x + i
                            /\ f[x + i + 1] = 1
Spec == Init /\ [][Next]_<<x, y, z>>
====
"#,
        r#"INIT Init
NEXT Next
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
/\ x = 0
/\ y = 0
/\ z = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 6, column 9 to line 9, column 47 in E41Rest
1. Line 6, column 12 to line 6, column 21 in E41Rest
2. Line 7, column 12 to line 7, column 22 in E41Rest
3. Line 7, column 22 to line 7, column 22 in E41Rest
4. Line 8, column 12 to line 9, column 47 in E41Rest
5. Line 8, column 30 to line 9, column 47 in E41Rest
6. Line 8, column 30 to line 8, column 42 in E41Rest
7. Line 8, column 33 to line 8, column 42 in E41Rest
8. Line 9, column 32 to line 9, column 47 in E41Rest
9. Line 9, column 32 to line 9, column 43 in E41Rest


2 states generated, 2 distinct states found, 1 states left on queue.
The depth of the complete state graph search is 2.
"#,
    );
}

// UNCHANGED of a definition: its name, its body (the tuple) and each variable are on the stack.
#[test]
fn an_error_after_unchanged_of_a_definition_is_framed_by_its_name_body_and_items() {
    same_as_tlc(
        "E43Def",
        r#"---- MODULE E43Def ----
EXTENDS Naturals
VARIABLES x, y, z, w
f == [i \in 0..1 |-> i]
keep == <<z, w>>
Init == x = 0 /\ y = 0 /\ z = 0 /\ w = 0
Next == /\ y' = y + 1
        /\ UNCHANGED keep
        /\ x' = x + 1
        /\ f[x + 2] = 1
Spec == Init /\ [][Next]_<<x, y, z, w>>
====
"#,
        r#"INIT Init
NEXT Next
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
/\ w = 0
/\ x = 0
/\ y = 0
/\ z = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 7, column 9 to line 10, column 23 in E43Def
1. Line 7, column 12 to line 7, column 21 in E43Def
2. Line 8, column 12 to line 8, column 25 in E43Def
3. Line 8, column 22 to line 8, column 25 in E43Def
4. Line 5, column 9 to line 5, column 16 in E43Def
5. Line 5, column 11 to line 5, column 11 in E43Def
6. Line 5, column 14 to line 5, column 14 in E43Def
7. Line 9, column 12 to line 9, column 21 in E43Def
8. Line 10, column 12 to line 10, column 23 in E43Def
9. Line 10, column 12 to line 10, column 19 in E43Def


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

// processUnchangedImplVar compares the current value with the next one (`val0.equals(val1)`),
// which decides the wording of the equality error.
#[test]
fn unchanged_compares_the_current_value_with_the_next() {
    same_as_tlc(
        "E45Cmp",
        r#"---- MODULE E45Cmp ----
EXTENDS Naturals
VARIABLES x, y, z
Init == x = 0 /\ y = 0 /\ z = 0
Next == /\ y' = "a"
        /\ x' = x + 1
        /\ UNCHANGED <<z, y>>
Spec == Init /\ [][Next]_<<x, y, z>>
====
"#,
        r#"INIT Init
NEXT Next
"#,
        75,
        r#"Computing initial states...
Error: TLC threw an unexpected exception.
This was probably caused by an error in the spec or model.
See the User Output or TLC Console for clues to what happened.
The exception was a java.lang.RuntimeException
: Attempted to check equality of integer 0 with non-integer:
"a"
Error: The behavior up to this point is:
State 1: <Initial predicate>
/\ x = 0
/\ y = 0
/\ z = 0

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 5, column 9 to line 7, column 29 in E45Cmp
1. Line 5, column 12 to line 5, column 19 in E45Cmp
2. Line 6, column 12 to line 6, column 21 in E45Cmp
3. Line 7, column 12 to line 7, column 29 in E45Cmp
4. Line 7, column 22 to line 7, column 29 in E45Cmp
5. Line 7, column 24 to line 7, column 24 in E45Cmp
6. Line 7, column 27 to line 7, column 27 in E45Cmp


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
"#,
    );
}

// A variable already given another value: TLC warns (EC.TLC_UNCHANGED_VARIABLE_CHANGED, MP's
// history: the first text with the hint, again once without it) and the branch gives no state.
#[test]
fn a_variable_changed_under_unchanged_is_warned_about_once_per_text() {
    same_as_tlc(
        "E47Warn",
        r#"---- MODULE E47Warn ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == \/ /\ y' = y + 1
           /\ UNCHANGED <<y, x>>
        \/ /\ x' = (x + 1) % 3
           /\ y' = y
Spec == Init /\ [][Next]_<<x, y>>
====
"#,
        r#"INIT Init
NEXT Next
"#,
        0,
        r#"Computing initial states...
Warning: The variable y was changed while it is specified as UNCHANGED at
line 6, col 27 to line 6, col 27 of module E47Warn
(Use the -nowarning option to disable this warning.)
Warning: The variable y was changed while it is specified as UNCHANGED at
line 6, col 27 to line 6, col 27 of module E47Warn
Model checking completed. No error has been found.
  Estimates of the probability that TLC did not check all reachable states
  because two distinct states had the same fingerprint:
  calculated (optimistic):  val = 1.6E-19
4 states generated, 3 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
"#,
    );
}
