//! A value as the checker printed it (TLC's one-line text), shown with its nested parts
//! folded: a set, sequence, record or function too long for a line becomes a `<details>`
//! whose items unfold one level at a time. The text is only cut at its top-level separators,
//! never reprinted, so every character shown is TLC's.

use super::esc;
use std::fmt::Write;

/// Values up to this many characters are shown on one line, unfolded.
const INLINE: usize = 60;

/// One compound value's parts: its brackets and each item (with its `key |-> ` or
/// `key :> `).
struct Compound<'a> {
    open: &'a str,
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
    Some(Compound { open, close, items })
}

/// One part of a compound value that a step changed: a record's field, a function's
/// argument or a sequence's position (`key`; empty for a set's element) with its value
/// before and after (`None`: not there).
#[derive(Debug, PartialEq, Eq)]
pub struct Part<'a> {
    pub key: String,
    pub old: Option<&'a str>,
    pub new: Option<&'a str>,
}

/// A value's kind (its opening bracket) and items, an empty set or sequence included.
fn kind_items(text: &str) -> Option<(&str, Vec<(&str, &str)>)> {
    match text {
        "{}" => Some(("{", Vec::new())),
        "<<>>" => Some(("<<", Vec::new())),
        _ => compound(text).map(|c| (c.open, c.items)),
    }
}

/// The parts that differ between two values of the same compound kind, so that a change
/// deep in a long record or function is seen without unfolding it: the fields or
/// arguments whose value differs, a set's elements added and removed, a sequence's
/// positions changed (after the common head and tail, so that a queue's pop or push is one
/// part). `None` when the values are not of one compound kind, or when no item stayed as
/// it was in a value short enough to be read whole (the parts would be that value again).
pub fn changed_parts<'a>(old: &'a str, new: &'a str) -> Option<Vec<Part<'a>>> {
    let (kind, was) = kind_items(old)?;
    let (kind_now, now) = kind_items(new)?;
    if kind != kind_now {
        return None;
    }
    let part = |key: String, old, new| Part { key, old, new };
    let mut parts = Vec::new();
    match kind {
        "{" => {
            let gone = (was.iter()).filter(|(_, v)| !now.iter().any(|(_, n)| n == v));
            parts.extend(gone.map(|(_, v)| part(String::new(), Some(*v), None)));
            let added = (now.iter()).filter(|(_, v)| !was.iter().any(|(_, o)| o == v));
            parts.extend(added.map(|(_, v)| part(String::new(), None, Some(*v))));
        }
        "<<" => {
            let head = (was.iter().zip(&now)).take_while(|(a, b)| a == b).count();
            let rest = was.len().min(now.len()) - head;
            let tail = (was.iter().rev().zip(now.iter().rev()))
                .take(rest)
                .take_while(|(a, b)| a == b)
                .count();
            let (w, n) = (&was[head..was.len() - tail], &now[head..now.len() - tail]);
            if w.len() == n.len() {
                for (i, (a, b)) in w.iter().zip(n).enumerate() {
                    parts.push(part(format!("[{}]", head + i + 1), Some(a.1), Some(b.1)));
                }
            } else {
                for (i, a) in w.iter().enumerate() {
                    parts.push(part(format!("[{}]", head + i + 1), Some(a.1), None));
                }
                for (i, b) in n.iter().enumerate() {
                    parts.push(part(format!("[{}]", head + i + 1), None, Some(b.1)));
                }
            }
        }
        _ => {
            let key = |k: &str| {
                k.trim_end_matches(" |-> ")
                    .trim_end_matches(" :> ")
                    .to_string()
            };
            for (k, v) in &was {
                match now.iter().find(|(kn, _)| kn == k) {
                    Some((_, n)) if n == v => {}
                    found => parts.push(part(key(k), Some(*v), found.map(|(_, n)| *n))),
                }
            }
            for (k, n) in now
                .iter()
                .filter(|(k, _)| !was.iter().any(|(ko, _)| ko == k))
            {
                parts.push(part(key(k), None, Some(*n)));
            }
        }
    }
    // Worth showing when it narrows the change (some item stayed as it was), or when the
    // value is folded (too long for a line) and both sides have items, so that the parts
    // are seen without unfolding it.
    let kept = match kind {
        "{" => (was.iter())
            .filter(|(_, v)| now.iter().any(|(_, n)| n == v))
            .count(),
        "<<" => was.len() - parts.iter().filter(|p| p.old.is_some()).count(),
        _ => (was.iter()).filter(|item| now.contains(item)).count(),
    };
    let long = old.chars().count().max(new.chars().count()) > INLINE;
    let folded = long && !was.is_empty() && !now.is_empty() && parts.len() > 1;
    (!parts.is_empty() && (kept > 0 || folded)).then_some(parts)
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

    fn parts<'a>(old: &'a str, new: &'a str) -> Vec<(String, Option<&'a str>, Option<&'a str>)> {
        (changed_parts(old, new).unwrap_or_default().into_iter())
            .map(|p| (p.key, p.old, p.new))
            .collect()
    }

    #[test]
    fn the_changed_parts_are_the_fields_elements_and_positions_that_differ() {
        assert_eq!(
            parts(
                "(n1 :> <<v, v>> @@ n2 :> <<>> @@ n3 :> <<>>)",
                "(n1 :> <<v, v>> @@ n2 :> <<v>> @@ n3 :> <<>>)"
            ),
            [("n2".into(), Some("<<>>"), Some("<<v>>"))]
        );
        assert_eq!(
            parts("[a |-> 1, b |-> 2]", "[a |-> 1, b |-> 3, c |-> 4]"),
            [
                ("b".into(), Some("2"), Some("3")),
                ("c".into(), None, Some("4"))
            ]
        );
        assert_eq!(
            parts("{1, 2}", "{2, 3}"),
            [("".into(), Some("1"), None), ("".into(), None, Some("3"))]
        );
        assert_eq!(parts("{1}", "{1, 2}"), [("".into(), None, Some("2"))]);
        // A queue's pop and push: one position each, not every position shifted.
        assert_eq!(
            parts("<<1, 2, 3>>", "<<2, 3>>"),
            [("[1]".into(), Some("1"), None)]
        );
        assert_eq!(
            parts("<<1, 2>>", "<<1, 2, 3>>"),
            [("[3]".into(), None, Some("3"))]
        );
        assert_eq!(
            parts("<<1, 2, 3>>", "<<1, 5, 3>>"),
            [("[2]".into(), Some("2"), Some("5"))]
        );
        // A long record whose every field changed: its fields, not to be unfolded.
        let (o, n) = (
            "[alpha |-> \"aaaaaaaaaaaaaaaaaaaa\", beta |-> \"bbbbbbbbbbbbbbbbbbbbbbbbbbbb\"]",
            "[alpha |-> \"cccccccccccccccccccc\", beta |-> \"dddddddddddddddddddddddddddd\"]",
        );
        assert_eq!(changed_parts(o, n).map(|p| p.len()), Some(2));
        // Nothing stayed in a short value, or the kinds differ: nothing to narrow.
        assert!(changed_parts("[a |-> 1]", "[a |-> 2]").is_none());
        assert!(changed_parts("[a |-> 1, b |-> 2]", "[a |-> 2, b |-> 3]").is_none());
        assert!(changed_parts("{}", "{1}").is_none());
        assert!(changed_parts("{1}", "{2}").is_none());
        assert!(changed_parts("<<1>>", "<<2, 3>>").is_none());
        assert!(changed_parts("<<1>>", "{1}").is_none());
        assert!(changed_parts("1", "2").is_none());
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
