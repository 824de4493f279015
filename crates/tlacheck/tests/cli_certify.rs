//! Counterexamples that certify themselves (`tla-check/src/certify.rs`): every trace `check`
//! prints is replayed against the spec first (Init, each step a step of Next, the claim, and
//! for a lasso its step back, fairness and the property's negation), and `--json` says so. A
//! trace broken on purpose (`--debug-drop-step`, hidden) is refused as an internal error.

mod common;
use common::run_model;

/// x counts up by 1 from 0 to 3 and stops: Inv (x < 3) fails in the 4th state, the state x = 3
/// deadlocks, and Up's step 2 -> 3 breaks the action property.
const COUNTER: &str = "---- MODULE Counter ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\\ x' = x + 1
Inv == x < 3
NoThree == [][x' # 3]_x
====
";

/// y cycles 0 -> 1 -> 2 -> 0 with weak fairness and never reaches 5: `<>(y = 5)` is
/// violated by a lasso returning to State 1; `<>(y = 2)` holds (fair), and without fairness
/// its violation stutters in State 2 (y = 1), as does that of OneThenTwo.
const CYCLE: &str = "---- MODULE Cycle ----
EXTENDS Naturals
VARIABLE y
Init == y = 0
Next == y' = (y + 1) % 3
Fair == Init /\\ [][Next]_y /\\ WF_y(Next)
Unfair == Init /\\ [][Next]_y
Five == <>(y = 5)
Two == <>(y = 2)
OneThenTwo == [](y = 1 => <>(y = 2))
====
";

fn certified(spec_name: &str, spec: &str, cfg: &str, code: i32, trace: usize) {
    let run = run_model(spec_name, spec, cfg, &["--json"]);
    run.code(code);
    let j = run.json();
    assert_eq!(j["certified"], true, "{run}");
    assert_eq!(j["trace"].as_array().map(|t| t.len()), Some(trace), "{run}");
}

#[test]
fn an_invariant_violation_is_certified() {
    certified(
        "Counter",
        COUNTER,
        "INIT Init\nNEXT Next\nINVARIANT Inv\n",
        12,
        4,
    );
}

#[test]
fn a_deadlock_is_certified() {
    certified("Counter", COUNTER, "INIT Init\nNEXT Next\n", 11, 4);
}

#[test]
fn an_action_property_violation_is_certified() {
    certified(
        "Counter",
        COUNTER,
        "INIT Init\nNEXT Next\nPROPERTY NoThree\n",
        13,
        4,
    );
}

#[test]
fn a_lasso_is_certified() {
    // 0 -> 1 -> 2, back to State 1.
    certified("Cycle", CYCLE, "SPECIFICATION Fair\nPROPERTY Five\n", 13, 3);
    // Without fairness: 0 -> 1, then stuttering forever.
    certified(
        "Cycle",
        CYCLE,
        "SPECIFICATION Unfair\nPROPERTY Two\n",
        13,
        2,
    );
}

#[test]
fn a_run_without_counterexample_says_nothing_of_certification() {
    let run = run_model(
        "Cycle",
        CYCLE,
        "SPECIFICATION Fair\nPROPERTY Two\n",
        &["--json"],
    );
    run.code(0);
    assert!(run.json().get("certified").is_none(), "{run}");
}

#[test]
fn each_counterexample_of_continue_is_certified() {
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    let run = run_model(
        "Counter",
        COUNTER,
        cfg,
        &["--json", "--continue", "-deadlock"],
    );
    run.code(0);
    assert_eq!(run.json()["certified"], true, "{run}");
}

/// A broken trace is never shown as a verdict: exit 255, the state and the step that failed
/// named, the spec asked for.
fn refused(spec_name: &str, spec: &str, cfg: &str, drop: &str, why: &str) {
    let run = run_model(spec_name, spec, cfg, &["--debug-drop-step", drop]);
    run.code(255).says("tlacheck internal error").says(why);
    run.says("Please report this with the spec");
    assert!(!run.stdout.contains("is violated"), "{run}");
    assert!(
        !run.stdout.contains("The behavior up to this point"),
        "{run}"
    );
    let json = run_model(spec_name, spec, cfg, &["--json", "--debug-drop-step", drop]);
    json.code(255);
    let j = json.json();
    assert_eq!(j["outcome"], "internal error", "{json}");
    assert!(j.get("certified").is_none() && j["trace"].as_array().is_none_or(|t| t.is_empty()));
}

#[test]
fn a_trace_missing_a_step_is_refused() {
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    refused(
        "Counter",
        COUNTER,
        cfg,
        "2",
        "State 1 -> State 2: it is not a step of Next",
    );
}

#[test]
fn a_trace_missing_its_first_state_is_refused() {
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    refused(
        "Counter",
        COUNTER,
        cfg,
        "1",
        "State 1 is not an initial state",
    );
}

#[test]
fn a_trace_missing_its_last_state_is_refused() {
    // Without x = 3 the trace ends where Inv holds, and where a successor exists.
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    refused(
        "Counter",
        COUNTER,
        cfg,
        "4",
        "invariant Inv holds in State 3",
    );
    refused(
        "Counter",
        COUNTER,
        "INIT Init\nNEXT Next\n",
        "4",
        "State 3 has a successor",
    );
}

#[test]
fn a_lasso_missing_a_state_is_refused() {
    // 0 -> 2 is no step; without its State 3 the lasso 0 -> 1, back to 0, is not one either.
    let cfg = "SPECIFICATION Fair\nPROPERTY Five\n";
    refused("Cycle", CYCLE, cfg, "2", "State 1 -> State 2");
    refused("Cycle", CYCLE, cfg, "3", "back to State 1");
}

/// z counts 0 -> 1 -> 2 and stops, fairly: `<>(z = 5)` is violated by stuttering in z = 2,
/// where Up is disabled (deadlocks not checked).
const STOPS: &str = "---- MODULE Stops ----
EXTENDS Naturals
VARIABLE z
Up == z < 2 /\\ z' = z + 1
Spec == z = 0 /\\ [][Up]_z /\\ WF_z(Up)
Five == <>(z = 5)
====
";

#[test]
fn a_lasso_that_is_not_fair_or_satisfies_the_property_is_refused() {
    let cfg = "SPECIFICATION Spec\nPROPERTY Five\n";
    let run = run_model("Stops", STOPS, cfg, &["--json", "-deadlock"]);
    run.code(13);
    assert_eq!(run.json()["certified"], true, "{run}");
    // Stuttering in z = 1, where Up is enabled, is not a behaviour of Spec.
    let run = run_model(
        "Stops",
        STOPS,
        cfg,
        &["-deadlock", "--debug-drop-step", "3"],
    );
    run.code(255).says("the behaviour is not fair");
    // Stuttering in y = 0 satisfies OneThenTwo.
    let cfg = "SPECIFICATION Unfair\nPROPERTY OneThenTwo\n";
    certified("Cycle", CYCLE, cfg, 13, 2);
    let run = run_model("Cycle", CYCLE, cfg, &["--debug-drop-step", "2"]);
    run.code(255)
        .says("the behaviour satisfies property OneThenTwo");
}

/// Tokens handed to the processes of P one by one: with the SYMMETRY the states are those of
/// one orbit each, with the VIEW (the count of holders only) the states with equal counts are
/// one, and the ALIAS prints other values; each trace printed is still made of real states
/// and real steps. Two holders break Inv after 2 steps.
const TOKENS: &str = "---- MODULE Tokens ----
EXTENDS Naturals, FiniteSets, TLC
CONSTANT P
VARIABLES held, steps
Init == held = {} /\\ steps = 0
Next == \\E p \\in P \\ held : held' = held \\cup {p} /\\ steps' = steps + 1
Inv == Cardinality(held) < 2
Sym == Permutations(P)
Count == Cardinality(held)
Shown == [holders |-> held, twice |-> 2 * steps]
====
";

#[test]
fn traces_under_symmetry_view_and_alias_are_certified() {
    let base = "CONSTANT P = {p1, p2, p3}\nINIT Init\nNEXT Next\nINVARIANT Inv\n";
    for extra in ["SYMMETRY Sym\n", "VIEW Count\n", "ALIAS Shown\n", ""] {
        certified("Tokens", TOKENS, &format!("{base}{extra}"), 12, 3);
    }
    let cfg = format!("{base}ALIAS Shown\n");
    let run = run_model("Tokens", TOKENS, &cfg, &["--debug-drop-step", "2"]);
    run.code(255)
        .says("State 1 -> State 2: it is not a step of Next");
}

#[test]
fn an_evaluation_error_trace_is_certified() {
    // Next divides by zero in x = 2, the third state: TLC's exit 255 (Naturals raises it as
    // an EvalException) after 3 states.
    let spec = "---- MODULE Div ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1 + 0 \\div (2 - x)
====
";
    certified("Div", spec, "INIT Init\nNEXT Next\n", 255, 3);
    let run = run_model(
        "Div",
        spec,
        "INIT Init\nNEXT Next\n",
        &["--debug-drop-step", "1"],
    );
    run.code(255).says("State 1 is not an initial state");
    // Without x = 2, Next evaluates from the last state.
    let run = run_model(
        "Div",
        spec,
        "INIT Init\nNEXT Next\n",
        &["--debug-drop-step", "3"],
    );
    run.code(255)
        .says("the successors of State 2 evaluate without the error");
}

#[test]
fn the_debug_flag_is_hidden_from_help() {
    let d = common::Dir::new();
    let run = d.check(&["--help"]);
    run.code(0);
    assert!(!run.stdout.contains("debug-drop-step"), "{run}");
}

#[test]
fn a_spec_reading_its_trace_or_printing_is_certified_without_printing_again() {
    // Inv reads TLCExt's Trace (the path to the state checked): false in the 3rd state.
    let spec = |next: &str| {
        format!(
            "---- MODULE Tr ----
EXTENDS Naturals, Sequences, TLC, TLCExt
VARIABLE x
Init == x = 0
Next == {next}x' = x + 1
Inv == Len(Trace) < 3
====
"
        )
    };
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    certified("Tr", &spec(""), cfg, 12, 3);
    // The Print in Next shows the step from x = 0 twice: as the search takes it and as the
    // counterexample is rebuilt from fingerprints (rebuild.rs); the replay prints nothing.
    let run = run_model("Tr", &spec("PrintT(<<\"step\", x>>) /\\ "), cfg, &[]);
    run.code(12);
    assert_eq!(run.stdout.matches("<<\"step\", 0>>").count(), 2, "{run}");
}

#[test]
fn simulation_and_dfid_counterexamples_are_certified_too() {
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    for mode in [&["--simulate"][..], &["--dfid", "10"]] {
        let run = run_model("Counter", COUNTER, cfg, &[mode, &["--json"]].concat());
        run.code(12);
        assert_eq!(run.json()["certified"], true, "{run}");
        let run = run_model(
            "Counter",
            COUNTER,
            cfg,
            &[mode, &["--debug-drop-step", "2"]].concat(),
        );
        run.code(255)
            .says("State 1 -> State 2: it is not a step of Next");
        assert!(!run.stdout.contains("is violated"), "{run}");
    }
}
