//! Every model of the conformance corpus (`shared/corpus`, see its README) parses as SANY
//! parsed it when TLC ran it: exit 0 when TLC got past parsing, exit 2 with TLC's reasons when
//! TLC reported a parse error. Every community module parses too.
//!
//! The corpus is found at `TLACHECK_CORPUS` or next to the workspace (`../shared/corpus`);
//! without it the test prints a note and passes.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("TLACHECK_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus"
        )),
    };
    dir.join("expected.json").is_file().then_some(dir)
}

struct Run {
    code: Option<i32>,
    stderr: String,
}

fn parse(dir: &Path, args: &[&str]) -> Run {
    let out = Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(dir)
        .env_remove("TLACHECK_LIBRARY")
        .arg("parse")
        .args(args)
        .output()
        .expect("run tlacheck");
    Run {
        code: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The lines of TLC's output that state why parsing failed (not its counts and banners).
fn reasons(error_lines: &[serde_json::Value]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in error_lines.iter().filter_map(|v| v.as_str()) {
        let l = l.trim();
        let banner = l.is_empty()
            || l.starts_with("***")
            || l == "Semantic errors:"
            || l.starts_with("Error: Parsing or semantic analysis failed")
            || l.starts_with("Parsing or semantic analysis failed");
        if !banner && !out.iter().any(|o| o == l) {
            out.push(l.to_string());
        }
    }
    out
}

#[test]
fn corpus_models_parse_as_tlc_parsed_them() {
    let Some(corpus) = corpus_dir() else {
        println!("corpus parse: skipped, no corpus (set TLACHECK_CORPUS or add ../shared/corpus)");
        return;
    };
    let text = std::fs::read_to_string(corpus.join("expected.json")).unwrap();
    let models: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let started = std::time::Instant::now();
    let mut failures: Vec<String> = Vec::new();
    let (mut ok, mut total, mut errs_ok, mut errs_total) = (0, 0, 0, 0);

    for m in &models {
        let id = m["id"].as_str().unwrap_or("?");
        let folder = corpus.join(m["folder"].as_str().expect("folder"));
        let root = format!("{}.tla", m["root_module"].as_str().expect("root_module"));
        let tlc = &m["tlc"];
        let run = parse(
            &folder,
            &[
                &root,
                "--library",
                "../_community",
                "--library",
                "../_tlapm",
            ],
        );
        if run.stderr.contains("panicked") {
            failures.push(format!("{id}: panicked:\n{}", run.stderr));
            continue;
        }
        if tlc["outcome"].as_str() == Some("parse error") {
            errs_total += 1;
            let lines = tlc["error_lines"].as_array().cloned().unwrap_or_default();
            let missing: Vec<String> = reasons(&lines)
                .into_iter()
                .filter(|r| !run.stderr.contains(r.as_str()))
                .collect();
            if run.code == Some(2) && missing.is_empty() {
                errs_ok += 1;
            } else {
                failures.push(format!(
                    "{id}: TLC failed to parse it; expected exit 2 with {missing:?}, got {:?}:\n{}",
                    run.code, run.stderr
                ));
            }
        } else {
            total += 1;
            if run.code == Some(0) {
                ok += 1;
            } else {
                failures.push(format!(
                    "{id}: TLC parsed it ({}), got exit {:?}:\n{}",
                    tlc["outcome"], run.code, run.stderr
                ));
            }
        }
    }

    let community = corpus.join("_community");
    let (mut lib_ok, mut lib_total) = (0, 0);
    if community.is_dir() {
        let mut names: Vec<String> = std::fs::read_dir(&community)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tla"))
            .collect();
        names.sort();
        for name in names {
            lib_total += 1;
            let run = parse(&community, &[&name]);
            if run.code == Some(0) {
                lib_ok += 1;
            } else {
                failures.push(format!(
                    "community module {name}: exit {:?}:\n{}",
                    run.code, run.stderr
                ));
            }
        }
    }

    println!(
        "corpus parse: {ok}/{total} models ok, {errs_ok}/{errs_total} parse errors reproduced, {lib_ok}/{lib_total} community modules ok ({:.1}s)",
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
