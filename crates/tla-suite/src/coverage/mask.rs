//! Blanks out comments and string/char literals (keeping newlines and byte offsets), so that
//! the declaration matcher and the brace matcher only ever see code.

/// The source languages the coverage manifest understands, by file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Rust,
    Go,
    Python,
    JavaScript,
    Java,
    C,
    Zig,
}

impl Lang {
    pub fn of(path: &str) -> Option<Lang> {
        let ext = path.rsplit('.').next()?;
        Some(match ext {
            "rs" => Lang::Rust,
            "go" => Lang::Go,
            "py" | "pyi" => Lang::Python,
            "js" | "mjs" | "cjs" | "jsx" | "ts" | "tsx" | "mts" | "cts" => Lang::JavaScript,
            "java" => Lang::Java,
            "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" => Lang::C,
            "zig" => Lang::Zig,
            _ => return None,
        })
    }
}

/// The text with every comment and literal's bytes replaced by spaces (newlines kept).
pub fn mask(text: &str, lang: Lang) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        let start = i;
        if lang == Lang::Python {
            if rest[0] == b'#' {
                i = line_end(b, i);
            } else if rest.starts_with(b"\"\"\"") || rest.starts_with(b"'''") {
                let q = &rest[..3];
                i = find(b, i + 3, q).map_or(b.len(), |e| e + 3);
            } else if rest[0] == b'"' || rest[0] == b'\'' {
                i = quoted(b, i, rest[0]);
            } else {
                i += 1;
                continue;
            }
            blank(&mut out, start, i);
            continue;
        }
        if rest.starts_with(b"//") {
            i = line_end(b, i);
        } else if rest.starts_with(b"/*") && lang != Lang::Zig {
            i = block_comment_end(b, i, lang == Lang::Rust);
        } else if lang == Lang::Zig && rest.starts_with(b"\\\\") {
            i = line_end(b, i);
        } else if lang == Lang::Rust && raw_string_start(rest).is_some() {
            let hashes = raw_string_start(rest).unwrap_or(0);
            let open = 2 + hashes + usize::from(rest[0] == b'b');
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            i = find(b, i + open, &close).map_or(b.len(), |e| e + close.len());
        } else if rest[0] == b'"' {
            i = quoted(b, i, b'"');
        } else if rest[0] == b'`' && matches!(lang, Lang::Go | Lang::JavaScript) {
            i = if lang == Lang::Go {
                find(b, i + 1, b"`").map_or(b.len(), |e| e + 1)
            } else {
                quoted(b, i, b'`')
            };
        } else if rest[0] == b'\'' {
            // In Rust a quote may start a lifetime (`'a`); only `'x'` and `'\..'` are chars.
            if lang == Lang::Rust && !is_rust_char(rest) {
                i += 1;
                continue;
            }
            i = quoted(b, i, b'\'');
        } else {
            i += 1;
            continue;
        }
        blank(&mut out, start, i);
    }
    out
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

fn find(b: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    if from > b.len() {
        return None;
    }
    b[from..]
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|p| from + p)
}

/// The end of a literal opened by `q` at `i`, honouring backslash escapes; an unclosed one
/// ends at the end of its line (except template/raw literals, which may span lines).
fn quoted(b: &[u8], i: usize, q: u8) -> usize {
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            c if c == q => return j + 1,
            b'\n' if q != b'`' => return j,
            _ => j += 1,
        }
    }
    b.len()
}

fn block_comment_end(b: &[u8], i: usize, nested: bool) -> usize {
    let mut depth = 0;
    let mut j = i;
    while j + 1 < b.len() {
        if b[j] == b'/' && b[j + 1] == b'*' {
            depth += 1;
            j += 2;
            if !nested && depth > 1 {
                depth = 1;
            }
        } else if b[j] == b'*' && b[j + 1] == b'/' {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return j;
            }
        } else {
            j += 1;
        }
    }
    b.len()
}

/// `r"`, `r#"`, `br##"`: the number of hashes.
fn raw_string_start(rest: &[u8]) -> Option<usize> {
    let r = if rest.starts_with(b"br") {
        &rest[2..]
    } else if rest.starts_with(b"r") {
        &rest[1..]
    } else {
        return None;
    };
    let hashes = r.iter().take_while(|&&c| c == b'#').count();
    (r.get(hashes) == Some(&b'"')).then_some(hashes)
}

fn is_rust_char(rest: &[u8]) -> bool {
    let Some(&first) = rest.get(1) else {
        return false;
    };
    if first == b'\\' {
        return true;
    }
    let len = match first {
        0..0x80 => 1,
        0x80..0xE0 => 2,
        0xE0..0xF0 => 3,
        _ => 4,
    };
    rest.get(1 + len) == Some(&b'\'')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masked(t: &str, l: Lang) -> String {
        String::from_utf8(mask(t, l)).unwrap()
    }

    #[test]
    fn blanks_comments_and_strings_keeping_offsets() {
        let t = "fn a<'x>() { let s = \"}\"; // }\n let c = '}'; }";
        let m = masked(t, Lang::Rust);
        assert_eq!(m.len(), t.len());
        assert_eq!(m.matches('}').count(), 1);
        assert!(m.contains("<'x>"));
    }

    #[test]
    fn python_triple_quotes_and_comments() {
        let m = masked(
            "def f():\n    \"\"\"doc\n    def g\"\"\"  # def h\n",
            Lang::Python,
        );
        assert_eq!(m.matches("def").count(), 1);
    }
}
