//! `tlacheck verify`: each verdict class and each broken input, on the Counter fixture
//! (tests/fixtures/suite). Counter's figures, derived by hand from TLC's rules with Max = 3:
//! states (x, paused) reachable are (0..3, FALSE), (2, TRUE), (3, TRUE): 6 distinct; generated
//! = 1 initial + 1 + 1 + 2 + 1 + 2 + 1 successors = 9; BFS levels (0,F) (1,F) (2,F)
//! {(3,F),(2,T)} (3,T): depth 5. NeverPaused and NeverFull are first false at level 4, so
//! their counterexamples have 4 states; unguarded, Bounded fails at x = 4, in 5 states.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suite")
}

fn tlacheck() -> Command {
    Command::cargo_bin("tlacheck").unwrap()
}

/// A manifest in a fresh folder whose specs are the fixture's.
fn suite(body: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let specs = fixture().join("specs");
    let text = format!(
        "[suite]\nname = \"t\"\nspecs = '{}'\n\n[[check]]\nname = \"Counter\"\nspec = \"Counter.tla\"\nconfig = \"Counter.cfg\"\n\n{body}",
        specs.display()
    );
    let path = dir.path().join("verify.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Runs `tlacheck verify` with the arguments, returns (exit code, stdout + stderr).
fn verify(manifest: &Path, extra: &[&str]) -> (i32, String) {
    let out = tlacheck()
        .arg("verify")
        .arg(manifest)
        .args(extra)
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
fn the_fixture_suite_holds_with_tlc_figures() {
    let (code, out) = verify(&fixture().join("ok.toml"), &[]);
    assert_eq!(code, 0, "{out}");
    let row = out.lines().find(|l| l.contains("Counter.cfg")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        &cells[1..6],
        ["Counter", "Counter.cfg", "9", "6", "5"],
        "{row}"
    );
    assert!(row.contains("No error"), "{row}");
    assert!(out.contains("CounterUnguarded.cfg"), "{out}");
    assert!(out.contains("Bounded violated (expected)"), "{out}");
    assert!(out.contains("NeverPaused reached in 4 states"), "{out}");
    assert!(out.contains("NeverFull reached in 4 states"), "{out}");
    // Witnesses in the manifest's order: NeverPaused, then NeverFull.
    assert!(
        out.find("NeverPaused reached") < out.find("NeverFull reached"),
        "{out}"
    );
    assert!(
        out.contains("Inc past its bound (Counter, Counter.cfg): caught by TypeOK"),
        "{out}"
    );
    assert!(
        out.contains("F1 (Counter, F1.cfg): reproduces: Bounded violated in 5 states"),
        "{out}"
    );
}

#[test]
fn a_failing_check_exits_1() {
    let (_d, m) = suite(
        "[[check]]\nname = \"U\"\nspec = \"Counter.tla\"\nconfig = \"CounterUnguarded.cfg\"\n",
    );
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: Bounded violated"), "{out}");
}

#[test]
fn a_negative_control_that_passes_exits_1() {
    let (_d, m) = suite(
        "[[check]]\nname = \"Control\"\nspec = \"Counter.tla\"\nconfig = \"Counter.cfg\"\nexpect = { violated = \"Bounded\" }\n",
    );
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("negative control passed: Bounded was not violated"),
        "{out}"
    );
}

#[test]
fn a_negative_control_violated_by_another_property_exits_1() {
    let (_d, m) = suite(
        "[[check]]\nname = \"Control\"\nspec = \"Counter.tla\"\nconfig = \"CounterUnguarded.cfg\"\nexpect = { violated = \"TypeOK\" }\n",
    );
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("Bounded violated, expected TypeOK"), "{out}");
}

#[test]
fn a_witness_never_reached_exits_1() {
    let (_d, m) = suite("[[witness]]\ncheck = \"Counter\"\nproperties = [\"NeverNegative\"]\n");
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("NeverNegative not reached: it is never violated"),
        "{out}"
    );
}

