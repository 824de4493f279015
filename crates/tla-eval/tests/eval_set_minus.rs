//! `S \ T` when S is a range (walked without being built) gives what it gives for the same
//! set written out: the same elements in the same order, and the same errors.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn set_difference_from_a_range_matches_the_written_out_set() {
    let spec = load(
        "Integers",
        r#"
Minus(n) == (1..n) \ {2, 4}
Written == {1, 2, 3, 4, 5} \ {2, 4}
Empty == (3..1) \ {1}
Ranges == (1..4) \ (2..3)
Chosen == CHOOSE x \in (1..5) \ {1} : TRUE
BadRange == (1..3) \ {"a"}
BadWritten == {1, 2, 3} \ {"a"}
M5 == Minus(5)
Same == Minus(5) = Written
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("M5", "{1, 3, 5}"),
            ("Written", "{1, 3, 5}"),
            ("Same", "TRUE"),
            ("Empty", "{}"),
            ("Ranges", "{1, 4}"),
            ("Chosen", "2"),
        ],
    );
    let from_range = error_of(&ev, &spec, "BadRange");
    assert!(!from_range.is_empty());
    assert_eq!(from_range, error_of(&ev, &spec, "BadWritten"));
}
