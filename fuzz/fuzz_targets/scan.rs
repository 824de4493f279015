//! The coverage scanner on arbitrary source text, in every language it reads, for a function
//! name taken from the input: line ranges inside the text, and its hash of any range an
//! answer; never a panic, a stack overflow or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tla_suite::coverage::mask::Lang;

const LANGS: [Lang; 7] = [
    Lang::Rust,
    Lang::Go,
    Lang::Python,
    Lang::JavaScript,
    Lang::Java,
    Lang::C,
    Lang::Zig,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    // The name is the first identifier-like word of the text, or a fixed one.
    let name = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|w| !w.is_empty())
        .unwrap_or("run");
    let lang = LANGS[pick as usize % LANGS.len()];
    let lines = text.split('\n').count();
    for found in tla_suite::coverage::scan::find_function(&text, lang, name) {
        let _ = tla_suite::coverage::hash_lines(&text, found.first, found.last);
        assert!(found.first <= found.last && found.last < lines, "{found:?}");
    }
});
