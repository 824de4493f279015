//! `tlacheck tlc ARGS`: TLC's command line (`java -jar tla2tools.jar ARGS`) option by option:
//! each of TLC's options is accepted, carried out or named in a warning, in any order, the
//! spec with or without `.tla`; an option TLC does not have is refused by name with exit 1.

mod common;
use common::{tlacheck, tlc, Dir, Run};

// A counter that stops at 3. TLC 2026.11 (`java -jar tla2tools.jar Count`): "Error: Deadlock
// reached.", 4 generated, 4 distinct, depth 4, exit 11; with -deadlock the same figures and
// "Model checking completed. No error has been found.", exit 0.
const COUNT: &str = "---- MODULE Count ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\\ x' = x + 1
Small == x < 10
====
";

fn model() -> Dir {
    let d = Dir::new();
    d.file("Count.tla", COUNT)
        .file("Count.cfg", "INIT Init\nNEXT Next\nINVARIANT Small\n")
        .file("Other.cfg", "INIT Init\nNEXT Next\nINVARIANT Tiny\n");
    d
}

#[test]
fn the_spec_is_named_with_or_without_tla_before_or_after_the_options() {
    let d = model();
    for args in [
        &["Count"][..],
        &["Count.tla"],
        &["-workers", "1", "Count"],
        &["Count", "-workers", "1"],
    ] {
        tlc(&d, args)
            .code(11)
            .line("Error: Deadlock reached.")
            .stats(4, 4, 0, 4);
    }
}

#[test]
fn options_that_change_the_result_are_carried_out() {
    let d = model();
    tlc(&d, &["-deadlock", "Count"]).success().stats(4, 4, 0, 4);
    // -config names another .cfg, with or without its extension.
    d.file(
        "Count2.tla",
        &COUNT
            .replace("Count ----", "Count2 ----")
            .replace("====", "Tiny == x < 2\n===="),
    );
    d.file("Tiny.cfg", "INIT Init\nNEXT Next\nINVARIANT Tiny\n");
    for cfg in ["Tiny.cfg", "Tiny"] {
        tlc(&d, &["-config", cfg, "Count2", "-deadlock"])
            .code(12)
            .line("Error: Invariant Tiny is violated.");
    }
    tlc(&d, &["-workers", "auto", "-deadlock", "Count"])
        .success()
        .stats(4, 4, 0, 4);
    // Simulation: num= is the number of behaviours, -depth their length.
    let sim = tlc(
        &d,
        &["-simulate", "num=3", "-depth", "2", "-deadlock", "Count"],
    );
    sim.code(0);
    // -Dkey=value is a property TLCGet("-Dkey") reads; -seed and -fp are taken as numbers.
    tlc(
        &d,
        &["-Dfoo=bar", "-seed", "7", "-fp", "3", "-deadlock", "Count"],
    )
    .success();
}

#[test]
fn options_for_tlc_s_internals_are_accepted_with_one_warning_each() {
    let d = model();
    let run = tlc(
        &d,
        &[
            "-fpmem",
            "0.5",
            "-fpbits",
            "1",
            "-gzip",
            "-debug",
            "-aril",
            "2",
            "-deadlock",
            "Count",
        ],
    );
    run.success().stats(4, 4, 0, 4);
    for option in ["-fpmem", "-fpbits", "-gzip", "-debug", "-aril"] {
        let warned = (run.stderr.lines())
            .filter(|l| l.starts_with(&format!("Warning: {option} ")))
            .count();
        assert_eq!(warned, 1, "{option}: {run}");
    }
}

#[test]
fn options_without_an_effect_here_are_quiet() {
    let d = model();
    let run = tlc(
        &d,
        &[
            "-noGenerateSpecTE",
            "-noTE",
            "-modelcheck",
            "-checkpoint",
            "0",
            "-deadlock",
            "Count",
        ],
    );
    run.success();
    assert!(!run.stderr.contains("Warning"), "{run}");
}

