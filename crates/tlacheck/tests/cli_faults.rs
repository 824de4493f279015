//! Faults survived (issue 31): a run SIGKILLed between checkpoints and recovered reports what
//! an uninterrupted run reports; a spill folder that cannot be written stops the run with a
//! clear error (exit 2) and leaves the checkpoint usable; a --memory budget far below the
//! model's needs changes no figure; a `verify` child killed or hung is "could not run" while
//! the other items are reported; a trace file cut off mid-line is an error at file:line:col;
//! a spec edited while verify runs is named (exit 2); a full disk while spilling is exit 2;
//! --memory lowers the peak RSS.
//! Each takes a few seconds.

mod common;
use common::{tlacheck, Dir, Run};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// x, y, z count modulo 60, 60 and 40, one of them a step: 144,000 states, each with 3
/// successors (1 + 3 * 144,000 = 432,001 generated), (59, 59, 39) the only state at
/// 59 + 59 + 39 steps from (0, 0, 0), so 158 levels. Slow costs 150 evaluations a state,
/// so that the run lasts long enough (seconds) to be killed mid-way.
const CUBE: &str = "---- MODULE Cube ----
EXTENDS Naturals
VARIABLES x, y, z
Init == x = 0 /\\ y = 0 /\\ z = 0
Next == \\/ x' = (x + 1) % 60 /\\ UNCHANGED <<y, z>>
        \\/ y' = (y + 1) % 60 /\\ UNCHANGED <<x, z>>
        \\/ z' = (z + 1) % 40 /\\ UNCHANGED <<x, y>>
Slow == \\A i \\in 1..150 : x + y + z + i >= i
Far == ~(x = 59 /\\ y = 59 /\\ z = 39)
====
";

fn cube(cfg: &str) -> Dir {
    let d = Dir::new();
    d.file("Cube.tla", CUBE).file("Cube.cfg", cfg);
    d
}

/// tlacheck as a process the test can kill or watch (assert_cmd's only waits).
fn spawn(dir: &std::path::Path) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("tlacheck"));
    c.current_dir(dir).env_remove("TLACHECK_LIBRARY");
    c
}

/// The JSON report without its timing.
fn report(run: &Run) -> serde_json::Value {
    let mut j = run.json();
    j.as_object_mut().unwrap().remove("seconds");
    j
}

fn figures(j: &serde_json::Value) -> (u64, u64, u64) {
    let n = |k: &str| j[k].as_u64().unwrap_or(u64::MAX);
    (n("generated"), n("distinct"), n("depth"))
}

/// The checkpoint folders written under `meta/` that hold a checkpoint.
fn checkpoints(d: &Dir) -> Vec<PathBuf> {
    let Ok(dirs) = std::fs::read_dir(d.path().join("meta")) else {
        return Vec::new();
    };
    (dirs.flatten().map(|e| e.path()))
        .filter(|p| p.join("checkpoint.bin").is_file())
        .collect()
}

