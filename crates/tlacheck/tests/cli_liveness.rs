//! `tlacheck check` on temporal properties: each temporal operator, WF against SF, quantified
//! fairness and refinement, on small models where the property holds and where it fails.
//! Each outcome was derived by hand from the models (the reasoning is next to each test);
//! where only one behaviour violates the property, the lasso's shape is checked too.

use assert_cmd::Command;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary folder holding one model, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new() -> Dir {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let p = std::env::temp_dir().join(format!("tlacheck-liveness-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Dir(p)
    }

    fn file(&self, name: &str, text: &str) -> &Self {
        std::fs::write(self.0.join(name), text).unwrap();
        self
    }

    /// Checks `module` under `cfg` (the .cfg's text).
    fn check(&self, module: &str, cfg: &str) -> Run {
        self.check_with(module, cfg, &[])
    }

    fn check_with(&self, module: &str, cfg: &str, extra: &[&str]) -> Run {
        self.file("M.cfg", cfg);
        let out = Command::cargo_bin("tlacheck")
            .unwrap()
            .current_dir(&self.0)
            .args(["check", &format!("{module}.tla"), "-config", "M.cfg"])
            .args(extra)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let run = Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        assert!(
            run.code.is_some() && run.code != Some(101) && !run.stderr.contains("panicked"),
            "tlacheck panicked or was killed:\n{run:?}"
        );
        run
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn holds(&self) {
        assert_eq!(self.code, Some(0), "expected success:\n{self:?}");
        assert!(self
            .stdout
            .contains("Model checking completed. No error has been found."));
        assert!(!self.stdout.contains("Error: Temporal propert"));
    }

    fn violated(&self) {
        assert_eq!(
            self.code,
            Some(13),
            "expected a liveness violation:\n{self:?}"
        );
        // Current TLC names the property: `Error: Temporal property P was violated.`
        assert!(
            self.stdout
                .lines()
                .any(|l| l.starts_with("Error: Temporal propert") && l.ends_with(" violated.")),
            "{self:?}"
        );
        assert!(self
            .stdout
            .contains("Error: The following behavior constitutes a counter-example:"));
    }

    /// The counterexample ends by stuttering in its last state.
    fn stutters(&self) {
        self.violated();
        assert!(self.stdout.contains(": Stuttering"), "{self:?}");
        assert!(!self.stdout.contains("Back to state"), "{self:?}");
    }

    /// The counterexample ends by a step back to an earlier state.
    fn loops(&self) {
        self.violated();
        assert!(self.stdout.contains("Back to state "), "{self:?}");
        assert!(!self.stdout.contains("Stuttering"), "{self:?}");
    }

    fn states(&self) -> usize {
        self.stdout.matches("\nState ").count() + usize::from(self.stdout.starts_with("State "))
    }
}

/// x counts 0, 1, 2, 0, ... With WF_x(Next) the only behaviour is that cycle forever; without
/// fairness it may also stop (stutter) in any state.
const COUNTER_TLA: &str = r#"---- MODULE Counter ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Fair == Init /\ [][Next]_x /\ WF_x(Next)
Unfair == Init /\ [][Next]_x
InfOften2 == []<>(x = 2)
InfOften5 == []<>(x = 5)
Reaches2 == <>(x = 2)
Reaches5 == <>(x = 5)
StaysZero == <>[](x = 0)
StaysSmall == <>[](x < 3)
ZeroLeadsTo2 == (x = 0) ~> (x = 2)
ZeroLeadsTo5 == (x = 0) ~> (x = 5)
Wraps == <><<x = 2 /\ x' = 0>>_x
Jumps == <><<x' = x + 2>>_x
Steps == []<><<Next>>_x
Increasing == [][x' > x]_x
Moves == [][x' # x]_x
SomeValueOften == \E v \in {0, 1, 2} : []<>(x = v)
EveryValueOften == \A v \in {0, 1, 2} : []<>(x = v)
ZeroOftenAndForever == []<>(x = 0) /\ <>[](x = 0)
Quiet == [](x = 1 => [](x = 1))
FromStart == IF x = 0 THEN <>(x = 2) ELSE <>(x = 5)
FromStartWrong == IF x = 0 THEN <>(x = 5) ELSE <>(x = 2)
====
"#;

fn counter(spec: &str, prop: &str) -> Run {
    let d = Dir::new();
    d.file("Counter.tla", COUNTER_TLA);
    d.check(
        "Counter",
        &format!("SPECIFICATION {spec}\nPROPERTY {prop}\n"),
    )
}

/// The one fair behaviour, 0 -> 1 -> 2 -> 0 ..., printed as three states and a step back to
/// the first.
fn assert_fair_cycle(r: &Run) {
    r.loops();
    assert!(
        r.stdout.contains("State 1: <Initial predicate>\nx = 0\n"),
        "{r:?}"
    );
    assert!(r.stdout.contains("State 2: <Next line "), "{r:?}");
    assert!(r.stdout.contains("x = 1\n"));
    assert!(r.stdout.contains("State 3: <Next line "));
    assert!(r.stdout.contains("x = 2\n"));
    assert!(r.stdout.contains("Back to state 1: <Next line "), "{r:?}");
    assert_eq!(r.states(), 3, "{r:?}");
}

#[test]
fn always_eventually() {
    let r = counter("Fair", "InfOften2");
    r.holds();
    // 1 initial state + one successor from each of the 3 states; TLC's liveness messages.
    assert!(r
        .stdout
        .contains("4 states generated, 3 distinct states found, 0 states left on queue."));
    assert!(r
        .stdout
        .contains("Implied-temporal checking--satisfiability problem has 1 branches."));
    assert!(r.stdout.contains(
        "Checking temporal properties for the complete state space with 3 total distinct states at ("
    ));
    assert!(r
        .stdout
        .contains("Finished checking temporal properties in "));
    assert_fair_cycle(&counter("Fair", "InfOften5"));
    counter("Unfair", "InfOften2").stutters();
}

#[test]
fn eventually() {
    counter("Fair", "Reaches2").holds();
    assert_fair_cycle(&counter("Fair", "Reaches5"));
    counter("Unfair", "Reaches2").stutters();
}

#[test]
fn eventually_always() {
    counter("Fair", "StaysSmall").holds();
    assert_fair_cycle(&counter("Fair", "StaysZero"));
    // Stopping in 1 or cycling violates it (several counterexamples: the shape is not fixed).
    counter("Unfair", "StaysZero").violated();
}

#[test]
fn leads_to() {
    counter("Fair", "ZeroLeadsTo2").holds();
    counter("Fair", "ZeroLeadsTo5").loops();
    counter("Unfair", "ZeroLeadsTo2").stutters();
}

#[test]
fn eventually_a_step() {
    counter("Fair", "Wraps").holds();
    counter("Unfair", "Wraps").stutters();
    // No step ever adds 2: the one fair behaviour is the counterexample.
    assert_fair_cycle(&counter("Fair", "Jumps"));
}

#[test]
fn infinitely_many_steps() {
    counter("Fair", "Steps").holds();
    // Stuttering forever in the initial state takes no Next step at all.
    let r = counter("Unfair", "Steps");
    r.stutters();
}

#[test]
fn always_an_action() {
    counter("Fair", "Moves").holds();
    // The step 2 -> 0 decreases x: a violation of an action property (a safety check).
    let r = counter("Fair", "Increasing");
    assert_eq!(r.code, Some(13), "{r:?}");
    assert!(
        r.stdout.contains("Action property Increasing is violated"),
        "{r:?}"
    );
}

#[test]
fn quantifiers_and_conjunctions() {
    counter("Fair", "SomeValueOften").holds();
    counter("Fair", "EveryValueOften").holds();
    counter("Unfair", "EveryValueOften").stutters();
    // []<>(x = 0) holds on the cycle, <>[](x = 0) does not.
    let r = counter("Fair", "ZeroOftenAndForever");
    r.loops();
    assert!(r.stdout.contains("Back to state 1: <Next line "), "{r:?}");
}

#[test]
fn if_on_the_first_state() {
    // x = 0 initially: the THEN formula is the property.
    counter("Fair", "FromStart").holds();
    // The one fair behaviour violates <>(x = 5); where the printed loop starts depends on
    // the tableau, so only the shape (a loop, not stuttering) is fixed.
    counter("Fair", "FromStartWrong").loops();
}

#[test]
fn nested_always() {
    // Once x = 1 the fair counter moves on to 2; without fairness it may stay at 1 forever,
    // which satisfies the property, while moving on violates it: with or without fairness
    // the cycle through 1 is a counterexample.
    counter("Fair", "Quiet").loops();
    // Without fairness the prefix 0, 1, 2 already violates it whatever follows: TLC reports
    // it as found during the search, with exit 12 (TLC 2026.11.29; its trace goes on to the
    // next state, 0, ours stops at 2).
    let r = counter("Unfair", "Quiet");
    assert_eq!(r.code, Some(12), "{r:?}");
    assert!(
        r.stdout
            .contains("Error: Temporal property Quiet was violated."),
        "{r:?}"
    );
    assert!(!r.stdout.contains("Back to state"), "{r:?}");
}

/// A toggles y; B sets x once, and only when y = 0. Under WF_vars(B) the behaviour toggling
/// y forever never takes B (B is disabled whenever y = 1); SF_vars(B) forbids that.
const WEAK_STRONG_TLA: &str = r#"---- MODULE WeakStrong ----
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
Toggle == y' = 1 - y /\ x' = x
B == y = 0 /\ x = 0 /\ x' = 1 /\ y' = y
Next == Toggle \/ B
WeakSpec == Init /\ [][Next]_vars /\ WF_vars(Toggle) /\ WF_vars(B)
StrongSpec == Init /\ [][Next]_vars /\ WF_vars(Toggle) /\ SF_vars(B)
Prop == <>(x = 1)
====
"#;

#[test]
fn weak_against_strong_fairness() {
    let d = Dir::new();
    d.file("WeakStrong.tla", WEAK_STRONG_TLA);
    d.check("WeakStrong", "SPECIFICATION StrongSpec\nPROPERTY Prop\n")
        .holds();
    let r = d.check("WeakStrong", "SPECIFICATION WeakSpec\nPROPERTY Prop\n");
    r.loops();
    // (0, 0) -Toggle-> (0, 1) -Toggle-> back to (0, 0).
    assert!(
        r.stdout
            .contains("State 1: <Initial predicate>\n/\\ x = 0\n/\\ y = 0\n"),
        "{r:?}"
    );
    assert!(r.stdout.contains("State 2: <Toggle line "), "{r:?}");
    assert!(r.stdout.contains("/\\ x = 0\n/\\ y = 1\n"), "{r:?}");
    assert!(r.stdout.contains("Back to state 1: <Toggle line "), "{r:?}");
    assert_eq!(r.states(), 2, "{r:?}");
}

/// Two processes each take one step. Fair for both, both finish; fair for process 1 only,
/// process 2 may never move.
const PROCS_TLA: &str = r#"---- MODULE Procs ----
VARIABLE pc
Procs == {1, 2}
Init == pc = [p \in Procs |-> "a"]
Step(p) == pc[p] = "a" /\ pc' = [pc EXCEPT ![p] = "b"]
Next == \E p \in Procs : Step(p)
AllFair == Init /\ [][Next]_pc /\ \A p \in Procs : WF_pc(Step(p))
OneFair == Init /\ [][Next]_pc /\ WF_pc(Step(1))
FairFor(p) == SF_pc(Step(p))
AllFairByOperator == Init /\ [][Next]_pc /\ \A p \in Procs : FairFor(p)
OneFairByOperator == Init /\ [][Next]_pc /\ FairFor(1)
AllDone == \A p \in Procs : <>(pc[p] = "b")
====
"#;

#[test]
fn quantified_fairness() {
    let d = Dir::new();
    d.file("Procs.tla", PROCS_TLA);
    let cfg = |s: &str| format!("SPECIFICATION {s}\nPROPERTY AllDone\nCHECK_DEADLOCK FALSE\n");
    d.check("Procs", &cfg("AllFair")).holds();
    // The same through an operator taking the process, with SF (Step(p) stays enabled until
    // taken, so SF and WF agree here).
    d.check("Procs", &cfg("AllFairByOperator")).holds();
    d.check("Procs", &cfg("OneFairByOperator")).stutters();
    let r = d.check("Procs", &cfg("OneFair"));
    // Process 1 must move; then the state stutters with process 2 still at "a".
    r.stutters();
    assert!(
        r.stdout
            .contains("State 1: <Initial predicate>\npc = <<\"a\", \"a\">>\n"),
        "{r:?}"
    );
    // TLC 2026.11 names the step with its parameter: `<Step(1) line 5, col 12 to ...>`.
    assert!(
        r.stdout.contains("State 2: <Step(1) line 5, col 12 "),
        "{r:?}"
    );
    assert!(r.stdout.contains("pc = <<\"b\", \"a\">>\n"), "{r:?}");
    assert!(r.stdout.contains("State 3: Stuttering"), "{r:?}");
}

const ABS_TLA: &str = r#"---- MODULE Abs ----
EXTENDS Naturals
VARIABLE y
AInit == y = 0
ANext == y' = 1 - y
ASpec == AInit /\ [][ANext]_y /\ WF_y(ANext)
====
"#;

/// x counts modulo 4; its parity implements Abs's y.
const IMPL_TLA: &str = r#"---- MODULE Impl ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Spec == Init /\ [][Next]_x /\ WF_x(Next)
SlowSpec == Init /\ [][Next]_x
A == INSTANCE Abs WITH y <- x % 2
B == INSTANCE Abs WITH y <- (x + 1) % 2
C == INSTANCE Abs WITH y <- IF x = 3 THEN 5 ELSE x % 2
Refines == A!ASpec
WrongInit == B!ASpec
WrongStep == C!ASpec
====
"#;

#[test]
fn refinement() {
    let d = Dir::new();
    d.file("Abs.tla", ABS_TLA).file("Impl.tla", IMPL_TLA);
    let cfg = |s: &str, p: &str| format!("SPECIFICATION {s}\nPROPERTY {p}\n");
    d.check("Impl", &cfg("Spec", "Refines")).holds();
    // Without fairness the implementation may stop at x = 0, where ANext is enabled:
    // WF_y(ANext) of the abstract spec is violated.
    let r = d.check("Impl", &cfg("SlowSpec", "Refines"));
    r.stutters();
    assert!(
        r.stdout
            .contains("State 1: <Initial predicate>\nx = 0\n\nState 2: Stuttering"),
        "{r:?}"
    );
    // y = (0 + 1) % 2 = 1 initially, but AInit says 0.
    let r = d.check("Impl", &cfg("Spec", "WrongInit"));
    assert_eq!(r.code, Some(13), "{r:?}");
    // TLC names the conjunct by the definition it applies (checked with TLC 2026.11.29).
    assert!(
        r.stdout
            .contains("Error: Property AInit is violated by the initial state:"),
        "{r:?}"
    );
    // The step 2 -> 3 takes y from 0 to 5: not an ANext step, not a stuttering step.
    let r = d.check("Impl", &cfg("Spec", "WrongStep"));
    assert_eq!(r.code, Some(13), "{r:?}");
    assert!(
        // TLC names a split conjunct by its location (checked with TLC 2026.11.29).
        r.stdout
            .contains("Action property line 6, col 19 to line 6, col 29 of module Abs is violated"),
        "{r:?}"
    );
}

#[test]
fn temporal_formulas_that_cannot_be_checked_are_reported_with_their_position() {
    let d = Dir::new();
    d.file(
        "Bad.tla",
        r#"---- MODULE Bad ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = 1 - x
Spec == Init /\ [][Next]_x /\ WF_x(Next)
OverState == \A v \in {x} : <>(x = v)
====
"#,
    );
    let r = d.check("Bad", "SPECIFICATION Spec\nPROPERTY OverState\n");
    assert_ne!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("TLC cannot handle the temporal formula"),
        "{r:?}"
    );
    assert!(r.stdout.contains("Line 7, column 14"), "{r:?}");
}

#[test]
fn json_names_the_property_and_the_lasso() {
    let d = Dir::new();
    d.file("Counter.tla", COUNTER_TLA);
    let cfg = "SPECIFICATION Fair\nPROPERTY InfOften2 InfOften5\n";
    let r = d.check_with("Counter", cfg, &["--json"]);
    assert_eq!(r.code, Some(13), "{r:?}");
    let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one JSON object");
    assert_eq!(j["outcome"], "liveness failure");
    assert_eq!(j["violated"], "InfOften5");
    assert_eq!(j["trace_len"], 3);
    assert_eq!(j["lasso"]["back_to_state"], 1);
    assert_eq!(j["distinct"], 3);
}

/// With VIEW y, the state (2, 1) reached from (1, 2) is the node of (1, 1), found first. The
/// counterexample to <>[](y # 2) goes (0, 0) -> (1, 2) -> (2, 1) -> ...: printed as the
/// spec's real steps, x grows by one in each state.
const VIEW_TLA: &str = r#"---- MODULE Viewed ----
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
Next == \/ y = 0 /\ y' = 1 /\ x' = x + 1
        \/ y = 0 /\ y' = 2 /\ x' = x + 1
        \/ y = 2 /\ y' = 1 /\ x' = x + 1
        \/ y = 1 /\ y' = 0 /\ x' = x + 1
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
View == y
NotTwoForever == <>[](y # 2)
StepsAdd == <>[][x' = x + 1]_vars
====
"#;

#[test]
fn with_a_view_the_lasso_is_made_of_real_steps() {
    let d = Dir::new();
    d.file("Viewed.tla", VIEW_TLA);
    let r = d.check(
        "Viewed",
        "SPECIFICATION Spec\nPROPERTY NotTwoForever\nVIEW View\n",
    );
    r.loops();
    assert!(r.stdout.contains("3 distinct states found"), "{r:?}");
    let xs: Vec<i64> = r
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("/\\ x = "))
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(xs.len() >= 3, "{r:?}");
    assert!(xs.iter().enumerate().all(|(i, &x)| x == i as i64), "{r:?}");
    assert!(r.stdout.contains("/\\ x = 1\n/\\ y = 2\n"), "{r:?}");
}

#[test]
fn with_a_view_actions_are_read_on_the_real_steps() {
    // Every real step adds 1 to x; read on the kept states, the step from (1, 1) to the node
    // of (0, 0) would not.
    let d = Dir::new();
    d.file("Viewed.tla", VIEW_TLA);
    d.check(
        "Viewed",
        "SPECIFICATION Spec\nPROPERTY StepsAdd\nVIEW View\n",
    )
    .holds();
}

/// x climbs 0, 1, ..., 10 and stays; from 1 it may also go to 100 and back. Under
/// WF_x(Next) the loop 1 -> 100 -> 1 is fair (a Next step each time) and never reaches 10.
/// Breadth-first levels: {0}, {1}, {2, 100}, {3}, ..., {10}: 12 states; 14 generated (the
/// initial state, one successor of each state but 1, which has two, and 10's own step).
const CLIMB_TLA: &str = r#"---- MODULE Climb ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Inc == x < 10 /\ x' = x + 1
Out == x = 1 /\ x' = 100
Back == x = 100 /\ x' = 1
Done == x = 10 /\ UNCHANGED x
Next == Inc \/ Out \/ Back \/ Done
Spec == Init /\ [][Next]_x /\ WF_x(Next)
Reaches10 == <>(x = 10)
Reaches10Or100 == <>(x \in {10, 100})
====
"#;

fn climb(prop: &str, extra: &[&str]) -> Run {
    let d = Dir::new();
    d.file("Climb.tla", CLIMB_TLA);
    d.check_with(
        "Climb",
        &format!("SPECIFICATION Spec\nPROPERTY {prop}\n"),
        extra,
    )
}

const CURRENT: &str = "Checking temporal properties for the current state space with ";

/// The lasso 0, 1, 100, back to 1.
fn assert_climb_lasso(r: &Run) {
    r.loops();
    assert!(r.stdout.contains("State 3: <Out line "), "{r:?}");
    assert!(r.stdout.contains("x = 100\n"), "{r:?}");
    assert!(r.stdout.contains("Back to state 2: <Back line "), "{r:?}");
    assert_eq!(r.states(), 3, "{r:?}");
}

#[test]
fn a_periodic_check_stops_the_search_at_a_counterexample() {
    // Checked once, at the end: the whole graph is explored first.
    let full = climb("Reaches10", &["--lncheck", "final"]);
    assert_climb_lasso(&full);
    assert!(!full.stdout.contains(CURRENT), "{full:?}");
    assert!(
        full.stdout
            .contains("14 states generated, 12 distinct states found, 0 states left on queue."),
        "{full:?}"
    );
    // Checked each time a level is explored. Before level 2 only 0 is explored (its own
    // stuttering is unfair: Next is enabled); before level 3, 0 and 1 (100 is not explored
    // yet, so the loop is not known); before level 4, 0, 1, 2 and 100: the loop is there.
    // The search stops then, with 3 still on the queue: 5 states found, 6 generated (the
    // initial state, 1, then 2 and 100, 3, and 1 again from 100), depth 4.
    let early = climb("Reaches10", &["--lncheck-levels", "1"]);
    assert_climb_lasso(&early);
    assert!(
        early
            .stdout
            .contains(&format!("{CURRENT}2 total distinct states at (")),
        "{early:?}"
    );
    assert!(early
        .stdout
        .contains(&format!("{CURRENT}4 total distinct states at (")));
    assert!(early
        .stdout
        .contains(&format!("{CURRENT}5 total distinct states at (")));
    assert_eq!(early.stdout.matches(CURRENT).count(), 3, "{early:?}");
    assert!(
        !early.stdout.contains("for the complete state space"),
        "{early:?}"
    );
    assert!(
        early
            .stdout
            .contains("6 states generated, 5 distinct states found, 1 states left on queue."),
        "{early:?}"
    );
    assert!(early
        .stdout
        .contains("The depth of the complete state graph search is 4."));
    // The same with TLC's spelling, and in JSON: the property and the figures.
    let d = Dir::new();
    d.file("Climb.tla", CLIMB_TLA);
    let j = d.check_with(
        "Climb",
        "SPECIFICATION Spec\nPROPERTY Reaches10\n",
        &["-lncheck", "default", "--lncheck-levels", "2", "--json"],
    );
    assert_eq!(j.code, Some(13), "{j:?}");
    let j: serde_json::Value = serde_json::from_str(j.stdout.trim()).unwrap();
    // Every second level: checked before level 3 (nothing) and level 5 (the loop): 0..4
    // and 100 found, 0..3 and 100 explored: 1 + 1 + 2 + 1 + 1 + 1 generated.
    assert_eq!(j["distinct"], 6, "{j}");
    assert_eq!(j["generated"], 7, "{j}");
    assert_eq!(j["violated"], "Reaches10", "{j}");
}

#[test]
fn periodic_checks_find_nothing_where_the_property_holds() {
    // Reaches10Or100 holds: the loop visits 100, every other fair behaviour reaches 10. At
    // each level's start the states of the next level are not explored: were they taken as
    // stopping there, the partial graph would seem to violate it.
    let full = climb("Reaches10Or100", &["--lncheck", "final"]);
    full.holds();
    let periodic = climb("Reaches10Or100", &["--lncheck-levels", "1"]);
    periodic.holds();
    // Before levels 2 to 11: 10 checks, then the final one on the 12 states.
    assert_eq!(periodic.stdout.matches(CURRENT).count(), 10, "{periodic:?}");
    assert!(periodic.stdout.contains(
        "Checking temporal properties for the complete state space with 12 total distinct states at ("
    ));
    for r in [&full, &periodic] {
        assert!(
            r.stdout
                .contains("14 states generated, 12 distinct states found, 0 states left on queue."),
            "{r:?}"
        );
        assert!(r
            .stdout
            .contains("The depth of the complete state graph search is 11."));
    }
}

#[test]
fn a_bad_lncheck_value_is_refused() {
    let r = climb("Reaches10", &["--lncheck", "sometimes"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("sometimes"), "{r:?}");
    let r = climb("Reaches10", &["--lncheck-levels", "0"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("--lncheck-levels"), "{r:?}");
}

/// x climbs 0 .. 10 and stays; only Go is fair, so a behaviour may stop at 3 (Resume is
/// not fair and Go is not enabled there) and never reach 10: the lasso 0, 1, 2, 3, then
/// stuttering. 11 states, 12 generated (one successor each, 10's own step included).
const PAUSE_TLA: &str = r#"---- MODULE Pause ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Go == x # 3 /\ x < 10 /\ x' = x + 1
Resume == x = 3 /\ x' = 4
Done == x = 10 /\ UNCHANGED x
Spec == Init /\ [][Go \/ Resume \/ Done]_x /\ WF_x(Go)
Reaches10 == <>(x = 10)
====
"#;

#[test]
fn a_periodic_check_looks_only_at_fully_explored_states() {
    let d = Dir::new();
    d.file("Pause.tla", PAUSE_TLA);
    let cfg = "SPECIFICATION Spec\nPROPERTY Reaches10\n";
    let lasso = |r: &Run| {
        r.stutters();
        assert!(r.stdout.contains("State 4: <Go line "), "{r:?}");
        assert!(r.stdout.contains("x = 3\n\nState 5: Stuttering"), "{r:?}");
    };
    let full = d.check_with("Pause", cfg, &["--lncheck", "final"]);
    lasso(&full);
    assert!(full
        .stdout
        .contains("12 states generated, 11 distinct states found, 0 states left on queue."));
    // Before level 4, 3 has been found but not explored: it is not taken as stopping there
    // (TLC skips such nodes), so the counterexample is found only before level 5, once 3
    // is explored: 0 .. 4 found, 4 on the queue.
    // The same with parallel workers: the figures do not depend on them.
    for workers in ["1", "2"] {
        let early = d.check_with(
            "Pause",
            cfg,
            &["--lncheck-levels", "1", "--workers", workers],
        );
        lasso(&early);
        assert_eq!(early.stdout.matches(CURRENT).count(), 4, "{early:?}");
        assert!(
            early
                .stdout
                .contains("5 states generated, 5 distinct states found, 1 states left on queue."),
            "{early:?}"
        );
    }
}

/// Two counters modulo 3, each step moves one; both steps are weakly fair, so a fair cycle
/// has both, and coming back to where it started takes 3 steps of each: no fair cycle is
/// shorter than 6 states. NotBoth2 is violated by any fair cycle avoiding a = b = 2.
const TWO_TLA: &str = r#"---- MODULE Two ----
EXTENDS Naturals
VARIABLES a, b
Init == a = 0 /\ b = 0
IncA == a' = (a + 1) % 3 /\ UNCHANGED b
IncB == b' = (b + 1) % 3 /\ UNCHANGED a
Spec == Init /\ [][IncA \/ IncB]_<<a, b>> /\ WF_a(IncA) /\ WF_b(IncB)
Both2Often == []<>(a = 2 /\ b = 2)
====
"#;

#[test]
fn the_lasso_is_as_short_as_the_fair_cycle_allows() {
    let d = Dir::new();
    d.file("Two.tla", TWO_TLA);
    let r = d.check("Two", "SPECIFICATION Spec\nPROPERTY Both2Often\n");
    r.loops();
    // The initial state is on such a cycle: no prefix, a cycle of the 6 states the fair
    // cycle needs, each printed once, back to the first. Going to the nearest open goal
    // first: IncA to (1, 0), IncB to (1, 1), then the shortest way back to (0, 0) that
    // avoids (2, 2): IncA, IncA, IncB (breadth-first, IncA's successor tried first), and
    // IncB closes the loop.
    assert_eq!(r.states(), 6, "{r:?}");
    let expected = [(0, 0), (1, 0), (1, 1), (2, 1), (0, 1), (0, 2)];
    for (i, (a, b)) in expected.iter().enumerate() {
        let at = format!("State {}: ", i + 1);
        let block = r.stdout.split(&at).nth(1).unwrap_or_default();
        assert!(
            block.contains(&format!("a = {a}\n/\\ b = {b}\n")),
            "state {}: {r:?}",
            i + 1
        );
    }
    assert!(r.stdout.contains("Back to state 1: <IncB line "), "{r:?}");
}

/// The corpus's MCDistributedReplicatedLog: TLC prints a 6-state lasso for InSync (its
/// expected.json); ours must not be longer (a cycle through every fairness condition's
/// first witness, in turn, was 24 states).
#[test]
fn the_insync_lasso_is_no_longer_than_tlcs() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let dir = corpus.join("FiniteMonotonic__MCDistributedReplicatedLog");
    if !dir.exists() {
        eprintln!("skipped: {} not found", dir.display());
        return;
    }
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(corpus.join("expected.json")).unwrap())
            .unwrap();
    let tlc = expected
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["folder"] == "FiniteMonotonic__MCDistributedReplicatedLog")
        .expect("the model in expected.json");
    let tlc_len = tlc["tlc"]["trace_len"].as_u64().unwrap() as usize;
    let out = Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(&dir)
        .args(["check", "MCDistributedReplicatedLog.tla"])
        .args([
            "--config",
            "MCDistributedReplicatedLog.cfg",
            "--lncheck",
            "final",
        ])
        .args(["--library", "../_community", "--library", "../_tlapm"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let r = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    r.loops();
    assert!(r.states() <= tlc_len, "TLC {tlc_len} states: {r:?}");
}

/// The counter under an ALIAS that reads the next state (`x' - x`), the position and TLCExt's
/// `Trace`: TLC applies it to every state of a lasso too.
const ALIASED_TLA: &str = r#"---- MODULE A ----
EXTENDS Integers, Sequences, TLC, TLCExt
VARIABLE x
Next == x' = (x + 1) % 3
Fair == x = 0 /\ [][Next]_x /\ WF_x(Next)
Prop == <>(x > 5)
Alias == [step |-> x' - x, lvl |-> TLCGet("level"), len |-> Len(Trace), now |-> x]
====
"#;

/// x climbs 0, 1, 2 and stops (a deadlock): under WF_x(Next) the one behaviour ends by
/// stuttering in 2.
const STOPPING_TLA: &str = r#"---- MODULE B ----
EXTENDS Integers, TLC
VARIABLE x
Next == x < 2 /\ x' = x + 1
Fair == x = 0 /\ [][Next]_x /\ WF_x(Next)
Prop == <>(x > 5)
Alias == [step |-> x' - x, lvl |-> TLCGet("level"), now |-> x]
====
"#;

/// The counterexample part of a run's output, from the violation line to the closing line.
fn lasso_text(r: &Run) -> &str {
    let start = r
        .stdout
        .find("Error: Temporal property")
        .expect("a violation");
    let end = r
        .stdout
        .find("Finished checking temporal")
        .expect("the closing line");
    &r.stdout[start..end]
}

#[test]
fn the_alias_is_applied_to_every_state_of_a_lasso() {
    let d = Dir::new();
    d.file("A.tla", ALIASED_TLA);
    // TLC 2026.11.29's output (`-config M.cfg A.tla`): the last state's next state is the one
    // the lasso goes back to, so its step is 0 - 2; the closing line is not aliased.
    let r = d.check("A", "SPECIFICATION Fair\nPROPERTY Prop\nALIAS Alias\n");
    r.loops();
    assert_eq!(
        lasso_text(&r),
        "Error: Temporal property Prop was violated.

Error: The following behavior constitutes a counter-example:

State 1: <Initial predicate>
/\\ step = 1
/\\ lvl = 1
/\\ len = 1
/\\ now = 0

State 2: <Next line 4, col 9 to line 4, col 24 of module A>
/\\ step = 1
/\\ lvl = 2
/\\ len = 2
/\\ now = 1

State 3: <Next line 4, col 9 to line 4, col 24 of module A>
/\\ step = -2
/\\ lvl = 3
/\\ len = 3
/\\ now = 2

Back to state 1: <Next line 4, col 9 to line 4, col 24 of module A>

"
    );
}

#[test]
fn the_alias_of_a_lasso_ending_in_stuttering_reads_the_last_state_as_its_own_successor() {
    let d = Dir::new();
    d.file("B.tla", STOPPING_TLA);
    // TLC 2026.11.29's output (`-deadlock -config M.cfg B.tla`): the third state's step is 0.
    let r = d.check_with(
        "B",
        "SPECIFICATION Fair\nPROPERTY Prop\nALIAS Alias\n",
        &["-deadlock"],
    );
    r.stutters();
    assert_eq!(
        lasso_text(&r),
        "Error: Temporal property Prop was violated.

Error: The following behavior constitutes a counter-example:

State 1: <Initial predicate>
/\\ step = 1
/\\ lvl = 1
/\\ now = 0

State 2: <Next line 4, col 9 to line 4, col 27 of module B>
/\\ step = 1
/\\ lvl = 2
/\\ now = 1

State 3: <Next line 4, col 9 to line 4, col 27 of module B>
/\\ step = 0
/\\ lvl = 3
/\\ now = 2

State 4: Stuttering
"
    );
}

/// A graph above the size from which two workers evaluate the atoms in parallel (4,096
/// states or steps, `liveness/atoms.rs`): the same violation, figures and lasso at one and two
/// workers; TLC 2026 (../shared/tlc, -workers 1) on this model: `Temporal property Prop was
/// violated`, `Back to state 1`, 10200 states generated, 10100 distinct, depth 101.
#[test]
fn atoms_evaluated_in_parallel_give_the_same_answer() {
    let d = Dir::new();
    d.file(
        "LiveBig.tla",
        "---- MODULE LiveBig ----\n\
         EXTENDS Naturals\n\
         VARIABLE x, y\n\
         Init == x = 0 /\\ y \\in 0..99\n\
         Next == \\/ x < 100 /\\ x' = x + 1 /\\ UNCHANGED y\n\
         \x20       \\/ x = 100 /\\ x' = 0 /\\ UNCHANGED y\n\
         Spec == Init /\\ [][Next]_<<x,y>> /\\ WF_<<x,y>>(Next)\n\
         Prop == <>(x = 100 /\\ y = 200)\n\
         Grow == [][x' > x \\/ x = 100]_x\n\
         ====\n",
    );
    let cfg = "SPECIFICATION Spec\nPROPERTY Prop Grow\n";
    let runs: Vec<Run> = ["1", "2"]
        .iter()
        .map(|w| d.check_with("LiveBig", cfg, &["-workers", w]))
        .collect();
    for r in &runs {
        r.violated();
        assert!(
            r.stdout
                .contains("Error: Temporal property Prop was violated."),
            "{r:?}"
        );
        assert!(r.stdout.contains("Back to state 1:"), "{r:?}");
        assert!(r
            .stdout
            .contains("10200 states generated, 10100 distinct states found"));
        assert!(r
            .stdout
            .contains("The depth of the complete state graph search is 101."));
    }
    let trace = |r: &Run| -> Vec<String> {
        (r.stdout.lines())
            .skip_while(|l| !l.contains("constitutes a counter-example"))
            // Up to the closing line, which carries the time of day.
            .take_while(|l| !l.contains("Finished checking temporal properties"))
            .map(String::from)
            .collect()
    };
    assert_eq!(trace(&runs[0]), trace(&runs[1]));
}

/// A fairness condition under a constant guard of quantified names is decided when the
/// tableau is built (TLC's LNBool): `i # j => WF_x(Bump(i, j))` over 3 x 3 pairs is 6 fairness
/// conditions, not 9 disjunctions that multiply the branches. TLC 2026.12 (../shared/tlc)
/// prints 3 branches (one per `i` of the negated property), 163 / 27 states, depth 7, no
/// error, and "Checking 3 branches of temporal properties for the complete state space with
/// 81 total distinct states" (27 states x 3 tableau nodes); tlacheck printed 1536 branches.
#[test]
fn a_constant_guard_under_a_quantifier_is_decided_not_branched_on() {
    let d = Dir::new();
    d.file(
        "Guarded.tla",
        "---- MODULE Guarded ----\nEXTENDS Naturals\nCONSTANT P\nVARIABLE x\n\
         Init == x = [i \\in P |-> 0]\n\
         Bump(i, j) == x[i] < 2 /\\ x' = [x EXCEPT ![i] = x[i] + 1]\n\
         Next == \\E i, j \\in P : Bump(i, j)\n\
         Spec == Init /\\ [][Next]_x /\\ \\A i, j \\in P : (i # j) => WF_x(Bump(i, j))\n\
         Done == \\A i \\in P : <>(x[i] = 2)\n====\n",
    );
    let r = d.check(
        "Guarded",
        "CONSTANT P = {1, 2, 3}\nSPECIFICATION Spec\nPROPERTY Done\nCHECK_DEADLOCK FALSE\n",
    );
    r.holds();
    for line in [
        "Implied-temporal checking--satisfiability problem has 3 branches.",
        "Checking 3 branches of temporal properties for the complete state space with 81 total distinct states at (",
        "163 states generated, 27 distinct states found, 0 states left on queue.",
        "The depth of the complete state graph search is 7.",
    ] {
        assert!(r.stdout.contains(line), "{line}\n{r:?}");
    }
}

/// x counts 0, 1, 2, 0, ... through an operator that primes its parameter. Read on a step (a
/// fairness condition's `<<Next>>_x`, an action property), `var'` is the variable's next
/// value, as TLC passes the argument unevaluated: the cycle is a fair behaviour, the only
/// one, and it violates `<>[](x = 0)`. Taking the argument's value instead made every step
/// read false, the cycle unfair and the property hold (NQTest of TLC's regression models
/// missed its violation so). Figures from TLC (../shared/tlc/tla2tools.jar, -workers 1):
/// StaysZero violated, 3 states and back to state 1, 4 generated, 3 distinct; Moves holds.
const ASSIGNED_TLA: &str = r#"---- MODULE Assigned ----
EXTENDS Naturals
VARIABLE x
Assign(var, val) == var' = val
Next == Assign(x, (x + 1) % 3)
Spec == x = 0 /\ [][Next]_x /\ WF_x(Next)
StaysZero == <>[](x = 0)
Moves == [][x' # x => Assign(x, (x + 1) % 3)]_x
====
"#;

#[test]
fn a_variable_passed_to_an_action_is_primed_in_its_body() {
    let d = Dir::new();
    d.file("Assigned.tla", ASSIGNED_TLA);
    let r = d.check("Assigned", "SPECIFICATION Spec\nPROPERTY StaysZero\n");
    r.loops();
    assert!(
        r.stdout
            .contains("Error: Temporal property StaysZero was violated."),
        "{r:?}"
    );
    assert!(r.stdout.contains("Back to state 1: <Assign line "), "{r:?}");
    assert_eq!(r.states(), 3, "{r:?}");
    assert!(
        r.stdout
            .contains("4 states generated, 3 distinct states found, 0 states left on queue."),
        "{r:?}"
    );
    d.check("Assigned", "SPECIFICATION Spec\nPROPERTY Moves\n")
        .holds();
}
