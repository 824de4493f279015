//! Json: TLC values to and from JSON text and files.
//!
//! # TLC facts (`tlc2/module/Json.java`, Gson)
//!
//! * Encoding (`getNode`): records are objects (fields in the record's order), tuples arrays;
//!   strings and model values JSON strings, integers numbers, Booleans `true`/`false`; other
//!   functions are arrays when their domain is `1..n` and objects otherwise, keyed by the
//!   string itself for string arguments and by `toString()` of any other argument; every
//!   finite set (explicit, interval, `SUBSET`, `[S -> T]`, record sets, products) is an array
//!   of its elements in normalized order. Anything else is an error (`Cannot convert value:
//!   unsupported value type ...`).
//! * `ToJsonArray` accepts tuples, functions and sets (a function whose domain is not `1..n`
//!   still becomes an object); `ToJsonObject` accepts records, tuples (keys `"0"`, `"1"`, ...
//!   — zero-based) and functions (a function on `1..n` still becomes an array).
//! * The text is Gson's compact form: no spaces; in strings `"` and `\` are escaped, `\t \b \n
//!   \r \f` by their short escapes, other characters below U+0020 and U+2028/U+2029 as
//!   `\uXXXX` (lower-case hex); nothing else is escaped.
//! * Decoding (`getValue`): arrays become tuples, objects records (field names interned in
//!   document order, a repeated key keeping its last value), numbers `getAsInt()` (a long is
//!   truncated to 32 bits, a decimal truncated toward zero), strings, Booleans; `null` is not
//!   a value.
//! * `JsonDeserialize(file)` reads one JSON value; `ndJsonDeserialize(file)` one value per
//!   line, as a tuple. `JsonSerialize(file, seq)` writes `[\n` + the elements joined by `,\n` +
//!   `\n]\n`; `ndJsonSerialize(file, seq)` one element per line. Both create missing parent
//!   folders and equal TRUE. Relative file names are relative to the working directory.

use super::{val, Binding, Entry};
use crate::error::{EResult, EvalError};
use crate::value::{Domain, FuncKind, FuncValue, IStr, Value};
use std::fmt::Write as _;

pub(super) const NATIVES: &[Entry] = &[
    ("Json", "ToJson", |_, _, _, a, _| {
        Ok(Value::str(
            &to_json(val(a, 0)?).map_err(|m| failed("ToJson", m))?,
        ))
    }),
    ("Json", "ToJsonArray", |_, _, _, a, _| {
        let mut out = String::new();
        array_node(&mut out, val(a, 0)?).map_err(|m| failed("ToJsonArray", m))?;
        Ok(Value::str(&out))
    }),
    ("Json", "ToJsonObject", |_, _, _, a, _| {
        let mut out = String::new();
        object_node(&mut out, val(a, 0)?).map_err(|m| failed("ToJsonObject", m))?;
        Ok(Value::str(&out))
    }),
    ("Json", "JsonDeserialize", |_, _, _, a, _| {
        let path = path_arg(a, "JsonDeserialize")?;
        let text = read(path, "JsonDeserialize")?;
        parse_document(&text).map_err(|m| failed("JsonDeserialize", m))
    }),
    ("Json", "ndJsonDeserialize", |_, _, _, a, _| {
        let path = path_arg(a, "ndJsonDeserialize")?;
        let text = read(path, "ndJsonDeserialize")?;
        let mut out = Vec::new();
        for line in java_lines(&text) {
            out.push(parse_document(line).map_err(|m| failed("ndJsonDeserialize", m))?);
        }
        Ok(Value::tuple(out))
    }),
    ("Json", "JsonSerialize", |_, _, _, a, _| {
        let path = path_arg(a, "JsonSerialize")?;
        let elems = seq_arg(a, "JsonSerialize")?;
        let mut out = String::from("[\n");
        for (i, x) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(",\n");
            }
            node(&mut out, x).map_err(|m| failed("JsonSerialize", m))?;
        }
        out.push_str("\n]\n");
        write(path, &out, "JsonSerialize")
    }),
    ("Json", "ndJsonSerialize", |_, _, _, a, _| {
        let path = path_arg(a, "ndJsonSerialize")?;
        let elems = seq_arg(a, "ndJsonSerialize")?;
        let mut out = String::new();
        for x in elems {
            node(&mut out, x).map_err(|m| failed("ndJsonSerialize", m))?;
            out.push('\n');
        }
        write(path, &out, "ndJsonSerialize")
    }),
];

