//! Several modules in one file (TLC's "monolithic" specs). What TLC does was checked by running
//! `java -cp tla2tools.jar tlc2.TLC R` on these layouts (TLC2 2026.11): a module named in
//! EXTENDS or INSTANCE that is no file on the path and no standard module is cut out of the
//! root module's file (`---- MODULE Name ----` line to the next `====` line), from anywhere in
//! it; another file's extra modules are never looked at ("Cannot find source file for module
//! Z imported in module X"); a header line with anything else on it is no header; a submodule
//! of the same name as a module already loaded is "Multiply-defined module".

mod common;
use common::*;

// A config section may come first (the first module is the root: TLC rejects a file whose
// first module is not named as the file); the other modules follow in any order.
const ROOT: &str = "---- CONFIG R ----
INIT Init
====
---- MODULE R ----
EXTENDS Naturals, Later, After
X == B + A
====
---- MODULE After ----
EXTENDS Mid
A == M
====
---- MODULE Mid ----
M == 1
====
---- MODULE Later ----
B == 1
=====
";

#[test]
fn the_root_files_other_modules_are_found_and_extend_each_other() {
    let d = Dir::new();
    d.file("R.tla", ROOT);
    let spec = d.ok("R.tla");
    for m in ["R", "Later", "After", "Mid"] {
        assert!(spec.modules.iter().any(|x| x.name == m), "{m} loaded");
    }
    assert!(spec.modules[spec.root.index()].defs.contains_key("X"));
}

#[test]
fn a_module_of_another_file_is_not_searched_for_sections() {
    let d = Dir::new();
    d.file("R.tla", &module("R", "EXTENDS X\nY == Z1"));
    d.file(
        "X.tla",
        "---- MODULE X ----\nEXTENDS Z\n====\n---- MODULE Z ----\nZ1 == 1\n====\n",
    );
    let errs = d.errors("R.tla");
    assert_error(&errs, "X.tla", 2, 9, "Cannot find source file for module Z");
}

#[test]
fn a_module_file_on_the_path_comes_before_a_section() {
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS S\nY == Here\n====\n---- MODULE S ----\nNotHere == 1\n====\n",
    );
    d.file("S.tla", &module("S", "Here == 2"));
    d.ok("R.tla");
}

#[test]
fn a_section_of_the_root_file_serves_a_module_of_another_file() {
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS X\nY == Z1\n====\n---- MODULE Z ----\nZ1 == 1\n====\n",
    );
    d.file("X.tla", &module("X", "EXTENDS Z"));
    d.ok("R.tla");
}

#[test]
fn a_header_line_must_hold_the_header_alone() {
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS S\n====\n---- MODULE S ---- \\* note\nA == 1\n====\n",
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        2,
        9,
        "Cannot find source file for module S",
    );
}

#[test]
fn errors_in_a_section_point_into_the_root_file() {
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS S\n====\n\n---- MODULE S ----\nA == 1\nB == Undefined\n====\n",
    );
    assert_one(&d.errors("R.tla"), "R.tla", 7, 6, "Undefined");
}

#[test]
fn a_section_ends_at_the_first_equals_line_even_of_a_submodule() {
    // TLC cuts S at Inner's `====`, so S's own end is missing.
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS S\n====\n---- MODULE S ----\n---- MODULE Inner ----\nI == 1\n====\nA == 1\n====\n",
    );
    let errs = d.errors("R.tla");
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].file, "R.tla");
}

#[test]
fn a_submodule_named_like_a_loaded_module_is_multiply_defined() {
    let d = Dir::new();
    // INSTANCE Inner before the submodule is declared finds Inner as a section of the file.
    d.file(
        "R.tla",
        "---- MODULE R ----\nI == INSTANCE Inner\n---- MODULE Inner ----\nY == 1\n====\n====\n",
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        3,
        13,
        "Multiply-defined module 'Inner'",
    );
    // Declared first, it is the submodule that INSTANCE finds.
    d.file(
        "R2.tla",
        "---- MODULE R2 ----\n---- MODULE Inner ----\nY == 1\n====\nI == INSTANCE Inner\nZ == I!Y\n====\n",
    );
    d.ok("R2.tla");
}

#[test]
fn a_spec_held_in_memory_is_searched_as_given() {
    let d = Dir::new();
    let text = "---- MODULE R ----\nEXTENDS S\n====\n---- MODULE S ----\nA == 1\n====\n";
    let spec = tla_sema::load_spec_text(
        &d.path.join("R.tla"),
        text.to_string(),
        &tla_sema::SearchPath::default(),
    );
    assert!(spec.is_ok(), "{}", spec.err().unwrap().render());
}

#[test]
fn the_root_files_first_module_must_be_named_after_the_file() {
    // TLC: "File name 'R' does not match the name 'Before' of the top level module it
    // contains." (a later module named R does not help).
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE Before ----\nB == 1\n====\n---- MODULE R ----\nEXTENDS Before\n====\n",
    );
    assert_one(
        &d.errors("R.tla"),
        "R.tla",
        1,
        13,
        "does not match the name 'Before'",
    );
}

#[test]
fn an_extended_modules_inner_modules_are_known_to_the_extender() {
    // TLC accepts `EXTENDS A` then `INSTANCE Inner` where Inner is nested in A.tla, and
    // reports "Cannot find source file for module Inner" when A is only instantiated.
    let d = Dir::new();
    d.file(
        "A.tla",
        "---- MODULE A ----\n---- MODULE Inner ----\nY1 == 1\n====\n====\n",
    );
    d.file(
        "R.tla",
        &module("R", "EXTENDS A\nI == INSTANCE Inner\nZ == I!Y1"),
    );
    d.ok("R.tla");
    d.file(
        "R2.tla",
        &module("R2", "J == INSTANCE A\nI == INSTANCE Inner"),
    );
    assert_error(
        &d.errors("R2.tla"),
        "R2.tla",
        3,
        15,
        "Cannot find source file for module Inner",
    );
}
