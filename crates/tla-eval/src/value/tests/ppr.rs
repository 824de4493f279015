use super::*;
use crate::value::ppr::{ppr, ppr_value, ppr_width};

#[test]
fn short_values_are_unchanged() {
    assert_eq!(ppr("{1, 2, 3}"), "{1, 2, 3}");
    assert_eq!(ppr("[a |-> 1]"), "[a |-> 1]");
}

#[test]
fn long_sets_go_one_element_per_line() {
    let v = set((1..=40).map(int).collect());
    let text = v.to_string();
    assert!(text.len() > 80);
    let expected = format!(
        "{{ {} }}",
        (1..=40)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",\n  ")
    );
    assert_eq!(ppr(&text), expected);
    assert_eq!(ppr_value(&v), expected);
}

#[test]
fn records_put_a_value_that_does_not_fit_on_the_next_line() {
    assert_eq!(
        ppr_width("[a |-> 1, b |-> 2]", 10),
        "[ a |-> 1,\n  b |->\n      2 ]"
    );
}

#[test]
fn functions_sequences_and_nesting() {
    assert_eq!(
        ppr_width("(1 :> 2 @@ 3 :> 4)", 12),
        "( 1 :> 2 @@\n  3 :> 4 )"
    );
    assert_eq!(ppr_width("<<1, 2, 3>>", 8), "<< 1,\n   2,\n   3 >>");
    assert_eq!(
        ppr_width("{<<1, 2>>, <<3, 4>>}", 12),
        "{ <<1, 2>>,\n  <<3, 4>> }"
    );
    assert_eq!(
        ppr_width("{<<1, 2, 3>>, 4}", 9),
        "{ << 1,\n     2,\n     3 >>,\n  4 }"
    );
}

#[test]
fn text_tlc_cannot_parse_is_left_alone() {
    // '_' is not a letter or digit for TLC's parser.
    assert_eq!(ppr_width("[a_b |-> 1, c |-> 2]", 5), "[a_b |-> 1, c |-> 2]");
    // A negative interval is not recognised.
    assert_eq!(ppr_width("{-1..3, 5}", 3), "{-1..3, 5}");
    // Text after the first value.
    assert_eq!(ppr_width("1 2", 1), "1 2");
    // Escaped quotes end the string early.
    assert_eq!(ppr_width("{\"a\\\"b\", \"c\"}", 4), "{\"a\\\"b\", \"c\"}");
    assert_eq!(ppr(""), "");
}

#[test]
fn strings_and_intervals_are_constants() {
    assert_eq!(ppr_width("{\"ab\", 1..20}", 6), "{ \"ab\",\n  1..20 }");
    assert_eq!(ppr_width("{-12, 3}", 5), "{ -12,\n  3 }");
}
