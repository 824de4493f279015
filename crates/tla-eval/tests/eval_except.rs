//! EXCEPT with several updates and nested paths: a function built by the EXCEPT itself is
//! updated in place, so these check that no value shared with anything else changes.

mod natives_common;
use natives_common::*;

#[test]
fn later_updates_see_earlier_ones_and_leave_shared_values_alone() {
    check(
        "Integers, Sequences",
        r#"
F == [i \in 1..3 |-> i]
Twice == [F EXCEPT ![1] = @ + 1, ![1] = @ * 10]
Both == <<F, [F EXCEPT ![1] = 7, ![3] = @ + F[1]]>>
G == <<1, 2>>
R == [a |-> G, b |-> G]
Nested == <<R, [R EXCEPT !.a[1] = 9, !.b[2] = 8], G>>
Deep == [[x |-> [y |-> <<0, 0>>]] EXCEPT !.x.y[2] = 5, !.x.y[1] = @ + 3]
Outside == [F EXCEPT ![1] = 5, ![9] = 6]
"#,
        &[
            ("Twice", "<<20, 2, 3>>"),
            ("Both", "<<<<1, 2, 3>>, <<7, 2, 4>>>>"),
            (
                "Nested",
                "<<[a |-> <<1, 2>>, b |-> <<1, 2>>], [a |-> <<9, 2>>, b |-> <<1, 8>>], <<1, 2>>>>",
            ),
            ("Deep", "[x |-> [y |-> <<3, 5>>]]"),
            ("Outside", "<<5, 2, 3>>"),
        ],
    );
}