#[test]
fn a_run_killed_between_checkpoints_recovers_the_uninterrupted_figures() {
    let d = cube("INIT Init\nNEXT Next\nINVARIANT Slow\nINVARIANT Far\n");
    let args = ["Cube.tla", "--workers", "2", "--json"];
    let full = d.check(&args);
    full.code(12);
    let full = report(&full);
    assert_eq!(full["violated"], "Far");
    assert_eq!(full["trace_len"], 158);
    // A checkpoint every 0.12 s; killed half a second after the first.
    let mut child = spawn(d.path())
        .arg("check")
        .args(args)
        .args(["--checkpoint", "0.002", "--checkpoint-dir", "meta"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while checkpoints(&d).is_empty() && start.elapsed() < Duration::from_secs(50) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run ended before it was killed"
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let ck = checkpoints(&d);
    assert_eq!(ck.len(), 1, "{ck:?}");
    let ck = ck[0].to_string_lossy().into_owned();
    let again = d.check(&[&args[..], &["--recover", &ck, "--checkpoint", "0"]].concat());
    again.code(12).says("Recovery completed.");
    assert_eq!(report(&again), full);
}

#[test]
fn an_unwritable_spill_folder_is_a_clear_error_and_the_checkpoint_stays_usable() {
    let d = cube("INIT Init\nNEXT Next\n");
    // A file where the temporary folder should be: not writable, even by root.
    d.file("not-a-folder", "");
    let tmp = d.path().join("not-a-folder");
    let args = ["Cube.tla", "--workers", "1", "--memory", "1K"];
    let run = tlacheck(d.path())
        .arg("check")
        .args(args)
        .args(["--checkpoint", "0.0000000001", "--checkpoint-dir", "meta"])
        .env("TMPDIR", &tmp)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout).into_owned();
    assert_eq!(run.status.code(), Some(2), "{text}");
    assert!(
        text.contains(&format!(
            "Error: tlacheck cannot write the states it spills to disk in the temporary folder {}",
            tmp.display()
        )),
        "{text}"
    );
    assert!(!text.contains("panicked") && !text.contains("No error has been found"));
    // The checkpoint of the last level boundary before the failure is whole.
    let ck = checkpoints(&d);
    assert_eq!(ck.len(), 1, "{ck:?}");
    let ck = ck[0].to_string_lossy().into_owned();
    let again = d.check(
        &[
            &args[..],
            &["--json", "--recover", &ck, "--checkpoint", "0"],
        ]
        .concat(),
    );
    again.code(0);
    assert_eq!(figures(&again.json()), (432_001, 144_000, 158));
}

#[test]
fn a_memory_budget_far_below_the_needs_changes_no_figure() {
    let d = cube("INIT Init\nNEXT Next\nINVARIANT Far\n");
    let full = report(&d.check(&["Cube.tla", "--json"]));
    // 1 KiB: a few states of a level in memory, the rest of the level (up to thousands of
    // states) spilled, and the parent records too (the unwritable-folder test above shows
    // that this budget spills).
    let tight = d.check(&["Cube.tla", "--json", "--memory", "1K"]);
    tight.code(12);
    assert_eq!(report(&tight), full);
    assert_eq!(full["certified"], true);
}

/// A verify.toml over the suite fixture's specs: Counter, then Forever (never ends) with a
/// 30 s timeout, then Counter again under another name.
fn verify_suite() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let specs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suite/specs");
    let check = |name: &str, spec: &str, extra: &str| {
        format!("[[check]]\nname = \"{name}\"\nspec = \"{spec}\"\n{extra}\n")
    };
    let text = format!(
        "[suite]\nname = \"t\"\nspecs = '{}'\n\n{}{}{}",
        specs.display(),
        check("Counter", "Counter.tla", "config = \"Counter.cfg\""),
        check("Forever", "Forever.tla", "timeout = \"30s\""),
        check("Again", "Counter.tla", "config = \"Counter.cfg\""),
    );
    let path = dir.path().join("verify.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// The children of process `pid` (from /proc).
fn children(pid: u32) -> Vec<u32> {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    (procs.flatten())
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|p| {
            let stat = std::fs::read_to_string(format!("/proc/{p}/stat")).unwrap_or_default();
            // pid (comm) state ppid ...
            let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
            after.split_whitespace().nth(1) == Some(&pid.to_string())
        })
        .collect()
}

#[test]
fn a_verify_child_killed_is_could_not_run_and_the_others_are_reported() {
    let (dir, manifest) = verify_suite();
    let child = spawn(dir.path())
        .arg("verify")
        .arg(&manifest)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The check of Forever: the one child that runs for long. Killed as the OOM killer would.
    let start = Instant::now();
    let mut killed = false;
    while !killed && start.elapsed() < Duration::from_secs(25) {
        std::thread::sleep(Duration::from_millis(200));
        for c in children(child.id()) {
            let cmd = std::fs::read(format!("/proc/{c}/cmdline")).unwrap_or_default();
            if String::from_utf8_lossy(&cmd).contains("Forever.tla") {
                let status = std::process::Command::new("kill")
                    .args(["-KILL", &c.to_string()])
                    .status()
                    .unwrap();
                killed = status.success();
            }
        }
    }
    assert!(killed, "the Forever check was never seen running");
    let out = child.wait_with_output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("COULD NOT RUN: the check was killed"),
        "{text}"
    );
    assert!(
        text.contains("t: 2 held, 0 failed, 1 could not run (exit 2)"),
        "{text}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(28),
        "waited for the timeout"
    );
}