/// TLC's wrapping of an exception thrown by an overriding Java method.
fn failed(op: &str, message: String) -> EvalError {
    EvalError::new(format!(
        "Attempted to apply the operator overridden by the Java method\n{op},\nbut it produced the following error:\n{message}"
    ))
}

fn path_arg(a: &[Binding], op: &str) -> EResult<&'static str> {
    let p = val(a, 0)?;
    p.as_str()
        .map(|s| s.as_str())
        .ok_or_else(|| super::util::arg_error("first", op, "string", p))
}

fn seq_arg<'a>(a: &'a [Binding], op: &str) -> EResult<&'a [Value]> {
    let v = val(a, 1)?;
    v.as_func()
        .and_then(FuncValue::as_tuple)
        .ok_or_else(|| super::util::arg_error("second", op, "sequence", v))
}

fn read(path: &str, op: &str) -> EResult<String> {
    std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .map_err(|e| failed(op, format!("{path} ({e})")))
}

fn write(path: &str, text: &str, op: &str) -> EResult<Value> {
    let p = std::path::Path::new(path);
    if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(p, text).map_err(|e| failed(op, format!("{path} ({e})")))?;
    Ok(Value::TRUE)
}

/// Lines as `BufferedReader.readLine` splits them (`\n`, `\r`, `\r\n`; no final empty line).
fn java_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                out.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < bytes.len() {
        out.push(&text[start..]);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Encoding

type JResult = Result<(), String>;

fn unsupported(v: &Value) -> String {
    let class = match v {
        Value::Nat | Value::IntSet | Value::StringSet | Value::SeqSet(_) => "UserValue",
        Value::Func(f) if f.kind() == FuncKind::Record => "RecordValue",
        Value::Func(f) if f.kind() == FuncKind::Tuple => "TupleValue",
        Value::Func(_) => "FcnRcdValue",
        Value::Bool(_) => "BoolValue",
        Value::Int(_) => "IntValue",
        Value::Str(_) => "StringValue",
        Value::ModelValue(_) => "ModelValue",
        _ => "SetEnumValue",
    };
    format!("Cannot convert value: unsupported value type tlc2.value.impl.{class}")
}

/// `ToJson(v)`.
pub fn to_json(v: &Value) -> Result<String, String> {
    let mut out = String::new();
    node(&mut out, v)?;
    Ok(out)
}

/// Whether a function's domain is `1..n` (TLC's `isValidSequence`).
fn is_sequence(f: &FuncValue) -> bool {
    matches!(f.domain(), Domain::Range(1))
}

fn node(out: &mut String, v: &Value) -> JResult {
    match v {
        Value::Func(f) => match f.kind() {
            FuncKind::Record => record_object(out, f),
            FuncKind::Tuple => array(out, f.values()),
            FuncKind::Fcn => fcn_object(out, f),
        },
        Value::Str(s) => {
            string(out, s.as_str());
            Ok(())
        }
        Value::ModelValue(m) => {
            string(out, m.name().as_str());
            Ok(())
        }
        Value::Int(n) => {
            let _ = write!(out, "{n}");
            Ok(())
        }
        Value::Bool(b) => {
            out.push_str(if *b { "true" } else { "false" });
            Ok(())
        }
        _ => set_array(out, v),
    }
}

fn set_array(out: &mut String, v: &Value) -> JResult {
    if !v.is_set() || v.is_user_set() {
        return Err(unsupported(v));
    }
    let s = v.enumerate().map_err(|e| e.message)?;
    array(out, s.as_slice())
}

fn array(out: &mut String, xs: &[Value]) -> JResult {
    out.push('[');
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        node(out, x)?;
    }
    out.push(']');
    Ok(())
}

