//! The stale-translation test SANY makes (pcal.trans's Validator): the checksums on the
//! BEGIN TRANSLATION line against the algorithm and the translation. Each case was checked
//! with `java -cp tla2tools.jar tla2sany.SANY Counter.tla`, which warns the same way.

use std::path::Path;

fn fixture(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::read_to_string(dir.join(format!("{name}.expected.tla"))).unwrap()
}

fn counter() -> String {
    fixture("FairAlg")
}

#[test]
fn fresh_translation_is_not_stale() {
    let s = tla_pcal::stale_translation(&counter()).unwrap();
    assert_eq!(s, tla_pcal::Stale::default());
    assert_eq!(s.warning("FairAlg"), None);
}

#[test]
fn changed_algorithm_is_noticed() {
    let t = fixture("Renames").replacen("a: x := x + loc;", "a: x := x + loc + 1;", 1);
    let s = tla_pcal::stale_translation(&t).unwrap();
    assert!(s.pcal_changed && !s.tla_changed, "{s:?}");
    assert_eq!(
        s.warning("Renames").unwrap(),
        "The PlusCal algorithm in module Renames has changed since its last translation."
    );
}

/// A `--fair algorithm`'s PlusCal checksum is that of the word "fair" (pcal.trans checksums
/// `foundFairBegin ? "fair" : "" + ast`), so a change to it goes unnoticed, in SANY too.
#[test]
fn fair_algorithm_change_goes_unnoticed() {
    let t = counter().replacen("x < 5 do", "x < 6 do", 1);
    let s = tla_pcal::stale_translation(&t).unwrap();
    assert!(!s.pcal_changed && !s.tla_changed, "{s:?}");
}

#[test]
fn changed_translation_is_noticed() {
    let t = counter().replacen("IF x < 5", "IF x < 6", 1);
    let s = tla_pcal::stale_translation(&t).unwrap();
    assert!(!s.pcal_changed && s.tla_changed, "{s:?}");
    assert_eq!(
        s.warning("FairAlg").unwrap(),
        "!! WARNING: The TLA+ translation in module FairAlg has changed since its last translation."
    );
}

#[test]
fn no_checksums_no_verdict() {
    let t = counter().replace("(chksum(pcal) = ", "(x = ");
    assert_eq!(tla_pcal::stale_translation(&t), None);
}

/// SANY's two verdicts on TLC's regression models, checked with `java -cp tla2tools.jar
/// tla2sany.SANY F.tla`: FastMutex's algorithm changed since its translation, Euclid2's did
/// not (uncommenting Euclid2's algorithm once panicked the checksum reading). Every other
/// PlusCal file of ../shared/tlcregress and ../shared/corpus is read without a panic.
#[test]
fn regression_models_are_read_as_sany_reads_them() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    if !shared.join("tlcregress").is_dir() {
        eprintln!("skipped: ../shared/tlcregress is absent");
        return;
    }
    let read = |rel: &str| std::fs::read_to_string(shared.join(rel)).unwrap();
    let fm = tla_pcal::stale_translation(&read("tlcregress/FastMutexTest/FastMutex.tla")).unwrap();
    assert!(fm.pcal_changed && !fm.tla_changed, "{fm:?}");
    let e2 = tla_pcal::stale_translation(&read("tlcregress/Euclid2Test/Euclid2.tla"));
    assert!(
        e2.as_ref().is_none_or(|s| s.warning("Euclid2").is_none()),
        "{e2:?}"
    );
    for folder in ["tlcregress", "corpus"] {
        for model in std::fs::read_dir(shared.join(folder)).unwrap().flatten() {
            for f in std::fs::read_dir(model.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                if f.path().extension().is_some_and(|e| e == "tla") {
                    let text = std::fs::read_to_string(f.path()).unwrap_or_default();
                    let _ = tla_pcal::stale_translation(&text);
                }
            }
        }
    }
}
