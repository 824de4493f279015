//! Every PlusCal spec of ../shared/pcal through the translator, compared byte for byte with
//! what pcal.trans wrote (blank lines at the very end aside); the one pcal.trans refuses must
//! be refused. Skipped when ../shared is absent. `PCAL_OUT=dir` writes our outputs there.

use std::path::{Path, PathBuf};

/// The number of entries translated exactly today: the test fails if it drops.
const FLOOR: usize = 104;

fn shared() -> Option<PathBuf> {
    // The worktree's sibling `shared` folder (../shared), as the other test suites find it.
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        here.join("../../../shared/pcal"),
        here.join("../../../../shared/pcal"),
    ]
    .into_iter()
    .find(|d| d.join("expected.json").exists())
}

fn trim_end(s: &str) -> &str {
    s.trim_end_matches(['\n', '\r', ' '])
}

/// Pulls `"key": value` strings out of expected.json without a JSON dependency.
fn entries(json: &str) -> Vec<(String, String, Option<String>)> {
    let mut out = Vec::new();
    for obj in json.split("\"id\"").skip(1) {
        let get = |k: &str| -> Option<String> {
            let i = obj.find(&format!("\"{k}\""))?;
            let rest = &obj[i + k.len() + 2..];
            let rest = rest.trim_start().strip_prefix(':')?.trim_start();
            if rest.starts_with("null") {
                return None;
            }
            let rest = rest.strip_prefix('"')?;
            Some(rest[..rest.find('"')?].to_string())
        };
        let id = obj
            .trim_start()
            .strip_prefix(':')
            .and_then(|r| r.trim_start().strip_prefix('"'))
            .map(|r| r[..r.find('"').unwrap()].to_string());
        if let (Some(id), Some(input)) = (id, get("input")) {
            out.push((id, input, get("expected")));
        }
    }
    out
}

#[test]
fn pcal_conformance() {
    let Some(dir) = shared() else {
        eprintln!("note: ../shared/pcal absent, conformance skipped");
        return;
    };
    let json = std::fs::read_to_string(dir.join("expected.json")).unwrap();
    let list = entries(&json);
    let out_dir = std::env::var_os("PCAL_OUT").map(PathBuf::from);
    let mut exact = 0;
    let mut misses = Vec::new();
    for (id, input, expected) in &list {
        let text = std::fs::read_to_string(dir.join(input)).unwrap();
        let got = std::panic::catch_unwind(|| {
            tla_pcal::translate(
                &text,
                &tla_pcal::Options {
                    nocfg: true,
                    ..Default::default()
                },
                None,
            )
        });
        let ok = match (&got, expected) {
            (Ok(Ok(t)), Some(e)) => {
                let want = std::fs::read_to_string(dir.join(e)).unwrap();
                if let Some(o) = &out_dir {
                    std::fs::write(o.join(format!("{id}.tla")), &t.text).unwrap();
                }
                trim_end(&t.text) == trim_end(&want)
            }
            (Ok(Err(_)), None) => true,
            (Ok(Err(e)), Some(_)) => {
                misses.push(format!(
                    "{id}: error {}",
                    e.msg.lines().next().unwrap_or("")
                ));
                continue;
            }
            (Err(_), _) => {
                misses.push(format!("{id}: panic"));
                continue;
            }
            (Ok(Ok(_)), None) => false,
        };
        if ok {
            exact += 1;
        } else {
            misses.push(format!("{id}: differs"));
        }
    }
    eprintln!("{exact}/{} exact", list.len());
    for m in &misses {
        eprintln!("  {m}");
    }
    assert!(
        exact >= FLOOR,
        "{exact}/{} exact, below the floor {FLOOR}",
        list.len()
    );
}