#[test]
fn a_verify_child_that_hangs_is_could_not_run_and_the_others_are_reported() {
    let (dir, manifest) = verify_suite();
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("timeout = \"30s\"", "timeout = \"1s\""),
    )
    .unwrap();
    let out = tlacheck(dir.path())
        .arg("verify")
        .arg(&manifest)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("COULD NOT RUN: stopped after its timeout of 1s"),
        "{text}"
    );
    assert!(
        text.contains("t: 2 held, 0 failed, 1 could not run (exit 2)"),
        "{text}"
    );
}

#[test]
fn a_trace_file_cut_off_mid_line_is_an_error_at_its_end() {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tla-trace/tests/fixtures");
    let d = Dir::new();
    d.file(
        "Channel.tla",
        &std::fs::read_to_string(fixtures.join("Channel.tla")).unwrap(),
    );
    d.file(
        "Channel.cfg",
        &std::fs::read_to_string(fixtures.join("Channel.cfg")).unwrap(),
    );
    // good.ndjson cut in its 4th line, after `..."params"` (column 32).
    let good = std::fs::read_to_string(fixtures.join("good.ndjson")).unwrap();
    d.file("cut.ndjson", &good[..200]);
    let run = d.run("trace", &["validate", "Channel.tla", "cut.ndjson"]);
    run.code(2).says("cut.ndjson:4:33: malformed JSON");
    // The ITF trace cut in a string of its 7th line.
    let itf = std::fs::read_to_string(fixtures.join("channel.itf.json")).unwrap();
    d.file("cut.itf.json", &itf[..300]);
    let run = d.run("trace", &["validate", "Channel.tla", "cut.itf.json"]);
    run.code(2).says("cut.itf.json:7:");
    run.says("malformed JSON");
}

/// A spec and the manifest edited while `verify` runs: the report may mix two versions of the
/// suite, so the run says which files changed and exits 2; the same suite left alone says
/// nothing of it.
#[test]
fn a_spec_and_the_manifest_edited_while_verify_runs_are_reported() {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suite/specs");
    let dir = tempfile::tempdir().unwrap();
    for f in ["Counter.tla", "Counter.cfg", "Forever.tla", "Forever.cfg"] {
        std::fs::copy(fixtures.join(f), dir.path().join(f)).unwrap();
    }
    let check = |name: &str, spec: &str, extra: &str| {
        format!("[[check]]\nname = \"{name}\"\nspec = \"{spec}\"\n{extra}\n")
    };
    let manifest = dir.path().join("verify.toml");
    let text = format!(
        "[suite]\nname = \"t\"\n\n{}{}",
        check("Counter", "Counter.tla", "config = \"Counter.cfg\""),
        check("Forever", "Forever.tla", "timeout = \"3s\""),
    );
    std::fs::write(&manifest, text).unwrap();
    let run = |edit: bool| {
        let child = spawn(dir.path())
            .args(["verify", "--jobs", "1"])
            .arg(&manifest)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        if edit {
            // Once Forever's check runs, Counter's has been read: edit Counter.tla.
            let start = Instant::now();
            let running = || {
                children(child.id()).iter().any(|c| {
                    let cmd = std::fs::read(format!("/proc/{c}/cmdline")).unwrap_or_default();
                    String::from_utf8_lossy(&cmd).contains("Forever.tla")
                })
            };
            while !running() && start.elapsed() < Duration::from_secs(20) {
                std::thread::sleep(Duration::from_millis(50));
            }
            let counter = dir.path().join("Counter.tla");
            let text = std::fs::read_to_string(&counter).unwrap();
            std::fs::write(&counter, text + "\\* edited\n").unwrap();
            let text = std::fs::read_to_string(&manifest).unwrap();
            std::fs::write(&manifest, text + "# edited\n").unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.code(), text)
    };
    let (_, quiet) = run(false);
    assert!(!quiet.contains("changed while the suite ran"), "{quiet}");
    let (code, edited) = run(true);
    assert_eq!(code, Some(2), "{edited}");
    let counter = dir.path().join("Counter.tla");
    assert!(
        edited.contains(&format!(
            "Error: {} changed while the suite ran",
            counter.display()
        )),
        "{edited}"
    );
    assert!(
        edited.contains(&format!(
            "Error: {} changed while the suite ran",
            manifest.display()
        )),
        "{edited}"
    );
}

