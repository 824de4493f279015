//! Formulas answered as Booleans directly give the values and errors of evaluating them to values.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn formulas_keep_their_values_short_circuits_and_errors() {
    let spec = load(
        "Integers",
        r#"
F1 == (1 \in {1, 2}) /\ ~(3 \in {1, 2}) /\ (2 # 3) /\ (3 \notin {1})
F2 == (\A x \in 1..3 : x > 0) /\ (\E x \in 1..3 : x = 2) /\ ~(\E x \in {} : TRUE)
F3 == <<FALSE => 1, TRUE \/ 1, FALSE /\ 1, (1 = 2) /\ ("a" = 1)>>
F4 == \/ FALSE
      \/ /\ TRUE
         /\ 2 > 1
E1 == TRUE /\ 1
E2 == ~(1 = "a")
E3 == \A x \in {1} : x
E4 == \/ FALSE
      \/ 7
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("F1", "TRUE"),
            ("F2", "TRUE"),
            ("F3", "<<TRUE, TRUE, FALSE, FALSE>>"),
            ("F4", "TRUE"),
        ],
    );
    const NOT_BOOL: &str = "A non-boolean expression (an integer) was used as a formula";
    for (name, says) in [
        ("E1", NOT_BOOL),
        (
            "E2",
            "Attempted to check equality of integer 1 with non-integer",
        ),
        ("E3", NOT_BOOL),
        ("E4", NOT_BOOL),
    ] {
        let e = error_of(&ev, &spec, name);
        assert!(e.contains(says), "{name}: {e}");
    }
}
