//! Arbitrary bytes given to the .cfg parser must give a configuration or an error with a
//! position inside the text, rendered with its caret line: never a panic, a stack overflow or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(e) = tla_check::config::parse_config("F.cfg", &text) {
        assert!(e.offset <= text.len(), "{e}");
        assert!(e.line >= 1 && e.col >= 1, "{e}");
        let _ = e.render();
    }
});
