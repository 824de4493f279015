//! Bags and BagsExt natives against the values TLC computes (`tlc2/module/Bags.java`,
//! CommunityModules `BagsExt.java`).

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

const DEFS: &str = r#"
Empty == EmptyBag
S2B == SetToBag({"a", "b"})
S2BInts == SetToBag({2, 1})
B2S == BagToSet(SetToBag({3, 1}))
IsBag1 == IsABag(<<1, 2>>)
IsBag2 == IsABag(<<0>>)
IsBag3 == IsABag(3)
IsBag4 == IsABag([a |-> 1])
Card == BagCardinality(<<2, 3>>)
In1 == BagIn(1, <<2>>)
In2 == BagIn(2, <<2>>)
Copies1 == CopiesIn(1, <<2>>)
Copies2 == CopiesIn(5, <<2>>)
Cup == (1 :> 2 @@ 2 :> 1) (+) (2 :> 3 @@ 3 :> 1)
Diff == (1 :> 2 @@ 2 :> 1) (-) (1 :> 1 @@ 2 :> 5)
DiffAll == (1 :> 2) (-) (1 :> 2)
Union == BagUnion({(1 :> 1), (1 :> 2), (2 :> 1)})
UnionOne == BagUnion({<<7>>})
UnionNone == BagUnion({})
Sub1 == (1 :> 1) \sqsubseteq (1 :> 2)
Sub2 == (1 :> 3) \sqsubseteq (1 :> 2)
Sub3 == (1 :> 1 @@ 2 :> 1) \sqsubseteq (1 :> 2)
OfAll == BagOfAll(LAMBDA x : x % 2, (1 :> 1 @@ 2 :> 2 @@ 3 :> 3))
Fold == FoldBag(LAMBDA acc, e : acc \o <<e>>, <<>>, (1 :> 2 @@ 2 :> 1))
BadCup == (1 :> 0) (+) (1 :> 1)
BadCard == BagCardinality(<<"x">>)
BadUnion == BagUnion({1, 2})
"#;

#[test]
fn bags_operators_give_tlcs_values() {
    check(
        "Bags, BagsExt, TLC, Integers, Sequences",
        DEFS,
        &[
            ("S2B", "[a |-> 1, b |-> 1]"),
            ("S2BInts", "<<1, 1>>"),
            ("B2S", "{1, 3}"),
            ("IsBag1", "TRUE"),
            ("IsBag2", "FALSE"),
            ("IsBag3", "FALSE"),
            ("IsBag4", "TRUE"),
            ("Card", "5"),
            ("In1", "TRUE"),
            ("In2", "FALSE"),
            ("Copies1", "2"),
            ("Copies2", "0"),
            ("Cup", "<<2, 4, 1>>"),
            ("Diff", "<<1>>"),
            ("UnionOne", "<<7>>"),
            ("Union", "<<3, 1>>"),
            ("Sub1", "TRUE"),
            ("Sub2", "FALSE"),
            ("Sub3", "FALSE"),
            ("OfAll", "(0 :> 2 @@ 1 :> 4)"),
            ("Fold", "<<1, 1, 2>>"),
        ],
    );
}

#[test]
fn empty_bags_are_empty_functions() {
    let spec = load("Bags, BagsExt, TLC, Integers, Sequences", DEFS);
    let ev = Evaluator::new(&spec);
    let empty = value_of(&ev, &spec, "Empty").unwrap();
    assert_eq!(value_of(&ev, &spec, "DiffAll").unwrap(), empty);
    assert_eq!(value_of(&ev, &spec, "UnionNone").unwrap(), empty);
}

#[test]
fn bags_errors_are_tlcs() {
    let spec = load("Bags, BagsExt, TLC, Integers, Sequences", DEFS);
    let ev = Evaluator::new(&spec);
    assert_eq!(
        error_of(&ev, &spec, "BadCup"),
        "The first argument of (+) should be a bag, but instead it is:\n<<0>>"
    );
    assert_eq!(
        error_of(&ev, &spec, "BadCard"),
        "Applying BagCardinality to the following value,\nwhich is not a bag:\n<<\"x\">>"
    );
    assert_eq!(
        error_of(&ev, &spec, "BadUnion"),
        "Attemtped to apply BagUnion to the following set, whose\nelement is not a bag:\n{1, 2}"
    );
}
