//! Rust values as ITF JSON (the encoding `tlacheck trace validate` reads): integers as
//! numbers (`#bigint` past 2^53), strings, sequences as arrays, `#set`, `#map`, `#tup`, and
//! records as objects.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write;

/// A value that can be logged.
pub trait ToItf {
    /// Appends the value's ITF JSON to `out`.
    fn write_itf(&self, out: &mut String);

    /// The value's ITF JSON.
    fn to_itf(&self) -> String {
        let mut s = String::new();
        self.write_itf(&mut s);
        s
    }
}

/// A record `[name |-> value, ...]`, written as a JSON object.
pub struct Record<'a>(pub &'a [(&'a str, &'a dyn ToItf)]);

const JSON_SAFE_INT: i128 = 1 << 53;

fn write_int(n: i128, out: &mut String) {
    if n.abs() < JSON_SAFE_INT {
        let _ = write!(out, "{n}");
    } else {
        let _ = write!(out, "{{\"#bigint\":\"{n}\"}}");
    }
}

/// Appends `s` as a JSON string.
pub(crate) fn write_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_list<'a, T: ToItf + 'a>(items: impl Iterator<Item = &'a T>, out: &mut String) {
    out.push('[');
    for (i, x) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        x.write_itf(out);
    }
    out.push(']');
}

fn write_tagged<'a, T: ToItf + 'a>(
    tag: &str,
    items: impl Iterator<Item = &'a T>,
    out: &mut String,
) {
    let _ = write!(out, "{{\"{tag}\":");
    write_list(items, out);
    out.push('}');
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl ToItf for $t {
            fn write_itf(&self, out: &mut String) {
                write_int(*self as i128, out)
            }
        }
    )*};
}
ints!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl ToItf for bool {
    fn write_itf(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" })
    }
}

impl ToItf for str {
    fn write_itf(&self, out: &mut String) {
        write_str(self, out)
    }
}

impl ToItf for String {
    fn write_itf(&self, out: &mut String) {
        write_str(self, out)
    }
}

impl<T: ToItf + ?Sized> ToItf for &T {
    fn write_itf(&self, out: &mut String) {
        (**self).write_itf(out)
    }
}

/// A sequence.
impl<T: ToItf> ToItf for [T] {
    fn write_itf(&self, out: &mut String) {
        write_list(self.iter(), out)
    }
}

/// A sequence.
impl<T: ToItf> ToItf for Vec<T> {
    fn write_itf(&self, out: &mut String) {
        write_list(self.iter(), out)
    }
}

/// A sequence.
impl<T: ToItf> ToItf for std::collections::VecDeque<T> {
    fn write_itf(&self, out: &mut String) {
        write_list(self.iter(), out)
    }
}

impl<T: ToItf> ToItf for BTreeSet<T> {
    fn write_itf(&self, out: &mut String) {
        write_tagged("#set", self.iter(), out)
    }
}

impl<T: ToItf, S> ToItf for HashSet<T, S> {
    fn write_itf(&self, out: &mut String) {
        write_tagged("#set", self.iter(), out)
    }
}

fn write_map<'a, K: ToItf + 'a, V: ToItf + 'a>(
    pairs: impl Iterator<Item = (&'a K, &'a V)>,
    out: &mut String,
) {
    out.push_str("{\"#map\":[");
    for (i, (k, v)) in pairs.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        k.write_itf(out);
        out.push(',');
        v.write_itf(out);
        out.push(']');
    }
    out.push_str("]}");
}

impl<K: ToItf, V: ToItf> ToItf for BTreeMap<K, V> {
    fn write_itf(&self, out: &mut String) {
        write_map(self.iter(), out)
    }
}

impl<K: ToItf, V: ToItf, S> ToItf for HashMap<K, V, S> {
    fn write_itf(&self, out: &mut String) {
        write_map(self.iter(), out)
    }
}

macro_rules! tuples {
    ($(($($n:tt $t:ident),+)),*) => {$(
        impl<$($t: ToItf),+> ToItf for ($($t,)+) {
            fn write_itf(&self, out: &mut String) {
                out.push_str("{\"#tup\":[");
                $(
                    if $n > 0 { out.push(','); }
                    self.$n.write_itf(out);
                )+
                out.push_str("]}");
            }
        }
    )*};
}
tuples!((0 A), (0 A, 1 B), (0 A, 1 B, 2 C), (0 A, 1 B, 2 C, 3 D));

impl ToItf for Record<'_> {
    fn write_itf(&self, out: &mut String) {
        out.push('{');
        for (i, (name, v)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_str(name, out);
            out.push(':');
            v.write_itf(out);
        }
        out.push('}');
    }
}
