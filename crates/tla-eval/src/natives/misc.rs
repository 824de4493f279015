//! Bitwise, DyadicRationals and VectorClocks (CommunityModules).
//!
//! # TLC facts
//!
//! * Bitwise (`tlc2/overrides/Bitwise.java`): `x & y`, `x | y`, `x ^^ y` and `shiftR(n, pos)`
//!   are Java's `&`, `|`, `^` and `>>>` on 32-bit ints (equal to the TLA+ definitions on
//!   natural numbers). `Not(a)` follows the TLA+ definition: the bits of `a` below its highest
//!   set bit are flipped (`Not(0) = 0`).
//! * DyadicRationals (`DyadicRationals.java`): the LOCAL `Reduce(p)` divides `p.num` and
//!   `p.den` by `gcd(num, den)` (Apache `ArithmeticUtils.gcd`, non-negative) and returns `p`
//!   itself when that is 1; a non-record is `The argument of Half should be a record, ...`.
//! * VectorClocks (`VectorClocks.java`): `CausalOrder(log, clock, node, domain)` groups the
//!   log by `node(l)` in a Java `HashMap`, sorts each node's entries by their own clock value
//!   `clock(l)[node(l)]` (stable), links each entry to the entries of other nodes it has seen
//!   (the entry at index `clock(l)[h] - 1` of node `h`'s list, whenever that clock value rises)
//!   and then repeatedly walks the nodes in the `HashMap`'s iteration order, emitting the head
//!   of each node's list once it has no unemitted predecessor. The iteration order is that of
//!   Java's `HashMap` with TLC's value hash codes, reproduced in [`super::fp64`]; the
//!   fingerprint polynomial is read from `TLCGet("config").fingerprint` (TLC's
//!   `FP64.getIrredPoly()`, a decimal string), `Polys[0]` when absent.

use super::fp64::{hash_map_order, Fp64, POLYS};
use super::random::config_long;
use super::util::{one_arg_error, op};
use super::{val, Binding, Entry};
use crate::env::{Env, StateView};
use crate::error::{EResult, EvalError};
use crate::eval::Evaluator;
use crate::value::ppr::ppr_value;
use crate::value::{FuncKind, IStr, Value};
use tla_sema::ir::Loc;

pub(super) const NATIVES: &[Entry] = &[
    ("Bitwise", "&", |_, _, _, a, _| bits(a, |x, y| x & y)),
    ("Bitwise", "|", |_, _, _, a, _| bits(a, |x, y| x | y)),
    ("Bitwise", "^^", |_, _, _, a, _| bits(a, |x, y| x ^ y)),
    ("Bitwise", "shiftR", |_, _, _, a, _| {
        bits(a, |n, pos| ((n as u32) >> (pos as u32 & 31)) as i32)
    }),
    ("Bitwise", "Not", |_, _, _, a, _| {
        let v = val(a, 0)?;
        match v.as_int() {
            Some(x) if x >= 0 => {
                let width = 64 - (x as u64).leading_zeros();
                let mask = if width == 0 { 0 } else { (1u64 << width) - 1 };
                Ok(Value::Int(((x as u64) ^ mask) as i64))
            }
            _ => Err(one_arg_error("Not", "natural number", v)),
        }
    }),
    ("DyadicRationals", "Reduce", |_, _, _, a, _| {
        reduce(val(a, 0)?)
    }),
    ("VectorClocks", "CausalOrder", causal_order),
];

