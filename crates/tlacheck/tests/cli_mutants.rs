//! `tlacheck mutants`: declared mutants, and generated ones (`--auto`) on the Counter fixture.
//! Verdicts derived by hand (Counter.cfg: Max = 3, invariants TypeOK, Bounded, PausedOnlyLate):
//! - Inc's `x < Max` as `x <= Max` lets x reach 4: TypeOK, listed first, is violated.
//! - Next without Reset: (3, TRUE) has no successor, a deadlock.
//! - Reset to x = 1: still (0..3, F), (2, T), (3, T) reached, each Reset one successor:
//!   9 generated, 6 distinct, depth 5 as the original, so equivalent-suspect.
//! - Init x = 1: no invariant breaks; (0, F) is now first reached by Reset at level 4, so
//!   depth 4 differs from the original's 5: survived.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suite")
}

fn mutants(args: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("tlacheck")
        .unwrap()
        .arg("mutants")
        .arg(fixture().join("ok.toml"))
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn declared_mutants_run_alone() {
    let (code, out) = mutants(&[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Inc past its bound (Counter, Counter.cfg): caught by TypeOK"),
        "{out}"
    );
    assert!(!out.contains("NeverPaused"), "witnesses are not run: {out}");
}

#[test]
fn auto_mutants_are_killed_survive_or_are_equivalent() {
    let (code, out) = mutants(&["--auto", "--only", "Counter", "--json"]);
    assert_eq!(code, 0, "{out}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let check = &j["checks"][0];
    assert_eq!(check["original"]["distinct"], 6);
    let list = check["mutants"].as_array().unwrap();
    let find = |def: &str, what: &str| {
        list.iter()
            .find(|m| m["definition"] == def && m["mutation"].as_str().unwrap().contains(what))
            .unwrap_or_else(|| panic!("no mutant {def} {what} in {out}"))
    };
    let m = find("Inc", "`<` replaced by `<=`");
    assert_eq!(
        (&m["verdict"], &m["killed_by"]),
        (&"killed".into(), &"TypeOK".into())
    );
    let m = find("Next", "deleted disjunct `Reset`");
    assert_eq!(
        (&m["verdict"], &m["killed_by"]),
        (&"killed".into(), &"deadlock".into())
    );
    assert_eq!(
        find("Reset", "0 replaced by 1")["verdict"],
        "equivalent_suspect"
    );
    let m = find("Init", "0 replaced by 1");
    assert_eq!(m["verdict"], "survived");
    assert_eq!(m["figures"]["depth"], 4);
    assert_eq!(
        m["diff"],
        "- Init == x = 0 /\\ paused = FALSE\n+ Init == x = 1 /\\ paused = FALSE\n"
    );
    // Only what Init and Next reach is mutated: not the invariants, not the witnesses.
    for m in list {
        let d = m["definition"].as_str().unwrap();
        assert!(
            ["Init", "Inc", "Pause", "Reset", "Next"].contains(&d),
            "{d}"
        );
    }
    let count = |v: &str| list.iter().filter(|m| m["verdict"] == v).count() as f64;
    let score = check["score"].as_f64().unwrap();
    assert!((score - count("killed") / (count("killed") + count("survived"))).abs() < 1e-9);
}

#[test]
fn auto_mutants_print_survivors_with_their_diff_and_the_score() {
    let (code, out) = mutants(&["--auto"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("SURVIVED   Counter.tla:7 in Init: 0 replaced by 1\n"),
        "{out}"
    );
    assert!(out.contains("+ Init == x = 1 /\\ paused = FALSE"), "{out}");
    assert!(out.contains("mutation score"), "{out}");
    let (code, _) = mutants(&["--auto", "--min-score", "100"]);
    assert_eq!(code, 1, "a score under --min-score fails");
}

#[test]
fn bad_arguments_exit_2() {
    let (code, out) = mutants(&["--auto", "--only", "Nope"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("--only Nope: "), "{out}");
    let out = Command::cargo_bin("tlacheck")
        .unwrap()
        .args(["mutants", "/nonexistent/verify.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/verify.toml: cannot read"));
}

#[test]
fn auto_mutants_of_chosen_definitions() {
    let (code, out) = mutants(&["--auto", "--definition", "Next", "--json"]);
    assert_eq!(code, 0, "{out}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = j["checks"][0]["mutants"].as_array().unwrap();
    // Next == Inc \/ Pause \/ Reset: one mutant per deleted disjunct, each a deadlock.
    let got: Vec<(&str, &str)> = list
        .iter()
        .map(|m| {
            (
                m["mutation"].as_str().unwrap(),
                m["killed_by"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("deleted disjunct `Inc` of Next", "deadlock"),
            ("deleted disjunct `Pause` of Next", "deadlock"),
            ("deleted disjunct `Reset` of Next", "deadlock"),
        ]
    );
    let (code, out) = mutants(&["--auto", "--definition", "Nope"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("has no definition named Nope"), "{out}");
}
