//! Arbitrary bytes read as a verify.toml must give a manifest or an error: never a panic, a
//! stack overflow or a hang. The manifest names a folder that does not exist, so nothing on
//! disk is read or written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let path = Path::new("/nonexistent-tlacheck-fuzz/verify.toml");
    if let Err(e) = tla_suite::manifest::parse(path, &text) {
        let _ = e.to_string();
    }
});
