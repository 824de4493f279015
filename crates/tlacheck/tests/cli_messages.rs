//! TLC's -messagesAsErrors and -suppressMessages (message codes of tlc2/output/EC.java and
//! tla2sany/semantic/ErrorCode.java), and SANY's warnings block of stale PlusCal
//! translations. Every expected text below is what tla2tools.jar 2026.12 printed for the same
//! spec and options (`java -jar tla2tools.jar -workers 1 OPTIONS -config X.cfg X.tla`, and
//! `java -cp tla2tools.jar tla2sany.SANY Main.tla`), its run-dependent lines aside.

mod common;
use common::{tlc, Dir};

/// A successor whose EXCEPT names a field the record lacks: TLC's warning 2144.
const EX: &str = "---- MODULE Ex ----
VARIABLE x
Init == x = [a |-> 1]
Next == x' = [x EXCEPT !.b = 2]
====
";

fn ex() -> Dir {
    let d = Dir::new();
    d.file("Ex.tla", EX)
        .file("Ex.cfg", "INIT Init\nNEXT Next\n");
    d
}

const EXCEPT_WARNING: &str =
    "Warning: The EXCEPT was applied to non-existing fields of the value at
line 4, col 15 to line 4, col 15 of module Ex
(Use the -nowarning option to disable this warning.)
";

#[test]
fn the_except_warning_is_printed_suppressed_or_an_error() {
    let d = ex();
    tlc(&d, &["-workers", "1", "Ex"])
        .success()
        .block(EXCEPT_WARNING);
    let quiet = tlc(&d, &["-workers", "1", "-suppressMessages", "2144", "Ex"]);
    quiet.success();
    assert!(!quiet.stdout.contains("EXCEPT"), "{quiet}");
    // In a successor: TLC's Assert.fail, printed as a runtime exception, exit 75; the same
    // with -nowarning (TLC looks at the codes first).
    let error = "Error: TLC threw an unexpected exception.
This was probably caused by an error in the spec or model.
See the User Output or TLC Console for clues to what happened.
The exception was a java.lang.RuntimeException
: The EXCEPT was applied to non-existing fields of the value at
line 4, col 15 to line 4, col 15 of module Ex
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = [a |-> 1]

Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 4, column 9 to line 4, column 31 in Ex
1. Line 4, column 14 to line 4, column 31 in Ex


1 states generated, 1 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 1.
";
    for extra in [&[][..], &["-nowarning"]] {
        let mut args = vec!["-workers", "1", "-messagesAsErrors", "2144"];
        args.extend_from_slice(extra);
        args.push("Ex");
        let run = tlc(&d, &args);
        run.code(75).block(error);
        assert!(!run.stdout.contains("Warning:"), "{run}");
    }
}

#[test]
fn the_except_warning_as_an_error_in_the_initial_states() {
    let d = Dir::new();
    d.file(
        "ExI.tla",
        "---- MODULE ExI ----
VARIABLE x
Init == x = [[a |-> 1] EXCEPT !.b = 2]
Next == x' = x
====
",
    )
    .file("ExI.cfg", "INIT Init\nNEXT Next\n");
    tlc(&d, &["-workers", "1", "-messagesAsErrors", "2144", "ExI"])
        .code(75)
        .block(
            "Computing initial states...
Error: The EXCEPT was applied to non-existing fields of the value at
line 3, col 14 to line 3, col 22 of module ExI
Error: The error occurred when TLC was evaluating the nested
expressions at the following positions:
0. Line 3, column 9 to line 3, column 38 in ExI
1. Line 3, column 13 to line 3, column 38 in ExI


0 states generated, 0 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 0.
",
        );
}

fn sym() -> Dir {
    let d = Dir::new();
    d.file(
        "Sym.tla",
        "---- MODULE Sym ----
EXTENDS TLC
CONSTANT P
VARIABLE x
Init == x \\in P
Next == x' \\in P
Live == <>(x \\in P)
Perms == Permutations(P)
====
",
    )
    .file(
        "Sym.cfg",
        "CONSTANT P = {p1, p2}\nINIT Init\nNEXT Next\nSYMMETRY Perms\nPROPERTY Live\n",
    );
    d
}

const SYMMETRY: &str = "Declaring symmetry during liveness checking is dangerous. It might cause TLC to miss violations of the stated liveness properties. Please check liveness without symmetry defined.";

