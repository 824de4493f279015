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
