//! Byte spans and the line/column view of a source text.

/// A half-open byte range `start..end` in one source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A source text with its name, able to turn byte offsets into 1-based lines and columns.
/// Columns count characters, not bytes, so Unicode source reports the column a reader sees.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
    /// Lines of the file before this text's module: a module cut out of a monolithic file
    /// (`sections`) is numbered by TLC from its header line, as a file of its own.
    pub module_line_base: usize,
    /// Where each line starts, found when first needed: most files loaded never report.
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile {
            path: path.into(),
            text: text.into(),
            module_line_base: 0,
            line_starts: std::sync::OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(self.text.match_indices('\n').map(|(i, _)| i + 1));
            starts
        })
    }

    /// 1-based (line, column) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let line = self.line_starts().partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts()[line];
        let col = self.text[start..floor_char_boundary(&self.text, offset)]
            .chars()
            .count();
        (line + 1, col + 1)
    }

    /// (line, column) as TLC names a place of the module ("line L, col C of module M"):
    /// [`Self::line_col`] except in a module cut out of a larger file, whose lines TLC
    /// counts from the module's header.
    pub fn module_line_col(&self, offset: u32) -> (usize, usize) {
        let (line, col) = self.line_col(offset);
        (line.saturating_sub(self.module_line_base).max(1), col)
    }

    /// The text of a 1-based line, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts().get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts()
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }

    pub fn slice(&self, span: Span) -> &str {
        let end = floor_char_boundary(&self.text, span.end as usize);
        let start = floor_char_boundary(&self.text, (span.start as usize).min(end));
        &self.text[start..end]
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
