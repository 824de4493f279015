//! `tlacheck check`: SYMMETRY, VIEW, ALIAS, POSTCONDITION, TLCGet and simulation, end to end on
//! small models written into temporary folders. Every figure is derived by hand from TLC's
//! semantics (docs/TLC_SEMANTICS.md; the TLC sources each feature's file names): generated =
//! initial states + every successor of every explored state, distinct = states kept once
//! each (with a symmetry: one per orbit), depth = BFS levels.

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// 1. SYMMETRY

/// A set growing one model value at a time; when full it stutters (no deadlock).
const GROW: &str = "---- MODULE Grow ----
EXTENDS TLC
CONSTANT S
VARIABLE x
Init == x = {}
Next == \\/ \\E s \\in S \\ x : x' = x \\cup {s}
        \\/ x = S /\\ UNCHANGED x
Sym == Permutations(S)
Grows == <>(x = S)
====
";

// Without symmetry every subset of {a, b, c} is reached: distinct 8. Successors: each subset
// of size k has 3 - k (the full set has its stutter step): 1*3 + 3*2 + 3*1 + 1*1 = 13, plus the
// initial state: generated 14. Levels by size 0..3: depth 4.
#[test]
fn without_symmetry_every_subset_is_a_state() {
    run_model(
        "Grow",
        GROW,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\n",
        &[],
    )
    .success()
    .stats(14, 8, 0, 4);
}

// With SYMMETRY Permutations(S) two subsets are one state when a permutation of {a, b, c} maps
// one to the other, i.e. when they have the same size: 4 orbits, distinct 4. Only the first
// state of each orbit is explored: sizes 0, 1, 2, 3 have 3, 2, 1 and 1 successors:
// generated = 1 + 3 + 2 + 1 + 1 = 8. Depth still 4.
#[test]
fn symmetry_keeps_one_state_per_orbit() {
    run_model(
        "Grow",
        GROW,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\nSYMMETRY Sym\n",
        &[],
    )
    .success()
    .stats(8, 4, 0, 4);
}

/// Two variables over two separate symmetric sets; nothing ever changes.
const PAIRS: &str = "---- MODULE Pairs ----
EXTENDS TLC
CONSTANTS A, B
VARIABLES x, y
Init == x \\in A /\\ y \\in B
Next == UNCHANGED <<x, y>>
Sym == Permutations(A) \\cup Permutations(B)
====
";

// Four initial states <<a1,b1>>, <<a1,b2>>, <<a2,b1>>, <<a2,b2>>. TLC closes the declared
// permutations under composition (MVPerms.permutationSubgroup), so the product of the two
// swaps is in the group and the four states form one orbit: distinct 1 (without the closure
// <<a1,b1>> and <<a2,b2>> would be apart). generated = 4 initial + 1 stutter of the one
// explored state = 5; depth 1.
#[test]
fn a_union_of_permutation_sets_acts_as_the_group_it_generates() {
    run_model(
        "Pairs",
        PAIRS,
        "INIT Init\nNEXT Next\nCONSTANTS A = {a1, a2}\nB = {b1, b2}\nSYMMETRY Sym\n",
        &[],
    )
    .success()
    .stats(5, 1, 0, 1);
}

// TLC warns (AbstractChecker, EC.TLC_FEATURE_UNSUPPORTED_LIVENESS_SYMMETRY) when a model with
// a symmetry has temporal properties; not without them.
#[test]
fn symmetry_with_a_temporal_property_is_warned_about() {
    let warning = "Warning: Declaring symmetry during liveness checking is dangerous. It might cause TLC to miss violations of the stated liveness properties. Please check liveness without symmetry defined.";
    let spec = GROW.replace(
        "Grows ==",
        "Spec == Init /\\ [][Next]_x /\\ WF_x(Next)\nGrows ==",
    );
    run_model(
        "Grow",
        &spec,
        "SPECIFICATION Spec\nCONSTANT S = {a, b, c}\nSYMMETRY Sym\nPROPERTY Grows\n",
        &[],
    )
    .line(warning);
    let quiet = run_model(
        "Grow",
        &spec,
        "SPECIFICATION Spec\nCONSTANT S = {a, b, c}\nSYMMETRY Sym\n",
        &[],
    );
    assert!(
        !quiet.stdout.contains("Warning: Declaring symmetry"),
        "{quiet}"
    );
}

