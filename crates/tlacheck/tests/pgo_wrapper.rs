//! `pgo/rustc-wrapper.sh`, Cargo's workspace wrapper: which compilations get the recorded
//! profile. Run against a stand-in compiler that prints the arguments it was given.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The wrapper copied into `dir` (it finds the profile beside itself), with a stand-in
/// compiler whose LLVM is `llvm`.
fn setup(dir: &Path, llvm: &str, recorded_llvm: Option<&str>, profile: bool) -> (PathBuf, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../pgo/rustc-wrapper.sh");
    let wrapper = dir.join("rustc-wrapper.sh");
    std::fs::copy(&src, &wrapper).expect("copy the wrapper");
    if profile {
        std::fs::write(dir.join("tlacheck.profdata"), b"counts").unwrap();
    }
    if let Some(v) = recorded_llvm {
        std::fs::write(dir.join("llvm-version"), format!("{v}\n")).unwrap();
    }
    let rustc = dir.join("fake-rustc");
    std::fs::write(
        &rustc,
        format!(
            "#!/bin/sh\nif [ \"$1\" = -vV ]; then echo 'rustc 1.0.0'; echo 'LLVM version: {llvm}'; exit 0; fi\necho \"$@\"\n"
        ),
    )
    .unwrap();
    make_executable(&rustc);
    (wrapper, rustc)
}

fn make_executable(p: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The arguments the stand-in compiler received, with `TLACHECK_PGO` set to `mode`.
fn compile(wrapper: &Path, rustc: &Path, args: &[&str], mode: Option<&str>) -> String {
    let mut cmd = Command::new("sh");
    cmd.arg(wrapper).arg(rustc).args(args);
    cmd.env_remove("TLACHECK_PGO");
    if let Some(m) = mode {
        cmd.env("TLACHECK_PGO", m);
    }
    let out = cmd.output().expect("run the wrapper");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

const OPTIMIZED: &[&str] = &[
    "--crate-name",
    "tla_eval",
    "--crate-type",
    "lib",
    "-C",
    "opt-level=3",
    "-C",
    "metadata=5f3a9c0e1d2b4a68",
];

/// What an optimized build of `OPTIMIZED` passes on: Cargo's metadata (derived from the
/// checkout's path) replaced by the crate's name and type.
const PASSED: &str =
    "--crate-name tla_eval --crate-type lib -C opt-level=3 -C metadata=tlacheck-tla_eval-lib";

/// The path the wrapper maps to `/tlacheck`: the folder holding its own.
fn remap(dir: &Path) -> String {
    let root = dir.canonicalize().unwrap().parent().unwrap().to_path_buf();
    format!("--remap-path-prefix={}=/tlacheck", root.display())
}

#[test]
fn optimized_builds_use_the_profile_recorded_by_the_same_llvm() {
    let dir = tempfile::tempdir().unwrap();
    let (wrapper, rustc) = setup(dir.path(), "22.1.2", Some("22.1.2"), true);
    let profile = dir.path().canonicalize().unwrap().join("tlacheck.profdata");
    assert_eq!(
        compile(&wrapper, &rustc, OPTIMIZED, None),
        format!(
            "{PASSED} {} -Cprofile-use={}",
            remap(dir.path()),
            profile.display()
        )
    );
    // Debug and test builds are compiled as they are.
    let debug = ["--crate-name", "tla_eval", "-C", "opt-level=1"];
    assert_eq!(
        compile(&wrapper, &rustc, &debug, None),
        "--crate-name tla_eval -C opt-level=1"
    );
    assert_eq!(compile(&wrapper, &rustc, OPTIMIZED, Some("off")), PASSED);
}

#[test]
fn the_symbols_do_not_depend_on_the_checkout() {
    // Two checkouts: Cargo gives each crate another metadata value in each.
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (w1, r1) = setup(one.path(), "22.1.2", Some("22.1.2"), true);
    let (w2, r2) = setup(two.path(), "22.1.2", Some("22.1.2"), true);
    let mut other = OPTIMIZED.to_vec();
    other[7] = "metadata=0b8e77d1c4f2a930";
    let first = compile(&w1, &r1, OPTIMIZED, Some("record:/tmp/raw"));
    let second = compile(&w2, &r2, &other, Some("record:/tmp/raw"));
    assert_eq!(
        first.replace(&remap(one.path()), "R"),
        second.replace(&remap(two.path()), "R")
    );
    assert!(first.contains("metadata=tlacheck-tla_eval-lib"), "{first}");
}

#[test]
fn another_llvm_or_no_profile_builds_without_it() {
    // (the compiler's LLVM, the one recorded, whether the profile is there)
    let cases = [
        ("23.0.0", Some("22.1.2"), true),
        ("22.1.2", None, true),
        ("22.1.2", Some("22.1.2"), false),
    ];
    for (llvm, recorded, profile) in cases {
        let dir = tempfile::tempdir().unwrap();
        let (wrapper, rustc) = setup(dir.path(), llvm, recorded, profile);
        assert_eq!(
            compile(&wrapper, &rustc, OPTIMIZED, None),
            PASSED,
            "{llvm} {recorded:?} {profile}"
        );
    }
}

#[test]
fn recording_builds_an_instrumented_binary() {
    let dir = tempfile::tempdir().unwrap();
    let (wrapper, rustc) = setup(dir.path(), "22.1.2", Some("22.1.2"), true);
    assert_eq!(
        compile(&wrapper, &rustc, OPTIMIZED, Some("record:/tmp/raw")),
        format!("{PASSED} {} -Cprofile-generate=/tmp/raw", remap(dir.path()))
    );
}

#[test]
fn cargo_is_told_to_use_the_wrapper() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let config = std::fs::read_to_string(root.join(".cargo/config.toml")).unwrap();
    assert!(config.contains("rustc-workspace-wrapper = \"pgo/rustc-wrapper.sh\""));
    let recorded = std::fs::read_to_string(root.join("pgo/llvm-version")).unwrap();
    assert!(!recorded.trim().is_empty());
    assert!(root.join("pgo/tlacheck.profdata").is_file());
}
