//! Arbitrary bytes, read as lossy UTF-8, given to the PlusCal translator must give a
//! translation or an error, and the stale-translation check an answer: never a panic, a stack overflow or a hang. Half of the inputs
//! get an algorithm header first so that the search for `--algorithm` does not stop most.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let opts = tla_pcal::Options { nocfg: true, ..Default::default() };
    let _ = tla_pcal::translate(&text, &opts, None);
    // The stale-translation check parses the same text its own way (it once panicked).
    let _ = tla_pcal::stale_translation(&text);
    if data.first().is_some_and(|b| b & 1 == 1) {
        let rest = text.char_indices().nth(1).map_or("", |(i, _)| &text[i..]);
        let with_header = format!("---- MODULE F ----\n(* --algorithm F\n{rest}\n*)\n====\n");
        let _ = tla_pcal::translate(&with_header, &opts, None);
        let _ = tla_pcal::stale_translation(&with_header);
    }
});
