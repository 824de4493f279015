//! TLC's estimate, printed on success, of the probability that two distinct states had the
//! same 64-bit fingerprint (`AbstractChecker.calculateOptimisticProbability` and
//! `ProbabilityToString`, TLC_SUCCESS in docs/TLC_SEMANTICS.md).

/// `distinct * ((generated - distinct) / 2^64)`.
pub fn optimistic(distinct: u64, generated: u64) -> f64 {
    distinct as f64 * (generated.saturating_sub(distinct) as f64 / 2f64.powi(64))
}

/// The lines TLC prints after "Model checking completed. No error has been found.".
pub fn success_lines(distinct: u64, generated: u64) -> String {
    let val = if distinct == 0 && generated == 0 {
        "0.0".to_string()
    } else {
        probability_text(optimistic(distinct, generated), 2)
    };
    format!(
        "  Estimates of the probability that TLC did not check all reachable states\n  because two distinct states had the same fingerprint:\n  calculated (optimistic):  val = {val}\n"
    )
}

/// Java's `Double.toString` of a finite non-negative double: plain in [1e-3, 1e7), else
/// `d.dddE±n`, always with a digit after the point.
fn java_double(v: f64) -> String {
    if v == 0.0 {
        return "0.0".into();
    }
    if (1e-3..1e7).contains(&v) {
        let s = format!("{v}");
        return if s.contains('.') { s } else { s + ".0" };
    }
    let s = format!("{v:e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mant = if mant.contains('.') {
        mant.to_string()
    } else {
        format!("{mant}.0")
    };
    format!("{mant}E{exp}")
}

/// `ProbabilityToString`: `val`'s decimal text cut to `significant` digits, rounding the
/// last one half up, the exponent kept.
fn probability_text(val: f64, significant: usize) -> String {
    if val == 0.0 {
        return "0.0".into();
    }
    let s: Vec<char> = java_double(val).chars().collect();
    let mut next = 0;
    let mut out = String::new();
    let mut found = 0;
    while next < s.len() && s[next] == '0' {
        next += 1;
    }
    while next < s.len() && s[next].is_ascii_digit() {
        out.push(s[next]);
        found += 1;
        next += 1;
    }
    if next == s.len() {
        return out;
    }
    if s[next] != '.' {
        return s.iter().collect();
    }
    next += 1;
    if found >= significant {
        while next < s.len() && s[next].is_ascii_digit() {
            next += 1;
        }
    } else {
        out.push('.');
        if found == 0 {
            while next < s.len() && s[next] == '0' {
                next += 1;
                out.push('0');
            }
        }
        while next < s.len() && s[next].is_ascii_digit() && found < significant {
            out.push(s[next]);
            next += 1;
            found += 1;
        }
        if next < s.len() && s[next].is_ascii_digit() && s[next] >= '5' {
            out = carry(&out);
        }
        while next < s.len() && s[next].is_ascii_digit() {
            next += 1;
        }
    }
    if next >= s.len() {
        return out;
    }
    if s[next] == 'E' {
        out.extend(&s[next..]);
        return out;
    }
    s.iter().collect()
}

/// Adds one to the last digit of `digits` (a decimal with a point), carrying leftwards.
fn carry(digits: &str) -> String {
    let mut d: Vec<char> = digits.chars().collect();
    let mut i = d.len();
    loop {
        if i == 0 {
            d.insert(0, '1');
            break;
        }
        i -= 1;
        match d[i] {
            '9' => d[i] = '0',
            c if c.is_ascii_digit() => {
                d[i] = (c as u8 + 1) as char;
                break;
            }
            _ => {}
        }
    }
    d.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_as_tlc_prints_them() {
        // Java: Double.toString(4.0E-7) = "4.0E-7" -> 2 digits "4.0", exponent kept.
        assert_eq!(probability_text(4.0e-7, 2), "4.0E-7");
        // "1.2345E-8": "1.2", next digit 3 < 5.
        assert_eq!(probability_text(1.2345e-8, 2), "1.2E-8");
        // "1.26E-8": the 6 rounds the 2 up.
        assert_eq!(probability_text(1.26e-8, 2), "1.3E-8");
        // "9.96E-9": carries through the 9s.
        assert_eq!(probability_text(9.96e-9, 2), "10.0E-9");
        // "0.0123": the leading 0 is skipped (TLC prints no digit before the point), the
        // zeros after the point are kept, then 2 digits.
        assert_eq!(probability_text(0.0123, 2), ".012");
    }

    #[test]
    fn optimistic_estimate_is_tlcs_formula() {
        // EWD998Small's figures: 1520618 * (11238019 - 1520618) / 2^64.
        let p = optimistic(1_520_618, 11_238_019);
        let expected = 1_520_618f64 * (9_717_401f64 / 18_446_744_073_709_551_616f64);
        assert_eq!(p, expected);
        assert_eq!(probability_text(p, 2), "8.0E-7");
        assert!(success_lines(0, 0).contains("val = 0.0"));
    }
}
