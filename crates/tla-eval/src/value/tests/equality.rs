use super::*;
use crate::value::{FuncKind, ValueErrorKind};

#[test]
fn tuple_equals_function_on_one_to_n() {
    let t = tup(vec![int(1), int(2)]);
    let f = range_fcn(1, vec![int(1), int(2)]);
    let p = fcn(vec![(int(2), int(2)), (int(1), int(1))]);
    for (a, b) in [(&t, &f), (&f, &t), (&t, &p), (&p, &f)] {
        assert!(a.tlc_eq(b).unwrap());
        assert_eq!(a, b);
    }
    assert!(!t.tlc_eq(&tup(vec![int(2), int(1)])).unwrap());
}

#[test]
fn empty_tuple_record_and_function_are_equal() {
    let empty_tuple = tup(vec![]);
    let empty_record = Value::record(vec![]).unwrap();
    let empty_fcn = fcn(vec![]);
    for a in [&empty_tuple, &empty_record, &empty_fcn] {
        for b in [&empty_tuple, &empty_record, &empty_fcn] {
            assert!(a.tlc_eq(b).unwrap(), "{a} = {b}");
        }
    }
}

#[test]
fn record_equals_function_on_strings() {
    let r = rec(&[("eqrf_a", int(1)), ("eqrf_b", int(2))]);
    let f = fcn(vec![(s("eqrf_b"), int(2)), (s("eqrf_a"), int(1))]);
    assert!(r.tlc_eq(&f).unwrap());
    assert!(f.tlc_eq(&r).unwrap());
    assert_eq!(f.as_func().unwrap().kind(), FuncKind::Fcn);
    assert_eq!(r.as_func().unwrap().kind(), FuncKind::Record);
}

#[test]
fn tuple_versus_record_depends_on_sizes() {
    let r = rec(&[("eqtr_a", int(1))]);
    assert!(tup(vec![int(1)]).tlc_eq(&r).is_err());
    assert!(r.tlc_eq(&tup(vec![int(1)])).is_err());
    assert!(!tup(vec![int(1), int(2)]).tlc_eq(&r).unwrap());
}

#[test]
fn record_on_the_left_rejects_non_records_whatever_the_sizes() {
    let r = rec(&[("eqleft_a", int(1))]);
    let f = range_fcn(1, vec![int(1), int(2)]);
    let e = r.tlc_eq(&f).unwrap_err();
    assert_eq!(e.kind, ValueErrorKind::Incomparable);
    assert!(e
        .message
        .starts_with("Attempted to check equality of record:"));
    // TLC's FcnRcdValue.equals compares sizes first.
    assert!(!f.tlc_eq(&r).unwrap());
}

#[test]
fn scalars_of_different_kinds_are_not_comparable() {
    let e = int(1).tlc_eq(&s("eqsc_a")).unwrap_err();
    assert_eq!(
        e.message,
        "Attempted to check equality of integer 1 with non-integer:\n\"eqsc_a\""
    );
    assert!(Value::TRUE.tlc_eq(&int(1)).is_err());
    assert!(s("eqsc_b").tlc_eq(&ints(&[])).is_err());
    assert!(ints(&[]).tlc_eq(&tup(vec![])).is_err());
    assert!(tup(vec![]).tlc_eq(&ints(&[])).is_err());
    assert!(int(1).tlc_eq(&ints(&[1])).is_err());
}

#[test]
fn untyped_model_values_are_unequal_to_everything_else() {
    let mv = Value::model_value("eqmv");
    assert!(!mv.tlc_eq(&int(1)).unwrap());
    assert!(!int(1).tlc_eq(&mv).unwrap());
    assert!(!mv.tlc_eq(&s("eqmv")).unwrap());
    assert!(!ints(&[1]).tlc_eq(&mv).unwrap());
    assert!(mv.tlc_eq(&Value::model_value("eqmv")).unwrap());
    assert!(!mv.tlc_eq(&Value::model_value("eqmv2")).unwrap());
}

#[test]
fn typed_model_values_fail_against_other_types() {
    let a1 = Value::model_value("a_eq1");
    let a2 = Value::model_value("a_eq2");
    let b1 = Value::model_value("b_eq1");
    assert!(a1.tlc_eq(&int(1)).is_err());
    assert!(int(1).tlc_eq(&a1).is_err());
    assert!(a1.tlc_eq(&b1).is_err());
    assert!(!a1.tlc_eq(&a2).unwrap());
    assert!(!a1.tlc_eq(&Value::model_value("untypedeq")).unwrap());
    // A name needs three characters to be typed.
    assert!(!Value::model_value("c_").tlc_eq(&int(1)).unwrap());
}

#[test]
fn nested_errors_surface_but_sizes_are_compared_first() {
    assert!(ints(&[1]).tlc_eq(&set(vec![s("eqnest_a")])).is_err());
    assert!(!ints(&[1])
        .tlc_eq(&set(vec![s("eqnest_a"), s("eqnest_b")]))
        .unwrap());
}

