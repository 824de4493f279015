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

/// `S \ {p}` and `S \cap {p}` for a bound name p are answered without building `{p}`; the
/// elements, their order and the errors are the general way's (`{p} \cup {}` takes it).
#[test]
fn a_bound_name_taken_out_of_a_set_gives_what_the_general_way_gives() {
    let spec = load(
        "Integers",
        r#"
Names == {"c", "a", "b"}
Others == [p \in 1..3 |-> (1..3) \ {p}]
OthersWritten == [p \in 1..3 |-> {1, 2, 3} \ {p}]
OthersNamed == [p \in Names |-> Names \ {p}]
OthersNamedGeneral == [p \in Names |-> Names \ ({p} \cup {})]
Only == [p \in 1..3 |-> (1..3) \cap {p}]
Outside == [p \in {7} |-> (1..3) \ {p}]
Pairs == [p \in {<<1>>} |-> {<<1>>, <<2>>} \ {p}]
Quantified == \A p \in 1..3 : \E q \in (1..3) \ {p} : q # p
BadBound == [p \in {"a"} |-> (1..3) \ {p}]
BadBoundGeneral == [p \in {"a"} |-> (1..3) \ ({p} \cup {})]
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("Others", "<<{2, 3}, {1, 3}, {1, 2}>>"),
            ("OthersWritten", "<<{2, 3}, {1, 3}, {1, 2}>>"),
            ("Only", "<<{1}, {2}, {3}>>"),
            ("Outside", "(7 :> {1, 2, 3})"),
            ("Pairs", "(<<1>> :> {<<2>>})"),
            ("Quantified", "TRUE"),
        ],
    );
    let named = value_of(&ev, &spec, "OthersNamed");
    assert_eq!(named, value_of(&ev, &spec, "OthersNamedGeneral"));
    // Integers against a string: TLC's comparison error, as the general way gives it.
    let bad = error_of(&ev, &spec, "BadBound");
    assert!(bad.contains("non-integer"), "{bad}");
    assert_eq!(bad, error_of(&ev, &spec, "BadBoundGeneral"));
}
