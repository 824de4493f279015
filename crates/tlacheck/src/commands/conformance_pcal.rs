//! `tlacheck conformance --pcal DIR`: every PlusCal spec of DIR (its expected.json: `input`,
//! `expected` or null when pcal.trans refused it) translated and compared byte for byte with
//! what pcal.trans wrote, blank lines at the end of the file aside. Prints "N/M exact".

use serde_json::Value as Json;
use std::path::Path;

fn trim_end(s: &str) -> &str {
    s.trim_end_matches(['\n', '\r', ' '])
}

pub fn run(dir: &Path, filter: Option<&str>, out: Option<&Path>) -> u8 {
    let path = dir.join("expected.json");
    let entries: Vec<Json> = match std::fs::read_to_string(&path).map(|t| serde_json::from_str(&t))
    {
        Ok(Ok(Json::Array(a))) => a,
        Ok(_) => {
            eprintln!("{}: not a JSON array", path.display());
            return 2;
        }
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return 2;
        }
    };
    let opts = tla_pcal::Options {
        nocfg: true,
        ..Default::default()
    };
    let (mut exact, mut total) = (0, 0);
    let mut report = String::from("| spec | result |\n|---|---|\n");
    for e in &entries {
        let id = e["id"].as_str().unwrap_or("");
        if filter.is_some_and(|f| !id.contains(f)) {
            continue;
        }
        total += 1;
        let Some(input) = e["input"].as_str() else {
            continue;
        };
        let text = match std::fs::read_to_string(dir.join(input)) {
            Ok(t) => t,
            Err(err) => {
                report += &format!("| {id} | unreadable: {err} |\n");
                continue;
            }
        };
        let got = tla_pcal::translate(&text, &opts, None);
        let verdict = match (got, e["expected"].as_str()) {
            (Err(_), None) => None,
            (Ok(_), None) => Some("translated, but pcal.trans refused it".to_string()),
            (Err(err), Some(_)) => Some(format!("error: {}", err.msg.lines().next().unwrap_or(""))),
            (Ok(t), Some(exp)) => match std::fs::read_to_string(dir.join(exp)) {
                Ok(want) if trim_end(&want) == trim_end(&t.text) => None,
                Ok(want) => {
                    let line = want
                        .lines()
                        .zip(t.text.lines())
                        .position(|(a, b)| a != b)
                        .map_or(0, |i| i + 1);
                    Some(format!("differs from line {line}"))
                }
                Err(err) => Some(format!("expected file unreadable: {err}")),
            },
        };
        match verdict {
            None => {
                exact += 1;
                report += &format!("| {id} | exact |\n");
            }
            Some(v) => {
                println!("  {id}: {v}");
                report += &format!("| {id} | {v} |\n");
            }
        }
    }
    let summary = format!("{exact}/{total} exact");
    println!("{summary}");
    if let Some(o) = out {
        let text = format!(
            "# PlusCal translations\n\n{summary} (`tlacheck conformance --pcal {}`)\n\n{report}",
            dir.display()
        );
        if let Err(err) = std::fs::write(o, text) {
            eprintln!("{}: {err}", o.display());
            return 2;
        }
    }
    if exact == total {
        0
    } else {
        1
    }
}
