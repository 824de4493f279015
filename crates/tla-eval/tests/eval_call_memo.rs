//! Calls of constant-level operators kept by argument values (`eval/call_memo.rs`): each case
//! compares a kept operator with a twin that cannot be kept (an operator parameter makes it
//! ineligible) or with figures worked out by hand, so a table returning a wrong value fails.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn kept_calls_give_the_values_of_plain_calls() {
    // `And` is Bits.tla's bit-by-bit AND (tower_of_hanoi), kept; Bitwise's `&` is native.
    // Every pair is computed twice, the second time from the table.
    check(
        "Integers, Sequences, Bitwise",
        r#"
RECURSIVE And(_, _, _, _)
And(x, y, n, m) == LET exp == 2^n
                   IN IF m = 0 THEN 0
                      ELSE exp * ((x \div exp) % 2) * ((y \div exp) % 2) + And(x, y, n+1, m \div 2)
BAnd(x, y) == And(x, y, 0, x)
Agree == \A r \in 1..2 : \A x, y \in 0..40 : BAnd(x, y) = x & y
Some == <<BAnd(12, 10), BAnd(31, 16), BAnd(7, 0), BAnd(0, 7)>>
RECURSIVE SeqSum(_)
SeqSum(s) == IF Len(s) = 0 THEN 0 ELSE Head(s) + SeqSum(Tail(s))
Weights == {SeqSum([i \in 1..3 |-> c[i] * i]) : c \in [1..3 -> -1..1]}
Again == {SeqSum([i \in 1..3 |-> c[i] * i]) : c \in [1..3 -> -1..1]}
"#,
        &[
            ("Agree", "TRUE"),
            ("Some", "<<8, 16, 0, 0>>"),
            ("Weights", "{-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6}"),
            ("Again", "{-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6}"),
        ],
    );
}

#[test]
fn arguments_equal_but_held_differently_are_different_keys() {
    // `1..3` and `{1, 2, 3}` are equal and print differently: the second call must not get
    // the first one's value back.
    check(
        "Integers",
        r#"
Keep(S) == CHOOSE T \in {S} : TRUE
Both == <<Keep(1..3), Keep({1, 2, 3}), Keep(1..3)>>
"#,
        &[("Both", "<<1..3, {1, 2, 3}, 1..3>>")],
    );
}

#[test]
fn let_operators_are_kept_by_the_outside_values_they_read() {
    // G reads k from outside: calls with the same argument under another k differ.
    check(
        "Integers",
        r#"
Outer(k) == LET G(x) == {y \in 1..x : y > k} IN <<G(3), G(3), G(2)>>
Both == <<Outer(0), Outer(2), Outer(0)>>
Closed(n) == LET B(S, m) == UNION {[1..i -> S] : i \in 0..m} IN B({n}, 2)
Seqs == <<Closed(1), Closed(2), Closed(1)>>
"#,
        &[
            ("Both", "<<<<{1, 2, 3}, {1, 2, 3}, {1, 2}>>, <<{3}, {3}, {}>>, <<{1, 2, 3}, {1, 2, 3}, {1, 2}>>>>"),
            ("Seqs", "<<{<<>>, <<1>>, <<1, 1>>}, {<<>>, <<2>>, <<2, 2>>}, {<<>>, <<1>>, <<1, 1>>}>>"),
        ],
    );
}

#[test]
fn membership_reads_a_kept_value_as_the_plain_search_does() {
    // Pairs(R) is kept by the call in Whole; the memberships after it search that value, those
    // before it decide from the body: both must agree with the set.
    check(
        "Integers",
        r#"
Pairs(R) == {<<s, t>> \in R \X R : s < t}
Before == <<<<1, 2>> \in Pairs(1..3), <<2, 1>> \in Pairs(1..3), <<1, 4>> \in Pairs(1..3)>>
Whole == Pairs(1..3)
After == <<<<1, 2>> \in Pairs(1..3), <<2, 1>> \in Pairs(1..3), <<1, 4>> \in Pairs(1..3)>>
"#,
        &[
            ("Before", "<<TRUE, FALSE, FALSE>>"),
            ("Whole", "{<<1, 2>>, <<1, 3>>, <<2, 3>>}"),
            ("After", "<<TRUE, FALSE, FALSE>>"),
        ],
    );
}

#[test]
fn errors_and_random_choices_are_never_kept() {
    let spec = load(
        "Integers, TLC",
        r#"
Inv(x) == CHOOSE y \in {1, 2} : 2 \div x = y
Draw(S) == {RandomElement(S) : i \in 1..1}
Differ == \E i \in 1..50 : Draw(1..1000) # Draw(1..1000)
Ok == Inv(1)
Fail == Inv(0)
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(&ev, &spec, &[("Ok", "2"), ("Differ", "TRUE")]);
    let first = error_of(&ev, &spec, "Fail");
    assert_eq!(error_of(&ev, &spec, "Fail"), first);
    check_with(&ev, &spec, &[("Ok", "2")]);
}

#[test]
fn call_sites_are_kept_by_the_values_their_arguments_read() {
    // Each call below builds its argument from names bound around it: the site's key must
    // hold every value the argument (and, for G, the operator) reads, through LET
    // definitions too, or a later call gets an earlier value back.
    check(
        "Integers, Sequences, FiniteSets",
        r#"
RECURSIVE SeqSum(_)
SeqSum(s) == IF Len(s) = 0 THEN 0 ELSE Head(s) + SeqSum(Tail(s))
Sums(k) == [c \in [1..2 -> 0..1] |-> SeqSum([i \in 1..2 |-> c[i] * k])]
AllSums == <<Sums(1)[<<1, 1>>], Sums(10)[<<1, 1>>], Sums(10)[<<0, 1>>], Sums(1)[<<1, 0>>]>>
Shifted(k) == LET S == {k, k + 1} IN SeqSum(<<Cardinality(S \cup {0}), k>>)
Shifts == <<Shifted(0), Shifted(5), Shifted(0)>>
Outer(k) == LET G(x) == {y \in 1..x : y > k} IN G(1 + 2)
Outers == <<Outer(0), Outer(2), Outer(0)>>
"#,
        &[
            ("AllSums", "<<2, 20, 10, 1>>"),
            ("Shifts", "<<2, 8, 2>>"),
            ("Outers", "<<{1, 2, 3}, {3}, {1, 2, 3}>>"),
        ],
    );
}

#[test]
fn a_replacement_made_after_calls_were_kept_is_seen() {
    // The model binds `N <- Size` by evaluating Size before it replaces Bar: what was kept
    // then (Upto(3) with Bar = 2) must not answer after `Bar <- One`. (Size's own value is
    // a constant computed once, before the replacement, as before.)
    let spec = load(
        "Integers",
        r#"
Bar == 2
One == 1
Upto(x) == {y \in 1..x : y <= Bar}
Size == Upto(3)
Again == Upto(3)
"#,
    );
    let mut ev = Evaluator::new(&spec);
    check_with(&ev, &spec, &[("Size", "{1, 2}")]);
    let bar = spec.root_def("Bar").expect("Bar");
    let one = spec.root_def("One").expect("One");
    ev.override_def(bar, tla_eval::OpValue::Def(one));
    check_with(&ev, &spec, &[("Again", "{1}")]);
}
