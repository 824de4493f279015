//! The runner with a fake executor: results come back in item order whatever order the
//! parallel runs finish in, and each expectation is judged from the figures.

use std::path::{Path, PathBuf};
use std::time::Duration;
use tla_suite::exec::{Executor, RunRequest, RunResult, Summary};
use tla_suite::manifest;
use tla_suite::runner::{self, Selection, Status};

/// Answers by the .cfg's file name; sleeps longer for earlier items so they finish last.
struct Fake;

impl Executor for Fake {
    fn run(&self, req: &RunRequest) -> RunResult {
        let name = req
            .config
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let (outcome, violated, wait) = match name.as_str() {
            "A.cfg" => ("success", None, 60),
            "B.cfg" => ("safety failure", Some("Inv"), 30),
            _ => ("success", None, 0),
        };
        std::thread::sleep(Duration::from_millis(wait));
        RunResult::Finished(Summary {
            outcome: outcome.into(),
            violated: violated.map(String::from),
            trace_len: violated.map(|_| 3),
            ..Summary::default()
        })
    }
}

const MANIFEST: &str = r#"
[suite]
name = "fake"

[[check]]
name = "A"
spec = "A.tla"

[[check]]
name = "B"
spec = "B.tla"
expect = { violated = "Inv" }

[[check]]
name = "C"
spec = "C.tla"
tier = "nightly"

[[finding]]
name = "F"
check = "A"
violated = "Inv"
"#;

#[test]
fn verdicts_in_manifest_order_from_parallel_runs() {
    let m = manifest::parse(Path::new("verify.toml"), MANIFEST).unwrap();
    let items = runner::plan(
        &m,
        &Selection {
            tier: None,
            ..Selection::default()
        },
    );
    let out = runner::run(items, &Fake, None, 4);
    let got: Vec<(&str, Status)> = out
        .iter()
        .map(|o| (o.item.name.as_str(), o.status))
        .collect();
    assert_eq!(
        got,
        [
            ("A", Status::Held),
            ("B", Status::Held),
            ("C", Status::Held),
            ("F", Status::Failed)
        ]
    );
    assert_eq!(
        out[3].message,
        "F no longer reproduces: move it to the checks"
    );
    assert_eq!(runner::exit_code(out.iter().map(|o| o.status)), 1);
}

#[test]
fn the_ci_tier_is_the_default_selection() {
    let m = manifest::parse(Path::new("verify.toml"), MANIFEST).unwrap();
    let sel = Selection {
        tier: Some(manifest::Tier::Ci),
        ..Selection::default()
    };
    let names: Vec<String> = runner::plan(&m, &sel).into_iter().map(|i| i.name).collect();
    assert_eq!(names, ["A", "B", "F"]);
}

#[test]
fn could_not_run_outranks_failed() {
    assert_eq!(
        runner::exit_code([Status::Held, Status::Failed, Status::CouldNotRun]),
        2
    );
    assert_eq!(runner::exit_code([Status::Held, Status::Held]), 0);
    assert_eq!(runner::exit_code([]), 0);
}

/// Rejects `bad.ndjson` at step 4 (its line 5), accepts the rest.
struct FakeTraces;

impl runner::TraceValidator for FakeTraces {
    fn validate(
        &self,
        _: &RunRequest,
        traces: &[PathBuf],
    ) -> Result<Option<runner::TraceRejection>, String> {
        let bad = traces
            .iter()
            .any(|t| t.file_name().unwrap() == "bad.ndjson");
        Ok(bad.then(|| runner::TraceRejection {
            step: 4,
            file: "bad.ndjson".into(),
            line: 5,
        }))
    }
}

#[test]
fn traces_are_judged_by_the_validator_and_cannot_run_without_one() {
    let text = r#"
[suite]
name = "t"
[[trace]]
spec = "S.tla"
file = "good.ndjson"
[[trace]]
spec = "S.tla"
file = "bad.ndjson"
expect = { rejected_at = 4 }
[[trace]]
spec = "S.tla"
file = "bad.ndjson"
expect = { rejected_at = 2 }
[[trace]]
spec = "S.tla"
file = "bad.ndjson"
"#;
    let m = manifest::parse(Path::new("verify.toml"), text).unwrap();
    let items = runner::plan(&m, &Selection::default());
    let out = runner::run(items.clone(), &Fake, Some(&FakeTraces), 1);
    let got: Vec<(Status, &str)> = out.iter().map(|o| (o.status, o.message.as_str())).collect();
    assert_eq!(
        got,
        [
            (Status::Held, "accepted"),
            (Status::Held, "rejected at step 4, as expected"),
            // A failure names the event's file and line, for the reader to open.
            (
                Status::Failed,
                "rejected at step 4 (bad.ndjson:5), expected at step 2"
            ),
            (Status::Failed, "rejected at step 4 (bad.ndjson:5)"),
        ]
    );
    let out = runner::run(items, &Fake, None, 1);
    assert!(out.iter().all(|o| o.status == Status::CouldNotRun));
}

/// `files = [...]`: one log per process, all passed to the validator as one item named by its
/// files; an entry must name `file` or `files`, not both, not neither.
#[test]
fn a_trace_of_several_logs_is_one_item_with_every_file() {
    struct Seen;
    impl runner::TraceValidator for Seen {
        fn validate(
            &self,
            _: &RunRequest,
            traces: &[PathBuf],
        ) -> Result<Option<runner::TraceRejection>, String> {
            let names: Vec<_> = traces.iter().map(|t| t.display().to_string()).collect();
            assert_eq!(names, ["logs/a.ndjson", "logs/b.ndjson"]);
            Ok(None)
        }
    }
    let text = r#"
[suite]
name = "t"
[[trace]]
spec = "S.tla"
files = ["a.ndjson", "b.ndjson"]
"#;
    let m = manifest::parse(Path::new("logs/verify.toml"), text).unwrap();
    let items = runner::plan(&m, &Selection::default());
    assert_eq!(items[0].name, "a.ndjson + b.ndjson");
    let out = runner::run(items, &Fake, Some(&Seen), 1);
    assert_eq!(out[0].status, Status::Held);
    for (entry, message) in [
        (
            "file = \"a.ndjson\"\nfiles = [\"b.ndjson\"]",
            "verify.toml:6:9: a [[trace]] has file (one log) or files (one log per process), not both",
        ),
        ("files = []", "verify.toml:5:9: files must name at least one log"),
        ("", "verify.toml:4:8: a [[trace]] names its log"),
    ] {
        let text = format!("[suite]\nname = \"t\"\n[[trace]]\nspec = \"S.tla\"\n{entry}\n");
        let e = manifest::parse(Path::new("verify.toml"), &text).unwrap_err();
        assert!(e.message.starts_with(message), "{}", e.message);
    }
}
