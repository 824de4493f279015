//! Evaluation that avoids building values TLC does not build: a function written as an
//! expression is applied at one point only, membership is decided from the form of the set.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn function_constructors_are_applied_at_one_point() {
    check(
        "Integers, Sequences",
        r#"
Double == [n \in Nat |-> 2 * n]
AtThree == Double[3]
\* The point 2 would divide by zero; TLC does not evaluate it either.
Partial == [x \in 1..3 |-> 6 \div (x - 2)][3]
Op(k) == [x \in 1..k |-> x * k]
ViaOp == Op(4)[2]
ViaLet == LET f == [x, y \in 1..3 |-> x - y] IN f[3, 1]
ViaIf(b) == (IF b THEN [x \in 1..2 |-> "t"] ELSE [x \in 1..2 |-> "f"])[1]
Picked == <<ViaIf(TRUE), ViaIf(FALSE)>>
Tuples == [<<a, b>> \in {<<1, 2>>, <<3, 4>>} |-> a + b][<<3, 4>>]
"#,
        &[
            ("AtThree", "6"),
            ("Partial", "6"),
            ("ViaOp", "8"),
            ("ViaLet", "2"),
            ("Picked", "<<\"t\", \"f\">>"),
            ("Tuples", "7"),
        ],
    );
}

#[test]
fn recursive_closures_stay_polynomial() {
    // Each level applies the previous one at single points: built whole at every level, as
    // before, this takes (25 * 9)^6 steps.
    check(
        "Integers, FiniteSets",
        r#"
S == 1..5
R == [x, y \in S |-> y = x + 1]
Closure ==
  LET trcl[n \in Nat] ==
        [x, y \in S |-> IF n = 0 THEN R[x, y]
                        ELSE \/ trcl[n-1][x, y]
                             \/ \E z \in S : trcl[n-1][x, z] /\ trcl[n-1][z, y]]
  IN trcl[6]
Reach == Closure[1, 5] /\ ~Closure[5, 1]
"#,
        &[("Reach", "TRUE")],
    );
}

#[test]
fn recursive_let_functions_keep_their_points() {
    // Point by point without keeping them, Fib takes ~10^8 applications and Count 3^40.
    // Tower's F depends on n, Ks's F on j: the instances of F opened by the recursion must
    // not share points (sharing gives Tower(3) = 7).
    check(
        "Integers, FiniteSets",
        r#"
Fib == LET F[i \in 0..60] == IF i < 2 THEN i ELSE F[i-1] + F[i-2] IN F[40]
Count(S) == LET F[i \in 0..40] == IF i = 0 THEN Cardinality(S) ELSE F[i-1] + F[i-1] - F[i-1]
            IN F[40]
Counts == <<Count({1, 2, 3}), Count({})>>
RECURSIVE Tower(_)
Tower(n) == LET F[i \in 0..2] == IF i = 0 THEN n
                                 ELSE (IF n = 0 THEN 0 ELSE Tower(n-1)) + F[i-1]
            IN F[2]
Towers == <<Tower(0), Tower(1), Tower(2), Tower(3)>>
Ks == LET K[j \in 0..3] ==
            LET F[i \in 0..2] == IF i = 0 THEN j ELSE (IF j = 0 THEN 0 ELSE K[j-1]) + F[i-1]
            IN F[2]
      IN <<K[0], K[1], K[2], K[3]>>
"#,
        &[
            ("Fib", "102334155"),
            ("Counts", "<<3, 0>>"),
            ("Towers", "<<0, 1, 4, 11>>"),
            ("Ks", "<<0, 1, 4, 11>>"),
        ],
    );
}

#[test]
fn recursive_let_functions_reading_an_operator_keep_their_points() {
    // F reads the operator parameter R: point by point, Paths takes 3^40 applications. In
    // Nest, F reads only H, bound at each level to G closed over another k: an instance must
    // not read the points of the instance around it (0 + 1 + 2 + 3; sharing gives less).
    // Scaled and Shifted apply F one after the other, with operators closed over k.
    check(
        "Integers",
        r#"
Paths(R(_, _), n) == LET F[i \in 0..n] == IF i = 0 THEN 1
                                         ELSE F[i-1] + F[i-1] - F[i-1] + (IF R(i, n) THEN 1 ELSE 0)
                     IN F[n]
Less(a, b) == a < b
Both == <<Paths(Less, 40), Paths(LAMBDA a, b : a = b, 40)>>
RECURSIVE Nest(_)
Nest(k) == LET G(x) == x + k
               Use(H(_)) == LET F[i \in 0..1] == IF i = 0 THEN H(0)
                                                ELSE F[i-1] + (IF H(0) >= 3 THEN 0 ELSE Nest(H(0) + 1))
                            IN F[1]
           IN Use(G)
Nested == Nest(0)
Apply(G(_), n) == LET F[i \in 0..n] == IF i = 0 THEN G(0) ELSE F[i-1] + G(i) IN F[n]
Scaled == [k \in 1..3 |-> LET G(x) == x * k IN Apply(G, 2)]
Shifted == LET G(x) == x + 1 IN [k \in 1..3 |-> Apply(G, 2) + k]
"#,
        &[
            ("Both", "<<40, 2>>"),
            ("Nested", "6"),
            // Each G reads its own k: a table set aside by one application of F must not
            // serve the next (sharing gives <<3, 3, 3>>).
            ("Scaled", "<<3, 6, 9>>"),
            // G is captured with k, which it does not read: the tables may be shared.
            ("Shifted", "<<7, 8, 9>>"),
        ],
    );
}

