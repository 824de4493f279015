//! `tlacheck translate`: the translation written into the file as pcal.trans writes it, the
//! .cfg it writes, `--dry-run`, and pcal.trans's errors with file:line:col, a caret, exit 2
//! and the file untouched. Expected texts come from pcal.trans (Version 1.12), run as
//! `java -cp tla2tools.jar pcal.trans Counter.tla` in a folder holding only the file.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("tlacheck-translate-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    p
}

fn tlacheck() -> Command {
    Command::cargo_bin("tlacheck").unwrap()
}

const COUNTER: &str = r#"---- MODULE Counter ----
EXTENDS Naturals
(* --algorithm Counter
variables x = 0;
begin
  Inc: while x < 2 do
         x := x + 1;
       end while;
end algorithm; *)
====
"#;

/// What pcal.trans wrote for COUNTER (with -termination for the .cfg test).
const COUNTER_TRANSLATED: &str = include_str!("fixtures/pcal/Counter_translated.tla");

#[test]
fn translates_in_place_and_writes_the_cfg() {
    let d = dir("inplace");
    let f = d.join("Counter.tla");
    std::fs::write(&f, COUNTER).unwrap();
    tlacheck()
        .arg("translate")
        .arg(&f)
        .arg("-termination")
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), COUNTER_TRANSLATED);
    // pcal.trans's .cfg for -termination.
    assert_eq!(
        std::fs::read_to_string(d.join("Counter.cfg")).unwrap(),
        "SPECIFICATION Spec\nPROPERTY Termination\n\\* Add statements after this line.\n"
    );
    // Translating again keeps the file as it is (same checksums).
    tlacheck()
        .arg("translate")
        .arg(&f)
        .arg("-termination")
        .arg("-nocfg")
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), COUNTER_TRANSLATED);
}

#[test]
fn dry_run_prints_and_writes_nothing() {
    let d = dir("dry");
    let f = d.join("Counter.tla");
    std::fs::write(&f, COUNTER).unwrap();
    tlacheck()
        .arg("translate")
        .arg(&f)
        .arg("--dry-run")
        .arg("-wf")
        .assert()
        .success()
        .stdout(COUNTER_TRANSLATED);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), COUNTER);
    assert!(!d.join("Counter.cfg").exists());
}

/// One error of each class pcal.trans names: its message, the place, exit 2, file kept.
fn fails(name: &str, algorithm: &str, message: &str, place: &str) {
    let d = dir(name);
    let f = d.join(format!("{name}.tla"));
    let text = format!("---- MODULE {name} ----\nEXTENDS Naturals\n(* --algorithm {name}\n{algorithm}\nend algorithm; *)\n====\n");
    std::fs::write(&f, &text).unwrap();
    tlacheck()
        .arg("translate")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(message))
        .stderr(predicate::str::contains(format!("{name}.tla:{place}:")))
        .stderr(predicate::str::contains("^"));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    assert!(!d.join(format!("{name}.cfg")).exists());
}

#[test]
fn missing_label() {
    // pcal.trans: "Missing label at the following location: line 8, column 6."
    fails("NoLabel", "variables x = 0;\nprocess P \\in 1..2\nbegin\n  A: x := 1;\n     while x < 3 do x := x + 1; end while;\nend process;", "Missing label at the following location:", "8:6");
}

#[test]
fn undeclared_variable() {
    // pcal.trans: "Assignment to undeclared variable y at line 6, column 6."
    fails(
        "Undeclared",
        "variables x = 0;\nbegin\n  A: y := 1;",
        "Assignment to undeclared variable y",
        "6:6",
    );
}

#[test]
fn variable_assigned_twice_in_a_step() {
    // pcal.trans: "Multiple assignment to x at line 6, column 6."
    fails(
        "Twice",
        "variables x = 0;\nbegin\n  A: x := 1 || x := 2;",
        "Multiple assignment to x",
        "6:6",
    );
}

#[test]
fn goto_unknown_label() {
    // pcal.trans: "goto to non-existent label `Nowhere' at line 7, column 6."
    fails(
        "BadGoto",
        "variables x = 0;\nbegin\n  A: x := 1;\n     goto Nowhere;",
        "goto to non-existent label `Nowhere'",
        "7:6",
    );
}

#[test]
fn call_of_unknown_procedure() {
    // pcal.trans: "Call of non-existent procedure Missing at line 6, column 6."
    fails(
        "BadCall",
        "variables x = 0;\nbegin\n  A: call Missing(1);",
        "Call of non-existent procedure Missing",
        "6:6",
    );
}

#[test]
fn wrong_number_of_arguments() {
    // pcal.trans: "Procedure P called with wrong number of arguments at line 7, column 6."
    fails(
        "Arity",
        "variables x = 0;\nprocedure P(a) begin P1: return; end procedure;\nbegin\n  A: call P(1, 2);",
        "Procedure P called with wrong number of arguments",
        "7:6",
    );
}

