//! `tlacheck check --dump-trace FILE.itf.json`: the counterexample as an ITF trace, which
//! `tlacheck trace validate` (and Apalache, Quint) read back. Nothing is written when the
//! check finds no counterexample. DESIGN.md's .json and .tla forms are not written yet.

use std::path::Path;
use tla_check::session::Outcome;

/// Refuses, before the check runs, a file name this cannot write.
pub fn check_path(path: &Path) -> Result<(), String> {
    if path.to_string_lossy().ends_with(".itf.json") {
        Ok(())
    } else {
        Err(format!(
            "{}: --dump-trace writes ITF only; name the file FILE.itf.json",
            path.display()
        ))
    }
}

pub fn write(path: &Path, outcome: &Outcome) -> Result<(), String> {
    let trace = &outcome.report.trace;
    if trace.is_empty() {
        return Ok(());
    }
    // ITF lists the variables as declared (TLC's printing order is its own).
    let mut variables = outcome.variables.clone();
    variables.sort_by_key(|(_, slot)| *slot);
    let (names, slots): (Vec<String>, Vec<usize>) = variables.into_iter().unzip();
    let states: Vec<Vec<tla_eval::Value>> = (trace.iter())
        .map(|s| slots.iter().map(|i| s.values[*i].clone()).collect())
        .collect();
    let doc = tla_trace::itf::trace_to_itf("tlacheck check", &names, &states)
        .map_err(|e| format!("{}: cannot write the counterexample: {e}", path.display()))?;
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n")
        .map_err(|e| format!("{}: cannot write the counterexample: {e}", path.display()))
}

/// TLC's `-dumpTrace FORMAT FILE` (`--dump-trace-as FORMAT=FILE`): `tla` writes a module named
/// after the file defining `CounterExample`, `json` that value as JSON with the variables'
/// names, as TLC's writers do: `[state |-> {<<i, [v |-> ...]>>, ...}, action |-> {<<<<i, s>>,
/// [name |-> A, location |-> [...]], <<j, t>>>>, ...}]`, a lasso's step back included.
pub fn write_tlc(asked: &str, spec: &tla_sema::Spec, outcome: &Outcome) -> Result<(), String> {
    let (format, file) = asked
        .split_once('=')
        .ok_or_else(|| format!("--dump-trace-as {asked}: expected FORMAT=FILE"))?;
    let path = Path::new(file);
    let trace = &outcome.report.trace;
    if trace.is_empty() {
        return Ok(());
    }
    let value = counter_example(spec, outcome).map_err(|e| format!("{file}: {e}"))?;
    let text = match format {
        "tla" => {
            let module = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("CounterExample");
            format!(
                "---- MODULE {module} ----\nLOCAL INSTANCE TLC\n\nCounterExample == \n\t{value}\n\n===="
            )
        }
        "json" => {
            let body =
                tla_eval::natives::json::to_json(&value).map_err(|e| format!("{file}: {e}"))?;
            let vars: Vec<String> = (outcome.variables.iter())
                .map(|(n, _)| serde_json::Value::String(n.clone()).to_string())
                .collect();
            // TLC's JSON object, with the variables' names after the counterexample.
            let body = body.strip_suffix('}').unwrap_or(&body).to_string();
            let body = body.strip_prefix('{').unwrap_or(&body);
            format!(
                "{{\"counterexample\":{{{body}}},\"vars\":[{}]}}",
                vars.join(",")
            )
        }
        other => return Err(format!("-dumpTrace {other}: the formats are tla and json")),
    };
    std::fs::write(path, text).map_err(|e| format!("{file}: cannot write the counterexample: {e}"))
}

fn counter_example(spec: &tla_sema::Spec, outcome: &Outcome) -> Result<tla_eval::Value, String> {
    use tla_eval::value::intern::IStr;
    use tla_eval::Value;
    let e = |e: tla_eval::value::error::ValueError| e.to_string();
    let trace = &outcome.report.trace;
    let state = |i: usize| -> Result<Value, String> {
        let fields = (outcome.variables.iter())
            .map(|(name, slot)| (IStr::new(name), trace[i].values[*slot].clone()))
            .collect();
        Ok(Value::tuple(vec![
            Value::Int(i as i64 + 1),
            Value::record(fields).map_err(e)?,
        ]))
    };
    let action = |def: tla_sema::ir::DefId| -> Result<Value, String> {
        let d = spec.def(def);
        let loc = d.body.loc;
        let f = &spec.files[loc.file.index()];
        let (l1, c1) = f.line_col(loc.span.start);
        let (l2, c2) = f.line_col(loc.span.end.saturating_sub(1).max(loc.span.start));
        let module = (spec.modules.iter())
            .find(|m| m.file == loc.file)
            .map_or("?", |m| m.name.as_str());
        let int = |n: usize| Value::Int(n as i64);
        let location = Value::record(vec![
            (IStr::new("beginLine"), int(l1)),
            (IStr::new("beginColumn"), int(c1)),
            (IStr::new("endLine"), int(l2)),
            (IStr::new("endColumn"), int(c2)),
            (IStr::new("module"), Value::str(module)),
        ])
        .map_err(e)?;
        Value::record(vec![
            (IStr::new("name"), Value::str(&d.name)),
            (IStr::new("location"), location),
        ])
        .map_err(e)
    };
    let mut states = Vec::new();
    let mut steps = Vec::new();
    for (i, step) in trace.iter().enumerate() {
        states.push(state(i)?);
        if let (true, Some(def)) = (i > 0, step.action) {
            steps.push(Value::tuple(vec![state(i - 1)?, action(def)?, state(i)?]));
        }
    }
    let lasso = (outcome.report.liveness.as_ref()).and_then(|l| l.violation.as_ref());
    if let Some(tla_check::result::LassoEnd::BackTo(n, Some(def))) = lasso.map(|v| &v.end) {
        steps.push(Value::tuple(vec![
            state(trace.len() - 1)?,
            action(*def)?,
            state(n - 1)?,
        ]));
    }
    Value::record(vec![
        (IStr::new("action"), Value::set(steps).map_err(e)?),
        (IStr::new("state"), Value::set(states).map_err(e)?),
    ])
    .map_err(e)
}