/// TLC's warning 2279 made an error: "Error: " and the warning right after the start line,
/// then the closing line, exit 255 (a code TLC's exit table does not map); in tool mode the
/// message is 2279 of class 1.
#[test]
fn the_symmetry_warning_as_an_error_stops_before_the_search() {
    let d = sym();
    let run = tlc(&d, &["-workers", "1", "-messagesAsErrors", "2279", "Sym"]);
    run.code(255).line(&format!("Error: {SYMMETRY}"));
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("Error: ")).unwrap();
    assert!(lines[at - 1].starts_with("Starting... ("), "{run}");
    assert!(lines[at + 1].starts_with("Finished in "), "{run}");
    assert_eq!(lines.len(), at + 2, "{run}");
    let tool = tlc(
        &d,
        &["-tool", "-workers", "1", "-messagesAsErrors", "2279", "Sym"],
    );
    tool.code(255).block(&format!(
        "@!@!@STARTMSG 2279:1 @!@!@\n{SYMMETRY}\n@!@!@ENDMSG 2279 @!@!@\n@!@!@STARTMSG 2186:0 @!@!@\nFinished in "
    ));
    // The first warning of the run carries TLC's hint.
    tlc(&d, &["-workers", "1", "Sym"]).block(&format!(
        "Warning: {SYMMETRY}\n(Use the -nowarning option to disable this warning.)\n"
    ));
    let quiet = tlc(&d, &["-workers", "1", "-suppressMessages", "2279", "Sym"]);
    quiet.success();
    assert!(!quiet.stdout.contains("Declaring symmetry"), "{quiet}");
}

/// Counter's algorithm edited since its translation (SANY's 4804: pcal.trans's translation of
/// the loop to 2, shared with cli_translate, now counting to 3), and Main, which extends
/// it, with both its algorithm and its translation changed (4803).
fn stale() -> Dir {
    let d = Dir::new();
    d.file(
        "Counter.tla",
        &include_str!("fixtures/pcal/Counter_translated.tla").replacen("x < 2 do", "x < 3 do", 1),
    )
    .file(
        "Main.tla",
        r#"---- MODULE Main ----
EXTENDS Counter
(* --algorithm Main
begin
  A: skip;
end algorithm; *)
\* BEGIN TRANSLATION (chksum(pcal) = "00000000" /\ chksum(tla) = "00000000")
M == 1
\* END TRANSLATION
====
"#,
    )
    .file("Main.cfg", "SPECIFICATION Spec\n");
    d
}

const MAIN_STALE: &str = "Both the PlusCal algorithm and its TLA+ translation in module Main have changed since the last translation.";
const COUNTER_STALE: &str =
    "The PlusCal algorithm in module Counter has changed since its last translation.";

/// SANY's block names the spec as SANY was given it: TLC passes the module's name whatever
/// its own command line said (`Main`, `Main.tla`, a path), SANY alone the argument itself;
/// the root module first, then the one it extends.
#[test]
fn sany_s_block_for_several_stale_modules() {
    let d = stale();
    let block = |of: &str, main: &str, counter: &str| {
        format!(
            "Warnings (2) during syntax parsing of {of}:\n\n\n{main}In module Main\n\n{MAIN_STALE}\n\n\n\n{counter}In module Counter\n\n{COUNTER_STALE}\n\n\n\n"
        )
    };
    let path = d.path().join("Main.tla").display().to_string();
    for spec in ["Main", "Main.tla", path.as_str()] {
        tlc(&d, &["-workers", "1", spec])
            .success()
            .block(&block("Main", "", ""));
    }
    for spec in ["Main.tla", path.as_str()] {
        let run = d.run("parse", &[spec]);
        run.code(0);
        assert!(run.stdout.starts_with(&block(spec, "", "")), "{run}");
    }
    // A SANY code made an error: that module's entry is marked, and TLC stops after its start
    // line with exit 150.
    let run = tlc(&d, &["-workers", "1", "-messagesAsErrors", "4804", "Main"]);
    run.code(150)
        .block(&block("Main", "", "Warning treated as error: "));
    let tail: Vec<&str> = run.stdout.lines().rev().take(3).collect();
    assert!(tail[0].starts_with("Finished in "), "{run}");
    assert_eq!(
        tail[1], "Error: Parsing or semantic analysis failed.",
        "{run}"
    );
    assert!(tail[2].starts_with("Starting... ("), "{run}");
    // Tool mode: SANY's block outside any message, the failure as message 3002.
    let both = "4804,4803";
    let tool = tlc(
        &d,
        &["-tool", "-workers", "1", "-messagesAsErrors", both, "Main"],
    );
    let treated = "Warning treated as error: ";
    tool.code(150).block(&format!(
        "@!@!@STARTMSG 2220:0 @!@!@\nStarting SANY...\n@!@!@ENDMSG 2220 @!@!@\n{}@!@!@STARTMSG 2219:0 @!@!@\nSANY finished.\n@!@!@ENDMSG 2219 @!@!@\n",
        block("Main", treated, treated)
    ));
    tool.block("@!@!@STARTMSG 3002:1 @!@!@\nParsing or semantic analysis failed.\n@!@!@ENDMSG 3002 @!@!@\n");
    // A suppressed code leaves the block and its count.
    tlc(&d, &["-workers", "1", "-suppressMessages", "4804", "Main"])
        .success()
        .block(&format!(
            "Warnings (1) during syntax parsing of Main:\n\n\nIn module Main\n\n{MAIN_STALE}\n\n\n\nStarting... ("
        ));
}

