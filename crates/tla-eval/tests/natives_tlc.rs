//! TLC, TLCExt and Randomization natives: TLC's sorting, registers, and random choice with
//! `java.util.Random` seeded as TLC seeds it (`TLCGet("config").seed`).

mod natives_common;
use natives_common::*;
use tla_eval::{Evaluator, Value};

fn seeded<'a>(spec: &'a tla_sema::Spec, seed: i64) -> Evaluator<'a> {
    let mut ev = Evaluator::new(spec);
    ev.tlc_config
        .push(("seed".into(), Value::str(&seed.to_string())));
    ev
}

const RANDOM: &str = r#"
Strings == {"a", "b", "c"}
E1 == RandomElement(1 .. 10)
E2 == RandomElement(Strings)
Sub == RandomSubset(3, 1 .. 10)
SetOfSubs == RandomSetOfSubsets(3, 2, {1, 2, 3})
Pow == RandomElement(SUBSET {1, 2, 3})
Fn == RandomElement([{1, 2} -> {7, 8, 9}])
Rec == RandomElement([a : {1}, b : {"x"}])
BadK == RandomSetOfSubsets(3, 4, {1, 2, 3})
"#;

#[test]
fn random_element_draws_as_tlc_does() {
    // new Random(42).nextDouble() = 0.7275636800328681: 1 + floor(7.27...) = 8; the next draw
    // gives index 2 of {"a", "b", "c"}.
    let spec = load("TLC, Randomization, Integers, FiniteSets", RANDOM);
    let ev = seeded(&spec, 42);
    check_with(&ev, &spec, &[("E1", "8"), ("E2", "\"c\"")]);
    let ev = seeded(&spec, 5);
    check_with(&ev, &spec, &[("Pow", "{1, 3}")]);
    let ev = seeded(&spec, 11);
    check_with(&ev, &spec, &[("Fn", "<<9, 8>>")]);
    let ev = seeded(&spec, 1);
    check_with(&ev, &spec, &[("Rec", "[a |-> 1, b |-> \"x\"]")]);
}

#[test]
fn randomization_draws_as_tlc_does() {
    let spec = load("TLC, Randomization, Integers, FiniteSets", RANDOM);
    // LCG over 0..9 with m = 18, a = 7, start nextInt(10), increment a prime of RandomGenerator.
    check_with(&seeded(&spec, 7), &spec, &[("Sub", "{4, 8, 9}")]);
    // Three coin-tossing draws with probability 2/3.
    check_with(&seeded(&spec, 7), &spec, &[("SetOfSubs", "{{3}, {1, 3}}")]);
    assert_eq!(
        error_of(&seeded(&spec, 7), &spec, "BadK"),
        "The second argument of RandomSetOfSubsets should be a nonnegative integer in range 0..Cardinality(S), but instead it is:\n4"
    );
}

#[test]
fn constant_definitions_with_random_choices_are_fixed() {
    // TLC evaluates constant definitions once at start-up, random ones included.
    let spec = load(
        "TLC, Integers",
        "R == RandomElement(1 .. 1000000)\nTwice == <<R, R>>",
    );
    let ev = seeded(&spec, 3);
    let v = value_of(&ev, &spec, "Twice").unwrap();
    let parts: Vec<&str> = v.trim_matches(['<', '>']).split(", ").collect();
    assert_eq!(parts[0], parts[1]);
}

