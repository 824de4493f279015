//! `tlacheck tlc -loadTrace json FILE`: a counterexample written by `-dumpTrace json` replayed
//! as a constraint. Expected figures are TLC 2026.11's (`java -cp tla2tools.jar tlc2.TLC
//! -workers 1 -noGenerateSpecTE -loadTrace json t.json -config C Inv`) on the test's spec and
//! the file TLC's own `-dumpTrace json t.json -config Inv.cfg Inv` wrote.

mod common;
use common::{tlc, Dir};

const INV: &str = "---- MODULE Inv ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\\ y \\in {0, 1}
Next == \\/ x < 3 /\\ x' = x + 1 /\\ y' = y
        \\/ x < 2 /\\ x' = x + 2 /\\ y' = 1 - y
        \\/ x = 3 /\\ UNCHANGED <<x, y>>
Inv == x < 3
====
";

/// What TLC 2026.11's -dumpTrace json wrote for Inv.cfg.
const TLC_TRACE: &str = r#"{"counterexample":{"action":[[[1,{"x":0,"y":0}],{"name":"Next","location":{"beginLine":5,"beginColumn":12,"endLine":5,"endColumn":40,"module":"Inv"}},[2,{"x":1,"y":0}]],[[2,{"x":1,"y":0}],{"name":"Next","location":{"beginLine":6,"beginColumn":12,"endLine":6,"endColumn":44,"module":"Inv"}},[3,{"x":3,"y":1}]]],"state":[[1,{"x":0,"y":0}],[2,{"x":1,"y":0}],[3,{"x":3,"y":1}]]},"vars":["x","y"]}"#;

fn model() -> Dir {
    let d = Dir::new();
    d.file("Inv.tla", INV)
        .file("Inv.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
        .file("Ok.cfg", "INIT Init\nNEXT Next\n")
        .file("tlc.json", TLC_TRACE);
    d
}

// TLC: with Inv.cfg the replay finds the same violation (3 states, x = 0, 1, 3), "6 states
// generated, 3 distinct states found, 0 states left on queue.", depth 3, exit 12; with
// Ok.cfg the trace is followed and the stutter step beyond it taken once more: 8, 4, 0,
// depth 4, exit 0.
#[test]
fn tlc_s_trace_file_constrains_the_search_to_the_trace() {
    let d = model();
    tlc(
        &d,
        &[
            "-loadTrace",
            "json",
            "tlc.json",
            "-config",
            "Inv.cfg",
            "Inv",
        ],
    )
    .code(12)
    .line("Error: Invariant Inv is violated.")
    .trace_len(3)
    .line("/\\ x = 3")
    .stats(6, 3, 0, 3);
    tlc(
        &d,
        &["-loadTrace", "json", "tlc.json", "-config", "Ok.cfg", "Inv"],
    )
    .success()
    .stats(8, 4, 0, 4);
}

// Our own -dumpTrace json file (the same counterexample) replays the same way.
#[test]
fn our_dump_trace_file_replays_the_same() {
    let d = model();
    tlc(
        &d,
        &[
            "-dumpTrace",
            "json",
            "ours.json",
            "-config",
            "Inv.cfg",
            "Inv",
        ],
    )
    .code(12);
    tlc(
        &d,
        &[
            "-loadTrace",
            "json",
            "ours.json",
            "-config",
            "Ok.cfg",
            "Inv",
        ],
    )
    .success()
    .stats(8, 4, 0, 4);
}

// TLC: a missing or malformed file is an evaluation error of JsonDeserialize at the first
// initial state, exit 75, naming the file ("nope.json (No such file or directory)"); a format
// other than tlc or json is "Error: Unknown format tla given to -loadTrace.", and a missing
// format or file "Error: A format and a file name for loading traces required.", exit 1.
#[test]
fn bad_trace_files_and_formats_are_refused() {
    let d = model();
    d.file("bad.json", "{\"counterexample\": [1,\n");
    tlc(
        &d,
        &[
            "-loadTrace",
            "json",
            "nope.json",
            "-config",
            "Ok.cfg",
            "Inv",
        ],
    )
    .code(75)
    .says("nope.json");
    tlc(
        &d,
        &["-loadTrace", "json", "bad.json", "-config", "Ok.cfg", "Inv"],
    )
    .code(75);
    tlc(&d, &["-loadTrace", "tla", "tlc.json", "Inv"])
        .code(1)
        .says("Error: Unknown format tla given to -loadTrace.");
    tlc(&d, &["Inv", "-loadTrace", "json"])
        .code(1)
        .says("Error: A format and a file name for loading traces required.");
    // TLC's binary format (-dumpTrace tlc) is not read here: refused by name.
    tlc(&d, &["-loadTrace", "tlc", "t.bin", "Inv"])
        .code(1)
        .says("-loadTrace tlc");
}
