//! Finds a named function in a source file, per language, on text whose comments and literals
//! are blanked (mask.rs). The rule: a function runs from its first doc-comment or attribute
//! line directly above the line its name is declared on (see `with_attributes`) through the
//! line of its closing brace (Python: through the last non-blank line indented deeper than its
//! `def`). Declarations recognised:
//! - Rust, Zig: `fn NAME`; Go: `func NAME`, `func (recv) NAME`; Python: `def NAME`;
//! - JavaScript/TypeScript: `function NAME`, `NAME = function`, `NAME = (...) => {`,
//!   `NAME: function`, and methods `NAME(...) {`;
//! - Java, C, C++: `NAME(...)` followed (after qualifiers such as `const`, `throws X`, `-> T`)
//!   by `{`, not after `.`, `->` or `new`.
//!
//! Not recognised: bodies without braces (arrow functions with an expression body, C++
//! `= default`), macros that generate functions, and code the preprocessor hides.

use super::mask::{mask, Lang};

/// A 0-based inclusive range of lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines {
    pub first: usize,
    pub last: usize,
}

/// Every definition of `name` in `text`.
pub fn find_function(text: &str, lang: Lang, name: &str) -> Vec<Lines> {
    let m = mask(text, lang);
    let lines: Vec<&str> = text.split('\n').collect();
    let mut found = Vec::new();
    for p in identifier_hits(&m, name) {
        let end_of_name = p + name.len();
        let body_end = if lang == Lang::Python {
            python_def(&m, p, end_of_name)
        } else {
            brace_def(&m, lang, p, end_of_name)
        };
        if let Some(end) = body_end {
            found.push(Lines {
                first: with_attributes(&lines, line_of(&m, p), lang),
                last: line_of(&m, end),
            });
        }
    }
    found
}

