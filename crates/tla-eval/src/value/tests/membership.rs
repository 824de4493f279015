use super::*;
use crate::value::ValueErrorKind;

fn yes(set: &Value, x: &Value) {
    assert!(set.member(x).unwrap(), "{x} \\in {set}");
}

fn no(set: &Value, x: &Value) {
    assert!(!set.member(x).unwrap(), "{x} \\notin {set}");
}

fn fails(set: &Value, x: &Value) {
    assert!(set.member(x).is_err(), "{x} \\in {set} should fail");
}

#[test]
fn explicit_sets() {
    let s123 = ints(&[1, 2, 3]);
    yes(&s123, &int(2));
    no(&s123, &int(4));
    fails(&s123, &s("memx_a"));
    no(&s123, &Value::model_value("memx_mv"));
    fails(&s123, &Value::model_value("t_memx"));
    no(&ints(&[]), &s("memx_b"));
    let e = s123.member(&s("memx_a")).unwrap_err();
    assert_eq!(e.kind, ValueErrorKind::Incomparable);
}

#[test]
fn intervals() {
    let iv = Value::interval(1, 5);
    yes(&iv, &int(1));
    yes(&iv, &int(5));
    no(&iv, &int(6));
    fails(&iv, &s("memi_a"));
    no(&Value::interval(5, 1), &s("memi_a"));
    no(&iv, &Value::model_value("memi_mv"));
    fails(&iv, &Value::model_value("t_memi"));
}

#[test]
fn subsets() {
    let p = Value::subset(ints(&[1, 2]));
    yes(&p, &ints(&[1]));
    yes(&p, &ints(&[]));
    no(&p, &ints(&[3]));
    yes(
        &Value::subset(Value::interval(1, 3)),
        &Value::interval(1, 2),
    );
    fails(&p, &int(1));
    yes(&Value::subset(Value::Nat), &ints(&[0, 7]));
}

#[test]
fn function_sets() {
    let fs = Value::func_set(Value::interval(1, 2), Value::boolean_set());
    yes(&fs, &tup(vec![Value::TRUE, Value::FALSE]));
    no(&fs, &tup(vec![Value::TRUE]));
    no(&fs, &range_fcn(2, vec![Value::TRUE, Value::TRUE]));
    // 1 \in {FALSE, TRUE} is itself an error in TLC.
    fails(&fs, &tup(vec![int(1), int(2)]));
    fails(&fs, &int(5));
    no(&fs, &Value::model_value("memf_mv"));
    let fs2 = Value::func_set(set(vec![s("memf_a")]), Value::Nat);
    yes(&fs2, &fcn(vec![(s("memf_a"), int(3))]));
    no(&fs2, &fcn(vec![(s("memf_a"), int(-3))]));
}

#[test]
fn record_sets() {
    let a = IStr::new("memr_a");
    let b = IStr::new("memr_b");
    let rs = Value::record_set(vec![(a, Value::interval(1, 3)), (b, Value::StringSet)]).unwrap();
    yes(&rs, &Value::record(vec![(a, int(2)), (b, s("x"))]).unwrap());
    no(&rs, &Value::record(vec![(a, int(4)), (b, s("x"))]).unwrap());
    no(&rs, &Value::record(vec![(a, int(2))]).unwrap());
    yes(
        &rs,
        &fcn(vec![(Value::Str(a), int(1)), (Value::Str(b), s("y"))]),
    );
    fails(&rs, &tup(vec![int(1)]));
    no(&rs, &Value::model_value("memr_mv"));
}

#[test]
fn products() {
    let p = Value::product(vec![ints(&[1]), ints(&[2, 3])]);
    yes(&p, &tup(vec![int(1), int(3)]));
    no(&p, &tup(vec![int(1), int(4)]));
    no(&p, &tup(vec![int(1), int(2), int(3)]));
    no(&p, &range_fcn(2, vec![int(1), int(2)]));
    fails(&p, &rec(&[("memp_a", int(1))]));
    fails(&p, &int(1));
}

#[test]
fn sequences() {
    let sq = Value::seq_set(ints(&[1]));
    yes(&sq, &tup(vec![int(1), int(1)]));
    yes(&sq, &tup(vec![]));
    no(&sq, &tup(vec![int(2)]));
    fails(&Value::seq_set(Value::StringSet), &s("memseq"));
    fails(&sq, &ints(&[1]));
}

