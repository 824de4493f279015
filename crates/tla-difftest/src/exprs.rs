//! Expressions evaluated by both model checkers: many to one run (TLC starts in a second),
//! each printed with `PrintT` between markers, so that the printed text is compared as TLC
//! prints it.

use crate::tool::Tool;
use std::path::Path;
use std::time::Duration;

/// What a run made of one expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// The lines `PrintT` wrote.
    Printed(String),
    /// The evaluation failed (its message is not compared).
    Error,
    /// The module did not load, so nothing was evaluated.
    Refused,
}

fn marker(k: usize) -> String {
    format!("\"#{k}\"")
}

const END: &str = "\"#end\"";

/// A constant module printing a marker before each expression's value, and one at the end.
pub fn module(exprs: &[String]) -> String {
    let mut m =
        String::from("---- MODULE E ----\nEXTENDS Integers, Sequences, FiniteSets, TLC, Bags\n");
    for (k, e) in exprs.iter().enumerate() {
        m.push_str(&format!(
            "ASSUME PrintT({})\nASSUME PrintT({e})\n",
            marker(k)
        ));
    }
    m.push_str(&format!("ASSUME PrintT({END})\n====\n"));
    m
}

/// The values of `n` expressions read from a run of [`module`]: each the lines between its
/// marker and the next; the one after the last marker printed failed; the rest not reached
/// (`None`).
pub fn read_values(stdout: &str, n: usize) -> Vec<Option<Value>> {
    let lines: Vec<&str> = stdout.lines().map(str::trim_end).collect();
    let at = |m: &str, from: usize| {
        lines[from.min(lines.len())..]
            .iter()
            .position(|l| *l == m)
            .map(|p| p + from)
    };
    let mut out = Vec::with_capacity(n);
    let mut from = 0;
    for k in 0..n {
        let Some(start) = at(&marker(k), from) else {
            break;
        };
        let next = if k + 1 < n {
            marker(k + 1)
        } else {
            END.to_string()
        };
        match at(&next, start + 1) {
            Some(end) => {
                out.push(Some(Value::Printed(lines[start + 1..end].join("\n"))));
                from = end;
            }
            None => {
                out.push(Some(Value::Error));
                break;
            }
        }
    }
    out.resize(n, None);
    out
}

/// Every expression's value under `tool`: a run from the first not yet known, again after
/// each one that fails; a module that does not load is split until the refused expressions
/// are found.
pub fn eval_all(tool: &Tool, dir: &Path, exprs: &[String], limit: Duration) -> Vec<Value> {
    let mut values = Vec::with_capacity(exprs.len());
    while values.len() < exprs.len() {
        let rest = &exprs[values.len()..];
        let got = eval_once(tool, dir, rest, limit);
        if got[0].is_none() {
            // Nothing evaluated: the module did not load.
            if rest.len() == 1 {
                values.push(Value::Refused);
            } else {
                let half = rest.len() / 2;
                values.extend(eval_all(tool, dir, &rest[..half], limit));
                // The second half goes round the loop.
            }
            continue;
        }
        for v in got {
            match v {
                Some(v) => values.push(v),
                None => break,
            }
        }
    }
    values
}

fn eval_once(tool: &Tool, dir: &Path, exprs: &[String], limit: Duration) -> Vec<Option<Value>> {
    let _ = std::fs::write(dir.join("E.tla"), module(exprs));
    let _ = std::fs::write(dir.join("E.cfg"), "");
    let run = tool.check(dir, "E", &[], limit);
    read_values(&run.stdout, exprs.len())
}
