//! The standard modules embedded in the binary.
//!
//! Their TLA+ text lives in `crates/tla-sema/stdlib/`. Module loading falls back to these
//! when a module named in `EXTENDS` or `INSTANCE` is not found on the library path. Operators
//! that the evaluator implements natively have placeholder bodies there; what those texts fix
//! is each operator's name, arity and level.

use crate::ir::Level;

/// Names of the embedded standard modules.
pub const STANDARD_MODULES: &[&str] = &[
    "Naturals",
    "Integers",
    "Reals",
    "Sequences",
    "FiniteSets",
    "Bags",
    "TLC",
    "TLCExt",
    "RealTime",
    "Randomization",
    "Json",
    "IOUtils",
    "Toolbox",
    "_Possible",
];

/// The TLA+ text of an embedded standard module.
pub fn standard_module(name: &str) -> Option<&'static str> {
    let text = match name {
        "Naturals" => include_str!("../stdlib/Naturals.tla"),
        "Integers" => include_str!("../stdlib/Integers.tla"),
        "Reals" => include_str!("../stdlib/Reals.tla"),
        "Sequences" => include_str!("../stdlib/Sequences.tla"),
        "FiniteSets" => include_str!("../stdlib/FiniteSets.tla"),
        "Bags" => include_str!("../stdlib/Bags.tla"),
        "TLC" => include_str!("../stdlib/TLC.tla"),
        "TLCExt" => include_str!("../stdlib/TLCExt.tla"),
        "RealTime" => include_str!("../stdlib/RealTime.tla"),
        "Randomization" => include_str!("../stdlib/Randomization.tla"),
        "Json" => include_str!("../stdlib/Json.tla"),
        "IOUtils" => include_str!("../stdlib/IOUtils.tla"),
        "Toolbox" => include_str!("../stdlib/Toolbox.tla"),
        "_Possible" => include_str!("../stdlib/_Possible.tla"),
        _ => return None,
    };
    Some(text)
}

