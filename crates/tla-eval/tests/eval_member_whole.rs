//! `x \in D` for a state-level definition cheap to build whole (`eval/member_whole.rs`): the
//! set is built once per state and searched; answers are those of the set, per state, and a
//! set that fails to build is still decided from its form.

mod natives_common;
use natives_common::*;
use tla_eval::value::Value;
use tla_eval::{Env, Evaluator, StateView};

const SPEC: &str = r#"
VARIABLES alloc, v
Clients == {"a", "b", "c"}
Resources == {1, 2, 3, 4}
available == Resources \ (UNION {alloc[c] : c \in Clients})
Ask == <<1 \in available, 2 \in available, 4 \in available, {1, 4} \subseteq available,
         3 \notin available, available>>
Partial == {1, 2} \cup {v[5]}
AskPartial == <<1 \in Partial, 2 \in Partial>>
Fails == 3 \in Partial
First == <<[a |-> {1}, b |-> {}, c |-> {3}], <<7, 8, 9>>>>
Second == <<[a |-> {}, b |-> {2}, c |-> {}], <<7, 8, 9>>>>
"#;

fn eval_in(
    ev: &Evaluator,
    spec: &tla_sema::Spec,
    name: &str,
    state: &[Value],
) -> Result<String, String> {
    let d = spec.root_def(name).expect("definition");
    ev.eval_def(d, &mut Env::new(), &StateView::state(state))
        .map(|v| format!("{v}"))
        .map_err(|e| e.into_message())
}

fn state(ev: &Evaluator, spec: &tla_sema::Spec, name: &str) -> Vec<Value> {
    let d = spec.root_def(name).expect("definition");
    let v = ev
        .eval_def(d, &mut Env::new(), &StateView::constant())
        .expect("state value");
    v.as_func().expect("a tuple").values().to_vec()
}

#[test]
fn membership_in_a_state_set_answers_per_state() {
    let spec = load("Integers", SPEC);
    let ev = Evaluator::new(&spec);
    let first = state(&ev, &spec, "First");
    let second = state(&ev, &spec, "Second");
    let want_first = "<<FALSE, TRUE, TRUE, FALSE, TRUE, {2, 4}>>";
    let want_second = "<<TRUE, FALSE, TRUE, TRUE, FALSE, {1, 3, 4}>>";
    for _ in 0..2 {
        assert_eq!(eval_in(&ev, &spec, "Ask", &first).unwrap(), want_first);
        assert_eq!(eval_in(&ev, &spec, "Ask", &second).unwrap(), want_second);
    }
}

#[test]
fn a_set_that_fails_to_build_is_decided_from_its_form() {
    // Building Partial applies v outside its domain; `1 \in Partial` does not need it (TLC's
    // lazy union answers from {1, 2}), `3 \in Partial` does and fails.
    let spec = load("Integers", SPEC);
    let ev = Evaluator::new(&spec);
    let first = state(&ev, &spec, "First");
    for _ in 0..2 {
        assert_eq!(
            eval_in(&ev, &spec, "AskPartial", &first).unwrap(),
            "<<TRUE, TRUE>>"
        );
        let e = eval_in(&ev, &spec, "Fails", &first).unwrap_err();
        assert!(e.contains("out of bounds"), "{e}");
    }
}
