//! `tlacheck check`: end-to-end runs of small models, each written into a fresh temporary
//! folder, with every expected figure derived by hand from TLC's documented semantics
//! (docs/TLC_SEMANTICS.md, "§" below refers to its sections). Each test says how its figures
//! follow from those rules; none was copied from tlacheck's own output.
//!
//! Reminders of the rules used throughout (§1):
//! * generated = every initial state handed over by Init (duplicates and out-of-constraint ones
//!   included) + every successor produced by every path through Next (duplicates, seen states
//!   and out-of-constraint states included);
//! * distinct = states that satisfy the CONSTRAINTs (and, for successors, ACTION_CONSTRAINTs),
//!   counted once each;
//! * depth = number of BFS levels of distinct in-model states, initial states being level 1;
//! * after a violation the remaining successors of the state being expanded are not produced.

use predicates::prelude::*;

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// 1. A passing model, in text and in JSON.

const GRID: &str = "---- MODULE Grid ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
IncX == x < 2 /\\ x' = x + 1 /\\ y' = y
IncY == y < 1 /\\ y' = y + 1 /\\ x' = x
Done == x = 2 /\\ y = 1 /\\ UNCHANGED <<x, y>>
Next == IncX \\/ IncY \\/ Done
TypeOK == x \\in 0..2 /\\ y \\in 0..1
====
";
const GRID_CFG: &str = "INIT Init\nNEXT Next\nINVARIANT TypeOK\n";

// Grid: x in 0..2, y in 0..1, all 6 pairs reachable from (0,0), so distinct = 6.
// Successors: IncX is enabled when x < 2 (x = 0,1; 2 x-values * 2 y-values = 4 states),
// IncY when y < 1 (3 states), Done only in (2,1) (1 state, a self-loop):
// generated = 1 initial + 4 + 3 + 1 = 9. BFS levels: {(0,0)}, {(1,0),(0,1)}, {(2,0),(1,1)},
// {(2,1)}: depth 4. No deadlock ((2,1) has its self-loop). Success: 0 left on queue.
#[test]
fn passing_model_prints_tlc_statistics() {
    run_model("Grid", GRID, GRID_CFG, &[])
        .success()
        .stats(9, 6, 0, 4);
}

// The same figures as JSON fields (derivation above).
#[test]
fn passing_model_json() {
    let r = run_model("Grid", GRID, GRID_CFG, &["--json"]);
    r.code(0);
    let j = r.json();
    assert_eq!(j["outcome"], "success", "{r}");
    assert_eq!(j["generated"], 9, "{r}");
    assert_eq!(j["distinct"], 6, "{r}");
    assert_eq!(j["depth"], 4, "{r}");
    assert_eq!(j["left_on_queue"], 0, "{r}");
}

// ---------------------------------------------------------------------------------------------
// 2. Duplicates are counted in "generated".

// Next is a disjunction whose two branches produce the same state; TLC produces (and counts)
// each branch's successor (§1.2, §4.2 `\/`). States: x = 0 (initial), x = 1.
// From 0: 2 successors (both x = 1); from 1: 2 successors (both x = 1, seen).
// generated = 1 + 2 + 2 = 5, distinct = 2, depth = 2.
#[test]
fn disjunction_with_equal_branches_counts_twice() {
    let spec = "---- MODULE Dup ----
VARIABLE x
Init == x = 0
Next == \\/ x' = 1
        \\/ x' = 1
====
";
    run_model("Dup", spec, "INIT Init\nNEXT Next\n", &[])
        .success()
        .stats(5, 2, 0, 2);
}

// `x' \in S` binds x to each element of S: |S| successors (§4.2). With S = {0, 1, 2} every
// one of the 3 reachable states has 3 successors: generated = 1 + 3 * 3 = 10, distinct = 3,
// BFS levels {0}, {1, 2}: depth 2.
#[test]
fn prime_in_set_gives_one_successor_per_element() {
    let spec = "---- MODULE InSet ----
VARIABLE x
Init == x = 0
Next == x' \\in {0, 1, 2}
====
";
    run_model("InSet", spec, "INIT Init\nNEXT Next\n", &[])
        .success()
        .stats(10, 3, 0, 2);
}

// Initial states are counted as generated each time Init produces them (§1.2): Init yields
// x = 0, x = 1 (first disjunct) and x = 0 again (second): 3 generated, 2 distinct. Each of the
// 2 states has 2 successors (x' \in {0, 1}): generated = 3 + 4 = 7; all states are initial:
// depth 1.
#[test]
fn duplicate_initial_states_count_as_generated() {
    let spec = "---- MODULE InitDup ----
VARIABLE x
Init == \\/ x \\in {0, 1}
        \\/ x = 0
Next == x' \\in {0, 1}
====
";
    run_model("InitDup", spec, "INIT Init\nNEXT Next\n", &[])
        .success()
        .stats(7, 2, 0, 1);
}

