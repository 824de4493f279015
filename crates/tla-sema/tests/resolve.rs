//! Name resolution: EXTENDS, LOCAL, INSTANCE (named, parameterized, nested, implicit
//! substitution), submodules, recursion, LET, LAMBDA, operator parameters, selectors.

mod common;

use common::*;
use tla_sema::ir::{Builtin, ExprKind, OpRef};
use tla_sema::Spec;

fn body<'a>(spec: &'a Spec, name: &str) -> &'a ExprKind {
    &spec.def(spec.root_def(name).expect("defined")).body.kind
}

#[test]
fn extends_chain_passes_definitions_and_declarations_on() {
    let d = Dir::new();
    d.file(
        "C.tla",
        &module("C", "EXTENDS Naturals\nVARIABLE v\nFoo == 1 + 1"),
    );
    d.file("B.tla", &module("B", "EXTENDS C\nBar == Foo + 1"));
    d.file("A.tla", &module("A", "EXTENDS B\nInit == v = Foo + Bar"));
    let spec = d.ok("A.tla");
    assert_eq!(spec.root_module().variables.len(), 1);
    assert!(spec.root_def("Foo").is_some());
    assert!(spec.root_def("Bar").is_some());
    assert!(spec.root_def("Init").is_some());
}

#[test]
fn diamond_extends_is_not_a_redefinition() {
    let d = Dir::new();
    d.file("D.tla", &module("D", "CONSTANT N\nBase == N"));
    d.file("B.tla", &module("B", "EXTENDS D\nB1 == Base"));
    d.file("C.tla", &module("C", "EXTENDS D\nC1 == Base"));
    d.file(
        "A.tla",
        &module("A", "EXTENDS B, C, Naturals, Naturals\nX == B1 = C1"),
    );
    let spec = d.ok("A.tla");
    assert_eq!(spec.root_module().constants.len(), 1);
}

#[test]
fn two_extended_modules_defining_a_name_keep_the_first() {
    // Context.mergeExtendContext: two definitions of one name only warn; the first stays.
    let d = Dir::new();
    d.file("B.tla", &module("B", "Same == \"from B\""));
    d.file("C.tla", &module("C", "Same == \"from C\""));
    d.file("A.tla", &module("A", "EXTENDS B, C\nX == Same"));
    let spec = d.ok("A.tla");
    assert_eq!(body(&spec, "Same"), &ExprKind::Str("from B".into()));
}

#[test]
fn local_definitions_are_not_exported() {
    let d = Dir::new();
    d.file(
        "B.tla",
        &module(
            "B",
            "LOCAL Hidden == 1\nPub == Hidden\nLOCAL INSTANCE Naturals",
        ),
    );
    d.file("A.tla", &module("A", "EXTENDS B\nOk == Pub"));
    d.ok("A.tla");

    d.file("A2.tla", &module("A2", "EXTENDS B\nBad == Hidden"));
    let errs = d.errors("A2.tla");
    assert_one(&errs, "A2.tla", 3, 8, "Unknown operator: `Hidden'.");

    // Naturals came in by a LOCAL INSTANCE: + is not visible to A3.
    d.file("A3.tla", &module("A3", "EXTENDS B\nBad == 1 + 2"));
    let errs = d.errors("A3.tla");
    assert_error(
        &errs,
        "A3.tla",
        3,
        10,
        "Could not find declaration or definition of symbol '+'.",
    );
}

#[test]
fn named_instance_with_substitution() {
    let d = Dir::new();
    d.file(
        "M.tla",
        &module("M", "EXTENDS Naturals\nCONSTANT c\nVal == c + 1"),
    );
    d.file(
        "R.tla",
        &module("R", "I == INSTANCE M WITH c <- 41\nX == I!Val"),
    );
    let spec = d.ok("R.tla");
    let ExprKind::Call(copy, args) = body(&spec, "X") else {
        panic!("X is a call")
    };
    assert!(args.is_empty());
    // The copy of Val has c replaced by 41.
    let ExprKind::Call(_, plus_args) = &spec.def(*copy).body.kind else {
        panic!("c + 1 is a call of +")
    };
    assert_eq!(plus_args[0].kind, ExprKind::Num(41));
}

