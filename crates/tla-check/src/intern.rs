//! Interning names and strings in the order TLC meets them, so that strings (and record
//! fields and model values) compare and print in TLC's order: TLC orders strings by when they
//! were first interned, not alphabetically.

use tla_eval::value::IStr;
use tla_sema::Spec;
use tla_syntax::lexer::{lex, TokKind};

/// Interns the .cfg's names first (TLC reads the .cfg before the spec), then every name and
/// string of each module file in the order the files were loaded.
pub fn intern_in_tlc_order(spec: &Spec, cfg_text: &str) {
    intern_tokens(cfg_text, true);
    for f in &spec.files {
        intern_tokens(&f.text, false);
    }
}

fn intern_tokens(text: &str, whole: bool) {
    let tokens = if whole {
        // The .cfg is not a module: lex it as the body of one.
        lex(&format!("---- MODULE cfg ----\n{text}\n===="))
    } else {
        lex(text)
    };
    let Ok(tokens) = tokens else { return };
    for t in tokens {
        match t.kind {
            TokKind::Ident(s) | TokKind::Str(s) => {
                IStr::new(&s);
            }
            _ => {}
        }
    }
}
