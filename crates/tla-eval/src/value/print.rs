//! How TLC prints values (`toString`), on one line.
//!
//! # TLC facts (from `toString(StringBuilder, int, boolean)` in
//! `tlc2/value/impl/*.java` and `tlc2/module/*.java`, `TLCGlobals.java`)
//!
//! * `TRUE`, `FALSE`; integers in decimal (`-3`); model values bare (`p1`).
//! * Strings in double quotes, escaping `"` `\` tab newline form-feed and
//!   carriage return as `\"` `\\` `\t` `\n` `\f` `\r` (`StringValue.PrintVersion`);
//!   every other character is printed as is.
//! * Sets: `{1, 2, 3}` in normalized order, `{}` when empty. An interval
//!   prints as `1..3` (as `{}` when empty) — it stays an interval value in
//!   TLC, so `x = 1..3` shows `1..3` while `x = {1, 2, 3}` shows `{1, 2, 3}`.
//! * A `TupleValue` prints `<<1, 2>>`, `<<>>` when empty; a `RecordValue`
//!   prints `[a |-> 1, b |-> 2]` in field-token order, `[]` when empty.
//! * An empty function prints `<<>>`: FcnRcdValue's `<< >>` (with a space) is never seen,
//!   since every empty function TLC builds (`[x \in {} |-> e]`, `SetToBag({})`, the element
//!   of `[{} -> S]`, `f @@ g`, a recursive definition over `{}`) prints `<<>>` (TLC's output).
//!   A non-empty `FcnRcdValue` prints as a record when
//!   every domain element is a string that is a TLA+ name (letters, digits and
//!   `_`, at least one letter, not starting with `WF_`/`SF_`); as a tuple when
//!   its domain is `1..n`; otherwise as `(d1 :> v1 @@ d2 :> v2)`.
//! * `SUBSET S` prints enumerated when `S` has fewer than 7 elements, else
//!   `SUBSET S` (`SUBSET (1..9)` with parentheses around an interval). `[S ->
//!   T]`, `[a : S, b : T]` and `S \X T` print enumerated when they have fewer
//!   than 2000 elements (`TLCGlobals.enumBound`), else as `[S -> T]`, `[a: S,
//!   b: T]` and `(S \X T)`. When the size cannot be computed the lazy form is
//!   printed.
//! * `Nat`, `Int`, `STRING`, `Seq(S)`.
//! * Nested values print recursively; a value is printed on one line here.
//!   Traces and error messages pass this text through TLC's pretty printer,
//!   see [`super::ppr`].

use std::fmt::{self, Write};

use super::func::{Domain, FuncKind, FuncValue};
use super::Value;

/// TLC's `enumBound`: lazy function/record/tuple sets smaller than this print enumerated.
pub const ENUM_BOUND: i64 = 2000;

/// Appends `s` quoted and escaped as TLC prints strings.
pub fn write_tlc_string(w: &mut impl Write, s: &str) -> fmt::Result {
    w.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => w.write_str("\\\"")?,
            '\\' => w.write_str("\\\\")?,
            '\t' => w.write_str("\\t")?,
            '\n' => w.write_str("\\n")?,
            '\u{c}' => w.write_str("\\f")?,
            '\r' => w.write_str("\\r")?,
            c => w.write_char(c)?,
        }
    }
    w.write_char('"')
}

/// TLC's `FcnRcdValue.isName`.
fn is_name(s: &str) -> bool {
    let mut has_letter = false;
    for c in s.chars() {
        if c == '_' {
            continue;
        }
        if !c.is_alphanumeric() {
            return false;
        }
        has_letter |= c.is_alphabetic();
    }
    has_letter && (s.chars().count() < 4 || (!s.starts_with("WF_") && !s.starts_with("SF_")))
}

fn write_list<'a>(
    w: &mut impl Write,
    open: &str,
    items: impl Iterator<Item = &'a Value>,
    close: &str,
) -> fmt::Result {
    w.write_str(open)?;
    for (i, v) in items.enumerate() {
        if i > 0 {
            w.write_str(", ")?;
        }
        write_value(w, v)?;
    }
    w.write_str(close)
}

fn write_record(w: &mut impl Write, f: &FuncValue) -> fmt::Result {
    w.write_char('[')?;
    for (i, (k, v)) in f.iter().enumerate() {
        if i > 0 {
            w.write_str(", ")?;
        }
        match &k {
            Value::Str(s) => w.write_str(s.as_str())?,
            other => write_value(w, other)?,
        }
        w.write_str(" |-> ")?;
        write_value(w, v)?;
    }
    w.write_char(']')
}

