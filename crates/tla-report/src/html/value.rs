//! A value as the checker printed it (TLC's one-line text), shown with its nested parts
//! folded: a set, sequence, record or function too long for a line becomes a `<details>`
//! whose items unfold one level at a time. The text is only cut at its top-level separators,
//! never reprinted, so every character shown is TLC's.

use super::esc;
use std::fmt::Write;

/// Values up to this many characters are shown on one line, unfolded.
const INLINE: usize = 60;

/// One compound value's parts: its closing bracket and each item (with its `key |-> ` or
/// `key :> `).
struct Compound<'a> {
    close: &'a str,
    items: Vec<(&'a str, &'a str)>,
}

/// The value as HTML.
pub fn html(text: &str) -> String {
    let mut out = String::new();
    write(&mut out, text);
    out
}

fn write(out: &mut String, text: &str) {
    match compound(text).filter(|_| text.chars().count() > INLINE) {
        None => {
            let _ = write!(out, "<code>{}</code>", esc(text));
        }
        Some(c) => {
            let shown: String = text.chars().take(INLINE).collect();
            let _ = write!(
                out,
                "<details class=\"v\"><summary><code>{}\u{2026}</code> <span class=\"count\">{} item{}</span></summary><ul>",
                esc(&shown),
                c.items.len(),
                if c.items.len() == 1 { "" } else { "s" }
            );
            for (key, value) in &c.items {
                out.push_str("<li>");
                if !key.is_empty() {
                    let _ = write!(out, "<code>{}</code>", esc(key));
                }
                write(out, value);
                out.push_str("</li>");
            }
            let _ = write!(out, "</ul><code>{}</code></details>", esc(c.close));
        }
    }
}

/// Top-level positions of `sep` in `s` (outside brackets and strings).
fn split_top<'a>(s: &'a str, sep: &str) -> Option<Vec<&'a str>> {
    let b = s.as_bytes();
    let (mut depth, mut i, mut start) = (0i32, 0, 0);
    let mut parts = Vec::new();
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => depth -= 1,
            b'<' if b.get(i + 1) == Some(&b'<') => {
                depth += 1;
                i += 1;
            }
            b'>' if b.get(i + 1) == Some(&b'>') => {
                depth -= 1;
                i += 1;
            }
            _ if depth == 0 && b[i..].starts_with(sep.as_bytes()) => {
                parts.push(&s[start..i]);
                i += sep.len();
                start = i;
                continue;
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
        i += 1;
    }
    (depth == 0).then(|| {
        parts.push(&s[start..]);
        parts
    })
}

/// A key and its value: `f |-> v` or `d :> v` at the top level of an item.
fn keyed<'a>(item: &'a str, arrow: &str) -> Option<(&'a str, &'a str)> {
    let parts = split_top(item, arrow)?;
    let first = parts.first()?;
    (parts.len() >= 2).then(|| item.split_at(first.len() + arrow.len()))
}

/// The parts of a set `{..}`, sequence `<<..>>`, record `[f |-> ..]` or function
/// `(d :> .. @@ ..)`; `None` for anything else (a number, string, model value, interval,
/// `[S -> T]`, an empty set or sequence).
fn compound(text: &str) -> Option<Compound<'_>> {
    let (open, close) = [("{", "}"), ("<<", ">>"), ("[", "]"), ("(", ")")]
        .into_iter()
        .find(|(o, c)| {
            text.starts_with(o) && text.ends_with(c) && text.len() > o.len() + c.len()
        })?;
    let inner = &text[open.len()..text.len() - close.len()];
    // The brackets must enclose the whole text: `{1} \cup {2}` is not one set.
    split_top(inner, ",")?;
    let items: Vec<(&str, &str)> = match open {
        "{" | "<<" => split_top(inner, ", ")?
            .into_iter()
            .map(|v| ("", v))
            .collect(),
        "[" => (split_top(inner, ", ")?.into_iter())
            .map(|it| keyed(it, " |-> "))
            .collect::<Option<_>>()?,
        _ => (split_top(inner, " @@ ")?.into_iter())
            .map(|it| keyed(it, " :> "))
            .collect::<Option<_>>()?,
    };
    Some(Compound { close, items })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &str) -> Vec<(String, String)> {
        compound(text)
            .map(|c| c.items)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn splits_each_kind_at_its_top_level() {
        assert_eq!(
            items("(n1 :> <<v, w>> @@ n2 :> <<>>)"),
            [
                ("n1 :> ".into(), "<<v, w>>".into()),
                ("n2 :> ".into(), "<<>>".into())
            ]
        );
        assert_eq!(
            items("[a |-> {1, 2}, b |-> \"x, y\"]"),
            [
                ("a |-> ".into(), "{1, 2}".into()),
                ("b |-> ".into(), "\"x, y\"".into())
            ]
        );
        assert_eq!(
            items("<<[a |-> 1], <<2>>>>"),
            [("".into(), "[a |-> 1]".into()), ("".into(), "<<2>>".into())]
        );
        assert!(compound("{}").is_none());
        assert!(compound("[S -> T]").is_none());
        assert!(compound("{1} \\cup {2}").is_none());
        assert!(compound("\"{a}\"").is_none());
    }

    #[test]
    fn a_long_value_folds_and_keeps_every_character() {
        let text = format!(
            "[a |-> {}, b |-> 2]",
            "<<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20>>"
        );
        let h = html(&text);
        assert!(h.starts_with("<details class=\"v\">"), "{h}");
        // The inner sequence is itself longer than a line: folded too.
        assert_eq!(h.matches("<details").count(), 2, "{h}");
        assert!(h.contains("<code>b |-&gt; </code><code>2</code>"), "{h}");
        assert_eq!(html("<<1, 2>>"), "<code>&lt;&lt;1, 2&gt;&gt;</code>");
    }
}
