//! A successor out of the model (a state constraint false) never enters the seen-set, so TLC
//! checks its invariants each time it is generated. tlacheck knows such a state again by its
//! fingerprint when the constraints and invariants read nothing but the state; one that reads
//! the level is checked again, and may fail the second time.
//!
//! Each expected text is TLC's own output for the spec beside it, from
//! `java -XX:+UseParallelGC -cp tla2tools.jar tlc2.TLC -workers 1 Spec` (TLC 2026.12.02), from
//! the line after `Starting...`, without the lines that name dates, TLC's trace-exploration
//! file and the outdegree line.

mod common;

use common::same_as_tlc;

/// (9, 0) is generated from each of the 12 states in the model: its invariant holds each time.
#[test]
fn a_state_out_of_the_model_met_again_keeps_the_figures() {
    same_as_tlc(
        "OOM2",
        r#"---- MODULE OOM2 ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\ y = 0
Next == \/ x' = (x + 1) % 4 /\ y' = y
        \/ x' = x /\ y' = (y + 1) % 3
        \/ x' = 9 /\ y' = 0
InModel == x # 9
Inv == x = 9 => y = 0
====
"#,
        "INIT Init\nNEXT Next\nCONSTRAINT InModel\nINVARIANT Inv\n",
        0,
        r#"Computing initial states...
Model checking completed. No error has been found.
  Estimates of the probability that TLC did not check all reachable states
  because two distinct states had the same fingerprint:
  calculated (optimistic):  val = 1.6E-17
37 states generated, 12 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 6.
"#,
    );
}

/// x = 5 holds its invariant at level 2 and 3, and fails it when generated at level 4.
#[test]
fn a_state_out_of_the_model_whose_invariant_reads_the_level_is_checked_again() {
    same_as_tlc(
        "OOM",
        r#"---- MODULE OOM ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3 \/ x' = 5
InModel == x # 5
Inv == x = 5 => TLCGet("level") < 4
====
"#,
        "INIT Init\nNEXT Next\nCONSTRAINT InModel\nINVARIANT Inv\n",
        12,
        r#"Computing initial states...
Error: Invariant Inv is violated.
Error: The behavior up to this point is:
State 1: <Initial predicate>
x = 0

State 2: <Next line 5, col 9 to line 5, col 24 of module OOM>
x = 1

State 3: <Next line 5, col 9 to line 5, col 24 of module OOM>
x = 2

State 4: <Next line 5, col 29 to line 5, col 34 of module OOM>
x = 5

7 states generated, 3 distinct states found, 0 states left on queue.
The depth of the complete state graph search is 3.
"#,
    );
}
