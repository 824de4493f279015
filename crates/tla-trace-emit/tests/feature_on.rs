//! With the `tla-trace` feature: the header, one line per event in sequence order across
//! threads, and each value in ITF. Run with `cargo test -p tla-trace-emit --features tla-trace`
//! (tla-trace's tests also run the writer, through their dev-dependency).
#![cfg(feature = "tla-trace")]

use std::collections::{BTreeMap, BTreeSet};
use tla_trace_emit::{emit, Record, ToItf};

#[test]
fn events_from_threads_are_numbered_in_file_order() {
    let path =
        std::env::temp_dir().join(format!("tla-trace-emit-on-{}.ndjson", std::process::id()));
    tla_trace_emit::start(path.to_str().unwrap(), "Counter \"x\"").unwrap();
    emit!(state: { "n" => 0 });
    std::thread::scope(|s| {
        for t in 0..4u32 {
            s.spawn(move || {
                for i in 0..50u32 {
                    emit!("Inc", params: { "t" => t }, state: { "i" => i });
                }
            });
        }
    });
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], r#"{"v":1,"spec":"Counter \"x\""}"#);
    assert_eq!(lines[1], r#"{"seq":1,"state":{"n":0}}"#);
    assert_eq!(lines.len(), 1 + 1 + 200);
    for (i, l) in lines[1..].iter().enumerate() {
        assert!(l.starts_with(&format!("{{\"seq\":{},", i + 1)), "{l}");
    }
    assert!(lines[2].contains(r#""action":"Inc","params":{"t":"#));
}

#[test]
fn values_are_written_in_itf() {
    let set: BTreeSet<i32> = [3, 1].into();
    let map: BTreeMap<&str, bool> = [("a", true)].into();
    assert_eq!(set.to_itf(), r##"{"#set":[1,3]}"##);
    assert_eq!(map.to_itf(), r##"{"#map":[["a",true]]}"##);
    assert_eq!(vec![1u8, 2].to_itf(), "[1,2]");
    assert_eq!((1, "x").to_itf(), r##"{"#tup":[1,"x"]}"##);
    assert_eq!(
        (1u64 << 60).to_itf(),
        r##"{"#bigint":"1152921504606846976"}"##
    );
    assert_eq!("a\"\n".to_itf(), r#""a\"\n""#);
    assert_eq!(
        Record(&[("x", &1), ("y", &"s")]).to_itf(),
        r#"{"x":1,"y":"s"}"#
    );
}
