//! How TLC writes a location, a step's label, a state and a timestamp: the pieces of its
//! messages that the search's own lines (progress, checkpoints, liveness, -dump) share with
//! the report. It imports nothing from the crate.

use std::fmt::Write;
use tla_eval::action_label::ActionLabel;
use tla_eval::Value;
use tla_sema::ir::{DefId, Loc};
use tla_sema::Spec;

/// `line L, col C to line L2, col C2 of module M`
pub fn describe_loc(spec: &Spec, loc: Loc) -> String {
    let (l1, c1, l2, c2, module) = ends(spec, loc);
    format!("line {l1}, col {c1} to line {l2}, col {c2} of module {module}")
}

/// `Line L, column C to line L2, column C2 in M`, as TLC's call stack names a position.
pub fn call_stack_position(spec: &Spec, loc: Loc) -> String {
    let (l1, c1, l2, c2, module) = ends(spec, loc);
    format!("Line {l1}, column {c1} to line {l2}, column {c2} in {module}")
}

/// The first and last character of `loc` (line, column, in its module) and the module.
fn ends(spec: &Spec, loc: Loc) -> (usize, usize, usize, usize, &str) {
    let f = &spec.files[loc.file.index()];
    let (l1, c1) = f.module_line_col(loc.span.start);
    let (l2, c2) = f.module_line_col(loc.span.end.saturating_sub(1).max(loc.span.start));
    let module = spec
        .modules
        .iter()
        .find(|m| m.file == loc.file)
        .map(|m| m.name.as_str())
        .unwrap_or("?");
    (l1, c1, l2, c2, module)
}

pub fn action_label(spec: &Spec, action: Option<DefId>) -> String {
    match action {
        None => "<Initial predicate>".to_string(),
        Some(d) => {
            let def = spec.def(d);
            format!("<{} {}>", def.name, describe_loc(spec, def.body.loc))
        }
    }
}

/// The label of step `i` of a trace: TLC's action (`labels.rs`) where it was found, else the
/// definition the step was taken by.
pub fn step_label(
    spec: &Spec,
    labels: &[Option<ActionLabel>],
    i: usize,
    action: Option<DefId>,
) -> String {
    let found = labels.get(i).and_then(|l| l.as_ref());
    match found.and_then(|l| Some((l.name(spec)?, l.leaf?))) {
        Some((name, leaf)) => format!("<{name} {}>", describe_loc(spec, leaf)),
        None => action_label(spec, action),
    }
}

/// An ALIAS record's fields, printed as TLC prints a state's variables.
pub fn write_fields(out: &mut String, fields: &[(String, Value)]) {
    let bullet = if fields.len() == 1 { "" } else { "/\\ " };
    for (name, v) in fields {
        let text = tla_eval::value::ppr::ppr_value(v);
        let indent = bullet.len() + name.len() + 3;
        let _ = writeln!(
            out,
            "{bullet}{name} = {}",
            indent_continuation(&text, indent)
        );
    }
}

pub fn write_state(out: &mut String, spec: &Spec, vars: &[tla_sema::ir::VarId], values: &[Value]) {
    // TLC writes a lone variable without the conjunction bullet.
    let bullet = if vars.len() == 1 { "" } else { "/\\ " };
    for v in vars {
        let name = &spec.variables[v.index()].name;
        let text = tla_eval::value::ppr::ppr_value(&values[v.index()]);
        let indent = bullet.len() + name.len() + 3;
        let _ = writeln!(
            out,
            "{bullet}{name} = {}",
            indent_continuation(&text, indent)
        );
    }
}

fn indent_continuation(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines().collect::<Vec<_>>().join(&format!("\n{pad}"))
}

/// `YYYY-MM-DD HH:MM:SS` (UTC), as TLC stamps its messages.
pub fn timestamp(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn timestamps_are_utc_calendar_dates() {
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        assert_eq!(super::timestamp(t), "2023-11-14 22:13:20");
        assert_eq!(
            super::timestamp(std::time::UNIX_EPOCH),
            "1970-01-01 00:00:00"
        );
        // 2000-02-29 12:34:56 UTC: a leap day of a century leap year.
        let leap = std::time::UNIX_EPOCH + std::time::Duration::from_secs(951_827_696);
        assert_eq!(super::timestamp(leap), "2000-02-29 12:34:56");
    }
}
