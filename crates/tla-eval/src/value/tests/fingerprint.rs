use std::collections::HashSet;
use std::sync::Arc;

use super::*;
use crate::value::{Fingerprinter, ValueErrorKind};

fn fp(v: &Value) -> u64 {
    v.fingerprint().unwrap()
}

#[test]
fn equal_values_share_a_fingerprint() {
    let groups = vec![
        vec![
            tup(vec![int(1), int(2)]),
            range_fcn(1, vec![int(1), int(2)]),
            fcn(vec![(int(2), int(2)), (int(1), int(1))]),
        ],
        vec![Value::interval(1, 3), ints(&[3, 2, 1])],
        vec![Value::interval(4, 1), ints(&[]), Value::interval(9, 0)],
        vec![Value::subset(ints(&[1])), set(vec![ints(&[]), ints(&[1])])],
        vec![rec(&[("fpf_a", int(1))]), fcn(vec![(s("fpf_a"), int(1))])],
        vec![tup(vec![]), Value::record(vec![]).unwrap(), fcn(vec![])],
        vec![
            Value::func_set(ints(&[1, 2]), ints(&[7])),
            set(vec![tup(vec![int(7), int(7)])]),
        ],
        vec![
            Value::product(vec![ints(&[1]), Value::interval(2, 3)]),
            set(vec![tup(vec![int(1), int(2)]), tup(vec![int(1), int(3)])]),
        ],
    ];
    for g in &groups {
        for v in g {
            assert_eq!(fp(v), fp(&g[0]), "{v} vs {}", g[0]);
        }
    }
}

#[test]
fn different_values_get_different_fingerprints() {
    let vals = vec![
        ints(&[1, 2]),
        ints(&[1, 3]),
        ints(&[]),
        tup(vec![int(1), int(2)]),
        tup(vec![int(2), int(1)]),
        tup(vec![]),
        int(1),
        s("1"),
        Value::TRUE,
        Value::FALSE,
        int(0),
        s("fpd_m"),
        Value::model_value("fpd_m"),
        tup(vec![int(1)]),
        ints(&[1]),
        set(vec![tup(vec![int(1)])]),
        tup(vec![ints(&[1])]),
        range_fcn(2, vec![int(1), int(2)]),
        rec(&[("fpd_a", int(1))]),
        rec(&[("fpd_b", int(1))]),
        s(""),
        s("ab"),
        tup(vec![s("a"), s("b")]),
    ];
    let fps: HashSet<u64> = vals.iter().map(fp).collect();
    assert_eq!(fps.len(), vals.len());
}

#[test]
fn values_tlc_cannot_fingerprint_are_errors() {
    for v in [
        Value::Nat,
        Value::StringSet,
        Value::seq_set(ints(&[1])),
        tup(vec![Value::IntSet]),
    ] {
        assert_eq!(
            v.fingerprint().unwrap_err().kind,
            ValueErrorKind::Fingerprint,
            "{v}"
        );
    }
}

#[test]
fn reusable_fingerprinter_matches_and_orders_matter() {
    let mut f = Fingerprinter::new();
    let v = set(vec![tup(vec![int(1), s("fpr")]), tup(vec![int(3)])]);
    assert_eq!(f.fingerprint(&v).unwrap(), fp(&v));
    assert_eq!(f.fingerprint(&v).unwrap(), fp(&v));
    let (a, b) = (int(1), int(2));
    let ab = f.fingerprint_state([&a, &b]).unwrap();
    let ba = f.fingerprint_state([&b, &a]).unwrap();
    assert_ne!(ab, ba);
    assert_eq!(
        ab,
        Fingerprinter::new().fingerprint_state([&a, &b]).unwrap()
    );
    // A state is not the tuple of its values, and its length counts.
    let pair = tup(vec![a.clone(), b.clone()]);
    let lengths = [
        f.fingerprint_state([&pair]).unwrap(),
        f.fingerprint_state([&a]).unwrap(),
        f.fingerprint_state([]).unwrap(),
        ab,
    ];
    assert_eq!(lengths.iter().collect::<HashSet<_>>().len(), lengths.len());
}

