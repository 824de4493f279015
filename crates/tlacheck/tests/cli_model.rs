//! `tlacheck check`: how the .cfg binds to the spec and what TLC checks around the search:
//! `_POSSIBLE`, the checks before the search, the SPECIFICATION forms TLC accepts, and the
//! outcomes of temporal properties. Every expected figure and message was read from TLC
//! (`java -cp tla2tools.jar tlc2.TLC -workers 1 M`, tla2tools 2026.11.29) on the same model;
//! the derivation is next to each test.

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// 1. _POSSIBLE

const POS: &str = "---- MODULE Pos ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\\ y \\in {0, 1}
Next == \\/ x < 3 /\\ x' = x + 1 /\\ y' = y
        \\/ x = 3 /\\ x' = 0 /\\ y' = 1 - y
Small == x < 3
AtThree == x = 3
Flip == y' # y
Never == x = 7
Jump == x' = x + 2
====
";

// TLC: the _POSSIBLE predicates are tracked after the CONSTRAINTs, so no x = 3 state (cut by
// Small) counts and no step from one (Flip) is taken: every count is 0, the first name fails.
// 2 initial states + 3 levels of 2 successors each: 8 generated, 6 distinct, depth 3.
#[test]
fn possible_counts_only_states_inside_the_constraints() {
    let cfg = "INIT Init\nNEXT Next\nCONSTRAINT Small\n_POSSIBLE AtThree Flip Never Jump\n";
    run_model("Pos", POS, cfg, &[])
        .code(10)
        .line("[AtThree |-> 0, Flip |-> 0, Never |-> 0, Jump |-> 0]")
        .line("Error: Postcondition AtThree at line 8, col 12 to line 8, col 16 of module Pos is false.")
        .stats(8, 6, 0, 3);
}

// TLC: without the constraint AtThree holds in the two x = 3 states and Flip on the two steps
// out of them; Never is tracked (0) and fails, before the POSTCONDITION (which TLC then does
// not evaluate). 10 generated, 8 distinct, depth 4.
#[test]
fn possible_fails_on_the_first_predicate_never_satisfied() {
    let cfg = "INIT Init\nNEXT Next\n_POSSIBLE AtThree Flip Never\nPOSTCONDITION Never\n";
    let r = run_model("Pos", POS, cfg, &["--json"]);
    r.code(10);
    // PrintT's line comes first; the report is the last line.
    let last = r.stdout.lines().last().unwrap_or("");
    let j: serde_json::Value = serde_json::from_str(last).expect("JSON");
    assert_eq!(j["violated"], "POSTCONDITION Never", "{r}");
    assert_eq!(j["generated"], 10, "{r}");
    assert_eq!(j["distinct"], 8, "{r}");
}