#[test]
fn lazy_sets_equal_their_enumerations() {
    assert!(Value::interval(1, 3).tlc_eq(&ints(&[1, 2, 3])).unwrap());
    assert!(ints(&[1, 2, 3]).tlc_eq(&Value::interval(1, 3)).unwrap());
    assert!(Value::interval(1, 0).tlc_eq(&ints(&[])).unwrap());
    assert!(Value::interval(3, 2)
        .tlc_eq(&Value::interval(5, 1))
        .unwrap());
    let p = Value::subset(ints(&[1, 2]));
    let explicit = set(vec![ints(&[]), ints(&[1]), ints(&[2]), ints(&[1, 2])]);
    assert!(p.tlc_eq(&explicit).unwrap());
    assert!(explicit.tlc_eq(&p).unwrap());
    assert_eq!(p, explicit);
    let fs = Value::func_set(ints(&[1, 2]), ints(&[3]));
    assert!(fs.tlc_eq(&set(vec![tup(vec![int(3), int(3)])])).unwrap());
    // [{} -> S] = {<< >>} whatever S is.
    assert!(Value::func_set(ints(&[]), ints(&[1]))
        .tlc_eq(&Value::func_set(ints(&[]), ints(&[2])))
        .unwrap());
    let prod = Value::product(vec![ints(&[1]), ints(&[2, 3])]);
    assert!(prod
        .tlc_eq(&set(vec![
            tup(vec![int(1), int(2)]),
            tup(vec![int(1), int(3)])
        ]))
        .unwrap());
}

#[test]
fn infinite_sets_equal_only_themselves() {
    assert!(Value::Nat.tlc_eq(&Value::Nat).unwrap());
    assert!(!Value::Nat.tlc_eq(&Value::IntSet).unwrap());
    assert!(Value::Nat.tlc_eq(&ints(&[1])).is_err());
    assert!(ints(&[1]).tlc_eq(&Value::Nat).is_err());
    assert!(Value::seq_set(ints(&[1]))
        .tlc_eq(&Value::seq_set(ints(&[1])))
        .unwrap());
}

#[test]
fn equal_functions_in_different_forms_collapse_in_a_set() {
    let s2 = set(vec![
        tup(vec![int(1), int(2)]),
        range_fcn(1, vec![int(1), int(2)]),
        fcn(vec![(int(1), int(1)), (int(2), int(2))]),
    ]);
    assert_eq!(s2.as_set().unwrap().len(), 1);
}

#[test]
fn explicit_sets_against_intervals_compare_as_the_enumerated_interval() {
    let cases = [
        (ints(&[1, 2, 3]), Value::interval(1, 3), true),
        (ints(&[1, 2]), Value::interval(1, 3), false),
        (ints(&[1, 2, 4]), Value::interval(1, 3), false),
        (ints(&[]), Value::interval(3, 1), true),
        (ints(&[0]), Value::interval(3, 1), false),
    ];
    for (s, i, want) in cases {
        assert_eq!(s.tlc_eq(&i).unwrap(), want, "{s} = {i}");
        assert_eq!(i.tlc_eq(&s).unwrap(), want, "{i} = {s}");
    }
    // Elements of another kind are compared with the numbers as the enumeration would be.
    let slow = |a: &Value, b: &Value| {
        let (x, y) = (a.enumerate().unwrap(), b.enumerate().unwrap());
        for (p, q) in x.iter().zip(y.iter()) {
            if !p.tlc_eq(q)? {
                return Ok(false);
            }
        }
        Ok::<bool, crate::value::ValueError>(true)
    };
    let i = Value::interval(1, 2);
    for other in [
        set(vec![
            Value::model_value("eqsi_m"),
            Value::model_value("eqsi_n"),
        ]),
        set(vec![Value::str("eqsi_a"), Value::str("eqsi_b")]),
    ] {
        let fast = other.tlc_eq(&i).map_err(|e| e.message);
        assert_eq!(fast, slow(&other, &i).map_err(|e| e.message), "{other}");
        let fast = i.tlc_eq(&other).map_err(|e| e.message);
        assert_eq!(fast, slow(&i, &other).map_err(|e| e.message), "{other}");
    }
}

#[test]
fn select_int_finds_what_select_finds() {
    let funcs = [
        tup(vec![int(10), int(20), int(30)]),
        range_fcn(0, vec![s("sel_a"), s("sel_b")]),
        range_fcn(-2, vec![int(1), int(2)]),
        fcn(vec![(int(1), int(5)), (int(4), int(6))]),
        fcn(vec![(s("sel_k"), int(1))]),
        rec(&[("sel_f", int(1))]),
        tup(vec![]),
    ];
    for f in &funcs {
        let Value::Func(fv) = f else {
            panic!("a function: {f}")
        };
        for i in -3..6 {
            let by_int = fv.select_int(i).map_err(|e| e.kind);
            let by_value = fv.select(&int(i)).map_err(|e| e.kind);
            assert_eq!(by_int, by_value, "{f}[{i}]");
        }
    }
}