#[test]
fn hash_agrees_with_eq() {
    let mut h = HashSet::new();
    h.insert(Value::interval(1, 3));
    h.insert(ints(&[1, 2, 3]));
    h.insert(tup(vec![int(1)]));
    h.insert(range_fcn(1, vec![int(1)]));
    h.insert(Value::Nat);
    h.insert(Value::Nat);
    h.insert(Value::subset(Value::Nat));
    assert_eq!(h.len(), 4);
    assert!(h.contains(&Value::subset(Value::Nat)));
    // Functions to integers, hashed without their encoding up to 8 values, by it beyond.
    let hash = |v: &Value| {
        use std::hash::{Hash, Hasher};
        let mut s = std::collections::hash_map::DefaultHasher::new();
        v.hash(&mut s);
        s.finish()
    };
    let long: Vec<Value> = (1..=9).map(int).collect();
    let long_pairs: Vec<(Value, Value)> = (1..=9).map(|i| (int(i), int(i))).collect();
    let equal = [
        (
            tup(vec![int(1), int(5)]),
            fcn(vec![(int(1), int(1)), (int(2), int(5))]),
        ),
        (range_fcn(2, vec![int(7)]), fcn(vec![(int(2), int(7))])),
        (tup(vec![]), fcn(vec![])),
        (tup(long.clone()), fcn(long_pairs)),
    ];
    for (a, b) in &equal {
        assert_eq!(a, b);
        assert_eq!(hash(a), hash(b), "{a} and {b}");
    }
    let distinct: HashSet<u64> = [
        tup(vec![int(1), int(5)]),
        tup(vec![int(5), int(1)]),
        range_fcn(2, vec![int(1), int(5)]),
        tup(vec![int(1), int(5), int(0)]),
        tup(long),
    ]
    .iter()
    .map(hash)
    .collect();
    assert_eq!(distinct.len(), 5);
}

#[test]
fn fingerprints_of_states_sharing_values_match_fresh_ones() {
    let f = Value::tuple(vec![Value::Int(1), Value::str("a")]);
    let s1 = Value::set(vec![Value::Int(1), Value::Int(2)]).unwrap();
    let s2 = Value::set(vec![Value::Int(1), Value::Int(3)]).unwrap();
    let g = Value::tuple(vec![Value::Int(1), Value::str("b")]);
    let states = [
        vec![f.clone(), s1.clone(), Value::Int(3)],
        vec![f.clone(), s2.clone(), Value::Int(3)],
        vec![g.clone(), s2.clone(), Value::Int(4)],
        vec![f.clone(), s1.clone(), Value::Int(3)],
        vec![s1.clone(), f.clone()],
        vec![f.clone(), s1, Value::Int(3), g],
    ];
    let mut reused = Fingerprinter::new();
    let mut seen = std::collections::HashSet::new();
    for s in &states {
        let fresh = Fingerprinter::new().fingerprint_state(s.iter()).unwrap();
        assert_eq!(reused.fingerprint_state(s.iter()).unwrap(), fresh);
        seen.insert(fresh);
    }
    // The first and fourth states are equal; all others differ.
    assert_eq!(seen.len(), states.len() - 1);
}

#[test]
fn a_views_tuple_fingerprints_as_the_tuple_does() {
    // Views built anew from shared parts, a view that is no tuple, and one with another
    // lower bound: each must fingerprint exactly as the value encoded whole.
    let s1 = Value::set(vec![Value::Int(1), Value::Int(2)]).unwrap();
    let s2 = Value::set(vec![Value::Int(1), Value::Int(3)]).unwrap();
    let f = Value::tuple(vec![Value::Int(1), Value::str("a")]);
    let views = [
        Value::tuple(vec![s1.clone(), f.clone()]),
        Value::tuple(vec![s1.clone(), f.clone()]),
        Value::tuple(vec![s2.clone(), f.clone()]),
        Value::tuple(vec![f.clone(), s2.clone(), Value::Int(7)]),
        s1.clone(),
        Value::func_from_pairs(vec![(Value::Int(0), s1.clone()), (Value::Int(1), f)]).unwrap(),
        Value::tuple(vec![s1, s2]),
    ];
    let mut reused = Fingerprinter::new();
    let mut seen = std::collections::HashSet::new();
    for v in &views {
        let whole = Fingerprinter::new().fingerprint_state([v]).unwrap();
        assert_eq!(reused.fingerprint_view(v).unwrap(), whole, "{v}");
        seen.insert(whole);
    }
    // The first two views are equal; all others differ.
    assert_eq!(seen.len(), views.len() - 1);
}

