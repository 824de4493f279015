//! Without the `tla-trace` feature (the default build) nothing of the trace writer is in
//! the program: `emit!` is `()` and evaluates none of its arguments, no file is written even
//! with TLA_TRACE_FILE set, and the writer's items do not exist (see the `compile_fail`
//! example in lib.rs, which is only compiled, and must fail, in this build).
#![cfg(not(feature = "tla-trace"))]

#[test]
fn emit_expands_to_unit_and_evaluates_nothing() {
    let dir = tempfile_dir();
    let path = dir.join("off.ndjson");
    std::env::set_var("TLA_TRACE_FILE", &path);
    let unit: () = tla_trace_emit::emit!("Send", params: { "m" => panic!("argument evaluated") }, state: { "q" => panic!("argument evaluated") });
    let also: () = tla_trace_emit::emit!(state: { "q" => panic!("argument evaluated") });
    assert_eq!((unit, also), ((), ()));
    assert!(!path.exists(), "a trace was written with the feature off");
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tla-trace-emit-off-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
