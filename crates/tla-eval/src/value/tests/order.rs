use std::cmp::Ordering::{Equal, Greater, Less};

use super::*;
use crate::value::ValueErrorKind;

#[test]
fn scalars_order_within_kind() {
    assert_eq!(int(-5).tlc_cmp(&int(3)).unwrap(), Less);
    assert_eq!(int(7).tlc_cmp(&int(7)).unwrap(), Equal);
    assert_eq!(Value::FALSE.tlc_cmp(&Value::TRUE).unwrap(), Less);
    assert_eq!(Value::TRUE.tlc_cmp(&Value::FALSE).unwrap(), Greater);
}

#[test]
fn strings_order_by_interning_not_by_text() {
    // "zeta" is interned first, so it is the smaller one, as in TLC.
    let zeta = s("ordtest_zeta");
    let alpha = s("ordtest_alpha");
    assert_eq!(zeta.tlc_cmp(&alpha).unwrap(), Less);
    assert_eq!(alpha.tlc_cmp(&zeta).unwrap(), Greater);
    let both = set(vec![alpha.clone(), zeta.clone()]);
    // The first element is what a bounded CHOOSE x \in S : TRUE picks.
    assert_eq!(both.as_set().unwrap().as_slice()[0], zeta);
    assert_eq!(both.to_string(), "{\"ordtest_zeta\", \"ordtest_alpha\"}");
}

#[test]
fn model_values_sort_before_everything_else() {
    let mv = Value::model_value("ordmv");
    for other in [
        int(-100),
        s("ordmv_str"),
        Value::TRUE,
        ints(&[]),
        tup(vec![]),
    ] {
        assert_eq!(mv.tlc_cmp(&other).unwrap(), Less, "{other}");
        assert_eq!(other.tlc_cmp(&mv).unwrap(), Greater, "{other}");
    }
    // Among themselves by the interning order of their names.
    let m2 = Value::model_value("ordmv_second_b");
    let m3 = Value::model_value("ordmv_second_a");
    assert_eq!(m2.tlc_cmp(&m3).unwrap(), Less);
    assert_eq!(
        set(vec![m3.clone(), int(1), m2.clone()]).to_string(),
        "{ordmv_second_b, ordmv_second_a, 1}"
    );
}

#[test]
fn typed_model_values_refuse_foreign_comparisons() {
    let a1 = Value::model_value("a_ord1");
    let a2 = Value::model_value("a_ord2");
    let b1 = Value::model_value("b_ord1");
    let plain = Value::model_value("plainord");
    assert_eq!(
        a1.tlc_cmp(&int(1)).unwrap_err().kind,
        ValueErrorKind::Incomparable
    );
    assert!(int(1).tlc_cmp(&a1).is_err());
    assert!(a1.tlc_cmp(&b1).is_err());
    assert_eq!(a1.tlc_cmp(&a2).unwrap(), Less);
    assert!(a1.tlc_cmp(&plain).is_ok());
    assert!(plain.tlc_cmp(&b1).is_ok());
}

#[test]
fn sets_compare_by_size_then_elements() {
    assert_eq!(ints(&[5]).tlc_cmp(&ints(&[1, 2])).unwrap(), Less);
    assert_eq!(ints(&[1, 3]).tlc_cmp(&ints(&[1, 2])).unwrap(), Greater);
    assert_eq!(
        ints(&[1, 2, 3]).tlc_cmp(&Value::interval(1, 3)).unwrap(),
        Equal
    );
    assert_eq!(
        Value::interval(2, 3)
            .tlc_cmp(&Value::interval(1, 3))
            .unwrap(),
        Less
    );
    assert_eq!(
        Value::interval(1, 2)
            .tlc_cmp(&Value::interval(2, 3))
            .unwrap(),
        Less
    );
    assert_eq!(
        Value::interval(5, 1)
            .tlc_cmp(&Value::interval(9, 0))
            .unwrap(),
        Equal
    );
    assert_eq!(ints(&[]).tlc_cmp(&Value::interval(3, 2)).unwrap(), Equal);
}

#[test]
fn subset_comparison_agrees_with_enumerated_power_sets() {
    let cases = [
        (ints(&[1, 2]), ints(&[1, 3])),
        (ints(&[2, 3]), ints(&[1, 3])),
        (ints(&[1]), ints(&[1, 2])),
        (ints(&[1, 2]), ints(&[1, 2])),
    ];
    for (a, b) in cases {
        let (pa, pb) = (Value::subset(a.clone()), Value::subset(b.clone()));
        let lazy = pa.tlc_cmp(&pb).unwrap();
        let explicit = pa
            .to_explicit()
            .unwrap()
            .tlc_cmp(&pb.to_explicit().unwrap())
            .unwrap();
        assert_eq!(lazy, explicit, "{a} vs {b}");
        assert_eq!(pa.total_cmp(&pb), lazy);
    }
}

