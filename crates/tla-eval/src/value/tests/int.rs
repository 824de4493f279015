use crate::value::int::*;
use crate::value::{Value, ValueErrorKind};

#[test]
fn range_is_32_bit() {
    assert_eq!(TLC_INT_MAX, 2147483647);
    assert_eq!(TLC_INT_MIN, -2147483648);
    assert!(Value::int(2147483647).is_ok());
    assert!(Value::int(-2147483648).is_ok());
    assert_eq!(
        Value::int(2147483648).unwrap_err().kind,
        ValueErrorKind::Overflow
    );
}

#[test]
fn addition_subtraction_multiplication_overflow() {
    assert_eq!(add(2, 3).unwrap(), 5);
    let e = add(2147483647, 1).unwrap_err();
    assert_eq!(e.kind, ValueErrorKind::Overflow);
    assert_eq!(e.message, "Overflow when computing 2147483647+1");
    assert!(add(-2147483648, -1).is_err());
    assert_eq!(sub(-2147483647, 1).unwrap(), -2147483648);
    assert!(sub(-2147483648, 1).is_err());
    assert_eq!(mul(46340, 46340).unwrap(), 2147395600);
    assert_eq!(
        mul(65536, 65536).unwrap_err().message,
        "Overflow when computing 65536*65536"
    );
    assert_eq!(mul(-65536, 32768).unwrap(), -2147483648);
}

#[test]
fn division_rounds_like_tlc() {
    assert_eq!(div(7, 2).unwrap(), 3);
    assert_eq!(div(-7, 2).unwrap(), -4);
    assert_eq!(div(7, -2).unwrap(), -4);
    assert_eq!(div(-7, -2).unwrap(), 3);
    // Rounded down also when Rust's quotient is 0 (TLC 2026.12 prints
    // <<-1, -1, -2, 0, -1073741824>> for <<(-1) \div 2, 1 \div (-2), (-4) \div 2,
    // 0 \div (-3), -2147483648 \div 2>>, and reports the one overflow).
    assert_eq!(div(-1, 2).unwrap(), -1);
    assert_eq!(div(1, -2).unwrap(), -1);
    assert_eq!(div(-4, 2).unwrap(), -2);
    assert_eq!(div(0, -3).unwrap(), 0);
    assert_eq!(div(-2147483648, 2).unwrap(), -1073741824);
    let overflow = div(-2147483648, -1).unwrap_err();
    assert_eq!(
        overflow.message,
        "Overflow when computing -2147483648 \\div -1"
    );
    assert_eq!(div(1, 0).unwrap_err().kind, ValueErrorKind::Arithmetic);
}

#[test]
fn modulo_needs_positive_divisor() {
    assert_eq!(modulo(-7, 3).unwrap(), 2);
    assert_eq!(modulo(7, 3).unwrap(), 1);
    assert!(modulo(7, 0).is_err());
    assert!(modulo(7, -3).is_err());
}

#[test]
fn exponentiation() {
    assert_eq!(pow(2, 30).unwrap(), 1 << 30);
    assert_eq!(
        pow(2, 31).unwrap_err().message,
        "Overflow when computing 2^31"
    );
    assert_eq!(pow(-2, 31).unwrap(), -2147483648);
    assert_eq!(pow(5, 0).unwrap(), 1);
    assert!(pow(0, 0).is_err());
    assert!(pow(2, -1).is_err());
    assert_eq!(pow(1, 2147483647).unwrap(), 1);
    assert_eq!(pow(-1, 2147483647).unwrap(), -1);
    assert_eq!(pow(0, 5).unwrap(), 0);
}

#[test]
fn negation_wraps_like_java() {
    assert_eq!(neg(5), -5);
    assert_eq!(neg(-2147483648), -2147483648);
}

#[test]
fn interval_sizes() {
    assert_eq!(interval_size(1, 10).unwrap(), 10);
    assert_eq!(interval_size(10, 1).unwrap(), 0);
    assert_eq!(interval_size(0, 2147483646).unwrap(), 2147483647);
    assert!(interval_size(-1, 2147483647).is_err());
}
