use super::*;
use crate::value::ValueErrorKind;

fn strictly_increasing(v: &[Value]) -> bool {
    v.windows(2)
        .all(|w| w[0].tlc_cmp(&w[1]) == Ok(std::cmp::Ordering::Less))
}

#[test]
fn intervals_enumerate_ascending() {
    assert_eq!(
        Value::interval(1, 3).enumerate().unwrap().as_slice(),
        ints(&[1, 2, 3]).as_set().unwrap().as_slice()
    );
    assert!(Value::interval(2, 1).enumerate().unwrap().is_empty());
}

#[test]
fn subsets_enumerate_in_canonical_order() {
    let p = Value::subset(ints(&[1, 2, 3]));
    let lazy: Vec<Value> = p.set_iter().unwrap().collect();
    assert_eq!(lazy.len(), 8);
    assert!(strictly_increasing(&lazy));
    assert_eq!(
        Value::Set(p.enumerate().unwrap()).to_string(),
        "{{}, {1}, {2}, {3}, {1, 2}, {1, 3}, {2, 3}, {1, 2, 3}}"
    );
    assert_eq!(Value::subset(ints(&[])).enumerate().unwrap().len(), 1);
}

#[test]
fn odometers_turn_the_last_position_fastest() {
    let fs = Value::func_set(ints(&[1, 2]), Value::boolean_set());
    let elems: Vec<Value> = fs.set_iter().unwrap().collect();
    assert!(strictly_increasing(&elems));
    assert_eq!(
        Value::Set(fs.enumerate().unwrap()).to_string(),
        "{<<FALSE, FALSE>>, <<FALSE, TRUE>>, <<TRUE, FALSE>>, <<TRUE, TRUE>>}"
    );
    let a = IStr::new("enr_a");
    let b = IStr::new("enr_b");
    let rs = Value::record_set(vec![(b, ints(&[1, 2])), (a, ints(&[3, 4]))]).unwrap();
    let elems: Vec<Value> = rs.set_iter().unwrap().collect();
    assert_eq!(elems.len(), 4);
    assert!(strictly_increasing(&elems));
    assert_eq!(elems[1].to_string(), "[enr_a |-> 3, enr_b |-> 2]");
    let pr = Value::product(vec![ints(&[1, 2]), ints(&[3]), ints(&[4, 5])]);
    let elems: Vec<Value> = pr.set_iter().unwrap().collect();
    assert_eq!(elems.len(), 4);
    assert!(strictly_increasing(&elems));
    assert_eq!(elems[1].to_string(), "<<1, 3, 5>>");
}

#[test]
fn iteration_is_lazy() {
    // 10^20 functions: far too many to build, fine to start walking.
    let fs = Value::func_set(Value::interval(1, 20), Value::interval(1, 10));
    let first: Vec<Value> = fs.set_iter().unwrap().take(3).collect();
    assert_eq!(first[0], range_fcn(1, vec![int(1); 20]));
    let mut third = vec![int(1); 20];
    third[19] = int(3);
    assert_eq!(first[2], range_fcn(1, third));
    assert_eq!(fs.cardinality().unwrap_err().kind, ValueErrorKind::Overflow);
}

#[test]
fn empty_components() {
    assert!(Value::product(vec![ints(&[1]), ints(&[])])
        .enumerate()
        .unwrap()
        .is_empty());
    assert!(Value::func_set(ints(&[1]), ints(&[]))
        .enumerate()
        .unwrap()
        .is_empty());
    // [{} -> S] has one element even when S cannot be enumerated.
    let unit = Value::func_set(ints(&[]), Value::subset(Value::Nat));
    assert_eq!(unit.enumerate().unwrap().len(), 1);
    assert!(Value::func_set(ints(&[]), Value::Nat).enumerate().is_err());
}

#[test]
fn cardinalities() {
    assert_eq!(Value::interval(1, 0).cardinality().unwrap(), 0);
    assert_eq!(Value::interval(-2, 2).cardinality().unwrap(), 5);
    assert_eq!(
        Value::subset(Value::interval(1, 30)).cardinality().unwrap(),
        1 << 30
    );
    assert_eq!(
        Value::subset(Value::interval(1, 31))
            .cardinality()
            .unwrap_err()
            .kind,
        ValueErrorKind::Overflow
    );
    assert_eq!(
        Value::func_set(Value::interval(1, 3), Value::interval(1, 4))
            .cardinality()
            .unwrap(),
        64
    );
    assert_eq!(
        Value::func_set(Value::interval(1, 31), Value::boolean_set())
            .cardinality()
            .unwrap_err()
            .kind,
        ValueErrorKind::Overflow
    );
    assert_eq!(
        Value::func_set(Value::interval(1, 1000), ints(&[1]))
            .cardinality()
            .unwrap(),
        1
    );
    assert_eq!(
        Value::product(vec![
            Value::interval(1, 100000),
            Value::interval(1, 100000),
            ints(&[])
        ])
        .cardinality()
        .unwrap(),
        0
    );
    assert!(Value::Nat.cardinality().is_err());
    assert!(int(3).cardinality().is_err());
    assert_eq!(
        Value::interval(-2147483648, 2147483647)
            .cardinality()
            .unwrap_err()
            .kind,
        ValueErrorKind::Overflow
    );
}

#[test]
fn infinite_sets_do_not_enumerate() {
    for v in [
        Value::Nat,
        Value::IntSet,
        Value::StringSet,
        Value::seq_set(ints(&[1])),
        Value::subset(Value::Nat),
        Value::func_set(Value::Nat, ints(&[1])),
    ] {
        assert_eq!(
            v.enumerate().unwrap_err().kind,
            ValueErrorKind::NotEnumerable,
            "{v}"
        );
    }
    assert_eq!(int(1).enumerate().unwrap_err().kind, ValueErrorKind::Type);
}

#[test]
fn finiteness_follows_tlc() {
    assert!(Value::func_set(Value::Nat, ints(&[1])).is_finite().unwrap());
    assert!(Value::func_set(ints(&[]), Value::Nat).is_finite().unwrap());
    assert!(!Value::func_set(ints(&[1]), Value::Nat).is_finite().unwrap());
    assert!(!Value::seq_set(ints(&[1])).is_finite().unwrap());
    assert!(!Value::subset(Value::Nat).is_finite().unwrap());
    assert!(Value::subset(ints(&[1])).is_finite().unwrap());
    assert!(tup(vec![]).is_finite().unwrap());
    assert!(int(1).is_finite().is_err());
}