/// SANY's level signature of a standard operator, where the embedded placeholder text would
/// give another: per parameter, the highest level an argument may have and whether the
/// argument's level counts towards the application's (its "weight"). SANY computes these from
/// its own standard module texts (tla2sany/StandardModules), whose dummy bodies decide them:
/// its Naturals defines `a + b == {a, b}` (both arguments count, at most action level) but
/// `a * b == TRUE` (neither counts: `x * 2` is a constant-level expression for SANY).
pub fn sany_signature(module: &str, op: &str) -> Option<&'static [(Level, bool)]> {
    const AW: (Level, bool) = (Level::Action, true);
    const T0: (Level, bool) = (Level::Temporal, false);
    Some(match (module, op) {
        (
            "Naturals",
            "+" | "-" | "^" | "<" | ">" | "<=" | ">=" | "\\leq" | "\\geq" | "%" | "\\div" | "..",
        ) => &[AW, AW],
        ("Naturals", "*") => &[T0, T0],
        ("Integers", "-.") => &[AW],
        // a / b == CHOOSE m \in Real : m * b = a
        ("Reals", "/") => &[AW, T0],
        ("Sequences", "Append") => &[AW, AW],
        ("Sequences", "SubSeq") => &[AW, AW, AW],
        // ToString(v) == (CHOOSE x \in [a : v, b : STRING] : TRUE).b
        ("TLC", "ToString") => &[AW],
        // err is compared with TLC's error text; exp only goes to an operator that ignores it.
        ("TLCExt", "AssertError") => &[AW, T0],
        // RandomSubset(k, S) == CHOOSE T \in SUBSET S : ... (k is not used)
        ("Randomization", "RandomSubset") => &[T0, AW],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name in the first `---- MODULE Name ----` line of `text`.
    fn header_name(text: &str) -> Option<&str> {
        let line = text.lines().find(|l| !l.trim().is_empty())?;
        let rest = line.trim().strip_prefix("----")?.trim_start_matches('-');
        let rest = rest.trim_start().strip_prefix("MODULE")?;
        let name = rest.trim().trim_end_matches('-').trim();
        line.trim().ends_with("----").then_some(name)
    }

    #[test]
    fn every_listed_module_has_text_with_its_own_header() {
        for &name in STANDARD_MODULES {
            let text = standard_module(name).unwrap_or_else(|| panic!("no text for {name}"));
            assert_eq!(header_name(text), Some(name), "header of {name}");
            assert!(
                text.trim_end()
                    .lines()
                    .last()
                    .is_some_and(|l| l.starts_with("====")),
                "{name} must end with a ==== line"
            );
        }
    }

    /// The module parsed, or the parser's message rendered against its text.
    fn parse(name: &str) -> Result<tla_syntax::ast::Module, String> {
        let text = standard_module(name).expect("listed module");
        tla_syntax::parse_module(text)
            .map_err(|d| d.render(&tla_syntax::SourceFile::new(format!("{name}.tla"), text)))
    }

    #[test]
    fn every_module_parses() {
        let mut failures = String::new();
        for &name in STANDARD_MODULES {
            match parse(name) {
                Ok(module) => assert_eq!(module.name.name, name),
                Err(message) => failures.push_str(&message),
            }
        }
        assert!(failures.is_empty(), "{failures}");
    }

    /// What each module exports: its non-LOCAL definitions as `name/arity` (in the parser's
    /// canonical spelling, so `\leq` is `<=`), and its variables.
    const INTERFACES: &[(&str, &str)] = &[
        (
            "Naturals",
            "Nat/0 +/2 <=/2 </2 >/2 >=/2 -/2 */2 ^/2 ../2 \\div/2 %/2",
        ),
        ("Integers", "Int/0 -./1"),
        ("Reals", "Real/0 //2 Infinity/0"),
        (
            "Sequences",
            "Seq/1 Len/1 \\o/2 Append/2 Head/1 Tail/1 SubSeq/3 SelectSeq/2",
        ),
        ("FiniteSets", "IsFiniteSet/1 Cardinality/1"),
        (
            "Bags",
            "IsABag/1 BagToSet/1 SetToBag/1 BagIn/2 EmptyBag/0 CopiesIn/2 (+)/2 (-)/2 \
             BagUnion/1 \\sqsubseteq/2 SubBag/1 BagOfAll/2 BagCardinality/1",
        ),
        (
            "TLC",
            "Print/2 PrintT/1 Assert/2 JavaTime/0 TLCGet/1 TLCSet/2 :>/2 @@/2 Permutations/1 \
             SortSeq/2 RandomElement/1 Any/0 ToString/1 TLCEval/1",
        ),
        (
            "TLCExt",
            "AssertEq/2 AssertError/2 TLCGetOrDefault/2 TLCGetAndSet/4 Trace/0 \
             CounterExample/0 ToTrace/1 TLCModelValue/1 TLCDefer/1 TLCNoOp/1 PickSuccessor/1 \
             TLCCache/2 TLCFP/1 TLCEvalDefinition/1",
        ),
        ("RealTime", "VARIABLE:now RTBound/4 RTnow/1"),
        (
            "Randomization",
            "RandomSubset/2 RandomSetOfSubsets/3 TestRandomSetOfSubsets/3",
        ),
        (
            "Json",
            "ToJson/1 ToJsonArray/1 ToJsonObject/1 JsonSerialize/2 JsonDeserialize/1 \
             ndJsonSerialize/2 ndJsonDeserialize/1",
        ),
        (
            "IOUtils",
            "IOSerialize/3 IODeserialize/2 Serialize/3 Deserialize/2 IOExec/1 IOEnvExec/2 \
             IOExecTemplate/2 IOEnvExecTemplate/3 IOEnv/0 atoi/1 zeroPadN/2",
        ),
        ("Toolbox", "_TETrace/0 _TEPosition/0"),
        (
            "_Possible",
            "_Track/2 _Counts/0 _CheckName/1 _PrintCounts/0",
        ),
    ];

    #[test]
    fn every_module_exports_tlcs_operators() {
        use tla_syntax::ast::Unit;
        assert_eq!(INTERFACES.len(), STANDARD_MODULES.len());
        for &(name, expected) in INTERFACES {
            let module = parse(name).unwrap_or_else(|e| panic!("{e}"));
            let mut exported = Vec::new();
            for unit in &module.units {
                match unit {
                    Unit::Op(def) if !def.local => {
                        exported.push(format!("{}/{}", def.name.name, def.params.len()))
                    }
                    Unit::Variables(vars) => {
                        exported.extend(vars.iter().map(|v| format!("VARIABLE:{}", v.name)))
                    }
                    _ => {}
                }
            }
            assert_eq!(exported.join(" "), expected, "exports of {name}");
        }
    }

    /// `text` with comments and string literals blanked out.
    fn code_only(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        let mut depth = 0usize;
        while let Some(c) = rest.chars().next() {
            if rest.starts_with("(*") {
                depth += 1;
                rest = &rest[2..];
            } else if depth > 0 && rest.starts_with("*)") {
                depth -= 1;
                rest = &rest[2..];
            } else if depth > 0 {
                rest = &rest[c.len_utf8()..];
            } else if rest.starts_with("\\*") {
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
            } else if c == '"' {
                let end = rest[1..].find('"').map_or(rest.len(), |i| i + 2);
                out.push_str("\"\"");
                rest = &rest[end..];
            } else {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
        out
    }

    /// Only RealTime is about behaviours; every other module must be constant-level, so the
    /// placeholder bodies contain nothing primed and no temporal or action operator.
    #[test]
    fn modules_other_than_realtime_are_constant_level() {
        let forbidden = [
            "'",
            "ENABLED",
            "UNCHANGED",
            "VARIABLE",
            "[]",
            "<>",
            "~>",
            "WF_",
            "SF_",
            "\\EE",
            "\\AA",
            "-+->",
        ];
        for &name in STANDARD_MODULES.iter().filter(|&&n| n != "RealTime") {
            let code = code_only(standard_module(name).unwrap());
            for op in forbidden {
                assert!(!code.contains(op), "{name} uses `{op}`");
            }
        }
    }

    #[test]
    fn unknown_modules_have_no_text() {
        assert_eq!(standard_module("NoSuchModule"), None);
        assert_eq!(standard_module("naturals"), None);
    }
}
