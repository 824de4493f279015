//! Values as bytes, for the model checker's states on disk (a spilled frontier). Only read
//! back by the process that wrote them: strings and model values are written as their text
//! and looked up again, which gives back the same interned entry (same token, same order).

use super::func::{Domain, FuncKind, FuncValue};
use super::lazy::{FuncSetValue, RecordSetValue};
use super::{IStr, ModelValue, SetValue, Value};
use std::sync::Arc;

/// Appends `v` to `out`.
pub fn encode(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Bool(b) => out.extend([0, *b as u8]),
        Value::Int(n) => {
            out.push(1);
            out.extend(n.to_le_bytes());
        }
        Value::Str(s) => {
            out.push(2);
            text(s.as_str(), out);
        }
        Value::ModelValue(m) => {
            out.push(3);
            text(m.name().as_str(), out);
        }
        Value::Set(s) => {
            out.push(4);
            all(s.as_slice(), out);
        }
        Value::Func(f) => {
            out.push(5);
            out.push(match f.kind() {
                FuncKind::Tuple => 0,
                FuncKind::Record => 1,
                FuncKind::Fcn if f.holds_set_domain() => 3,
                FuncKind::Fcn => 2,
            });
            match f.domain() {
                Domain::Range(lo) => {
                    out.push(0);
                    out.extend(lo.to_le_bytes());
                }
                Domain::Explicit(d) => {
                    out.push(1);
                    all(d, out);
                }
            }
            all(f.values(), out);
        }
        Value::Interval(a, b) => {
            out.push(6);
            out.extend(a.to_le_bytes());
            out.extend(b.to_le_bytes());
        }
        Value::Subset(s) => {
            out.push(7);
            encode(s, out);
        }
        Value::FuncSet(fs) => {
            out.push(8);
            encode(&fs.domain, out);
            encode(&fs.range, out);
        }
        Value::RecordSet(r) => {
            out.push(9);
            all(r.names(), out);
            all(r.sets(), out);
        }
        Value::Product(p) => {
            out.push(10);
            all(p, out);
        }
        Value::SeqSet(s) => {
            out.push(11);
            encode(s, out);
        }
        Value::Nat => out.push(12),
        Value::IntSet => out.push(13),
        Value::StringSet => out.push(14),
    }
}

fn text(s: &str, out: &mut Vec<u8>) {
    out.extend((s.len() as u32).to_le_bytes());
    out.extend(s.as_bytes());
}

fn all(vs: &[Value], out: &mut Vec<u8>) {
    out.extend((vs.len() as u32).to_le_bytes());
    for v in vs {
        encode(v, out);
    }
}