#[test]
fn syntax_error() {
    // pcal.trans: "Expected \";\" but found \":=\" line 7, column 8."
    fails(
        "Syntax",
        "variables x = 0;\nbegin\n  A: x := 1\n  B: x := 2;",
        "Expected \";\" but found \":=\"",
        "7:8",
    );
}

#[test]
fn label_defined_twice() {
    // pcal.trans: "Label A redefined at line 7, column 6."
    fails(
        "TwoLabels",
        "variables x = 0;\nbegin\n  A: x := 1;\n  A: x := 2;",
        "Label A redefined",
        "7:6",
    );
}

#[test]
fn no_algorithm() {
    let d = dir("none");
    let f = d.join("Plain.tla");
    std::fs::write(&f, "---- MODULE Plain ----\n====\n").unwrap();
    tlacheck()
        .arg("translate")
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Beginning of algorithm string --algorithm not found.",
        ));
}

/// `tlacheck parse` warns as SANY does (tla2tools.jar's `tla2sany.SANY Counter.tla` on the
/// same edits) when the algorithm or the translation changed since the translation.
#[test]
fn parse_warns_of_a_stale_translation() {
    let d = dir("stale");
    let f = d.join("Counter.tla");
    std::fs::write(&f, COUNTER_TRANSLATED).unwrap();
    tlacheck()
        .arg("parse")
        .arg(&f)
        .assert()
        .success()
        .stdout(predicate::str::contains("changed since").not());
    std::fs::write(&f, COUNTER_TRANSLATED.replacen("x < 2 do", "x < 3 do", 1)).unwrap();
    tlacheck()
        .arg("parse")
        .arg(&f)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "The PlusCal algorithm in module Counter has changed since its last translation.",
        ));
    std::fs::write(&f, COUNTER_TRANSLATED.replacen("IF x < 2", "IF x < 3", 1)).unwrap();
    tlacheck().arg("parse").arg(&f).assert().success().stdout(predicate::str::contains(
        "!! WARNING: The TLA+ translation in module Counter has changed since its last translation.",
    ));
    let both = COUNTER_TRANSLATED
        .replacen("IF x < 2", "IF x < 3", 1)
        .replacen("x < 2 do", "x < 3 do", 1);
    std::fs::write(&f, both).unwrap();
    tlacheck().arg("parse").arg(&f).assert().success().stdout(predicate::str::contains(
        "Both the PlusCal algorithm and its TLA+ translation in module Counter have changed since the last translation.",
    ));
}

#[test]
fn conformance_pcal_reports_exact_entries() {
    let d = dir("conf");
    std::fs::create_dir_all(d.join("Counter")).unwrap();
    std::fs::write(d.join("Counter/input.tla"), COUNTER).unwrap();
    // What `pcal.trans -nocfg Counter.tla` wrote (no fairness option: no WF conjunct).
    let expected = COUNTER_TRANSLATED
        .replace("chksum(tla) = \"e1630d33\"", "chksum(tla) = \"e37b2e12\"")
        .replace(
            "Spec == /\\ Init /\\ [][Next]_vars\n        /\\ WF_vars(Next)\n",
            "Spec == Init /\\ [][Next]_vars\n",
        );
    std::fs::write(d.join("Counter/expected.tla"), &expected).unwrap();
    std::fs::write(
        d.join("expected.json"),
        r#"[{"id": "Counter", "input": "Counter/input.tla", "expected": "Counter/expected.tla"}]"#,
    )
    .unwrap();
    tlacheck()
        .arg("conformance")
        .arg("--pcal")
        .arg(&d)
        .assert()
        .success()
        .stdout(predicate::str::contains("1/1 exact"));
    std::fs::write(
        d.join("Counter/expected.tla"),
        expected.replace("x' = x + 1", "x' = x + 2"),
    )
    .unwrap();
    tlacheck()
        .arg("conformance")
        .arg("--pcal")
        .arg(&d)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("0/1 exact"))
        .stdout(predicate::str::contains("Counter: differs"));
}

/// `check --translate` checks the fresh translation without writing it. The figures are TLC's
/// on pcal.trans's translation: `java -cp tla2tools.jar pcal.trans -nocfg UniAll.tla` then
/// `java -cp tla2tools.jar tlc2.TLC -workers 1 UniAll.tla` (with SPECIFICATION Spec): 24
/// states generated, 18 distinct, depth 5.
#[test]
fn check_translate_checks_the_fresh_translation() {
    let d = dir("checktr");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tla-pcal/tests/fixtures/UniAll.tla");
    let text = std::fs::read_to_string(src).unwrap();
    let f = d.join("UniAll.tla");
    std::fs::write(&f, &text).unwrap();
    std::fs::write(d.join("UniAll.cfg"), "SPECIFICATION Spec\n").unwrap();
    tlacheck()
        .arg("check")
        .arg(&f)
        .arg("--translate")
        .arg("--workers")
        .arg("1")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "24 states generated, 18 distinct states found, 0 states left on queue.",
        ))
        .stdout(predicate::str::contains(
            "The depth of the complete state graph search is 5.",
        ));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
}

