//! A parameterless state-level definition is kept per state (`eval/memo.rs`); under a prime
//! it is kept for the next state, once that state is complete. Either way each state gets
//! its own value.

mod natives_common;
use natives_common::*;
use tla_eval::value::Value;
use tla_eval::{Env, Evaluator, StateView};

const SPEC: &str = r#"
VARIABLES x, y
Sum == x[1] + y
Both == <<Sum', Sum, Sum' + Sum'>>
"#;

fn pair(a: i64, b: i64) -> Vec<Value> {
    vec![Value::tuple(vec![Value::Int(a)]), Value::Int(b)]
}

#[test]
fn a_primed_definition_has_its_value_in_each_next_state() {
    let spec = load("Integers", SPEC);
    let ev = Evaluator::new(&spec);
    let both = spec.root_def("Both").expect("definition");
    let eval = |cur: &[Value], next: &[Value]| {
        let next: Vec<Option<Value>> = next.iter().cloned().map(Some).collect();
        ev.eval_def(both, &mut Env::new(), &StateView::transition(cur, &next))
            .map(|v| format!("{v}"))
            .map_err(|e| e.into_message())
    };
    let cur = pair(1, 2);
    let (a, b) = (pair(3, 4), pair(5, 6));
    for _ in 0..2 {
        assert_eq!(eval(&cur, &a).unwrap(), "<<7, 3, 14>>");
        assert_eq!(eval(&cur, &b).unwrap(), "<<11, 3, 22>>");
        assert_eq!(eval(&cur, &cur).unwrap(), "<<3, 3, 6>>");
        assert_eq!(eval(&a, &b).unwrap(), "<<11, 7, 22>>");
    }
    // A next state not yet complete is not kept: y' has no value there.
    let partial = vec![Some(Value::tuple(vec![Value::Int(9)])), None];
    let e = ev
        .eval_def(
            both,
            &mut Env::new(),
            &StateView::transition(&cur, &partial),
        )
        .unwrap_err();
    assert!(e.message.contains("y'"), "{}", e.message);
}