#[test]
fn a_witness_reached_too_deep_exits_1() {
    let (_d, m) = suite("[[witness]]\ncheck = \"Counter\"\nproperties = { NeverPaused = 3 }\n");
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("NeverPaused reached in 4 states, not within 3"),
        "{out}"
    );
}

#[test]
fn a_finding_that_no_longer_reproduces_exits_1() {
    let (_d, m) = suite(
        "[[finding]]\nname = \"F2\"\ncheck = \"Counter\"\nconfig = \"Counter.cfg\"\nviolated = \"Bounded\"\n",
    );
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("F2 no longer reproduces: move it to the checks"),
        "{out}"
    );
}

fn mutant(replace: &str, with: &str, caught_by: &str, operator: &str) -> String {
    format!(
        "[[mutant]]\nname = \"m1\"\ncheck = \"Counter\"\noperator = \"{operator}\"\nreplace = \"{replace}\"\nwith = \"{with}\"\ncaught_by = \"{caught_by}\"\n"
    )
}

#[test]
fn a_mutant_not_caught_exits_1() {
    // Reset to 1 instead of 0: every state still satisfies the invariants.
    let (_d, m) = suite(&mutant("x' = 0", "x' = 1", "Bounded", "Reset"));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("m1 (Counter, Counter.cfg): not caught: Bounded still holds"),
        "{out}"
    );
}

#[test]
fn a_mutant_caught_by_another_property_exits_1() {
    // x reaches 4: TypeOK is listed first in the .cfg, so TLC reports it, not Bounded.
    let (_d, m) = suite(&mutant("x < Max", "x <= Max", "Bounded", "Inc"));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("caught by another property: TypeOK (expected Bounded)"),
        "{out}"
    );
}

#[test]
fn a_mutant_leaves_the_spec_file_untouched() {
    let spec = fixture().join("specs/Counter.tla");
    let before = std::fs::read(&spec).unwrap();
    let (_d, m) = suite(&mutant("x < Max", "x <= Max", "TypeOK", "Inc"));
    assert_eq!(verify(&m, &[]).0, 0);
    assert_eq!(std::fs::read(&spec).unwrap(), before);
}

#[test]
fn a_mutant_whose_text_does_not_match_once_exits_2_naming_it() {
    let (_d, m) = suite(&mutant("x > Max", "x", "TypeOK", "Inc"));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("verify.toml:14:11: mutant \"m1\": \"x > Max\" does not occur in Inc"),
        "{out}"
    );
    // A text match, not a token match: x < Max, x', x + 1, and the x of Max.
    let (_d, m) = suite(&mutant("x", "y", "TypeOK", "Inc"));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("mutant \"m1\": \"x\" occurs 4 times in Inc"),
        "{out}"
    );
}

#[test]
fn an_invalid_mutant_exits_2() {
    let (_d, m) = suite(&mutant("x < Max", "x < ", "TypeOK", "Inc"));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("invalid: the mutated spec is rejected"),
        "{out}"
    );
    // Level-incorrect: a primed expression makes the invariant TypeOK an action.
    let (_d, m) = suite(&mutant(
        "paused \\\\in",
        "paused' \\\\in",
        "TypeOK",
        "TypeOK",
    ));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("invalid: the mutated spec is rejected"),
        "{out}"
    );
    assert!(
        out.contains("The invariant TypeOK is not a state predicate"),
        "{out}"
    );
}

#[test]
fn a_trace_that_cannot_be_read_exits_2() {
    // Trace validation is wired in (child `trace validate`): a missing trace file could not run.
    let (_d, m) = suite("[[trace]]\nspec = \"Counter.tla\"\nfile = \"run.ndjson\"\n");
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("COULD NOT RUN run.ndjson (Counter.tla): "),
        "{out}"
    );
    assert!(
        out.contains("run.ndjson:1:1: cannot read the trace"),
        "{out}"
    );
}

