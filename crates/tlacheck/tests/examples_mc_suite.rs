//! The second example suite, examples/mc-suite: an MC module EXTENDing its spec, .cfg files
//! naming the MC module's definitions as overrides, a trace in the first-step convention and
//! two process logs merged by vector clocks. Its figures are TLC's:
//!   cd examples/mc-suite && java -cp tla2tools.jar tlc2.TLC -workers 1 -config MCLogShip.cfg MCLogShip.tla
//! gives 31 states generated, 20 distinct, depth 10; with MCLogShipReorder.cfg, inv_Safety
//! violated after 4 states (Write, Write, Apply of record 2), 7 generated, 7 distinct; and with
//! NeverCommitted / NeverAllCommitted added as an INVARIANT, counterexamples of 4 and 10 states.
//! The suite must also run from examples/verify.toml (the README's first command), so every
//! entry here has its twin there.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tlacheck(dir: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(dir)
        .env_remove("TLACHECK_LIBRARY")
        .args(args)
        .timeout(Duration::from_secs(120))
        .assert()
}

#[test]
fn the_mc_suite_passes_with_tlcs_figures() {
    tlacheck(&repo(), &["verify", "examples/mc-suite/verify.toml"])
        .code(0)
        .stdout(predicate::str::is_match(r"\| MCLogShip +MCLogShip\.cfg +31 +20 +10 +No error").unwrap())
        .stdout(predicate::str::is_match(r"\| MCLogShip +MCLogShipReorder\.cfg +7 +7 +4 +inv_Safety violated \(expected\)").unwrap())
        .stdout(predicate::str::contains(
            "  ok     NeverCommitted (LogShip, MCLogShip.cfg): NeverCommitted reached in 4 states\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     NeverAllCommitted (LogShip, MCLogShip.cfg): NeverAllCommitted reached in 10 states\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     traces/first_step.ndjson (MCLogShip.tla): accepted\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     traces/primary.ndjson + traces/replica.ndjson (MCLogShip.tla): accepted\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     traces/primary.ndjson + traces/replica_reordered.ndjson (MCLogShip.tla): rejected at step 3, as expected\n",
        ))
        // The mutant edits LogShip.tla, the module MCLogShip extends. Derivation: after Write,
        // Apply, Commit it commits applied + 1 = 2 with applied = 1, so CommittedIsApplied (in
        // inv_Safety) fails while TypeOK (committed in 0..3) still holds.
        .stdout(predicate::str::contains(
            "  ok     commit before the replica applied (LogShip, MCLogShip.cfg): caught by inv_Safety\n",
        ))
        .stdout(predicate::str::contains("mc-suite: 11 held, 0 failed, 0 could not run (exit 0)"));
}

#[test]
fn the_merged_logs_are_validated_with_the_orders_their_clocks_leave() {
    // Derived from the clocks (the primary's events P1..P6, the replica's R1..R3; R_k needs
    // the write of record k, the commit of k needs R_k): after 2 events the orders are at
    // (P2) or (P1, R1), after 4 at (P3, R1) or (P2, R2): 2 states at most, one per position.
    let dir = repo().join("examples/mc-suite");
    tlacheck(
        &dir,
        &[
            "trace",
            "validate",
            "MCLogShip.tla",
            "traces/primary.ndjson",
            "traces/replica.ndjson",
        ],
    )
    .code(0)
    .stdout("ACCEPTED (9 events of 2 logs, largest frontier 2)\n");
    // The reordered replica: R1 (applied 2) needs P1 and P2 only, and the primary's commit of
    // 1 needs R1, so every order is P1, P2, R1 and fails there (the link's head is 1).
    tlacheck(
        &dir,
        &[
            "trace",
            "validate",
            "MCLogShip.tla",
            "traces/primary.ndjson",
            "traces/replica_reordered.ndjson",
        ],
    )
    .code(1)
    .stdout(predicate::str::starts_with(
        "REJECTED at step 3 of the merged logs (traces/replica_reordered.ndjson line 2, event 1 of the file, seq 1)\n",
    ))
    .stdout(predicate::str::contains("      applied: expected 1, logged 2\n"));
    // The first-step log: event 1 is the first Write, from the one initial state.
    tlacheck(
        &dir,
        &[
            "trace",
            "selftest",
            "MCLogShip.tla",
            "traces/first_step.ndjson",
        ],
    )
    .code(0)
    .stdout(predicate::str::contains(
        "the spec with Write replaced by FALSE: ok, rejected at step 1\n",
    ));
}

#[test]
fn every_entry_of_the_mc_suite_also_runs_from_the_example_suite() {
    let root = repo();
    let mc = tla_suite::manifest::load(&root.join("examples/mc-suite/verify.toml")).unwrap();
    let ex = tla_suite::manifest::load(&root.join("examples/verify.toml")).unwrap();
    let canon = |p: PathBuf| std::fs::canonicalize(&p).unwrap_or(p);
    for c in &mc.checks {
        let twin = ex
            .check(c.name.get_ref())
            .unwrap_or_else(|| panic!("examples/verify.toml has no check {}", c.name.get_ref()));
        assert_eq!(
            canon(mc.spec_path(c.spec.get_ref())),
            canon(ex.spec_path(twin.spec.get_ref()))
        );
        let cfg = |m: &tla_suite::manifest::Manifest, c: &tla_suite::manifest::Check| {
            canon(
                m.specs_dir
                    .join(c.config.as_ref().expect("a config").get_ref()),
            )
        };
        assert_eq!(cfg(&mc, c), cfg(&ex, twin));
    }
    for u in &mc.mutants {
        assert!(
            ex.mutants
                .iter()
                .any(|v| v.name.get_ref() == u.name.get_ref()
                    && v.operator.get_ref() == u.operator.get_ref()
                    && v.with_text.get_ref() == u.with_text.get_ref()),
            "examples/verify.toml has no mutant {}",
            u.name.get_ref()
        );
    }
    let files =
        |m: &tla_suite::manifest::Manifest, t: &tla_suite::manifest::Trace| -> Vec<PathBuf> {
            t.file_names()
                .into_iter()
                .map(|f| canon(m.dir.join(f)))
                .collect()
        };
    for t in &mc.traces {
        let want = files(&mc, t);
        assert!(
            ex.traces.iter().any(|u| files(&ex, u) == want),
            "examples/verify.toml has no trace of {want:?}"
        );
    }
}