/// `tlacheck tlc` of a spec whose algorithm changed since its translation prints SANY's
/// warning among the parsing lines, as TLC does. TLC's text (`java -cp tla2tools.jar
/// tlc2.TLC -workers 1 UniAll` with `x = 0` edited to `x = 1` in the algorithm): "Warnings
/// (1) during syntax parsing of UniAll:", two blank lines, "In module UniAll", a blank line,
/// the warning, three blank lines. `--translate` checks the fresh translation: no warning.
#[test]
fn check_warns_of_a_stale_translation_among_sany_s_lines() {
    let d = dir("checkstale");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tla-pcal/tests/fixtures/UniAll.expected.tla");
    let text = std::fs::read_to_string(src).unwrap();
    let f = d.join("UniAll.tla");
    std::fs::write(&f, text.replacen("variables x = 0", "variables x = 1", 1)).unwrap();
    std::fs::write(d.join("UniAll.cfg"), "INIT Init\nNEXT Next\n").unwrap();
    let block = "Warnings (1) during syntax parsing of UniAll:\n\n\nIn module UniAll\n\n\
                 The PlusCal algorithm in module UniAll has changed since its last translation.\n\n\n\n";
    tlacheck()
        .current_dir(&d)
        .args(["tlc", "-workers", "1", "UniAll"])
        .assert()
        .stdout(predicate::str::contains(block));
    tlacheck()
        .current_dir(&d)
        .args(["check", "UniAll.tla", "--translate", "--workers", "1"])
        .assert()
        .stdout(predicate::str::contains("changed since").not());
}

/// COUNTER_TRANSLATED with its algorithm counting to 3 and its translation left as it was
/// (to 2), and an invariant only the fresh translation breaks.
fn stale_counter(d: &std::path::Path) -> String {
    let text = COUNTER_TRANSLATED
        .replacen("x < 2 do", "x < 3 do", 1)
        .replacen("====\n", "Small == x <= 2\n====\n", 1);
    std::fs::write(d.join("Counter.tla"), &text).unwrap();
    std::fs::write(
        d.join("Counter.cfg"),
        "SPECIFICATION Spec\nINVARIANT Small\n",
    )
    .unwrap();
    text
}

fn verify(manifest: &std::path::Path) -> (i32, String) {
    let out = tlacheck().arg("verify").arg(manifest).output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// Without `translate`, verify checks the stale translation (Small holds) and says, in SANY's
/// words, that it is stale; with `translate = true` it checks the algorithm as it now is
/// (x reaches 3: Small violated), with no warning, and the file is left untouched.
#[test]
fn verify_warns_of_a_stale_translation_or_translates_in_memory() {
    let d = dir("verify-stale");
    let text = stale_counter(&d);
    let manifest = |suite_extra: &str, expect: &str| {
        let p = d.join("verify.toml");
        std::fs::write(
            &p,
            format!("[suite]\nname = \"t\"\nspecs = '{}'\n{suite_extra}\n[[check]]\nname = \"Counter\"\nspec = \"Counter.tla\"\nconfig = \"Counter.cfg\"\n{expect}", d.display()),
        )
        .unwrap();
        p
    };
    let warning = "The PlusCal algorithm in module Counter has changed since its last translation.";
    let (code, out) = verify(&manifest("", ""));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(warning), "{out}");
    let (code, out) = verify(&manifest(
        "translate = true\n",
        "expect = { violated = \"Small\" }\n",
    ));
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("changed since"), "{out}");
    // A check may ask for the translation itself.
    let (code, out) = verify(&manifest(
        "",
        "translate = true\nexpect = { violated = \"Small\" }\n",
    ));
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        std::fs::read_to_string(d.join("Counter.tla")).unwrap(),
        text
    );
}

/// A translation error makes the check one that cannot run, with the file's line and column.
#[test]
fn verify_translate_reports_a_translation_error() {
    let d = dir("verify-error");
    stale_counter(&d);
    let bad = std::fs::read_to_string(d.join("Counter.tla"))
        .unwrap()
        .replacen("x := x + 1;", "y := x + 1;", 1);
    std::fs::write(d.join("Counter.tla"), bad).unwrap();
    let p = d.join("verify.toml");
    std::fs::write(
        &p,
        format!("[suite]\nname = \"t\"\nspecs = '{}'\ntranslate = true\n[[check]]\nname = \"Counter\"\nspec = \"Counter.tla\"\nconfig = \"Counter.cfg\"\n", d.display()),
    )
    .unwrap();
    let (code, out) = verify(&p);
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("Counter.tla:7:"), "{out}");
}

