//! Shared harness of the `natives_*` tests: write a tiny spec (and stand-in community modules)
//! to a fresh folder, load it, evaluate definitions and print their values as TLC does.
//!
//! The stand-in modules declare the community operators with the names and arities of the
//! CommunityModules release the corpus uses, but with deliberately wrong bodies: a test that
//! gets TLC's answer shows that the native ran.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use tla_eval::{Env, Evaluator, StateView};
use tla_sema::Spec;

/// Stand-ins for CommunityModules (see the module documentation).
pub const STUBS: &[(&str, &str)] = &[
    (
        "FiniteSetsExt",
        "FoldSet(op(_,_), base, set) == base
Quantify(S, P(_)) == 0
kSubset(k, S) == {}",
    ),
    (
        "Functions",
        "Range(f) == { f[x] : x \\in DOMAIN f }
IsInjective(f) == \"stub\"
AntiFunction(f) == f
FoldFunction(op(_,_), base, fun) == base
FoldFunctionOnSet(op(_,_), base, fun, indices) == base",
    ),
    (
        "SequencesExt",
        "SetToSeq(S) == <<>>
SetToSeqs(S) == {}
Contains(s, e) == \"stub\"
LongestCommonPrefix(S) == <<>>
FoldSeq(op(_, _), base, seq) == base
FoldLeft(op(_, _), base, seq) == base
FoldRight(op(_, _), seq, base) == base
FoldLeftDomain(op(_, _), base, seq) == base
FoldRightDomain(op(_, _), seq, base) == base
ReplaceFirstSubSeq(r, s, t) == \"stub\"
ReplaceAllSubSeqs(r, s, t) == \"stub\"
IsPrefix(s, t) == \"stub\"
SelectInSeq(seq, Test(_)) == -1
SelectInSubSeq(seq, from, to, Test(_)) == -1
SelectLastInSeq(seq, Test(_)) == -1
SelectLastInSubSeq(seq, from, to, Test(_)) == -1
RemoveFirst(s, e) == s
RemoveFirstMatch(s, Test(_)) == s
Suffixes(s) == {}
AllSubSeqs(s) == {}",
    ),
    (
        "Graphs",
        "SimplePath(G) == {}
AreConnectedIn(m, n, G) == \"stub\"
IsStronglyConnected(G) == \"stub\"",
    ),
    (
        "UndirectedGraphs",
        "SimplePath(G) == {}
ConnectedComponents(G) == {}
AreConnectedIn(m, n, G) == \"stub\"",
    ),
    (
        "Bitwise",
        "x & y == -1
x | y == -1
x ^^ y == -1
Not(a) == -1
shiftR(n, pos) == -1",
    ),
    (
        "DyadicRationals",
        "LOCAL Reduce(p) == p
Half(p) == Reduce([num |-> p.num, den |-> p.den * 2])
Add(p, q) == Reduce([num |-> p.num * q.den + q.num * p.den, den |-> p.den * q.den])",
    ),
    (
        "VectorClocks",
        "CausalOrder(log, clock(_), node(_), domain(_)) == log",
    ),
    ("BagsExt", "FoldBag(op(_,_), base, B) == base"),
    (
        "CSV",
        "CSVWrite(template, val, file) == FALSE
CSVRecords(file) == -1",
    ),
];

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh folder for one test.
pub fn temp_dir(tag: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("tlacheck-natives-{}-{tag}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes module `T` (EXTENDS `extends`, then `defs`) and the stand-in modules into `dir`, and
/// loads it.
pub fn load_in(dir: &std::path::Path, extends: &str, defs: &str) -> Spec {
    for (name, body) in STUBS {
        std::fs::write(
            dir.join(format!("{name}.tla")),
            format!("---- MODULE {name} ----\nLOCAL INSTANCE Integers\nLOCAL INSTANCE Sequences\n{body}\n====\n"),
        )
        .expect("write stub");
    }
    let path = dir.join("T.tla");
    std::fs::write(
        &path,
        format!("---- MODULE T ----\nEXTENDS {extends}\n{defs}\n====\n"),
    )
    .expect("write spec");
    match tla_sema::load_spec(&path, &tla_sema::SearchPath { dirs: vec![] }) {
        Ok(s) => s,
        Err(e) => panic!("spec does not load:\n{}", e.render()),
    }
}

/// Loads module `T` from a fresh folder.
pub fn load(extends: &str, defs: &str) -> Spec {
    let dir = temp_dir("spec");
    let spec = load_in(&dir, extends, defs);
    let _ = std::fs::remove_dir_all(&dir);
    spec
}

/// The value of definition `name`, printed as TLC prints it, or the error message.
pub fn value_of(ev: &Evaluator, spec: &Spec, name: &str) -> Result<String, String> {
    let d = spec
        .root_def(name)
        .unwrap_or_else(|| panic!("no definition {name}"));
    ev.eval_def(d, &mut Env::new(), &StateView::constant())
        .map(|v| format!("{v}"))
        .map_err(|e| e.into_message())
}

/// Checks each `(definition, printed value)` pair in order with one evaluator.
pub fn check(extends: &str, defs: &str, cases: &[(&str, &str)]) {
    let spec = load(extends, defs);
    let ev = Evaluator::new(&spec);
    check_with(&ev, &spec, cases);
}

pub fn check_with(ev: &Evaluator, spec: &Spec, cases: &[(&str, &str)]) {
    for (name, want) in cases {
        match value_of(ev, spec, name) {
            Ok(got) => assert_eq!(&got, want, "value of {name}"),
            Err(e) => panic!("{name} failed: {e}"),
        }
    }
}

/// The error message of evaluating `name`.
pub fn error_of(ev: &Evaluator, spec: &Spec, name: &str) -> String {
    match value_of(ev, spec, name) {
        Ok(v) => panic!("{name} evaluated to {v}, expected an error"),
        Err(e) => e,
    }
}
