//! Values TLC keeps lazily: sets it never enumerates: `S \cap {i \in Int : P}`, `DOMAIN` of a
//! function over `Int`, `Seq({n \in Int : P})`, `SUBSET A \subseteq SUBSET B`, and strings
//! taken as sequences by Len, Tail and SubSeq.
//!
//! Every expected value is TLC's: the definitions below were printed by TLC 2026.11.29 with
//! `ASSUME PrintT(<<CapLeft, CapRight, ...>>)` in a module extending the same standard modules
//! (`java -cp tla2tools.jar tlc2.TLC -workers 1 LZ`).

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

const LAZY: &str = r#"
Big == {i \in Int : i > 2}
CapLeft == {1, 2, 3, 4} \cap Big
CapRight == Big \cap (0..5)
Minus == (1..6) \ {i \in Int : i % 2 = 0}
NatCap == Nat \cap {-1, 0, 7}
f1[i \in Int] == i + 3
Dom == DOMAIN f1
DomIn == <<5 \in DOMAIN f1, -5 \in DOMAIN [n \in Nat |-> n]>>
DomSub == {1, 2} \in DOMAIN [T \in SUBSET Int |-> T \cup {1}]
DomPair == <<1, "a">> \in DOMAIN [i \in Int, s \in STRING |-> i]
SeqIn == <<<<1, 2>> \in Seq({n \in Int : n < 22}), <<1, 30>> \in Seq({n \in Int : n < 22})>>
Sub1 == SUBSET (1..20) \subseteq SUBSET (0..40)
Sub2 == SUBSET (1..40) \subseteq SUBSET (2..40)
Sub3 == SUBSET {1} \subseteq SUBSET Nat
"#;

#[test]
fn a_lazy_operand_of_cap_or_minus_is_asked_for_membership() {
    check(
        "Integers, Sequences, FiniteSets",
        LAZY,
        &[
            ("CapLeft", "{3, 4}"),
            ("CapRight", "{3, 4, 5}"),
            ("Minus", "{1, 3, 5}"),
            ("NatCap", "{0, 7}"),
        ],
    );
}

#[test]
fn the_domain_of_a_function_over_an_infinite_set_is_its_bound() {
    check(
        "Integers, Sequences, FiniteSets",
        LAZY,
        &[
            ("Dom", "Int"),
            ("DomIn", "<<TRUE, FALSE>>"),
            ("DomSub", "TRUE"),
            ("DomPair", "TRUE"),
            ("SeqIn", "<<TRUE, FALSE>>"),
        ],
    );
}

#[test]
fn power_sets_compare_by_their_bases() {
    // 2^40 subsets: only the reduction to `1..40 \subseteq 2..40` answers in time.
    check(
        "Integers, Sequences, FiniteSets",
        LAZY,
        &[("Sub1", "TRUE"), ("Sub2", "FALSE"), ("Sub3", "TRUE")],
    );
}

// TLC 2026.11.29 on `ASSUME PrintT(<<Len("abc"), ...>>)`, and one ASSUME per error case (each
// printed "Evaluating assumption ... failed." and the message asserted here).
#[test]
fn strings_are_sequences_for_len_tail_and_subseq() {
    let spec = load(
        "Sequences, Integers",
        r#"
L == <<Len("abc"), Len("")>>
T == Tail("abc")
S == <<SubSeq("abcdef", 2, 4), SubSeq("abc", 3, 2)>>
C == "ab" \o "cd"
HeadOfString == Head("abc")
TailOfEmpty == Tail("")
SubSeqPast == SubSeq("abc", 2, 5)
SubSeqBefore == SubSeq(<<1, 2>>, 0, 1)
AppendToString == Append("abc", 1)
ConcatNonSeq == <<1>> \o 2
ConcatNonString == "a" \o <<2>>
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("L", "<<3, 0>>"),
            ("T", "\"bc\""),
            ("S", "<<\"bcd\", \"\">>"),
            ("C", "\"abcd\""),
        ],
    );
    for (name, message) in [
        (
            "HeadOfString",
            "The argument of Head should be a sequence, but instead it is:\n\"abc\"",
        ),
        (
            "TailOfEmpty",
            "Attempted to apply Tail to the empty sequence.",
        ),
        (
            "SubSeqPast",
            "The third argument of SubSeq must be in the domain of its first argument:\n\"abc\"\n, but instead it is\n5",
        ),
        (
            "SubSeqBefore",
            "The second argument of SubSeq must be in the domain of its first argument:\n<<1, 2>>\n, but instead it is\n0",
        ),
        (
            "AppendToString",
            "Evaluating an expression of the form Append(s, v) when s is not a sequence:\n\"abc\"",
        ),
        (
            "ConcatNonSeq",
            "Evaluating an expression of the form t \\o s when s is not a sequence:\n2",
        ),
        (
            "ConcatNonString",
            "Evaluating an expression of the form t \\o s when s is not a string:\n<<2>>",
        ),
    ] {
        assert_eq!(error_of(&ev, &spec, name), message, "{name}");
    }
}

