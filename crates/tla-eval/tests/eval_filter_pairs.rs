//! `{<<s, t>> \in S \X T : P}` (pairs bound from the factors, a tuple made only for a pair
//! kept) gives what the same filter gives over the product written out: the same pairs, the
//! same first error.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn a_filter_of_pairs_matches_the_filter_of_the_written_out_product() {
    let spec = load(
        "Integers, TLC",
        r#"
W(A, B) == {<<a, b>> : a \in A, b \in B}
Via == {<<s, t>> \in (1..3) \X {2, 1} : s < t}
Written == {<<s, t>> \in W(1..3, {2, 1}) : s < t}
Mixed == {<<s, t>> \in {"fp_b", "fp_a"} \X {[x |-> 1], [x |-> 2]} : s = "fp_b" /\ t.x > 1}
MixedW == {<<s, t>> \in W({"fp_b", "fp_a"}, {[x |-> 1], [x |-> 2]}) : s = "fp_b" /\ t.x > 1}
Empty == {<<s, t>> \in {} \X (1..3) : TRUE}
All == {<<s, t>> \in (1..2) \X (1..2) : TRUE} = (1..2) \X (1..2)
Three == {<<a, b, c>> \in {1} \X {2} \X {3} : a < b}
First == {<<s, t>> \in (1..2) \X (3..4) : IF s = 2 \/ t = 4 THEN Assert(FALSE, <<s, t>>) ELSE TRUE}
FirstW == {<<s, t>> \in W(1..2, 3..4) : IF s = 2 \/ t = 4 THEN Assert(FALSE, <<s, t>>) ELSE TRUE}
Arity == {<<a, b, c>> \in {1} \X {2} : TRUE}
ArityW == {<<a, b, c>> \in W({1}, {2}) : TRUE}
Infinite == {<<s, t>> \in Nat \X {1} : TRUE}
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("Via", "{<<1, 2>>}"),
            ("Written", "{<<1, 2>>}"),
            ("Mixed", r#"{<<"fp_b", [x |-> 2]>>}"#),
            ("MixedW", r#"{<<"fp_b", [x |-> 2]>>}"#),
            ("Empty", "{}"),
            ("All", "TRUE"),
            ("Three", "{<<1, 2, 3>>}"),
        ],
    );
    // The first pair in the product's order (the first factor slowest) fails first.
    let first = error_of(&ev, &spec, "First");
    assert!(first.contains("<<1, 4>>"), "{first}");
    assert_eq!(
        first.replace("First", ""),
        error_of(&ev, &spec, "FirstW").replace("FirstW", "")
    );
    let arity = error_of(&ev, &spec, "Arity");
    assert!(
        arity.contains("A tuple of 3 elements was expected"),
        "{arity}"
    );
    let infinite = error_of(&ev, &spec, "Infinite");
    assert!(infinite.contains("enumerate"), "{infinite}");
}