/// As tla2tools.jar's SANY does (checked on these trees): a module reached by EXTENDS is
/// validated, one reached by INSTANCE alone is not.
#[test]
fn parse_and_check_warn_for_an_extended_module() {
    let d = dir("stale-extends");
    stale_counter(&d);
    std::fs::write(
        d.join("Main.tla"),
        "---- MODULE Main ----\nEXTENDS Counter\n====\n",
    )
    .unwrap();
    std::fs::write(d.join("Main.cfg"), "SPECIFICATION Spec\n").unwrap();
    std::fs::write(
        d.join("Inst.tla"),
        "---- MODULE Inst ----\nEXTENDS Naturals\nVARIABLES pc, x\nI == INSTANCE Counter\n====\n",
    )
    .unwrap();
    let warning = "The PlusCal algorithm in module Counter has changed since its last translation.";
    tlacheck()
        .arg("parse")
        .arg(d.join("Main.tla"))
        .assert()
        .success()
        .stdout(predicate::str::contains(warning));
    tlacheck()
        .arg("check")
        .arg(d.join("Main.tla"))
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "In module Counter\n\n{warning}"
        )));
    tlacheck()
        .arg("parse")
        .arg(d.join("Inst.tla"))
        .assert()
        .success()
        .stdout(predicate::str::contains("changed since").not());
    // check --translate translates the extended module too (named bare, from its folder):
    // x reaches 3 and Small is violated (TLC's exit 12).
    std::fs::write(d.join("Small.cfg"), "SPECIFICATION Spec\nINVARIANT Small\n").unwrap();
    tlacheck()
        .current_dir(&d)
        .args([
            "check",
            "Main.tla",
            "--config",
            "Small.cfg",
            "--translate",
            "--workers",
            "1",
        ])
        .assert()
        .code(12)
        .stdout(predicate::str::contains("Invariant Small is violated."));
}

/// The translation from the line on (the options line, where there is one, stays above it).
fn translation_part(text: &str) -> &str {
    &text[text.find("\\* BEGIN TRANSLATION").expect("a translation")..]
}

/// Each fairness and labelling option of pcal.trans given on the command line translates as
/// the same option in a `PlusCal options` line does (those are checked against pcal.trans in
/// tla-pcal's fixtures), with the Spec pcal.trans writes for it.
#[test]
fn command_line_options_translate_as_the_options_line() {
    // The Spec line pcal.trans (Version 1.12) writes for COUNTER with each option: on a
    // uniprocess algorithm -sf and -wfNext give WF_vars(Next), as -wf does.
    let fair = "Spec == /\\ Init /\\ [][Next]_vars\n        /\\ WF_vars(Next)\n";
    let unfair = "Spec == Init /\\ [][Next]_vars\n";
    let cases: &[(&[&str], &str, &str)] = &[
        (&["-wf"], "-wf", fair),
        (&["-sf"], "-sf", fair),
        (&["-wfNext"], "-wfNext", fair),
        (&["-nof"], "-nof", unfair),
        (&["-termination"], "-termination", fair),
        (
            &["-label", "-labelRoot", "Step"],
            "-label, -labelRoot Step",
            unfair,
        ),
    ];
    for (i, (args, line, has)) in cases.iter().enumerate() {
        let d = dir(&format!("opts{i}"));
        let cli = d.join("Counter.tla");
        std::fs::write(&cli, COUNTER).unwrap();
        let mut cmd = tlacheck();
        cmd.arg("translate").arg(&cli).arg("-nocfg").args(*args);
        cmd.assert().success();
        let inline = d.join("Inline.tla");
        let text = COUNTER.replace("MODULE Counter", "MODULE Inline").replacen(
            "(* --algorithm",
            &format!("(* PlusCal options ({line}) *)\n(* --algorithm"),
            1,
        );
        std::fs::write(&inline, text).unwrap();
        tlacheck()
            .arg("translate")
            .arg(&inline)
            .arg("-nocfg")
            .assert()
            .success();
        let a = std::fs::read_to_string(&cli).unwrap();
        let b = std::fs::read_to_string(&inline).unwrap();
        assert_eq!(translation_part(&a), translation_part(&b), "{args:?}");
        assert!(translation_part(&a).contains(has), "{args:?}:\n{a}");
        // -nocfg: no .cfg written.
        assert!(!d.join("Counter.cfg").exists(), "{args:?}");
    }
}
