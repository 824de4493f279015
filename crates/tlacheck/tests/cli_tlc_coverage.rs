//! `tlacheck tlc -coverage N` (and `check --coverage N`): TLC's coverage report, and TLC's
//! outdegree line after a successful search. Every figure below is TLC's, from
//! `java -cp tla2tools.jar tlc2.TLC -workers 1 -coverage 1 [-tool] Spec` (TLC 2026.12) on
//! the spec given; TLC's per-sub-expression lines (indented `  line ...: N`) are not
//! reproduced and are left out of what TLC printed below.

mod common;
use common::{tlc, Dir, Run};

// Several actions, disjuncts in one definition, LET, IF, \E, an Init of two conjuncts.
const C1: &str = "---- MODULE C1 ----
EXTENDS Naturals
VARIABLES x, y
Init == /\\ x = 0
        /\\ y \\in {0, 1}
Inc == /\\ x < 3
       /\\ x' = x + 1
       /\\ UNCHANGED y
Flip == \\/ /\\ y = 0
           /\\ y' = 1
           /\\ x' = x
        \\/ /\\ y = 1
           /\\ y' = 0
           /\\ UNCHANGED x
Reset == LET m == 3 IN
         /\\ x = m
         /\\ \\E k \\in {0, 1} : x' = k
         /\\ y' = IF y = 0 THEN 1 ELSE 0
Next == Inc \\/ Flip \\/ Reset
Inv == x <= 3
====
";

// TLC, after "calculated (optimistic):  val = 5.2E-18" (date aside):
const C1_REPORT: &str = "\
<x line 3, col 11 to line 3, col 11 of module C1>: 3
<y line 3, col 14 to line 3, col 14 of module C1>: 2
<Init line 4, col 1 to line 4, col 4 of module C1>: 2:2
<Inc line 6, col 1 to line 6, col 3 of module C1>: 6:6
<Flip line 9, col 1 to line 9, col 4 of module C1 (9 12 11 20)>: 0:4
<Flip line 9, col 1 to line 9, col 4 of module C1 (12 12 14 25)>: 0:4
<Reset line 15, col 1 to line 15, col 5 of module C1 (16 10 18 39)>: 0:4
<Inv line 20, col 1 to line 20, col 3 of module C1>
End of statistics.
20 states generated, 8 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 4.
The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 1 and the 95th percentile is 1).
";

// A parameterized action under \E, an Init with a duplicate state, a state and an action
// constraint, an action that never makes a state.
const C2: &str = "---- MODULE C2 ----
EXTENDS Naturals
CONSTANT P
VARIABLES x, pc
Init == /\\ \\/ x = 0
           \\/ x = 0
           \\/ x = 1
        /\\ pc = [p \\in P |-> 0]
Step(p) == /\\ pc[p] < 2
           /\\ pc' = [pc EXCEPT ![p] = pc[p] + 1]
           /\\ x' = x + 1
Back == /\\ x > 2
        /\\ x' = 0
        /\\ pc' = pc
Next == (\\E p \\in P : Step(p)) \\/ Back
Con == x < 4
ACon == x' # 3 \\/ x = 0
Inv == x \\in 0..10
====
";
const C2_CFG: &str = "CONSTANT P = {1, 2}\nINIT Init\nNEXT Next\nCONSTRAINT Con\n\
    ACTION_CONSTRAINT ACon\nINVARIANT Inv\n";

// TLC: "Finished computing initial states: 3 states generated, with 2 of them distinct", then:
const C2_REPORT: &str = "\
<x line 4, col 11 to line 4, col 11 of module C2>: 2
<pc line 4, col 14 to line 4, col 15 of module C2>: 5
<Init line 5, col 1 to line 5, col 4 of module C2>: 3:3
<Step line 9, col 1 to line 9, col 7 of module C2>: 7:16
<Back line 12, col 1 to line 12, col 4 of module C2>: 0:0
<Inv line 18, col 1 to line 18, col 3 of module C2>
<ACon line 17, col 1 to line 17, col 4 of module C2>: 8:16
<Con line 16, col 1 to line 16, col 3 of module C2>: 19:19
End of statistics.
19 states generated, 9 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 2 and the 95th percentile is 2).
";

