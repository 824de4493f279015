use std::sync::Arc;

use super::*;
use crate::value::{Domain, FuncKind, SetBuilder, SetValue, ValueErrorKind};

#[test]
fn from_vec_sorts_and_dedups_once() {
    let st = SetValue::from_vec(vec![int(3), int(1), int(2), int(3), int(1)]).unwrap();
    assert_eq!(st.as_slice(), &[int(1), int(2), int(3)]);
    assert!(SetValue::from_vec(vec![int(1), s("bld_a")]).is_err());
}

#[test]
fn builder_accepts_sorted_and_unsorted_input() {
    let mut b = SetBuilder::new();
    for n in 0..5 {
        b.push(int(n));
    }
    assert_eq!(
        Value::Set(b.finish().unwrap()).to_string(),
        "{0, 1, 2, 3, 4}"
    );
    let b: SetBuilder = [int(4), int(0), int(4), int(2)].into_iter().collect();
    assert_eq!(Value::Set(b.finish().unwrap()).to_string(), "{0, 2, 4}");
    let b: SetBuilder = [int(1), s("bld_b")].into_iter().collect();
    assert_eq!(b.finish().unwrap_err().kind, ValueErrorKind::Incomparable);
    let b: SetBuilder = [int(2), int(1), s("bld_c")].into_iter().collect();
    assert!(b.finish().is_err());
}

#[test]
fn merges() {
    let a = ints(&[1, 3, 5]).as_set().unwrap().clone();
    let b = ints(&[2, 3, 4]).as_set().unwrap().clone();
    assert_eq!(
        Value::Set(a.union(&b).unwrap()).to_string(),
        "{1, 2, 3, 4, 5}"
    );
    assert_eq!(Value::Set(a.intersect(&b).unwrap()).to_string(), "{3}");
    assert_eq!(Value::Set(a.difference(&b).unwrap()).to_string(), "{1, 5}");
    assert_eq!(
        Value::Set(a.insert(int(0)).unwrap()).to_string(),
        "{0, 1, 3, 5}"
    );
    let c = set(vec![s("bld_d")]).as_set().unwrap().clone();
    assert!(a.union(&c).is_err());
    assert!(a.union(&SetValue::empty()).unwrap().ptr_eq(&a));
}

#[test]
fn functions_over_a_set_share_one_domain() {
    // Scalars: one copy kept for the process, whichever set the function was built over.
    let dom = set(vec![s("bld_x"), s("bld_y")]);
    let dset = dom.as_set().unwrap();
    let f = FuncValue::from_domain_set(dset, vec![int(1), int(2)]);
    let again = set(vec![s("bld_y"), s("bld_x")]);
    let g = FuncValue::from_domain_set(again.as_set().unwrap(), vec![int(3), int(4)]);
    match (f.domain(), g.domain()) {
        (Domain::Explicit(d), Domain::Explicit(e)) => {
            assert!(d.is_kept() && std::ptr::eq(d.as_ptr(), e.as_ptr()))
        }
        _ => panic!("string domain must be explicit"),
    }
    // Compound elements: the set's own storage.
    let pairs = set(vec![set(vec![int(1)]), set(vec![int(2)])]);
    let pset = pairs.as_set().unwrap();
    let h = FuncValue::from_domain_set(pset, vec![int(1), int(2)]);
    match h.domain() {
        Domain::Explicit(d) => assert!(!d.is_kept() && Arc::ptr_eq(&d.set_storage(), pset.arc())),
        Domain::Range(_) => panic!("a domain of sets must be explicit"),
    }
    // Consecutive integers become a range, printed as a tuple when it starts at 1.
    let t = FuncValue::from_domain_set(ints(&[1, 2, 3]).as_set().unwrap(), vec![int(0); 3]);
    assert!(matches!(t.domain(), Domain::Range(1)));
    assert_eq!(Value::from(t).to_string(), "<<0, 0, 0>>");
    let u = FuncValue::from_domain_set(ints(&[1, 3]).as_set().unwrap(), vec![int(0); 2]);
    assert!(matches!(u.domain(), Domain::Explicit(_)));
}

