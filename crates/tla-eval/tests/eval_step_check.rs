//! A step check (an action property, an action constraint) takes the value of a definition
//! under a prime from the values kept by the fingerprint of the variables it reads
//! (`eval/memo.rs`, `ByValues`): each next state still gets its own answer, a check that can
//! print a value keeps nothing, and an error is the one the check gives without kept values.

mod natives_common;
use natives_common::*;
use tla_eval::value::Value;
use tla_eval::{EResult, Env, Evaluator, StateView};
use tla_sema::ir::Expr;

const SPEC: &str = r#"
VARIABLES x, y
D == x
Prop == y' = Cardinality(D')
Shown == ToString(D') = "1..3"
Broken == D' + y' = 0
"#;

fn state(x: Value, y: i64) -> Vec<Option<Value>> {
    vec![Some(x), Some(Value::Int(y))]
}

fn interval(lo: i64, hi: i64) -> Value {
    Value::Interval(lo, hi)
}

fn written_out(elems: &[i64]) -> Value {
    Value::set(elems.iter().map(|&n| Value::Int(n)).collect()).expect("a set")
}

/// Runs `f` with an evaluator of `SPEC` and the body of its definition `name`.
fn with_check(name: &str, f: impl FnOnce(&Evaluator, &Expr)) {
    let spec = load("Integers, FiniteSets, TLC", SPEC);
    let ev = Evaluator::new(&spec);
    f(&ev, &spec.def(spec.root_def(name).expect("defined")).body);
}

/// `check` on the step from x = 1..3, y = 3 to `next`: as a step check (`kept`), or alone.
fn on_step(ev: &Evaluator, check: &Expr, next: &[Option<Value>], kept: bool) -> EResult<bool> {
    let cur = [interval(1, 3), Value::Int(3)];
    let sv = StateView::transition(&cur, next);
    if kept {
        ev.eval_step_check(check, &mut Env::new(), &sv)
    } else {
        ev.eval_bool(check, &mut Env::new(), &sv)
    }
}

#[test]
fn each_next_state_gets_its_own_answer() {
    with_check("Prop", |ev, prop| {
        assert!(ev.step_check_by_values(prop));
        let check = |next: &[Option<Value>]| on_step(ev, prop, next, true).expect("evaluates");
        for _ in 0..2 {
            assert!(check(&state(interval(1, 3), 3)));
            assert!(!check(&state(interval(1, 3), 2)));
            assert!(check(&state(interval(1, 2), 2)));
            // Equal to 1..3, held otherwise: the value kept for 1..3 serves, and answers alike.
            assert!(check(&state(written_out(&[1, 2, 3]), 3)));
            assert!(!check(&state(written_out(&[1, 2, 3, 4]), 3)));
        }
    });
}

#[test]
fn a_check_that_prints_a_value_keeps_nothing() {
    // The value kept for x = 1..3 would print `1..3` for x = {1, 2, 3} too.
    with_check(
        "Shown",
        |ev, shown| assert!(!ev.step_check_by_values(shown)),
    );
    with_check("Prop", |ev, prop| assert!(ev.step_check_by_values(prop)));
}

#[test]
fn an_error_is_the_one_without_kept_values() {
    with_check("Broken", |ev, broken| {
        assert!(ev.step_check_by_values(broken));
        let error = |next: &[Option<Value>], kept| {
            on_step(ev, broken, next, kept)
                .expect_err("adds a set to a number")
                .into_message()
        };
        // D for x = 1..3 is kept; x = {1, 2, 3} is equal, but its D is printed as its own.
        let first = error(&state(interval(1, 3), 3), true);
        let second = error(&state(written_out(&[1, 2, 3]), 3), true);
        let alone = error(&state(written_out(&[1, 2, 3]), 3), false);
        assert_eq!(second, alone);
        assert_ne!(first, second, "the two Ds are printed differently: {first}");
    });
}
