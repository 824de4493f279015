//! `Op <- Other` for a definition without parameters (`Max <- SmallMax`, `Nat <- NatOverride`):
//! every use of Op, interpreted or compiled, has Other's value.

mod natives_common;
use natives_common::*;
use tla_eval::{Evaluator, OpValue};

#[test]
fn a_replaced_definition_has_its_replacements_value_everywhere() {
    let spec = load(
        "Naturals",
        r#"
Max == 100
SmallMax == 2
NatOverride == 0..3
Pair == <<Max, Max + 1>>
Less(n) == n < Max
Below == <<Less(1), Less(2), Less(3)>>
InNat == <<3 \in Nat, 5 \in Nat, {x \in Nat : x > 1}>>
"#,
    );
    let def = |name: &str| spec.root_def(name).expect("definition");
    let nat = spec
        .defs
        .iter()
        .position(|d| d.name == "Nat")
        .expect("Naturals' Nat");
    let replaced = || {
        let mut ev = Evaluator::new(&spec);
        ev.override_def(def("Max"), OpValue::Def(def("SmallMax")));
        ev.override_def(
            tla_sema::ir::DefId(nat as u32),
            OpValue::Def(def("NatOverride")),
        );
        ev.precompute_constants();
        ev
    };
    // The first evaluator compiles the expressions (their slots are its own); the second
    // interprets them, through the call of the replaced definition.
    let cases = [
        ("Pair", "<<2, 3>>"),
        ("Below", "<<TRUE, FALSE, FALSE>>"),
        ("InNat", "<<TRUE, FALSE, {2, 3}>>"),
    ];
    let (first, second) = (replaced(), replaced());
    for ev in [&first, &second, &first] {
        check_with(ev, &spec, &cases);
    }
}
