//! Runs scenarios with tracing on and compares each written trace with the committed one in
//! `examples/traces/` (validated by `tlacheck verify examples/verify.toml`'s `[[trace]]`
//! entries). Regenerate them, after a deliberate change, with
//! `TLA_TRACE_BLESS=1 cargo test -p tlacheck-examples --features tla-trace --test traces`.
#![cfg(feature = "tla-trace")]

use std::path::PathBuf;
use tlacheck_examples::execution_lease::{self, Refused as Fenced, ReplayPolicy, Store, Worker};
use tlacheck_examples::session_log::SessionLog;
use tlacheck_examples::thread_claim::{Refused, Thread};
use tlacheck_examples::writer_lock::{LockError, LockFile, Log, Writer};

fn traces_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../traces")
}

/// Runs `scenario` with the trace sink on a scratch file, then compares (or, blessing,
/// writes) `examples/traces/<name>`.
fn record(name: &str, spec: &str, scenario: impl FnOnce()) {
    let scratch = std::env::temp_dir().join(format!("tlacheck-{}-{name}", std::process::id()));
    tla_trace_emit::start(scratch.to_str().unwrap(), spec).unwrap();
    scenario();
    // The next start() replaces (and closes) this file; read it now, the writes are unbuffered.
    let written = std::fs::read_to_string(&scratch).unwrap();
    let _ = std::fs::remove_file(&scratch);
    let committed = traces_dir().join(name);
    if std::env::var_os("TLA_TRACE_BLESS").is_some() {
        std::fs::write(&committed, &written).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&committed).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (bless it, see the top of this file)",
            committed.display()
        )
    });
    assert_eq!(written, expected, "{name} differs from the committed trace");
}

fn session_log_crash_tears_the_tail_and_open_truncates_it() {
    let mut log = SessionLog::new(); // event 1
    log.append("first").unwrap(); // 2 Append
    log.fsync().unwrap(); // 3 Fsync: durable 1, acked 1
    log.append("second").unwrap(); // 4 Append: written 2
    log.crash(3); // 5 Crash: "first\nsec" survives: written 1, durable 1, torn
    log.open(); // 6 Open: the torn tail is truncated
    assert_eq!(log.bytes(), b"first\n");
}

/// p1 plans, its claim lapses, p2 claims and starts: p1's start is fenced.
fn thread_claim_lapsed_claim_fences_the_stale_start() {
    let mut t = Thread::new(); // event 1
    t.send("hello"); // 2 Send
    t.acquire(1).unwrap(); // 3 Acquire(p1)
    let m1 = t.plan(1).unwrap(); // 4 Plan(p1)
    t.tick(); // 5 Tick: p1's claim lapses
    t.acquire(2).unwrap(); // 6 Acquire(p2)
    let m2 = t.plan(2).unwrap(); // 7 Plan(p2)
    t.run_start(2, m2).unwrap(); // 8 RunStart(p2)
    assert_eq!(t.run_start(1, m1), Err(Refused::Fenced)); // 9 StartFenced(p1)
    t.finish(2); // 10 Finish(p2)
    assert_eq!(t.runs, [1]);
}

/// The same schedule with the buggy unfenced start: event 9, RunStart(p1) while p2 holds
/// the claim, is not a step of ThreadClaim.cfg (FencedStart = TRUE).
fn thread_claim_unfenced_start_consumes_twice() {
    let mut t = Thread::new();
    t.send("hello");
    t.acquire(1).unwrap();
    let m1 = t.plan(1).unwrap();
    t.tick();
    t.acquire(2).unwrap();
    let m2 = t.plan(2).unwrap();
    t.run_start(2, m2).unwrap(); // 8 RunStart(p2)
    t.start_unfenced(1, m1); // 9 RunStart(p1): the bug
    assert_eq!(t.runs, [1, 1]);
}

/// w1 writes, its lease expires, w2 takes over: w1 notices it was deposed, w2 writes and
/// releases.
fn writer_lock_takeover_after_expiry() {
    let mut lock = LockFile::new(); // event 1
    let (mut w1, mut w2, mut log) = (Writer::new(1), Writer::new(2), Log::default());
    assert_eq!(lock.acquire(&mut w1), Ok(1)); // 2 Acquire(w1): gen 1
    lock.write(&w1, &mut log, "a").unwrap(); // 3 Write(w1): lastGen 1
    lock.expire(); // 4 Expire
    assert_eq!(lock.acquire(&mut w2), Ok(2)); // 5 Acquire(w2): gen 2
    assert_eq!(
        lock.write(&w1, &mut log, "stale"),
        Err(LockError::Fenced {
            write: 1,
            current: 2
        })
    ); // refused: no event
    assert!(lock.notice(&mut w1)); // 6 Notice(w1)
    lock.write(&w2, &mut log, "b").unwrap(); // 7 Write(w2): lastGen 2
    lock.release(&mut w2).unwrap(); // 8 Release(w2)
}

/// w1 starts the step, its lease expires, it runs the effect anyway; w2 claims and abandons
/// the step (policy Never); w1's commit is refused.
fn execution_lease_deposed_worker_is_fenced() {
    let (mut s, mut effects) = (Store::new(), 0); // event 1
    let (mut w1, mut w2) = (Worker::new(1), Worker::new(2));
    s.claim(&mut w1).unwrap(); // 2 Claim(w1): leaseGen 1
    s.start_step(&w1).unwrap(); // 3 Start(w1): running, stepGen 1
    s.expire(); // 4 Expire
    execution_lease::run_effect(&mut s, &mut effects); // 5 Effect: effects 1
    s.claim(&mut w2).unwrap(); // 6 Claim(w2): leaseGen 2
    assert_eq!(s.recover_step(&w2, ReplayPolicy::Never), Ok(false)); // 7 Recover(w2): abandoned
    assert_eq!(s.commit_step(&w1), Err(Fenced::Fenced)); // 8 CommitRefused(w1)
    assert_eq!(effects, 1);
}

// One test: the trace sink is global to the process, so the scenarios run one after another.
#[test]
fn scenarios_write_the_committed_traces() {
    record(
        "session_log_crash_reopen.ndjson",
        "SessionLog",
        session_log_crash_tears_the_tail_and_open_truncates_it,
    );
    record(
        "thread_claim_fenced.ndjson",
        "ThreadClaim",
        thread_claim_lapsed_claim_fences_the_stale_start,
    );
    record(
        "writer_lock_takeover.ndjson",
        "WriterLock",
        writer_lock_takeover_after_expiry,
    );
    record(
        "execution_lease_deposed.ndjson",
        "ExecutionLease",
        execution_lease_deposed_worker_is_fenced,
    );
    record(
        "thread_claim_unfenced_bug.ndjson",
        "ThreadClaim",
        thread_claim_unfenced_start_consumes_twice,
    );
}
