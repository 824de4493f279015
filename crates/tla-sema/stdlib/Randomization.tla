---------------------------- MODULE Randomization ---------------------------
(***************************************************************************)
(* Pseudo-random choice of subsets.  In breadth-first model checking the   *)
(* choices are a function of the state being expanded, so runs repeat.     *)
(* The evaluator implements RandomSubset and RandomSetOfSubsets natively;  *)
(* TestRandomSetOfSubsets is evaluated from its body.                      *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets

RandomSubset(k, S) == CHOOSE T \in SUBSET S : Cardinality(T) = k
  (*************************************************************************)
  (* A pseudo-randomly chosen k-element subset of S.                       *)
  (*************************************************************************)

RandomSetOfSubsets(k, n, S) ==
  (*************************************************************************)
  (* A set of at most k subsets of S, made by k pseudo-random draws, each  *)
  (* containing every element of S with probability n / Cardinality(S).   *)
  (*************************************************************************)
  CHOOSE T \in SUBSET SUBSET S : Cardinality(T) \leq k

TestRandomSetOfSubsets(k, n, S) ==
  (*************************************************************************)
  (* The sizes of five draws of RandomSetOfSubsets(k, n, S), to help pick  *)
  (* k for a wanted number of subsets.                                     *)
  (*************************************************************************)
  [i \in 1 .. 5 |-> Cardinality(RandomSetOfSubsets(k, n, S))]
=============================================================================