#[test]
fn sort_seq_is_tlcs_insertion_sort() {
    check(
        "TLC, Integers, Sequences",
        r#"
Sorted == SortSeq(<<3, 1, 2>>, <)
Stable == SortSeq(<<[k |-> 1, v |-> "a"], [k |-> 1, v |-> "b"]>>, LAMBDA x, y : x.k < y.k)
NonStrict == SortSeq(<<[k |-> 1, v |-> "a"], [k |-> 1, v |-> "b"]>>, LAMBDA x, y : x.k <= y.k)
Empty == SortSeq(<<>>, <)
Combine == <<>> @@ ("a" :> 1)
Combine2 == (1 :> "x" @@ 2 :> "y") @@ (2 :> "z" @@ 3 :> "w")
"#,
        &[
            ("Sorted", "<<1, 2, 3>>"),
            (
                "Stable",
                "<<[k |-> 1, v |-> \"a\"], [k |-> 1, v |-> \"b\"]>>",
            ),
            (
                "NonStrict",
                "<<[k |-> 1, v |-> \"b\"], [k |-> 1, v |-> \"a\"]>>",
            ),
            ("Empty", "<<>>"),
            ("Combine", "[a |-> 1]"),
            ("Combine2", "<<\"x\", \"y\", \"w\">>"),
        ],
    );
}

#[test]
fn tlcext_operators() {
    let spec = load(
        "TLC, TLCExt, Integers",
        r#"
NoOp == TLCNoOp(3)
Cache == TLCCache(1 + 2, {})
Default == TLCGetOrDefault(5, "d")
Old == TLCGetAndSet(7, LAMBDA o, v : o + v, 3, 10)
New == TLCGet(7)
Old2 == TLCGetAndSet(7, LAMBDA o, v : o + v, 3, 10)
NoError == AssertError("x", 1)
Defer == TLCDefer(TRUE)
Pick == PickSuccessor(FALSE)
Tr == Trace
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("NoOp", "3"),
            ("Cache", "3"),
            ("Default", "\"d\""),
            ("Old", "10"),
            ("New", "13"),
            ("Old2", "13"),
            ("NoError", "FALSE"),
            ("Defer", "TRUE"),
            ("Pick", "TRUE"),
        ],
    );
    assert!(error_of(&ev, &spec, "Tr").contains("model checker"));
}

// Ignored until `Evaluator::member_expr` stops looking into the body of a constant definition
// whose value is kept (`x \in Edges` re-evaluates `Edges`, drawing new random numbers, where
// TLC uses the value it computed at start-up).
#[test]
#[ignore]
fn random_graph_definitions_are_evaluated_once() {
    let spec = load(
        "TLC, Integers",
        r#"
Nodes == {"n1", "n2", "n3", "n4"}
Edges == UNION { {{n, m} : m \in RandomElement(SUBSET (Nodes \ {n}))} : n \in Nodes }
Nbrs(n) == {m \in Nodes : {m, n} \in Edges}
Same == \A i \in 1 .. 20 : Edges = Edges
SameNbrs == \A n \in Nodes : \A i \in 1 .. 5 : Nbrs(n) = Nbrs(n)
"#,
    );
    let ev = seeded(&spec, 3);
    check_with(&ev, &spec, &[("Same", "TRUE"), ("SameNbrs", "TRUE")]);
}

#[test]
fn concatenation_joins_strings_as_tlc_does() {
    // TLC's Sequences.Concat joins two strings into one string (trace specs build messages
    // with it); a string and a sequence cannot be joined.
    let spec = load(
        "Sequences, TLC",
        "S == \"hit count \" \\o ToString(3)\nT == <<1>> \\o <<2>>\nBad == \"a\" \\o <<1>>",
    );
    let ev = Evaluator::new(&spec);
    check_with(&ev, &spec, &[("S", "\"hit count 3\""), ("T", "<<1, 2>>")]);
    // TLC 2026.11.29 on `ASSUME "a" \o <<1>> = 1`.
    assert_eq!(
        error_of(&ev, &spec, "Bad"),
        "Evaluating an expression of the form t \\o s when s is not a string:\n<<1>>"
    );
}

#[test]
fn stats_and_duration_have_tlc_fields() {
    // AbstractChecker.getStatistics: five fields in BFS; TLCGet("duration") whole seconds.
    let spec = load(
        "TLC, Integers",
        "D == DOMAIN TLCGet(\"stats\")\nDur == TLCGet(\"duration\") \\in 0 .. 5",
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            (
                "D",
                "{\"queue\", \"distinct\", \"generated\", \"diameter\", \"duration\"}",
            ),
            ("Dur", "TRUE"),
        ],
    );
}
