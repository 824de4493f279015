//! CommunityModules natives (FiniteSetsExt, Functions, SequencesExt, Graphs,
//! UndirectedGraphs, Bitwise, DyadicRationals, VectorClocks) against TLC's Java overrides.

mod natives_common;
use natives_common::*;
use tla_eval::{Evaluator, Value};

const EXT: &str = "FiniteSetsExt, Functions, SequencesExt, Graphs, Bitwise, DyadicRationals, VectorClocks, Integers, Sequences, TLC";

#[test]
fn finite_sets_ext_and_functions() {
    check(
        EXT,
        r#"
FoldSetOrder == FoldSet(LAMBDA x, acc : acc \o <<x>>, <<>>, {3, 1, 2})
FoldSetSum == FoldSet(LAMBDA x, y : x + y, 0, 0 .. 10)
Quant == Quantify(1 .. 9, LAMBDA n : n % 2 = 0)
K2 == kSubset(2, {1, 2, 3})
K0 == kSubset(0, {1})
K5 == kSubset(5, {1})
FoldFun == FoldFunction(LAMBDA x, acc : acc \o <<x>>, <<>>, <<"a", "b", "c">>)
FoldOn == FoldFunctionOnSet(LAMBDA x, acc : acc + x, 0, <<1, 2, 3>>, {1, 3})
Inj1 == IsInjective(<<1, 2, 1>>)
Inj2 == IsInjective(<<1, 2>>)
Inj3 == IsInjective(("a" :> 1 @@ "b" :> 2))
Anti == AntiFunction(("a" :> 0 @@ "b" :> 1 @@ "c" :> 1))
"#,
        &[
            ("FoldSetOrder", "<<1, 2, 3>>"),
            ("FoldSetSum", "55"),
            ("Quant", "4"),
            ("K2", "{{1, 2}, {1, 3}, {2, 3}}"),
            ("K0", "{{}}"),
            ("K5", "{}"),
            ("FoldFun", "<<\"a\", \"b\", \"c\">>"),
            ("FoldOn", "4"),
            ("Inj1", "FALSE"),
            ("Inj2", "TRUE"),
            ("Inj3", "TRUE"),
            ("Anti", "(0 :> \"a\" @@ 1 :> \"b\")"),
        ],
    );
}

#[test]
fn is_injective_rejects_records_as_tlc_does() {
    let spec = load(EXT, "Bad == IsInjective([a |-> 1])");
    let ev = Evaluator::new(&spec);
    assert_eq!(
        error_of(&ev, &spec, "Bad"),
        "The argument of IsInjective should be a function, but instead it is:\n[a |-> 1]"
    );
}

#[test]
fn sequences_ext() {
    check(
        EXT,
        r#"
cons(x, y) == <<x, y>>
S2S == SetToSeq({3, 1, 2})
S2Ss == SetToSeqs({1, 2})
Cont == Contains(<<1, 2>>, 2)
FSeq == FoldSeq(LAMBDA x, acc : acc \o <<x>>, <<>>, <<1, 2, 3>>)
FLeft == FoldLeft(cons, 0, <<3, 1, 2>>)
FRight == FoldRight(cons, <<3, 1, 2>>, 0)
FLeftDom == FoldLeftDomain(LAMBDA acc, i : acc \o <<i>>, <<>>, <<"a", "b">>)
FRightDom == FoldRightDomain(LAMBDA i, acc : acc \o <<i>>, <<"a", "b">>, <<>>)
RFirst == ReplaceFirstSubSeq("x", "ab", "cabab")
RAll == ReplaceAllSubSeqs("x", "ab", "cabab")
RAllEmpty == ReplaceAllSubSeqs("-", "", "abc")
RFirstEmpty == ReplaceFirstSubSeq("-", "", "abc")
RSeq == ReplaceFirstSubSeq(<<9>>, <<1>>, <<1, 2>>)
Pre1 == IsPrefix(<<1>>, <<1, 2>>)
Pre2 == IsPrefix(<<2>>, <<1, 2>>)
Pre3 == IsPrefix("ab", "abc")
Sel == SelectInSeq(<<1, 2, 3, 4>>, LAMBDA x : x > 1)
SelNone == SelectInSeq(<<1, 2>>, LAMBDA x : x > 5)
SelLast == SelectLastInSeq(<<1, 2, 3, 4>>, LAMBDA x : x > 1)
SelSub == SelectInSubSeq(<<1, 2, 3, 4>>, 3, 4, LAMBDA x : x > 1)
SelLastSub == SelectLastInSubSeq(<<1, 2, 3, 4>>, 1, 3, LAMBDA x : x > 1)
RemF == RemoveFirst(<<1, 2, 1>>, 1)
RemM == RemoveFirstMatch(<<1, 2, 3>>, LAMBDA x : x > 1)
Suf == Suffixes(<<1, 2>>)
All == AllSubSeqs(<<1, 2>>)
LCP == LongestCommonPrefix({<<1, 2, 3>>, <<1, 2>>, <<1, 2, 4>>})
LCPs == LongestCommonPrefix({"abc", "abd"})
"#,
        &[
            ("S2S", "<<1, 2, 3>>"),
            ("S2Ss", "{<<1, 2>>, <<2, 1>>}"),
            ("Cont", "TRUE"),
            ("FSeq", "<<1, 2, 3>>"),
            ("FLeft", "<<<<<<0, 3>>, 1>>, 2>>"),
            ("FRight", "<<3, <<1, <<2, 0>>>>>>"),
            ("FLeftDom", "<<1, 2>>"),
            ("FRightDom", "<<2, 1>>"),
            ("RFirst", "\"cxab\""),
            ("RAll", "\"cxx\""),
            ("RAllEmpty", "\"-a-b-c\""),
            ("RFirstEmpty", "\"-abc\""),
            // Not three strings: TLC evaluates the TLA+ definition (here the stand-in's).
            ("RSeq", "\"stub\""),
            ("Pre1", "TRUE"),
            ("Pre2", "FALSE"),
            ("Pre3", "TRUE"),
            ("Sel", "2"),
            ("SelNone", "0"),
            ("SelLast", "4"),
            ("SelSub", "3"),
            ("SelLastSub", "3"),
            ("RemF", "<<2, 1>>"),
            ("RemM", "<<1, 3>>"),
            ("Suf", "{<<>>, <<2>>, <<1, 2>>}"),
            ("All", "{<<>>, <<1>>, <<2>>, <<1, 2>>}"),
            ("LCP", "<<1, 2>>"),
            ("LCPs", "\"ab\""),
        ],
    );
}

