//! Algorithms of our own, one per group of constructs (tests/fixtures/NAME.tla), and what
//! TLC's translator made of each (NAME.expected.tla), produced by
//!
//!     java -cp tla2tools.jar pcal.trans -nocfg NAME.tla
//!
//! (pcal.trans Version 1.12 of 01 July 2024) in a folder holding only that file. The options
//! each one needs are in its own `PlusCal options (...)` line.

use std::path::Path;

fn check(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let input = std::fs::read_to_string(dir.join(format!("{name}.tla"))).unwrap();
    let want = std::fs::read_to_string(dir.join(format!("{name}.expected.tla"))).unwrap();
    let opts = tla_pcal::Options {
        nocfg: true,
        ..Default::default()
    };
    let got =
        tla_pcal::translate(&input, &opts, None).unwrap_or_else(|e| panic!("{name}: {}", e.msg));
    let trim = |s: &str| s.trim_end_matches(['\n', ' ']).to_string();
    assert_eq!(trim(&got.text), trim(&want), "{name}");
}

/// while, if/elsif/else, either, with (two variables), await/when, ||, assert, print,
/// skip; labels all added.
#[test]
fn uniprocess_statements_and_added_labels() {
    check("UniAll");
}

/// C-syntax; procedures with parameters and locals; call, call then return, call then goto.
#[test]
fn c_syntax_procedures_and_calls() {
    check("CProcs");
}

/// Process sets and single processes, local variables, fair / fair+, labels + and -, a
/// procedure called from a fair process, `-termination` from the options line.
#[test]
fn processes_and_fairness() {
    check("MultiFair");
}

/// Macros calling macros, a parameter substituted for the assigned variable, define.
#[test]
fn macros_and_define() {
    check("Macros");
}

/// Labels and local variables renamed, with the translator's comments.
#[test]
fn renaming() {
    check("Renames");
}

/// `--fair algorithm` and defaultInitValue.
#[test]
fn fair_algorithm() {
    check("FairAlg");
}

/// `-sf`, `-label`, `-labelRoot` from the options line; long lines wrapped.
#[test]
fn strong_fairness_and_wrapping() {
    check("SfOpt");
}

/// `wfNext`, goto and goto Done, labeled if and either inside a loop.
#[test]
fn wf_next_and_gotos() {
    check("WfNextGoto");
}

/// `-nof`; a body of one `while TRUE`: no pc, no Terminating.
#[test]
fn no_fairness_and_no_pc() {
    check("NofLoop");
}
