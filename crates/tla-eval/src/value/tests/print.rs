use super::*;

#[test]
fn scalars() {
    assert_eq!(Value::TRUE.to_string(), "TRUE");
    assert_eq!(Value::FALSE.to_string(), "FALSE");
    assert_eq!(int(-3).to_string(), "-3");
    assert_eq!(Value::model_value("prmv").to_string(), "prmv");
    assert_eq!(s("plain").to_string(), "\"plain\"");
}

#[test]
fn strings_are_escaped_like_tlc() {
    let v = s("a\"b\\c\nd\te\rf\u{c}g'h");
    assert_eq!(v.to_string(), r#""a\"b\\c\nd\te\rf\fg'h""#);
}

#[test]
fn sets_and_intervals() {
    assert_eq!(ints(&[3, 1, 2]).to_string(), "{1, 2, 3}");
    assert_eq!(ints(&[]).to_string(), "{}");
    assert_eq!(Value::interval(1, 3).to_string(), "1..3");
    assert_eq!(Value::interval(-2, 0).to_string(), "-2..0");
    assert_eq!(Value::interval(3, 1).to_string(), "{}");
    assert_eq!(Value::boolean_set().to_string(), "{FALSE, TRUE}");
}

#[test]
fn empty_functions_print_by_kind() {
    assert_eq!(tup(vec![]).to_string(), "<<>>");
    assert_eq!(Value::record(vec![]).unwrap().to_string(), "[]");
    assert_eq!(fcn(vec![]).to_string(), "<<>>");
}

#[test]
fn tuples_records_and_functions() {
    assert_eq!(tup(vec![int(1), s("x")]).to_string(), "<<1, \"x\">>");
    let r = rec(&[("prta", int(1)), ("prtb", ints(&[2]))]);
    assert_eq!(r.to_string(), "[prta |-> 1, prtb |-> {2}]");
    // A function whose domain is all names prints as a record...
    let f = fcn(vec![(s("prtb"), int(2)), (s("prta"), int(1))]);
    assert_eq!(f.to_string(), "[prta |-> 1, prtb |-> 2]");
    // ...unless a key is not a name.
    assert_eq!(fcn(vec![(s("a b"), int(1))]).to_string(), "(\"a b\" :> 1)");
    assert_eq!(
        fcn(vec![(s("WF_prtx"), int(1))]).to_string(),
        "(\"WF_prtx\" :> 1)"
    );
    assert_eq!(fcn(vec![(s("p_1"), int(1))]).to_string(), "[p_1 |-> 1]");
    // Domain 1..n prints as a tuple, another interval as pairs.
    assert_eq!(range_fcn(1, vec![int(7), int(8)]).to_string(), "<<7, 8>>");
    assert_eq!(
        range_fcn(2, vec![int(7), int(8)]).to_string(),
        "(2 :> 7 @@ 3 :> 8)"
    );
    assert_eq!(
        fcn(vec![(int(3), Value::TRUE), (int(1), Value::FALSE)]).to_string(),
        "(1 :> FALSE @@ 3 :> TRUE)"
    );
    let m = Value::model_value("prfmv");
    assert_eq!(fcn(vec![(m, int(0))]).to_string(), "(prfmv :> 0)");
}

#[test]
fn nested_values() {
    let v = set(vec![
        tup(vec![int(1), ints(&[2])]),
        rec(&[("prtc", tup(vec![]))]),
    ]);
    // Sorted by size: the one-field record first.
    assert_eq!(v.to_string(), "{[prtc |-> <<>>], <<1, {2}>>}");
    let deep = tup(vec![set(vec![tup(vec![s("q"), Value::interval(1, 2)])])]);
    assert_eq!(deep.to_string(), "<<{<<\"q\", 1..2>>}>>");
}

#[test]
fn lazy_sets_expand_when_small() {
    assert_eq!(
        Value::subset(ints(&[1, 2])).to_string(),
        "{{}, {1}, {2}, {1, 2}}"
    );
    assert_eq!(
        Value::func_set(ints(&[1, 2]), ints(&[5])).to_string(),
        "{<<5, 5>>}"
    );
    assert_eq!(
        Value::product(vec![ints(&[1]), ints(&[2, 3])]).to_string(),
        "{<<1, 2>>, <<1, 3>>}"
    );
    let rs = Value::record_set(vec![
        (IStr::new("prsa"), ints(&[1])),
        (IStr::new("prsb"), Value::interval(1, 2)),
    ])
    .unwrap();
    assert_eq!(
        rs.to_string(),
        "{[prsa |-> 1, prsb |-> 1], [prsa |-> 1, prsb |-> 2]}"
    );
    assert_eq!(Value::func_set(ints(&[]), ints(&[1])).to_string(), "{<<>>}");
}

#[test]
fn lazy_sets_stay_symbolic_when_large() {
    assert_eq!(
        Value::subset(Value::interval(1, 7)).to_string(),
        "SUBSET (1..7)"
    );
    assert_eq!(
        Value::subset(ints(&[1, 2, 3, 4, 5, 6, 7])).to_string(),
        "SUBSET {1, 2, 3, 4, 5, 6, 7}"
    );
    assert_eq!(
        Value::func_set(Value::interval(1, 20), Value::boolean_set()).to_string(),
        "[1..20 -> {FALSE, TRUE}]"
    );
    let rs = Value::record_set(vec![
        (IStr::new("prla"), Value::interval(1, 100)),
        (IStr::new("prlb"), Value::interval(1, 100)),
    ])
    .unwrap();
    assert_eq!(rs.to_string(), "[prla: 1..100, prlb: 1..100]");
    assert_eq!(
        Value::product(vec![Value::interval(1, 100), Value::interval(1, 100)]).to_string(),
        "(1..100 \\X 1..100)"
    );
    assert_eq!(
        Value::func_set(Value::Nat, ints(&[1])).to_string(),
        "[Nat -> {1}]"
    );
}

#[test]
fn infinite_sets() {
    assert_eq!(Value::Nat.to_string(), "Nat");
    assert_eq!(Value::IntSet.to_string(), "Int");
    assert_eq!(Value::StringSet.to_string(), "STRING");
    assert_eq!(Value::seq_set(ints(&[1])).to_string(), "Seq({1})");
    assert_eq!(Value::subset(Value::Nat).to_string(), "SUBSET Nat");
}
