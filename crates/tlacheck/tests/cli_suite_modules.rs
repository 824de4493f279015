//! A suite laid out as the corpus's models are (tests/fixtures/mcsuite): MCSpec.tla EXTENDS
//! Spec.tla, which EXTENDS LeaseLib.tla from the suite's library folder. Mutants, the action
//! map, witnesses and [[property]] links name definitions of Spec.tla.
//!
//! Figures from TLC (2.19, `-workers 1`), run in a copy of specs/ with lib/LeaseLib.tla
//! beside it:
//! - `tlc2.TLC -deadlock -config MCSpec.cfg MCSpec`: no error, 31 states generated, 19
//!   distinct, depth 7.
//! - `-config findings/Gen2.cfg MCSpec`: GenBelow2 violated, 4 states: Initial predicate,
//!   Claim("p1"), Release("p1"), Claim("p1").
//! - NeverWorked alone (INVARIANT NeverWorked): violated in 3 states (Claim, Work).
//! - Claim with `gen' = gen` for `gen' = gen + 1`: OneOwner violated in 2 states; Free as
//!   TRUE: action property NoTakeover violated in 3 states (Claim p1, Claim p2).

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mcsuite")
        .join(name)
}

/// `tlacheck ARGS`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("tlacheck")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn verify(manifest: &str, extra: &[&str]) -> (i32, String) {
    let m = fixture(manifest);
    let mut args = vec!["verify", m.to_str().unwrap()];
    args.extend(extra);
    let (code, out, err) = run(&args);
    (code, format!("{out}{err}"))
}

#[test]
fn a_suite_over_an_mc_module_passes_with_definitions_of_the_module_it_extends() {
    let spec = std::fs::read_to_string(fixture("specs/Spec.tla")).unwrap();
    let json = tempfile::NamedTempFile::new().unwrap();
    let (code, out) = verify("ok.toml", &["--report-json", json.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    for line in [
        "caught by OneOwner",
        "caught by NoTakeover",
        "NeverWorked reached in 3 states",
        "reproduces: GenBelow2 violated in 4 states",
        "src/lease.rs claim_lease (action Claim): unchanged",
        "traces/takeover.ndjson (MCSpec.tla): rejected at step 3, as expected",
        "traces/claim_work_release.ndjson (MCSpec.tla): accepted",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    // The mutants were checked in memory: Spec.tla is as it was.
    assert_eq!(
        std::fs::read_to_string(fixture("specs/Spec.tla")).unwrap(),
        spec
    );
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json.path()).unwrap()).unwrap();
    let check = &j["items"][0];
    assert_eq!(check["name"], "MCSpec");
    assert_eq!(
        (
            &check["figures"]["generated"],
            &check["figures"]["distinct"],
            &check["figures"]["depth"]
        ),
        (&31.into(), &19.into(), &7.into())
    );
    assert_eq!(
        check["bounds"],
        serde_json::json!(["Procs <- MCProcs", "MaxGen = 2"])
    );
    assert_eq!(
        check["checked"],
        serde_json::json!(["TypeOK", "OneOwner", "NoTakeover"])
    );
    // GenBelow2 is checked by the finding's config, NeverWorked by the witness: only Unused
    // is checked by nothing.
    assert_eq!(check["unchecked"], serde_json::json!(["Unused"]));
    assert_eq!(
        j["unchecked_properties"]["MCSpec.tla"],
        serde_json::json!(["Unused"])
    );
    assert!(
        out.contains("not checked by any configuration (MCSpec.tla): Unused"),
        "{out}"
    );
    assert!(
        out.contains("MCSpec (MCSpec.cfg): bounds Procs <- MCProcs, MaxGen = 2; checks TypeOK, OneOwner, NoTakeover"),
        "{out}"
    );
    let props = j["properties"].as_array().unwrap();
    assert_eq!(props.len(), 2);
    assert!(props.iter().all(|p| p["status"] == "held"), "{props:?}");
}

#[test]
fn a_counterexample_names_the_code_each_action_maps_to() {
    let (code, out) = verify("ok.toml", &[]);
    assert_eq!(code, 0, "{out}");
    // The finding's trace, as TLC's (4 states), each step with its code.
    let states: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("State "))
        .collect();
    assert_eq!(states.len(), 4, "{out}");
    assert_eq!(states[0], "State 1: <Initial predicate>");
    assert!(states[1].starts_with("State 2: <Claim(\"p1\") line 14, col 3 to line 18, col 19 of module Spec> -> src/lease.rs:6 claim_lease"), "{out}");
    assert!(
        states[2].ends_with("-> src/lease.rs:21 release_lease"),
        "{out}"
    );
    assert!(
        states[3].ends_with("-> src/lease.rs:6 claim_lease"),
        "{out}"
    );
}