// TLC words an argument outside a function's domain one way for an explicit function
// (`FcnRcdValue`: a constant definition over an interval, made explicit at start-up) and
// another for the lazy `FcnLambdaValue` it keeps for a recursive function definition, a
// domain it does not enumerate (`SUBSET S`) and a LET definition applied where it is written.
// A function over 32 elements or more is searched by bisection, so comparing incomparable
// values names the middle element TLC probes first. TLC 2026.11.29 found each ASSUME
// `AssertError(<text>, <expression>)` TRUE with exactly these texts.
#[test]
fn errors_outside_a_domain_are_worded_as_tlc_words_them() {
    let spec = load(
        "Integers, Sequences, TLC, TLCExt",
        r#"
Explicit == [n \in 1..3 |-> n]
FDef[n \in 1..3] == n
Rec[n \in 1..3] == IF n = 1 THEN 1 ELSE Rec[n-1]
Pow == [n \in SUBSET {1} |-> 1]
MVs == {TLCModelValue("A_" \o ToString(n)) : n \in 0..40}
Typed == [m \in MVs |-> 0]
E1 == Explicit[7]
E2 == FDef[7]
E3 == Rec[7]
E4 == Pow[{7}]
E5 == LET f == [n \in 1..2 |-> 2 * n] IN f[3]
E6 == Typed[TLCModelValue("B_b")]
"#,
    );
    let ev = Evaluator::new(&spec);
    let explicit =
        "Attempted to apply function:\n<<1, 2, 3>>\nto argument 7, which is not in the domain of the function.";
    for (name, message) in [
        ("E1", explicit),
        ("E2", explicit),
        (
            "E3",
            "In applying the function\n<<1, 1, 1>>,\nthe first argument is:\n7\nwhich is not in its domain.\n",
        ),
        (
            "E4",
            "In applying the function\n({} :> 1 @@ {1} :> 1),\nthe first argument is:\n{7}\nwhich is not in its domain.\n",
        ),
        (
            "E5",
            "In applying the function\n<<2, 4>>,\nthe first argument is:\n3\nwhich is not in its domain.\n",
        ),
        (
            "E6",
            "Attempted to compare the differently-typed model values A_20 and B_b",
        ),
    ] {
        assert_eq!(error_of(&ev, &spec, name), message, "{name}");
    }
}

// TLCCache of a constant-level expression evaluates it once per closure value for the run,
// keyed by the expression as written. TLC 2026.11.29 printed the register after each step of
// this sequence (as ASSUMEs with `PrintT(<<"a", TLCGet(1)>>)`): 0, 2 (a plain definition
// evaluated twice), 3 (a cached one used twice), 4 (another expression, same closure), 7 (three
// occurrences written out: three entries).
#[test]
fn tlccache_keeps_a_constant_value_per_expression_and_closure() {
    let spec = load(
        "Integers, TLC, TLCExt",
        r#"
Reset == TLCSet(1, 0)
Count == TLCGet(1)
inc(v) == CASE TLCSet(1, TLCGet(1) + 1) -> v
plain == inc(3)
cached == TLCCache(inc(4), {1})
cached2 == TLCCache(inc(5), {1})
Plain == plain = 3 /\ plain = 3
Cached == cached = 4 /\ cached = 4
Cached2 == cached2 = 5 /\ cached2 = 5
Written == TLCCache(inc(6), {2}) = 6 /\ TLCCache(inc(6), {2}) = 6 /\ TLCCache(inc(6), {3}) = 6
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(&ev, &spec, &[("Reset", "TRUE"), ("Count", "0")]);
    for (step, count) in [
        ("Plain", "2"),
        ("Cached", "3"),
        ("Cached2", "4"),
        ("Written", "7"),
    ] {
        check_with(&ev, &spec, &[(step, "TRUE"), ("Count", count)]);
    }
}

// A set argument that cannot be built is passed unevaluated (TLC passes every argument so) and
// answers membership from its form inside the operator. TLC 2026.11.29 printed
// <<TRUE, FALSE, {2, 3}, TRUE>> for `PrintT(<<HasIn, HasOut, Both, Sub>>)`.
#[test]
fn a_set_argument_that_cannot_be_built_is_passed_unevaluated() {
    check(
        "Integers",
        r#"
Has(S, e) == e \in S
Both(S, T) == {1, 2, 3, 4} \cap S \cap T
HasIn == Has({n \in Nat : n > 2}, 3)
HasOut == Has({n \in Nat : n > 2}, 1)
Both2 == Both({n \in Int : n > 1}, {n \in Int : n < 4})
Sub == {2, 5} \subseteq {n \in Nat : n > 1}
"#,
        &[
            ("HasIn", "TRUE"),
            ("HasOut", "FALSE"),
            ("Both2", "{2, 3}"),
            ("Sub", "TRUE"),
        ],
    );
}
