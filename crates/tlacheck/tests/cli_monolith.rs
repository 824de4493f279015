//! `tlacheck check` on monolithic specs: further modules and a configuration in the root
//! module's .tla file; and how the spec's and the configuration's files are named. Every figure below is TLC's, from
//! `java -cp tla2tools.jar tlc2.TLC -workers 1 -tool -config R.tla R` run on the same texts
//! (TLC2 2026.11); the derivation is also given by hand.

mod common;
use common::*;

/// x counts 0, 1, 2 and wraps: 3 distinct states, depth 3; generated = 1 initial + 3
/// successors = 4. Inv (x < 2) fails in the third state, so its counterexample has 3 states.
const SPEC: &str = "---- MODULE R ----
EXTENDS Naturals, Step
VARIABLE x
Init == x = 0
Next == x' = Succ(x)
Spec == Init /\\ [][Next]_x
Inv == x < 2
====
---- MODULE Step ----
EXTENDS Naturals, Wrap
Succ(n) == (n + 1) % Modulus
====
---- MODULE Wrap ----
Modulus == 3
====
";

fn monolith(config: &str) -> Dir {
    let d = Dir::new();
    d.file("R.tla", &format!("{SPEC}{config}"));
    d
}

#[test]
fn an_embedded_config_and_modules_after_the_root() {
    monolith("---- CONFIG R ----\nSPECIFICATION Spec\nINVARIANT Inv\n=====\n")
        .check(&["R.tla", "--config", "R.tla"])
        .code(12)
        .says("Invariant Inv is violated.")
        .trace_len(3);
}

#[test]
fn the_config_ends_at_the_first_equals_line() {
    // TLC: the INVARIANT after the `====` line is not part of the configuration.
    monolith("---- CONFIG R ----\nSPECIFICATION Spec\n====\nINVARIANT Inv\n====\n")
        .check(&["R.tla", "--config", "R.tla"])
        .success()
        .stats(4, 3, 0, 3);
}

#[test]
fn a_config_section_may_come_before_the_module() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &format!("------ CONFIG  R  -----\nSPECIFICATION Spec\n====\n\n{SPEC}"),
    );
    d.check(&["R.tla", "--config", "R.tla"])
        .success()
        .stats(4, 3, 0, 3);
}

#[test]
fn only_the_section_named_after_the_file_is_read() {
    // TLC: no section `CONFIG R` means an empty configuration, "The configuration file did
    // not specify the initial state predicate." (a configuration error).
    monolith("---- CONFIG Other ----\nSPECIFICATION Spec\n====\n")
        .check(&["R.tla", "--config", "R.tla"])
        .code(151);
}

#[test]
fn errors_in_an_embedded_config_point_into_the_tla_file() {
    // Line 18 of R.tla is the section's third line (its header is line 16).
    monolith("---- CONFIG R ----\nSPECIFICATION Spec\nINVARIANT Inv )\n====\n")
        .check(&["R.tla", "--config", "R.tla"])
        .code(151)
        .says("R.tla:18:");
}

#[test]
fn without_a_cfg_file_the_embedded_config_is_not_used() {
    // TLC reads R.cfg unless told otherwise and fails when it is absent ("File not found").
    monolith("---- CONFIG R ----\nSPECIFICATION Spec\n====\n")
        .check(&["R.tla"])
        .error_code();
}

#[test]
fn a_missing_module_is_a_parse_error_at_its_name() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &SPEC.replace("EXTENDS Naturals, Wrap", "EXTENDS Naturals, Wrapped"),
    )
    .file("R.cfg", "SPECIFICATION Spec\n");
    d.check(&["R.tla"])
        .code(150)
        .says("R.tla:10:19: Cannot find source file for module Wrapped");
}

/// x = 1 forever: 1 initial state and its stuttering successor, generated 2, distinct 1,
/// depth 1 (TLC: `-config MC R` and, from the parent folder, `-config MC.cfg h/R.tla`).
const STILL: &str = "---- MODULE R ----\nVARIABLE x\nSpec == x = 1 /\\ [][x' = x]_x\n====\n";

#[test]
fn a_config_name_without_extension_reads_its_cfg_file() {
    let d = Dir::new();
    d.file("R.tla", STILL)
        .file("MC.cfg", "SPECIFICATION Spec\n");
    d.check(&["R.tla", "--config", "MC"])
        .success()
        .stats(2, 1, 0, 1);
    // The spec named without `.tla`, as `tlc2.TLC -config MC R`.
    d.check(&["R", "--config", "MC"])
        .success()
        .stats(2, 1, 0, 1);
}

#[test]
fn a_relative_config_name_is_found_in_the_specs_folder() {
    let d = Dir::new();
    std::fs::create_dir_all(d.path().join("h")).unwrap();
    d.file("h/R.tla", STILL)
        .file("h/MC.cfg", "SPECIFICATION Spec\n");
    d.check(&["h/R.tla", "--config", "MC.cfg"])
        .success()
        .stats(2, 1, 0, 1);
}

#[test]
fn a_section_modules_places_are_counted_from_its_header() {
    // TLC prints `State 2: <Next line 4, col 9 to line 4, col 24 of module Step>`: it reads
    // Step as a file of its own that starts at the header (file line 8).
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS Naturals, Step\nInit == x = 0\nSpec == Init /\\ [][Next]_x\n\
         Inv == x < 2\n====\n\n---- MODULE Step ----\nEXTENDS Naturals\nVARIABLE x\n\
         Next == x' = (x + 1) % 3\n====\n---- CONFIG R ----\nSPECIFICATION Spec\nINVARIANT Inv\n====\n",
    );
    d.check(&["R.tla", "--config", "R.tla"])
        .code(12)
        .trace_len(3)
        .line("State 2: <Next line 4, col 9 to line 4, col 24 of module Step>");
}