#[test]
fn unknown_options_are_refused_by_name_with_exit_1() {
    let d = model();
    let run = tlc(&d, &["-bogus", "Count"]);
    run.code(1);
    assert!(
        run.stderr.contains("Error: unrecognized option: -bogus"),
        "{run}"
    );
    // A missing value and a second spec are refused too.
    tlc(&d, &["Count", "-config"]).code(1);
    let two = tlc(&d, &["Count", "Other"]);
    two.code(1);
    assert!(two.stderr.contains("more than one input files"), "{two}");
    // `check` reads TLC's options the same way.
    let out = tlacheck(d.path())
        .args(["check", "Count.tla", "-bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn numeric_options_with_a_bad_value_exit_1_with_tlc_s_message() {
    // java tlc2.TLC -workers 1 -coverage abc Count: "Error: Error: An integer for coverage
    // report interval required. But encountered abc", exit 1.
    let d = model();
    let run = tlc(&d, &["-workers", "1", "-coverage", "abc", "Count"]);
    run.code(1);
    assert!(
        run.stderr.contains(
            "Error: An integer for coverage report interval required. But encountered abc"
        ),
        "{run}"
    );
    // java tlc2.TLC -workers x Count: "... worker number or 'auto' required. But encountered x".
    let run = tlc(&d, &["-workers", "x", "Count"]);
    run.code(1);
    assert!(
        run.stderr
            .contains("Error: worker number or 'auto' required. But encountered x"),
        "{run}"
    );
    // `check` reads TLC's options the same way.
    let out = tlacheck(d.path())
        .args(["check", "Count.tla", "-seed", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_run_is_framed_by_tlc_s_lines() {
    let d = model();
    let run = tlc(&d, &["-deadlock", "Count"]);
    run.line_starting("Running breadth-first search Model-Checking with fp 0 and seed 0")
        .line_starting("Starting... (")
        .line("Computing initial states...")
        .line_starting("Finished computing initial states: 1 distinct state generated at ")
        .line_starting("Finished in 00s at (");
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = |p: &str| lines.iter().position(|l| l.starts_with(p)).unwrap();
    assert!(at("Starting...") < at("Computing initial states"));
    assert!(at("Finished computing") < at("Model checking completed"));
    assert!(at("Model checking completed") < at("Finished in"));
}

// TLC 2026.11 (`-workers 1 Cyc`, x cycling 0 -> 1 -> 2 -> 0 under WF, PROPERTY <>(x = 5)):
// "Implied-temporal checking--satisfiability problem has 1 branches." right after
// "Starting...", before "Computing initial states..."; then "Progress(3) at DATE: 4 states
// generated, 3 distinct states found, 0 states left on queue." just before "Checking temporal
// properties for the complete state space with 3 total distinct states at (DATE)"; in tool
// mode the same lines as messages 2212, 2189, 2200 and 2192.
#[test]
fn liveness_lines_come_in_tlc_s_order() {
    let d = Dir::new();
    d.file(
        "Cyc.tla",
        "---- MODULE Cyc ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n\
         Next == x' = (x + 1) % 3\nSpec == Init /\\ [][Next]_x /\\ WF_x(Next)\n\
         Prop == <>(x = 5)\n====\n",
    )
    .file("Cyc.cfg", "SPECIFICATION Spec\nPROPERTY Prop\n");
    for tool in [false, true] {
        let mut args = vec!["-workers", "1", "-noTE", "Cyc"];
        if tool {
            args.insert(0, "-tool");
        }
        let run = tlc(&d, &args);
        run.code(13);
        let lines: Vec<&str> = run
            .stdout
            .lines()
            .filter(|l| !l.starts_with("@!@!@"))
            .collect();
        let at = |p: &str| lines.iter().position(|l| l.starts_with(p)).unwrap();
        let implied = at("Implied-temporal checking--satisfiability problem has 1 branches.");
        assert_eq!(implied, at("Starting...") + 1, "{run}");
        assert_eq!(at("Computing initial states..."), implied + 1, "{run}");
        let progress = at("Progress(3) at ");
        assert!(lines[progress]
            .ends_with(": 4 states generated, 3 distinct states found, 0 states left on queue."));
        assert_eq!(
            at("Checking temporal properties for the complete state space with 3 total"),
            progress + 1,
            "{run}"
        );
        if tool {
            run.says("@!@!@STARTMSG 2200:0 @!@!@\nProgress(3) at ");
        }
    }
}

// Two steps to the only violation of Inv (x + y.a < 3): x goes 0 -> 1 (Next), then y.a 1 -> 5
// (Jump); TLC 2026.11 prints this counterexample of 3 states with the locations below.
const DIFF: &str = "---- MODULE D ----
EXTENDS Naturals
VARIABLE x, y, z
Init == x = 0 /\\ y = [a |-> 1, b |-> 2] /\\ z = 0
Next == x < 1 /\\ x' = x + 1 /\\ UNCHANGED <<y, z>>
Jump == x = 1 /\\ y' = [y EXCEPT !.a = 5] /\\ UNCHANGED <<x, z>>
All == Next \\/ Jump
Inv == x + y.a < 3
====
";

// TLC's usage text: "-difftrace: show only the differences between successive states when
// printing trace information". (TLC 2026.11 applies it unevenly: on this spec it prints every
// state whole, on others it skips the first or the last state; the usage text is the rule
// followed here.)
#[test]
fn difftrace_prints_only_the_variables_a_step_changed() {
    let d = Dir::new();
    d.file("D.tla", DIFF)
        .file("D.cfg", "INIT Init\nNEXT All\nINVARIANT Inv\n");
    let full = tlc(&d, &["D"]);
    full.code(12).trace_len(3);
    let diff = tlc(&d, &["-difftrace", "D"]);
    diff.code(12).trace_len(3);
    let state = |run: &Run, n: usize| -> String {
        let from = run.stdout.find(&format!("State {n}:")).unwrap();
        let rest = &run.stdout[from..];
        rest[..rest.find("\n\n").unwrap()]
            .lines()
            .skip(1)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(state(&diff, 1), state(&full, 1), "{diff}");
    assert_eq!(state(&diff, 2), "/\\ x = 1", "{diff}");
    assert_eq!(state(&diff, 3), "/\\ y = [a |-> 5, b |-> 2]", "{diff}");
}

#[test]
fn dump_trace_writes_tlc_s_tla_and_json_forms() {
    let d = Dir::new();
    d.file("D.tla", DIFF)
        .file("D.cfg", "INIT Init\nNEXT All\nINVARIANT Inv\n");
    tlc(
        &d,
        &[
            "-dumpTrace",
            "json",
            "t.json",
            "-dumpTrace",
            "tla",
            "t.tla",
            "D",
        ],
    )
    .code(12);
    // The shapes of TLC 2026.11's -dumpTrace files for this spec (values, names, locations).
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("t.json")).unwrap()).unwrap();
    assert_eq!(json["vars"], serde_json::json!(["x", "y", "z"]));
    let states = json["counterexample"]["state"].as_array().unwrap();
    assert_eq!(states.len(), 3);
    assert_eq!(
        states[2],
        serde_json::json!([3, {"x": 1, "y": {"a": 5, "b": 2}, "z": 0}])
    );
    let steps = json["counterexample"]["action"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[1][1]["name"], "Jump");
    assert_eq!(steps[1][1]["location"]["beginLine"], 6);
    let tla = std::fs::read_to_string(d.path().join("t.tla")).unwrap();
    assert!(
        tla.starts_with(
            "---- MODULE t ----\nLOCAL INSTANCE TLC\n\nCounterExample == \n\t[action |-> {"
        ),
        "{tla}"
    );
    assert!(
        tla.contains("state |-> {<<1, [x |-> 0, y |-> [a |-> 1, b |-> 2], z |-> 0]>>"),
        "{tla}"
    );
    assert!(tla.ends_with("]\n\n===="), "{tla}");
    // A run without a counterexample writes nothing.
    d.file("D.cfg", "INIT Init\nNEXT Next\n");
    tlc(&d, &["-deadlock", "-dumpTrace", "json", "none.json", "D"]).success();
    assert!(!d.path().join("none.json").exists());
}

#[test]
fn tool_mode_frames_each_message_with_tlc_s_codes() {
    let d = Dir::new();
    d.file("D.tla", DIFF)
        .file("D.cfg", "INIT Init\nNEXT All\nINVARIANT Inv\n");
    let run = tlc(&d, &["-tool", "D"]);
    run.code(12);
    // The codes of TLC 2026.11's `-tool` output for this spec, in its order (TLC prints a
    // warning about the JVM's collector after 2262, which has no counterpart here).
    let codes: Vec<&str> = (run.stdout.lines())
        .filter_map(|l| l.strip_prefix("@!@!@STARTMSG "))
        .map(|l| l.trim_end_matches(" @!@!@"))
        .collect();
    assert_eq!(
        codes,
        [
            "2262:0", "2187:0", "2220:0", "2219:0", "2185:0", "2189:0", "2190:0", "2110:1",
            "2121:1", "2217:4", "2217:4", "2217:4", "2200:0", "2199:0", "2194:0", "2186:0"
        ],
        "{run}"
    );
    run.line("Invariant Inv is violated.")
        .line("3: <Jump line 6, col 9 to line 6, col 62 of module D>")
        .line("3 states generated, 3 distinct states found, 0 states left on queue.");
    // Every message is closed, by its own code.
    let starts = run.stdout.matches("@!@!@STARTMSG").count();
    assert_eq!(starts, run.stdout.matches("@!@!@ENDMSG").count());
    assert!(run
        .stdout
        .lines()
        .any(|l| l.starts_with("Finished in ") && l.contains("ms at (")));
}

/// The run's `Error: Invariant __DebuggerExpr__<ms> is violated.` line, its number the time
/// in milliseconds as TLC's (TLC 2026.12 printed `__DebuggerExpr__1796207075600`).
fn debugger_invariant_violated(run: &Run) -> &Run {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis();
    let named = run.stdout.lines().find_map(|l| {
        l.strip_prefix("Error: Invariant __DebuggerExpr__")?
            .strip_suffix(" is violated.")?
            .parse::<u128>()
            .ok()
    });
    let ms = named.unwrap_or_else(|| panic!("no __DebuggerExpr__<ms> violated in:\n{run}"));
    assert!(
        ms <= now && now - ms < 600_000,
        "{ms} is not the run's time:\n{run}"
    );
    run
}

// TLC 2026.11: `-deadlock -inv "x < 2" Count` reports "Invariant __DebuggerExpr__<time> is
// violated." after 3 states; `-deadlock -invlevel 2 Count` after 2 states (the first state at
// level 2).
#[test]
fn inv_and_invlevel_add_invariants() {
    let d = model();
    let run = tlc(&d, &["-deadlock", "-inv", "x < 2", "Count"]);
    debugger_invariant_violated(run.code(12)).trace_len(3);
    let run = tlc(&d, &["-deadlock", "-invlevel", "2", "Count"]);
    debugger_invariant_violated(run.code(12)).trace_len(2);
    // The spec on disk is not touched.
    assert_eq!(
        std::fs::read_to_string(d.path().join("Count.tla")).unwrap(),
        COUNT
    );
}

// TLC 2026.11: `-deadlock -postCondition Post!Good Count` exits 0 and `Post!Bad` exits 10 with
// "Error: Postcondition Bad at line 4, col 8 to line 4, col 35 of module Post is false.",
// Post being a module beside the spec (Good: 4 distinct states; Bad: 5).
#[test]
fn postcondition_names_an_operator_of_a_module_checked_after_the_search() {
    let d = model();
    d.file(
        "Post.tla",
        "---- MODULE Post ----\nEXTENDS TLC\nGood == TLCGet(\"stats\").distinct = 4\nBad == TLCGet(\"stats\").distinct = 5\n====\n",
    );
    tlc(&d, &["-deadlock", "-postCondition", "Post!Good", "Count"]).success();
    tlc(&d, &["-deadlock", "-postCondition", "Post!Bad", "Count"])
        .code(10)
        .line(
            "Error: Postcondition Bad at line 4, col 8 to line 4, col 35 of module Post is false.",
        );
}

// TLC 2026.11 on this spec prints State 2 as `<Move(2,3) line 5, col 15 to line 5, col 28 of
// module A>` for Inv == x < 5, `<Next line 8, col 12 to line 8, col 49 of module A>` (the IF)
// for Inv == x < 100 and `<Next line 9, col 26 to line 9, col 35 of module A>` (the \E's body)
// for Inv == x # 7.
const ACTIONS: &str = "---- MODULE A ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Move(i, j) == x' = x + i + j
Step == x' = x + 10
Next == \\/ \\E i \\in {1, 2}, j \\in {3}: Move(i, j)
        \\/ IF x > 100 THEN Step ELSE x' = x + 100
        \\/ \\E k \\in {7}: x' = x + k
Inv == INV
====
";

#[test]
fn steps_are_labelled_with_tlc_s_actions() {
    for (inv, label) in [
        (
            "x < 5",
            "<Move(2,3) line 5, col 15 to line 5, col 28 of module A>",
        ),
        (
            "x < 100",
            "<Next line 8, col 12 to line 8, col 49 of module A>",
        ),
        (
            "x # 7",
            "<Next line 9, col 26 to line 9, col 35 of module A>",
        ),
    ] {
        let d = Dir::new();
        d.file("A.tla", &ACTIONS.replace("INV", inv))
            .file("A.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
        tlc(&d, &["A"]).code(12).line(&format!("State 2: {label}"));
    }
}

// TLC 2026.11: "Back to state 1: <Next line 6, col 12 to line 6, col 36 of module L>" after
// two `<Next line 5, col 12 to line 5, col 40 of module L>` steps.
#[test]
fn a_lasso_s_steps_are_labelled_with_tlc_s_actions() {
    let d = Dir::new();
    d.file(
        "L.tla",
        "---- MODULE L ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\\ y = 0
Next == \\/ x < 2 /\\ x' = x + 1 /\\ y' = y
        \\/ x = 2 /\\ x' = 0 /\\ y' = y
Spec == Init /\\ [][Next]_<<x,y>> /\\ WF_<<x,y>>(Next)
Live == <>(y = 1)
====
",
    )
    .file("L.cfg", "SPECIFICATION Spec\nPROPERTY Live\n");
    tlc(&d, &["L"])
        .code(13)
        .line("State 2: <Next line 5, col 12 to line 5, col 40 of module L>")
        .line("State 3: <Next line 5, col 12 to line 5, col 40 of module L>")
        .line("Back to state 1: <Next line 6, col 12 to line 6, col 36 of module L>");
}

// TLC 2026.11 `-view V` prints State 2 of this spec's counterexample as below for each VIEW:
// a tuple of variables by name (the bullet kept for one), any other value alone with no blank
// line after it.
#[test]
fn view_prints_the_states_through_the_view() {
    let spec = "---- MODULE V ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\\ y = 0
Next == x' = x + 1 /\\ y' = y + 2
Inv == x < 2
V1 == <<x, y>>
V2 == [a |-> x, b |-> y]
V3 == x + y
V4 == <<y>>
====
";
    let label = "State 2: <Next line 5, col 9 to line 5, col 32 of module V>\n";
    for (view, state) in [
        ("V1", "/\\ x = 1\n/\\ y = 2\n\n"),
        ("V2", "[a |-> 1, b |-> 2]\nState 3"),
        ("V3", "3\nState 3"),
        ("V4", "/\\ y = 2\n\n"),
    ] {
        let d = Dir::new();
        d.file("V.tla", spec).file(
            "V.cfg",
            &format!("INIT Init\nNEXT Next\nINVARIANT Inv\nVIEW {view}\n"),
        );
        tlc(&d, &["-view", "V"])
            .code(12)
            .block(&format!("{label}{state}"));
        // Without -view the states are printed whole.
        tlc(&d, &["V"])
            .code(12)
            .block(&format!("{label}/\\ x = 1\n/\\ y = 2\n\n"));
    }
}

// As TLC's InvParameterizedBTest runs it: the configuration is a section of the .tla file.
#[test]
fn inv_adds_to_a_configuration_embedded_in_the_spec() {
    let d = Dir::new();
    d.file(
        "E.tla",
        &format!(
            "{}---- CONFIG E ----\nINIT Init\nNEXT Next\n====\n",
            COUNT.replace("Count ----", "E ----")
        ),
    );
    tlc(&d, &["-deadlock", "-config", "E.tla", "E"]).success();
    let run = tlc(&d, &["-deadlock", "-inv", "x < 2", "-config", "E.tla", "E"]);
    debugger_invariant_violated(run.code(12)).trace_len(3);
}

// TLC 2026.11 at one worker: Post holds (exit 0), Bad is "Error: Postcondition Bad at line
// 9, col 8 to line 9, col 36 of module G is false." (exit 10).
#[test]
fn tlcget_all_maps_each_register_to_its_values_per_worker() {
    let d = Dir::new();
    d.file(
        "G.tla",
        "---- MODULE G ----
EXTENDS Naturals, TLC
ASSUME TLCSet(3, 10)
ASSUME TLCSet(5, \"a\")
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Post == TLCGet(\"all\") = (3 :> <<10>> @@ 5 :> <<\"a\">>)
Bad == TLCGet(\"all\") = (3 :> <<10>>)
====
",
    );
    d.file("G.cfg", "INIT Init\nNEXT Next\nPOSTCONDITION Post\n");
    tlc(&d, &["-deadlock", "-workers", "1", "G"]).success();
    d.file("G.cfg", "INIT Init\nNEXT Next\nPOSTCONDITION Bad\n");
    tlc(&d, &["-deadlock", "-workers", "1", "G"])
        .code(10)
        .line("Error: Postcondition Bad at line 9, col 8 to line 9, col 36 of module G is false.");
}

// TLC 2026.11 `-deadlock -userFile u.txt P`: u.txt holds `"hello"` then `<<"init", 0>>`, and
// stdout neither.
#[test]
fn user_file_takes_what_print_writes() {
    let d = Dir::new();
    d.file(
        "P.tla",
        "---- MODULE P ----\nEXTENDS TLC, Naturals\nASSUME PrintT(\"hello\")\nVARIABLE x\n\
         Init == x = 0 /\\ PrintT(<<\"init\", x>>)\nNext == x < 1 /\\ x' = x + 1\n====\n",
    )
    .file("P.cfg", "INIT Init\nNEXT Next\n");
    let run = tlc(&d, &["-deadlock", "-userFile", "u.txt", "P"]);
    run.success();
    assert!(!run.stdout.contains("hello"), "{run}");
    let written = std::fs::read_to_string(d.path().join("u.txt")).unwrap();
    assert_eq!(written, "\"hello\"\n<<\"init\", 0>>\n");
    // A file that cannot be made is TLC's refusal of its command line.
    tlc(&d, &["-deadlock", "-userFile", "no/such/dir/u.txt", "P"]).code(1);
}

// TLC 2026.11: an action written in the SPECIFICATION is `<Action line 5, col 21 to line 5,
// col 39 of module S>`; `[][Inc(x)]_x` (a state-level argument) is one action named Inc at
// the call, `<Inc line 6, col 22 to line 6, col 27 of module S>`.
#[test]
fn unnamed_actions_and_calls_with_state_arguments_are_labelled_as_tlc_labels_them() {
    let d = Dir::new();
    d.file(
        "S.tla",
        "---- MODULE S ----
EXTENDS Naturals
VARIABLE x
Inc(v) == v' = v + 1
Spec == x = 0 /\\ [][x < 5 /\\ x' = x + 1]_x
Spec2 == x = 0 /\\ [][Inc(x)]_x
Inv == x < 2
====
",
    );
    for (spec, label) in [
        (
            "Spec",
            "<Action line 5, col 21 to line 5, col 39 of module S>",
        ),
        (
            "Spec2",
            "<Inc line 6, col 22 to line 6, col 27 of module S>",
        ),
    ] {
        d.file("S.cfg", &format!("SPECIFICATION {spec}\nINVARIANT Inv\n"));
        tlc(&d, &["-deadlock", "S"])
            .code(12)
            .line(&format!("State 2: {label}"))
            .line(&format!("State 3: {label}"));
    }
}

/// Every option of TLC 2026.11's `tlc2.TLC` (the strings its handleParameters compares the
/// arguments with), each with a value of the kind it takes: accepted by `tlacheck tlc`, and
/// either carried out quietly or named in a warning.
#[test]
fn every_option_of_tlc_is_accepted() {
    let d = model();
    d.file("Post.tla", "---- MODULE Post ----\nOk == TRUE\n====\n");
    // A one-state trace for -loadTrace, as -dumpTrace json writes it.
    d.file(
        "t.json",
        r#"{"counterexample":{"action":[],"state":[[1,{"x":0}]]},"vars":["x"]}"#,
    );
    let quiet: &[&[&str]] = &[
        &["-modelcheck"],
        &["-noGenerateSpecTE"],
        &["-generateSpecTE"],
        &["-teSpecOutDir", "te"],
        &["-noGenerateSpecTEBin"],
        &["-noTE"],
        &["-noTEBin"],
        &["-deadlock"],
        &["-difftrace"],
        &["-continue"],
        &["-nowarning"],
        &["-cleanup"],
        &["-tool"],
        &["-terse"],
        &["-view"],
        &["-userFile", "out.txt"],
        &["-config", "Count.cfg"],
        &["-checkpoint", "0"],
        &["-metadir", "meta"],
        &["-seed", "3"],
        &["-fp", "2"],
        &["-lncheck", "final"],
        &["-workers", "2"],
        &["-inv", "x < 100"],
        &["-invlevel", "100"],
        &["-postCondition", "Post!Ok"],
        &["-dumpTrace", "json", "t.json"],
        &["-simulate", "num=2"],
        &["-maxSetSize", "1000"],
        &["-coverage", "1"],
        &["-dfid", "10"],
        &["-dump", "states.dump"],
        &["-dump", "dot,colorize", "states.dot"],
        &["-loadTrace", "json", "t.json"],
        &["-messagesAsErrors", "2110"],
        &["-suppressMessages", "2110"],
    ];
    let warned: &[&[&str]] = &[
        // -depth bounds simulation only.
        &["-depth", "5"],
        &["-gzip"],
        &["-debug"],
        &["-fpmem", "0.25"],
        &["-fpbits", "1"],
        &["-aril", "1"],
        &["-debugger", "nosuspend"],
    ];
    for (options, warns) in quiet
        .iter()
        .map(|o| (o, false))
        .chain(warned.iter().map(|o| (o, true)))
    {
        let mut args: Vec<&str> = options.to_vec();
        if options[0] != "-deadlock" {
            args.push("-deadlock");
        }
        args.push("Count");
        let run = tlc(&d, &args);
        assert!(matches!(run.code, Some(0)), "{options:?}: {run}");
        let warning = run
            .stderr
            .lines()
            .any(|l| l.starts_with("Warning: ") && l.contains(options[0]));
        assert_eq!(warning, warns, "{options:?}: {run}");
    }
    // -h prints the usage and runs nothing.
    let help = tlc(&d, &["-h"]);
    help.code(0);
    assert!(!help.stdout.contains("states generated"), "{help}");
}

// TLC 2026.11 `-workers 1 -maxSetSize 10 M`: a set collected element by element (filter, map
// with its duplicates, \cup, UNION, \cap, \) of more than 10 elements is an evaluation error, exit 75,
// "Attempted to construct a set with too many elements (>10)." (in Next, TLC 2026.12 wraps it:
// "The exception was a util.WrongInvocationException", then ": Attempted ...", and its call
// stack is empty); the same action with the
// sets within the bound (`(1..6) \cup (1..6)`, 12 images but 6 elements) passes. Sets TLC
// sizes up front are not bounded: `x' \in SUBSET (1..5)` (32 elements) gives 1025 generated,
// 32 distinct, depth 2; `x \in [1..3 -> 1..3]` (27) gives 54, 27, depth 1.
#[test]
fn max_set_size_bounds_the_sets_evaluation_collects() {
    let d = Dir::new();
    let spec = |name: &str, init: &str, next: &str| {
        d.file(
            &format!("{name}.tla"),
            &format!(
                "---- MODULE {name} ----\nEXTENDS Naturals, FiniteSets\nVARIABLE x\n\
                 Init == {init}\nNext == {next}\n====\n"
            ),
        )
        .file(&format!("{name}.cfg"), "INIT Init\nNEXT Next\n");
    };
    let over = [
        "Cardinality({y \\in 1..20 : TRUE}) = 20",
        "Cardinality({y \\in 1..11 : TRUE}) = 11",
        "Cardinality({0 : y \\in 1..20}) = 1",
        "Cardinality((1..6) \\cup (10..16)) = 13",
        "Cardinality(UNION {1..6, 10..16}) = 13",
        "Cardinality((1..20) \\ {1}) = 19",
        "Cardinality((1..20) \\cap (1..20)) = 20",
        "Cardinality({<<a, b>> \\in (1..4) \\X (1..4) : TRUE}) = 16",
    ];
    for (i, e) in over.iter().enumerate() {
        let name = format!("Over{i}");
        spec(&name, "x = 0", &format!("x' = x /\\ {e}"));
        tlc(&d, &["-workers", "1", "-maxSetSize", "10", &name])
            .code(75)
            .line("The exception was a util.WrongInvocationException")
            .line(": Attempted to construct a set with too many elements (>10).")
            .line("    The error call stack is empty.");
        // TLC's default bound (1000000) lets them through.
        tlc(&d, &["-workers", "1", &name]).success();
    }
    spec(
        "Within",
        "x = 0",
        "x' = x /\\ Cardinality((1..6) \\cup (1..6)) = 6 /\\ Cardinality({y \\in 1..20 : y < 5}) = 4",
    );
    tlc(&d, &["-workers", "1", "-maxSetSize", "10", "Within"]).success();
    spec("Subsets", "x = {}", "x' \\in SUBSET (1..5)");
    tlc(&d, &["-workers", "1", "-maxSetSize", "10", "Subsets"])
        .success()
        .stats(1025, 32, 0, 2);
    spec("Funcs", "x \\in [1..3 -> 1..3]", "x' = x");
    tlc(&d, &["-workers", "1", "-maxSetSize", "10", "Funcs"])
        .success()
        .stats(54, 27, 0, 1);
}

// TLC 2026.11 `-workers 1 M` (default -maxSetSize 1000000): a filter keeping 1000000
// elements passes (2 generated, 1 distinct); one keeping 1000001 is exit 75, "Attempted to
// construct a set with too many elements (>1000000)."
#[test]
fn the_default_max_set_size_is_tlc_s() {
    let d = Dir::new();
    for (name, n) in [("AtBound", 1_000_000), ("OverBound", 1_000_001)] {
        d.file(
            &format!("{name}.tla"),
            &format!(
                "---- MODULE {name} ----\nEXTENDS Naturals, FiniteSets\nVARIABLE x\n\
                 Init == x = 0\nNext == x' = x /\\ Cardinality({{y \\in 1..{n} : TRUE}}) = {n}\n====\n"
            ),
        )
        .file(&format!("{name}.cfg"), "INIT Init\nNEXT Next\n");
    }
    tlc(&d, &["-workers", "1", "AtBound"])
        .success()
        .line("2 states generated, 1 distinct states found, 0 states left on queue.");
    tlc(&d, &["-workers", "1", "OverBound"])
        .code(75)
        .line(": Attempted to construct a set with too many elements (>1000000).");
}

// TLC 2026.11 (`-workers 1 Ord`) prints each state's variables in the order of SANY's hash
// table of the module's names, not as declared: for `VARIABLES c, a, zz, b, alpha, beta,
// gamma, delta, x1, x2` (EXTENDS Naturals, 4 definitions) the block below, the same with 45
// more definitions and `-inv TRUE`; with 46 more
// definitions (the table past 143 entries, so larger) `zz, a, b, c, gamma, alpha, beta, x1,
// x2, delta`.
#[test]
fn states_list_the_variables_in_tlc_s_order() {
    let spec = |extra: usize| {
        let mut s = String::from(
            "---- MODULE Ord ----\nEXTENDS Naturals\n\
             VARIABLES c, a, zz, b, alpha, beta, gamma, delta, x1, x2\n\
             vars == <<c, a, zz, b, alpha, beta, gamma, delta, x1, x2>>\n\
             Init == c = 1 /\\ a = 2 /\\ zz = 3 /\\ b = 4 /\\ alpha = 5 /\\ beta = 6 /\\ gamma = 7 \
             /\\ delta = 8 /\\ x1 = 9 /\\ x2 = 10\n\
             Next == c' = c + 1 /\\ UNCHANGED <<a, zz, b, alpha, beta, gamma, delta, x1, x2>>\n\
             Inv == c < 2\n",
        );
        for i in 1..=extra {
            s.push_str(&format!("D{i} == {i}\n"));
        }
        s + "====\n"
    };
    let d = Dir::new();
    d.file("Ord.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    d.file("Ord.tla", &spec(0));
    tlc(&d, &["-noTE", "Ord"]).code(12).block(
        "State 1: <Initial predicate>\n/\\ alpha = 5\n/\\ zz = 3\n/\\ gamma = 7\n/\\ a = 2\n\
         /\\ b = 4\n/\\ c = 1\n/\\ x1 = 9\n/\\ x2 = 10\n/\\ delta = 8\n/\\ beta = 6\n\n",
    );
    // 45 more: the table's last entry before it grows; an -inv does not count (TLC adds it
    // after SANY's table is built: same order with `-inv TRUE`).
    d.file("Ord.tla", &spec(45));
    tlc(&d, &["-noTE", "-inv", "TRUE", "Ord"])
        .code(12)
        .block("State 1: <Initial predicate>\n/\\ alpha = 5\n/\\ zz = 3\n");
    d.file("Ord.tla", &spec(46));
    tlc(&d, &["-noTE", "Ord"]).code(12).block(
        "State 1: <Initial predicate>\n/\\ zz = 3\n/\\ a = 2\n/\\ b = 4\n/\\ c = 1\n\
         /\\ gamma = 7\n/\\ alpha = 5\n/\\ beta = 6\n/\\ x1 = 9\n/\\ x2 = 10\n/\\ delta = 8\n\n",
    );
}
