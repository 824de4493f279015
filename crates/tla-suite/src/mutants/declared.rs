//! A declared mutant: `replace` by `with`, confined to one definition, where `replace` must
//! occur exactly once. The edit is made on the text, so the rest of the spec is untouched.

use crate::spec_text;

/// The spec text with the edit made, or why it cannot be made (naming the mutant).
pub fn apply(
    mutant: &str,
    spec_path: &str,
    spec: &str,
    operator: &str,
    replace: &str,
    with: &str,
) -> Result<String, String> {
    let parsed = spec_text::parse(spec_path, spec)
        .map_err(|e| format!("mutant \"{mutant}\": the spec does not parse:\n{e}"))?;
    let def = parsed.definition(operator).ok_or_else(|| {
        format!("mutant \"{mutant}\": {spec_path} has no definition named {operator}")
    })?;
    let (start, end) = (def.span.start as usize, def.span.end as usize);
    let body = &spec[start..end];
    let hits: Vec<usize> = body.match_indices(replace).map(|(i, _)| i).collect();
    match hits.as_slice() {
        [at] => {
            let at = start + at;
            let mut out = String::with_capacity(spec.len() + with.len());
            out.push_str(&spec[..at]);
            out.push_str(with);
            out.push_str(&spec[at + replace.len()..]);
            Ok(out)
        }
        [] => Err(format!(
            "mutant \"{mutant}\": \"{replace}\" does not occur in {operator}"
        )),
        many => Err(format!(
            "mutant \"{mutant}\": \"{replace}\" occurs {} times in {operator}; it must occur once",
            many.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::apply;

    const SPEC: &str = "---- MODULE M ----\nVARIABLE x\nInit == x = 0\nInc == x' = x + 1\nDec == x' = x + 1\n====\n";

    #[test]
    fn edits_only_the_named_definition() {
        let out = apply("m", "M.tla", SPEC, "Dec", "x + 1", "x - 1").unwrap();
        assert!(out.contains("Inc == x' = x + 1\nDec == x' = x - 1\n"));
    }

    #[test]
    fn refuses_a_missing_or_repeated_match() {
        let e = apply("m", "M.tla", SPEC, "Inc", "x - 1", "x").unwrap_err();
        assert!(e.contains("does not occur in Inc"), "{e}");
        let e = apply("m", "M.tla", SPEC, "Inc", "x", "y").unwrap_err();
        assert!(e.contains("occurs 2 times in Inc"), "{e}");
        let e = apply("m", "M.tla", SPEC, "Nope", "x", "y").unwrap_err();
        assert!(e.contains("no definition named Nope"), "{e}");
    }
}