fn record_object(out: &mut String, f: &FuncValue) -> JResult {
    out.push('{');
    for (i, (k, x)) in f.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, k.as_str().map(|s| s.as_str()).unwrap_or(""));
        out.push(':');
        node(out, x)?;
    }
    out.push('}');
    Ok(())
}

/// `getObjectNode(FcnRcdValue)`: an array for a sequence, else an object.
fn fcn_object(out: &mut String, f: &FuncValue) -> JResult {
    if is_sequence(f) {
        return array(out, f.values());
    }
    // Gson's JsonObject keeps the first position of a key and the last value added for it.
    let mut keys: Vec<String> = Vec::new();
    let mut vals: Vec<&Value> = Vec::new();
    for (k, x) in f.iter() {
        let key = match &k {
            Value::Str(s) => s.as_str().to_string(),
            other => other.to_string(),
        };
        match keys.iter().position(|q| *q == key) {
            Some(i) => vals[i] = x,
            None => {
                keys.push(key);
                vals.push(x);
            }
        }
    }
    out.push('{');
    for (i, (k, x)) in keys.iter().zip(vals).enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, k);
        out.push(':');
        node(out, x)?;
    }
    out.push('}');
    Ok(())
}

/// `getArrayNode(v)` (`ToJsonArray`).
fn array_node(out: &mut String, v: &Value) -> JResult {
    match v {
        Value::Func(f) => match f.kind() {
            FuncKind::Tuple => array(out, f.values()),
            FuncKind::Fcn => fcn_object(out, f),
            FuncKind::Record => Err(unsupported(v)),
        },
        _ => set_array(out, v),
    }
}

/// `getObjectNode(v)` (`ToJsonObject`).
fn object_node(out: &mut String, v: &Value) -> JResult {
    match v {
        Value::Func(f) => match f.kind() {
            FuncKind::Record => record_object(out, f),
            FuncKind::Tuple => {
                out.push('{');
                for (i, x) in f.values().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    string(out, &i.to_string());
                    out.push(':');
                    node(out, x)?;
                }
                out.push('}');
                Ok(())
            }
            FuncKind::Fcn => fcn_object(out, f),
        },
        _ => Err(unsupported(v)),
    }
}

/// A JSON string as Gson's `JsonWriter` (not HTML-safe) writes it.
fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

// ---------------------------------------------------------------------------------------------
// Decoding

