//! The example suite's traces end to end: `tlacheck verify examples/verify.toml` validates its
//! `[[trace]]` entries by child `trace validate` processes, and `tlacheck trace selftest
//! verify.toml` self-tests each entry expected accepted (fixtures/trace_suite for the bad ones).

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tlacheck_in(dir: PathBuf, args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .assert()
}

fn suite_fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/trace_suite")
}

#[test]
fn verify_runs_the_example_traces_and_passes() {
    tlacheck_in(repo(), &["verify", "examples/verify.toml"])
        .code(0)
        .stdout(predicate::str::contains(
            "  ok     traces/session_log_crash_reopen.ndjson (SessionLog.tla): accepted\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     traces/thread_claim_fenced.ndjson (ThreadClaim.tla): accepted\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     traces/writer_lock_takeover.ndjson (WriterLock.tla): accepted\n",
        ))
        .stdout(predicate::str::contains(
            "  ok     traces/execution_lease_deposed.ndjson (ExecutionLease.tla): accepted\n",
        ))
        // Derived by hand in examples/impl/tests/traces.rs: event 9 is p1's unfenced start.
        .stdout(predicate::str::contains(
            "  ok     traces/thread_claim_unfenced_bug.ndjson (ThreadClaim.tla): rejected at step 9, as expected\n",
        ))
        // The MC suite's two process logs, one item (examples_mc_suite.rs has the figures).
        .stdout(predicate::str::contains(
            "  ok     mc-suite/traces/primary.ndjson + mc-suite/traces/replica.ndjson (../mc-suite/MCLogShip.tla): accepted\n",
        ));
}

#[test]
fn selftest_of_the_example_suite_passes() {
    tlacheck_in(repo(), &["trace", "selftest", "examples/verify.toml"])
        .code(0)
        .stdout(predicate::str::contains(
            "== traces/session_log_crash_reopen.ndjson (SessionLog.tla)\n",
        ))
        // The rejected entry has nothing to plant changes in: it is not self-tested.
        .stdout(predicate::str::contains("thread_claim_unfenced_bug").not())
        .stdout(predicate::str::contains(
            "the spec with StartFenced replaced by FALSE: ok, rejected at step 9\n",
        ))
        // The MC suite's merged logs, self-tested together.
        .stdout(predicate::str::contains(
            "== mc-suite/traces/primary.ndjson + mc-suite/traces/replica.ndjson (../mc-suite/MCLogShip.tla)\n",
        ))
        .stdout(predicate::str::ends_with(
            "SUITE SELFTEST PASSED (6 traces)\n",
        ));
}

#[test]
fn selftest_of_a_suite_with_a_weak_spec_fails() {
    tlacheck_in(suite_fixtures(), &["trace", "selftest", "weak.toml"])
        .code(1)
        .stdout(predicate::str::contains(
            "event 2 (line 3) dropped: FAILED: accepted\n",
        ))
        .stdout(predicate::str::ends_with(
            "SUITE SELFTEST FAILED (1 failed, 0 could not run, of 1 traces)\n",
        ));
}

#[test]
fn a_suite_selftest_that_cannot_run_exits_2() {
    tlacheck_in(
        suite_fixtures(),
        &["trace", "selftest", "only_rejected.toml"],
    )
    .code(2)
    .stderr("only_rejected.toml: no [[trace]] entry is expected accepted: nothing to self-test\n");
    tlacheck_in(suite_fixtures(), &["trace", "selftest", "missing.toml"])
        .code(2)
        .stderr(predicate::str::starts_with(
            "missing.toml: cannot read the manifest",
        ));
    tlacheck_in(suite_fixtures(), &["trace", "validate", "weak.toml"])
        .code(2)
        .stderr("trace validate: give the spec and the trace, e.g. Spec.tla trace.ndjson\n");
}
