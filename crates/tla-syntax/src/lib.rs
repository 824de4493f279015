//! Lexer, parser and syntax tree for TLA+ source text.

pub mod ast;
pub mod diag;
pub mod span;

pub use diag::Diagnostic;
pub use span::{SourceFile, Span};
pub mod lexer;
pub mod parser;
pub mod sections;

pub use parser::parse_module;
