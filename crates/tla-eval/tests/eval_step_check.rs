//! A step check (an action property, an action constraint) takes the value of a definition
//! under a prime from the values kept by the fingerprint of the variables it reads
//! (`eval/memo.rs`, `ByValues`): each next state still gets its own answer, a check that can
//! print a value keeps nothing, and an error is the one the check gives without kept values.

mod natives_common;
use natives_common::*;
use tla_eval::value::Value;
use tla_eval::{Env, Evaluator, StateView};

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

#[test]
fn each_next_state_gets_its_own_answer() {
    let spec = load("Integers, FiniteSets, TLC", SPEC);
    let ev = Evaluator::new(&spec);
    let prop = &spec.def(spec.root_def("Prop").expect("defined")).body;
    assert!(ev.step_check_by_values(prop));
    let cur = [interval(1, 3), Value::Int(3)];
    let check = |next: &[Option<Value>]| {
        ev.eval_step_check(prop, &mut Env::new(), &StateView::transition(&cur, next))
            .expect("evaluates")
    };
    for _ in 0..2 {
        assert!(check(&state(interval(1, 3), 3)));
        assert!(!check(&state(interval(1, 3), 2)));
        assert!(check(&state(interval(1, 2), 2)));
        // Equal to 1..3, held otherwise: the value kept for 1..3 serves, and answers alike.
        assert!(check(&state(written_out(&[1, 2, 3]), 3)));
        assert!(!check(&state(written_out(&[1, 2, 3, 4]), 3)));
    }
}

#[test]
fn a_check_that_prints_a_value_keeps_nothing() {
    let spec = load("Integers, FiniteSets, TLC", SPEC);
    let ev = Evaluator::new(&spec);
    let check = |name| {
        let body = &spec.def(spec.root_def(name).expect("defined")).body;
        ev.step_check_by_values(body)
    };
    // The value kept for x = 1..3 would print `1..3` for x = {1, 2, 3} too.
    assert!(!check("Shown"));
    assert!(check("Prop"));
}

#[test]
fn an_error_is_the_one_without_kept_values() {
    let spec = load("Integers, FiniteSets, TLC", SPEC);
    let ev = Evaluator::new(&spec);
    let broken = &spec.def(spec.root_def("Broken").expect("defined")).body;
    assert!(ev.step_check_by_values(broken));
    let cur = [interval(1, 3), Value::Int(3)];
    let error = |next: &[Option<Value>]| {
        ev.eval_step_check(broken, &mut Env::new(), &StateView::transition(&cur, next))
            .expect_err("adds a set to a number")
            .into_message()
    };
    // D for x = 1..3 is kept; x = {1, 2, 3} is equal, but its D is printed as its own.
    let first = error(&state(interval(1, 3), 3));
    let second = error(&state(written_out(&[1, 2, 3]), 3));
    let alone = ev
        .eval_bool(
            broken,
            &mut Env::new(),
            &StateView::transition(&cur, &state(written_out(&[1, 2, 3]), 3)),
        )
        .expect_err("adds a set to a number")
        .into_message();
    assert_eq!(second, alone);
    assert_ne!(first, second, "the two Ds are printed differently: {first}");
}
