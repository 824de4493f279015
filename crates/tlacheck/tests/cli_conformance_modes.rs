//! `tlacheck conformance --translate` and `--compare-workers`, each on a few quick corpus
//! models (the whole runs are made outside CI; docs/CONFORMANCE.md). Skipped with a note when
//! ../shared/corpus is absent.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn conformance(corpus: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tlacheck"))
        .arg("conformance")
        .arg("--corpus")
        .arg(corpus)
        .args(["--jobs", "1"])
        .args(args)
        .output()
        .expect("run tlacheck conformance")
}

/// The report's row for model `id`.
fn row<'a>(out: &'a Output, id: &str) -> &'a str {
    let text = std::str::from_utf8(&out.stdout).expect("UTF-8");
    (text.lines())
        .find(|l| l.starts_with(&format!("| {id} |")))
        .unwrap_or_else(|| panic!("no row for {id}:\n{text}"))
}

#[test]
fn translate_checks_a_finished_model_with_our_translation_against_tlc() {
    let Some(corpus) = common::shared_corpus() else {
        eprintln!("note: ../shared/corpus absent, skipped");
        return;
    };
    // TLC: 723 distinct states, 1842 generated, depth 11 (expected.json). SimpleRegular
    // matches the filter too but TLC took 10 s, above the limit: not run.
    let out = conformance(
        &corpus,
        &[
            "--translate",
            "--filter",
            "TeachingConcurrency__Simple",
            "--max-tlc-seconds",
            "5",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let r = row(&out, "TeachingConcurrency__Simple");
    assert!(
        r.contains("| 723 / 1842 / 11 | 723 / 1842 / 11 |") && r.ends_with("| exact |"),
        "{r}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("SimpleRegular"));
}

#[test]
fn translate_compares_the_translation_of_a_model_tlc_did_not_finish() {
    let Some(corpus) = common::shared_corpus() else {
        eprintln!("note: ../shared/corpus absent, skipped");
        return;
    };
    // TLCSailfish2 (TLC: timeout) ships the translation pcal.trans writes today.
    let out = conformance(&corpus, &["--translate", "--filter", "TLCSailfish2"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let r = row(&out, "dag-consensus__TLCSailfish2");
    assert!(r.contains("| translation equal | exact |"), "{r}");
    // SlushLarge ships an older translator's: `pc` declared last. Both versions are checked
    // to the same level and give the same results.
    let out = conformance(
        &corpus,
        &[
            "--translate",
            "--filter",
            "SlushLarge",
            "--bound-seconds",
            "0.3",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let r = row(&out, "SlushProtocol__SlushLarge");
    assert!(
        r.contains("translation differs (Slush.tla: 2 line(s): variables in another order); both checked to level")
            && r.ends_with("| exact |"),
        "{r}"
    );
}

#[test]
fn compare_workers_runs_each_model_at_each_count() {
    let Some(corpus) = common::shared_corpus() else {
        eprintln!("note: ../shared/corpus absent, skipped");
        return;
    };
    let out = conformance(
        &corpus,
        &["--compare-workers", "1,2,3", "--filter", "echo__MCEcho"],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("worker counts 1,2,3: 1/1 models identical"),
        "{err}"
    );
    // A bad count is refused by the command line.
    let out = conformance(&corpus, &["--compare-workers", "1,0"]);
    assert_eq!(out.status.code(), Some(2));
}
