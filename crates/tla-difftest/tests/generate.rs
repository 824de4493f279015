//! The generators: the same seed writes the same material, and shrinking only ever makes an
//! expression smaller.

use tla_difftest::choices::Seeded;
use tla_difftest::expr::{Expr, Gen, Kind, KINDS};
use tla_difftest::spec::Spec;

fn expr(seed: u64, kind: Kind) -> Expr {
    Gen::new(&mut Seeded::new(seed)).of(kind, 5)
}

#[test]
fn a_seed_writes_one_expression_and_one_spec() {
    for seed in 0..50 {
        for kind in KINDS {
            assert_eq!(expr(seed, kind).to_string(), expr(seed, kind).to_string());
        }
        let a = Spec::generate(&mut Seeded::new(seed));
        let b = Spec::generate(&mut Seeded::new(seed));
        assert_eq!(a.module(), b.module());
        assert_eq!(a.config(), b.config());
    }
}

#[test]
fn shrinking_keeps_the_kind_and_makes_the_tree_smaller() {
    for seed in 0..50 {
        for kind in KINDS {
            let e = expr(seed, kind);
            for smaller in e.smaller() {
                assert_eq!(smaller.kind(), kind);
                assert!(
                    smaller.size() < e.size() || smaller.to_string().len() <= e.to_string().len()
                );
            }
        }
    }
}

// SANY refuses a negative literal after `*` or `\div` (a precedence conflict with prefix
// `-`): the generator writes negative literals in parentheses.
#[test]
fn negative_literals_are_parenthesised() {
    for seed in 0..300 {
        let text = expr(seed, Kind::Int).to_string();
        for op in ["* -", "\\div -"] {
            assert!(!text.contains(op), "{text}");
        }
    }
}

// A bound name is not in scope in its own domain: `\E x \in S : P` never mentions x in S.
#[test]
fn a_bound_name_never_appears_in_its_domain() {
    for seed in 0..300 {
        for kind in KINDS {
            let text = expr(seed, kind).to_string();
            for (at, _) in text.match_indices(" \\in ") {
                let before = &text[..at];
                let Some(name) = before.rsplit(|c: char| !c.is_alphanumeric()).next() else {
                    continue;
                };
                let binder = ["\\A ", "\\E ", "CHOOSE ", "[", "{"]
                    .iter()
                    .any(|b| before[..before.len() - name.len()].ends_with(b));
                if !name.starts_with('x') || !binder {
                    continue;
                }
                // The domain runs to the binder's ':' or '|->' or '}'.
                let rest = &text[at + 5..];
                let end = rest.find([':', '|', '}']).unwrap_or(rest.len());
                let domain = &rest[..end];
                let used = domain
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| w == name);
                assert!(!used, "{name} in its domain: {text}");
            }
        }
    }
}

// Actions are also evaluated as predicates on steps (an action property naming them, fairness
// per action), some with their assignments made through an operator that takes the variable:
// the generated specs reach both, and a spec whose named actions were cut while shrinking
// names only actions it still has.
#[test]
fn specs_name_their_actions_in_properties_and_fairness() {
    let modules: Vec<(Spec, String)> = (0..300)
        .map(|seed| {
            let s = Spec::generate(&mut Seeded::new(seed));
            let m = s.module();
            (s, m)
        })
        .collect();
    assert!(modules.iter().any(|(_, m)| m.contains("Put(va, ")));
    assert!(modules.iter().any(|(_, m)| m.contains("Prop == [][A")));
    assert!(modules.iter().any(|(_, m)| m.contains("WF_vars(A")));
    for (s, _) in &modules {
        for smaller in s.smaller() {
            let m = smaller.module();
            let Some(prop) = m.lines().find(|l| l.starts_with("Prop == [][")) else {
                continue;
            };
            for (at, _) in prop.match_indices('A') {
                let digits: String = prop[at + 1..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                if let Ok(a) = digits.parse::<usize>() {
                    assert!(a < smaller.actions.len(), "{m}");
                }
            }
        }
    }
}