// ---------------------------------------------------------------------------------------------
// 3. Invariant violations.

// Line numbers matter: the action labels give the location of each action's body (§3.5, §4.4).
const INV_TRACE: &str = "---- MODULE InvTrace ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = \"a\"
Incr == /\\ x' = x + 1
        /\\ y' = y
Jump == /\\ x' = x + 2
        /\\ y' = \"b\"
Next == Incr \\/ Jump
Inv == x /= 3
====
";

// BFS (actions in order Incr, Jump):
//   init (0,"a")                          generated 1
//   expand (0,a): Incr -> (1,a) new       generated 2
//                 Jump -> (2,b) new       generated 3
//   expand (1,a): Incr -> (2,a) new       generated 4
//                 Jump -> (3,b) new       generated 5, violates Inv: stop.
// distinct = 5 (the violating state is written before the check, §1.4), left on queue =
// (2,b) and (2,a) = 2, depth = level of (3,b) = 3. The shortest counterexample has 3 states:
// (0,a) -Incr-> (1,a) -Jump-> (3,b). Labels: Incr's body runs from line 5 col 9 to line 6
// col 17, Jump's from line 7 col 9 to line 8 col 19.
#[test]
fn invariant_violation_prints_shortest_counterexample() {
    run_model(
        "InvTrace",
        INV_TRACE,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &[],
    )
    .code(12)
    .line("Error: Invariant Inv is violated.")
    .block(
        "State 1: <Initial predicate>
/\\ x = 0
/\\ y = \"a\"

State 2: <Incr line 5, col 9 to line 6, col 17 of module InvTrace>
/\\ x = 1
/\\ y = \"a\"

State 3: <Jump line 7, col 9 to line 8, col 19 of module InvTrace>
/\\ x = 3
/\\ y = \"b\"
",
    )
    .trace_len(3)
    .stats(5, 5, 2, 3);
}

// Same run in JSON: the outcome, the violated invariant and the figures above.
#[test]
fn invariant_violation_json() {
    let r = run_model(
        "InvTrace",
        INV_TRACE,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &["--json"],
    );
    r.code(12);
    let j = r.json();
    assert_ne!(j["outcome"], "success", "{r}");
    assert_eq!(j["violated"], "Inv", "{r}");
    assert_eq!(j["generated"], 5, "{r}");
    assert_eq!(j["distinct"], 5, "{r}");
    assert_eq!(j["left_on_queue"], 2, "{r}");
    assert_eq!(j["depth"], 3, "{r}");
    assert_eq!(j["trace_len"], 3, "{r}");
}

const INV_INIT: &str = "---- MODULE InvInit ----
EXTENDS Naturals
VARIABLES x, y
Init == x \\in {0, 1, 2} /\\ y = 0
Next == x' = x /\\ y' = y
Inv == x < 2
====
";

// Init enumerates x = 0, 1, 2 in order; x = 2 breaks Inv in an initial state: exit 12 (§3.6,
// TLC_INVARIANT_VIOLATED_INITIAL).
#[test]
fn invariant_false_in_initial_state_exits_12() {
    run_model(
        "InvInit",
        INV_INIT,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &[],
    )
    .code(12)
    .says("Error: Invariant Inv is violated");
}

// TLC's own text for that case (§3.4): `Error: Invariant Inv is violated by the initial
// state:` followed by the state (x = 2, y = 0), no "behavior up to this point" block, and no
// statistics lines (modelCheckImpl returns before printSummary).
#[test]
fn invariant_false_in_initial_state_message_as_tlc() {
    run_model(
        "InvInit",
        INV_INIT,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &[],
    )
    .code(12)
    .block("Error: Invariant Inv is violated by the initial state:\n/\\ x = 2\n/\\ y = 0\n")
    .no_line_starting("Error: The behavior up to this point is:")
    .no_line_starting("The depth of the complete state graph search");
}

// For an initial state TLC checks every INVARIANT, then the state-level PROPERTYs (implied-init)
// (§2.3). Both are false in x = 0: the invariant is reported, exit 12 (not 13).
#[test]
fn initial_state_invariants_are_checked_before_state_properties() {
    let spec = "---- MODULE InvFirst ----
VARIABLE x
Init == x = 0
Next == x' = x
Inv == x /= 0
Prop == x /= 0
====
";
    run_model(
        "InvFirst",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT Inv\nPROPERTY Prop\n",
        &[],
    )
    .code(12)
    .says("Invariant Inv is violated");
}

// A state-level PROPERTY false in an initial state (implied-init): TLC prints
// `Error: Property Prop is violated by the initial state:` and the state (one variable:
// `x = 0`), returns before printSummary (no statistics), exit 13 (§3.4, §3.6).
#[test]
fn state_property_false_in_initial_state_message_as_tlc() {
    let spec = "---- MODULE PropInit ----
VARIABLE x
Init == x = 0
Next == x' = x
Prop == x /= 0
====
";
    run_model(
        "PropInit",
        spec,
        "INIT Init\nNEXT Next\nPROPERTY Prop\n",
        &[],
    )
    .code(13)
    .block("Error: Property Prop is violated by the initial state:\nx = 0\n")
    .no_line_starting("The depth of the complete state graph search");
}

