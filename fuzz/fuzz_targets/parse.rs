//! Arbitrary bytes, read as lossy UTF-8, must give a module or an error: never a panic, a stack
//! overflow or a hang. Half of the inputs get a module header first so that the lexer's search
//! for `---- MODULE` does not stop most of them.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(m) = tla_syntax::parse_module(&text) {
        // Spans must lie inside the text.
        assert!(m.span.end as usize <= text.len());
    }
    if data.first().is_some_and(|b| b & 1 == 1) {
        let rest = text.char_indices().nth(1).map_or("", |(i, _)| &text[i..]);
        let with_header = format!("---- MODULE F ----\n{rest}");
        let _ = tla_syntax::parse_module(&with_header);
    }
});