#[test]
fn over_budget_is_reported_not_failed() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture().join("ok.toml"))
        .unwrap()
        .replace("budget = \"5m\"", "budget = \"0s\"")
        .replace(
            "specs = \"specs\"",
            &format!("specs = '{}'", fixture().join("specs").display()),
        );
    let m = dir.path().join("v.toml");
    std::fs::write(&m, text).unwrap();
    let (code, out) = verify(&m, &["--only", "Counter"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("(over budget)"), "{out}");
    assert!(out.contains("over budget, not a failure"), "{out}");
}

#[test]
fn tiers_only_and_shards_select_items() {
    let (_d, m) = suite(
        "[[check]]\nname = \"Deep\"\nspec = \"Counter.tla\"\nconfig = \"Counter.cfg\"\ntier = \"nightly\"\n\n[[check]]\nname = \"Third\"\nspec = \"Counter.tla\"\n",
    );
    let json = |extra: &[&str]| -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("r.json");
        let mut args = vec!["--report-json", report.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (code, out) = verify(&m, &args);
        assert_eq!(code, 0, "{out}");
        let j: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
        j["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(json(&[]), ["Counter", "Third"]);
    assert_eq!(json(&["--tier", "nightly"]), ["Deep"]);
    assert_eq!(json(&["--tier", "all"]), ["Counter", "Deep", "Third"]);
    assert_eq!(
        json(&["--tier", "all", "--only", "Deep,Third"]),
        ["Deep", "Third"]
    );
    assert_eq!(
        json(&["--tier", "all", "--shard", "1/2"]),
        ["Counter", "Third"]
    );
    assert_eq!(json(&["--tier", "all", "--shard", "2/2"]), ["Deep"]);
}

#[test]
fn junit_and_json_reports_carry_each_verdict() {
    let (_d, m) = suite(&mutant("x' = 0", "x' = 1", "Bounded", "Reset"));
    let dir = tempfile::tempdir().unwrap();
    let (j, x) = (dir.path().join("r.json"), dir.path().join("r.xml"));
    let (code, _) = verify(
        &m,
        &[
            "--report-json",
            j.to_str().unwrap(),
            "--junit",
            x.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(j).unwrap()).unwrap();
    assert_eq!(report["exit_code"], 1);
    assert_eq!(report["items"][0]["figures"]["distinct"], 6);
    assert_eq!(report["items"][1]["kind"], "mutant");
    assert_eq!(report["items"][1]["status"], "failed");
    let xml = std::fs::read_to_string(x).unwrap();
    assert!(
        xml.contains("tests=\"2\" failures=\"1\" errors=\"0\""),
        "{xml}"
    );
    assert!(
        xml.contains("<failure message=\"not caught: Bounded still holds\">"),
        "{xml}"
    );
}

#[test]
fn broken_manifests_exit_2_with_file_line_col() {
    let cases: &[(&str, &str)] = &[
        ("[[check]\nname = 1\n", "verify.toml:10:"),
        (
            "[[check]]\nname = \"B\"\nspec = \"Counter.tla\"\ncolour = \"red\"\n",
            "verify.toml:13:1: unknown field `colour`",
        ),
        (
            "[[witness]]\ncheck = \"Nope\"\nproperties = [\"P\"]\n",
            "verify.toml:11:9: no check named Nope",
        ),
        (
            "[[check]]\nname = \"B\"\nspec = \"Counter.tla\"\ntier = \"weekly\"\n",
            "verify.toml:13:8: tier must be",
        ),
        (
            "[[check]]\nname = \"B\"\nspec = \"Counter.tla\"\nbudget = \"soon\"\n",
            "verify.toml:13:10: a duration such as",
        ),
        (
            "[[check]]\nname = \"Counter\"\nspec = \"Counter.tla\"\n",
            "verify.toml:11:8: a second check named Counter",
        ),
        (
            "[coverage]\n[[coverage.entry]]\nfile = \"a.rs\"\nfunction = \"f\"\nfrom = \"x\"\naction = \"Inc\"\n",
            "verify.toml:12:8: a coverage entry names a function, or an anchored region with both from and to",
        ),
        (
            "[[trace]]\nspec = \"Counter.tla\"\nfile = \"t.ndjson\"\nexpect = \"maybe\"\n",
            "verify.toml:13:10: expect must be \"accepted\" or { rejected_at = N }",
        ),
        (
            "[[witness]]\ncheck = \"Counter\"\nproperties = 3\n",
            "verify.toml:12:14: ",
        ),
        (
            "[[witness]]\ncheck = \"Counter\"\nproperties = { NeverPaused = \"9\" }\n",
            "verify.toml:12:14: NeverPaused: the depth is a number of states",
        ),
    ];
    for (body, want) in cases {
        let (_d, m) = suite(body);
        let (code, out) = verify(&m, &[]);
        assert_eq!(code, 2, "{body}: {out}");
        assert!(out.contains(want), "{body}: want {want} in {out}");
    }
}

#[test]
fn missing_inputs_exit_2() {
    let (code, out) = verify(Path::new("/nonexistent/verify.toml"), &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("/nonexistent/verify.toml: cannot read the manifest"),
        "{out}"
    );
    let (_d, m) = suite("[[check]]\nname = \"Gone\"\nspec = \"Gone.tla\"\n");
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("Gone.tla"), "{out}");
    let (code, out) = verify(&m, &["--tier", "weekly"]);
    assert_eq!(code, 2, "{out}");
    let (code, out) = verify(&m, &["--only", "Nothing"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("--only Nothing: "), "{out}");
    let (code, out) = verify(&m, &["--shard", "3/2"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("--shard 3/2: expected I/N"), "{out}");
}

/// The corpus's DieHard: its NotSolved invariant is a witness (TLC finds the jugs solved),
/// and, as a negative control, must be the property violated. Figures from expected.json.
#[test]
fn die_hard_from_the_corpus_as_witness_and_negative_control() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(corpus.join("expected.json")).unwrap())
            .unwrap();
    let tlc = &expected
        .as_array()
        .unwrap()
        .iter()
        .find(|e| {
            e["folder"]
                .as_str()
                .is_some_and(|f| f.ends_with("DieHard__DieHard"))
                || e["id"] == "DieHard__DieHard"
        })
        .expect("DieHard in expected.json")["tlc"];
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("verify.toml");
    std::fs::write(
        &m,
        format!(
            "[suite]\nname = \"diehard\"\nspecs = '{}'\n\n[[check]]\nname = \"DieHard\"\nspec = \"DieHard.tla\"\nexpect = {{ violated = \"NotSolved\" }}\n\n[[witness]]\ncheck = \"DieHard\"\nproperties = {{ NotSolved = {} }}\n",
            corpus.join("DieHard__DieHard").display(),
            tlc["trace_len"]
        ),
    )
    .unwrap();
    let report = dir.path().join("r.json");
    let (code, out) = verify(&m, &["--report-json", report.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("NotSolved reached in {} states", tlc["trace_len"])),
        "{out}"
    );
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
    let f = &j["items"][0]["figures"];
    assert_eq!(f["violated"], tlc["violated"]);
    for k in ["generated", "distinct", "depth", "trace_len"] {
        assert_eq!(f[k], tlc[k], "{k}");
    }
}

#[test]
fn a_mutant_checked_alone_is_caught_by_its_property() {
    // With TypeOK left out, x = 4 violates Bounded.
    let body = mutant("x < Max", "x <= Max", "Bounded", "Inc") + "alone = true\n";
    let (_d, m) = suite(&body);
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("m1 (Counter, Counter.cfg): caught by Bounded"),
        "{out}"
    );
}

#[test]
fn a_tlc_error_in_a_check_is_could_not_run() {
    let (_d, m) = suite(
        "[[check]]\nname = \"Bad\"\nspec = \"Counter.tla\"\nconfig = \"CounterBadMax.cfg\"\n",
    );
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("COULD NOT RUN: TLC error:"), "{out}");
}

#[test]
fn a_check_past_its_timeout_is_stopped_and_could_not_run() {
    let (_d, m) =
        suite("[[check]]\nname = \"Forever\"\nspec = \"Forever.tla\"\ntimeout = \"1s\"\n");
    let start = std::time::Instant::now();
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("stopped after its timeout of 1s"), "{out}");
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
}