#[test]
fn a_symmetry_that_is_not_a_set_of_permutations_is_an_error() {
    let spec = GROW.replace("Sym == Permutations(S)", "Sym == {<<1, 2>>}");
    run_model(
        "Grow",
        &spec,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\nSYMMETRY Sym\n",
        &[],
    )
    .code(75)
    .says("Symmetry function must have model values as domain and range.");
    let spec = GROW.replace("Sym == Permutations(S)", "Sym == 3");
    run_model(
        "Grow",
        &spec,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\nSYMMETRY Sym\n",
        &[],
    )
    .code(75)
    .says("The symmetry operator must specify a set of functions.");
}

#[test]
fn an_undefined_symmetry_is_a_configuration_error_at_its_place() {
    run_model(
        "Grow",
        GROW,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\nSYMMETRY Nope\n",
        &[],
    )
    .code(151)
    .says("Grow.cfg:4:10:")
    .says("Nope");
}

// ---------------------------------------------------------------------------------------------
// 2. VIEW with SYMMETRY: the view's value is what is permuted (TLCStateMut.fingerPrint).

// VIEW Card == Cardinality(x) already makes subsets of one size one state: distinct 4 and
// generated 8 as with the symmetry above; with both, the same.
#[test]
fn a_view_is_fingerprinted_and_permuted() {
    let spec = GROW
        .replace("EXTENDS TLC", "EXTENDS TLC, FiniteSets")
        .replace("Sym ==", "Card == Cardinality(x)\nV == <<x, 0>>\nSym ==");
    run_model(
        "Grow",
        &spec,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\nVIEW Card\n",
        &[],
    )
    .success()
    .stats(8, 4, 0, 4);
    // A view that keeps the whole set: only the symmetry merges states.
    run_model(
        "Grow",
        &spec,
        "INIT Init\nNEXT Next\nCONSTANT S = {a, b, c}\nVIEW V\nSYMMETRY Sym\n",
        &[],
    )
    .success()
    .stats(8, 4, 0, 4);
}

// ---------------------------------------------------------------------------------------------
// 3. ALIAS