/// One JSON document (surrounding whitespace allowed) as a TLC value.
pub fn parse_document(text: &str) -> Result<Value, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
        names: Vec::new(),
    };
    p.ws();
    if p.i == p.s.len() {
        return Err("Cannot convert value: unsupported JSON value null".into());
    }
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.error("end of document"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    /// Strings interned so far, by their text in the document: a log repeats a few field
    /// names and tags on every line.
    names: Vec<(&'a [u8], IStr)>,
}

/// How many distinct strings a parser remembers.
const MAX_NAMES: usize = 64;

impl<'a> Parser<'a> {
    fn error(&self, expected: &str) -> String {
        format!(
            "com.google.gson.JsonSyntaxException: expected {expected} at character {}",
            self.i + 1
        )
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b'[') => {
                self.i += 1;
                let mut out = Vec::new();
                if !self.eat(b']') {
                    loop {
                        out.push(self.value()?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.error("',' or ']'"));
                        }
                    }
                }
                Ok(Value::tuple(out))
            }
            Some(b'{') => {
                self.i += 1;
                let mut fields: Vec<(IStr, Value)> = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        self.ws();
                        if self.s.get(self.i) != Some(&b'"') {
                            return Err(self.error("a name"));
                        }
                        let key = self.interned()?;
                        if !self.eat(b':') {
                            return Err(self.error("':'"));
                        }
                        let v = self.value()?;
                        match fields.iter_mut().find(|(k, _)| *k == key) {
                            Some(slot) => slot.1 = v,
                            None => fields.push((key, v)),
                        }
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.error("',' or '}'"));
                        }
                    }
                }
                Value::record(fields).map_err(|e| e.message)
            }
            Some(b'"') => Ok(Value::Str(self.interned()?)),
            Some(b't') if self.s[self.i..].starts_with(b"true") => {
                self.i += 4;
                Ok(Value::TRUE)
            }
            Some(b'f') if self.s[self.i..].starts_with(b"false") => {
                self.i += 5;
                Ok(Value::FALSE)
            }
            Some(b'n') if self.s[self.i..].starts_with(b"null") => {
                Err("Cannot convert value: unsupported JSON value null".into())
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("a value")),
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.i;
        while self.i < self.s.len()
            && matches!(
                self.s[self.i],
                b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
            )
        {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).expect("ASCII");
        // Gson's LazilyParsedNumber.intValue: Integer.parseInt, else (int) Long.parseLong, else
        // new BigDecimal(text).intValue().
        if let Ok(n) = text.parse::<i64>() {
            return Ok(Value::Int(n as i32 as i64));
        }
        match text.parse::<f64>() {
            Ok(d) if d.is_finite() => Ok(Value::Int((d.trunc() as i128) as i32 as i64)),
            _ => Err(format!("java.lang.NumberFormatException: {text}")),
        }
    }

    /// The string at the cursor, interned; a string without escapes met before is found by
    /// its text.
    fn interned(&mut self) -> Result<IStr, String> {
        let start = self.i + 1;
        let plain = self.s[start..]
            .iter()
            .position(|&c| c == b'"' || c == b'\\')
            .filter(|&n| self.s[start + n] == b'"')
            .map(|n| &self.s[start..start + n]);
        let Some(text) = plain else {
            return Ok(IStr::new(&self.string()?));
        };
        if let Some((_, name)) = self.names.iter().find(|(t, _)| *t == text) {
            self.i = start + text.len() + 1;
            return Ok(*name);
        }
        let name = match std::str::from_utf8(text) {
            Ok(t) => {
                self.i = start + text.len() + 1;
                IStr::new(t)
            }
            Err(_) => IStr::new(&self.string()?),
        };
        if self.names.len() < MAX_NAMES {
            self.names.push((text, name));
        }
        Ok(name)
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // the opening quote
        let mut out = String::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return Err(self.error("'\"'"));
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    let e = *self
                        .s
                        .get(self.i + 1)
                        .ok_or_else(|| self.error("an escape"))?;
                    self.i += 2;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let unit = self.hex4()?;
                            if (0xD800..0xDC00).contains(&unit)
                                && self.s[self.i..].starts_with(b"\\u")
                            {
                                self.i += 2;
                                let low = self.hex4()?;
                                let c = 0x10000
                                    + ((unit - 0xD800) << 10)
                                    + (low.wrapping_sub(0xDC00) & 0x3FF);
                                out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                            } else {
                                out.push(char::from_u32(unit).unwrap_or('\u{FFFD}'));
                            }
                        }
                        _ => return Err(self.error("a valid escape sequence")),
                    }
                }
                _ => {
                    // Copy one UTF-8 encoded character.
                    let len = match c {
                        0x00..=0x7F => 1,
                        0xC0..=0xDF => 2,
                        0xE0..=0xEF => 3,
                        _ => 4,
                    };
                    let end = (self.i + len).min(self.s.len());
                    out.push_str(&String::from_utf8_lossy(&self.s[self.i..end]));
                    self.i = end;
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| self.error("four hex digits"))?;
        self.i += 4;
        Ok(h)
    }
}
