//! Where a parallel search stops, and what it counts there, is where a one-worker search
//! stops: a level of 200 states (more than one chunk per worker) whose successors are found
//! from several chunks, checked at 1, 2 and 4 workers. Figures derived by hand below.

use serde_json::Value as Json;
use std::path::PathBuf;
use std::process::Command;

/// 200 initial states (x = 0..199, y = 0), each with one successor (x % 50, 1), found 4
/// times each from parents 50 apart (so from different chunks of 64); states with y = 1
/// step to themselves. Distinct 200 + 50 = 250; generated 200 + 200 + 50 = 450; depth 2.
const WIDE: &str = "---- MODULE Wide ----
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x \\in 0..199 /\\ y = 0
Step == y = 0 /\\ y' = 1 /\\ x' = x % 50
Stay == y = 1 /\\ UNCHANGED vars
Next == Step \\/ Stay
Spec == Init /\\ [][Next]_vars /\\ WF_vars(Step)
NotSeven == ~(x = 7 /\\ y = 1)
Not50 == ~(x = 50 /\\ y = 0)
Not150 == ~(x = 150 /\\ y = 0)
No120 == [][~(x = 120 /\\ y' = 1)]_vars
Reaches == <>(y = 1)
View == <<x % 100, y>>
====
";

/// Initial states from nested choices, which the workers divide between them (2 workers: one
/// disjunct each; 4: the values of `a`), in TLC's order: (0, 0), (1, 0), (2, 0), then for
/// a = 1..9 (10a, 1), (10a, 2).
const INITS: &str = "---- MODULE Inits ----
EXTENDS Integers
VARIABLES x, y
Init == \\/ x \\in 0..2 /\\ y = 0
        \\/ \\E a \\in 1..9 : x = a * 10 /\\ y \\in {1, 2}
Failing == \\/ x \\in 0..2 /\\ y = 0
           \\/ \\E a \\in 1..9 : x = 100 \\div (a - 6) /\\ y \\in {1, 2}
Next == UNCHANGED <<x, y>>
Not70 == ~(x = 70 /\\ y = 2)
Not80 == ~(x = 80 /\\ y = 2)
NotMinus25 == x # -25
Not100 == x # 100
====
";

/// Assumptions over 1,616 and 101 bindings, which the workers deal out between them: the
/// verdict must be the one-thread check's, the first assumption in order that fails, and in
/// it the first FALSE or error in TLC's enumeration order.
const ASSUMES: &str = "---- MODULE Assumes ----
EXTENDS Integers
CONSTANT Case
Quotient(a) == 100 \\div (a - 30)
ASSUME \\A a \\in 0..100 : \\A b \\in 1..16 : Case = \"late\" => a * b # 1600
ASSUME \\A a \\in 0..100 : Case = \"late\" => a # 3
ASSUME \\A a \\in 0..100 : Case = \"false\" => Quotient(a) # -50
ASSUME \\A a \\in 0..100 : Case = \"error\" => Quotient(a) # 2
ASSUME \\A a \\in 0..100 : Case = \"only error\" => Quotient(a) < 1000
ASSUME \\A a \\in 0..100 : Case = \"first\" => a > 0
VARIABLE x
Init == x = 0
Next == x' = x
====
";

/// A chain of levels of one state, as a trace spec's: each state has 10 successors
/// (x + 1, k), of which the action constraint keeps the one with k = (x + 1) % 10. Two
/// workers examine such a state's successors on two threads (even and odd k). Complete:
/// 1 + 12 * 10 generated, 13 distinct, depth 13.
const CHAIN: &str = "---- MODULE Chain ----
EXTENDS Naturals, TLC
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == x < 12 /\\ \\E k \\in 0..9 : x' = x + 1 /\\ y' = k
Follow == y' = x' % 10 /\\ TLCGet(\"level\") >= 0
Failing == /\\ (x = 5 /\\ y' = 7) => 1 \\div 0 = 0
           /\\ Follow
NotOut == ~(x = 6 /\\ y = 3)
NoFour == [][~(x = 8 /\\ y' = 4)]_<<x, y>>
====
";

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let p = std::env::temp_dir().join(format!("tlacheck-stops-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        std::fs::write(p.join("Wide.tla"), WIDE).unwrap();
        std::fs::write(p.join("Inits.tla"), INITS).unwrap();
        std::fs::write(p.join("Assumes.tla"), ASSUMES).unwrap();
        std::fs::write(p.join("Chain.tla"), CHAIN).unwrap();
        Dir(p)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Checks Wide with `cfg` at 1, 2 and 4 workers; the JSON result, the same at each.
fn check_all(name: &str, cfg: &str, extra: &[&str]) -> Json {
    check_module("Wide", name, cfg, extra)
}

fn check_module(module: &str, name: &str, cfg: &str, extra: &[&str]) -> Json {
    let d = Dir::new(name);
    std::fs::write(d.0.join(format!("{module}.cfg")), cfg).unwrap();
    let mut results = Vec::new();
    for w in ["1", "2", "4"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tlacheck"))
            .current_dir(&d.0)
            .args(["check", &format!("{module}.tla"), "--json", "--workers", w])
            .args(extra)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let last = text.trim().lines().last().unwrap_or("");
        let mut j: Json = serde_json::from_str(last)
            .unwrap_or_else(|e| panic!("{name} at {w}: not JSON ({e}): {text}"));
        j.as_object_mut().unwrap().remove("seconds");
        results.push(j);
    }
    assert_eq!(results[0], results[1], "{name}: 1 and 2 workers");
    assert_eq!(results[0], results[2], "{name}: 1 and 4 workers");
    results.remove(0)
}

fn figures(j: &Json) -> (u64, u64, u64, u64) {
    let n = |k: &str| j[k].as_u64().unwrap_or_else(|| panic!("no {k} in {j}"));
    (
        n("generated"),
        n("distinct"),
        n("left_on_queue"),
        n("depth"),
    )
}

#[test]
fn a_complete_search_counts_the_same() {
    let j = check_all("complete", "INIT Init\nNEXT Next\n", &[]);
    assert_eq!(figures(&j), (450, 250, 0, 2), "{j}");
}

#[test]
fn spilled_levels_count_the_same() {
    let j = check_all("spill", "INIT Init\nNEXT Next\n", &["--memory", "1"]);
    assert_eq!(figures(&j), (450, 250, 0, 2), "{j}");
}

#[test]
fn liveness_sees_the_graph_in_one_worker_order() {
    // With weak fairness of Step every behaviour reaches y = 1.
    let j = check_all("liveness", "SPECIFICATION Spec\nPROPERTY Reaches\n", &[]);
    assert_eq!(figures(&j), (450, 250, 0, 2), "{j}");
}

#[test]
fn an_invariant_stops_at_the_first_new_state_that_breaks_it() {
    // (7, 1) is first generated from x = 7, the 8th state: 200 + 8 generated; new: 200 and
    // (0..7, 1); left: the 192 states after x = 7, and (0..6, 1) queued (not (7, 1)).
    let j = check_all(
        "invariant",
        "INIT Init\nNEXT Next\nINVARIANT NotSeven\n",
        &[],
    );
    assert_eq!(figures(&j), (208, 208, 199, 2), "{j}");
    let trace = j["trace"].as_array().expect("a trace");
    assert_eq!(trace.len(), 2, "{j}");
}

#[test]
fn a_deadlock_stops_at_the_first_state_without_successors() {
    // Without Stay, (0, 1), the first state of level 2, has no successor: the whole of
    // level 1 was expanded (200 + 200 generated, 250 distinct), 49 states are left.
    let j = check_all("deadlock", "INIT Init\nNEXT Step\n", &[]);
    assert_eq!(j["outcome"], "deadlock failure", "{j}");
    assert_eq!(figures(&j), (400, 250, 49, 2), "{j}");
}

#[test]
fn an_action_property_stops_at_its_transition() {
    // The step from x = 120 (the 121st state) breaks No120: 200 + 121 generated; all of
    // (0..49, 1) were found by then; left: the 79 later states and the 50 queued.
    let j = check_all("action", "INIT Init\nNEXT Next\nPROPERTY No120\n", &[]);
    assert_eq!(figures(&j), (321, 250, 129, 2), "{j}");
}

#[test]
fn with_a_view_only_the_first_state_of_a_view_is_checked() {
    // x and x + 100 have the same view: (150, 0) is never new, so Not150 holds; 100 initial
    // views, 50 more: 200 + 100 + 50 generated.
    let cfg = "INIT Init\nNEXT Next\nVIEW View\nINVARIANT Not150\n";
    let j = check_all("view", cfg, &[]);
    assert_eq!(j["outcome"], "success", "{j}");
    assert_eq!(figures(&j), (350, 150, 0, 2), "{j}");
    // (50, 0), the 51st initial state, is new and breaks Not50: 51 generated and new, the
    // 50 before it queued.
    let cfg = "INIT Init\nNEXT Next\nVIEW View\nINVARIANT Not50\n";
    let j = check_all("view-bad", cfg, &[]);
    assert_eq!(figures(&j), (51, 51, 50, 1), "{j}");
}

#[test]
fn divided_initial_states_are_examined_in_one_enumerations_order() {
    let j = check_module("Inits", "inits", "INIT Init\nNEXT Next\n", &[]);
    assert_eq!(figures(&j), (42, 21, 0, 1), "{j}");
    // (80, 2), the 19th initial state, breaks Not80: 19 generated and new, 18 queued (the
    // 4 workers' shares one after the other would put it 21st).
    let cfg = "INIT Init\nNEXT Next\nINVARIANT Not80\n";
    let j = check_module("Inits", "inits-bad", cfg, &[]);
    assert_eq!(figures(&j), (19, 19, 18, 1), "{j}");
    let trace = j["trace"].as_array().expect("a trace");
    assert_eq!(trace.len(), 1, "{j}");
}

#[test]
fn an_error_in_a_divided_init_comes_after_the_states_before_it() {
    // a = 6 divides by zero, after the 3 + 10 states of a = 1..5 (x = -20, -25, -34, -50,
    // -100): (-25, 1) breaks NotMinus25 before that; (100, 1) of a = 7, after it, is never
    // examined.
    let cfg = "INIT Failing\nNEXT Next\nINVARIANT NotMinus25\n";
    let j = check_module("Inits", "init-error-late", cfg, &[]);
    assert_eq!(figures(&j).0, 6, "{j}");
    assert!(j["trace"].as_array().is_some(), "{j}");
    for inv in ["Not70", "Not100"] {
        let cfg = format!("INIT Failing\nNEXT Next\nINVARIANT {inv}\n");
        let j = check_module("Inits", "init-error", &cfg, &[]);
        assert_eq!(j["outcome"], "error", "{j}");
    }
}

/// The exit code and error lines of checking Assumes with `case` at 1, 2 and 4 workers, the
/// same at each.
fn assumption_verdict(case: &str) -> (i32, String) {
    let d = Dir::new(&format!("assume-{case}"));
    let cfg = format!("CONSTANT Case = \"{case}\"\nINIT Init\nNEXT Next\n");
    std::fs::write(d.0.join("Assumes.cfg"), cfg).unwrap();
    let mut verdicts = Vec::new();
    for w in ["1", "2", "4"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tlacheck"))
            .current_dir(&d.0)
            .args(["check", "Assumes.tla", "--workers", w])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("Error")).collect();
        verdicts.push((out.status.code().unwrap_or(-1), errors.join("\n")));
    }
    assert_eq!(verdicts[0], verdicts[1], "{case}: 1 and 2 workers");
    assert_eq!(verdicts[0], verdicts[2], "{case}: 1 and 4 workers");
    verdicts.remove(0)
}

#[test]
fn dealt_out_assumptions_fail_where_one_thread_fails() {
    assert_eq!(assumption_verdict("none"), (0, String::new()));
    // The first assumption is FALSE at its last binding (a = 100, b = 16), the second at
    // a = 3: the first is reported.
    let (code, errors) = assumption_verdict("late");
    assert_eq!(code, 10, "{errors}");
    assert!(errors.contains("Assumption line 5,"), "{errors}");
    // 100 \div -2 = -50 at a = 28, before the division by zero at a = 30.
    let (code, errors) = assumption_verdict("false");
    assert_eq!(code, 10, "{errors}");
    assert!(errors.contains("Assumption line 7,"), "{errors}");
    // The division by zero at a = 30 comes before 100 \div 50 = 2 at a = 80. An error in an
    // ASSUME ends TLC's run as a failed assumption, exit 10 ("Evaluating assumption ...
    // failed.", TLC 2026.11.29 on this module).
    let (code, errors) = assumption_verdict("error");
    assert_eq!(code, 10, "{errors}");
    assert!(errors.contains("Evaluating assumption line 8,"), "{errors}");
    let (code, errors) = assumption_verdict("only error");
    assert_eq!(code, 10, "{errors}");
    // The first binding, a = 0.
    let (code, errors) = assumption_verdict("first");
    assert_eq!(code, 10, "{errors}");
    assert!(errors.contains("Assumption line 10,"), "{errors}");
}

#[test]
fn a_single_states_successors_examined_on_two_threads_stop_in_order() {
    let cfg = |rest: &str| format!("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n{rest}");
    let j = check_module("Chain", "chain", &cfg("ACTION_CONSTRAINT Follow\n"), &[]);
    assert_eq!(figures(&j), (121, 13, 0, 13), "{j}");
    // (6, 3), the 4th successor of (5, 5) and an odd one, is outside the constraint and
    // breaks NotOut: 1 + 5 * 10 + 4 generated, before the error of the 8th successor.
    let rest = "ACTION_CONSTRAINT Failing\nINVARIANT NotOut\n";
    let j = check_module("Chain", "chain-invariant", &cfg(rest), &[]);
    assert_eq!(j["violated"], "NotOut", "{j}");
    assert_eq!(figures(&j).0, 55, "{j}");
    // Without the invariant, the 8th successor of (5, 5) divides by zero.
    let j = check_module(
        "Chain",
        "chain-error",
        &cfg("ACTION_CONSTRAINT Failing\n"),
        &[],
    );
    assert_eq!(j["outcome"], "error", "{j}");
    // The 5th successor of (8, 8), an even one, breaks NoFour.
    let rest = "ACTION_CONSTRAINT Follow\nPROPERTY NoFour\n";
    let j = check_module("Chain", "chain-action", &cfg(rest), &[]);
    assert_eq!(j["violated"], "NoFour", "{j}");
    assert_eq!(figures(&j).0, 1 + 8 * 10 + 5, "{j}");
}
