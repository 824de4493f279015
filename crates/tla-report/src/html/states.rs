//! A counterexample as a list of states: each step's action with its spec location (and the
//! code the suite's action map ties it to), the variables that changed marked with their old
//! and new values, the others dimmed, and a lasso's loop back drawn from the last state to
//! the state it returns to.

use super::{esc, value};
use std::fmt::Write;
use tla_check::summary::{Lasso, Step};

/// A state's variables as shown: the ALIAS record's fields where the checker printed those
/// (as TLC's text does), else the variables.
fn shown(step: &Step) -> &serde_json::Map<String, serde_json::Value> {
    step.alias.as_ref().unwrap_or(&step.state)
}

/// A state's entries: the variables in `order` first when `variables` (not an
/// ALIAS's fields), then the rest as they come.
fn ordered<'m>(
    vars: &'m serde_json::Map<String, serde_json::Value>,
    order: &[String],
    variables: bool,
) -> Vec<(&'m String, &'m serde_json::Value)> {
    let order = if variables { order } else { &[] };
    let first = order.iter().filter_map(|n| vars.get_key_value(n));
    let rest = vars.iter().filter(|(k, _)| !order.contains(k));
    first.chain(rest).collect()
}

fn text_of(v: &serde_json::Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// `<Name line L, col C to line L2, col C2 of module M>` split into the action and its place.
fn split_label(label: &str) -> (&str, &str) {
    let inner = label.trim_start_matches('<').trim_end_matches('>');
    match inner.find(" line ") {
        Some(at) => (&inner[..at], inner[at + 1..].trim()),
        None => (inner, ""),
    }
}

/// A counterexample to draw: its steps, how it ends, and for each step the code it maps to.
pub struct Labelled<'a> {
    /// Prefix of the element ids, unique on the page (a suite page shows several traces).
    pub id: &'a str,
    pub steps: &'a [Step],
    pub lasso: Option<&'a Lasso>,
    /// The code each step maps to (empty where none).
    pub code: Vec<Vec<String>>,
    /// The word before each state's number: `State`, or `Event` for a trace's prefix.
    pub word: &'a str,
    /// The variables in the order TLC prints them (the JSON's states are in alphabetical
    /// order); empty: that order.
    pub order: &'a [String],
}

impl Labelled<'_> {
    pub fn html(&self) -> String {
        let back = self.lasso.and_then(|l| l.back_to_state);
        let stutters = self.lasso.is_some_and(|l| l.stuttering == Some(true));
        let mut out = String::new();
        let _ = writeln!(out, "<ol class=\"trace\" id=\"{}\">", esc(self.id));
        let mut before: Option<&serde_json::Map<String, serde_json::Value>> = None;
        for (i, step) in self.steps.iter().enumerate() {
            let n = i + 1;
            let mut class = String::from("state");
            if back.is_some_and(|b| n >= b) {
                class.push_str(" in-loop");
            }
            if back == Some(n) {
                class.push_str(" loop-target");
            }
            let _ = writeln!(
                out,
                "<li class=\"{class}\" id=\"{}-{n}\" data-state=\"{n}\">",
                esc(self.id)
            );
            let (action, place) = split_label(&step.action);
            let _ = write!(
                out,
                "<div class=\"head\"><span class=\"n\">{} {n}</span> <span class=\"act\">{}</span>",
                esc(self.word),
                esc(action)
            );
            if !place.is_empty() {
                let _ = write!(out, " <span class=\"loc\">{}</span>", esc(place));
            }
            if back == Some(n) {
                let _ = write!(
                    out,
                    " <span class=\"loop-mark\">&#8635; the loop starts here: state {} returns to it</span>",
                    self.steps.len()
                );
            }
            for c in self.code.get(i).into_iter().flatten() {
                let _ = write!(out, " <span class=\"code\">&#8594; {}</span>", esc(c));
            }
            out.push_str("</div>\n<table class=\"vars\">\n");
            let vars = shown(step);
            for (name, v) in ordered(vars, self.order, step.alias.is_none()) {
                let new = text_of(v);
                let old = before.and_then(|b| b.get(name)).map(text_of);
                match old {
                    Some(old) if old != new => {
                        let _ = writeln!(
                            out,
                            "<tr class=\"var changed\" data-var=\"{0}\"><th>{0}</th><td class=\"old\">{1}</td><td class=\"new\">{2}</td></tr>",
                            esc(name),
                            value::html(&old),
                            value::html(&new)
                        );
                        if let Some(parts) = value::changed_parts(&old, &new) {
                            let _ = writeln!(
                                out,
                                "<tr class=\"parts\" data-var=\"{}\"><td></td><td colspan=\"2\">{}</td></tr>",
                                esc(name),
                                parts_html(&parts)
                            );
                        }
                    }
                    _ => {
                        let class = if before.is_some() {
                            "var unchanged"
                        } else {
                            "var"
                        };
                        let _ = writeln!(
                            out,
                            "<tr class=\"{class}\" data-var=\"{0}\"><th>{0}</th><td colspan=\"2\">{1}</td></tr>",
                            esc(name),
                            value::html(&new)
                        );
                    }
                }
            }
            out.push_str("</table>\n</li>\n");
            before = Some(vars);
        }
        if let Some(b) = back {
            let (action, place) =
                split_label(self.lasso.and_then(|l| l.action.as_deref()).unwrap_or(""));
            let _ = writeln!(
                out,
                "<li class=\"loop-back\" data-back=\"{b}\">&#8635; Back to <a href=\"#{}-{b}\">state {b}</a> by <span class=\"act\">{}</span> <span class=\"loc\">{}</span>: the behaviour repeats states {b} to {} forever</li>",
                esc(self.id),
                esc(action),
                esc(place),
                self.steps.len()
            );
        } else if stutters {
            let _ = writeln!(
                out,
                "<li class=\"loop-back\" data-stuttering=\"true\">&#8635; Stuttering: the behaviour stays in state {} forever</li>",
                self.steps.len()
            );
        }
        out.push_str("</ol>\n");
        out
    }
}

/// What changed inside a value, one line a part: `key: old → new`, `key: added new`,
/// `key: removed old` (a set's elements without a key).
fn parts_html(parts: &[value::Part]) -> String {
    let mut out = String::from("<ul class=\"parts\">");
    for p in parts {
        out.push_str("<li>");
        if !p.key.is_empty() {
            let _ = write!(out, "<code class=\"key\">{}</code> ", esc(&p.key));
        }
        match (p.old, p.new) {
            (Some(o), Some(n)) => {
                let _ = write!(
                    out,
                    "<span class=\"old\">{}</span> &#8594; <span class=\"new\">{}</span>",
                    value::html(o),
                    value::html(n)
                );
            }
            (None, Some(n)) => {
                let _ = write!(out, "added <span class=\"new\">{}</span>", value::html(n));
            }
            (Some(o), None) => {
                let _ = write!(out, "removed <span class=\"old\">{}</span>", value::html(o));
            }
            (None, None) => {}
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_label_splits_into_action_and_place() {
        assert_eq!(
            split_label("<Extend(n1) line 35, col 5 to line 38, col 49 of module D>"),
            (
                "Extend(n1)",
                "line 35, col 5 to line 38, col 49 of module D"
            )
        );
        assert_eq!(
            split_label("<Initial predicate>"),
            ("Initial predicate", "")
        );
    }
}