#[test]
fn functions_compare_by_size_domain_then_values() {
    assert_eq!(
        tup(vec![int(9)])
            .tlc_cmp(&tup(vec![int(1), int(2)]))
            .unwrap(),
        Less
    );
    assert_eq!(
        tup(vec![int(1), int(3)])
            .tlc_cmp(&tup(vec![int(1), int(2)]))
            .unwrap(),
        Greater
    );
    // Domain before values: 2 :> 0 is greater than 1 :> 100.
    assert_eq!(
        range_fcn(2, vec![int(0)])
            .tlc_cmp(&range_fcn(1, vec![int(100)]))
            .unwrap(),
        Greater
    );
    let fa = IStr::new("ordfield_a");
    let fb = IStr::new("ordfield_b");
    let ra = Value::record(vec![(fa, int(2))]).unwrap();
    let rb = Value::record(vec![(fb, int(1))]).unwrap();
    assert_eq!(ra.tlc_cmp(&rb).unwrap(), Less);
    // Same fields: values decide.
    let ra2 = Value::record(vec![(fa, int(3))]).unwrap();
    assert_eq!(ra.tlc_cmp(&ra2).unwrap(), Less);
}

#[test]
fn cross_kind_comparisons_are_errors() {
    let bad = [
        (int(1), s("ordx_a")),
        (Value::TRUE, int(1)),
        (ints(&[1]), tup(vec![int(1)])),
        (s("ordx_b"), ints(&[])),
        (tup(vec![int(1)]), rec(&[("ordx_f", int(1))])),
        (Value::Nat, ints(&[1])),
        (ints(&[1]), Value::IntSet),
        (Value::Nat, Value::StringSet),
    ];
    for (a, b) in bad {
        let e = a.tlc_cmp(&b).unwrap_err();
        assert_eq!(e.kind, ValueErrorKind::Incomparable, "{a} vs {b}");
    }
    assert_eq!(
        int(1).tlc_cmp(&s("ordx_a")).unwrap_err().message,
        "Attempted to compare integer 1 with non-integer:\n\"ordx_a\""
    );
}

#[test]
fn infinite_sets_order() {
    assert_eq!(Value::Nat.tlc_cmp(&Value::IntSet).unwrap(), Less);
    assert_eq!(Value::IntSet.tlc_cmp(&Value::Nat).unwrap(), Greater);
    assert_eq!(Value::StringSet.tlc_cmp(&Value::StringSet).unwrap(), Equal);
    let s1 = Value::seq_set(ints(&[1]));
    let s2 = Value::seq_set(ints(&[1, 2]));
    assert_eq!(s1.tlc_cmp(&s2).unwrap(), Less);
    assert_eq!(s1.tlc_cmp(&Value::seq_set(ints(&[1]))).unwrap(), Equal);
    assert_eq!(
        Value::Nat.tlc_cmp(&Value::model_value("ordinfmv")).unwrap(),
        Greater
    );
}

fn sample() -> Vec<Value> {
    let fx = IStr::new("ordsample_x");
    let fy = IStr::new("ordsample_y");
    vec![
        Value::model_value("ordsample_mv"),
        Value::model_value("k_ordsample"),
        Value::FALSE,
        Value::TRUE,
        int(-3),
        int(0),
        int(7),
        s("ordsample_s1"),
        s("ordsample_s0"),
        ints(&[]),
        ints(&[1]),
        ints(&[1, 2]),
        Value::interval(1, 2),
        Value::interval(0, 2),
        Value::interval(4, 3),
        Value::subset(ints(&[1])),
        set(vec![ints(&[]), ints(&[1])]),
        tup(vec![]),
        tup(vec![int(1), int(2)]),
        range_fcn(1, vec![int(1), int(2)]),
        range_fcn(3, vec![int(1)]),
        Value::record(vec![(fx, int(1)), (fy, int(2))]).unwrap(),
        Value::record(vec![(fy, int(1))]).unwrap(),
        fcn(vec![(s("ordsample_s0"), int(1))]),
        Value::func_set(ints(&[1]), ints(&[2, 3])),
        Value::product(vec![ints(&[1]), ints(&[2, 3])]),
        Value::Nat,
        Value::IntSet,
        Value::StringSet,
        Value::seq_set(ints(&[1])),
        Value::subset(Value::Nat),
        Value::func_set(Value::Nat, ints(&[1, 2])),
    ]
}

#[test]
fn total_order_agrees_with_tlc_order_where_defined() {
    let vals = sample();
    for a in &vals {
        for b in &vals {
            if let Ok(o) = a.tlc_cmp(b) {
                assert_eq!(a.total_cmp(b), o, "{a} vs {b}");
            }
            assert_eq!(a.total_cmp(b), b.total_cmp(a).reverse(), "{a} vs {b}");
            assert_eq!(a == b, a.total_cmp(b) == Equal, "{a} vs {b}");
        }
    }
}

#[test]
fn total_order_is_transitive_on_sample() {
    let mut vals = sample();
    vals.sort();
    for i in 0..vals.len() {
        for j in i..vals.len() {
            assert_ne!(
                vals[i].total_cmp(&vals[j]),
                Greater,
                "{} {}",
                vals[i],
                vals[j]
            );
        }
    }
}

#[test]
fn record_receiver_error_only_in_strict_comparison() {
    let r = rec(&[("ordrec_a", int(1))]);
    let t = tup(vec![int(1), int(2)]);
    assert!(r.tlc_cmp(&t).is_err());
    assert_eq!(t.tlc_cmp(&r).unwrap(), Greater);
    assert_eq!(r.tlc_cmp_lenient(&t).unwrap(), Less);
    // Sorting never depends on which element is the receiver.
    assert_eq!(
        set(vec![t.clone(), r.clone()]),
        set(vec![r.clone(), t.clone()])
    );
    // Same sizes: an error in every order.
    assert!(r.tlc_cmp_lenient(&tup(vec![int(1)])).is_err());
    assert!(Value::set(vec![tup(vec![int(1)]), r]).is_err());
}
