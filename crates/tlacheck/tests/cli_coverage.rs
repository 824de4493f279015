//! `tlacheck verify`'s coverage manifest and action map, on a copy of the fixture's
//! src/lease.rs. The expected hashes were computed outside this project with `sha256sum`
//! over the entry's lines as the rule defines them (function: its doc-comment and attribute
//! lines directly above, the declaration line, through the closing brace's line; region: the
//! lines strictly between the anchors; each line ended by `\n`).

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// `sed -n 7,14p src/lease.rs | sha256sum`: the `///` line through the closing brace.
const CLAIM_SHA: &str = "83bfc5c1487b96e82a02e3a23476d982d4c47b35782d86eb288723db8c915869";
const RELEASE_SHA: &str = "a328a3030f71b0285d8101cab017bf8bb8d3fba61e7d1b421dc6710fdfda11c3";

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suite")
}

/// A repository with src/lease.rs and a manifest whose coverage section is `coverage`.
fn repo(coverage: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::copy(
        fixture().join("src/lease.rs"),
        dir.path().join("src/lease.rs"),
    )
    .unwrap();
    let text = format!(
        "[suite]\nname = \"t\"\nspecs = '{}'\n\n[[check]]\nname = \"Counter\"\nspec = \"Counter.tla\"\n\n{coverage}",
        fixture().join("specs").display()
    );
    let path = dir.path().join("verify.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

fn verify(manifest: &Path, extra: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("tlacheck")
        .unwrap()
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

fn entries(claim_sha: &str, release_sha: &str) -> String {
    format!(
        "[coverage]\nsync_commit = \"0000000\"\n\n[[coverage.entry]]\nfile = \"src/lease.rs\"\nfunction = \"claim_lease\"\naction = \"Inc\"\nsha256 = \"{claim_sha}\"\n\n[[coverage.entry]]\nfile = \"src/lease.rs\"\nfrom = \"// tla: release begins\"\nto = \"// tla: release ends\"\naction = \"Reset\"\nsha256 = \"{release_sha}\"   # the region's hash\n"
    )
}

#[test]
fn unchanged_code_holds() {
    let (_d, m) = repo(&entries(CLAIM_SHA, RELEASE_SHA));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("src/lease.rs claim_lease (action Inc): unchanged"),
        "{out}"
    );
}

#[test]
fn changed_code_exits_1_naming_the_entry() {
    let (d, m) = repo(&entries(CLAIM_SHA, RELEASE_SHA));
    let src = d.path().join("src/lease.rs");
    let text = std::fs::read_to_string(&src)
        .unwrap()
        .replace("/// Claims the lease", "/// Takes the lease");
    std::fs::write(&src, text).unwrap();
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "the doc comment is part of the function: {out}");

    let (d, m) = repo(&entries(CLAIM_SHA, RELEASE_SHA));
    let src = d.path().join("src/lease.rs");
    let text = std::fs::read_to_string(&src)
        .unwrap()
        .replace("Some(who)", "Some(who + 1)");
    std::fs::write(&src, text).unwrap();
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("covered code changed: src/lease.rs claim_lease (action Inc)"),
        "{out}"
    );
    assert!(out.contains("tlacheck verify --update-coverage"), "{out}");
    assert!(out.contains("(action Reset): unchanged"), "{out}");
}

#[test]
fn a_change_outside_the_entries_holds() {
    let (d, m) = repo(&entries(CLAIM_SHA, RELEASE_SHA));
    let src = d.path().join("src/lease.rs");
    let text = std::fs::read_to_string(&src)
        .unwrap()
        .replace("//! A stand-in", "//! A copy of a stand-in")
        + "\nfn other() {}\n";
    std::fs::write(&src, text.replace('\n', "\r\n")).unwrap();
    let (code, out) = verify(&m, &[]);
    assert_eq!(
        code, 0,
        "CRLF endings and edits outside the entries change no hash: {out}"
    );
}

#[test]
fn an_unknown_action_exits_1_naming_both_sides() {
    let (_d, m) =
        repo(&entries(CLAIM_SHA, RELEASE_SHA).replace("action = \"Inc\"", "action = \"Claim\""));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("action map: src/lease.rs claim_lease names action Claim, which is not defined in Counter.tla"), "{out}");
}

#[test]
fn a_missing_function_exits_1_naming_both_sides() {
    let (_d, m) = repo(&entries(CLAIM_SHA, RELEASE_SHA).replace("\"claim_lease\"", "\"claim\""));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "action map: action Inc maps to src/lease.rs claim, which is not in src/lease.rs"
        ),
        "{out}"
    );
}

#[test]
fn an_anchor_not_matching_once_exits_2_with_its_position() {
    let (_d, m) =
        repo(&entries(CLAIM_SHA, RELEASE_SHA).replace("// tla: release ends", "lease.holder"));
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("verify.toml:21:6: anchor \"lease.holder\" matches 3 times in src/lease.rs"),
        "{out}"
    );
}

#[test]
fn update_coverage_rewrites_hashes_and_sync_commit_in_place() {
    let (d, m) = repo(&format!("# Reviewed code.\n{}", entries("stale", "stale")));
    let git = |args: &[&str]| {
        let ok = std::process::Command::new("git")
            .arg("-C")
            .arg(d.path())
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .output()
            .unwrap();
        assert!(ok.status.success(), "{ok:?}");
        String::from_utf8_lossy(&ok.stdout).trim().to_string()
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-qm", "initial"]);
    let head = git(&["rev-parse", "HEAD"]);
    assert_eq!(verify(&m, &[]).0, 1);
    let (code, out) = verify(&m, &["--update-coverage"]);
    assert_eq!(code, 0, "{out}");
    let text = std::fs::read_to_string(&m).unwrap();
    assert!(
        text.contains(&format!("sync_commit = \"{head}\"")),
        "{text}"
    );
    assert!(
        text.contains(&format!("sha256 = \"{CLAIM_SHA}\"\n")),
        "{text}"
    );
    assert!(
        text.contains(&format!("sha256 = \"{RELEASE_SHA}\"   # the region's hash")),
        "{text}"
    );
    assert!(text.contains("# Reviewed code.\n[coverage]"), "{text}");
    assert!(
        text.find("claim_lease") < text.find("release begins"),
        "order kept: {text}"
    );
    let (code, out) = verify(&m, &[]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn update_coverage_refuses_while_the_map_is_wrong() {
    let body = entries("stale", "stale").replace("action = \"Inc\"", "action = \"Claim\"");
    let (_d, m) = repo(&body);
    let before = std::fs::read_to_string(&m).unwrap();
    let (code, out) = verify(&m, &["--update-coverage"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "cannot update coverage: action map: src/lease.rs claim_lease names action Claim"
        ),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(&m).unwrap(),
        before,
        "the manifest is not written"
    );
}
