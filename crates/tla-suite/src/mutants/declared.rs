//! A declared mutant: `replace` by `with`, confined to one definition, where `replace` must
//! occur exactly once. The definition is found in any of the spec's own modules
//! (`modules.rs`); the edit is made on the text of the file that holds it, in memory, so the
//! rest of that file and every other module stay as written.

use crate::modules::{Edited, ModuleTree};

/// Why a declared mutant cannot be made: its definition (`operator`) cannot be found, or its
/// `replace` text does not match once in it.
#[derive(Debug)]
pub enum Refused {
    Operator(String),
    Replace(String),
}

impl Refused {
    pub fn message(&self) -> &str {
        match self {
            Refused::Operator(m) | Refused::Replace(m) => m,
        }
    }
}

/// The edited file, or why the edit cannot be made (naming the mutant).
pub fn apply(
    mutant: &str,
    tree: &ModuleTree,
    operator: &str,
    replace: &str,
    with: &str,
) -> Result<Edited, Refused> {
    let def = tree
        .find(operator)
        .map_err(|e| Refused::Operator(format!("mutant \"{mutant}\": {}", e.message())))?;
    let file = tree.file_of(def);
    let text = &file.source.text;
    let span = tree.def(def).span;
    let (start, end) = (span.start as usize, span.end as usize);
    let body = &text[start..end];
    let hits: Vec<usize> = body.match_indices(replace).map(|(i, _)| i).collect();
    match hits.as_slice() {
        [at] => {
            let at = start + at;
            let mut out = String::with_capacity(text.len() + with.len());
            out.push_str(&text[..at]);
            out.push_str(with);
            out.push_str(&text[at + replace.len()..]);
            Ok(Edited {
                file: file.path.clone(),
                text: out,
                root: tree.modules[def.module].file == 0,
            })
        }
        [] => Err(Refused::Replace(format!(
            "mutant \"{mutant}\": \"{replace}\" does not occur in {operator} ({})",
            file.path.display()
        ))),
        many => Err(Refused::Replace(format!(
            "mutant \"{mutant}\": \"{replace}\" occurs {} times in {operator} ({}); it must occur once",
            many.len(),
            file.path.display()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::apply;
    use crate::modules::ModuleTree;

    const SPEC: &str = "---- MODULE M ----\nVARIABLE x\nInit == x = 0\nInc == x' = x + 1\nDec == x' = x + 1\n====\n";

    fn tree() -> ModuleTree {
        ModuleTree::from_text("M.tla".as_ref(), SPEC.into(), Default::default()).unwrap()
    }

    #[test]
    fn edits_only_the_named_definition() {
        let out = apply("m", &tree(), "Dec", "x + 1", "x - 1").unwrap();
        assert!(out.root);
        assert!(out.text.contains("Inc == x' = x + 1\nDec == x' = x - 1\n"));
    }

    #[test]
    fn refuses_a_missing_or_repeated_match() {
        let e = apply("m", &tree(), "Inc", "x - 1", "x").unwrap_err();
        let e = e.message();
        assert!(e.contains("does not occur in Inc"), "{e}");
        let e = apply("m", &tree(), "Inc", "x", "y").unwrap_err();
        let e = e.message();
        assert!(e.contains("occurs 2 times in Inc"), "{e}");
        let e = apply("m", &tree(), "Nope", "x", "y").unwrap_err();
        let e = e.message();
        assert!(e.contains("no definition named Nope"), "{e}");
    }
}
