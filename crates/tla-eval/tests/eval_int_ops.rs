//! Naturals' binary operators applied in place give the native operators' values and errors.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn integer_operators_in_place_keep_values_and_errors() {
    let spec = load(
        "Integers, FiniteSetsExt, Functions",
        r#"
Sum(S) == FoldSet(+, 0, S)
SumF(f) == FoldFunctionOnSet(+, 0, f, DOMAIN f)
Vals == <<3 + 4, 3 - 10, -3 * 7, 2 < 3, 3 > 3, 3 <= 3, 4 >= 5, Sum({1, 2, 3}), SumF(<<5, 6>>)>>
Max == 2147483647 + 0
Over == 2147483647 + 1
Under == -2147483647 - 2
Times == 65536 * 65536
NotInt == "a" < 1
NotIntSum == {1} + 1
FoldOver == FoldSet(+, 0, {2147483647, 1})
FoldNotInt == FoldFunctionOnSet(+, 0, <<1, "a">>, {1, 2})
"#,
    );
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("Vals", "<<7, -7, -21, TRUE, FALSE, TRUE, FALSE, 6, 11>>"),
            ("Max", "2147483647"),
        ],
    );
    assert!(error_of(&ev, &spec, "Over").contains("Overflow when computing 2147483647+1"));
    assert!(error_of(&ev, &spec, "Under").contains("Overflow"));
    assert!(error_of(&ev, &spec, "Times").contains("Overflow when computing 65536*65536"));
    // TLC 2026.12 (`tlc2.TLC -workers 1` on `Init == x = IF 1 < "a" ...`, `x = {1} \div 2`):
    // a comparison names the operand; +, -, *, ... fail the Java override's cast.
    assert!(error_of(&ev, &spec, "NotInt")
        .contains("The first argument of < should be an integer, but instead it is:\n\"a\""));
    assert!(error_of(&ev, &spec, "NotIntSum")
        .contains("Cannot cast tlc2.value.impl.SetEnumValue to tlc2.value.impl.IntValue"));
    // `+` handed to a fold: the same values and errors as the native operator.
    assert!(error_of(&ev, &spec, "FoldOver").contains("Overflow when computing"));
    assert!(error_of(&ev, &spec, "FoldNotInt")
        .contains("Cannot cast tlc2.value.impl.StringValue to tlc2.value.impl.IntValue"));
}
