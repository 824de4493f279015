----------------------------- MODULE FiniteSets -----------------------------
(***************************************************************************)
(* Finiteness and the number of elements of a set.  The evaluator          *)
(* implements both operators natively.                                     *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences

IsFiniteSet(S) ==
  (*************************************************************************)
  (* S is finite iff some finite sequence lists every element of S.        *)
  (*************************************************************************)
  \E list \in Seq(S) : \A x \in S : \E k \in 1 .. Len(list) : list[k] = x

Cardinality(S) ==
  (*************************************************************************)
  (* The number of elements of the finite set S, counted by removing one   *)
  (* element at a time.                                                    *)
  (*************************************************************************)
  LET Count[T \in SUBSET S] ==
        IF T = {} THEN 0
        ELSE LET x == CHOOSE y \in T : TRUE
             IN  1 + Count[T \ {x}]
  IN  Count[S]
=============================================================================