#[test]
fn duplicates_and_incomparable_domains_are_errors() {
    let a = IStr::new("bld_f");
    assert_eq!(
        Value::record(vec![(a, int(1)), (a, int(2))])
            .unwrap_err()
            .kind,
        ValueErrorKind::Duplicate
    );
    assert_eq!(
        Value::func_from_pairs(vec![(int(1), int(1)), (int(1), int(2))])
            .unwrap_err()
            .kind,
        ValueErrorKind::Duplicate
    );
    assert_eq!(
        Value::func_from_pairs(vec![(int(1), int(1)), (s("bld_g"), int(2))])
            .unwrap_err()
            .kind,
        ValueErrorKind::Incomparable
    );
    assert!(Value::record_set(vec![(a, ints(&[])), (a, ints(&[]))]).is_err());
}

#[test]
fn application() {
    let t = tup(vec![s("bld_p"), s("bld_q")]);
    let tf = t.as_func().unwrap();
    assert_eq!(tf.apply(&int(2)).unwrap(), &s("bld_q"));
    assert_eq!(tf.select(&int(3)).unwrap(), None);
    assert!(tf.apply(&int(3)).is_err());
    assert!(tf
        .apply(&s("bld_p"))
        .unwrap_err()
        .message
        .contains("non integral index"));
    let r = rec(&[("bld_r", int(1))]);
    let rf = r.as_func().unwrap();
    assert_eq!(rf.apply(&s("bld_r")).unwrap(), &int(1));
    assert_eq!(rf.field(IStr::new("bld_r")), Some(&int(1)));
    assert!(rf
        .apply(&s("bld_s"))
        .unwrap_err()
        .message
        .contains("nonexistent field 'bld_s'"));
    assert!(rf.apply(&int(1)).is_err());
    let f = fcn(vec![(int(1), int(10)), (int(5), int(50))]);
    let ff = f.as_func().unwrap();
    assert_eq!(ff.apply(&int(5)).unwrap(), &int(50));
    assert!(ff
        .apply(&int(2))
        .unwrap_err()
        .message
        .contains("not in the domain"));
    assert!(ff.apply(&s("bld_t")).is_err());
    assert_eq!(ff.select(&Value::model_value("bld_mv")).unwrap(), None);
}

#[test]
fn large_explicit_domains_use_binary_search() {
    let pairs: Vec<(Value, Value)> = (0..100).map(|n| (int(2 * n), int(n))).collect();
    let f = Value::func_from_pairs(pairs).unwrap();
    let ff = f.as_func().unwrap();
    assert_eq!(ff.apply(&int(98)).unwrap(), &int(49));
    assert_eq!(ff.select(&int(99)).unwrap(), None);
    assert!(ff.select(&s("bld_u")).is_err());
}

#[test]
fn except_keeps_kind_and_domain() {
    let r = rec(&[("bld_e1", int(1)), ("bld_e2", int(2))]);
    let rf = r.as_func().unwrap();
    let i = rf.index_of(&s("bld_e2")).unwrap().unwrap();
    let r2 = Value::from(rf.with_value_at(i, int(9)));
    assert_eq!(r2.as_func().unwrap().kind(), FuncKind::Record);
    assert_eq!(r2.to_string(), "[bld_e1 |-> 1, bld_e2 |-> 9]");
    assert_eq!(r.to_string(), "[bld_e1 |-> 1, bld_e2 |-> 2]");
}

#[test]
fn domains() {
    assert_eq!(
        tup(vec![int(5), int(6)]).as_func().unwrap().domain_value(),
        Value::interval(1, 2)
    );
    assert_eq!(
        tup(vec![]).as_func().unwrap().domain_value().to_string(),
        "{}"
    );
    let r = rec(&[("bld_d1", int(1)), ("bld_d2", int(2))]);
    assert_eq!(
        r.as_func().unwrap().domain_value().to_string(),
        "{\"bld_d1\", \"bld_d2\"}"
    );
}
