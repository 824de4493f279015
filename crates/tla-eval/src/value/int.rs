//! Integers with TLC's range and TLC's arithmetic.
//!
//! # TLC facts (from `tlc2/value/impl/IntValue.java`, `tlc2/module/Naturals.java`,
//! `tlc2/module/Integers.java`, `tlc2/value/impl/IntervalValue.java`)
//!
//! * `IntValue` holds a Java `int`: TLC's integers are 32-bit,
//!   -2147483648 ..= 2147483647. We store them in an `i64` but every
//!   operation here keeps results inside that range.
//! * `+`, `-`, `*` and `^` detect a result outside the range and fail with
//!   "Overflow when computing a+b" (`EC.TLC_MODULE_OVERFLOW`); `*` and `^`
//!   compute in 64 bits and check the range.
//! * `\div` is computed as Java's truncating division, then decremented when
//!   the quotient is negative and inexact. A quotient that truncates to 0 is
//!   *not* corrected, so TLC evaluates `-1 \div 2` to `0`; we do the same.
//!   Division by 0 is an error. `-2147483648 \div -1` wraps in Java, and here.
//! * `%` requires a positive divisor and returns a result in `0 .. b-1`.
//! * `^` requires a non-negative exponent; `0^0` is an error.
//! * Unary minus is `0 - x` in Java with no check, so `-(-2147483648)` wraps.
//! * The size of an interval `a..b` must fit in an `int` too
//!   ("Size of interval value exceeds the maximum representable size (32bits)").

use super::error::{VResult, ValueError, ValueErrorKind};

/// Smallest integer TLC represents.
pub const TLC_INT_MIN: i64 = i32::MIN as i64;
/// Largest integer TLC represents.
pub const TLC_INT_MAX: i64 = i32::MAX as i64;

/// Whether `n` is inside TLC's integer range.
#[inline]
pub fn in_tlc_range(n: i64) -> bool {
    (TLC_INT_MIN..=TLC_INT_MAX).contains(&n)
}

/// `n` if it is inside TLC's range, an overflow error naming `what` otherwise.
#[inline]
pub fn check_range(n: i64, what: impl FnOnce() -> String) -> VResult<i64> {
    if in_tlc_range(n) {
        Ok(n)
    } else {
        Err(ValueError::overflow(what()))
    }
}

/// `a + b` (Naturals `+`).
#[inline]
pub fn add(a: i64, b: i64) -> VResult<i64> {
    check_range(a + b, || format!("{a}+{b}"))
}

/// `a - b` (Naturals `-`).
#[inline]
pub fn sub(a: i64, b: i64) -> VResult<i64> {
    check_range(a - b, || format!("{a}-{b}"))
}

/// `a * b` (Naturals `*`).
#[inline]
pub fn mul(a: i64, b: i64) -> VResult<i64> {
    check_range(a * b, || format!("{a}*{b}"))
}

/// Unary minus, wrapping like Java's `0 - x`.
#[inline]
pub fn neg(a: i64) -> i64 {
    (0i32.wrapping_sub(a as i32)) as i64
}

/// `a \div b` with TLC's rounding.
pub fn div(a: i64, b: i64) -> VResult<i64> {
    if b == 0 {
        return Err(ValueError::new(
            ValueErrorKind::Arithmetic,
            "The second argument of \\div is 0.",
        ));
    }
    let (a32, b32) = (a as i32, b as i32);
    if a32 == i32::MIN && b32 == -1 {
        return Err(ValueError::new(
            ValueErrorKind::Arithmetic,
            "Overflow when computing -2147483648 \\div -1",
        ));
    }
    // Rounded down (Naturals' Divide): a quotient of operands of opposite signs that is not
    // exact is one less than Rust's, which rounds toward zero (even when that gives 0).
    let mut q = a32 / b32;
    if ((a32 < 0) != (b32 < 0)) && q * b32 != a32 {
        q -= 1;
    }
    Ok(q as i64)
}

/// `a % b` with TLC's rules (positive divisor, non-negative result).
pub fn modulo(a: i64, b: i64) -> VResult<i64> {
    if b <= 0 {
        return Err(ValueError::new(
            ValueErrorKind::Arithmetic,
            format!(
                "The second argument of % should be a positive number, but instead it is:\n{b}"
            ),
        ));
    }
    let r = a % b;
    Ok(if r < 0 { r + b } else { r })
}

/// `a ^ b` with TLC's rules.
pub fn pow(a: i64, b: i64) -> VResult<i64> {
    if b < 0 {
        return Err(ValueError::new(
            ValueErrorKind::Arithmetic,
            format!("The second argument of ^ should be a natural number, but instead it is:\n{b}"),
        ));
    }
    if b == 0 {
        if a == 0 {
            return Err(ValueError::new(
                ValueErrorKind::Arithmetic,
                "0^0 is undefined.",
            ));
        }
        return Ok(1);
    }
    // Same result as TLC's loop, without its 2^31 iterations for 0, 1 and -1.
    match a {
        0 | 1 => return Ok(a),
        -1 => return Ok(if b % 2 == 0 { 1 } else { -1 }),
        _ => {}
    }
    let mut res = a;
    for _ in 1..b {
        res *= a;
        if !in_tlc_range(res) {
            return Err(ValueError::overflow(format!("{a}^{b}")));
        }
    }
    Ok(res)
}

/// Number of elements of `lo..hi`, failing like TLC when it exceeds an `int`.
pub fn interval_size(lo: i64, hi: i64) -> VResult<i64> {
    if hi < lo {
        return Ok(0);
    }
    let n = hi - lo + 1;
    if n > TLC_INT_MAX {
        return Err(ValueError::new(
            ValueErrorKind::Overflow,
            format!(
                "Size of interval value exceeds the maximum representable size (32bits): {lo}..{hi}."
            ),
        ));
    }
    Ok(n)
}
