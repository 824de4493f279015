//! The evaluator on random expressions: the differential tester's generator (tla-difftest),
//! driven by the fuzzer's bytes, writes a well-typed expression of the standard modules'
//! operators; it must load, and evaluate to a value or an evaluation error, never a panic, a
//! stack overflow or a hang. Inputs with an odd first byte are read as expression text
//! instead, and only loaded (parse, resolution, level checking), which may legitimately
//! describe a huge value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use tla_difftest::choices::Bytes;
use tla_difftest::expr::{Gen, KINDS};
use tla_eval::{Env, Evaluator, StateView};

fn load(expr: &str) -> Option<tla_sema::Spec> {
    let path = PathBuf::from("/nonexistent-tlacheck-fuzz/F.tla");
    let text = format!(
        "---- MODULE F ----\nEXTENDS Integers, Sequences, FiniteSets, TLC, Bags\nE == {expr}\n====\n"
    );
    let search = tla_sema::SearchPath { dirs: vec![] };
    tla_sema::load_spec_with(&path, &search, &[(path.clone(), text)]).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    if first & 1 == 1 {
        let _ = load(&String::from_utf8_lossy(rest));
        return;
    }
    let mut bytes = Bytes::new(rest);
    let mut g = Gen::new(&mut bytes);
    let expr = g.of(KINDS[first as usize / 2 % KINDS.len()], 5).to_string();
    let spec = load(&expr).unwrap_or_else(|| panic!("generated expression does not load: {expr}"));
    let mut ev = Evaluator::new(&spec);
    // PrintT and warnings would flood the fuzzer's output.
    ev.out = std::sync::Mutex::new(Box::new(std::io::sink()));
    let def = spec.root_def("E").expect("E is defined");
    if let Ok(v) = ev.eval_def(def, &mut Env::new(), &StateView::constant()) {
        let _ = format!("{v}");
    }
});