#[test]
fn a_failed_check_and_a_mutant_caught_by_another_property_print_their_traces_in_the_code_words() {
    let json = tempfile::NamedTempFile::new().unwrap();
    let (code, out) = verify(
        "failing.toml",
        &["--report-json", json.path().to_str().unwrap()],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("check Gen2 (Gen2, Gen2.cfg): GenBelow2 violated"),
        "{out}"
    );
    assert!(
        out.contains("mutant a claim that keeps the generation (MCSpec, MCSpec.cfg): caught by another property: OneOwner (expected TypeOK)"),
        "{out}"
    );
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json.path()).unwrap()).unwrap();
    let mutant = j["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["kind"] == "mutant")
        .unwrap();
    let steps = mutant["counterexample"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{mutant}");
    assert_eq!(steps[1]["definition"], "Claim");
    assert_eq!(
        steps[1]["code"],
        serde_json::json!(["src/lease.rs:6 claim_lease"])
    );
}

#[test]
fn auto_mutants_cover_the_extended_module_and_name_its_file() {
    let m = fixture("ok.toml");
    let (code, out, err) = run(&["mutants", "--auto", m.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let heads: Vec<&str> = out
        .lines()
        .map(str::trim_start)
        .filter(|l| {
            l.starts_with("killed")
                || l.starts_with("SURVIVED")
                || l.starts_with("invalid")
                || l.starts_with("equivalent")
        })
        .collect();
    assert!(!heads.is_empty(), "{out}");
    // Every mutant is in Spec.tla (MCSpec.tla's only definition is a constant the .cfg
    // substitutes; LeaseLib.tla is a library module).
    assert!(heads.iter().all(|h| h.contains(" Spec.tla:")), "{out}");
    for def in ["Free", "Claim", "Work", "Release", "Next"] {
        assert!(
            heads.iter().any(|h| h.contains(&format!(" in {def}:"))),
            "{def}\n{out}"
        );
    }
    // Removing Claim's guard Free is caught by the action property NoTakeover, as TLC finds.
    assert!(
        out.contains("Spec.tla:14 in Claim: guard `Free` replaced by TRUE: by NoTakeover"),
        "{out}"
    );
    let (_, json, _) = run(&["mutants", "--auto", "--json", m.to_str().unwrap()]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    let first = &j["checks"][0]["mutants"][0];
    assert!(
        first["file"].as_str().unwrap().ends_with("Spec.tla"),
        "{first}"
    );
}

#[test]
fn a_definition_two_user_modules_define_is_ambiguous_naming_both_files() {
    let (code, out) = verify("ambiguous.toml", &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("Twice is ambiguous: it is defined in "),
        "{out}"
    );
    assert!(out.contains("Alpha.tla:3 (module Alpha)"), "{out}");
    assert!(out.contains("Beta.tla:3 (module Beta)"), "{out}");
    assert!(
        out.contains("ambiguous.toml:15:12: mutant \"twice is thrice\""),
        "{out}"
    );
}

#[test]
fn a_definition_only_in_a_library_module_is_refused() {
    let (code, out) = verify("library.toml", &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("mutant \"bigger is smaller\": Bigger is defined only in a library module"),
        "{out}"
    );
    assert!(out.contains("LeaseLib.tla:3 (module LeaseLib)"), "{out}");
    assert!(
        out.contains("action map: Bigger is defined only in a library module"),
        "{out}"
    );
}

#[test]
fn property_links_fail_when_unchecked_undefined_or_untested() {
    let (code, out) = verify("properties-bad.toml", &[]);
    assert_eq!(code, 1, "{out}");
    for line in [
        "FAILED Unused (test_one_owner in tests/test_lease.py): property Unused is defined in MCSpec.tla but no configuration of the suite checks it",
        "FAILED OneOwner (test_one_owner_twice in tests/test_lease.py): the test test_one_owner_twice of property OneOwner is not in tests/test_lease.py",
        "FAILED Nope (test_one_owner in tests/test_lease.py): property Nope is not defined in any check's spec",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
}

#[test]
fn trace_validate_json_prints_one_verdict_object() {
    let spec = fixture("specs/MCSpec.tla");
    let cfg = fixture("specs/MCSpec.cfg");
    let lib = fixture("lib");
    let validate = |trace: &str| {
        let t = fixture(trace);
        run(&[
            "trace",
            "validate",
            spec.to_str().unwrap(),
            t.to_str().unwrap(),
            "--config",
            cfg.to_str().unwrap(),
            "--library",
            lib.to_str().unwrap(),
            "--json",
        ])
    };
    let (code, out, _) = validate("traces/claim_work_release.ndjson");
    assert_eq!(code, 0, "{out}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&j["verdict"], &j["events"]),
        (&"accepted".into(), &4.into())
    );
    let (code, out, _) = validate("traces/takeover.ndjson");
    assert_eq!(code, 1, "{out}");
    let j: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!((&j["verdict"], &j["step"]), (&"rejected".into(), &3.into()));
    assert_eq!(j["line"], 4);
    let (code, out, _) = validate("traces/missing.ndjson");
    assert_eq!(code, 2, "{out}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["verdict"], "error");
}