#[test]
fn infinite_sets() {
    yes(&Value::Nat, &int(0));
    no(&Value::Nat, &int(-1));
    yes(&Value::IntSet, &int(-5));
    yes(&Value::StringSet, &s("meminf"));
    fails(&Value::StringSet, &int(1));
    fails(&Value::Nat, &s("meminf"));
    no(&Value::Nat, &Value::model_value("meminf_mv"));
    fails(&Value::Nat, &Value::model_value("t_meminf"));
}

#[test]
fn non_sets_have_no_members() {
    fails(&int(5), &int(1));
    fails(&tup(vec![int(1)]), &int(1));
}

#[test]
fn large_sets_answer_again_as_they_answered_first() {
    // Sets of 40 pairs: the second and later questions about the same objects are answered
    // from the kept answers, which must be the search's own.
    let pairs = |from: i64| {
        set((from..from + 40)
            .map(|i| tup(vec![int(i), s("m")]))
            .collect())
    };
    let (low, high) = (pairs(0), pairs(100));
    let inside = tup(vec![int(7), s("m")]);
    let outside = tup(vec![int(70), s("m")]);
    for _ in 0..3 {
        yes(&low, &inside);
        no(&low, &outside);
        no(&high, &inside);
        no(&high, &outside);
        // An equal object built anew is searched, and found.
        yes(&low, &tup(vec![int(7), s("m")]));
    }
    // A comparison that fails is reported each time, not kept.
    let strs = set((0..40).map(|i| set(vec![s(&format!("s{i}"))])).collect());
    let odd = set(vec![int(1)]);
    for _ in 0..2 {
        fails(&strs, &odd);
    }
}

#[test]
fn a_tuple_searched_by_its_items_answers_as_the_tuple() {
    let pairs: Vec<Value> = (1..=3)
        .flat_map(|a| (1..=3).map(move |b| tup(vec![int(a), int(b)])))
        .collect();
    let sets = [
        set(pairs.clone()),
        set(vec![
            tup(vec![]),
            tup(vec![int(2)]),
            tup(vec![int(1), int(1)]),
        ]),
        // Functions on 0..1 and 2..3 compare by their domains: left to the tuple itself.
        set(vec![
            range_fcn(0, vec![int(1), int(2)]),
            tup(vec![int(1), int(2)]),
            range_fcn(2, vec![int(1), int(2)]),
        ]),
        set(vec![
            fcn(vec![(int(1), int(5)), (int(3), int(6))]),
            tup(vec![int(2), int(2)]),
        ]),
        set(vec![
            Value::model_value("memt_mv"),
            tup(vec![int(4), int(4)]),
        ]),
        set(vec![Value::model_value("t_memt")]),
        ints(&[1, 2, 3]),
        set(vec![
            tup(vec![int(1), s("memt_a")]),
            tup(vec![int(2), s("memt_b")]),
        ]),
        set(vec![]),
    ];
    let probes = [
        vec![int(2), int(3)],
        vec![int(1), int(2)],
        vec![int(4), int(4)],
        vec![int(3), int(3), int(3)],
        vec![],
        vec![int(2)],
        vec![int(1), s("memt_a")],
        vec![int(2), int(2)],
    ];
    // TLC's binary search, `x.compareTo(e)` at each step.
    let reference = |set: &[Value], x: &Value| {
        let (mut lo, mut hi) = (0, set.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match x.tlc_cmp(&set[mid])? {
                std::cmp::Ordering::Equal => return Ok(true),
                std::cmp::Ordering::Less => hi = mid,
                std::cmp::Ordering::Greater => lo = mid + 1,
            }
        }
        Ok(false)
    };
    let set_values = sets.iter().map(|v| v.as_set().expect("explicit"));
    for (set, sv) in sets.iter().zip(set_values) {
        let elems: Vec<Value> = sv.iter().cloned().collect();
        for items in &probes {
            let want: Result<bool, crate::value::ValueError> =
                reference(&elems, &tup(items.clone()));
            let answers = [
                ("items", sv.contains_tuple(items)),
                ("tuple", sv.contains(&tup(items.clone()))),
                (
                    "function on 1..n",
                    sv.contains(&range_fcn(1, items.clone())),
                ),
            ];
            for (how, got) in answers {
                match (&want, &got) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b, "{items:?} \\in {set} by {how}"),
                    (Err(a), Err(b)) => assert_eq!(a.kind, b.kind, "{items:?} \\in {set} by {how}"),
                    _ => panic!("{items:?} \\in {set} by {how}: {got:?}, not {want:?}"),
                }
            }
        }
    }
}
