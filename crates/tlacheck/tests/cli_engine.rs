//! The search engine's options end to end: `--workers`, counterexamples rebuilt from
//! fingerprints, `bench`, and bad input to them. Figures derived by hand (see each test).

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

/// A temporary folder holding one model, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let p = std::env::temp_dir().join(format!("tlacheck-engine-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Dir(p)
    }

    fn file(&self, name: &str, text: &str) -> &Self {
        std::fs::write(self.0.join(name), text).unwrap();
        self
    }

    fn check(&self, args: &[&str]) -> Command {
        let mut c = Command::cargo_bin("tlacheck").unwrap();
        c.current_dir(&self.0).arg("check").args(args);
        c
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// x counts modulo 5, y modulo 4, one of them per step: 5 * 4 = 20 states, each with 2
/// successors, so 1 + 20 * 2 = 41 generated; the farthest state (4, 3) is 4 + 3 = 7 steps from
/// (0, 0), so 8 BFS levels.
const GRID: &str = "---- MODULE Grid ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == \\/ x' = (x + 1) % 5 /\\ UNCHANGED y
        \\/ y' = (y + 1) % 4 /\\ UNCHANGED x
NotFar == ~(x = 4 /\\ y = 3)
====
";

#[test]
fn figures_are_the_same_at_any_number_of_workers() {
    let d = Dir::new("grid");
    d.file("Grid.tla", GRID)
        .file("Grid.cfg", "INIT Init\nNEXT Next\n");
    for w in ["1", "2", "4"] {
        d.check(&["Grid.tla", "--workers", w])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(
                "41 states generated, 20 distinct states found, 0 states left on queue.",
            ))
            .stdout(predicate::str::contains(
                "The depth of the complete state graph search is 8.",
            ));
    }
}