const COUNT: &str = "---- MODULE Count ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x < 3 /\\ x' = x + 1
Small == x < 2
Shown == [double |-> 2 * x, level |-> TLCGet(\"level\")]
Log == <<\"first\", \"second\", \"third\">>
Prev == [before |-> Log[TLCGet(\"level\") - 1]]
====
";

// x = 0, 1, 2: Small fails in the third state. With the alias each state prints the record's
// fields (double = 2x, level = its position in the behaviour) instead of x.
#[test]
fn alias_fields_are_printed_instead_of_the_variables() {
    run_model(
        "Count",
        COUNT,
        "INIT Init\nNEXT Next\nINVARIANT Small\nALIAS Shown\n",
        &[],
    )
    .code(12)
    .trace_len(3)
    .block("State 1: <Initial predicate>\n/\\ double = 0\n/\\ level = 1\n")
    .block("/\\ double = 2\n/\\ level = 2\n")
    .block("/\\ double = 4\n/\\ level = 3\n");
}

// In the first state Log[0] is outside Log's domain: TLC 2026.12 prints that state's
// variables and the error as a last field, `_ALIASEvalError`; the others show the alias.
#[test]
fn a_state_the_alias_cannot_be_evaluated_in_shows_the_error() {
    run_model(
        "Count",
        COUNT,
        "INIT Init\nNEXT Next\nINVARIANT Small\nALIAS Prev\n",
        &[],
    )
    .code(12)
    .trace_len(3)
    .block(concat!(
        "State 1: <Initial predicate>\n/\\ x = 0\n",
        "/\\ _ALIASEvalError = \"Attempted to access index 0 of tuple\\n",
        "<<\\\"first\\\", \\\"second\\\", \\\"third\\\">>\\nwhich is out of bounds.\"\n"
    ))
    .line("before = \"first\"")
    .line("before = \"second\"");
}

// ---------------------------------------------------------------------------------------------
// 4. POSTCONDITION and TLCGet

const STEPS: &str = "---- MODULE Steps ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == IF x < 3 THEN x' = x + 1 ELSE UNCHANGED x
Remember == TLCSet(1, x)
Figures == /\\ TLCGet(\"stats\").distinct = 4
           /\\ TLCGet(\"stats\").generated = 5
           /\\ TLCGet(\"stats\").queue = 0
           /\\ TLCGet(\"stats\").diameter = 4
           /\\ TLCGet(\"stats\").duration >= 0
           /\\ DOMAIN TLCGet(\"stats\") = {\"queue\", \"distinct\", \"generated\", \"diameter\", \"duration\"}
           /\\ TLCGet(\"distinct\") = 4
           /\\ TLCGet(\"generated\") = 5
           /\\ TLCGet(\"diameter\") = 4
           /\\ TLCGet(\"queue\") = 0
           /\\ TLCGet(\"level\") = 0
           /\\ TLCGet(\"config\").mode = \"bfs\"
           /\\ TLCGet(1) = 3
Wrong == TLCGet(\"distinct\") = 5
NotBool == 7
LevelIsDepth == TLCGet(\"level\") = x + 1
====
";

// x = 0..3 then a stutter: distinct 4, generated 1 + 4 = 5, depth 4 (TLCGet's diameter is the
// depth, TLC's getProgress). The postcondition is evaluated with no state (level 0) after the
// search; the invariant Remember stored the last checked state's x, 3, in register 1.
#[test]
fn postcondition_sees_the_final_figures_and_registers() {
    run_model(
        "Steps",
        STEPS,
        "INIT Init\nNEXT Next\nINVARIANT Remember LevelIsDepth\nPOSTCONDITION Figures\n",
        &[],
    )
    .success()
    .stats(5, 4, 0, 4);
}

// A false postcondition: TLC_POSTCONDITION_FALSE, exit 10 (VIOLATION_ASSUMPTION), and the
// statistics are still printed; no "completed" line.
#[test]
fn a_false_postcondition_is_reported_with_exit_10() {
    let r = run_model(
        "Steps",
        STEPS,
        "INIT Init\nNEXT Next\nPOSTCONDITION Wrong\n",
        &[],
    );
    r.code(10)
        .line("Error: Postcondition Wrong at line 20, col 10 to line 20, col 31 of module Steps is false.")
        .stats(5, 4, 0, 4);
    assert!(!r.stdout.contains("Model checking completed"), "{r}");
}

#[test]
fn a_postcondition_that_is_not_a_boolean_is_an_evaluation_error() {
    run_model(
        "Steps",
        STEPS,
        "INIT Init\nNEXT Next\nPOSTCONDITION NotBool\n",
        &[],
    )
    .code(75)
    .says("Evaluating postcondition NotBool failed.");
}

// A search stopped by a violation does not check the postcondition (ModelChecker).
#[test]
fn the_postcondition_is_not_checked_after_a_violation() {
    let spec = STEPS.replace("Wrong ==", "Low == x < 2\nWrong ==");
    let r = run_model(
        "Steps",
        &spec,
        "INIT Init\nNEXT Next\nINVARIANT Low\nPOSTCONDITION Wrong\n",
        &[],
    );
    r.code(12).line("Error: Invariant Low is violated.");
    assert!(!r.stdout.contains("Postcondition"), "{r}");
}

// ---------------------------------------------------------------------------------------------
// 5. Simulation

const WALK: &str = "---- MODULE Walk ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x' = x + 1 \\/ x' = x + 2
Below == x < 6
Level == /\\ x = (TLCGet(\"level\") - 1) % 3
         /\\ TLCGet(\"config\").mode = \"simulate\"
         /\\ TLCGet(\"level\") > 1 => TLCGet(\"stats\").traces >= 1
Cycle == x' = (x + 1) % 3
Stop == x < 3 /\\ x' = x + 1
====
";

fn without_timing(out: &str) -> String {
    out.lines()
        .filter(|l| !is_run_dependent(l))
        .collect::<Vec<_>>()
        .join("\n")
}

// Every behaviour adds 1 or 2 per step, so each reaches x >= 6 within 7 states (depth 10):
// the first behaviour breaks Below. The counterexample is a behaviour of the spec: it starts
// at 0, each step adds 1 or 2, and only its last state has x >= 6.
#[test]
fn simulation_finds_a_planted_invariant_violation() {
    let r = run_model(
        "Walk",
        WALK,
        "INIT Init\nNEXT Next\nINVARIANT Below\n",
        &[
            "--simulate",
            "--depth",
            "10",
            "--traces",
            "5",
            "--seed",
            "3",
        ],
    );
    r.code(12).line("Error: Invariant Below is violated.");
    let xs: Vec<i64> = r
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("x = "))
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(xs.len() >= 4 && xs.len() <= 7, "{r}");
    assert_eq!(xs[0], 0, "{r}");
    for w in xs.windows(2) {
        assert!(w[1] - w[0] == 1 || w[1] - w[0] == 2, "{r}");
    }
    assert!(xs[..xs.len() - 1].iter().all(|x| *x < 6), "{r}");
    assert!(*xs.last().unwrap() >= 6, "{r}");
}

// The same seed gives the same behaviours, hence the same output.
#[test]
fn simulation_is_reproducible_for_a_seed() {
    let args = [
        "--simulate",
        "--depth",
        "10",
        "--traces",
        "5",
        "--seed",
        "11",
    ];
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Below\n";
    let a = run_model("Walk", WALK, cfg, &args);
    let b = run_model("Walk", WALK, cfg, &args);
    assert_eq!(without_timing(&a.stdout), without_timing(&b.stdout));
    a.code(12);
}

// One successor per state: each of the 4 behaviours has exactly 5 states, so
// 1 initial + 4 * 4 successors = 17 states generated. TLCGet("level") is the position in the
// behaviour, config.mode is "simulate".
#[test]
fn simulation_counts_states_and_traces() {
    run_model(
        "Walk",
        WALK,
        "INIT Init\nNEXT Cycle\nINVARIANT Level\n",
        &["--simulate", "--depth", "5", "--traces", "4"],
    )
    .code(0)
    .line("The number of states generated: 17")
    .line("Simulation using seed 0 and aril 0")
    .line("4 traces generated, the longest of 5 states.");
}

// x = 0..3 and then no successor: a deadlock, shown with the 4 states of the behaviour.
#[test]
fn simulation_reports_deadlock() {
    run_model(
        "Walk",
        WALK,
        "INIT Init\nNEXT Stop\n",
        &["--simulate", "--depth", "10", "--traces", "3"],
    )
    .code(11)
    .line("Error: Deadlock reached.")
    .trace_len(4);
}

#[test]
fn simulation_options_are_checked() {
    let d = Dir::new();
    d.file("Walk.tla", WALK)
        .file("Walk.cfg", "INIT Init\nNEXT Next\n");
    d.check(&["Walk.tla", "--simulate", "--depth", "0"])
        .code(2)
        .says("--depth");
    d.check(&["Walk.tla", "--traces", "3"])
        .code(2)
        .says("--simulate");
    d.check(&["Walk.tla", "--simulate", "--traces", "x"])
        .code(2)
        .says("--traces");
}

// Names the .cfg gives to POSTCONDITION and VIEW must be definitions of the spec: a
// configuration error at the name's place (TLC: exit 151 and up). An undefined ALIAS is no
// error until a state is printed (see cli_difftest_found.rs): TLC checks the model.
#[test]
fn undefined_postcondition_and_view_are_configuration_errors() {
    run_model("Steps", STEPS, "INIT Init\nNEXT Next\nALIAS Missing\n", &[])
        .code(0)
        .no_line_starting("Error:");
    for (key, col) in [("POSTCONDITION", 15), ("VIEW", 6)] {
        run_model(
            "Steps",
            STEPS,
            &format!("INIT Init\nNEXT Next\n{key} Missing\n"),
            &[],
        )
        .code(151)
        .says(&format!("Steps.cfg:3:{col}:"))
        .says("Missing");
    }
}
