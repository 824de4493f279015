//! Where modules are found: the spec's folder, then the `--library` folders in order, then a
//! `TLACHECK_LIBRARY`-style path list, then the embedded standard modules.

mod common;

use common::*;
use std::ffi::OsString;
use std::path::PathBuf;
use tla_sema::ir::ExprKind;
use tla_sema::{SearchPath, Spec};

/// The string `Where` is defined as in the module that the root extends.
fn where_from(spec: &Spec) -> String {
    match &spec.def(spec.root_def("Where").expect("Where")).body.kind {
        ExprKind::Str(s) => s.clone(),
        other => panic!("Where is {other:?}"),
    }
}

fn provider(dir: &std::path::Path, tag: &str) {
    std::fs::write(
        dir.join("Lib.tla"),
        module("Lib", &format!("Where == \"{tag}\"")),
    )
    .unwrap();
}

fn path_list(dirs: &[&PathBuf]) -> OsString {
    std::env::join_paths(dirs).unwrap()
}

#[test]
fn spec_folder_comes_first() {
    let d = Dir::new();
    let lib = d.sub("lib");
    provider(&d.path, "spec folder");
    provider(&lib, "library");
    d.file("R.tla", &module("R", "EXTENDS Lib"));
    let spec = d
        .load_with("R.tla", &SearchPath::new(&[lib], None))
        .unwrap();
    assert_eq!(where_from(&spec), "spec folder");
}

#[test]
fn library_folders_in_order() {
    let d = Dir::new();
    let (a, b) = (d.sub("a"), d.sub("b"));
    provider(&a, "a");
    provider(&b, "b");
    d.file("R.tla", &module("R", "EXTENDS Lib"));
    let ab = d
        .load_with("R.tla", &SearchPath::new(&[a.clone(), b.clone()], None))
        .unwrap();
    assert_eq!(where_from(&ab), "a");
    let ba = d
        .load_with("R.tla", &SearchPath::new(&[b, a], None))
        .unwrap();
    assert_eq!(where_from(&ba), "b");
}

#[test]
fn path_list_after_library_folders() {
    let d = Dir::new();
    let (lib, env1, env2) = (d.sub("lib"), d.sub("env1"), d.sub("env2"));
    provider(&env1, "env1");
    provider(&env2, "env2");
    d.file("R.tla", &module("R", "EXTENDS Lib"));
    let list = path_list(&[&env1, &env2]);
    // Only the path list has Lib: its first folder wins.
    let spec = d
        .load_with(
            "R.tla",
            &SearchPath::new(std::slice::from_ref(&lib), Some(&list)),
        )
        .unwrap();
    assert_eq!(where_from(&spec), "env1");
    // A --library folder beats the path list.
    provider(&lib, "library");
    let spec = d
        .load_with("R.tla", &SearchPath::new(&[lib], Some(&list)))
        .unwrap();
    assert_eq!(where_from(&spec), "library");
    // Empty entries in the list are ignored.
    let with_empty = OsString::from(format!(
        "{}{}",
        if cfg!(windows) { ";" } else { ":" },
        env2.display()
    ));
    let spec = d
        .load_with("R.tla", &SearchPath::new(&[], Some(&with_empty)))
        .unwrap();
    assert_eq!(where_from(&spec), "env2");
}

#[test]
fn embedded_standard_modules_come_last() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Naturals, Integers, Sequences, FiniteSets, Bags, TLC, TLCExt, Reals\nX == Cardinality({1, 2}) + Len(<<1>>) - 3",
        ),
    );
    let spec = d.ok("R.tla");
    let nat = spec.modules.iter().find(|m| m.name == "Naturals").unwrap();
    assert!(nat.standard);
    assert!(spec.files[nat.file.index()].path.starts_with("<standard>/"));
}

#[test]
fn a_user_file_named_like_a_standard_module_wins() {
    let d = Dir::new();
    d.file("Naturals.tla", &module("Naturals", "Special == 42"));
    d.file("R.tla", &module("R", "EXTENDS Naturals\nX == Special"));
    let spec = d.ok("R.tla");
    let nat = spec.modules.iter().find(|m| m.name == "Naturals").unwrap();
    assert!(!nat.standard);
    // The user's Naturals has no +.
    d.file("R2.tla", &module("R2", "EXTENDS Naturals\nX == 1 + 2"));
    let errs = d.errors("R2.tla");
    assert_error(&errs, "R2.tla", 3, 8, "symbol '+'");

    // The same from a library folder.
    let d = Dir::new();
    let lib = d.sub("lib");
    std::fs::write(
        lib.join("TLC.tla"),
        module("TLC", "Print(a, b) == \"mine\""),
    )
    .unwrap();
    d.file("R.tla", &module("R", "EXTENDS TLC\nX == Print(1, 2)"));
    let spec = d
        .load_with("R.tla", &SearchPath::new(&[lib], None))
        .unwrap();
    let tlc = spec.modules.iter().find(|m| m.name == "TLC").unwrap();
    assert!(!tlc.standard);
}

#[test]
fn missing_module_names_the_importing_file_and_line() {
    let d = Dir::new();
    d.file("R.tla", &module("R", "EXTENDS Naturals,\n        Nowhere"));
    let errs = d.errors("R.tla");
    assert_one(
        &errs,
        "R.tla",
        3,
        9,
        "Cannot find source file for module Nowhere",
    );

    // Deeper in the import graph: the error is in the module that names it.
    d.file("B.tla", &module("B", "X == 1\nI == INSTANCE Gone"));
    d.file("A.tla", &module("A", "EXTENDS B"));
    let errs = d.errors("A.tla");
    assert_one(
        &errs,
        "B.tla",
        3,
        15,
        "Cannot find source file for module Gone",
    );
}

#[test]
fn a_file_must_hold_the_module_it_is_named_after() {
    let d = Dir::new();
    d.file("Other.tla", &module("Different", "X == 1"));
    d.file("R.tla", &module("R", "EXTENDS Other"));
    let errs = d.errors("R.tla");
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].file, "Other.tla");
    assert!(errs[0].message.contains("Different"), "{errs:?}");
}

#[test]
fn unreadable_root_file() {
    let d = Dir::new();
    let e = d.load("Absent.tla").unwrap_err();
    assert_eq!(e.errors.len(), 1);
    assert!(e.errors[0].loc.is_none());
    assert!(e.render().contains("Absent.tla"), "{}", e.render());
}
