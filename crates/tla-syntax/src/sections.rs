//! The sections of a "monolithic" .tla file: besides its root module, one file may hold
//! further modules and TLC configurations, each a run of whole lines:
//!
//! ```text
//! ---- MODULE Other ----        ---- CONFIG Spec ----
//! ...                           SPECIFICATION Spec
//! ====                          ====
//! ```
//!
//! TLC finds them line by line, not by parsing (tla2tools' `util.MonolithSpecExtractor`): a
//! section starts at the first line that is exactly `----`+ (white space) `MODULE`/`CONFIG`
//! (white space) the name (white space) dashes (at least four before the keyword; at least
//! three after a module's name, four after a config's), and runs to the next line that starts
//! with `====` (or to the end of the file). Nothing else on the header line is allowed, not
//! even a comment. A module header inside another module (a submodule) is found the same
//! way, and an inner `====` line ends the section early, as in TLC.
//!
//! A section is returned as a copy of the file's text up to the section's end with every
//! byte before it (except line breaks) replaced by a space, so that byte offsets, lines and
//! columns inside it are those of the file: errors point into the file the user wrote.

/// The kind of a section header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    Module,
    Config,
}

/// The module `name`'s section of `text`, header and end line included (the module parser
/// reads it as it reads a file), or None when the file has no such header line.
pub fn module_section(text: &str, name: &str) -> Option<String> {
    let s = find(text, SectionKind::Module, name)?;
    // The header and the `====` line are part of the module, as in TLC's extracted file.
    Some(blank_before(text, s.header, s.after_end))
}

/// The body of the configuration section `name` of `text` (header and end line left out),
/// or None when the file has no such header line.
pub fn config_section(text: &str, name: &str) -> Option<String> {
    let s = find(text, SectionKind::Config, name)?;
    Some(blank_before(text, s.body, s.end_line))
}

/// Byte offsets of a section in its file.
struct Section {
    /// The header line.
    header: usize,
    /// The line after the header.
    body: usize,
    /// The `====` line (the end of the text when there is none).
    end_line: usize,
    /// The line after it.
    after_end: usize,
}

fn find(text: &str, kind: SectionKind, name: &str) -> Option<Section> {
    let mut lines = Lines { text, pos: 0 };
    let (header, body) = loop {
        let (at, line, next) = lines.next()?;
        if is_header(line, kind, name) {
            break (at, next);
        }
    };
    let (end_line, after_end) = lines
        .find(|(_, line, _)| line.starts_with("===="))
        .map_or((text.len(), text.len()), |(at, _, next)| (at, next));
    Some(Section {
        header,
        body,
        end_line,
        after_end,
    })
}

/// Lines as Java's `BufferedReader.readLine` gives them: without `\n`, `\r\n` or `\r`.
/// Yields (offset of the line, the line, offset of the next line).
struct Lines<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.text.len() {
            return None;
        }
        let at = self.pos;
        let rest = &self.text[at..];
        let (len, brk) = match rest.find(['\n', '\r']) {
            Some(i) if rest[i..].starts_with("\r\n") => (i, 2),
            Some(i) => (i, 1),
            None => (rest.len(), 0),
        };
        self.pos = at + len + brk;
        Some((at, &rest[..len], self.pos))
    }
}

/// Java's `\s`: space, tab, line feed, vertical tab, form feed, carriage return.
fn is_java_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r')
}

/// Whether `line` is the whole header `-----* \s* KEYWORD \s+ name \s* ----*`.
fn is_header(line: &str, kind: SectionKind, name: &str) -> bool {
    let (keyword, trailing_dashes) = match kind {
        SectionKind::Module => ("MODULE", 3),
        SectionKind::Config => ("CONFIG", 4),
    };
    let rest = line.trim_start_matches('-');
    if line.len() - rest.len() < 4 {
        return false;
    }
    let Some(rest) = rest.trim_start_matches(is_java_space).strip_prefix(keyword) else {
        return false;
    };
    let after_kw = rest.trim_start_matches(is_java_space);
    if after_kw.len() == rest.len() {
        return false;
    }
    let Some(rest) = after_kw.strip_prefix(name) else {
        return false;
    };
    let rest = rest.trim_start_matches(is_java_space);
    rest.len() >= trailing_dashes && rest.bytes().all(|b| b == b'-')
}

/// `text[..end]` with every byte before `from` but line breaks made a space.
fn blank_before(text: &str, from: usize, end: usize) -> String {
    let mut out = String::with_capacity(end);
    out.extend(text[..from].bytes().map(|b| {
        if b == b'\n' || b == b'\r' {
            b as char
        } else {
            ' '
        }
    }));
    out.push_str(&text[from..end]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "---- MODULE Root ----\nEXTENDS A\n====\n\
        ---- MODULE A ----\nEXTENDS B\nX == 1\n=====\n\
        ----MODULE B---\nY == 2\n==== trailing text\n\
        ---- MODULE C ---- \\* a comment\n====\n\
        --- MODULE D ----\n====\n\
        ---- CONFIG Root ----\nSPECIFICATION Spec\n====\n";

    #[test]
    fn a_module_section_keeps_the_file_positions() {
        let a = module_section(FILE, "A").unwrap();
        let start = FILE.find("---- MODULE A").unwrap();
        assert_eq!(
            &a[start..],
            "---- MODULE A ----\nEXTENDS B\nX == 1\n=====\n"
        );
        assert_eq!(a[..start].trim(), "");
        assert_eq!(a[..start].matches('\n').count(), 3);
    }

    #[test]
    fn headers_are_whole_lines_with_enough_dashes() {
        assert!(module_section(FILE, "B").is_some());
        // A comment after the header, or three leading dashes, are not a header for TLC.
        assert!(module_section(FILE, "C").is_none());
        assert!(module_section(FILE, "D").is_none());
        // A name is matched whole.
        assert!(module_section(FILE, "Roo").is_none());
        assert!(module_section("---- MODULE AB ----\n====\n", "A").is_none());
    }

    #[test]
    fn a_section_without_an_end_runs_to_the_end_of_the_file() {
        let text = "---- MODULE Root ----\n====\n---- MODULE E ----\nZ == 3\n";
        assert!(module_section(text, "E").unwrap().ends_with("Z == 3\n"));
        let text = "---- CONFIG Root ----\nINIT I\nNEXT N";
        assert!(config_section(text, "Root")
            .unwrap()
            .ends_with("INIT I\nNEXT N"));
    }

    #[test]
    fn a_config_section_is_its_body() {
        let c = config_section(FILE, "Root").unwrap();
        assert_eq!(c.trim(), "SPECIFICATION Spec");
        let line = c[..c.find("SPEC").unwrap()].matches('\n').count() + 1;
        assert_eq!(line, 16);
        assert!(config_section(FILE, "Other").is_none());
        // A config header needs four dashes after the name; a module's three.
        assert!(config_section("---- CONFIG R ---\nINIT I\n", "R").is_none());
        assert!(config_section("----CONFIG\tR----\r\nINIT I\r\n====\r\n", "R").is_some());
    }
}
