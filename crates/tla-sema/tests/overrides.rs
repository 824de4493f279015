//! `load_spec_with`: a module file's text given in memory replaces the file's (a mutant of an
//! extended module), whichever spelling of its path is given; other modules load from disk.

use tla_sema::SearchPath;

#[test]
fn an_extended_module_is_read_from_memory_when_its_text_is_given() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("MC.tla"),
        "---- MODULE MC ----\nEXTENDS Spec\nBoth == A + B\n====\n",
    )
    .unwrap();
    std::fs::write(
        d.path().join("Spec.tla"),
        "---- MODULE Spec ----\nEXTENDS Naturals\nA == 1\nB == 2\n====\n",
    )
    .unwrap();
    let root = d.path().join("MC.tla");
    let body = |spec: &tla_sema::Spec, name: &str| {
        let def = spec.def(spec.root_def(name).unwrap());
        let f = &spec.files[def.loc.file.index()];
        f.text[def.loc.span.start as usize..def.loc.span.end as usize].to_string()
    };
    let plain = tla_sema::load_spec(&root, &SearchPath::default()).unwrap();
    assert_eq!(body(&plain, "A"), "A == 1");
    // Another spelling of the same file: DIR/./Spec.tla.
    let spelled = d.path().join(".").join("Spec.tla");
    let texts = vec![(
        spelled,
        "---- MODULE Spec ----\nEXTENDS Naturals\nA == 5\nB == 2\n====\n".to_string(),
    )];
    let mutated = tla_sema::load_spec_with(&root, &SearchPath::default(), &texts).unwrap();
    assert_eq!(body(&mutated, "A"), "A == 5");
    // The file on disk is untouched.
    let on_disk = std::fs::read_to_string(d.path().join("Spec.tla")).unwrap();
    assert!(on_disk.contains("A == 1"));
}