#[test]
fn graphs() {
    check(
        "Graphs, Integers, Sequences",
        r#"
G == [node |-> {1, 2, 3}, edge |-> {<<1, 2>>, <<2, 3>>}]
C1 == AreConnectedIn(1, 3, G)
C2 == AreConnectedIn(3, 1, G)
C3 == AreConnectedIn(2, 2, G)
C4 == AreConnectedIn(9, 9, G)
SC1 == IsStronglyConnected(G)
SC2 == IsStronglyConnected([node |-> {1, 2}, edge |-> {<<1, 2>>, <<2, 1>>}])
SP == SimplePath(G)
"#,
        &[
            ("C1", "TRUE"),
            ("C2", "FALSE"),
            ("C3", "TRUE"),
            ("C4", "FALSE"),
            ("SC1", "FALSE"),
            ("SC2", "TRUE"),
            (
                "SP",
                "{<<1>>, <<2>>, <<3>>, <<1, 2>>, <<2, 3>>, <<1, 2, 3>>}",
            ),
        ],
    );
    check(
        "UndirectedGraphs, Integers",
        r#"
U == [node |-> {1, 2, 3, 4}, edge |-> {{1, 2}, {3, 4}}]
CC == ConnectedComponents(U)
UC == AreConnectedIn(2, 1, U)
UN == AreConnectedIn(2, 3, U)
USP == SimplePath([node |-> {1, 2}, edge |-> {{1, 2}}])
"#,
        &[
            ("CC", "{{1, 2}, {3, 4}}"),
            ("UC", "TRUE"),
            ("UN", "FALSE"),
            ("USP", "{<<1>>, <<2>>, <<1, 2>>, <<2, 1>>}"),
        ],
    );
}

#[test]
fn bitwise_and_dyadic_rationals() {
    check(
        EXT,
        r#"
And == 5 & 3
Or == 5 | 3
Xor == 5 ^^ 3
Not5 == Not(5)
Not0 == Not(0)
Shift == shiftR(8, 2)
H == Half([num |-> 1, den |-> 2])
A == Add([num |-> 1, den |-> 4], [num |-> 1, den |-> 4])
Z == Add([num |-> 1, den |-> 2], [num |-> -1, den |-> 2])
"#,
        &[
            ("And", "1"),
            ("Or", "7"),
            ("Xor", "6"),
            ("Not5", "2"),
            ("Not0", "0"),
            ("Shift", "2"),
            ("H", "[num |-> 1, den |-> 4]"),
            ("A", "[num |-> 1, den |-> 2]"),
            ("Z", "[num |-> 0, den |-> 1]"),
        ],
    );
}

const CAUSAL: &str = r#"
e1 == [node |-> "a", vc |-> [a |-> 1]]
e2 == [node |-> "b", vc |-> [a |-> 1, b |-> 1]]
e3 == [node |-> "a", vc |-> [a |-> 2]]
f1 == [node |-> "b", vc |-> [b |-> 1]]
Ordered == CausalOrder(<<e3, e2, e1>>, LAMBDA l : l.vc, LAMBDA l : l.node, LAMBDA vc : DOMAIN vc)
Concurrent == CausalOrder(<<f1, e1>>, LAMBDA l : l.vc, LAMBDA l : l.node, LAMBDA vc : DOMAIN vc)
Want1 == <<e1, e2, e3>>
Want2 == <<e1, f1>>
Want3 == <<f1, e1>>
"#;

#[test]
fn causal_order_follows_happened_before() {
    let spec = load(EXT, CAUSAL);
    let ev = Evaluator::new(&spec);
    assert_eq!(
        value_of(&ev, &spec, "Ordered"),
        value_of(&ev, &spec, "Want1")
    );
}

#[test]
fn causal_order_breaks_ties_in_javas_hash_map_order() {
    // With FP64 polynomial 0, "a" hashes to bucket 4 and "b" to 7 of a 16-bucket HashMap;
    // with polynomial 99 "b" comes first (bucket 0, "a" bucket 3).
    let spec = load(EXT, CAUSAL);
    let ev = Evaluator::new(&spec);
    assert_eq!(
        value_of(&ev, &spec, "Concurrent"),
        value_of(&ev, &spec, "Want2")
    );
    let mut ev = Evaluator::new(&spec);
    let poly = tla_eval::natives::fp64::POLYS[99] as i64;
    ev.tlc_config
        .push(("fingerprint".into(), Value::str(&poly.to_string())));
    assert_eq!(
        value_of(&ev, &spec, "Concurrent"),
        value_of(&ev, &spec, "Want3")
    );
}
