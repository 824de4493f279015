//! Error messages that point into a source file.

use crate::span::{SourceFile, Span};
use std::fmt::Write;

/// An error at a place in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Span,
}

impl Diagnostic {
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            message: message.into(),
            span,
        }
    }

    /// `file:line:col: message`, then the source line and a caret under the spot.
    pub fn render(&self, file: &SourceFile) -> String {
        let (line, col) = file.line_col(self.span.start);
        let mut out = format!("{}:{}:{}: {}\n", file.path, line, col, self.message);
        let text = file.line_text(line);
        if !text.is_empty() {
            let shown: String = text
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            let _ = writeln!(out, "{shown}");
            let _ = writeln!(out, "{}^", " ".repeat(col.saturating_sub(1)));
        }
        out
    }
}