#[test]
fn counterexample_is_rebuilt_from_fingerprints_at_any_number_of_workers() {
    // The only state breaking NotFar is (4, 3), 7 steps away: a shortest counterexample has
    // 8 states and ends there.
    let d = Dir::new("grid-violation");
    d.file("Grid.tla", GRID)
        .file("Grid.cfg", "INIT Init\nNEXT Next\nINVARIANT NotFar\n");
    let mut outputs = Vec::new();
    for w in ["1", "2", "4"] {
        let out = d.check(&["Grid.tla", "--workers", w]).output().unwrap();
        assert_eq!(out.status.code(), Some(12), "{out:?}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            text.contains("Error: Invariant NotFar is violated."),
            "{text}"
        );
        assert!(text.contains("State 8: <"), "{text}");
        assert!(!text.contains("State 9:"), "{text}");
        let last = text.split("State 8:").nth(1).unwrap();
        assert!(
            last.contains("/\\ x = 4") && last.contains("/\\ y = 3"),
            "{text}"
        );
        // The same counterexample whatever the workers (the timing line aside).
        outputs.push(
            text.lines()
                .filter(|l| !common::is_run_dependent(l))
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
}

/// Next counts the states it is evaluated on in register 23 (set to 0 by an ASSUME): 1
/// initial state and 30 * 30 successors, 901 distinct states, each expanded once.
const COUNTER: &str = "---- MODULE Counter ----
EXTENDS Naturals, TLC
ASSUME TLCSet(23, 0)
VARIABLE x, y
Init == x = 0 /\\ y = 0
Next == /\\ TLCSet(23, TLCGet(23) + 1)
        /\\ x' \\in 1..30
        /\\ y' \\in 1..30
Post == PrintT(<<TLCGet(\"all\"), TLCGet(23), TLCGet(\"distinct\"), TLCGet(\"config\").worker>>)
====
";

#[test]
fn a_spec_writing_registers_reads_the_one_worker_search_s_at_any_number_of_workers() {
    // TLC 2026.12 with -workers 1 prints `<<(23 :> <<901>>), 901, 901, 1>>`. (With -workers 3
    // it keeps a register per worker: `<<(23 :> <<264, 321, 316>>), 264, 901, 3>>`, as the
    // workers happened to share the states.) Before the search took one worker for such a
    // spec, two threads lost updates to the one register set (752 at 7 workers) and
    // TLCGet("all") held one value where TLCGet("config").worker said 7.
    let d = Dir::new("registers");
    d.file("Counter.tla", COUNTER)
        .file("Counter.cfg", "INIT Init\nNEXT Next\nPOSTCONDITION Post\n");
    for w in ["1", "2", "7"] {
        d.check(&["Counter.tla", "--workers", w, "--no-deadlock"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("<<(23 :> <<901>>), 901, 901, 1>>"))
            .stdout(predicate::str::contains(
                "810901 states generated, 901 distinct states found",
            ));
    }
}

/// x steps by the operator the model binds to `Step`, modulo 30, while y takes any of 1..30:
/// (0, 0) and 30 * 30 more states, 901 distinct, each with 30 successors (1 + 901 * 30 =
/// 27,031 generated); (0, y) for y > 0 is first reached after 30 steps, so 31 levels.
const OP_CONST: &str = "---- MODULE OpConst ----
EXTENDS Naturals, TLC
CONSTANT Step(_)
VARIABLE x, y
Inc(n) == (n + 1) % 30
IncNoted(n) == IF TLCSet(5, n) THEN (n + 1) % 30 ELSE 0
Init == x = 0 /\\ y = 0
Next == x' = Step(x) /\\ y' \\in 1..30
Post == PrintT(<<TLCGet(\"config\").worker, TLCGet(\"distinct\")>>)
====
";

#[test]
fn an_operator_constant_bound_to_a_definition_keeps_the_workers() {
    // TLC 2026.12 at -workers 2 prints `<<2, 901>>` and 27031 / 901 / 31. The search used to
    // take one worker for any spec calling an operator constant (it could not tell whether
    // the model's operator writes TLC's registers): seven corpus models, MCNano among them.
    let d = Dir::new("opconst");
    d.file("OpConst.tla", OP_CONST).file(
        "OpConst.cfg",
        "CONSTANT Step <- Inc\nINIT Init\nNEXT Next\nPOSTCONDITION Post\n",
    );
    for w in ["1", "2"] {
        d.check(&["OpConst.tla", "--workers", w])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!("<<{w}, 901>>")))
            .stdout(predicate::str::contains(
                "27031 states generated, 901 distinct states found",
            ))
            .stdout(predicate::str::contains(
                "The depth of the complete state graph search is 31.",
            ));
    }
    // Bound to an operator that writes a register, the search still takes one worker.
    d.file(
        "OpConst.cfg",
        "CONSTANT Step <- IncNoted\nINIT Init\nNEXT Next\nPOSTCONDITION Post\n",
    );
    d.check(&["OpConst.tla", "--workers", "2"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("<<1, 901>>"))
        .stdout(predicate::str::contains(
            "27031 states generated, 901 distinct states found",
        ));
}

#[test]
fn zero_workers_is_refused() {
    let d = Dir::new("zero");
    d.file("Grid.tla", GRID)
        .file("Grid.cfg", "INIT Init\nNEXT Next\n");
    d.check(&["Grid.tla", "--workers", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--workers"));
    d.check(&["Grid.tla", "--memory", "lots"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a size"));
    d.check(&["Grid.tla", "--progress", "sometimes"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--progress"));
}

#[test]
fn progress_never_prints_nothing_but_the_report() {
    let d = Dir::new("quiet");
    d.file("Grid.tla", GRID)
        .file("Grid.cfg", "INIT Init\nNEXT Next\n");
    d.check(&["Grid.tla", "--progress", "never"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Progress(").not())
        .stderr(predicate::str::is_empty());
}

#[test]
fn bench_without_a_baseline_is_bad_input() {
    let d = Dir::new("bench");
    Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(&d.0)
        .args(["bench", "--corpus", "no-such-corpus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tlc_baseline.json"));
    d.file("tlc_baseline.json", "{\"models\": 3}");
    Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(&d.0)
        .args(["bench", "--corpus", "."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no \"models\" array"));
}

/// TLC prints its first progress line about 3 s into the search, whatever the number of
/// states explored. Each of these 49 states filters 4^9 = 262,144 functions (about 0.1 s
/// each in a release build here, more in the test build), so the run takes seconds with
/// fewer than 256 states: the line used to come only after 256 explored states.
#[test]
fn a_slow_search_of_few_states_prints_tlc_s_progress_line() {
    let d = Dir::new("slow");
    d.file(
        "Slow.tla",
        "---- MODULE Slow ----\nEXTENDS Naturals, FiniteSets\nVARIABLE x\n\
         Heavy == Cardinality({f \\in [1..9 -> 1..4] : f[1] # x})\n\
         Init == x = 0\nNext == x < 48 /\\ Heavy > 0 /\\ x' = x + 1\n====\n",
    )
    .file("Slow.cfg", "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n");
    let started = std::time::Instant::now();
    let out = d.check(&["Slow.tla", "--workers", "1"]).output().unwrap();
    let took = started.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("49 states generated, 49 distinct states found"),
        "{stdout}"
    );
    // On a machine fast enough to finish within the first 3 s no line is due.
    if took > std::time::Duration::from_millis(3500) {
        assert!(stdout.contains("Progress("), "{took:?}\n{stdout}");
    }
}

/// Under a VIEW of x alone, B's target (1, 1) has the fingerprint of A's (1, 0), found first.
/// It is outside the constraint, and TLC checks a state outside the constraints against the
/// invariants whatever the seen-set holds: Inv breaks there. TLC (../shared/tlc) prints
/// the same violation and "3 states generated, 2 distinct states found, 1 states left on
/// queue." for both configurations.
const VIEW_OUT: &str = "---- MODULE ViewOut ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
A == x = 0 /\\ x' = 1 /\\ y' = 0
B == x = 0 /\\ x' = 1 /\\ y' = 1
Next == A \\/ B \\/ (x = 1 /\\ UNCHANGED <<x, y>>)
View == x
Inv == y = 0
Small == y = 0
Step == ~(x = 0 /\\ y' = 1)
====
";

#[test]
fn a_state_outside_the_constraints_is_checked_though_its_view_was_seen() {
    let d = Dir::new("view-out");
    let base = "INIT Init\nNEXT Next\nVIEW View\nINVARIANT Inv\n";
    d.file("ViewOut.tla", VIEW_OUT)
        .file("State.cfg", &format!("{base}CONSTRAINT Small\n"))
        .file("Action.cfg", &format!("{base}ACTION_CONSTRAINT Step\n"));
    for cfg in ["State.cfg", "Action.cfg"] {
        for w in ["1", "2"] {
            d.check(&["ViewOut.tla", "--config", cfg, "--workers", w])
                .assert()
                .code(12)
                .stdout(predicate::str::contains(
                    "Error: Invariant Inv is violated.",
                ))
                .stdout(predicate::str::contains("/\\ x = 1\n/\\ y = 1"))
                .stdout(predicate::str::contains(
                    "3 states generated, 2 distinct states found, 1 states left on queue.",
                ));
        }
    }
}
