//! When and where `check` writes TLC's trace-exploration spec (`spec_te.rs` writes its text):
//! as TLC, after a counterexample of at least two states (a lasso's closing step counted),
//! beside the spec or in -teSpecOutDir, never in tool mode, with -continue or after -recover;
//! the line TLC prints names the file.

use super::spec_te::{self, End, Input};
use std::path::{Path, PathBuf};
use tla_check::config::{CfgValue, Config};
use tla_check::result::LassoEnd;
use tla_check::session::Outcome;
use tla_sema::Spec;

/// What the run was, beside its outcome.
pub struct Run<'a> {
    pub spec_path: &'a Path,
    pub out_dir: Option<&'a Path>,
    pub started_at: std::time::SystemTime,
}

/// Writes the file for `outcome` if TLC would; returns TLC's line naming it, or the
/// reason it could not be written.
pub fn write(
    run: &Run,
    spec: &Spec,
    config: &Config,
    outcome: &Outcome,
) -> Option<Result<String, String>> {
    let mut input = input(run, spec, config, outcome)?;
    let parent = |p: &Path| match p.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // TLC: a -teSpecOutDir ending in `.tla` names the file itself, its module named after it.
    let dir = match run.out_dir {
        Some(d) if d.to_string_lossy().to_lowercase().ends_with(".tla") => {
            let file = d.file_name().map(|f| f.to_string_lossy().into_owned());
            input.name = file.map(|f| f[..f.len() - 4].to_string());
            parent(d)
        }
        Some(d) => d.to_path_buf(),
        None => parent(run.spec_path),
    };
    let path = dir.join(format!("{}.tla", input.module_name()));
    let written =
        std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, spec_te::text(&input)));
    Some(match written {
        Ok(()) => Ok(format!("Trace exploration spec path: {}", path.display())),
        Err(e) => Err(format!(
            "Error: Failed to write the trace exploration spec {}: {e}",
            path.display()
        )),
    })
}

fn input(run: &Run, spec: &Spec, config: &Config, outcome: &Outcome) -> Option<Input> {
    let report = &outcome.report;
    // TLC writes the first counterexample it printed: with -continue, the first violation
    // the search went on after.
    let (trace, first_continued) = match report.continued.first() {
        Some((_, trace)) => (trace, true),
        None => (&report.trace, false),
    };
    let lasso = (report.liveness.as_ref()).and_then(|l| l.violation.as_ref());
    let end = match lasso.map(|v| &v.end).filter(|_| !first_continued) {
        Some(LassoEnd::BackTo(k, _)) => End::BackTo(*k),
        Some(LassoEnd::Stuttering) => End::Stuttering,
        _ => End::Plain,
    };
    // TLC counts a lasso's closing line among the states, and writes nothing for one state.
    let counted = trace.len() + usize::from(end != End::Plain);
    if counted < 2 || trace.is_empty() {
        return None;
    }
    // In TLC's order already (`tla_check::tlc_order`).
    let (vars, slots): (Vec<String>, Vec<usize>) = outcome.variables.iter().cloned().unzip();
    let states = (trace.iter())
        .map(|s| slots.iter().map(|&i| s.values[i].to_string()).collect())
        .collect();
    let model_values = model_values(config);
    let declared = |n: &str| {
        spec.constants.iter().any(|c| c.name == n) || spec.defs.iter().any(|d| d.name == n)
    };
    let undeclared = (model_values.iter())
        .filter(|v| !declared(v))
        .cloned()
        .collect();
    let epoch = (run.started_at.duration_since(std::time::UNIX_EPOCH)).map_or(0, |d| d.as_secs());
    Some(Input {
        module: spec.root_module().name.clone(),
        vars,
        states,
        end,
        constants: constants(config),
        model_values,
        undeclared,
        epoch,
        name: None,
        generated_on: spec_te::java_date(std::time::SystemTime::now()),
    })
}

/// The .cfg's constant assignments and substitutions in file order, as TLC copies them: the
/// value's tokens joined by spaces (`P = { p1 , p2 }`).
fn constants(config: &Config) -> Vec<String> {
    let mut entries: Vec<(usize, String)> = Vec::new();
    for c in &config.constants {
        let args = if c.args.is_empty() {
            String::new()
        } else {
            let a: Vec<String> = c.args.iter().map(tokens).collect();
            format!("( {} ) ", a.join(" , "))
        };
        let module = c
            .module
            .as_ref()
            .map_or(String::new(), |m| format!("[ {m} ] "));
        let line = format!("{} {args}= {module}{}", c.name, tokens(&c.value));
        entries.push((c.name.span.start, line));
    }
    for o in &config.overrides {
        let module = o
            .module
            .as_ref()
            .map_or(String::new(), |m| format!("[{m}] "));
        entries.push((
            o.name.span.start,
            format!("{} <- {module}{}", o.name, o.target),
        ));
    }
    entries.sort_by_key(|(at, _)| *at);
    entries.into_iter().map(|(_, l)| l).collect()
}

fn tokens(v: &CfgValue) -> String {
    match v {
        CfgValue::Set(elems) if elems.is_empty() => "{ }".into(),
        CfgValue::Set(elems) => {
            let e: Vec<String> = elems.iter().map(tokens).collect();
            format!("{{ {} }}", e.join(" , "))
        }
        other => other.to_string(),
    }
}

/// Every model value the .cfg names, in the order it first names them.
fn model_values(config: &Config) -> Vec<String> {
    fn walk(v: &CfgValue, out: &mut Vec<String>) {
        match v {
            CfgValue::ModelValue(m) if !out.contains(m) => out.push(m.clone()),
            CfgValue::Set(elems) => elems.iter().for_each(|e| walk(e, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &config.constants {
        c.args.iter().for_each(|a| walk(a, &mut out));
        walk(&c.value, &mut out);
    }
    out
}