#[test]
fn choose_takes_the_first_element_without_building_the_set() {
    // TLC's CHOOSE takes the first element in normalized order (a function set: values
    // compared in domain order, the last varying fastest; SUBSET: by size, then elements).
    // These sets have 3^20 and 4^20 elements: building them first does not finish.
    check(
        "Integers",
        r#"
Last == CHOOSE f \in [1..20 -> 1..3] : f[20] = 2
Sets == CHOOSE f \in [1..20 -> SUBSET {1, 2}] : f[19] = {2} /\ f[20] = {1}
"#,
        &[
            (
                "Last",
                "<<1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2>>",
            ),
            (
                "Sets",
                "<<{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {2}, {1}>>",
            ),
        ],
    );
}

// TLC 2026.11.29 on `ASSUME PrintT([x \in 1..3 |-> x][4])`: the function applied where it is
// written is TLC's lazy FcnLambdaValue, whose error reads "In applying the function ...".
#[test]
fn applying_outside_the_domain_fails_as_tlc_fails() {
    let spec = load(
        "Integers",
        r#"
Out == [x \in 1..3 |-> x][4]
"#,
    );
    let ev = Evaluator::new(&spec);
    assert_eq!(
        error_of(&ev, &spec, "Out"),
        "In applying the function\n<<1, 2, 3>>,\nthe first argument is:\n4\nwhich is not in its domain.\n"
    );
}

#[test]
fn membership_without_building_the_set() {
    check(
        "Integers, Sequences",
        r#"
Bounded(S, n) == UNION {[1..i -> S] : i \in 0..n}
InUnion == <<1, 0, 1>> \in Bounded({0, 1}, 3)
NotInUnion == <<1, 0, 1, 1>> \in Bounded({0, 1}, 3)
Rec == [a |-> 1] \in [a : {1}, b : {2}]
\* TLC searches a set written out with `ei.equals(x)`, in order.
Written == 1 \in {1, "a"}
"#,
        &[
            ("InUnion", "TRUE"),
            ("NotInUnion", "FALSE"),
            ("Rec", "FALSE"),
            ("Written", "TRUE"),
        ],
    );
    let spec = load("Integers", "Mixed == \"a\" \\in {1, \"a\"}");
    let ev = Evaluator::new(&spec);
    assert_eq!(
        error_of(&ev, &spec, "Mixed"),
        "Attempted to check equality of integer 1 with non-integer:\n\"a\""
    );
}

#[test]
fn membership_in_tuple_filters_and_let_without_building_the_set() {
    // As TLC's SetPredValue.member: `x \in {<<a, b>> \in S : P}` is x \in S and P for x's
    // components, also through LET and an operator's body. Nat \X Nat cannot be enumerated,
    // so each of these fails if the set is built.
    check(
        "Integers",
        r#"
Less(k) == LET S == 0..k IN {<<a, b>> \in Nat \X S : a < b}
InOp == <<1, 3>> \in Less(5)
NotInOp == <<3, 1>> \in Less(5)
OutOfBound == <<1, 7>> \in Less(5)
InLet == <<2, 1>> \in LET T == Nat \X Nat IN {<<a, b>> \in T : a > b}
NotInLet == <<1, 2>> \in LET T == Nat \X Nat IN {<<a, b>> \in T : a > b}
"#,
        &[
            ("InOp", "TRUE"),
            ("NotInOp", "FALSE"),
            ("OutOfBound", "FALSE"),
            ("InLet", "TRUE"),
            ("NotInLet", "FALSE"),
        ],
    );
}

#[test]
fn let_definitions_kept_for_the_run_only_when_closed() {
    check(
        "Integers",
        r#"
Shift(p) == LET d == p + 1 IN d
Shifts == <<Shift(1), Shift(2)>>
Doubles == {LET y == x * 2 IN y : x \in 1..3}
Nested(k) == LET z == {LET w == x IN w + k : x \in 1..2}
                 c == {x \in 1..3 : x > 1}
             IN <<z, c>>
Both == <<Nested(0), Nested(10)>>
Excepted == [[i \in 1..2 |-> i] EXCEPT ![1] = LET a == @ + 5 IN a]
Pick(S, P(_)) == CHOOSE x \in S : P(x)
Outer(k) == LET r == Pick(1..3, LAMBDA x : x = k) IN r
Picks == <<Outer(1), Outer(2)>>
"#,
        &[
            ("Shifts", "<<2, 3>>"),
            ("Doubles", "{2, 4, 6}"),
            ("Both", "<<<<{1, 2}, {2, 3}>>, <<{11, 12}, {2, 3}>>>>"),
            ("Excepted", "<<6, 2>>"),
            ("Picks", "<<1, 2>>"),
        ],
    );
}
