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

const OPTIMIZED: &[&str] = &["--crate-name", "tla_eval", "-C", "opt-level=3"];

#[test]
fn optimized_builds_use_the_profile_recorded_by_the_same_llvm() {
    let dir = tempfile::tempdir().unwrap();
    let (wrapper, rustc) = setup(dir.path(), "22.1.2", Some("22.1.2"), true);
    let profile = dir.path().canonicalize().unwrap().join("tlacheck.profdata");
    assert_eq!(
        compile(&wrapper, &rustc, OPTIMIZED, None),
        format!(
            "--crate-name tla_eval -C opt-level=3 -Cprofile-use={}",
            profile.display()
        )
    );
    // Debug and test builds are compiled as they are.
    let debug = ["--crate-name", "tla_eval", "-C", "opt-level=1"];
    assert_eq!(
        compile(&wrapper, &rustc, &debug, None),
        "--crate-name tla_eval -C opt-level=1"
    );
    assert_eq!(
        compile(&wrapper, &rustc, OPTIMIZED, Some("off")),
        "--crate-name tla_eval -C opt-level=3"
    );
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
            "--crate-name tla_eval -C opt-level=3",
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
        "--crate-name tla_eval -C opt-level=3 -Cprofile-generate=/tmp/raw"
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
