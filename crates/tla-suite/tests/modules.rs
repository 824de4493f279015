//! How the suite resolves a name through the spec's module tree (modules.rs): a definition in
//! an extended module, a LOCAL helper, a root definition shadowing a named instance's, `I!Op`,
//! an ambiguous name, a library-only name, and a mutant's edit of the file that holds it.

use std::path::Path;
use tla_suite::modules::{LookupError, ModuleTree};
use tla_suite::mutants::declared;

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// MC EXTENDS Spec (which EXTENDS Lib from lib/), instantiates Other as O, and defines its own
/// Step, which Other defines too.
fn tree() -> (tempfile::TempDir, ModuleTree) {
    let d = tempfile::tempdir().unwrap();
    let lib = d.path().join("lib");
    std::fs::create_dir(&lib).unwrap();
    write(
        d.path(),
        "MC.tla",
        "---- MODULE MC ----\nEXTENDS Spec\nO == INSTANCE Other\nStep == x' = x\n====\n",
    );
    write(
        d.path(),
        "Spec.tla",
        "---- MODULE Spec ----\nEXTENDS Naturals, Lib\nVARIABLE x\nLOCAL Helper == x < 3\nInc == Helper /\\ x' = x + 1\n====\n",
    );
    write(
        d.path(),
        "Other.tla",
        "---- MODULE Other ----\nEXTENDS Naturals\nVARIABLE x\nStep == x' = x + 2\nOnly == x > 0\n====\n",
    );
    write(
        &lib,
        "Lib.tla",
        "---- MODULE Lib ----\nMax(a, b) == IF a > b THEN a ELSE b\n====\n",
    );
    let t = ModuleTree::load(&d.path().join("MC.tla"), &[lib]).unwrap();
    (d, t)
}

fn file_of(t: &ModuleTree, name: &str) -> String {
    let d = t.find(name).unwrap();
    let p = &t.file_of(d).path;
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn a_definition_of_an_extended_module_and_a_local_one_are_found_in_their_file() {
    let (_d, t) = tree();
    assert_eq!(file_of(&t, "Inc"), "Spec.tla");
    // LOCAL definitions are the spec's text like any other: found, and mutable.
    assert_eq!(file_of(&t, "Helper"), "Spec.tla");
    // A definition of a module reached only through a named instance, by its plain name.
    assert_eq!(file_of(&t, "Only"), "Other.tla");
}

#[test]
fn the_root_shadows_a_named_instance_and_i_op_names_the_instance() {
    let (_d, t) = tree();
    assert_eq!(file_of(&t, "Step"), "MC.tla");
    assert_eq!(file_of(&t, "O!Step"), "Other.tla");
    assert!(matches!(t.find("O!Nope"), Err(LookupError::Missing(_))));
}

#[test]
fn a_library_definition_and_a_missing_one_are_errors() {
    let (_d, t) = tree();
    let e = t.find("Max").unwrap_err();
    assert!(matches!(e, LookupError::LibraryOnly(_)), "{e:?}");
    assert!(e.message().contains("Lib.tla:2 (module Lib)"), "{e:?}");
    let e = t.find("Nope").unwrap_err();
    assert!(matches!(e, LookupError::Missing(_)), "{e:?}");
    assert!(
        e.message().contains("MC.tla has no definition named Nope"),
        "{e:?}"
    );
}

#[test]
fn two_modules_defining_a_name_the_root_does_not_see_is_ambiguous() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "R.tla",
        "---- MODULE R ----\nA == INSTANCE P\nB == INSTANCE Q\n====\n",
    );
    write(d.path(), "P.tla", "---- MODULE P ----\nF == 1\n====\n");
    write(d.path(), "Q.tla", "---- MODULE Q ----\nF == 2\n====\n");
    let t = ModuleTree::load(&d.path().join("R.tla"), &[]).unwrap();
    let e = t.find("F").unwrap_err();
    assert!(matches!(e, LookupError::Ambiguous(_)), "{e:?}");
    assert!(
        e.message().contains("P.tla:2 (module P)") && e.message().contains("Q.tla:2 (module Q)")
    );
    assert_eq!(file_of(&t, "A!F"), "P.tla");
}

#[test]
fn a_declared_mutant_edits_the_file_of_its_definition_only() {
    let (d, t) = tree();
    let e = declared::apply("m", &t, "Inc", "x + 1", "x + 2").unwrap();
    assert!(!e.root);
    assert_eq!(e.file.file_name().unwrap(), "Spec.tla");
    assert!(e.text.contains("Inc == Helper /\\ x' = x + 2"));
    // Nothing is written.
    let on_disk = std::fs::read_to_string(d.path().join("Spec.tla")).unwrap();
    assert!(on_disk.contains("x' = x + 1"));
}

#[test]
fn the_definitions_a_root_reaches_cross_modules_and_instances() {
    let (_d, t) = tree();
    let inc = t.find("Inc").unwrap();
    let reached = t.reachable(&[inc]);
    let names: Vec<&str> = reached.iter().map(|d| t.def(*d).name).collect();
    assert!(names.contains(&"Helper"), "{names:?}");
    assert!(!names.contains(&"Only"), "{names:?}");
}