#[test]
fn parameterized_instance() {
    let d = Dir::new();
    d.file(
        "M.tla",
        &module(
            "M",
            "EXTENDS Naturals\nCONSTANT c\nVal == c + 1\nTwo(a) == a + c",
        ),
    );
    d.file(
        "R.tla",
        &module(
            "R",
            "I(n) == INSTANCE M WITH c <- n\nX == I(1)!Val\nY == I(2)!Two(3)",
        ),
    );
    let spec = d.ok("R.tla");
    let ExprKind::Call(val, args) = body(&spec, "X") else {
        panic!("X is a call")
    };
    assert_eq!(
        args.len(),
        1,
        "the instance parameter is the first argument"
    );
    assert_eq!(spec.def(*val).params.len(), 1);
    let ExprKind::Call(two, args) = body(&spec, "Y") else {
        panic!("Y is a call")
    };
    assert_eq!(args.len(), 2);
    assert_eq!(spec.def(*two).params.len(), 2);
    assert_eq!(args[0].kind, ExprKind::Num(2));
    assert_eq!(args[1].kind, ExprKind::Num(3));
}

#[test]
fn nested_instances() {
    let d = Dir::new();
    d.file("N.tla", &module("N", "Op == \"deep\""));
    d.file("M.tla", &module("M", "J == INSTANCE N"));
    d.file("R.tla", &module("R", "I == INSTANCE M\nX == I!J!Op"));
    let spec = d.ok("R.tla");
    let ExprKind::Call(op, _) = body(&spec, "X") else {
        panic!("X is a call")
    };
    assert_eq!(spec.def(*op).body.kind, ExprKind::Str("deep".into()));
}

#[test]
fn implicit_substitution_by_name() {
    let d = Dir::new();
    d.file(
        "M.tla",
        &module("M", "CONSTANT c\nVARIABLE x\nNext == x' = c"),
    );
    // c and x are substituted implicitly by R's c (a definition) and x (a variable).
    d.file(
        "R.tla",
        &module("R", "VARIABLE x\nc == 7\nI == INSTANCE M\nNext == I!Next"),
    );
    let spec = d.ok("R.tla");
    let ExprKind::Call(next, _) = body(&spec, "Next") else {
        panic!("Next is a call")
    };
    let ExprKind::Builtin(Builtin::Eq, args) = &spec.def(*next).body.kind else {
        panic!("x' = c")
    };
    let ExprKind::Call(c, _) = &args[1].kind else {
        panic!("c became R's definition c, got {:?}", args[1].kind)
    };
    assert_eq!(spec.def(*c).name, "c");
    // Unnamed INSTANCE brings the definitions in directly.
    d.file(
        "R2.tla",
        &module("R2", "CONSTANT c\nVARIABLE x\nINSTANCE M\nSpec == Next"),
    );
    d.ok("R2.tla");
}

#[test]
fn submodule_instantiated_by_its_container() {
    let d = Dir::new();
    d.file(
        "R.tla",
        "---- MODULE R ----\nEXTENDS Naturals\n---- MODULE Inner ----\nCONSTANT k\nFoo == k * 2\n====\nI == INSTANCE Inner WITH k <- 5\nX == I!Foo\n====\n",
    );
    let spec = d.ok("R.tla");
    assert!(spec.modules.iter().any(|m| m.name == "Inner"));
    assert!(matches!(body(&spec, "X"), ExprKind::Call(..)));
}