fn models() -> Dir {
    let d = Dir::new();
    d.file("C1.tla", C1)
        .file("C1.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
        .file("C2.tla", C2)
        .file("C2.cfg", C2_CFG);
    d
}

/// The report from its header line to the line before `Finished in`.
fn report(run: &Run) -> String {
    let text = &run.stdout;
    let start = text
        .find("The coverage statistics at ")
        .expect("a coverage report");
    let header_end = start + text[start..].find('\n').expect("header line") + 1;
    let end = text.find("Finished in ").expect("Finished line");
    let header = &text[start..header_end];
    assert!(
        header.ends_with(" (see https://explain.tlapl.us/module-coverage-statistics for how to interpret the following statistics).\n"),
        "{header}"
    );
    text[header_end..end].to_string()
}

#[test]
fn coverage_reports_each_action_as_tlc_counts_it() {
    let d = models();
    for workers in ["1", "2"] {
        let run = tlc(&d, &["-workers", workers, "-coverage", "1", "C1"]);
        run.code(0);
        assert_eq!(report(&run), C1_REPORT, "{run}");
        let run = tlc(&d, &["-workers", workers, "-coverage", "1", "C2"]);
        run.code(0);
        assert_eq!(report(&run), C2_REPORT, "{run}");
    }
    // The report comes after TLC_SUCCESS's estimate and before the statistics.
    let run = tlc(&d, &["-coverage", "1", "C1"]);
    let success = run.stdout.find("calculated (optimistic)").unwrap();
    assert!(success < run.stdout.find("The coverage statistics").unwrap());
    // `check --coverage` is the same option.
    let run = d.check(&["C1.tla", "--coverage", "1"]);
    run.line("<Inc line 6, col 1 to line 6, col 3 of module C1>: 6:6");
    // Without -coverage there is no report and the search is not labelled.
    let run = tlc(&d, &["C1"]);
    run.no_line_starting("The coverage statistics")
        .no_line_starting("<Inc ")
        .line("The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 1 and the 95th percentile is 1).");
}

// TLC -tool -coverage 1 C2: the header is message 2201, each variable 2779, Init 2773, each
// action 2772, each invariant 2774, each constraint 2778, "End of statistics." 2202 (all of
// class 0); the outdegree line is 2268.
#[test]
fn tool_mode_frames_each_coverage_line_with_its_code() {
    let d = models();
    let run = tlc(&d, &["-tool", "-coverage", "1", "C2"]);
    run.code(0);
    for (code, line) in [
        (2779, "<x line 4, col 11 to line 4, col 11 of module C2>: 2"),
        (2773, "<Init line 5, col 1 to line 5, col 4 of module C2>: 3:3"),
        (2772, "<Step line 9, col 1 to line 9, col 7 of module C2>: 7:16"),
        (2774, "<Inv line 18, col 1 to line 18, col 3 of module C2>"),
        (2778, "<ACon line 17, col 1 to line 17, col 4 of module C2>: 8:16"),
        (2778, "<Con line 16, col 1 to line 16, col 3 of module C2>: 19:19"),
        (2202, "End of statistics."),
        (2268, "The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 2 and the 95th percentile is 2)."),
    ] {
        run.block(&format!(
            "@!@!@STARTMSG {code}:0 @!@!@\n{line}\n@!@!@ENDMSG {code} @!@!@\n"
        ));
    }
    run.block("@!@!@STARTMSG 2201:0 @!@!@\nThe coverage statistics at ");
}

#[test]
fn json_gains_a_coverage_field_only_with_coverage() {
    let d = models();
    let plain = d.check(&["C2.tla", "--json"]).json();
    assert!(plain.get("coverage").is_none(), "{plain}");
    let j = d.check(&["C2.tla", "--json", "--coverage", "1"]).json();
    for k in ["outcome", "generated", "distinct", "depth", "trace"] {
        assert_eq!(j[k], plain[k], "{k}");
    }
    let step = (j["coverage"].as_array().unwrap().iter())
        .find(|l| l["name"] == "Step")
        .expect("Step's line")
        .clone();
    assert_eq!(step["kind"], "action");
    assert_eq!(step["counts"], serde_json::json!([7, 16]));
    assert_eq!(
        step["location"],
        "line 9, col 1 to line 9, col 7 of module C2"
    );
}

// TLC prints the outdegree line only after a successful search: `java ... tlc2.TLC Count`
// (deadlock) has "The depth of the complete state graph search is 4." and no outdegree line;
// with -deadlock: "... is 1 (minimum is 0, the maximum 1 and the 95th percentile is 1)."
// Wide (`-deadlock Wide`): 50 states, one with 40 new successors (counted as 31, TLC's last
// of 32 buckets), one with 5, three with 1, the rest none: "is 1 (minimum is 0, the maximum
// 31 and the 95th percentile is 1)." (39/50 rounds to 1; 48 of 50 samples are <= 1).
#[test]
fn outdegree_is_printed_after_success_only() {
    let d = Dir::new();
    d.file(
        "Count.tla",
        "---- MODULE Count ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\n====\n",
    )
    .file("Count.cfg", "INIT Init\nNEXT Next\n")
    .file(
        "Wide.tla",
        "---- MODULE Wide ----\nEXTENDS Naturals\nVARIABLE x\nInit == x \\in {0, 100}\n\
         Next == \\/ x = 0 /\\ x' \\in 1..40\n        \\/ x = 100 /\\ x' \\in 101..105\n        \
         \\/ x \\in 1..3 /\\ x' = x + 200\n====\n",
    )
    .file("Wide.cfg", "INIT Init\nNEXT Next\n");
    tlc(&d, &["Count"])
        .code(11)
        .no_line_starting("The average outdegree");
    tlc(&d, &["-deadlock", "Count"]).code(0).line(
        "The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 1 and the 95th percentile is 1).",
    );
    for workers in ["1", "2"] {
        tlc(&d, &["-workers", workers, "-deadlock", "Wide"])
            .code(0)
            .stats(50, 50, 0, 3)
            .line("The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 31 and the 95th percentile is 1).");
    }
}

// After a violation or a deadlock TLC rebuilds the counterexample twice, regenerating Init's
// states and, per step, the actions up to the one reaching the step's target; its counts
// include that work. C2 with `Inv == x \in 0..2`, no ACTION_CONSTRAINT (C7): "Error:
// Invariant Inv is violated." and the lines below; C2 without ACTION_CONSTRAINT (C8):
// "Error: Deadlock reached." and the lines below (both `-workers 1 -coverage 1`).
#[test]
fn after_an_error_the_counts_include_tlcs_rebuilding_of_the_trace() {
    let d = Dir::new();
    let cfg = "CONSTANT P = {1, 2}\nINIT Init\nNEXT Next\nCONSTRAINT Con\nINVARIANT Inv\n";
    d.file(
        "C7.tla",
        &C2.replace("MODULE C2", "MODULE C7")
            .replace("Inv == x \\in 0..10", "Inv == x \\in 0..2"),
    )
    .file("C7.cfg", cfg)
    .file("C8.tla", &C2.replace("MODULE C2", "MODULE C8"))
    .file("C8.cfg", cfg);
    let lines = |run: &Run| -> String {
        (run.stdout.lines())
            .filter(|l| l.starts_with('<') || l.ends_with(" states left on queue."))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let c7 = "\
<x line 4, col 11 to line 4, col 11 of module C7>: 2
<pc line 4, col 14 to line 4, col 15 of module C7>: 5
<Init line 5, col 1 to line 5, col 4 of module C7>: 9:9
<Step line 9, col 1 to line 9, col 7 of module C7>: 8:13
<Back line 12, col 1 to line 12, col 4 of module C7>: 0:0
<Inv line 18, col 1 to line 18, col 3 of module C7>
<Con line 16, col 1 to line 16, col 3 of module C7>: 12:12
12 states generated, 10 distinct states found, 4 states left on queue.
";
    let c8 = "\
<x line 4, col 11 to line 4, col 11 of module C8>: 4
<pc line 4, col 14 to line 4, col 15 of module C8>: 8
<Init line 5, col 1 to line 5, col 4 of module C8>: 9:9
<Step line 9, col 1 to line 9, col 7 of module C8>: 16:40
<Back line 12, col 1 to line 12, col 4 of module C8>: 5:7
<Inv line 18, col 1 to line 18, col 3 of module C8>
<Con line 16, col 1 to line 16, col 3 of module C8>: 32:38
38 states generated, 23 distinct states found, 1 states left on queue.
";
    for workers in ["1", "2"] {
        let run = tlc(&d, &["-workers", workers, "-coverage", "1", "C7"]);
        run.code(12);
        assert_eq!(lines(&run), c7, "{run}");
        let run = tlc(&d, &["-workers", workers, "-coverage", "1", "C8"]);
        run.code(11);
        assert_eq!(lines(&run), c8, "{run}");
    }
}

// `-coverage abc`: TLC says "An integer for coverage report interval required. But
// encountered abc" and exits 1; tlacheck too.
#[test]
fn a_coverage_interval_that_is_not_a_number_is_refused() {
    let d = models();
    let run = tlc(&d, &["-coverage", "abc", "C1"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr.contains(
            "Error: An integer for coverage report interval required. But encountered abc"
        ),
        "{run}"
    );
}

// TLC's simulation mode reports coverage too; tlacheck's does not yet, and says so.
#[test]
fn simulation_says_coverage_is_not_carried_out() {
    let d = models();
    let run = tlc(&d, &["-simulate", "num=2", "-coverage", "1", "C1"]);
    run.code(0);
    assert!(
        run.stderr
            .lines()
            .any(|l| l.starts_with("Warning: -coverage")),
        "{run}"
    );
}

// Actions reached through a named instance.
const INST_M: &str = "---- MODULE InstM ----
EXTENDS Naturals
VARIABLE x
Up == x < 3 /\\ x' = x + 1
Down == x > 0 /\\ x' = x - 1
====
";
const INST_TOP: &str = "---- MODULE InstTop ----
EXTENDS Naturals
VARIABLE x
I == INSTANCE InstM
Init == x = 0
Next == I!Up \\/ I!Down
Inv == x < 10
====
";

#[test]
fn actions_of_an_instance_are_named_and_located_by_the_instance() {
    // TLC names them `I!Up`, at `I` of `I == INSTANCE InstM`; both are at that location and
    // TLC reports only the first in Next's order, with its own counts. TLC, on InstTop:
    const REPORT: &str = "\
<x line 3, col 10 to line 3, col 10 of module InstTop>: 3
<Init line 5, col 1 to line 5, col 4 of module InstTop>: 1:1
<I!Up line 4, col 1 to line 4, col 1 of module InstTop>: 3:3
<Inv line 7, col 1 to line 7, col 3 of module InstTop>
End of statistics.
7 states generated, 4 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 4.
The average outdegree of the complete state graph is 1 (minimum is 0, the maximum 1 and the 95th percentile is 1).
";
    let d = Dir::new();
    d.file("InstM.tla", INST_M)
        .file("InstTop.tla", INST_TOP)
        .file("InstTop.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
        .file(
            "Rev.tla",
            &INST_TOP
                .replace("InstTop", "Rev")
                .replace("I!Up \\/ I!Down", "I!Down \\/ I!Up"),
        )
        .file("Rev.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    let run = tlc(&d, &["-workers", "1", "-coverage", "1", "InstTop"]);
    run.code(0);
    assert_eq!(report(&run), REPORT, "{run}");
    // Next == I!Down \/ I!Up: TLC reports
    // `<I!Down line 4, col 1 to line 4, col 1 of module Rev>: 0:3`.
    let run = tlc(&d, &["-workers", "1", "-coverage", "1", "Rev"]);
    run.code(0);
    assert!(
        report(&run)
            .contains("\n<I!Down line 4, col 1 to line 4, col 1 of module Rev>: 0:3\n<Inv line 7"),
        "{run}"
    );
}
