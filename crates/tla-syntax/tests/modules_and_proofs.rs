//! Module units and the proof language (parsed for well-formedness, then dropped).

mod common;
use common::{module_err, parse, sexpr};
use tla_syntax::ast::*;

#[test]
fn declarations_and_definitions() {
    let m = parse(
        "EXTENDS Naturals, Sequences\n\
         CONSTANTS N, F(_, _), _ ** _, -. _\n\
         VARIABLE x\nVARIABLES y, z\n\
         RECURSIVE R(_)\n\
         R(n) == IF n = 0 THEN 0 ELSE R(n - 1)\n\
         f[i \\in 1..N] == i\n\
         a (+) b == a + b\n\
         -. a == 0 - a\n\
         s ^+ == s\n\
         LOCAL L == 1\n\
         Op(G(_), H(_, _)) == G(1)\n\
         ASSUME A == N > 0\n\
         ASSUMPTION N > 1\n\
         I == INSTANCE Other WITH p <- 1, + <- Plus, - <- Minus, -. <- Neg\n\
         LOCAL INSTANCE Naturals",
    )
    .unwrap();
    assert_eq!(
        m.extends
            .iter()
            .map(|i| i.name.as_str())
            .collect::<Vec<_>>(),
        ["Naturals", "Sequences"]
    );
    let Unit::Constants(cs) = &m.units[0] else {
        panic!()
    };
    let decls: Vec<_> = cs.iter().map(|d| (d.name.name.as_str(), d.arity)).collect();
    assert_eq!(decls, [("N", 0), ("F", 2), ("**", 2), ("-.", 1)]);
    assert!(matches!(&m.units[4], Unit::Op(d) if d.name.name == "R" && d.params.len() == 1));
    assert!(matches!(&m.units[5], Unit::Fun(f) if f.name.name == "f"));
    assert!(matches!(&m.units[6], Unit::Op(d) if d.name.name == "(+)" && d.params.len() == 2));
    assert!(matches!(&m.units[7], Unit::Op(d) if d.name.name == "-." && d.params.len() == 1));
    assert!(matches!(&m.units[8], Unit::Op(d) if d.name.name == "^+" && d.params.len() == 1));
    assert!(matches!(&m.units[9], Unit::Op(d) if d.local));
    assert!(matches!(&m.units[11], Unit::Assume(a) if a.name.as_ref().unwrap().name == "A"));
    let Unit::ModuleDef(def) = &m.units[13] else {
        panic!("{:?}", m.units[13])
    };
    let subs: Vec<_> = def
        .instance
        .substitutions
        .iter()
        .map(|(n, e)| format!("{} <- {}", n.name, sexpr(e)))
        .collect();
    // `-` in a substitution is binary minus (SANY's InfixOp); the prefix one is `-.`.
    assert_eq!(subs, ["p <- 1", "+ <- Plus", "- <- Minus", "-. <- Neg"]);
    assert!(matches!(&m.units[14], Unit::Instance(i) if i.local));
}

#[test]
fn operator_symbols_as_substitution_values() {
    // An operator symbol before the next definition is the value, not the start of an
    // expression (SANY inserts its definition break there).
    let m =
        parse("I == INSTANCE M WITH Plus <- +\nNext == 1\nJ == INSTANCE M WITH F <- LAMBDA a : a")
            .unwrap();
    let Unit::ModuleDef(def) = &m.units[0] else {
        panic!()
    };
    assert_eq!(sexpr(&def.instance.substitutions[0].1), "+");
    assert!(matches!(&m.units[1], Unit::Op(d) if d.name.name == "Next"));
    let Unit::ModuleDef(def) = &m.units[2] else {
        panic!()
    };
    assert_eq!(sexpr(&def.instance.substitutions[0].1), "(LAMBDA (a) a)");
}

#[test]
fn a_bare_minus_does_not_define_prefix_minus() {
    // SANY's PrefixLHS takes `-.`, never `-`.
    module_err("- a == 0 - a");
    module_err("CONSTANT - _");
}

#[test]
fn theorems_with_assume_prove_and_proofs() {
    let m = parse(
        "THEOREM T1 == ASSUME NEW x \\in Nat, NEW CONSTANT c, NEW VARIABLE v, \
         NEW ACTION A, NEW TEMPORAL P, NEW STATE S, NEW F(_), x > 0\n\
         \x20             PROVE x + 1 > 1\n\
         <1>1. x + 1 > x\n\
         \x20 BY DEF Nat\n\
         <1>2. CASE x = 1\n\
         \x20 <2>1. x + 1 = 2 OBVIOUS\n\
         \x20 <2> QED BY <2>1\n\
         <1>a. SUFFICES ASSUME x > 0 PROVE TRUE\n\
         \x20 OMITTED\n\
         <1> DEFINE Q == 1\n\
         <1> USE <1>1 DEF Q\n\
         <1> HIDE DEF Q\n\
         <1>3. PICK y \\in Nat : y = x\n\
         \x20 PROOF OBVIOUS\n\
         <1>4. HAVE x > 0\n\
         <1>5. TAKE z \\in Nat\n\
         <1>6. WITNESS 1 \\in Nat\n\
         <1> QED\n\
         \x20 BY ONLY <1>1, <1>2 DEFS Q\n\
         LEMMA L == TRUE OBVIOUS\n\
         COROLLARY TRUE\n\
         PROPOSITION TRUE BY L\n\
         AXIOM Ax == TRUE\n\
         USE L DEF Q\n\
         HIDE L\n\
         After == 1",
    )
    .unwrap();
    let Unit::Theorem(t) = &m.units[0] else {
        panic!("{:?}", m.units[0])
    };
    assert_eq!(t.name.as_ref().unwrap().name, "T1");
    let Statement::AssumeProve { assumptions, goal } = &t.statement else {
        panic!()
    };
    assert_eq!(assumptions.len(), 8);
    assert!(matches!(
        &assumptions[0],
        Assumption::New { decl, set: Some(_), kind: NewKind::Constant } if decl.name.name == "x"
    ));
    assert!(matches!(
        &assumptions[2],
        Assumption::New {
            kind: NewKind::Variable,
            ..
        }
    ));
    assert!(matches!(
        &assumptions[3],
        Assumption::New {
            kind: NewKind::Action,
            ..
        }
    ));
    assert!(matches!(&assumptions[6], Assumption::New { decl, .. } if decl.arity == 1));
    assert_eq!(sexpr(goal), "(> (+ x 1) 1)");
    assert!(matches!(m.units.last(), Some(Unit::Op(d)) if d.name.name == "After"));
    let theorems = m
        .units
        .iter()
        .filter(|u| matches!(u, Unit::Theorem(_)))
        .count();
    assert_eq!(
        theorems, 5,
        "THEOREM, LEMMA, COROLLARY, PROPOSITION and AXIOM"
    );
}

#[test]
fn nested_assume_prove() {
    let m = parse("THEOREM ASSUME ASSUME P PROVE Q, P PROVE Q").unwrap();
    let Unit::Theorem(t) = &m.units[0] else {
        panic!()
    };
    let Statement::AssumeProve { assumptions, .. } = &t.statement else {
        panic!()
    };
    assert!(matches!(&assumptions[0], Assumption::Nested(_)));
}

#[test]
fn proof_errors() {
    module_err("THEOREM TRUE\nPROOF");
    // A proof whose steps never reach a QED.
    module_err("THEOREM TRUE\n<1>1. TRUE\n<2> QED");
    module_err("THEOREM TRUE\n<1>1. TRUE");
}