/// Reads a value written by `encode` from the front of `input`, advancing it; None if the
/// bytes are not such a value.
pub fn decode(input: &mut &[u8]) -> Option<Value> {
    let tag = take(input, 1)?[0];
    Some(match tag {
        0 => Value::Bool(take(input, 1)?[0] != 0),
        1 => Value::Int(int(input)?),
        2 => Value::Str(IStr::new(read_text(input)?)),
        3 => Value::ModelValue(ModelValue::new(read_text(input)?)),
        4 => Value::Set(SetValue::from_sorted_unchecked(read_all(input)?)),
        5 => {
            let tag = take(input, 1)?[0];
            let kind = match tag {
                0 => FuncKind::Tuple,
                1 => FuncKind::Record,
                _ => FuncKind::Fcn,
            };
            let domain = match take(input, 1)?[0] {
                0 => Domain::Range(int(input)?),
                _ => Domain::Explicit(crate::value::DomainElems::new(read_all(input)?.into())),
            };
            let values = read_all(input)?.into_boxed_slice();
            let f = FuncValue::from_parts(kind, domain, values).holding_set_domain(tag == 3);
            Value::Func(Arc::new(f))
        }
        6 => Value::Interval(int(input)?, int(input)?),
        7 => Value::Subset(Arc::new(decode(input)?)),
        8 => {
            let domain = decode(input)?;
            let range = decode(input)?;
            Value::FuncSet(Arc::new(FuncSetValue { domain, range }))
        }
        9 => {
            let names = read_all(input)?;
            let sets = read_all(input)?;
            let fields = names
                .into_iter()
                .zip(sets)
                .map(|(n, s)| match n {
                    Value::Str(n) => Some((n, s)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Value::RecordSet(Arc::new(RecordSetValue::new(fields).ok()?))
        }
        10 => Value::Product(read_all(input)?.into()),
        11 => Value::SeqSet(Arc::new(decode(input)?)),
        12 => Value::Nat,
        13 => Value::IntSet,
        14 => Value::StringSet,
        _ => return None,
    })
}

fn take<'b>(input: &mut &'b [u8], n: usize) -> Option<&'b [u8]> {
    if input.len() < n {
        return None;
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Some(head)
}

fn int(input: &mut &[u8]) -> Option<i64> {
    Some(i64::from_le_bytes(take(input, 8)?.try_into().ok()?))
}

fn len(input: &mut &[u8]) -> Option<usize> {
    Some(u32::from_le_bytes(take(input, 4)?.try_into().ok()?) as usize)
}

fn read_text<'b>(input: &mut &'b [u8]) -> Option<&'b str> {
    let n = len(input)?;
    std::str::from_utf8(take(input, n)?).ok()
}

fn read_all(input: &mut &[u8]) -> Option<Vec<Value>> {
    let n = len(input)?;
    (0..n).map(|_| decode(input)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Fingerprinter;

    fn round_trip(v: Value) {
        let mut bytes = Vec::new();
        encode(&v, &mut bytes);
        let mut input = &bytes[..];
        let back = decode(&mut input).expect("decodes");
        assert!(input.is_empty());
        let mut fp = Fingerprinter::new();
        assert_eq!(fp.fingerprint(&back).ok(), fp.fingerprint(&v).ok());
        assert_eq!(format!("{back}"), format!("{v}"));
    }

    #[test]
    fn every_kind_of_value_comes_back_the_same() {
        let s = |x: &str| Value::str(x);
        let set = Value::set(vec![Value::Int(3), Value::Int(1)]).unwrap();
        round_trip(Value::Bool(true));
        round_trip(Value::Int(-42));
        round_trip(s("hello"));
        round_trip(Value::model_value("m_1"));
        round_trip(set.clone());
        round_trip(Value::Func(Arc::new(FuncValue::tuple(vec![
            s("a"),
            set.clone(),
        ]))));
        round_trip(Value::Func(Arc::new(
            FuncValue::record(vec![
                (IStr::new("b"), Value::Int(1)),
                (IStr::new("a"), s("x")),
            ])
            .unwrap(),
        )));
        round_trip(Value::Func(Arc::new(
            FuncValue::from_pairs(vec![
                (Value::Int(7), Value::Int(1)),
                (Value::Int(2), s("v")),
            ])
            .unwrap(),
        )));
        round_trip(Value::Interval(2, 9));
        round_trip(Value::Subset(Arc::new(set.clone())));
        round_trip(Value::FuncSet(Arc::new(FuncSetValue {
            domain: set.clone(),
            range: Value::Nat,
        })));
        round_trip(Value::RecordSet(Arc::new(
            RecordSetValue::new(vec![(IStr::new("f"), set.clone())]).unwrap(),
        )));
        round_trip(Value::Product(vec![set.clone(), Value::IntSet].into()));
        round_trip(Value::SeqSet(Arc::new(Value::StringSet)));
    }

    #[test]
    fn truncated_bytes_are_refused() {
        let mut bytes = Vec::new();
        encode(&Value::str("hello"), &mut bytes);
        bytes.pop();
        assert!(decode(&mut &bytes[..]).is_none());
        assert!(decode(&mut &[99u8][..]).is_none());
    }
}