/// TLC's refusals of the codes, exit 1 (TLC's texts, less its doubled `Error: `).
#[test]
fn message_codes_tlc_refuses() {
    let d = ex();
    let refused = |args: &[&str], message: &str| {
        let mut all = args.to_vec();
        all.push("Ex");
        let run = tlc(&d, &all);
        run.code(1);
        assert!(run.stderr.lines().any(|l| l == message), "{run}");
    };
    refused(
        &["-messagesAsErrors", "abc"],
        "Error: For input string: \"abc\"",
    );
    refused(
        &["-messagesAsErrors", "2144,,4802"],
        "Error: For input string: \"\"",
    );
    refused(
        &["-suppressMessages", "9999"],
        "Error: unknown message code: 9999",
    );
    refused(
        &["-messagesAsErrors", "2144", "-suppressMessages", "2144"],
        "Error: The following codes were set to both -suppressMessages and -messagesAsErrors: [2144]",
    );
    refused(
        &["-nowarning", "-suppressMessages", "2144"],
        "Error: -nowarning already suppresses all warnings, making -suppressMessages redundant. Remove -nowarning to suppress only the specified messages, or remove -suppressMessages to suppress all warnings.",
    );
    let run = tlc(&d, &["Ex", "-messagesAsErrors"]);
    run.code(1);
    assert!(
        run.stderr
            .contains("Error: -messagesAsErrors requires a comma-separated list of message codes."),
        "{run}"
    );
}

/// A PROPERTY naming a state-level definition: TLC's warning 2255 right after the start line,
/// the first warning of the run with the -nowarning hint; as an error, exit 255.
#[test]
fn a_state_level_property_is_warned_about() {
    let d = Dir::new();
    d.file(
        "P.tla",
        "---- MODULE P ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\\ x' = x + 1
Small == x < 10
Spec == Init /\\ [][Next]_x
====
",
    )
    .file("P.cfg", "SPECIFICATION Spec\nPROPERTY Small\n");
    let text = "The formula Small is a state-level formula, but it was used as a PROPERTY (or PROPERTIES), where a temporal formula is typically expected. State-level formulas used as PROPERTY or PROPERTIES are only checked in the initial state. To verify that the formula Small holds in all states of every behavior, use INVARIANT Small instead. Alternatively, applying the \"always\" temporal operator ([]) to the state-level formula Small changes it into a temporal formula, asserting that Small holds in all states of every behavior. See https://explain.tlapl.us/invariants-and-properties for additional details.";
    let run = tlc(&d, &["-workers", "1", "-deadlock", "P"]);
    run.success().stats(4, 4, 0, 4).block(&format!(
        "Warning: {text}\n(Use the -nowarning option to disable this warning.)\nComputing initial states...\n"
    ));
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Warning: "))
        .unwrap();
    assert!(lines[at - 1].starts_with("Starting... ("), "{run}");
    // -dfid too (TLC: "Starting...", the warning, "Finished computing initial states: 1
    // states generated, with 1 of them distinct.").
    tlc(&d, &["-workers", "1", "-deadlock", "-dfid", "3", "P"]).block(&format!(
        "Warning: {text}\n(Use the -nowarning option to disable this warning.)\nFinished computing initial states: 1 states generated, with 1 of them distinct.\n"
    ));
    let error = tlc(
        &d,
        &[
            "-workers",
            "1",
            "-deadlock",
            "-messagesAsErrors",
            "2255",
            "P",
        ],
    );
    error.code(255).line(&format!("Error: {text}"));
    assert!(
        !error.stdout.contains("Computing initial states"),
        "{error}"
    );
    let tool = tlc(&d, &["-tool", "-workers", "1", "-deadlock", "P"]);
    tool.success().block(&format!(
        "@!@!@STARTMSG 2255:3 @!@!@\n{text}\n@!@!@ENDMSG 2255 @!@!@\n"
    ));
}
