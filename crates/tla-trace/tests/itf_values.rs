//! TLA+ values to ITF and back.

use serde_json::json;
use tla_eval::value::IStr;
use tla_eval::Value;
use tla_trace::itf::{from_itf, to_itf, ModelValues};

fn none() -> ModelValues {
    ModelValues::default()
}

#[test]
fn each_kind_of_value_is_written_in_its_itf_form() {
    let rec = Value::record(vec![
        (IStr::new("a"), Value::Int(1)),
        (IStr::new("b"), Value::TRUE),
    ])
    .unwrap();
    let set = Value::set(vec![Value::Int(2), Value::Int(1)]).unwrap();
    let map = Value::func_from_pairs(vec![
        (Value::str("k"), Value::Int(1)),
        (Value::Int(7), Value::Int(2)),
    ]);
    assert_eq!(to_itf(&rec).unwrap(), json!({"a": 1, "b": true}));
    assert_eq!(to_itf(&set).unwrap(), json!({"#set": [1, 2]}));
    assert_eq!(
        to_itf(&Value::interval(1, 3)).unwrap(),
        json!({"#set": [1, 2, 3]})
    );
    assert_eq!(
        to_itf(&Value::tuple(vec![Value::str("x"), Value::Int(-4)])).unwrap(),
        json!(["x", -4])
    );
    assert_eq!(to_itf(&Value::tuple(vec![])).unwrap(), json!([]));
    // 7 and "k" are incomparable in TLC, so this function cannot be built.
    assert!(map.is_err());
    let map = Value::func_from_pairs(vec![
        (Value::Int(3), Value::Int(1)),
        (Value::Int(7), Value::Int(2)),
    ])
    .unwrap();
    assert_eq!(to_itf(&map).unwrap(), json!({"#map": [[3, 1], [7, 2]]}));
    assert_eq!(to_itf(&Value::model_value("p1")).unwrap(), json!("p1"));
    assert!(to_itf(&Value::Nat).is_err());
}

#[test]
fn itf_is_read_back_to_equal_values() {
    let samples = [
        json!({"#set": [3, 1, 2]}),
        json!({"#tup": [1, "a"]}),
        json!([[1], [2, 3]]),
        json!({"#map": [[1, "x"], [2, "y"]]}),
        json!({"f": {"#set": []}, "g": [true]}),
        json!({"#bigint": "-12"}),
    ];
    for j in samples {
        let v = from_itf(&j, &none()).unwrap();
        let back = from_itf(&to_itf(&v).unwrap(), &none()).unwrap();
        assert_eq!(v, back, "{j}");
    }
    // A tuple and a sequence are the same TLA+ value; so are a #map on 1..n and an array.
    let a = from_itf(&json!({"#tup": [1, 2]}), &none()).unwrap();
    let b = from_itf(&json!({"#map": [[2, 2], [1, 1]]}), &none()).unwrap();
    assert_eq!(a, from_itf(&json!([1, 2]), &none()).unwrap());
    assert_eq!(a, b);
    assert_eq!(
        from_itf(&json!({"#bigint": "-12"}), &none()).unwrap(),
        Value::Int(-12)
    );
}

#[test]
fn strings_naming_a_model_value_of_the_model_are_that_model_value() {
    let mv = ModelValues::collect(
        [Value::set(vec![Value::model_value("p1"), Value::model_value("p2")]).unwrap()].iter(),
    );
    assert_eq!(
        from_itf(&json!("p1"), &mv).unwrap(),
        Value::model_value("p1")
    );
    assert_eq!(from_itf(&json!("p3"), &mv).unwrap(), Value::str("p3"));
    assert_eq!(
        from_itf(&json!({"#unserializable": "q"}), &none()).unwrap(),
        Value::model_value("q")
    );
}

#[test]
fn values_outside_tla_are_errors() {
    let e = |j| from_itf(&j, &none()).unwrap_err();
    assert_eq!(e(json!(null)), "null is not a TLA+ value");
    assert_eq!(e(json!(1.5)), "1.5 is not an integer");
    assert_eq!(
        e(json!(4294967296_i64)),
        "4294967296 is outside TLC's integer range -2147483648..2147483647"
    );
    assert_eq!(e(json!({"#set": 1})), "#set must hold an array");
    assert_eq!(
        e(json!({"#map": [[1]]})),
        "each #map entry must be a [key, value] pair"
    );
    assert_eq!(e(json!({"#other": []})), "unknown ITF tag #other");
}
