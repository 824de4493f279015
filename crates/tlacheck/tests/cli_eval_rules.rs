//! `tlacheck check` on small models whose outcome depends on an evaluation rule of TLC's:
//! how an error in an ASSUME ends the run, which primed expressions an action assigns, ...
//! Every expected figure and message is TLC's own, from running TLC 2026.11.29
//! (`java -cp tla2tools.jar tlc2.TLC -workers 1 <Module>`) on the same module and .cfg.

mod common;
use common::*;

// An error while evaluating an ASSUME is reported as a failed assumption: TLC prints
// "Evaluating assumption <where> failed." with the error, no statistics, and exits 10 (as for a
// FALSE assumption), not 75.
#[test]
fn an_error_in_an_assumption_exits_as_a_failed_assumption() {
    let spec = "---- MODULE A1 ----
EXTENDS TLC, Naturals, FiniteSets
VARIABLE v
ASSUME Assert(FALSE, \"boom\")
Init == v = 0
Next == v' = v
====
";
    run_model("A1", spec, "INIT Init\nNEXT Next\n", &[])
        .code(10)
        .block(
            "Error: Evaluating assumption line 4, col 8 to line 4, col 28 of module A1 failed.\n\
             The first argument of Assert evaluated to FALSE; the second argument was:\n\"boom\"\n",
        )
        .no_line_starting("The depth of the complete state graph search");
    let spec = "---- MODULE A2 ----
EXTENDS TLC, Naturals
VARIABLE v
ASSUME 1 = \"a\"
Init == v = 0
Next == v' = v
====
";
    let r = run_model("A2", spec, "INIT Init\nNEXT Next\n", &["--json"]);
    r.code(10);
    assert_eq!(r.json()["outcome"], "assumption failure", "{r}");
}

// TLC's getPrimedVar / getVar look through definitions without parameters and through
// parameters: `c' = 5` with `c == x` assigns x', so does `a = x + 1` with `a == x'`, and
// `c \in 0..1` in Init assigns x; `Set(d', e)` assigns y' inside Set. An invariant that passes
// an action to an operator (`En(Next)` with `En(act) == ENABLED act`) gets it unevaluated.
// TLC: 11 states generated, 6 distinct, 0 left, depth 3.
#[test]
fn definitions_of_primed_variables_are_assigned() {
    let spec = "---- MODULE PV ----
EXTENDS Naturals
VARIABLES x, y
c == x
d == y
a == x'
Set(v, e) == v = e
Init == c \\in 0..1 /\\ d = 0
A == x < 3 /\\ a = x + 1 /\\ UNCHANGED d
B == c' = 5 /\\ Set(d', y + 1)
C == x = 5 /\\ Set(c', 0) /\\ UNCHANGED <<c, d>>
Next == A \\/ B \\/ C
En(act) == ENABLED act
CanStep == En(Next)
CanB == ENABLED (c' = 7 /\\ d' = 1)
Bound == y < 3
====
";
    run_model(
        "PV",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT CanStep CanB\nCONSTRAINT Bound\n",
        &[],
    )
    .success()
    .stats(11, 6, 0, 3);
}

// `ENABLED (I!F' = 0)` with `F == x` in a module instantiated with `x <- a`: the primed
// definition assigns a'. TLC: no error, 2 states generated, 1 distinct, depth 1; with
// `I!F' = 0 /\ a' = 1` the invariant is violated by the initial state.
#[test]
fn a_primed_instance_definition_is_assigned_under_enabled() {
    let spec = |inv: &str| {
        format!(
            "---- MODULE E1 ----
EXTENDS Naturals
VARIABLE a
---- MODULE Inner ----
VARIABLE x
F == x
====
I == INSTANCE Inner WITH x <- a
Init == a = 0
Next == UNCHANGED a
Inv == {inv}
====
"
        )
    };
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\n";
    run_model("E1", &spec("ENABLED (I!F' = 0)"), cfg, &[])
        .success()
        .stats(2, 1, 0, 1);
    run_model("E1", &spec("ENABLED (I!F' = 0 /\\ a' = 1)"), cfg, &[])
        .code(12)
        .line("Error: Invariant Inv is violated by the initial state:");
}

// TLCGet("level") is the level of the state it is evaluated in: 0 in ASSUME and Init, the
// current state's in Next and invariants, and primed (`TLCGet("level")'`) the successor's, one
// more. TLC: 4 states generated, 4 distinct, 0 left, depth 4 (deadlock not checked).
#[test]
fn the_primed_level_is_the_successors() {
    let spec = "---- MODULE LV ----
EXTENDS Integers, TLC
VARIABLES x, l
ASSUME TLCGet(\"level\") = 0
Init == x = 0 /\\ l = TLCGet(\"level\")
Next == /\\ x < 3
        /\\ x' = x + 1
        /\\ l' = TLCGet(\"level\")'
        /\\ Assert(TLCGet(\"level\")' = TLCGet(\"level\") + 1, \"primed level\")
Inv == l = TLCGet(\"level\") \\/ (x = 0 /\\ l = 0)
Con == Assert(TLCGet(\"level\")' = TLCGet(\"level\") + 1, \"constraint\")
====
";
    run_model(
        "LV",
        spec,
        "INIT Init\nNEXT Next\nINVARIANT Inv\nACTION_CONSTRAINT Con\n",
        &["--no-deadlock"],
    )
    .success()
    .stats(4, 4, 0, 4);
}

// `Keep(v) == UNCHANGED v` applied to a tuple of variables or to a definition of one: TLC
// passes the argument unevaluated and UNCHANGED assigns each variable in it.
// TLC: 13 states generated, 8 distinct, 0 left, depth 5 (deadlock not checked).
#[test]
fn unchanged_of_a_parameter_assigns_the_variables_passed() {
    let spec = "---- MODULE UC ----
EXTENDS Naturals
VARIABLES x, y, z
Keep(v) == UNCHANGED v
vars == <<x, y>>
Init == x = 0 /\\ y = 0 /\\ z = 0
Next == \\/ x < 2 /\\ x' = x + 1 /\\ Keep(<<y, z>>)
        \\/ y < 1 /\\ y' = y + 1 /\\ Keep(x) /\\ Keep(z)
        \\/ x = 2 /\\ z' = 1 /\\ Keep(vars)
====
";
    run_model("UC", spec, "INIT Init\nNEXT Next\n", &["--no-deadlock"])
        .success()
        .stats(13, 8, 0, 5);
}