// Successors are produced and checked one at a time: the first disjunct's successor x = 1
// breaks Inv, which throws out of getNextStates, so the second disjunct (which would apply f
// outside its domain) is never evaluated (§1.2 last point, §2.1). TLC: exit 12, generated =
// 1 + 1 = 2, distinct 2 (x = 1 written before the check), queue 0, depth 2, trace 0 -> 1.
#[test]
fn invariant_violation_stops_generation_before_later_branches() {
    let spec = "---- MODULE Early ----
EXTENDS Naturals
VARIABLE x
f == [i \\in 0..1 |-> i]
Init == x = 0
Next == \\/ x' = x + 1
        \\/ x' = f[x + 2]
Inv == x < 1
====
";
    run_model("Early", spec, "INIT Init\nNEXT Next\nINVARIANT Inv\n", &[])
        .code(12)
        .line("Error: Invariant Inv is violated.")
        .trace_len(2)
        .stats(2, 2, 0, 2);
}

// ---------------------------------------------------------------------------------------------
// 4. Deadlock.

const DEAD: &str = "---- MODULE Dead ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == x < 2 /\\ x' = x + 1 /\\ y' = y
====
";

// x = 0 -> 1 -> 2, and x = 2 has no successor. generated = 1 + 1 + 1 = 3, distinct 3, depth 3;
// x = 2 was dequeued when found deadlocked: 0 left. The trace ends at the deadlocked state
// (§3.3): 3 states. Exit 11.
#[test]
fn deadlock_is_reported() {
    run_model("Dead", DEAD, "INIT Init\nNEXT Next\n", &[])
        .code(11)
        .line("Error: Deadlock reached.")
        .block("State 3: ")
        .trace_len(3)
        .stats(3, 3, 0, 3);
}

// Without the deadlock check the same graph is explored to the end: success, 3 / 3 / 0 / 3.
#[test]
fn no_deadlock_flag() {
    run_model("Dead", DEAD, "INIT Init\nNEXT Next\n", &["--no-deadlock"])
        .success()
        .stats(3, 3, 0, 3);
}

// TLC's own spelling `-deadlock` means "do not check for deadlock" (§2.2).
#[test]
fn tlc_deadlock_flag() {
    run_model("Dead", DEAD, "INIT Init\nNEXT Next\n", &["-deadlock"])
        .success()
        .stats(3, 3, 0, 3);
}

// `CHECK_DEADLOCK FALSE` in the .cfg turns the check off too (§2.2).
#[test]
fn check_deadlock_false_in_cfg() {
    run_model(
        "Dead",
        DEAD,
        "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n",
        &[],
    )
    .success()
    .stats(3, 3, 0, 3);
}

// With exactly one variable TLC prints `x = 0`, not `/\ x = 0` (§3.5, TLCStateMut.toString).
// x = 0 -> 1 and x = 1 deadlocks: trace of 2 states.
#[test]
fn single_variable_states_print_without_bullet() {
    let spec = "---- MODULE One ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 1 /\\ x' = x + 1
====
";
    run_model("One", spec, "INIT Init\nNEXT Next\n", &[])
        .code(11)
        .block("State 1: <Initial predicate>\nx = 0\n\n")
        .line("x = 1")
        .no_line_starting("/\\ x =");
}

// ---------------------------------------------------------------------------------------------
// 5. Action property.

