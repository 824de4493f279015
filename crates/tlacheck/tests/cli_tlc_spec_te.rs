//! `tlacheck tlc`: TLC's trace-exploration spec. After a counterexample TLC 2026.11 writes
//! `<Spec>_TTrace_<epoch>.tla` beside the spec and prints `Trace exploration spec path:
//! ./<Spec>_TTrace_<epoch>.tla`; checked with `-config F.tla F.tla` it breaks `_inv` (or
//! `_prop`) with the same states. TLC writes it by default except with -noGenerateSpecTE
//! (-noTE), -tool, -continue or for a spec whose file name holds `_TTrace`; -generateSpecTE
//! writes it in every case; -teSpecOutDir names its folder, or the file when it ends in
//! `.tla` (tlc2.TLC.handleParameters, TLC run on the spec below with each option).

mod common;
use common::{tlc, Dir};

// TLC 2026.11 (`-workers 1 Abc`): "Error: Invariant Inv is violated." in state 4, states
// printed as yy, s, x; exit 12. (TLC was run without the guard `x < 4`, which bounds the
// search for -continue and changes nothing before state 4.)
const ABC: &str = "---- MODULE Abc ----
EXTENDS Naturals
CONSTANTS N, P, q1
VARIABLES x, yy, s
Init == x = 0 /\\ yy = {} /\\ s = \"a\"
Next == x < 4 /\\ x' = x + 1 /\\ yy' = yy \\cup {x} /\\ s' = IF x > 1 THEN \"b\" ELSE s
Inv == x < N
====
";

fn model() -> Dir {
    let d = Dir::new();
    d.file("Abc.tla", ABC).file(
        "Abc.cfg",
        "CONSTANTS N = 3\n  P = {p1, p2}\n  q1 = q1\nINIT Init\nNEXT Next\nINVARIANT Inv\n",
    );
    d
}

/// The trace-exploration specs in `dir` (relative names).
fn written(d: &Dir, dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(d.path().join(dir))
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.contains("_TTrace_") || n == "Mine.tla")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_counterexample_writes_a_spec_that_replays_it() {
    let d = model();
    let run = tlc(&d, &["-workers", "1", "Abc"]);
    run.code(12).line("Error: Invariant Inv is violated.");
    let files = written(&d, ".");
    assert_eq!(files.len(), 1, "{files:?}");
    let file = &files[0];
    run.line(&format!("Trace exploration spec path: ./{file}"));
    let module = file.trim_end_matches(".tla");
    let text = std::fs::read_to_string(d.path().join(file)).unwrap();
    assert!(
        text.starts_with(&format!("---- MODULE {module} ----\n")),
        "{text}"
    );
    // TLC's lines for this trace (variables in TLC's order, the record fields in a Java
    // HashMap's).
    assert!(text.contains("    ([yy |-> {0, 1, 2},s |-> \"b\",x |-> 3])\n    >>\n"));
    assert!(text.contains("_init ==\n    /\\ yy = _TETrace[1].yy\n    /\\ s = _TETrace[1].s\n"));
    assert!(text.contains("---- MODULE Abc_TEConstants ----\nEXTENDS Abc\n\nCONSTANTS p1, p2\n"));
    // Checked, it breaks its invariant at the same state, and writes no spec of its own.
    let replay = tlc(&d, &["-workers", "1", "-config", file, file]);
    replay
        .code(12)
        .line("Error: Invariant _inv is violated.")
        .trace_len(4)
        .line("/\\ yy = {0, 1, 2}")
        .line("/\\ s = \"b\"")
        .line("/\\ x = 3");
    assert_eq!(written(&d, "."), files);
}

#[test]
fn no_spec_is_written_where_tlc_writes_none() {
    for options in [
        &["-noGenerateSpecTE"][..],
        &["-noTE"],
        &["-tool"],
        &["-continue"],
    ] {
        let d = model();
        let mut args = options.to_vec();
        args.extend(["-deadlock", "Abc"]);
        // (Exit 12, or 0 with -continue, as TLC.)
        let run = tlc(&d, &args);
        run.says("Invariant Inv is violated.");
        assert!(written(&d, ".").is_empty(), "{options:?}: {run}");
        assert!(!run.stdout.contains("Trace exploration spec path"), "{run}");
    }
    // `check` writes one only when asked.
    let d = model();
    d.check(&["Abc.tla"]).code(12);
    assert!(written(&d, ".").is_empty());
}

#[test]
fn generate_spec_te_writes_one_in_every_case() {
    for options in [
        &["-generateSpecTE", "-tool"][..],
        &["-noTE", "-generateSpecTE"],
        &["-generateSpecTE", "-noTE"],
        &["-continue", "-generateSpecTE"],
    ] {
        let d = model();
        let mut args = options.to_vec();
        args.extend(["-deadlock", "Abc"]);
        let run = tlc(&d, &args);
        let files = written(&d, ".");
        assert_eq!(files.len(), 1, "{options:?}");
        if options.contains(&"-tool") {
            // TLC frames its line as message 2501.
            run.block(&format!(
                "@!@!@STARTMSG 2501:0 @!@!@\nTrace exploration spec path: ./{}\n@!@!@ENDMSG 2501 @!@!@\n",
                files[0]
            ));
        }
    }
}

#[test]
fn te_spec_out_dir_names_the_folder_or_the_file() {
    let d = model();
    tlc(&d, &["-teSpecOutDir", "te", "Abc"])
        .code(12)
        .line_starting("Trace exploration spec path: te/Abc_TTrace_");
    assert_eq!(written(&d, "te").len(), 1);
    let d = model();
    tlc(&d, &["-teSpecOutDir", "out/Mine.tla", "Abc"])
        .code(12)
        .line("Trace exploration spec path: out/Mine.tla");
    let text = std::fs::read_to_string(d.path().join("out/Mine.tla")).unwrap();
    assert!(text.starts_with("---- MODULE Mine ----\n"));
    assert!(text.contains("---- CONFIG Mine ----\n"));
}

#[test]
fn a_one_state_counterexample_writes_none() {
    let d = model();
    d.file(
        "Abc.cfg",
        "CONSTANTS N = 0\n  P = {p1, p2}\n  q1 = q1\nINIT Init\nNEXT Next\nINVARIANT Inv\n",
    );
    tlc(&d, &["Abc"]).code(12);
    assert!(written(&d, ".").is_empty());
}
