//! A state predicate checked conjunct by conjunct (`eval/conjuncts.rs`): a conjunct found
//! true is not evaluated again while the variables it reads hold the same value objects, and
//! a changed variable, however it is reached (directly, through a definition's body, through
//! an argument), brings it back.

mod natives_common;
use natives_common::*;
use tla_eval::eval::ConjunctMemo;
use tla_eval::value::Value;
use tla_eval::{Env, Evaluator};

const SPEC: &str = r#"
VARIABLES x, y, z
CONSTANT K
Pos == z > 0
Big(a) == a + z > 2
Inv == /\ x \in [{1, 2} -> 0..3]
       /\ P:: y > 0
       /\ Pos /\ Big(1)
       /\ (CHOOSE n \in 1..2 : TRUE) = 1
       /\ 1 + 1 = 2
ByConst == /\ x = x
           /\ y = K
Seen == /\ x \in [{1, 2} -> 0..3]
        /\ TLCGet("level") >= 0
"#;

fn func(a: i64, b: i64) -> Value {
    Value::tuple(vec![Value::Int(a), Value::Int(b)])
}

#[test]
fn conjuncts_are_split_and_their_variables_known() {
    let spec = load("Integers, TLC", SPEC);
    let ev = Evaluator::new(&spec);
    let inv = spec.root_def("Inv").expect("defined");
    let parts = ev.conjuncts(&spec.def(inv).body);
    // x, P:: y, Pos's z, Big(1), CHOOSE, 1 + 1 = 2: all kept.
    assert_eq!(parts.len(), 6);
    assert_eq!(parts.kept_count(), 6);
    // TLCGet's answer may change from state to state: such a predicate is left whole.
    let seen = spec.root_def("Seen").expect("defined");
    assert!(ev.conjuncts(&spec.def(seen).body).is_empty());
    // A constant not bound to a value (here: not bound at all) may stand for a definition
    // that reads variables: its conjunct's answers are not kept.
    let by_const = spec.root_def("ByConst").expect("defined");
    let parts = ev.conjuncts(&spec.def(by_const).body);
    assert_eq!((parts.len(), parts.kept_count()), (2, 1));
}

/// Runs `check` with `Inv`'s value in a state, conjunct by conjunct with one memo.
fn with_inv(defs: &str, check: impl FnOnce(&mut dyn FnMut(&[Value]) -> Option<bool>)) {
    let spec = load("Integers, TLC", defs);
    let ev = Evaluator::new(&spec);
    let inv = spec.root_def("Inv").expect("defined");
    let parts = ev.conjuncts(&spec.def(inv).body);
    let mut memo = ConjunctMemo::default();
    check(&mut |state: &[Value]| ev.conjunction_value(&parts, &mut memo, &mut Env::new(), state));
}

#[test]
fn a_kept_answer_serves_only_the_same_values() {
    with_inv(SPEC, |value| {
        let x = func(1, 2);
        let good = [x.clone(), Value::Int(1), Value::Int(5)];
        for _ in 0..2 {
            assert_eq!(value(&good), Some(true));
        }
        // Each variable changed in turn, to a value that falsifies its conjunct.
        assert_eq!(
            value(&[func(1, 9), Value::Int(1), Value::Int(5)]),
            Some(false)
        );
        assert_eq!(
            value(&[x.clone(), Value::Int(0), Value::Int(5)]),
            Some(false)
        );
        // z = 1: Pos holds, Big(1) (z read through the body of Big) does not.
        assert_eq!(
            value(&[x.clone(), Value::Int(1), Value::Int(1)]),
            Some(false)
        );
        assert_eq!(
            value(&[x.clone(), Value::Int(1), Value::Int(0)]),
            Some(false)
        );
        // An equal function in another object is evaluated again, and holds.
        assert_eq!(
            value(&[func(1, 2), Value::Int(3), Value::Int(5)]),
            Some(true)
        );
        // A failing conjunct leaves the answer (and the error) to the whole predicate; one after
        // a false conjunct is not reached, as in the conjunction evaluated left to right.
        let text = Value::str("a");
        assert_eq!(value(&[x.clone(), text.clone(), Value::Int(5)]), None);
        assert_eq!(value(&[func(1, 9), text, Value::Int(5)]), Some(false));
    });
}

const COSTLY: &str = r#"
VARIABLES x, y
Inv == /\ \A i \in {1} : ToString(x) = "1..2"
       /\ \A i \in {1} : y \in 1..i
"#;

#[test]
fn answers_kept_by_value_serve_only_the_same_value_held_the_same_way() {
    with_inv(COSTLY, |value| {
        let interval = || Value::Interval(1, 2);
        // New objects each time, equal values: the second conjunct's answers, true and false,
        // come back for them.
        for _ in 0..3 {
            assert_eq!(value(&[interval(), Value::Int(1)]), Some(true));
            assert_eq!(value(&[interval(), Value::Int(2)]), Some(false));
        }
        // The same set written out prints differently: its answer is not the interval's.
        let written_out = Value::set(vec![Value::Int(1), Value::Int(2)]).expect("a set");
        assert_eq!(written_out, interval());
        assert_eq!(value(&[written_out, Value::Int(1)]), Some(false));
        assert_eq!(value(&[interval(), Value::Int(1)]), Some(true));
    });
}
