//! `tlacheck tlc -dfid N`: TLC's depth-first iterative deepening, its figures, messages,
//! counterexamples and exit statuses. Each expected figure is TLC 2026.11's, from
//! `java -cp tla2tools.jar tlc2.TLC -workers 1 -noGenerateSpecTE -dfid N [-config C] Spec` on
//! the spec of the test. TLC descends in a random order, so its counterexample changes from
//! run to run (its figures do not, for these specs): the tests check a trace's length and
//! form, not its states.

mod common;
use common::{tlc, Dir};

// Two initial states; each step adds 1 (x < 3) or 2 (x < 2, flipping y); x = 3 deadlocks.
const COUNT: &str = "---- MODULE Count ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\\ y \\in {0, 1}
Next == \\/ x < 3 /\\ x' = x + 1 /\\ y' = y
        \\/ x < 2 /\\ x' = x + 2 /\\ y' = 1 - y
        \\/ x = 3 /\\ STUTTER
Inv == x < 3
====
";

fn model(stutter: bool) -> Dir {
    let d = Dir::new();
    let next = if stutter {
        "UNCHANGED <<x, y>>"
    } else {
        "FALSE"
    };
    d.file("Count.tla", &COUNT.replace("STUTTER", next))
        .file("Count.cfg", "INIT Init\nNEXT Next\n")
        .file("Inv.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    d
}

// TLC -dfid 5 Count (x = 3 deadlocks): "Error: Deadlock reached.", a behaviour of 3 states
// (`State N:`), "21 states generated, 8 distinct states found.", exit 11; before each pass
// "Starting level 2: 2 states generated, 2 distinct states found." (then 6/6 and 16/8).
#[test]
fn a_deadlock_is_found_at_the_pass_that_reaches_it() {
    let d = model(false);
    let run = tlc(&d, &["-workers", "1", "-dfid", "5", "Count"]);
    run.code(11)
        .line("Finished computing initial states: 2 states generated, with 2 of them distinct.")
        .line("Starting level 2: 2 states generated, 2 distinct states found.")
        .line("Starting level 3: 6 states generated, 6 distinct states found.")
        .line("Starting level 4: 16 states generated, 8 distinct states found.")
        .line("Error: Deadlock reached.")
        .line("State 3:")
        .line("21 states generated, 8 distinct states found.");
    assert!(run.stdout.contains("Running depth-first search"), "{run}");
    assert!(!run.stdout.contains("State 4:"), "{run}");
    assert!(!run.stdout.contains("Starting level 5"), "{run}");
}

// TLC -dfid 10 -config Inv.cfg Count (with the stutter step at x = 3): "Error: Invariant Inv
// is violated.", states printed `State N: ` (an empty label), 3 of them, "11 states
// generated, 7 distinct states found.", exit 12: the pass finishes the descent from the
// initial state where the violation was met before it stops.
#[test]
fn an_invariant_violation_prints_the_stack_and_finishes_the_descent() {
    let d = model(true);
    let run = tlc(
        &d,
        &[
            "-workers", "1", "-dfid", "10", "-config", "Inv.cfg", "Count",
        ],
    );
    run.code(12)
        .line("Error: Invariant Inv is violated.")
        .line("State 1: ")
        .line("State 3: ")
        .line("11 states generated, 7 distinct states found.");
    assert!(!run.stdout.contains("State 4:"), "{run}");
}

// TLC -dfid 10 Count (stutter): the pass for level 4 finds nothing deeper, so level 5's
// turn reports success: "Model checking completed. No error has been found.", the estimate
// "calculated (optimistic):  val = 8.7E-18", "28 states generated, 8 distinct states
// found.", exit 0. With -dfid 3 the last pass is 3: "16 states generated, 8 distinct states
// found.", exit 0 and no success message. With -dfid 1 (or 0) no pass runs: "2 states
// generated, 2 distinct states found.", exit 255.
#[test]
fn the_search_ends_when_no_pass_goes_deeper_or_at_the_last_pass() {
    let d = model(true);
    tlc(&d, &["-workers", "1", "-dfid", "10", "Count"])
        .code(0)
        .line("Model checking completed. No error has been found.")
        .line("  calculated (optimistic):  val = 8.7E-18")
        .line("28 states generated, 8 distinct states found.");
    let run = tlc(&d, &["-dfid", "3", "Count"]);
    run.code(0)
        .line("Starting level 3: 6 states generated, 6 distinct states found.")
        .line("16 states generated, 8 distinct states found.");
    assert!(!run.stdout.contains("Model checking completed"), "{run}");
    for n in ["0", "1"] {
        let run = tlc(&d, &["-dfid", n, "Count"]);
        run.code(255)
            .line("2 states generated, 2 distinct states found.");
        assert!(!run.stdout.contains("Starting level"), "{run}");
    }
}

// TLC -dfid 20 on Act: Init x \in {0, 5}, Next x < 7 /\ x' = x + 1. With INVARIANT Small
// (x < 4): "Error: Invariant Small is violated by the initial state:" and `x = 5`, no
// figures, exit 12. With PROPERTY Up == [][x' > x /\ x' < 7]_x: "Error: Action property Up
// is violated.", 3 states, "8 states generated, 6 distinct states found.", exit 13.
#[test]
fn initial_states_and_action_properties_are_checked() {
    let d = Dir::new();
    d.file(
        "Act.tla",
        "---- MODULE Act ----\nEXTENDS Naturals\nVARIABLE x\nInit == x \\in {0, 5}\n\
         Next == x < 7 /\\ x' = x + 1\nSpec == Init /\\ [][Next]_x\nSmall == x < 4\n\
         Up == [][x' > x /\\ x' < 7]_x\n====\n",
    )
    .file("Init.cfg", "SPECIFICATION Spec\nINVARIANT Small\n")
    .file("Up.cfg", "SPECIFICATION Spec\nPROPERTY Up\n");
    let run = tlc(&d, &["-dfid", "20", "-config", "Init.cfg", "Act"]);
    run.code(12)
        .line("Error: Invariant Small is violated by the initial state:")
        .line("x = 5");
    assert!(!run.stdout.contains("states generated"), "{run}");
    tlc(&d, &["-dfid", "20", "-config", "Up.cfg", "Act"])
        .code(13)
        .line("Error: Action property Up is violated.")
        .line("State 3:")
        .line("8 states generated, 6 distinct states found.");
}

// TLC refuses, exit 255: -workers 2 with -dfid ("Error: Depth-First Iterative Deepening mode
// does not support multiple workers ..."), and a temporal property ("... does not support
// checking liveness properties ..."). A bad -dfid value is a command-line error, exit 1:
// "expect a nonnegative integer for -dfid option." (-1, or nothing after it) and "... But
// encountered abc" (TLC prints them after its own "Error: ").
#[test]
fn what_tlc_refuses_in_dfid_mode() {
    let d = model(true);
    tlc(&d, &["-workers", "2", "-dfid", "3", "Count"])
        .code(255)
        .says("does not support multiple workers");
    d.file(
        "Live.tla",
        "---- MODULE Live ----\nEXTENDS Naturals\nVARIABLE x\nSpec == x = 0 /\\ [][x' = 1 - x]_x\nP == <>(x = 1)\n====\n",
    )
    .file("Live.cfg", "SPECIFICATION Spec\nPROPERTY P\n");
    tlc(&d, &["-dfid", "3", "Live"])
        .code(255)
        .says("does not support checking liveness properties");
    for (args, says) in [
        (
            &["-dfid", "-1", "Count"][..],
            "Error: expect a nonnegative integer for -dfid option.",
        ),
        (
            &["Count", "-dfid"],
            "Error: expect a nonnegative integer for -dfid option.",
        ),
        (
            &["-dfid", "abc", "Count"],
            "Error: expect a nonnegative integer for -dfid option. But encountered abc",
        ),
    ] {
        tlc(&d, args).code(1).says(says);
    }
}

// TLC -tool -dfid 5 Count: the messages 2271 (the mode), 2208 (initial states), 2205 (each
// level), 2216:4 (`N:` for each state of the behaviour), 2206 (`Progress(-1) at ...: 21 states
// generated, 8 distinct states found, -1 states left on queue.`) and 2204 (the figures).
#[test]
fn tool_mode_frames_dfid_s_messages_with_tlc_s_codes() {
    let d = model(false);
    let run = tlc(&d, &["-tool", "-dfid", "5", "Count"]);
    run.code(11);
    for (code, first) in [
        ("2271:0", "Running depth-first search"),
        (
            "2208:0",
            "Finished computing initial states: 2 states generated",
        ),
        (
            "2205:0",
            "Starting level 4: 16 states generated, 8 distinct states found.",
        ),
        ("2216:4", "3:"),
        ("2206:0", "Progress(-1) at "),
        ("2204:0", "21 states generated, 8 distinct states found."),
    ] {
        let start = format!("@!@!@STARTMSG {code} @!@!@\n{first}");
        assert!(run.stdout.contains(&start), "no `{start}` in:\n{run}");
    }
    assert!(
        run.stdout
            .contains("states generated, 8 distinct states found, -1 states left on queue."),
        "{run}"
    );
}
