//! Compiled expressions give the interpreter's values and errors.
//!
//! A slot's compiled form belongs to the evaluator that made it; a second evaluator of the
//! same spec interprets every expression, so it is the reference here.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

const DEFS: &str = r#"
f == [i \in 1..3 |-> i * 2]
g == [i \in 1..2 |-> [j \in 1..2 |-> i + j]]
r == [a |-> 1, b |-> "x"]
Add(x, y) == x + y
At(h, k) == h[k] + 1
V1 == f[2] <= 4 /\ f[3] > 4 /\ r.a = 1 /\ r.b = "x"
V2 == \A x \in 1..3 : f[x] > 0 /\ \E y \in 1..2 : g[x \div 2 + 1][y] = 3
V3 == <<f[1 + 1], g[2][2], Add(f[1], 3), At(f, 3), IF f[1] = 2 THEN "t" ELSE "e">>
V4 == (f[1] = 3) => (1 = "a")
V5 == ~(f[1] = 3) \/ FALSE
V6 == <<1>> \in Seq({1}) /\ 2 \notin {f[1]} /\ "x" \in {r.b}
V7 == {x \in 1..6 : \E y \in DOMAIN f : f[y] = x}
V8 == 2147483647 - 1 + 1
E1 == \A x \in 1..4 : f[x] > 0
E2 == r.c = 1
E3 == f[1] <= "a"
E4 == 1 = "a"
E5 == g[1][3] = 0
E6 == 2147483647 + 1 > 0
E7 == \E x \in 1..3 : f[x] = 6 /\ r
E8 == f[<<1, 2>>] = 0
Pr == PrintT("seen") /\ f[1] = 2
"#;

#[test]
fn compiled_expressions_give_the_interpreters_values_and_errors() {
    let spec = load("Integers, Sequences, TLC", DEFS);
    let compiling = Evaluator::new(&spec);
    let interpreting = Evaluator::new(&spec);
    let names = [
        "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "E1", "E2", "E3", "E4", "E5", "E6", "E7",
        "E8",
    ];
    for name in names {
        // Twice: the first evaluation compiles, the second runs what was kept.
        let first = value_of(&compiling, &spec, name);
        let again = value_of(&compiling, &spec, name);
        let want = value_of(&interpreting, &spec, name);
        assert_eq!(first, want, "{name}");
        assert_eq!(again, want, "{name} again");
        let body = &spec.def(spec.root_def(name).expect("defined")).body;
        // A tuple and a set filter are interpreted (their parts are compiled).
        let whole = !["V3", "V7"].contains(&name);
        assert_eq!(compiling.has_compiled_form(body), whole, "{name} compiled");
        assert!(
            !interpreting.has_compiled_form(body),
            "{name} is interpreted"
        );
    }
    for name in ["V1", "V2", "V4", "V6", "V7", "V8"] {
        assert!(value_of(&compiling, &spec, name).is_ok(), "{name}");
    }
    for name in ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8"] {
        assert!(value_of(&compiling, &spec, name).is_err(), "{name}");
    }
}

#[test]
fn an_expression_with_an_effect_is_interpreted() {
    let spec = load("Integers, Sequences, TLC", DEFS);
    let ev = Evaluator::new(&spec);
    let body = |name: &str| &spec.def(spec.root_def(name).expect("defined")).body;
    assert!(!ev.has_compiled_form(body("Pr")));
    assert!(ev.has_compiled_form(body("V1")));
}
