//! A recursion that fails deep down reports its error once, without being evaluated again
//! level by level on the way out: each level's compiled run gives up on the error and is
//! interpreted, and were nested levels compiled again (or descended again past the depth
//! limit), the retries would double at every level.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

/// Runs `f` on a thread with a checker worker's stack (deep recursion needs it).
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no panic");
}

#[test]
fn a_recursion_past_the_depth_limit_fails_once() {
    with_big_stack(|| {
        let spec = load(
            "Integers",
            r#"
f[n \in Nat] == IF n = 0 THEN 0 ELSE 1 + f[n - 1]
RECURSIVE Op(_)
Op(n) == IF n = 0 THEN 0 ELSE 1 + Op(n - 1)
Deep == f[20100]
DeepOp == Op(20100)
Shallow == f[500] + Op(500)
"#,
        );
        let ev = Evaluator::new(&spec);
        let deep = error_of(&ev, &spec, "Deep");
        assert!(deep.contains("recursion too deep"), "{deep}");
        let op = error_of(&ev, &spec, "DeepOp");
        assert!(op.contains("recursion too deep"), "{op}");
        // The limit is lifted once the failed call has returned.
        check_with(&ev, &spec, &[("Shallow", "1000")]);
    });
}

#[test]
fn an_error_at_the_bottom_of_a_recursion_is_the_interpreters() {
    with_big_stack(|| {
        let spec = load(
            "Integers, TLC",
            r#"
f[n \in Nat] == IF n = 0 THEN Assert(FALSE, "bottom") ELSE 1 + f[n - 1]
Failing == f[300]
"#,
        );
        let compiling = Evaluator::new(&spec);
        let interpreting = Evaluator::new(&spec).interpreting_only();
        let got = error_of(&compiling, &spec, "Failing");
        assert!(got.contains("bottom"), "{got}");
        assert_eq!(got, error_of(&interpreting, &spec, "Failing"));
    });
}