// x: 0 -> 1 -> 2 -> 0. The implied action is checked on every successor, seen ones included
// (§2.1 step 6): expanding x = 2 produces x = 0 (seen), and 0 >= 2 is false.
// generated = 1 + 1 + 1 + 1 = 4, distinct 3, queue 0, depth 3; trace 0, 1, 2, 0 (4 states).
// Exit 13 (§3.6, TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR).
#[test]
fn action_property_violated() {
    let spec = "---- MODULE Mono ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == \\/ x < 2 /\\ x' = x + 1
        \\/ x = 2 /\\ x' = 0
Monotone == [][x' >= x]_x
====
";
    run_model(
        "Mono",
        spec,
        "INIT Init\nNEXT Next\nPROPERTY Monotone\n",
        &[],
    )
    .code(13)
    .line("Error: Action property Monotone is violated.")
    .trace_len(4)
    .stats(4, 3, 0, 3);
}

// An action property that calls operators taking a variable (`Assign(var, v) == var' = v`):
// TLC passes the argument unevaluated, so `var'` is the next value of the variable passed.
// `bump` and `set_one` name the operators Next and the properties call: the operators
// themselves, or wrappers that pass their parameter on (`Twice(var) == Bump(var)`), where the
// parameter stands for the variable. Either way StepIsAnAction holds on every step and
// NotAStep fails on the first step setting y, from (0, 0) to (0, 1), found while the two
// successors of the initial state are examined: 1 + 2 generated, 3 distinct, (1, 0) left on
// the queue, depth 2, a trace of 2 states. TLC (at ../shared/tlc) prints exactly this for
// both. A build that passed `x`'s value found StepIsAnAction violated on the first step; one
// that passed the wrapper's parameter's value found no successor (a deadlock).
fn variable_passed_to_actions(bump: &str, set_one: &str) {
    let spec = format!(
        "---- MODULE AP ----
EXTENDS Naturals
VARIABLES x, y
Assign(var, v) == var' = v
Bump(var) == var' = var + 1
Twice(var) == Bump(var)
SetOne(var) == Assign(var, 1)
Init == x = 0 /\\ y = 0
Next == \\/ x < 2 /\\ {bump}(x) /\\ UNCHANGED y
        \\/ y < 1 /\\ {set_one} /\\ UNCHANGED x
StepIsAnAction == [][{bump}(x) \\/ {set_one}]_<<x, y>>
NotAStep == [][~{set_one}]_<<x, y>>
Spec == Init /\\ [][Next]_<<x, y>>
====
"
    );
    run_model(
        "AP",
        &spec,
        "SPECIFICATION Spec\nPROPERTY StepIsAnAction NotAStep\n",
        &[],
    )
    .code(13)
    .line("Error: Action property NotAStep is violated.")
    .trace_len(2)
    .stats(3, 3, 1, 2);
}

#[test]
fn an_action_property_primes_the_variable_passed_to_an_operator() {
    variable_passed_to_actions("Bump", "Assign(y, 1)");
}

#[test]
fn a_parameter_standing_for_a_variable_is_passed_on_as_the_variable() {
    variable_passed_to_actions("Twice", "SetOne(y)");
}

// LET names read by parts in actions (`m.t`, `m.v`, `c == m.v`), where the enumerator opens no
// LET slots and each use asks for the definition's value: RecvA takes the "a" message at the
// head (got = 1), RecvB then the "b" one (got = 2 + 10 = 12), which Inv forbids. TLC (at
// ../shared/tlc) prints this trace: 3 generated, 3 distinct, depth 3. A build that took the
// whole record for `m.v` set got to a record, and Inv failed to evaluate.
#[test]
fn parts_of_let_names_in_actions_read_the_definitions_values() {
    let spec = "---- MODULE LetPart ----
EXTENDS Naturals, Sequences
VARIABLES q, got
Init == q = <<[t |-> \"a\", v |-> 1], [t |-> \"b\", v |-> 2]>> /\\ got = 0
RecvA == /\\ q # <<>>
         /\\ LET m == Head(q)
                c == m.v
            IN  /\\ m.t = \"a\"
                /\\ q' = Tail(q) \\o <<[t |-> \"b\", v |-> (c + 1) % 3]>>
                /\\ got' = c
RecvB == /\\ q # <<>>
         /\\ LET m == Head(q)
            IN  /\\ m.t = \"b\"
                /\\ q' = Tail(q) \\o <<[t |-> \"a\", v |-> m.v]>>
                /\\ got' = m.v + 10
Next == RecvA \\/ RecvB
Inv == got \\in 0..11
====
";
    run_model(
        "LetPart",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &[],
    )
    .code(12)
    .line("Error: Invariant Inv is violated.")
    .line("/\\ got = 1")
    .line("/\\ got = 12")
    .trace_len(3)
    .stats(3, 3, 0, 3);
}

// ---------------------------------------------------------------------------------------------
// 6. CONSTRAINT and ACTION_CONSTRAINT.

// x counts up; CONSTRAINT x < 3 keeps 0, 1, 2. x = 3 is generated (from 2) but not distinct and
// never expanded (§1.3). generated = 1 + 3 = 4, distinct 3, depth 3. x = 2 is not a deadlock:
// its out-of-model successor counts (§2.2).
#[test]
fn constraint_excludes_states_from_distinct_but_not_generated() {
    let spec = "---- MODULE Con ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1
Small == x < 3
====
";
    run_model("Con", spec, "INIT Init\nNEXT Next\nCONSTRAINT Small\n", &[])
        .success()
        .stats(4, 3, 0, 3);
}

// Out-of-constraint states are still checked against the invariants (§1.3): x = 3 breaks
// Inv == x < 3. generated 4, distinct 3 (x = 3 is not added), queue 0, depth 3; trace
// 0, 1, 2, 3 (4 states). Exit 12.
#[test]
fn invariants_are_checked_on_states_outside_the_constraint() {
    let spec = "---- MODULE ConInv ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1
Small == x < 3
Inv == x < 3
====
";
    run_model(
        "ConInv",
        spec,
        "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT Inv\n",
        &[],
    )
    .code(12)
    .line("Error: Invariant Inv is violated.")
    .trace_len(4)
    .stats(4, 3, 0, 3);
}

// Initial states outside the constraint are generated but not distinct (§1.3): Init gives
// x = 0..4, CONSTRAINT x < 2 keeps 0 and 1. Next x' = 1 - x swaps them: 2 successors.
// generated = 5 + 2 = 7, distinct 2, depth 1.
#[test]
fn constraint_on_initial_states() {
    let spec = "---- MODULE ConInit ----
EXTENDS Naturals
VARIABLE x
Init == x \\in 0..4
Next == x' = 1 - x
Small == x < 2
====
";
    run_model(
        "ConInit",
        spec,
        "INIT Init\nNEXT Next\nCONSTRAINT Small\n",
        &[],
    )
    .success()
    .stats(7, 2, 0, 1);
}

// Next offers x' \in 0..3 from every state (4 successors each); ACTION_CONSTRAINT keeps only
// steps x' = x or x' = x + 1. Reachable in-model states: 0, 1, 2, 3 (distinct 4, levels
// 0 | 1 | 2 | 3: depth 4). generated = 1 + 4 * 4 = 17 (every successor counts, §1.2).
#[test]
fn action_constraint_excludes_transitions() {
    let spec = "---- MODULE ACon ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' \\in 0..3
Step == x' = x \\/ x' = x + 1
====
";
    run_model(
        "ACon",
        spec,
        "INIT Init\nNEXT Next\nACTION_CONSTRAINT Step\n",
        &[],
    )
    .success()
    .stats(17, 4, 0, 4);
}

// TLC evaluates the state constraints first and the action constraints only if they all hold
// (`isInModel(succ) && isInActions(cur, succ)`, §1.3, §2.1 step 3). For x' = 2 the state
// constraint is false, so OkStep (which would apply f outside its domain 0..1) is never
// evaluated. 0 -> 1 in model, 1 -> 2 out of model: generated 3, distinct 2, depth 2, success.
#[test]
fn action_constraints_are_evaluated_only_when_state_constraints_hold() {
    let spec = "---- MODULE ConOrder ----
EXTENDS Naturals
VARIABLE x
f == [i \\in 0..1 |-> TRUE]
Init == x = 0
Next == x' = x + 1
Small == x < 2
OkStep == f[x']
====
";
    run_model(
        "ConOrder",
        spec,
        "INIT Init\nNEXT Next\nCONSTRAINT Small\nACTION_CONSTRAINT OkStep\n",
        &[],
    )
    .success()
    .stats(3, 2, 0, 2);
}

// ---------------------------------------------------------------------------------------------
// 7. ASSUME.

const ASSUME_SPEC: &str = "---- MODULE Assume ----
EXTENDS Naturals
CONSTANT N
ASSUME N > 5
VARIABLE x
Init == x = 0
Next == x' = x
====
";

// N = 3 makes the assumption false: exit 10 with TLC's message naming the assumption's
// expression `N > 5` (line 4, col 8 to col 12) (§3.4).
#[test]
fn false_assumption_exits_10() {
    run_model(
        "Assume",
        ASSUME_SPEC,
        "CONSTANT N = 3\nINIT Init\nNEXT Next\n",
        &[],
    )
    .code(10)
    .line("Error: Assumption line 4, col 8 to line 4, col 12 of module Assume is false.");
}

// TLC checks assumptions before computing initial states and returns without printSummary:
// no statistics lines (§3.4, "No statistics (return happens before init)").
#[test]
fn false_assumption_prints_no_statistics() {
    run_model(
        "Assume",
        ASSUME_SPEC,
        "CONSTANT N = 3\nINIT Init\nNEXT Next\n",
        &[],
    )
    .code(10)
    .no_line_starting("The depth of the complete state graph search");
}

// TLCExt's AssertError receives its second argument unevaluated: applying a function outside
// its domain is an error, which AssertError compares with the expected text, so the first
// assumption holds (the text differs: FALSE, negated) and the second is FALSE (exit 10) only
// if the argument's error did not escape AssertError.
#[test]
fn assert_error_sees_the_error_of_its_argument() {
    let spec = "---- MODULE AE ----
EXTENDS TLCExt, Naturals
f == [i \\in 1..2 |-> i]
ASSUME ~AssertError(\"some other text\", f[3])
ASSUME AssertError(\"some other text\", f[3])
====
";
    run_model("AE", spec, "", &[])
        .code(10)
        .line("Error: Assumption line 5, col 8 to line 5, col 43 of module AE is false.");
}

// TLCExt's Trace is the behaviour from an initial state to the state being checked: with
// x = 0, 1, 2, 3 along the only path, the state with x = k has a trace of k + 1 states whose
// first has x = 0, so Inv holds everywhere (4 states, 4 generated, depth 4), while
// Len(Trace) < 3 first fails in the third state (a 3-state counterexample).
#[test]
fn tlcext_trace_is_the_behaviour_so_far() {
    let spec = "---- MODULE Tr ----
EXTENDS Naturals, Sequences, TLCExt
VARIABLE x
Init == x = 0
Next == x < 3 /\\ x' = x + 1
Inv == Len(Trace) = x + 1 /\\ Trace[1].x = 0
Short == Len(Trace) < 3
====
";
    run_model(
        "Tr",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &["--no-deadlock"],
    )
    .code(0)
    .line("4 states generated, 4 distinct states found, 0 states left on queue.");
    run_model(
        "Tr",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT Short\n",
        &["--no-deadlock"],
    )
    .code(12)
    .line("State 3: <Next line 5, col 9 to line 5, col 27 of module Tr>");
}

// Trace in a CONSTRAINT also ends at the state being checked (the initial state included):
// x = 0, 1, 2 are in the model, x = 3 is generated and left out. TLC 2.19
// (`tlc2.TLC -workers 1 -deadlock TrC`): 4 generated, 3 distinct, depth 3.
#[test]
fn tlcext_trace_in_a_constraint() {
    let spec = "---- MODULE TrC ----
EXTENDS Naturals, Sequences, TLCExt
VARIABLE x
Init == x = 0
Next == x' = x + 1
Con == Len(Trace) = x + 1 /\\ Trace[Len(Trace)].x = x /\\ x < 3
====
";
    run_model(
        "TrC",
        spec,
        "INIT Init\nNEXT Next\nCONSTRAINT Con\n",
        &["--no-deadlock"],
    )
    .code(0)
    .line("4 states generated, 3 distinct states found, 0 states left on queue.");
}

// TLCExt's TLCFP is an integer fingerprint: equal values (a function over 1..2 and a tuple)
// give the same integer, different ones different integers. The library's text is
// `CHOOSE fp \\in Int : TRUE`, which cannot be evaluated. TLC 2.19
// (`tlc2.TLC -workers 1 -deadlock Fp`): 2 generated, 1 distinct, depth 1.
#[test]
fn tlcext_tlcfp_is_an_integer_fingerprint() {
    let spec = "---- MODULE Fp ----
EXTENDS Integers, TLCExt
VARIABLE x
Init == x = [i \\in {1, 2} |-> i]
Next == x' = <<1, 2>>
Inv == TLCFP(x) = TLCFP(<<1, 2>>) /\\ TLCFP(x) /= TLCFP(<<2, 1>>) /\\ TLCFP(x) \\in Int
====
";
    run_model(
        "Fp",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        &["--no-deadlock"],
    )
    .code(0)
    .line("2 states generated, 1 distinct states found, 0 states left on queue.");
}

// ---------------------------------------------------------------------------------------------
// 8. Evaluation errors.

const EVAL_ERR: &str = "---- MODULE EvalErr ----
EXTENDS Naturals
VARIABLES x, y
f == [i \\in 0..1 |-> i]
Init == x = 0 /\\ y = 0
Next == x' = f[x + 1] /\\ y' = y
====
";

// x = 0 -> f[1] = 1; from x = 1, f[2] is outside the domain 0..1: exit 75 (§3.6: a
// non-EvalException in Next ends as TLC_NESTED_EXPRESSION). The message locates the
// expression on line 6 (`x' = f[x + 1]` at col 9, `f[x + 1]` at col 14). Statistics are
// printed (§3.3): generated 2 (init + x = 1), distinct 2, queue 0 (x = 1 was dequeued),
// depth 2; the trace ends at the state being expanded: 2 states.
#[test]
fn evaluation_error_exits_75_with_location() {
    let r = run_model("EvalErr", EVAL_ERR, "INIT Init\nNEXT Next\n", &[]);
    r.code(75);
    let all = r.all();
    assert!(
        [
            "line 6, col 9",
            "line 6, col 14",
            "Line 6, column 9",
            "Line 6, column 14"
        ]
        .iter()
        .any(|l| all.contains(l)),
        "no location on line 6 in:\n{r}"
    );
    r.trace_len(2).stats(2, 2, 0, 2);
}

// TLC's nested-expression block (§3.3, CallStack.toString):
// `<k>. Line <bl>, column <bc> to line <el>, column <ec> in <module>`.
#[test]
fn evaluation_error_call_stack_format_as_tlc() {
    let r = run_model("EvalErr", EVAL_ERR, "INIT Init\nNEXT Next\n", &[]);
    r.code(75);
    assert!(
        predicate::str::is_match(
            r"Error: The error occurred when TLC was evaluating the nested\nexpressions at the following positions:\n0\. Line 6, column \d+ to line 6, column \d+ in EvalErr\n"
        )
        .unwrap()
        .eval(&r.stdout),
        "no TLC call stack in:\n{r}"
    );
}

// ---------------------------------------------------------------------------------------------
// 9. Configuration errors: exit 150 or above, located where there is a location, no panic.

const CFG_SPEC: &str = "---- MODULE Cfg ----
EXTENDS Naturals
CONSTANT N
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % N
Inv == x < N
====
";

#[test]
fn unknown_cfg_keyword() {
    // `FROBNICATE` is on line 4, column 1.
    let d = Dir::new();
    d.file("Cfg.tla", CFG_SPEC).file(
        "Bad.cfg",
        "CONSTANT N = 2\nINIT Init\nNEXT Next\nFROBNICATE Inv\n",
    );
    d.check(&["Cfg.tla", "--config", "Bad.cfg"])
        .error_code()
        .says("Bad.cfg:4:1:")
        .says("FROBNICATE");
}

#[test]
fn undefined_invariant_name() {
    // `NoSuchInv` is on line 4, column 15.
    let d = Dir::new();
    d.file("Cfg.tla", CFG_SPEC).file(
        "Cfg.cfg",
        "CONSTANT N = 2\nINIT Init\nNEXT Next\nINVARIANT Inv NoSuchInv\n",
    );
    d.check(&["Cfg.tla"])
        .error_code()
        .says("Cfg.cfg:4:15:")
        .says("NoSuchInv");
}

#[test]
fn missing_cfg_file() {
    let d = Dir::new();
    d.file("Cfg.tla", CFG_SPEC);
    d.check(&["Cfg.tla"]).error_code().says("Cfg.cfg");
}

#[test]
fn constant_not_assigned() {
    let d = Dir::new();
    d.file("Cfg.tla", CFG_SPEC)
        .file("Cfg.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    d.check(&["Cfg.tla"])
        .error_code()
        .says("constant parameter N is not assigned");
}

// The same model with a correct .cfg passes, so the failures above come from the .cfg alone.
// x cycles 0 -> 1 -> 0 (N = 2): generated 1 + 2 = 3, distinct 2, depth 2.
#[test]
fn cfg_spec_passes_with_a_good_cfg() {
    let d = Dir::new();
    d.file("Cfg.tla", CFG_SPEC).file(
        "Cfg.cfg",
        "CONSTANT N = 2\nINIT Init\nNEXT Next\nINVARIANT Inv\n",
    );
    d.check(&["Cfg.tla"]).success().stats(3, 2, 0, 2);
}

// ---------------------------------------------------------------------------------------------
// 10. Parse error in the spec: exit 150 (TLC_PARSING_FAILED, §3.6), located in the file.

#[test]
fn parse_error_exits_150() {
    let spec = "---- MODULE Broken ----
VARIABLE x
Init == x = (0
Next == x' = x
====
";
    let r = run_model("Broken", spec, "INIT Init\nNEXT Next\n", &[]);
    r.code(150).says("Broken.tla:");
    assert!(
        predicate::str::is_match(r"Broken\.tla:\d+:\d+")
            .unwrap()
            .eval(&r.all()),
        "no file:line:col in:\n{r}"
    );
}

// ---------------------------------------------------------------------------------------------
// 11. Model values, sets of model values, `Op <- Other` for a definition and for constants.

const MV: &str = "---- MODULE MV ----
EXTENDS Naturals
CONSTANTS Procs, Nil, F(_), Limit
VARIABLES owner, n
Max == 100
SmallMax == 2
LimitVal == 2
Succ(k) == k + 1
Init == owner = Nil /\\ n = 0
Acquire == /\\ owner = Nil
           /\\ owner' \\in Procs
           /\\ n' = n
Release == /\\ owner /= Nil
           /\\ owner' = Nil
           /\\ n' = IF n < Max THEN F(n) ELSE n
Next == Acquire \\/ Release
Inv == /\\ owner \\in Procs \\cup {Nil}
       /\\ Nil \\notin Procs
       /\\ n <= Limit
NotHeldAtOne == ~(owner /= Nil /\\ n = 1)
====
";

const MV_CONSTANTS: &str = "CONSTANTS
  Procs = {p1, p2, p3}
  Nil = Nil
  F <- Succ
  Limit <- LimitVal
  Max <- SmallMax
";

// With Max <- SmallMax (2) and F <- Succ, n takes 0, 1, 2. States: (Nil, n) for 3 values of
// n and (p, n) for 3 model values * 3 values of n: distinct 12. From each (Nil, n) Acquire
// gives 3 successors (9 in all), from each (p, n) Release gives 1 (9 in all):
// generated = 1 + 9 + 9 = 19. Levels: (Nil,0) | (p,0) | (Nil,1) | (p,1) | (Nil,2) | (p,2):
// depth 6. Inv holds (n <= Limit = 2; without `Max <- SmallMax` n would pass 2).
#[test]
fn model_values_and_replacements() {
    let cfg = format!("{MV_CONSTANTS}INIT Init\nNEXT Next\nINVARIANT Inv\n");
    run_model("MV", MV, &cfg, &[]).success().stats(19, 12, 0, 6);
}

// Counterexample through model values. `owner' \in Procs` enumerates p1, p2, p3 (the order
// they were written in the .cfg, §6). BFS:
//   init (Nil,0)                                        generated 1
//   expand (Nil,0): (p1,0) (p2,0) (p3,0) new            generated 4
//   expand (p1,0): (Nil,1) new                          generated 5
//   expand (p2,0), (p3,0): (Nil,1) seen                 generated 7
//   expand (Nil,1): (p1,1) new, breaks NotHeldAtOne     generated 8
// distinct 6, queue 0, depth 4; trace (Nil,0), (p1,0), (Nil,1), (p1,1).
#[test]
fn model_values_in_a_counterexample() {
    let cfg = format!("{MV_CONSTANTS}INIT Init\nNEXT Next\nINVARIANT NotHeldAtOne\n");
    run_model("MV", MV, &cfg, &[])
        .code(12)
        .line("Error: Invariant NotHeldAtOne is violated.")
        .block("/\\ owner = Nil\n/\\ n = 0\n")
        .block("/\\ owner = p1\n/\\ n = 1\n")
        .trace_len(4)
        .stats(8, 6, 0, 4);
}

// Without `Max <- SmallMax`, n grows to 3 (Limit = 2) and Inv fails: the replacement of a
// definition is what made the model above pass. Path (Nil,0) (p1,0) (Nil,1) (p1,1) (Nil,2)
// (p1,2) (Nil,3): the first state with n = 3 is at level 7, so the counterexample has 7
// states.
#[test]
fn definition_replacement_is_what_bounds_the_model() {
    let cfg = "CONSTANTS
  Procs = {p1, p2, p3}
  Nil = Nil
  F <- Succ
  Limit <- LimitVal
INIT Init
NEXT Next
INVARIANT Inv
";
    run_model("MV", MV, cfg, &[])
        .code(12)
        .line("Error: Invariant Inv is violated.")
        .trace_len(7);
}

// ---------------------------------------------------------------------------------------------
// 12. TLC's single-dash flags.

// Flags.cfg (the default) names an invariant that fails; Other.cfg does not: `-config` must
// pick Other.cfg. x: 0 -> 1 -> 2 -> 2 ... (stops at 2 via the self-loop):
// generated 1 + 3 = 4, distinct 3, depth 3.
#[test]
fn tlc_single_dash_config_and_workers() {
    let spec = "---- MODULE Flags ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = IF x < 2 THEN x + 1 ELSE x
Never == x < 1
====
";
    let d = Dir::new();
    d.file("Flags.tla", spec)
        .file("Flags.cfg", "INIT Init\nNEXT Next\nINVARIANT Never\n")
        .file("Other.cfg", "INIT Init\nNEXT Next\n");
    d.check(&["Flags.tla", "-config", "Other.cfg", "-workers", "1"])
        .success()
        .stats(4, 3, 0, 3);
    // And the default .cfg is used without -config: Never fails at x = 1 (generated 2).
    d.check(&["Flags.tla", "-workers", "1"])
        .code(12)
        .line("Error: Invariant Never is violated.")
        .stats(2, 2, 0, 2);
}

// ---------------------------------------------------------------------------------------------
// 13. TLCGet("level").

const LEVEL: &str = "---- MODULE Level ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x' = x + 1
Shallow == TLCGet(\"level\") < 4
LevelIsDepth == TLCGet(\"level\") = x + 1
Small == x < 3
====
";

// In a state constraint on a successor of a level-k state, TLCGet("level") is k + 1 (§5):
// x = 0 (level 1), 1 (2), 2 (3) are kept; x = 3 (level 4) is out. generated 1 + 3 = 4,
// distinct 3, depth 3; x = 2 is not deadlocked (its successor counts, §2.2).
#[test]
fn tlcget_level_in_a_constraint_bounds_the_depth() {
    run_model(
        "Level",
        LEVEL,
        "INIT Init\nNEXT Next\nCONSTRAINT Shallow\n",
        &[],
    )
    .success()
    .stats(4, 3, 0, 3);
}

// As an invariant: x = k is at level k + 1, so x = 3 (level 4) is the first violation.
// generated 4, distinct 4, queue 0, depth 4; counterexample 0, 1, 2, 3 (4 states).
#[test]
fn tlcget_level_in_an_invariant() {
    run_model(
        "Level",
        LEVEL,
        "INIT Init\nNEXT Next\nINVARIANT Shallow\n",
        &[],
    )
    .code(12)
    .line("Error: Invariant Shallow is violated.")
    .trace_len(4)
    .stats(4, 4, 0, 4);
}

// In an invariant the level is that of the checked state: 1 for the initial state, k + 1 for
// a successor of a level-k state, out-of-constraint states included (x = 3 is checked at
// level 4 = 3 + 1). So LevelIsDepth holds everywhere; figures as the constraint test of §6:
// generated 4, distinct 3, depth 3.
#[test]
fn tlcget_level_is_the_bfs_level_of_the_checked_state() {
    run_model(
        "Level",
        LEVEL,
        "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT LevelIsDepth\n",
        &[],
    )
    .success()
    .stats(4, 3, 0, 3);
}
