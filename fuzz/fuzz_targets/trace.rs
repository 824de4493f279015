//! Arbitrary bytes read as an NDJSON or an ITF trace must give a trace or an error at a line
//! and column of the text, and the clock merge of what was read an order or an error: never a
//! panic, a stack overflow or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tla_trace::event::{parse_itf, parse_ndjson};

fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let lines = line_count(&text);
    let mut read = Vec::new();
    for parsed in [
        parse_ndjson("t.ndjson".into(), text.clone()),
        parse_itf("t.itf.json".into(), text.clone()),
    ] {
        match parsed {
            Ok(t) => {
                for e in &t.events {
                    assert!(e.span.0 <= e.span.1 && e.span.1 <= t.text.len());
                    let _ = t.locate(e.span.0);
                }
                read.push(t);
            }
            Err(e) => assert!(e.line >= 1 && e.line <= lines + 1, "{e}"),
        }
    }
    let _ = tla_trace::clock::order(&read);
});
