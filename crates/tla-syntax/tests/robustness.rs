//! Bad input of every kind gives an error or a parse in bounded time, never a panic, and deep
//! nesting is safe on the default 2 MB stack of a test thread.

mod common;
use common::{module_src, Rng};
use std::time::{Duration, Instant};
use tla_syntax::{parse_module, SourceFile};

/// A module that uses most of the language, in ASCII and Unicode.
const SAMPLE: &str = r#"text before (* the module
--------------------------- MODULE Sample ---------------------------
EXTENDS Naturals, Sequences, FiniteSets, TLC
CONSTANTS N, Procs, F(_), _ ** _
VARIABLES x, y, pc, msgs
vars == <<x, y, pc, msgs>>
RECURSIVE Sum(_)
Sum(s) == IF s = <<>> THEN 0 ELSE Head(s) + Sum(Tail(s))
f[i \in 1..N] == IF i = 1 THEN 1 ELSE i * f[i - 1]
a (+) b == a + b
-. a == 0 - a
TypeOK == /\ x \in 0..N
          /\ y \in [Procs -> SUBSET (1..N)]
          /\ pc \in [Procs -> {"a", "b\"c", "d\\e"}]
          /\ msgs \subseteq [from : Procs, val : Nat]
Init == ∧ x = 0
        ∧ y = [p ∈ Procs ↦ {}]
        ∧ pc = [p \in Procs |-> "a"]
        ∧ msgs = {}
Step(p) ==
  \/ /\ pc[p] = "a"
     /\ \E v \in 1..N :
          /\ x' = CASE v > 1 -> v [] v = 1 -> 0 [] OTHER -> x
          /\ y' = [y EXCEPT ![p] = @ \cup {v}, ![CHOOSE q \in Procs : TRUE] = {}]
     /\ UNCHANGED <<pc, msgs>>
  \/ /\ pc[p] = "b"
     /\ LET m == [from |-> p, val |-> x]
            g(z) == z + \b101 + \o17 + \hFF
        IN msgs' = msgs \cup {m}
     /\ UNCHANGED <<x, y, pc>>
Next == \E p \in Procs : Step(p)
Spec == Init /\ [][Next]_vars /\ \A p \in Procs : WF_vars(Step(p)) /\ SF_<<x, y>>(Next)
Live == <>[](x = N) ~> <><<Next>>_vars
Inv == \A p, q \in Procs : p # q => y[p] \cap y[q] = {} \/ Cardinality(y[p]) >= 0
Sets == {v * 2 : v \in 1..N} \X {<<a, b>> \in Nat \X Nat : a < b}
Rec == [r \in [a : Nat] |-> r.a]'
Lab == lab :: x > 1.5
I == INSTANCE Naturals
---------------------------------------------------------------------
---- MODULE Inner ----
Z == 1
====
THEOREM T == ASSUME NEW c \in Nat PROVE c >= 0
<1>1. c \in Nat OBVIOUS
<1> QED BY <1>1 DEF Nat
=============================================================================
trailing text (* never closed
"#;

#[test]
fn the_sample_module_parses() {
    let m = parse_module(SAMPLE).unwrap_or_else(|d| {
        panic!("{}", d.render(&SourceFile::new("Sample.tla", SAMPLE)));
    });
    assert_eq!(m.name.name, "Sample");
}

/// Parses on a thread with the default 2 MB stack of test threads and returns the outcome
/// (as a string: the tree itself is dropped on that thread too) and the time taken.
fn parse_on_small_stack(src: String) -> (Result<(), String>, Duration) {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let start = Instant::now();
            let r = parse_module(&src).map(|_| ()).map_err(|d| d.message);
            (r, start.elapsed())
        })
        .unwrap()
        .join()
        .expect("the parser thread must not panic or overflow")
}

#[test]
fn every_prefix_of_a_real_module_parses_or_fails_cleanly() {
    let mut cuts = 0;
    for (i, _) in SAMPLE.char_indices() {
        let _ = parse_module(&SAMPLE[..i]);
        cuts += 1;
    }
    assert!(cuts > 1500);
}

