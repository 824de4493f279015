//! `x \in S` with S one value for the run: a set whose value answers membership as its form
//! would (a function set, a record set, `Seq`, `SUBSET`, a product, a union of explicit
//! sets) is built once and searched as a value; the answers and errors stay the
//! interpreter's, and a set that cannot be built (`Nat \ {0}`) is still answered from its form.

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

// Each case is an operator of `k`, so that its body is evaluated anew for each argument.
const DEFS: &str = r#"
S == {"a", "b"}
Big == [i \in 1..40 |-> i]
M1(k) == <<[x \in S |-> k > 1] \in [S -> BOOLEAN], [x \in S |-> k] \in [S -> 1..1],
           [x \in {"a"} |-> k > 1] \in [S -> BOOLEAN], [x \in S |-> k] \notin [S -> Nat]>>
M2(k) == <<[a |-> k, b |-> "x"] \in [a : 1..3, b : {"x", "y"}],
           [a |-> k] \in [a : 1..3, b : {"x", "y"}], <<k, "x">> \in [a : 1..3, b : {"x", "y"}]>>
M3(k) == <<<<k, k>> \in Seq(1..2), <<k, 3>> \in Seq(1..2), {k} \in SUBSET (1..2),
           <<k, "a">> \in (1..2) \X S, k \in {1, 2} \cup {7}, k \in (1..5) \ {3}>>
M4(k) == <<k \in Nat \ {0}, k - 5 \in Nat \ {0}, [x \in S |-> k] \in [S -> Nat \ {0}]>>
M5(k) == <<[x \in S |-> [Big EXCEPT ![1] = k]] \in [S -> [1..40 -> Int]], [x \in S |-> k] \in [S -> Int]>>
E1(k) == k \in [S -> BOOLEAN]
E2(k) == "x" \in SUBSET {k}
E3(k) == [a |-> k] \in Seq(1..2)
E4(k) == [x \in S |-> k] \in [S -> BOOLEAN]
F1(k) == k \in {x \in 1..5 : x > 2}
F2(k) == [x \in S |-> k] \in [S -> 1..2] \cup {k}
F3(k) == k \in S \cup {k}
"#;

const VALUES: [&str; 5] = ["M1", "M2", "M3", "M4", "M5"];
const ERRORS: [&str; 4] = ["E1", "E2", "E3", "E4"];

#[test]
fn a_kept_set_answers_as_the_interpreter_does() {
    let spec = load("Integers, Sequences", DEFS);
    let (compiling, interpreting) = (
        Evaluator::new(&spec),
        Evaluator::new(&spec).interpreting_only(),
    );
    compiling.precompute_constants();
    interpreting.precompute_constants();
    let apply = |name: &str, k: i64| {
        let d = spec.root_def(name).expect("defined");
        let body = &spec.def(d).body;
        let env = &mut tla_eval::Env::new();
        let param = spec.def(d).params[0].local;
        let mut run = |ev: &Evaluator| {
            let mark = env.len();
            env.push_val(param, tla_eval::Value::Int(k));
            let r = ev
                .eval(body, env, &tla_eval::StateView::constant())
                .map(|v| format!("{v}"))
                .map_err(|e| e.into_message());
            env.truncate(mark);
            r
        };
        (run(&compiling), run(&interpreting))
    };
    for name in VALUES.iter().chain(&ERRORS) {
        // Twice: the first evaluation builds the sets, the second searches the kept ones.
        for k in [1, 2, 1] {
            let (got, want) = apply(name, k);
            assert_eq!(got, want, "{name}({k})");
            assert_eq!(got.is_err(), ERRORS.contains(name), "{name}({k}): {got:?}");
        }
    }
}

#[test]
fn only_sets_whose_value_answers_cheaply_are_kept() {
    let spec = load("Integers, Sequences", DEFS);
    let ev = Evaluator::new(&spec);
    ev.precompute_constants();
    // The `\in` tests of a case, in the order written, once compiled.
    let kept = |name: &str| {
        let d = spec.root_def(name).expect("defined");
        let mut out = Vec::new();
        collect_in(&spec.def(d).body, &mut |e| {
            let _ = ev.has_compiled_form(e);
            out.push(ev.keeps_member_set(e));
        });
        out
    };
    assert_eq!(kept("M1"), [true; 4]);
    assert_eq!(kept("M2"), [true; 3]);
    assert_eq!(kept("M3"), [true; 6]);
    assert_eq!(kept("M5"), [true; 2]);
    // Kept, though `Nat \ {0}` cannot be built: the form answers then.
    assert_eq!(kept("M4"), [true; 3]);
    // A filter's predicate and a union with a lazy side are left to the set's form.
    assert_eq!(kept("F1"), [false]);
    assert_eq!(kept("F2"), [false]);
    // A set naming the bound parameter is not one value for the run.
    assert_eq!(kept("F3"), [false]);
}

fn collect_in(e: &tla_sema::ir::Expr, f: &mut dyn FnMut(&tla_sema::ir::Expr)) {
    use tla_sema::ir::{Builtin, ExprKind};
    if let ExprKind::Builtin(Builtin::In | Builtin::NotIn, _) = &e.kind {
        f(e);
    }
    tla_sema::visit::for_each_child(e, &mut |c| collect_in(c, f));
}
