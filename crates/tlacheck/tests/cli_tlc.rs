//! `tlacheck tlc ARGS`: TLC's command line (`java -jar tla2tools.jar ARGS`) option by option:
//! each of TLC's options is accepted, carried out or named in a warning, in any order, the
//! spec with or without `.tla`; an option TLC does not have is refused by name with exit 1.

mod common;
use common::{tlacheck, Dir, Run};

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

fn tlc(d: &Dir, args: &[&str]) -> Run {
    let out = tlacheck(d.path())
        .arg("tlc")
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{run}");
    run
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