#[test]
fn every_prefix_of_corpus_modules_parses_or_fails_cleanly() {
    let Some(files) = corpus_files() else {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    };
    // Three medium-sized modules: every prefix of each.
    let mut files: Vec<_> = files
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok())
        .filter(|t| (2_000..6_000).contains(&t.len()))
        .collect();
    files.sort_by_key(|t| t.len());
    for text in files.iter().step_by(files.len().max(3) / 3).take(3) {
        for (i, _) in text.char_indices() {
            let _ = parse_module(&text[..i]);
        }
    }
}

fn corpus_files() -> Option<Vec<std::path::PathBuf>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let root = if root.is_dir() {
        root
    } else {
        std::path::PathBuf::from("/work/shared/corpus")
    };
    if !root.is_dir() {
        return None;
    }
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).ok()?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "tla") {
                out.push(path);
            }
        }
    }
    Some(out)
}

#[test]
fn every_corpus_module_parses() {
    let Some(files) = corpus_files() else {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    };
    let mut failures = Vec::new();
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        if let Err(d) = parse_module(&text) {
            failures.push(d.render(&SourceFile::new(path.display().to_string(), text)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn unbalanced_brackets_are_errors_with_a_place() {
    for body in [
        "E == (1 + 2",
        "E == 1 + 2)",
        "E == {1, 2",
        "E == [a |-> 1",
        "E == <<1, 2",
        "E == f[1",
        "E == [x \\in S |-> x",
        "E == (((((1))))",
        "E == ]",
        "E == >>",
        "E == (* open comment",
        "E == \"open string",
    ] {
        let src = module_src(body);
        let d = parse_module(&src).expect_err(body);
        assert!(!d.message.is_empty());
        assert!(d.span.start as usize <= src.len(), "{body}: {d:?}");
    }
}

#[test]
fn stray_unicode_and_control_characters_are_errors() {
    for body in [
        "E == 1 ⊰ 2",
        "E == a\u{0}b",
        "E == a\u{7f}",
        "E == \u{feff}1",
        "E == 'x",
        "E == €",
        "E == \u{301}",
    ] {
        let src = module_src(body);
        let d = parse_module(&src).expect_err(body);
        let (line, col) = SourceFile::new("T", src.clone()).line_col(d.span.start);
        assert_eq!(line, 2, "{body}: {d:?}");
        assert!(col >= 5, "{body}: {d:?}");
    }
}

#[test]
fn random_binary_data_never_panics() {
    let mut rng = Rng(0x5eed);
    for round in 0..2_000 {
        let len = rng.below(400);
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if round % 2 == 0 {
            // Give half of them a module header so the parser gets past the lexer's search.
            let mut with = b"---- MODULE M ----\n".to_vec();
            with.append(&mut bytes);
            bytes = with;
        }
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_module(&text);
    }
}

#[test]
fn mutated_sample_never_panics() {
    let mut rng = Rng(42);
    let pieces = [
        "(", ")", "[", "]", "{", "}", "<<", ">>", "/\\", "\\/", "\n", "  ", "==", "'", "-", "IF",
        "THEN", "CASE", "[]", "LET", "IN", "\\A", ":", ",", "!", "WF_", "]_", ">>_", "::", "<1>",
        "QED", "====", "----", "(*", "*)", "\"", "∧", "\t",
    ];
    for _ in 0..3_000 {
        let mut text = SAMPLE.to_string();
        for _ in 0..1 + rng.below(4) {
            let mut at = rng.below(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match rng.below(3) {
                0 => text.insert_str(at, pieces[rng.below(pieces.len())]),
                1 => {
                    let mut end = (at + 1 + rng.below(8)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, "");
                }
                _ => {
                    let mut end = (at + rng.below(40)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    let chunk = text[at..end].to_string();
                    let mut to = rng.below(text.len());
                    while !text.is_char_boundary(to) {
                        to -= 1;
                    }
                    text.insert_str(to, &chunk);
                }
            }
        }
        let _ = parse_module(&text);
    }
}

#[test]
fn a_ten_megabyte_module_parses_in_bounded_time() {
    let mut src = String::from("---- MODULE Big ----\nEXTENDS Naturals\nVARIABLE x\n");
    let mut i = 0;
    while src.len() < 10 * 1024 * 1024 {
        src.push_str(&format!(
            "D{i}(a, b) ==\n  /\\ a \\in 1..{i} \\/ b = [k \\in {{1, 2}} |-> k * {i}]\n  /\\ x' = IF a THEN <<b, {i}>> ELSE \"s{i}\"\n"
        ));
        i += 1;
    }
    src.push_str("====\n");
    let (r, took) = parse_on_small_stack(src);
    assert!(r.is_ok(), "{r:?}");
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn a_ten_megabyte_expression_is_an_error_or_a_parse_in_bounded_time() {
    // One long infix chain, one long postfix chain, one long prefix chain: each builds a tree
    // as deep as it is long, so the parser refuses them past its depth limit.
    for (head, unit, tail) in [
        ("E == 1", " + 1", ""),
        ("E == x", "'", ""),
        ("E == ", "~", "x"),
        ("E == f", "[1]", ""),
        ("E == r", ".a", ""),
        ("E == ", "-", "x"),
    ] {
        let mut src = String::from("---- MODULE Big ----\n");
        src.push_str(head);
        while src.len() < 10 * 1024 * 1024 {
            src.push_str(unit);
        }
        src.push_str(tail);
        src.push_str("\n====\n");
        let (r, took) = parse_on_small_stack(src);
        assert!(r.is_err(), "{unit}");
        assert!(took < Duration::from_secs(20), "{unit}: {took:?}");
    }
    // A flat one of the same size is fine: a 10 MB set enumeration.
    let mut src = String::from("---- MODULE Big ----\nE == {1");
    while src.len() < 10 * 1024 * 1024 {
        src.push_str(", 1");
    }
    src.push_str("}\n====\n");
    let (r, took) = parse_on_small_stack(src);
    assert!(r.is_ok(), "{r:?}");
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// `n` levels of `open` ... `close` around `1`.
fn nested(n: usize, open: &str, close: &str) -> String {
    format!("{}1{}", open.repeat(n), close.repeat(n))
}

#[test]
fn expressions_nested_a_thousand_deep_parse_on_a_small_stack() {
    let cases = [
        nested(1000, "(", ")"),
        nested(1000, "{", "}"),
        nested(1000, "<<", ">>"),
        nested(1000, "[a |-> ", "]"),
        nested(1000, "f[", "]"),
        nested(1000, "IF TRUE THEN ", " ELSE 0"),
        nested(1000, "\\A x : ", ""),
        nested(1000, "LET a == 1 IN ", ""),
        nested(1000, "CASE TRUE -> ", ""),
        nested(1000, "~", ""),
        nested(1000, "- ", ""),
        nested(1000, "1 + (", ")"),
        nested(1000, "SUBSET ", ""),
        format!("1{}", "'".repeat(1000)),
        format!("{}1", "[]".repeat(1000)),
    ];
    for expr in cases {
        let (r, took) = parse_on_small_stack(module_src(&format!("E == {expr}")));
        assert!(r.is_ok(), "{}...: {r:?}", &expr[..40.min(expr.len())]);
        assert!(took < Duration::from_secs(5));
    }
    // Junction lists nested 1000 deep: each bullet one column right of the previous one.
    let mut body = String::from("E ==\n");
    for k in 0..1000 {
        body.push_str(&" ".repeat(k + 1));
        body.push_str("/\\ \n");
    }
    body.push_str(&" ".repeat(1002));
    body.push_str("TRUE");
    let (r, _) = parse_on_small_stack(module_src(&body));
    assert!(r.is_ok(), "{r:?}");
}

#[test]
fn nesting_just_under_the_limit_parses_and_drops_on_a_small_stack() {
    // The parser's limit is 5,000 levels; the deepest trees it builds must also be dropped
    // (recursively, by the compiler's drop glue) on a 2 MB stack.
    for expr in [
        nested(4_990, "(", ")"),
        nested(4_990, "~", ""),
        nested(4_990, "IF TRUE THEN ", " ELSE 0"),
        nested(4_990, "\\A x : ", ""),
        format!("x{}", "'".repeat(4_990)),
        format!("1{}", " + 1".repeat(4_990)),
        nested(2_495, "[a |-> <<", ">>]"),
    ] {
        let (r, _) = parse_on_small_stack(module_src(&format!("E == {expr}")));
        assert!(r.is_ok(), "{}: {r:?}", &expr[..20]);
    }
}

#[test]
fn nesting_beyond_the_limit_is_an_error_not_a_crash() {
    for (open, close) in [
        ("(", ")"),
        ("{", "}"),
        ("IF TRUE THEN ", " ELSE 0"),
        ("~", ""),
        ("[[", "]_v]_v"),
    ] {
        let expr = nested(100_000, open, close);
        let (r, took) = parse_on_small_stack(module_src(&format!("E == {expr}")));
        let msg = r.expect_err(open);
        assert!(
            msg.contains("nested") || msg.contains("deep"),
            "{open}: {msg}"
        );
        assert!(took < Duration::from_secs(10));
    }
    let mut body = String::from("E ==\n");
    for k in 0..20_000 {
        body.push_str(&" ".repeat(k + 1));
        body.push_str("/\\ \n");
    }
    body.push_str("TRUE");
    let (r, _) = parse_on_small_stack(module_src(&body));
    assert!(r.is_err());
    // Nested modules, nested ASSUME/PROVE and nested proofs are bounded too.
    let deep_modules = format!(
        "{}X == 1\n{}",
        "---- MODULE A ----\n".repeat(50_000),
        "====\n".repeat(50_000)
    );
    let (r, _) = parse_on_small_stack(format!("---- MODULE T ----\n{deep_modules}====\n"));
    assert!(r.is_err());
    let assume = format!(
        "THEOREM {}TRUE{}",
        "ASSUME ".repeat(50_000),
        " PROVE TRUE".repeat(50_000)
    );
    let (r, _) = parse_on_small_stack(module_src(&assume));
    assert!(r.is_err());
    let mut proof = String::from("THEOREM TRUE\n");
    for level in 1..=50_000 {
        proof.push_str(&format!("<{level}>1. TRUE\n"));
    }
    let (r, _) = parse_on_small_stack(module_src(&proof));
    assert!(r.is_err());
}

#[test]
fn errors_point_at_the_offending_token() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("E == 1 +", (3, 1), "expected an expression"),
        ("E == a = b = c", (2, 12), "precedence conflict"),
        ("E == /\\ a\n     /\\ (b\n  )", (4, 3), "`)`"),
        ("E == [x \\in S |-> ]", (2, 19), "expected an expression"),
        ("E == {1, 2\nF == 3", (3, 1), "`}`"),
        ("E == IF a THEN b", (3, 1), "`ELSE`"),
        ("E == x \\foo y", (2, 8), "unknown operator"),
        ("E == \"abc", (2, 6), "never closed"),
        ("E == 1\n(* x", (3, 1), "never closed"),
        ("E == ∧ a\n  ∧ b ⊰ c", (3, 7), "unexpected character"),
    ];
    for (body, want, msg) in cases {
        let src = module_src(body);
        let d = parse_module(&src).expect_err(body);
        let got = SourceFile::new("T.tla", src.clone()).line_col(d.span.start);
        assert_eq!(got, *want, "{body}: {}", d.message);
        assert!(d.message.contains(msg), "{body}: {}", d.message);
        let rendered = d.render(&SourceFile::new("T.tla", src));
        assert!(
            rendered.starts_with(&format!("T.tla:{}:{}: ", want.0, want.1)),
            "{rendered}"
        );
    }
}