/// 20,000 initial states of a 100-element function each, all in the first level: about
/// 35 MB of states waiting at once without a budget.
const WIDE: &str = "---- MODULE Wide ----
EXTENDS Naturals
VARIABLES x, pad
Init == x \\in 1..20000 /\\ pad = [i \\in 1..100 |-> x]
Next == x' = x /\\ pad' = [pad EXCEPT ![1] = 0]
====
";

/// Makes writes past 64 KiB fail (EFBIG) as on a full disk; SIGXFSZ, which would kill the
/// process instead, is ignored.
fn with_small_disk(c: &mut std::process::Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        c.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let lim = libc::rlimit {
                rlim_cur: 64 * 1024,
                rlim_max: 64 * 1024,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &lim);
            Ok(())
        });
    }
}

/// Runs `tlacheck check Wide.tla ARGS` and returns its exit status and peak RSS in KiB
/// (wait4's own figure for that child, whatever else the test process runs).
fn wide_peak(dir: &std::path::Path, args: &[&str]) -> (i32, i64) {
    let mut c = spawn(dir);
    c.args(["check", "Wide.tla", "--workers", "1"]).args(args);
    c.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    // Reaped by wait4 below, which std's wait cannot replace (it gives no rusage).
    #[allow(clippy::zombie_processes)]
    let child = c.spawn().unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, whose pid std has not reaped.
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

/// --memory bounds the states waiting in memory: with 1 KiB the wide level goes to disk and
/// the peak RSS falls to well under half of the unbudgeted run's (133 MiB against 20 MiB when
/// measured). The stated overhead: a budget B keeps the peak within the run's base (what the
/// 1 KiB run takes: binary, spec, seen-set) plus 2 B, the level being filled and the segment
/// being explored each taking at most B / 2 by the states' estimated heap, plus what the
/// allocator keeps (measured: 8 MiB gives 31 MiB, 32 MiB gives 69 MiB).
#[test]
fn the_memory_budget_lowers_the_peak_rss() {
    let d = Dir::new();
    d.file("Wide.tla", WIDE)
        .file("Wide.cfg", "INIT Init\nNEXT Next\n");
    let (free, free_kib) = wide_peak(d.path(), &[]);
    let (tight, tight_kib) = wide_peak(d.path(), &["--memory", "1K"]);
    let (eight, eight_kib) = wide_peak(d.path(), &["--memory", "8M"]);
    assert_eq!((free, tight, eight), (0, 0, 0));
    assert!(
        tight_kib * 2 < free_kib,
        "peak RSS {tight_kib} KiB with --memory 1K, {free_kib} KiB without"
    );
    assert!(
        eight_kib <= tight_kib + 2 * 8 * 1024,
        "peak RSS {eight_kib} KiB with --memory 8M, base {tight_kib} KiB"
    );
}

/// The disk fills while states are spilled: exit 2 and a message naming the folder and the
/// error, never a verdict.
#[test]
fn a_full_disk_while_spilling_is_a_clear_error() {
    let d = Dir::new();
    d.file("Wide.tla", WIDE)
        .file("Wide.cfg", "INIT Init\nNEXT Next\n");
    let mut c = spawn(d.path());
    c.args(["check", "Wide.tla", "--workers", "1", "--memory", "1K"]);
    with_small_disk(&mut c);
    let out = c.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("Error: tlacheck cannot write the states it spills to disk")
            && text.contains("File too large"),
        "{text}"
    );
    assert!(!text.contains("No error has been found") && !text.contains("panicked"));
}