#[test]
fn recursive_operators_and_functions() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Naturals\n\
             RECURSIVE Fact(_)\n\
             Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)\n\
             fact[n \\in Nat] == IF n = 0 THEN 1 ELSE n * fact[n - 1]\n\
             RECURSIVE Even(_), Odd(_)\n\
             Even(n) == IF n = 0 THEN TRUE ELSE Odd(n - 1)\n\
             Odd(n) == IF n = 0 THEN FALSE ELSE Even(n - 1)\n\
             X == Fact(3) + fact[3]",
        ),
    );
    let spec = d.ok("R.tla");
    let fact = spec.def(spec.root_def("Fact").unwrap());
    assert!(fact.recursive);
    assert_eq!(fact.params.len(), 1);
    let f = spec.def(spec.root_def("fact").unwrap());
    assert!(f.is_function);
    assert!(matches!(f.body.kind, ExprKind::FunCons(..)));
    assert!(spec.def(spec.root_def("Odd").unwrap()).recursive);
}

#[test]
fn let_with_recursive() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Naturals\n\
             X == LET RECURSIVE G(_)\n\
                      G(n) == IF n = 0 THEN 0 ELSE G(n - 1)\n\
                      h[k \\in 0..3] == IF k = 0 THEN 0 ELSE h[k - 1]\n\
                  IN G(3) + h[3]",
        ),
    );
    let spec = d.ok("R.tla");
    let ExprKind::Let(defs, _) = body(&spec, "X") else {
        panic!("X is a LET")
    };
    assert_eq!(defs.len(), 2);
}

#[test]
fn lambda_and_operator_parameters() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Naturals\n\
             Apply(F(_), v) == F(v)\n\
             Twice(F(_), v) == F(F(v))\n\
             Inc(y) == y + 1\n\
             X == Apply(LAMBDA y : y + 1, 2)\n\
             Y == Twice(Inc, 1)\n\
             Z == Twice(LAMBDA a : Apply(Inc, a), 0)\n\
             Pass(G(_, _)) == G(1, 2)\n\
             W == Pass(\\cup)",
        ),
    );
    let spec = d.ok("R.tla");
    let ExprKind::Call(_, args) = body(&spec, "X") else {
        panic!("X is a call")
    };
    let ExprKind::OpArg(OpRef::Def(lambda)) = &args[0].kind else {
        panic!("a LAMBDA argument, got {:?}", args[0].kind)
    };
    assert_eq!(spec.def(*lambda).name, "LAMBDA");
    let ExprKind::Call(_, args) = body(&spec, "Y") else {
        panic!("Y is a call")
    };
    assert!(matches!(&args[0].kind, ExprKind::OpArg(OpRef::Def(d)) if spec.def(*d).name == "Inc"));
    assert!(
        matches!(body(&spec, "W"), ExprKind::Call(_, a) if matches!(a[0].kind, ExprKind::OpArg(_)))
    );
}

#[test]
fn subexpression_selector() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module("R", "Inv == /\\ 1 = 1\n       /\\ 2 = 3\nX == Inv!2"),
    );
    let spec = d.ok("R.tla");
    let ExprKind::Builtin(Builtin::Eq, args) = body(&spec, "X") else {
        panic!("Inv!2 is the second conjunct, got {:?}", body(&spec, "X"))
    };
    assert_eq!(args[1].kind, ExprKind::Num(3));
}

#[test]
fn theorems_assumptions_and_proofs_are_accepted() {
    let d = Dir::new();
    d.file(
        "R.tla",
        &module(
            "R",
            "EXTENDS Naturals\nCONSTANT N\nASSUME NAssm == N \\in Nat\nTHEOREM T1 == N + 0 = N\nX == NAssm",
        ),
    );
    let spec = d.ok("R.tla");
    assert_eq!(spec.root_module().assumptions.len(), 1);
    assert!(spec.root_def("T1").is_some());
}

#[test]
fn duplicate_constant_declarations_only_warn() {
    // SymbolTable.addSymbol: the same kind and arity is a warning, not an error.
    let d = Dir::new();
    d.file("B.tla", &module("B", "CONSTANT N"));
    d.file("A.tla", &module("A", "EXTENDS B\nCONSTANT N\nX == N"));
    let spec = d.ok("A.tla");
    assert_eq!(spec.root_module().constants.len(), 1);
}
