//! `tlacheck check --checkpoint/--recover` (TLC's -checkpoint, -metadir, -recover): a run
//! stopped after a checkpoint and recovered reports exactly what an uninterrupted run reports
//! (figures, outcome, counterexample), at 1 and 2 workers, with the frontier and the parent
//! records on disk or not; a missing, damaged or foreign checkpoint is refused with exit 2.
//! The test-only `--stop-after-checkpoint N` ends a run right after its N-th checkpoint.

mod common;
use common::{Dir, Run};
use std::path::PathBuf;

/// 6 nanoseconds: every level boundary is due for a checkpoint.
const ALWAYS: &str = "0.0000000001";

/// x counts to 29, y to 19, one of them a step, wrapping to 0: 30 * 20 = 600 states, each
/// with 2 successors, so 1 + 600 * 2 = 1201 generated; (29, 19) is 48 steps from (0, 0), so
/// 49 levels. Level d+1 holds the states with x + y = d: d + 1 of them for d <= 19.
fn grid(bad: &str) -> String {
    format!(
        "---- MODULE Grid ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == \\/ x' = (x + 1) % 30 /\\ UNCHANGED y
        \\/ y' = (y + 1) % 20 /\\ UNCHANGED x
Safe == ~({bad})
====
"
    )
}

fn grid_dir(bad: &str, cfg: &str) -> Dir {
    let d = Dir::new();
    d.file("Grid.tla", &grid(bad)).file("Grid.cfg", cfg);
    d
}

/// The one checkpoint folder written under `meta/`.
fn checkpoint_of(d: &Dir) -> String {
    let meta = d.path().join("meta");
    let dirs: Vec<PathBuf> = std::fs::read_dir(&meta)
        .unwrap_or_else(|e| panic!("{}: {e}", meta.display()))
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    assert!(dirs[0].join("checkpoint.bin").is_file());
    format!("meta/{}", dirs[0].file_name().unwrap().to_string_lossy())
}

/// Runs `args` until the `n`-th checkpoint (every boundary checkpoints) and returns the
/// checkpoint's folder.
fn stop_after(d: &Dir, args: &[&str], n: &str) -> String {
    let mut all = args.to_vec();
    all.extend(["--checkpoint", ALWAYS, "--checkpoint-dir", "meta"]);
    all.extend(["--stop-after-checkpoint", n]);
    d.check(&all)
        .code(75)
        .says("Checkpointing completed at (")
        .says("stopped after writing the checkpoint");
    checkpoint_of(d)
}

/// The JSON report without its timing.
fn report(run: &Run) -> serde_json::Value {
    let mut j = run.json();
    j.as_object_mut().unwrap().remove("seconds");
    j
}

#[test]
fn a_recovered_run_reports_what_an_uninterrupted_run_reports() {
    let d = grid_dir("FALSE", "INIT Init\nNEXT Next\nINVARIANT Safe\n");
    d.check(&["Grid.tla", "--workers", "1"])
        .success()
        .stats(1201, 600, 0, 49);
    let full = report(&d.check(&["Grid.tla", "--workers", "1", "--json"]));
    // Checkpoints before levels 1..5: levels 1..4 explored, x + y <= 4 found (1 + 2 + 3 + 4 +
    // 5 = 15 states), the 5 with x + y = 4 queued.
    let ck = stop_after(&d, &["Grid.tla", "--workers", "1"], "5");
    for w in ["1", "2"] {
        d.check(&[
            "Grid.tla",
            "--workers",
            w,
            "--recover",
            &ck,
            "--checkpoint",
            "0",
        ])
        .success()
        .stats(1201, 600, 0, 49)
        .line(&format!("Starting recovery from checkpoint {ck}"))
        .line("Recovery completed. 15 states examined. 5 states on queue.");
        let again = d.check(&["Grid.tla", "--workers", w, "--recover", &ck, "--json"]);
        assert_eq!(report(&again), full, "recovered at {w} workers");
        assert!(again.stderr.contains("Recovery completed."), "{again}");
    }
}