// TLC: the counts are in the named register "s:_possible", one entry per worker, and
// module _Possible's _Counts adds them up. Model checking completes: 10 / 8 / depth 4.
#[test]
fn possible_counts_are_readable_from_the_postcondition() {
    let spec = "---- MODULE Pos2 ----
EXTENDS Naturals, TLC, _Possible
VARIABLE x, y
Init == x = 0 /\\ y \\in {0, 1}
Next == \\/ x < 3 /\\ x' = x + 1 /\\ y' = y
        \\/ x = 3 /\\ x' = 0 /\\ y' = 1 - y
AtThree == x = 3
Flip == y' # y
Post == /\\ TLCGet(\"all:named\")[\"s:_possible\"][1] = [AtThree |-> 2, Flip |-> 2]
        /\\ _Counts[\"AtThree\"] = 2
====
";
    let cfg = "INIT Init\nNEXT Next\n_POSSIBLE AtThree Flip\nPOSTCONDITION Post\n";
    run_model("Pos2", spec, cfg, &[])
        .success()
        .stats(10, 8, 0, 4);
}

// TLC: "The possible of Live is equal to a temporal formula; only state- and action-level
// predicates are supported", exit 151.
#[test]
fn possible_refuses_a_temporal_formula() {
    let spec = "---- MODULE Pos3 ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 2
Live == <>(x = 1)
====
";
    run_model("Pos3", spec, "INIT Init\nNEXT Next\n_POSSIBLE Live\n", &[])
        .code(151)
        .says("is equal to a temporal formula");
}

// ---------------------------------------------------------------------------------------------
// 2. Checks before the search

const AL: &str = "---- MODULE AL ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\\ [][Next]_x
Prop == x \\in 0..2 /\\ [Next]_x
Step == Next
====
";

// TLC splits the property into conjuncts and names the action-level one by its location
// (TLC_CONFIG_PROPERTY_ACTION_LEVEL_SQUARE_A_SUB_V), exit 151, before any state is generated.
#[test]
fn an_action_level_conjunct_under_property_is_refused() {
    run_model("AL", AL, "SPECIFICATION Spec\nPROPERTY Prop\n", &[])
        .code(151)
        .says("The formula line 7, col 23 to line 7, col 30 of module AL at line 7, col 23 to line 7, col 30 of module AL is an action-level formula")
        .says("by applying the \"always\" temporal operator ([]) to the formula at line 7, col 23");
}

// An action-level formula that is a definition's whole body is named by that definition, the
// innermost one (TLC_CONFIG_PROPERTY_ACTION_LEVEL: "The formula Next at ...").
#[test]
fn an_action_level_property_is_named() {
    run_model("AL", AL, "SPECIFICATION Spec\nPROPERTY Step\n", &[])
        .code(151)
        .says("The formula Next at line 5, col 9 to line 5, col 24 of module AL is an action-level formula");
}

// ---------------------------------------------------------------------------------------------
// 3. SPECIFICATION forms TLC takes apart

const SP: &str = "---- MODULE Sp ----
EXTENDS Naturals
VARIABLE x
N == 3
  ---- MODULE Counter ----
  VARIABLE c
  CONSTANT Max
  CInit == c = 0
  CNext == c' = (c + 1) % Max
  CSpec == CInit /\\ [][CNext]_c
  ====
C(Max) == INSTANCE Counter WITH c <- x
Wrap(S) == S
Lift(F(_)) == F(x = 0 /\\ [][x' = (x + 1) % N]_x)
SpecA == C(N)!CSpec
SpecB == LET id(s) == s IN id(x = 0) /\\ Wrap([][x' = (x + 1) % 4]_x)
SpecC == Lift(Wrap)
SpecD == N > 5 /\\ C(N)!CSpec
Insane == N > 5
SpecE == Insane /\\ C(N)!CSpec
====
";

fn spec_run(name: &str) -> Run {
    run_model("Sp", SP, &format!("SPECIFICATION {name}\n"), &[])
}

// TLC: a parameterized instance's Spec: x counts 0, 1, 2: 4 generated, 3 distinct, depth 3.
#[test]
fn a_parameterized_instances_spec_is_a_specification() {
    spec_run("SpecA").success().stats(4, 3, 0, 3);
}

// TLC: LET and operators applied to the parts: x counts 0..3: 5 generated, 4 distinct, depth 4.
#[test]
fn operators_applied_to_the_parts_of_a_specification() {
    spec_run("SpecB").success().stats(5, 4, 0, 4);
}

// TLC: the whole spec passed through an operator argument: 4 / 3 / depth 3.
#[test]
fn a_specification_through_an_operator_argument() {
    spec_run("SpecC").success().stats(4, 3, 0, 3);
}

// TLC: a constant conjunct written out stays in the initial predicate (no initial state:
// 0 / 0 / depth 0), but a constant definition that is FALSE is refused, exit 151.
#[test]
fn constant_conjuncts_of_a_specification() {
    spec_run("SpecD").success().stats(0, 0, 0, 0);
    spec_run("SpecE")
        .code(151)
        .says("The spec is trivially false because Insane is false.");
}

// ---------------------------------------------------------------------------------------------
// 4. How TLC names the conjuncts of a PROPERTY (each line read from TLC on this model)

const PN: &str = "---- MODULE PN ----
EXTENDS Naturals
VARIABLE x
Init == x \\in {0, 1}
Next == x' = 1 - x
Spec == Init /\\ [][Next]_x
Pos == x > 0
P1 == x > 0 /\\ [](x < 5)
P2 == Pos /\\ [](x < 5)
P3 == []Pos
P4 == [](x > 0)
P5 == x < 5 /\\ [](x > 0)
P6 == [][x = 0]_x /\\ x < 5
====
";

#[test]
fn property_conjuncts_are_named_as_tlc_names_them() {
    let run = |p: &str| {
        run_model(
            "PN",
            PN,
            &format!("SPECIFICATION Spec\nPROPERTY {p}\n"),
            &[],
        )
    };
    run("P1").code(13).line(
        "Error: Property line 8, col 7 to line 8, col 11 of module PN is violated by the initial state:",
    );
    run("P2")
        .code(13)
        .line("Error: Property Pos is violated by the initial state:");
    run("P3")
        .code(12)
        .line("Error: Invariant Pos is violated by the initial state:");
    run("P4")
        .code(12)
        .line("Error: Invariant P4 is violated by the initial state:");
    run("P5").code(12).line(
        "Error: Invariant line 12, col 16 to line 12, col 24 of module PN is violated by the initial state:",
    );
    run("P6")
        .code(13)
        .line("Error: Action property line 13, col 7 to line 13, col 17 of module PN is violated.");
}

// TLC prints a violation in an initial state without a "State 1:" trace: no trace length.
#[test]
fn an_initial_state_violation_has_no_trace_length() {
    let r = run_model("PN", PN, "SPECIFICATION Spec\nPROPERTY P2\n", &["--json"]);
    let j = r.json();
    assert_eq!(j["violated"], "Pos", "{r}");
    assert_eq!(j["outcome"], "safety failure", "{r}");
    assert!(j["trace_len"].is_null(), "{r}");
}

// ---------------------------------------------------------------------------------------------
// 5. --continue (TLC's -continue)

// TLC -continue -deadlock: the initial state x = 2 violates NotTwo and is reported; the
// search goes on (x = 2 reached again from 1 is not new, so not reported again) and ends as
// a complete search: exit 0, 6 generated, 5 distinct, depth 3.
#[test]
fn continue_reports_each_violation_and_completes_the_search() {
    let spec = "---- MODULE Cont ----
EXTENDS Naturals
VARIABLE x
Init == x \\in {0, 2}
Next == x < 4 /\\ x' = x + 1
NotTwo == x # 2
====
";
    let cfg = "INIT Init\nNEXT Next\nINVARIANT NotTwo\n";
    let r = run_model("Cont", spec, cfg, &["--continue", "--no-deadlock"]);
    r.success()
        .block("Error: Invariant NotTwo is violated by the initial state:\nx = 2\n\nModel checking completed.")
        .stats(6, 5, 0, 3);
    assert_eq!(r.stdout.matches("is violated").count(), 1, "{r}");
    let j = run_model(
        "Cont",
        spec,
        cfg,
        &["--continue", "--no-deadlock", "--json"],
    )
    .json();
    assert_eq!(j["exit_code"], 0);
    assert_eq!(j["violated"], "NotTwo");
    assert_eq!(j["distinct"], 5);
    // Without --continue the search stops at the initial state.
    run_model("Cont", spec, cfg, &["--no-deadlock"]).code(12);
}

// ---------------------------------------------------------------------------------------------
// 6. Temporal properties: every property the counterexample violates is named

// TLC -lncheck final: the lasso 0 -> 1 -> back to 0 violates A (x never 2) and B (x is not
// 0 forever) but not C (x = 1 infinitely often): "Temporal properties A and B were
// violated.", exit 13.
#[test]
fn every_temporal_property_the_lasso_violates_is_named() {
    let spec = "---- MODULE MN ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = 1 - x
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
A == <>(x = 2)
B == <>[](x = 0)
C == []<>(x = 1)
====
";
    let cfg = "SPECIFICATION Spec\nPROPERTY A B C\n";
    run_model("MN", spec, cfg, &["--lncheck", "final"])
        .code(13)
        .line("Error: Temporal properties A and B were violated.")
        .line("Back to state 1: <Next line 5, col 9 to line 5, col 18 of module MN>");
    let r = run_model("MN", spec, cfg, &["--lncheck", "final", "--json"]);
    assert_eq!(r.json()["violated"], "A, B", "{r}");
    // One property: named alone.
    run_model(
        "MN",
        spec,
        "SPECIFICATION Spec\nPROPERTY B C\n",
        &["--lncheck", "final"],
    )
    .code(13)
    .line("Error: Temporal property B was violated.");
}

// TLC -deadlock -lncheck final: without fairness, the prefix 0, 1, 2 violates
// [](x = 1 => [](x < 2)) whatever follows; TLC reports it as found during the search
// (TableauLiveChecker: an accepting tableau node, no fairness), exit 12, with the three
// states and no loop.
#[test]
fn a_finite_counterexample_of_a_temporal_property_is_a_safety_exit() {
    let spec = "---- MODULE FP ----
EXTENDS Naturals
VARIABLE x
Init == x \\in {0, 10}
Next == x < 12 /\\ x' = x + 1
Spec == Init /\\ [][Next]_x
StaysSmall == [](x = 1 => [](x < 2))
====
";
    let r = run_model(
        "FP",
        spec,
        "SPECIFICATION Spec\nPROPERTY StaysSmall\n",
        &["--no-deadlock", "--lncheck", "final"],
    );
    r.code(12)
        .line("Error: Temporal property StaysSmall was violated.")
        .trace_len(3)
        .no_line_starting("Back to state")
        .no_line_starting("Checking temporal properties");
}

// TLC: `[]<>(x = 1) => TRUE` has an unsatisfiable negation: "Temporal formula is a
// tautology (its negation is unsatisfiable).", an error exit (TLC's 77), not a verdict.
#[test]
fn a_temporal_tautology_is_an_error() {
    let spec = "---- MODULE Ta ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = 1 - x
Spec == Init /\\ [][Next]_x
Taut == []<>(x = 1) => TRUE
====
";
    let r = run_model("Ta", spec, "SPECIFICATION Spec\nPROPERTY Taut\n", &[]);
    r.says("Temporal formula is a tautology (its negation is unsatisfiable).");
    assert!(!matches!(r.code, Some(0 | 10 | 11 | 12 | 13)), "{r}");
}

// TLC -lncheck final with SYMMETRY: the two x values are one orbit, so the graph is (a, 0) ->
// (a, 1) and Swap's step from (a, 1) lands in the same orbit. TLC evaluates that step as the
// real one (x changes: a fair <<Start \/ Swap>>_vars step) and the states by their kept
// member (x = a always): BothOften is violated, the lasso stutters in (a, 1). Exit 13.
#[test]
fn with_symmetry_a_step_into_a_seen_orbit_is_the_real_step() {
    let spec = "---- MODULE Sy ----
EXTENDS TLC
CONSTANTS a, b
S == {a, b}
VARIABLES x, y
vars == <<x, y>>
Init == x \\in S /\\ y = 0
Start == y = 0 /\\ y' = 1 /\\ x' = x
Swap == y = 1 /\\ y' = 1 /\\ \\E i \\in S \\ {x} : x' = i
Spec == Init /\\ [][Start \\/ Swap]_vars /\\ WF_vars(Start \\/ Swap)
Sym == Permutations(S)
BothOften == []<>(x = a) /\\ []<>(x = b)
====
";
    let cfg = "CONSTANTS a = a\n b = b\nSYMMETRY Sym\nSPECIFICATION Spec\nPROPERTY BothOften\n";
    run_model("Sy", spec, cfg, &["--lncheck", "final"])
        .code(13)
        .line("Error: Temporal property BothOften was violated.")
        .line("State 3: Stuttering")
        .stats(4, 2, 0, 2);
}

// TLC: a spec without variables has no state to generate; SPECIFICATION `[][TRUE]_<<>>` is
// accepted and the run completes with 0 states (exit 0, depth 0).
#[test]
fn a_specification_without_variables_generates_no_state() {
    let spec =
        "---- MODULE NV ----\nEXTENDS Naturals\nASSUME 1 + 1 = 2\nSpec == [][TRUE]_<<>>\n====\n";
    run_model("NV", spec, "SPECIFICATION Spec\n", &[])
        .success()
        .stats(0, 0, 0, 0);
}

// TLC evaluates a constant bound to a definition (`C <- Bad`) up front but keeps an error to
// itself: unused, the run completes (4 generated, 3 distinct, depth 3, exit 0); used in an
// ASSUME, the assumption fails there (exit 10, "Evaluating assumption line 6, col 8 to line
// 6, col 8 of module LC failed."). Bad compares two functions over Nat, which TLC cannot.
const LC: &str = "---- MODULE LC ----
EXTENDS Naturals
CONSTANT C, D
VARIABLE x
Bad == [n \\in Nat |-> n] = [n \\in Nat |-> n]
ASSUME D
Init == x = 0
Next == x' = (x + 1) % 3
====
";

#[test]
fn a_constant_bound_to_a_failing_definition_fails_only_where_used() {
    run_model(
        "LC",
        LC,
        "CONSTANT C <- Bad\nD = TRUE\nINIT Init\nNEXT Next\n",
        &[],
    )
    .success()
    .stats(4, 3, 0, 3);
    run_model(
        "LC",
        LC,
        "CONSTANT C <- Bad\nD <- Bad\nINIT Init\nNEXT Next\n",
        &[],
    )
    .code(10)
    .line("Error: Evaluating assumption line 6, col 8 to line 6, col 8 of module LC failed.");
}

// TLC names a violated action property `[][A]_v` by the last definition entered on the way to
// it (of any arity, LET ones too) since a conjunction last split, else by its location:
// `java -cp tla2tools.jar tlc2.TLC -workers 1 AN` with PROPERTY P1 .. P8 in turn gives A, op,
// f, Q, A, op, op and "line 17, col 7 to line 17, col 18"; each run 4 generated, 3 distinct.
const AN: &str = "---- MODULE AN ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\\ [][Next]_x
A == [][x' > x]_x
op(b) == [][b]_x
wrap(p) == p
P1 == A
P2 == op(x' > x)
P3 == LET f(y) == y IN f([][x' > x]_x)
P4 == LET Q == [][x' > x]_x IN Q
P5 == wrap(A)
P6 == wrap(op(x' > x))
P7 == op(x' > x) /\\ A
P8 == [][x' > x]_x /\\ A
====
";

#[test]
fn an_action_property_is_named_by_the_last_definition_entered() {
    for (p, name) in [
        ("P1", "A"),
        ("P2", "op"),
        ("P3", "f"),
        ("P4", "Q"),
        ("P5", "A"),
        ("P6", "op"),
        ("P7", "op"),
        ("P8", "line 17, col 7 to line 17, col 18 of module AN"),
    ] {
        let cfg = format!("SPECIFICATION Spec\nPROPERTY {p}\n");
        run_model("AN", AN, &cfg, &[])
            .code(13)
            .line(&format!("Error: Action property {name} is violated."));
    }
}

// TLC evaluates every predicate of a temporal property in every state, even one the check
// would not need: with `x > 5` never true, `x = "a"` is still compared with 0, an error
// (`java -cp tla2tools.jar tlc2.TLC -workers 1 LE`: exit 255, "Attempted to check equality
// of integer 0 with non-integer"), never a verdict.
#[test]
fn a_temporal_predicate_that_fails_to_evaluate_is_an_error_even_if_not_needed() {
    let spec = "---- MODULE LE ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 2
Spec == Init /\\ [][Next]_x
Prop == x > 5 ~> x = \"a\"
====
";
    let r = run_model("LE", spec, "SPECIFICATION Spec\nPROPERTY Prop\n", &[]);
    assert!(
        !matches!(r.code, Some(0 | 10..=13)),
        "a verdict instead of an error:\n{r}"
    );
    // TLC (`Worker.doNextCheckLiveness`) prints the positions first, then the error wrapped
    // as an unexpected exception, exit 255.
    r.code(255).block(
        "Error: The error occurred when TLC was evaluating the nested\n\
         expressions at the following positions:\n\
         0. Line 7, column 18 to line 7, column 24 in LE\n\n\n\
         Error: TLC threw an unexpected exception.\n",
    );
    r.line(": Attempted to check equality of integer 0 with non-integer:");
}

// TLC: `WF_vars(Flip)` with Flip leaving q unprimed cannot evaluate ENABLED <<Flip>>_vars
// (vars' needs q'): `java -cp tla2tools.jar tlc2.TLC -workers 1 WU` exits 255 with "The action
// formula A appearing in a WF_v(A) or SF_v(A) operator does not specify the primed value of
// the variable q occurring in the state formula v.", never a verdict.
#[test]
fn a_fair_action_that_leaves_a_subscript_variable_unprimed_is_an_error() {
    let spec = "---- MODULE WU ----
EXTENDS Naturals
VARIABLES p, q
vars == <<p, q>>
Init == p = 0 /\\ q = 0
Flip == p' = 1 - p
Next == Flip /\\ UNCHANGED q
Spec == Init /\\ [][Next]_vars /\\ WF_vars(Flip)
Prop == []<>(p = 0)
====
";
    let r = run_model("WU", spec, "SPECIFICATION Spec\nPROPERTY Prop\n", &[]);
    assert!(
        !matches!(r.code, Some(0 | 10..=13)),
        "a verdict instead of an error:\n{r}"
    );
    // Wrapped as an unexpected exception, as every error met building the liveness graph.
    r.code(255).line(": The action formula A appearing in a WF_v(A) or SF_v(A) operator does not specify the primed value of the variable q occurring in the state formula v.");
}
