//! TLC's `-loadTrace json FILE`: a counterexample written by `-dumpTrace json` (TLC's or
//! ours) replayed as a constraint, as TLC's `_JsonTrace` module does it: at level `l` of the
//! search a state must agree with the trace's `l`-th state on the variables both have, and
//! beyond the trace anything goes; a VIEW pairs each state with its level (a state beyond the
//! trace with the level a lasso's last step goes back to, else 0) so that states of the trace
//! at different levels are kept apart. The file is read by Json's `JsonDeserialize` during
//! the search, so a missing or malformed file is TLC's evaluation error (exit 75).

use std::path::Path;
use tla_check::config::source;
use tla_check::session::{self, Setup};

/// The definitions and .cfg lines that replay `file`, added to the setup's texts.
pub fn add(setup: &mut Setup, file: &str) -> Result<(), String> {
    let read = |text: &Option<String>, path: &Path| match text {
        Some(t) => Ok(t.clone()),
        None => std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display())),
    };
    // The spec's variables, from a first reading (its errors are reported by the real one).
    let Ok(loaded) = session::load(setup) else {
        return Ok(());
    };
    let spec = &loaded.spec;
    let root = &spec.modules[spec.root.index()];
    let vars: Vec<String> = (root.variables.iter())
        .map(|v| spec.variables[v.index()].name.clone())
        .collect();
    if vars.is_empty() {
        return Ok(());
    }
    let path = std::env::current_dir()
        .map(|d| d.join(file))
        .unwrap_or_else(|_| file.into());
    let (trace_vars, lasso) = read_header(&path);
    let text = definitions(&path.to_string_lossy(), &vars, &trace_vars, lasso);
    let module = read(&setup.spec_text, &setup.spec_path)?;
    let end = super::tlc_options::root_module_end(&module).ok_or_else(|| {
        format!(
            "{}: no module ends with ==== to add -loadTrace to",
            setup.spec_path.display()
        )
    })?;
    let config_path = setup.config_path();
    let mut config = match &setup.config_text {
        Some(t) => source::from_memory(&config_path, t),
        None => source::from_file(&config_path, &read(&None, &config_path)?),
    };
    config.push_str("\nCONSTRAINT __LoadTraceConstraint\n");
    if loaded.config.view.is_none() {
        config.push_str("VIEW __LoadTraceView\n");
    }
    setup.spec_text = Some(format!("{}{text}{}", &module[..end], &module[end..]));
    setup.config_text = Some(config);
    Ok(())
}

/// The trace's variables and the level its lasso's closing step goes back to (0: none), as
/// far as the file can be read here; what cannot is left to JsonDeserialize's error.
fn read_header(path: &Path) -> (Vec<String>, i64) {
    let Some(doc) = std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
    else {
        return (Vec::new(), 0);
    };
    let vars = (doc["vars"].as_array().into_iter().flatten())
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    // The closing step of a lasso: the one whose target's level is not after its source's.
    let level = |s: &serde_json::Value| s[0].as_i64().unwrap_or(0);
    let lasso = (doc["counterexample"]["action"]
        .as_array()
        .into_iter()
        .flatten())
    .find(|a| level(&a[2]) <= level(&a[0]))
    .map_or(0, |a| level(&a[2]));
    (vars, lasso)
}

fn definitions(file: &str, vars: &[String], trace_vars: &[String], lasso: i64) -> String {
    let quoted = file.replace('\\', "\\\\").replace('"', "\\\"");
    let agree: String = (vars.iter())
        .filter(|v| trace_vars.contains(v))
        .map(|v| format!(" /\\ {v} = __LoadTraceStates[__l][2][\"{v}\"]"))
        .collect();
    let record = (vars.iter())
        .map(|v| format!("{v} |-> {v}"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "__LoadTraceTLC == INSTANCE TLC\n\
         __LoadTraceJson == INSTANCE Json\n\
         __LoadTraceStates == __LoadTraceJson!JsonDeserialize(\"{quoted}\")[\"counterexample\"][\"state\"]\n\
         __LoadTraceConstraint == LET __l == __LoadTraceTLC!TLCGet(\"level\") IN\n\
         \x20   __l \\in DOMAIN __LoadTraceStates => (TRUE{agree})\n\
         __LoadTraceView == LET __l == __LoadTraceTLC!TLCGet(\"level\") IN\n\
         \x20   IF __l \\in DOMAIN __LoadTraceStates THEN <<__l, [{record}]>> ELSE <<{lasso}, [{record}]>>\n"
    )
}