#[test]
fn the_counterexample_after_recovery_is_the_uninterrupted_one() {
    // (3, 2) is 5 steps from (0, 0): a 6-state counterexample, found on level 6.
    let d = grid_dir("x = 3 /\\ y = 2", "INIT Init\nNEXT Next\nINVARIANT Safe\n");
    let full = d.check(&["Grid.tla", "--workers", "1"]);
    full.code(12).trace_len(6);
    let full_json = report(&d.check(&["Grid.tla", "--workers", "1", "--json"]));
    let ck = stop_after(&d, &["Grid.tla", "--workers", "2"], "3");
    for w in ["1", "2"] {
        let again = d.check(&["Grid.tla", "--workers", w, "--recover", &ck]);
        again.code(12).trace_len(6);
        let trace = |r: &Run| -> String {
            let at = r.stdout.find("State 1:").expect("a counterexample");
            let end = r.stdout.find(" states generated").unwrap();
            r.stdout[at..end].to_string()
        };
        assert_eq!(trace(&again), trace(&full));
        let again = d.check(&["Grid.tla", "--workers", w, "--recover", &ck, "--json"]);
        assert_eq!(report(&again), full_json, "recovered at {w} workers");
    }
}

#[test]
fn strings_made_before_the_checkpoint_keep_their_order_after_recovery() {
    // "z1" is made on the step from x = 0 and gone from the state at x = 2; "y1" and "z1" are
    // made again on the step from x = 5. TLC orders strings by when they were first
    // interned, so the set prints {"z1", "y1"}. A recovery from the checkpoint before level 4
    // (whose states hold neither string) must still know "z1" came first.
    let d = Dir::new();
    d.file(
        "Strs.tla",
        "---- MODULE Strs ----
EXTENDS Naturals, Sequences
VARIABLES x, s
Init == x = 0 /\\ s = {}
Next == /\\ x < 8
        /\\ x' = x + 1
        /\\ s' = CASE x = 0 -> {\"z\" \\o \"1\"}
                  [] x = 5 -> {\"y\" \\o \"1\", \"z\" \\o \"1\"}
                  [] OTHER -> IF x = 1 THEN {} ELSE s
Small == x < 7
====
",
    )
    .file("Strs.cfg", "INIT Init\nNEXT Next\nINVARIANT Small\n");
    // One state a level: x = 7 is found on level 8 after 1 + 7 generated states.
    let full = d.check(&["Strs.tla"]);
    full.code(12)
        .trace_len(8)
        .line("/\\ s = {\"z1\", \"y1\"}")
        .stats(8, 8, 0, 8);
    let ck = stop_after(&d, &["Strs.tla"], "4");
    d.check(&["Strs.tla", "--recover", &ck])
        .code(12)
        .trace_len(8)
        .line("/\\ s = {\"z1\", \"y1\"}")
        .stats(8, 8, 0, 8);
}

#[test]
fn tlcset_registers_survive_recovery() {
    // Register 1 counts the states explored: after exploring x = k it is k + 1, the successor's
    // x, so Inv holds throughout (and TLCGet(1) before any TLCSet would be an error). One state
    // a level, x = 0..10: 11 states, 1 + 10 generated, depth 11 (x = 10 has no successor).
    let d = Dir::new();
    d.file(
        "Reg.tla",
        "---- MODULE Reg ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0 /\\ TLCSet(1, 0)
Next == x < 10 /\\ x' = x + 1 /\\ TLCSet(1, TLCGet(1) + 1)
Inv == TLCGet(1) = x
====
",
    )
    .file("Reg.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    let args = ["Reg.tla", "--no-deadlock", "--workers", "1"];
    d.check(&args).success().stats(11, 11, 0, 11);
    let ck = stop_after(&d, &args, "5");
    let mut again = args.to_vec();
    again.extend(["--recover", &ck]);
    d.check(&again).success().stats(11, 11, 0, 11);
}

#[test]
fn a_tiny_memory_budget_gives_the_same_counterexample_and_recovery() {
    // 120 * 50 = 6000 states, more than the 4096 parent records kept in RAM at least, so the
    // oldest go to disk; (119, 49) is the last state found, 119 + 49 = 168 steps from (0, 0):
    // a 169-state counterexample read back through records on disk.
    let spec = "---- MODULE Wide ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == \\/ x' = (x + 1) % 120 /\\ UNCHANGED y
        \\/ y' = (y + 1) % 50 /\\ UNCHANGED x
Safe == ~(x = 119 /\\ y = 49)
====
";
    let d = Dir::new();
    d.file("Wide.tla", spec)
        .file("Wide.cfg", "INIT Init\nNEXT Next\nINVARIANT Safe\n");
    let in_ram = d.check(&["Wide.tla", "--workers", "1", "--json"]);
    let j = report(&in_ram);
    assert_eq!(j["trace_len"], 169, "{in_ram}");
    assert_eq!(j["distinct"], 6000, "{in_ram}");
    for w in ["1", "2"] {
        let tiny = d.check(&["Wide.tla", "--workers", w, "--memory", "1", "--json"]);
        assert_eq!(report(&tiny), j, "--memory 1 at {w} workers");
    }
    // Checkpointed with the level and the records on disk, recovered the same way.
    let ck = stop_after(&d, &["Wide.tla", "--memory", "1"], "100");
    let again = d.check(&["Wide.tla", "--memory", "1", "--recover", &ck, "--json"]);
    assert_eq!(report(&again), j);
}

#[test]
fn tlc_spellings_checkpoint_into_the_metadir() {
    let d = grid_dir("FALSE", "INIT Init\nNEXT Next\nINVARIANT Safe\n");
    d.check(&[
        "Grid.tla",
        "-checkpoint",
        ALWAYS,
        "-metadir",
        "meta",
        "--stop-after-checkpoint",
        "2",
    ])
    .code(75)
    .line_starting("Checkpointing of run meta/");
    let ck = checkpoint_of(&d);
    d.check(&["Grid.tla", "-recover", &ck])
        .success()
        .stats(1201, 600, 0, 49)
        .line("Recovery completed. 3 states examined. 2 states on queue.");
}

#[test]
fn a_missing_damaged_or_foreign_checkpoint_is_refused() {
    let d = grid_dir("FALSE", "INIT Init\nNEXT Next\nINVARIANT Safe\n");
    d.check(&["Grid.tla", "--recover", "nowhere"])
        .code(2)
        .says("nowhere/checkpoint.bin: no checkpoint to recover from");
    let ck = stop_after(&d, &["Grid.tla"], "6");
    let file = d.path().join(&ck).join("checkpoint.bin");
    let good = std::fs::read(&file).unwrap();
    // Other options than the checkpointed run's.
    d.check(&["Grid.tla", "--recover", &ck, "--no-deadlock"])
        .code(2)
        .says("the checkpoint was written for another spec, configuration or options");
    // Another spec.
    d.file("Grid.tla", &grid("x = 7"));
    d.check(&["Grid.tla", "--recover", &ck])
        .code(2)
        .says("the checkpoint was written for another spec, configuration or options");
    d.file("Grid.tla", &grid("FALSE"));
    // One byte changed in the middle.
    let mut bad = good.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x40;
    std::fs::write(&file, &bad).unwrap();
    d.check(&["Grid.tla", "--recover", &ck])
        .code(2)
        .says("checkpoint.bin: the checkpoint is corrupt (its contents do not match its hash)");
    // Cut short, and not a checkpoint at all.
    std::fs::write(&file, &good[..good.len() - 20]).unwrap();
    d.check(&["Grid.tla", "--recover", &ck])
        .code(2)
        .says("the checkpoint is corrupt");
    std::fs::write(&file, "INIT Init\n").unwrap();
    d.check(&["Grid.tla", "--recover", &ck])
        .code(2)
        .says("the checkpoint is corrupt (too short)");
    std::fs::write(&file, [b'x'; 64]).unwrap();
    d.check(&["Grid.tla", "--recover", &ck])
        .code(2)
        .says("the checkpoint is corrupt (not a tlacheck checkpoint)");
    // The good one still recovers, whatever a run killed while writing the next one left
    // beside it (the new file is renamed over the old only once whole).
    std::fs::write(&file, &good).unwrap();
    std::fs::write(file.with_extension("bin.tmp"), &good[..100]).unwrap();
    d.check(&["Grid.tla", "--recover", &ck])
        .success()
        .stats(1201, 600, 0, 49);
}

#[test]
fn bad_checkpoint_flags_exit_2() {
    let d = grid_dir("FALSE", "INIT Init\nNEXT Next\nINVARIANT Safe\n");
    for bad in ["-1", "soon", "NaN", "inf"] {
        d.check(&["Grid.tla", "--checkpoint", bad])
            .code(2)
            .says("is not a number of minutes");
    }
    d.check(&["Grid.tla", "--recover", "meta", "--checkpoint-dir", "meta"])
        .code(2)
        .says("cannot be used with");
    d.check(&["Grid.tla", "--recover", "meta", "--simulate"])
        .code(2)
        .says("cannot be used with");
}

#[test]
fn temporal_properties_refuse_an_explicit_checkpoint() {
    // x counts to 3 and stops: <>(x = 3) holds under WF.
    let d = Dir::new();
    d.file(
        "Live.tla",
        "---- MODULE Live ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\\ x' = x + 1
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
Ends == <>(x = 3)
====
",
    )
    .file("Live.cfg", "SPECIFICATION Spec\nPROPERTY Ends\n");
    d.check(&["Live.tla", "--checkpoint", "1"])
        .code(2)
        .says("--checkpoint and --recover are not supported for a model with temporal properties");
    d.check(&["Live.tla", "--recover", "meta"]).code(2);
    // TLC's default interval is dropped, and 0 asks for none: both run.
    d.check(&["Live.tla", "--no-deadlock"]).success();
    d.check(&["Live.tla", "--no-deadlock", "--checkpoint", "0"])
        .success();
}

#[test]
fn a_recovered_corpus_model_matches_tlc() {
    let Some(corpus) = common::shared_corpus() else {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    };
    // TLC (expected.json, acp__ACP_NB_WRONG_TLC): AC1 violated, 59286 generated, 11852
    // distinct, 1248 left on queue, depth 13, a 13-state counterexample.
    let folder = corpus.join("acp__ACP_NB_WRONG_TLC");
    let meta = Dir::new();
    let run = |extra: &[&str]| -> Run {
        let out = common::tlacheck(&folder)
            .args([
                "check",
                "ACP_NB_WRONG_TLC.tla",
                "-config",
                "ACP_NB_WRONG_TLC.cfg",
            ])
            .args([
                "--library",
                "../_community",
                "--library",
                "../_tlapm",
                "--json",
            ])
            .args(extra)
            .timeout(std::time::Duration::from_secs(300))
            .output()
            .unwrap();
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    };
    let metadir = meta.path().to_string_lossy().into_owned();
    let stopped = run(&[
        "--workers",
        "1",
        "--checkpoint",
        ALWAYS,
        "--checkpoint-dir",
        &metadir,
        "--stop-after-checkpoint",
        "8",
    ]);
    stopped.code(75);
    let ck = std::fs::read_dir(meta.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    for w in ["1", "2"] {
        let r = run(&["--workers", w, "--recover", &ck.to_string_lossy()]);
        r.code(12);
        let j = r.json();
        assert_eq!(j["violated"], "AC1", "{r}");
        assert_eq!(j["generated"], 59286, "{r}");
        assert_eq!(j["distinct"], 11852, "{r}");
        assert_eq!(j["left_on_queue"], 1248, "{r}");
        assert_eq!(j["depth"], 13, "{r}");
        assert_eq!(j["trace_len"], 13, "{r}");
    }
}