#[test]
fn a_states_fingerprint_follows_its_values_not_their_form_nor_the_cache() {
    // TLC-equal values in different forms (an interval and the set it denotes, a tuple and a
    // function on 1..n), values met again as the same object (kept hashes), and scalars
    // beside sets whose bytes could line up: equal states alike, all others apart, and a
    // reused fingerprinter agreeing with a fresh one.
    let a = Value::interval(1, 3);
    let b = ints(&[1, 2, 3]);
    let t = tup(vec![int(1), int(2)]);
    let g = range_fcn(1, vec![int(1), int(2)]);
    let states = [
        vec![a.clone(), t.clone(), int(0)],
        vec![b.clone(), g.clone(), int(0)],
        vec![a.clone(), t.clone(), int(0)],
        vec![b.clone(), t.clone(), int(1)],
        vec![t.clone(), a.clone(), int(0)],
        vec![int(0), a.clone(), t.clone()],
        vec![ints(&[1, 2]), t.clone(), int(0)],
        vec![a, g, s("x")],
    ];
    let mut reused = Fingerprinter::new();
    let mut seen = HashSet::new();
    for st in &states {
        let fresh = Fingerprinter::new().fingerprint_state(st.iter()).unwrap();
        assert_eq!(reused.fingerprint_state(st.iter()).unwrap(), fresh);
        seen.insert(fresh);
    }
    // The first three states are equal; all others differ.
    assert_eq!(seen.len(), states.len() - 2);
}

#[test]
fn a_kept_function_hash_follows_an_update_in_place() {
    // A function hashed once keeps its hash; EXCEPT updates a function no one else holds in
    // place (`value_mut`), which must drop what was kept.
    let row = tup(vec![int(1), int(2)]);
    let mut f = Arc::new(crate::value::FuncValue::tuple(vec![
        row.clone(),
        ints(&[3]),
    ]));
    let before = fp(&Value::Func(f.clone()));
    assert_eq!(before, fp(&tup(vec![row.clone(), ints(&[3])])));
    *Arc::get_mut(&mut f).expect("held once").value_mut(1) = ints(&[4]);
    let after = Value::Func(f);
    assert_eq!(fp(&after), fp(&tup(vec![row, ints(&[4])])));
    assert_ne!(fp(&after), before);
}

#[test]
fn fingerprints_of_thousands_of_small_values_do_not_collide() {
    // Distinct by construction: every set of 1..3's subsets as a function on 1..3 or on
    // strings, sequences of 0..4 up to length 4, and each of those in a one-element set
    // and beside a scalar, also in the forms that must agree with them.
    let subsets: Vec<Value> = (0..8u8)
        .map(|m| {
            ints(
                &(1..=3)
                    .filter(|i| m & (1 << (i - 1)) != 0)
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let mut vals = Vec::new();
    for a in &subsets {
        for b in &subsets {
            for c in &subsets {
                vals.push(tup(vec![a.clone(), b.clone(), c.clone()]));
                vals.push(rec(&[
                    ("fpc_x", a.clone()),
                    ("fpc_y", b.clone()),
                    ("fpc_z", c.clone()),
                ]));
            }
        }
    }
    let mut seqs = vec![vec![]];
    for len in 1..=4 {
        let mut longer = Vec::new();
        for s in seqs.iter().filter(|s: &&Vec<i64>| s.len() == len - 1) {
            for x in 0..5 {
                let mut t = s.clone();
                t.push(x);
                longer.push(t);
            }
        }
        seqs.extend(longer);
    }
    for s in &seqs {
        vals.push(tup(s.iter().map(|&x| int(x)).collect()));
        vals.push(range_fcn(0, s.iter().map(|&x| int(x)).collect()));
    }
    let wrapped: Vec<Value> = vals
        .iter()
        .flat_map(|v| [set(vec![v.clone()]), tup(vec![v.clone(), int(0)])])
        .collect();
    vals.extend(wrapped);
    vals.extend(subsets);
    vals.extend((-300..300).map(int));
    let distinct = vals.iter().map(fp).collect::<HashSet<_>>().len();
    // `<<>>` and the empty function on 0.. are one value (so are their wrappings).
    assert_eq!(distinct, vals.len() - 3, "{} values", vals.len());
}