fn write_func(w: &mut impl Write, f: &FuncValue) -> fmt::Result {
    match f.kind() {
        FuncKind::Tuple => write_list(w, "<<", f.values().iter(), ">>"),
        FuncKind::Record => write_record(w, f),
        FuncKind::Fcn => {
            if f.is_empty() {
                return w.write_str("<<>>");
            }
            let all_names = match f.domain() {
                Domain::Explicit(d) => d
                    .iter()
                    .all(|x| matches!(x, Value::Str(s) if is_name(s.as_str()))),
                Domain::Range(_) => false,
            };
            if all_names {
                write_record(w, f)
            } else if f.as_tuple().is_some() {
                write_list(w, "<<", f.values().iter(), ">>")
            } else {
                w.write_char('(')?;
                for (i, (k, v)) in f.iter().enumerate() {
                    if i > 0 {
                        w.write_str(" @@ ")?;
                    }
                    write_value(w, &k)?;
                    w.write_str(" :> ")?;
                    write_value(w, v)?;
                }
                w.write_char(')')
            }
        }
    }
}

/// Prints the enumeration of a lazy set when TLC would, else returns false.
fn write_expanded(w: &mut impl Write, v: &Value, limit: i64) -> Result<bool, fmt::Error> {
    match v.raw_cardinality() {
        Ok(n) if n < limit => match v.enumerate() {
            Ok(s) => {
                write_list(w, "{", s.iter(), "}")?;
                Ok(true)
            }
            Err(_) => Ok(false),
        },
        _ => Ok(false),
    }
}

/// Writes `v` the way TLC's `toString` does.
pub fn write_value(w: &mut impl Write, v: &Value) -> fmt::Result {
    match v {
        Value::Bool(true) => w.write_str("TRUE"),
        Value::Bool(false) => w.write_str("FALSE"),
        Value::Int(n) => write!(w, "{n}"),
        Value::Str(s) => write_tlc_string(w, s.as_str()),
        Value::ModelValue(m) => w.write_str(m.name().as_str()),
        Value::Set(s) => write_list(w, "{", s.iter(), "}"),
        Value::Func(f) => write_func(w, f),
        Value::Interval(lo, hi) => {
            if lo <= hi {
                write!(w, "{lo}..{hi}")
            } else {
                w.write_str("{}")
            }
        }
        Value::Subset(base) => {
            let small = matches!(base.raw_cardinality(), Ok(n) if n < 7);
            if small && write_expanded(w, v, i64::MAX)? {
                return Ok(());
            }
            w.write_str("SUBSET ")?;
            if let Value::Interval(..) = **base {
                w.write_char('(')?;
                write_value(w, base)?;
                w.write_char(')')
            } else {
                write_value(w, base)
            }
        }
        Value::FuncSet(fs) => {
            if write_expanded(w, v, ENUM_BOUND)? {
                return Ok(());
            }
            w.write_char('[')?;
            write_value(w, &fs.domain)?;
            w.write_str(" -> ")?;
            write_value(w, &fs.range)?;
            w.write_char(']')
        }
        Value::RecordSet(rs) => {
            if write_expanded(w, v, ENUM_BOUND)? {
                return Ok(());
            }
            w.write_char('[')?;
            for (i, (n, s)) in rs.names().iter().zip(rs.sets()).enumerate() {
                if i > 0 {
                    w.write_str(", ")?;
                }
                if let Value::Str(n) = n {
                    w.write_str(n.as_str())?;
                }
                w.write_str(": ")?;
                write_value(w, s)?;
            }
            w.write_char(']')
        }
        Value::Product(sets) => {
            if write_expanded(w, v, ENUM_BOUND)? {
                return Ok(());
            }
            w.write_char('(')?;
            for (i, s) in sets.iter().enumerate() {
                if i > 0 {
                    w.write_str(" \\X ")?;
                }
                write_value(w, s)?;
            }
            w.write_char(')')
        }
        Value::SeqSet(s) => {
            w.write_str("Seq(")?;
            write_value(w, s)?;
            w.write_char(')')
        }
        Value::Nat => w.write_str("Nat"),
        Value::IntSet => w.write_str("Int"),
        Value::StringSet => w.write_str("STRING"),
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_value(f, self)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_value(f, self)
    }
}

impl fmt::Display for super::SetValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, "{", self.iter(), "}")
    }
}

impl fmt::Debug for super::SetValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for FuncValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_func(f, self)
    }
}

impl fmt::Debug for FuncValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_func(f, self)
    }
}
