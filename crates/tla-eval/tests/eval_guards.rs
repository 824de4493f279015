//! An operator whose body begins with conjuncts reading only its arguments keeps their
//! answer for the same argument values (`eval/guards.rs`): the rest of the body is still
//! evaluated in each state, and a LET operator, which may read names bound around it, keeps
//! nothing. An argument that is a LET name (a trace spec's `logline`) is matched in place.

mod natives_common;
use natives_common::*;
use tla_eval::value::Value;
use tla_eval::{Env, Evaluator, StateView};

const SPEC: &str = r#"
VARIABLE x
Line == [event |-> "<", b |-> 2]
Other == [event |-> ">", b |-> 2]
G(l) == /\ l.event = "<"
        /\ x = l.b
Checks == << G(Other), G(Line), G(Other), G(Line),
             \A k \in {1} : LET o == [Other EXCEPT !.b = k + 1]
                                l == [Line EXCEPT !.b = k + 1]
                            IN  ~G(o) /\ G(l) /\ ~G(o) /\ G(l),
             \E n \in 1..3 : LET F(v) == /\ v = n
                                         /\ x >= 0
                             IN F(2),
             \A n \in 1..3 : LET F(v) == /\ v # n
                                         /\ x >= 0
                             IN F(2) >>
"#;

#[test]
fn guards_answer_for_the_same_arguments_and_the_rest_follows_the_state() {
    let spec = load("Integers", SPEC);
    let ev = Evaluator::new(&spec);
    let checks = spec.root_def("Checks").expect("definition");
    let eval = |x: i64| {
        ev.eval_def(checks, &mut Env::new(), &StateView::state(&[Value::Int(x)]))
            .map(|v| format!("{v}"))
            .map_err(|e| e.into_message())
    };
    for _ in 0..2 {
        for x in 0..4 {
            let g = x == 2;
            assert_eq!(
                eval(x).unwrap(),
                format!("<<FALSE, {g}, FALSE, {g}, {g}, TRUE, FALSE>>").to_uppercase(),
                "x = {x}"
            );
        }
    }
}