fn bits(a: &[Binding], f: fn(i32, i32) -> i32) -> EResult<Value> {
    let (x, y) = (val(a, 0)?, val(a, 1)?);
    match (x.as_int(), y.as_int()) {
        (Some(x), Some(y)) => Ok(Value::Int(f(x as i32, y as i32) as i64)),
        _ => Err(EvalError::new(format!(
            "Bitwise operators take integers, not {} and {}",
            ppr_value(x),
            ppr_value(y)
        ))),
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn reduce(p: &Value) -> EResult<Value> {
    let err = || one_arg_error("Half", "record", p);
    let f = p
        .as_func()
        .filter(|f| f.kind() == FuncKind::Record)
        .ok_or_else(err)?;
    let get = |name: &str| {
        f.field(IStr::new(name))
            .and_then(Value::as_int)
            .ok_or_else(err)
    };
    let (d, n) = (get("den")?, get("num")?);
    let g = gcd(n, d);
    if g == 0 {
        return Err(EvalError::new(
            "Attempted to apply the operator overridden by the Java method\nReduce,\nbut it produced the following error:\n/ by zero",
        ));
    }
    if g == 1 {
        return Ok(p.clone());
    }
    Value::record(vec![
        (IStr::new("den"), Value::Int(d / g)),
        (IStr::new("num"), Value::Int(n / g)),
    ])
    .map_err(EvalError::from)
}

struct LogEntry {
    clock: Value,
    time: Value,
    hosts: Vec<Value>,
    value: Value,
    parents: std::collections::HashSet<usize>,
    children: Vec<usize>,
}

fn causal_order(
    ev: &Evaluator,
    env: &mut Env,
    sv: &StateView,
    a: &[Binding],
    loc: Loc,
) -> EResult<Value> {
    let log = val(a, 0)?;
    let elems = log
        .as_func()
        .and_then(|f| f.as_tuple())
        .ok_or_else(|| one_arg_error("CausalOrder", "sequence", log))?;
    let (op_clock, op_node, op_domain) = (
        op(a, 1, "CausalOrder")?,
        op(a, 2, "CausalOrder")?,
        op(a, 3, "CausalOrder")?,
    );
    let failed = |what: String| {
        EvalError::new(format!(
            "Attempted to apply the operator overridden by the Java method\nCausalOrder,\nbut it produced the following error:\n{what}"
        ))
    };
    let select = |f: &Value, x: &Value| -> EResult<Value> {
        f.as_func()
            .ok_or_else(|| failed(format!("{} is not a function", ppr_value(f))))?
            .select(x)
            .map_err(EvalError::from)?
            .cloned()
            .ok_or_else(|| {
                failed(format!(
                    "{} is not in the domain of {}",
                    ppr_value(x),
                    ppr_value(f)
                ))
            })
    };
    // A1) Each node's entries, nodes in order of first appearance.
    let mut entries: Vec<LogEntry> = Vec::with_capacity(elems.len());
    let mut hosts: Vec<Value> = Vec::new();
    let mut lists: Vec<Vec<usize>> = Vec::new();
    let host_index = |hosts: &[Value], h: &Value| -> EResult<Option<usize>> {
        for (i, x) in hosts.iter().enumerate() {
            if x.tlc_eq(h).map_err(EvalError::from)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    };
    for v in elems {
        let node = ev.apply_op(op_node, [v.clone()], env, sv, loc)?;
        let clock = ev.apply_op(op_clock, [v.clone()], env, sv, loc)?;
        let time = select(&clock, &node)?;
        let dom = ev.apply_op(op_domain, [clock.clone()], env, sv, loc)?;
        let dom: Vec<Value> = dom
            .enumerate()
            .map_err(EvalError::from)?
            .iter()
            .cloned()
            .collect();
        let h = match host_index(&hosts, &node)? {
            Some(h) => h,
            None => {
                hosts.push(node);
                lists.push(Vec::new());
                hosts.len() - 1
            }
        };
        lists[h].push(entries.len());
        entries.push(LogEntry {
            clock,
            time,
            hosts: dom,
            value: v.clone(),
            parents: Default::default(),
            children: Vec::new(),
        });
    }
    // A2) Sort each node's entries by its own clock value (a stable sort).
    for list in lists.iter_mut() {
        let mut err = None;
        list.sort_by(|&x, &y| match entries[x].time.tlc_cmp(&entries[y].time) {
            Ok(o) => o,
            Err(e) => {
                err.get_or_insert(e);
                std::cmp::Ordering::Equal
            }
        });
        if let Some(e) = err {
            return Err(e.into());
        }
    }
    // B) Link entries to the entries of other nodes they have seen.
    for (h, list) in lists.iter().enumerate() {
        let mut global: Vec<Value> = vec![Value::Int(0); hosts.len()];
        for &gn in list {
            global[h] = entries[gn].time.clone();
            for other in entries[gn].hosts.clone() {
                let time = select(&entries[gn].clock, &other)?;
                let o = host_index(&hosts, &other)?
                    .ok_or_else(|| failed(format!("no log entry of node {}", ppr_value(&other))))?;
                if global[o].tlc_cmp(&time).map_err(EvalError::from)? == std::cmp::Ordering::Less {
                    global[o] = time.clone();
                    let idx = time
                        .as_int()
                        .ok_or_else(|| failed(format!("{} is not an integer", ppr_value(&time))))?
                        - 1;
                    let parent = *usize::try_from(idx)
                        .ok()
                        .and_then(|i| lists[o].get(i))
                        .ok_or_else(|| {
                            failed(format!(
                                "Index {idx} out of bounds for the log of node {}",
                                ppr_value(&other)
                            ))
                        })?;
                    entries[gn].parents.insert(parent);
                    entries[parent].children.push(gn);
                }
            }
        }
    }
    // C) Emit roots, walking the nodes in Java HashMap order.
    let poly = config_long(ev, "fingerprint")
        .map(|p| p as u64)
        .unwrap_or(POLYS[0]);
    let order = hash_map_order(&Fp64::new(poly), &hosts);
    let mut heads = vec![0usize; lists.len()];
    let mut sorted = Vec::with_capacity(elems.len());
    for _ in 0..elems.len() {
        for &h in &order {
            let Some(&gn) = lists[h].get(heads[h]) else {
                continue;
            };
            if entries[gn].parents.is_empty() {
                heads[h] += 1;
                for c in std::mem::take(&mut entries[gn].children) {
                    entries[c].parents.remove(&gn);
                }
                sorted.push(entries[gn].value.clone());
            }
        }
    }
    Ok(Value::tuple(sorted))
}
