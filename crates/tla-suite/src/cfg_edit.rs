//! Rewrites a TLC .cfg so that a witness is checked alone: the check's INVARIANT and PROPERTY
//! sections are removed (everything else, constants included, is kept as written) and the one
//! property is added. Works on the text, so comments and layout of the rest survive.

/// TLC's .cfg section keywords; a section runs until the next one.
const KEYWORDS: &[&str] = &[
    "CONSTANT",
    "CONSTANTS",
    "INIT",
    "NEXT",
    "SPECIFICATION",
    "INVARIANT",
    "INVARIANTS",
    "PROPERTY",
    "PROPERTIES",
    "SYMMETRY",
    "VIEW",
    "CONSTRAINT",
    "CONSTRAINTS",
    "ACTION_CONSTRAINT",
    "ACTION_CONSTRAINTS",
    "CHECK_DEADLOCK",
    "ALIAS",
    "POSTCONDITION",
];

/// How a property is listed in a .cfg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Invariant,
    Property,
}

/// The .cfg text with its INVARIANT/PROPERTY sections replaced by `section name`.
pub fn only_property(cfg: &str, section: Section, name: &str) -> String {
    let mut out = String::with_capacity(cfg.len());
    let mut dropping = false;
    for (word, start, end) in words(cfg) {
        if KEYWORDS.contains(&word) {
            dropping = matches!(word, "INVARIANT" | "INVARIANTS" | "PROPERTY" | "PROPERTIES");
        }
        let _ = start;
        if !dropping {
            out.push_str(&cfg[start..end]);
        }
    }
    let kw = match section {
        Section::Invariant => "INVARIANT",
        Section::Property => "PROPERTY",
    };
    out.push_str(&format!("\n{kw} {name}\n"));
    out
}

/// The section a name is listed under in the .cfg, if it is.
pub fn section_of(cfg: &str, name: &str) -> Option<Section> {
    let mut current = None;
    for (word, start, end) in words(cfg) {
        if KEYWORDS.contains(&word) {
            current = match word {
                "INVARIANT" | "INVARIANTS" => Some(Section::Invariant),
                "PROPERTY" | "PROPERTIES" => Some(Section::Property),
                _ => None,
            };
        } else if word == name && &cfg[start..end] == name {
            if let Some(s) = current {
                return Some(s);
            }
        }
    }
    None
}

/// The names listed in the given sections, in order (e.g. `["INVARIANT", "INVARIANTS"]`).
pub fn names_in(cfg: &str, sections: &[&str]) -> Vec<String> {
    let mut inside = false;
    let mut out = Vec::new();
    for (word, _, _) in words(cfg) {
        if KEYWORDS.contains(&word) {
            inside = sections.contains(&word);
        } else if inside && !word.is_empty() {
            out.push(word.to_string());
        }
    }
    out
}

/// The CONSTANTS section's assignments as written (`N = 3`, `Procs <- MCProcs`), whitespace
/// and comments collapsed: the bounds a run checked.
pub fn constants(cfg: &str) -> Vec<String> {
    let mut inside = false;
    let pieces: Vec<&str> = words(cfg)
        .into_iter()
        .filter_map(|(word, start, end)| {
            if KEYWORDS.contains(&word) {
                inside = matches!(word, "CONSTANT" | "CONSTANTS");
                return None;
            }
            let text = &cfg[start..end];
            let comment = word.is_empty() && (text.starts_with("\\*") || text.starts_with("(*"));
            (inside && !comment).then_some(text)
        })
        .collect();
    let next_solid = |from: usize| {
        (from..pieces.len())
            .find(|&j| !pieces[j].trim().is_empty())
            .map(|j| (j, pieces[j]))
    };
    let mut out: Vec<String> = Vec::new();
    let mut depth = 0i32;
    for (i, p) in pieces.iter().enumerate() {
        match *p {
            "{" | "[" | "(" => depth += 1,
            "}" | "]" | ")" => depth -= 1,
            _ => {}
        }
        let is_word = p
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let starts_entry = depth == 0
            && is_word
            && match next_solid(i + 1) {
                Some((j, "=")) => next_solid(j + 1).is_none_or(|(_, q)| q != "="),
                Some((j, "<")) => next_solid(j + 1).is_some_and(|(_, q)| q == "-"),
                _ => false,
            };
        if starts_entry || out.is_empty() {
            out.push(String::new());
        }
        if let Some(last) = out.last_mut() {
            last.push_str(p);
        }
    }
    out.into_iter()
        .map(|e| e.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|e| !e.is_empty())
        .collect()
}

/// The text cut into pieces: each word (identifier-like run) or other run, with its byte
/// range; comments (`\*` to the end of the line, `(* ... *)`) are one piece that is not a
/// keyword, so a keyword inside a comment starts no section.
fn words(cfg: &str) -> Vec<(&str, usize, usize)> {
    let b = cfg.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i..].starts_with(b"\\*") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            out.push(("", start, i));
        } else if b[i..].starts_with(b"(*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*)") {
                i += 1;
            }
            i = (i + 2).min(b.len());
            out.push(("", start, i));
        } else if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((&cfg[start..i], start, i));
        } else {
            i += cfg[i..].chars().next().map_or(1, char::len_utf8);
            out.push(("", start, i));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_invariants_and_properties_keeps_the_rest() {
        let cfg = "CONSTANT N = 3\nINVARIANT TypeOK Safe \\* INVARIANT X\nPROPERTY Live\nSPECIFICATION Spec\n";
        let out = only_property(cfg, Section::Invariant, "NeverPaused");
        assert!(out.contains("CONSTANT N = 3"));
        assert!(out.contains("SPECIFICATION Spec"));
        assert!(!out.contains("TypeOK"));
        assert!(!out.contains("Live"));
        assert!(out.ends_with("INVARIANT NeverPaused\n"));
    }

    #[test]
    fn reads_the_constants_as_written() {
        let cfg = "CONSTANTS\n  N = 3 \\* three\n  Procs = {p1,\n p2}\n  Op <- MCOp\nINVARIANT TypeOK\nCONSTANT M = [a |-> 1]";
        assert_eq!(
            constants(cfg),
            ["N = 3", "Procs = {p1, p2}", "Op <- MCOp", "M = [a |-> 1]"]
        );
    }

    #[test]
    fn finds_the_section_of_a_name() {
        let cfg = "INVARIANTS A B\nPROPERTIES C\n(* INVARIANT C *)";
        assert_eq!(section_of(cfg, "B"), Some(Section::Invariant));
        assert_eq!(section_of(cfg, "C"), Some(Section::Property));
        assert_eq!(section_of(cfg, "D"), None);
    }
}
