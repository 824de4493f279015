------------------------------ MODULE Integers ------------------------------
(***************************************************************************)
(* The integers.  Extends Naturals, so its arithmetic operators apply to   *)
(* all integers (the evaluator implements them natively on Int).           *)
(***************************************************************************)
EXTENDS Naturals

\* The set of all integers; provided natively.
Int == CHOOSE Z : Nat \subseteq Z

-. a == 0 - a
  (*************************************************************************)
  (* Unary minus, written -a.                                              *)
  (*************************************************************************)
=============================================================================