/// The first line of the item: the declaration line, or the topmost of the contiguous lines
/// right above it that are its doc comments or attributes (Rust, Zig `///`, Rust `#[`; Python,
/// Java, TypeScript/JavaScript `@` decorators and annotations). Go and C/C++ have none.
fn with_attributes(lines: &[&str], decl: usize, lang: Lang) -> usize {
    let is_attr = |l: &str| {
        let t = l.trim_start();
        match lang {
            Lang::Rust => t.starts_with("///") || t.starts_with("#["),
            Lang::Zig => t.starts_with("///"),
            Lang::Python | Lang::Java | Lang::JavaScript => t.starts_with('@'),
            Lang::Go | Lang::C => false,
        }
    };
    let mut first = decl;
    while first > 0 && is_attr(lines[first - 1]) {
        first -= 1;
    }
    first
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

fn identifier_hits(m: &[u8], name: &str) -> Vec<usize> {
    let n = name.as_bytes();
    let mut hits = Vec::new();
    let mut i = 0;
    while i + n.len() <= m.len() {
        if &m[i..i + n.len()] == n
            && (i == 0 || !is_ident(m[i - 1]))
            && m.get(i + n.len()).is_none_or(|&c| !is_ident(c))
        {
            hits.push(i);
            i += n.len();
        } else {
            i += 1;
        }
    }
    hits
}

fn line_of(m: &[u8], p: usize) -> usize {
    m[..p.min(m.len())].iter().filter(|&&c| c == b'\n').count()
}

/// The token that ends right before `p` (skipping blanks), and where it starts.
fn prev_token(m: &[u8], p: usize) -> (&[u8], usize) {
    let mut e = p;
    while e > 0 && m[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    let mut s = e;
    while s > 0 && is_ident(m[s - 1]) {
        s -= 1;
    }
    if s == e && e > 0 {
        s = e - 1;
        if s > 0 && &m[s - 1..e] == b"->" {
            s -= 1;
        }
    }
    (&m[s..e], s)
}

fn skip_ws(m: &[u8], mut i: usize) -> usize {
    while i < m.len() && m[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The index just past the bracket closing the one at `open`.
fn matching(m: &[u8], open: usize) -> Option<usize> {
    let (o, c) = match m[open] {
        b'(' => (b'(', b')'),
        b'{' => (b'{', b'}'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (j, &ch) in m.iter().enumerate().skip(open) {
        if ch == o {
            depth += 1;
        } else if ch == c {
            depth -= 1;
            if depth == 0 {
                return Some(j + 1);
            }
        }
    }
    None
}

/// From `from`, the first `{` outside brackets, unless a `;`, `=`, or an unopened `)`/`}`
/// (the name was called inside an expression) comes first: the index of the closing brace.
fn body_from(m: &[u8], from: usize) -> Option<usize> {
    let mut j = from;
    while j < m.len() {
        match m[j] {
            b'{' => return matching(m, j).map(|e| e - 1),
            b'(' | b'[' => j = matching(m, j)?,
            b';' | b'}' | b')' => return None,
            b'=' if !matches!(m.get(j + 1), Some(b'>' | b'=')) => return None,
            _ => j += 1,
        }
    }
    None
}

fn brace_def(m: &[u8], lang: Lang, p: usize, end: usize) -> Option<usize> {
    let (prev, prev_at) = prev_token(m, p);
    let keyword = match lang {
        Lang::Rust | Lang::Zig => prev == b"fn",
        Lang::Go => prev == b"func" || go_receiver(m, prev, prev_at),
        Lang::JavaScript => {
            prev == b"function" || (prev == b"*" && prev_token(m, prev_at).0 == b"function")
        }
        _ => false,
    };
    if keyword {
        return body_from(m, end);
    }
    if matches!(
        prev,
        b"." | b"->" | b"new" | b"return" | b"await" | b"typeof"
    ) {
        return None;
    }
    let next = skip_ws(m, end);
    match (lang, m.get(next)) {
        (Lang::JavaScript | Lang::Java | Lang::C, Some(b'(')) => {
            let after = matching(m, next)?;
            body_from(m, after)
        }
        (Lang::JavaScript, Some(b'<')) => {
            let open = m[next..].iter().position(|&c| c == b'(')? + next;
            body_from(m, matching(m, open)?)
        }
        (Lang::JavaScript, Some(b'=' | b':')) if m.get(next + 1) != Some(&b'=') => {
            // `NAME = function (...) {`, `NAME = async (...) => {`, `NAME: function ...`.
            let stop = m[next..]
                .iter()
                .position(|&c| c == b'{' || c == b';' || c == b'\n')
                .map_or(m.len(), |q| q + next);
            let head = &m[next + 1..stop];
            let arrow = head.windows(2).any(|w| w == b"=>");
            let func = head.windows(8).any(|w| w == b"function");
            if (arrow || func) && m.get(stop) == Some(&b'{') {
                matching(m, stop).map(|e| e - 1)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// `func (r *T) NAME`: the token before NAME closes a receiver opened right after `func`.
fn go_receiver(m: &[u8], prev: &[u8], prev_at: usize) -> bool {
    if prev != b")" {
        return false;
    }
    let mut depth = 0;
    let mut j = prev_at + 1;
    while j > 0 {
        j -= 1;
        match m[j] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    return prev_token(m, j).0 == b"func";
                }
            }
            _ => {}
        }
    }
    false
}

/// `def NAME(...):` and its indented body: the index of the body's last non-blank byte.
fn python_def(m: &[u8], p: usize, end: usize) -> Option<usize> {
    if prev_token(m, p).0 != b"def" {
        return None;
    }
    let open = skip_ws(m, end);
    if m.get(open) != Some(&b'(') {
        return None;
    }
    let close = matching(m, open)?;
    let colon = m[close..].iter().position(|&c| c == b':')? + close;
    let def_line_start = m[..p]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |q| q + 1);
    let indent = indentation(&m[def_line_start..]);
    // Code after the colon on the same line: a one-line function.
    let line_end = m[colon..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(m.len(), |q| q + colon);
    if m[colon + 1..line_end]
        .iter()
        .any(|c| !c.is_ascii_whitespace())
    {
        return Some(line_end - 1);
    }
    let mut last = colon;
    let mut i = line_end + 1;
    while i < m.len() {
        let e = m[i..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(m.len(), |q| q + i);
        let line = &m[i..e];
        if line.iter().any(|c| !c.is_ascii_whitespace()) {
            if indentation(line) <= indent {
                break;
            }
            last = e - 1;
        }
        i = e + 1;
    }
    Some(last)
}

fn indentation(line: &[u8]) -> usize {
    line.iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .map(|&c| if c == b'\t' { 8 } else { 1 })
        .sum()
}
