//! TLA+ values to and from ITF, the Informal Trace Format of Apalache and Quint: `#set`,
//! `#tup`, `#map` and `#bigint` objects, records as plain objects, sequences as arrays.
//!
//! TLC has no such format; choices made here: a model value is written as its name (a
//! string) and a string naming one of the model's model values is read back as that model
//! value, so an implementation can log `"p1"` for the model value `p1`. `#unserializable`
//! is read as a model value of that name.

use std::collections::HashMap;
use tla_eval::value::{FuncKind, IStr, ModelValue};
use tla_eval::Value;

/// Largest integer JSON carries exactly (2^53); larger ones are written as `#bigint`.
const JSON_SAFE_INT: i64 = 1 << 53;

/// The model values a trace may name by string, found in the model's constants.
#[derive(Default, Clone)]
pub struct ModelValues(HashMap<String, ModelValue>);

impl ModelValues {
    /// Collects the model values inside the given constant values.
    pub fn collect<'v>(values: impl Iterator<Item = &'v Value>) -> Self {
        let mut names = ModelValues::default();
        for v in values {
            names.add(v);
        }
        names
    }

    fn add(&mut self, v: &Value) {
        match v {
            Value::ModelValue(m) => {
                self.0.insert(m.name().as_str().to_string(), *m);
            }
            Value::Set(s) => s.iter().for_each(|e| self.add(e)),
            Value::Func(f) => f.iter().for_each(|(k, x)| {
                self.add(&k);
                self.add(x);
            }),
            _ => {}
        }
    }
}

/// Reads an ITF value.
pub fn from_itf(j: &serde_json::Value, mv: &ModelValues) -> Result<Value, String> {
    use serde_json::Value as J;
    Ok(match j {
        J::Null => return Err("null is not a TLA+ value".into()),
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => int(i)?,
            None => return Err(format!("{n} is not an integer")),
        },
        J::String(s) => match mv.0.get(s) {
            Some(m) => Value::ModelValue(*m),
            None => Value::str(s),
        },
        J::Array(items) => Value::tuple(list(items, mv)?),
        J::Object(o) => match o.iter().next() {
            Some((k, v)) if o.len() == 1 && k.starts_with('#') => tagged(k, v, mv)?,
            _ => {
                let mut fields = Vec::with_capacity(o.len());
                for (k, v) in o {
                    fields.push((IStr::new(k), from_itf(v, mv)?));
                }
                Value::record(fields).map_err(|e| e.message)?
            }
        },
    })
}

/// TLC's integers are 32-bit.
fn int(n: i64) -> Result<Value, String> {
    Value::int(n).map_err(|_| format!("{n} is outside TLC's integer range -2147483648..2147483647"))
}

fn list(items: &[serde_json::Value], mv: &ModelValues) -> Result<Vec<Value>, String> {
    items.iter().map(|i| from_itf(i, mv)).collect()
}

fn tagged(tag: &str, v: &serde_json::Value, mv: &ModelValues) -> Result<Value, String> {
    let array = || {
        v.as_array()
            .ok_or_else(|| format!("{tag} must hold an array"))
    };
    match tag {
        "#set" => Value::set(list(array()?, mv)?).map_err(|e| e.message),
        "#tup" => Ok(Value::tuple(list(array()?, mv)?)),
        "#map" => {
            let mut pairs = Vec::new();
            for p in array()? {
                match p.as_array().map(Vec::as_slice) {
                    Some([k, x]) => pairs.push((from_itf(k, mv)?, from_itf(x, mv)?)),
                    _ => return Err("each #map entry must be a [key, value] pair".into()),
                }
            }
            Value::func_from_pairs(pairs).map_err(|e| e.message)
        }
        "#bigint" => {
            let digits = v.as_str().ok_or("#bigint must hold a string of digits")?;
            let n: i64 = digits
                .parse()
                .map_err(|_| format!("#bigint {digits:?} is not an integer TLC can represent"))?;
            int(n)
        }
        "#unserializable" => match v.as_str() {
            Some(name) => Ok(Value::model_value(name)),
            None => Err("#unserializable must hold a string".into()),
        },
        _ => Err(format!("unknown ITF tag {tag}")),
    }
}

/// Writes a value as ITF. Lazy sets (`1..3`, `SUBSET S`, ...) are enumerated; infinite
/// ones (`Nat`) cannot be written.
pub fn to_itf(v: &Value) -> Result<serde_json::Value, String> {
    use serde_json::{json, Value as J};
    Ok(match v {
        Value::Bool(b) => J::Bool(*b),
        Value::Int(n) if n.abs() < JSON_SAFE_INT => json!(n),
        Value::Int(n) => json!({ "#bigint": n.to_string() }),
        Value::Str(s) => J::String(s.as_str().to_string()),
        Value::ModelValue(m) => J::String(m.name().as_str().to_string()),
        Value::Func(f) => match () {
            // A function on 1..n is a sequence in TLA+, whatever TLC class holds it.
            _ if f.kind() == FuncKind::Tuple || f.as_tuple().is_some_and(|t| !t.is_empty()) => {
                J::Array(f.values().iter().map(to_itf).collect::<Result<_, _>>()?)
            }
            _ if f.is_record_like() && (f.kind() == FuncKind::Record || !f.is_empty()) => {
                let mut o = serde_json::Map::new();
                for (k, x) in f.iter() {
                    let key = k.as_str().map(|s| s.as_str().to_string());
                    o.insert(key.unwrap_or_default(), to_itf(x)?);
                }
                J::Object(o)
            }
            _ => {
                let mut pairs = Vec::with_capacity(f.len());
                for (k, x) in f.iter() {
                    pairs.push(J::Array(vec![to_itf(&k)?, to_itf(x)?]));
                }
                json!({ "#map": pairs })
            }
        },
        set => {
            let elems = set.enumerate().map_err(|e| e.message)?;
            let items = elems.iter().map(to_itf).collect::<Result<Vec<_>, _>>()?;
            json!({ "#set": items })
        }
    })
}

/// A whole ITF trace: the variables' names and, per state, their values in that order.
pub fn trace_to_itf(
    source: &str,
    vars: &[String],
    states: &[Vec<Value>],
) -> Result<serde_json::Value, String> {
    let mut out = Vec::with_capacity(states.len());
    for (i, st) in states.iter().enumerate() {
        let mut o = serde_json::Map::new();
        o.insert("#meta".into(), serde_json::json!({ "index": i }));
        for (name, v) in vars.iter().zip(st) {
            o.insert(name.clone(), to_itf(v)?);
        }
        out.push(serde_json::Value::Object(o));
    }
    Ok(serde_json::json!({
        "#meta": { "format": "ITF", "source": source, "description": "written by tlacheck" },
        "vars": vars,
        "states": out,
    }))
}
