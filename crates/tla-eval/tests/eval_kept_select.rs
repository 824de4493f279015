//! `SelectSeq(s, Test)` is kept for the same sequence object and the same test definition
//! (`eval/kept_select.rs`): another test, another sequence, or a LAMBDA is applied afresh.

mod natives_common;
use natives_common::*;

#[test]
fn select_seq_is_kept_only_for_the_same_sequence_and_test() {
    check(
        "Integers, Sequences",
        r#"
S == <<1, 2, 3, 4>>
T == <<4, 3, 2, 1>>
Even(x) == x % 2 = 0
Odd(x) == x % 2 = 1
Tests == << SelectSeq(S, Even), SelectSeq(S, Odd), SelectSeq(S, Even), SelectSeq(T, Even) >>
Closures == [k \in 1..3 |-> SelectSeq(S, LAMBDA x : x > k)]
Bad == SelectSeq(S, LAMBDA x : x)
"#,
        &[
            ("Tests", "<<<<2, 4>>, <<1, 3>>, <<2, 4>>, <<4, 2>>>>"),
            ("Closures", "<<<<2, 3, 4>>, <<3, 4>>, <<4>>>>"),
        ],
    );
}

#[test]
fn a_failing_test_is_not_kept() {
    let spec = load(
        "Integers, Sequences",
        r#"
S == <<1, 2>>
Bad == SelectSeq(S, LAMBDA x : x)
"#,
    );
    let ev = tla_eval::Evaluator::new(&spec);
    for _ in 0..2 {
        let e = error_of(&ev, &spec, "Bad");
        assert!(e.contains("non-Boolean"), "{e}");
    }
}
