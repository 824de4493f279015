-------------------------------- MODULE TLC ---------------------------------
(***************************************************************************)
(* Operators of the TLC model checker, which this tool provides with the   *)
(* same meaning.  The evaluator implements all of them natively; bodies    *)
(* that can be stated in TLA+ are given, the others are placeholders.      *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSets

Print(out, val) == val
  (*************************************************************************)
  (* Equals val; evaluating it prints out.                                 *)
  (*************************************************************************)

PrintT(out) == TRUE
  (*************************************************************************)
  (* Equals TRUE; evaluating it prints out.                                *)
  (*************************************************************************)

Assert(val, out) == IF val = TRUE THEN TRUE ELSE CHOOSE b : b \notin BOOLEAN
  (*************************************************************************)
  (* TRUE when val is TRUE; otherwise evaluation stops with an error that  *)
  (* reports out.                                                          *)
  (*************************************************************************)

\* Seconds since the epoch; provided natively.
JavaTime == CHOOSE t \in Nat : TRUE

\* Reads register i or a statistic; provided natively.
TLCGet(i) == CHOOSE v : TRUE

TLCSet(i, v) == TRUE   \* writes register i, equals TRUE; provided natively

-----------------------------------------------------------------------------

d :> e == [x \in {d} |-> e]
  (*************************************************************************)
  (* The function with domain {d} that maps d to e.                        *)
  (*************************************************************************)

f @@ g ==
  (*************************************************************************)
  (* The union of functions f and g, where f wins on common arguments.     *)
  (*************************************************************************)
  [x \in (DOMAIN f) \cup (DOMAIN g) |-> IF x \in DOMAIN f THEN f[x] ELSE g[x]]

Permutations(S) == {p \in [S -> S] : \A y \in S : \E x \in S : p[x] = y}
  (*************************************************************************)
  (* All bijections from S onto itself.                                    *)
  (*************************************************************************)

SortSeq(s, Op(_, _)) ==
  (*************************************************************************)
  (* s rearranged so that Op(a, b) holds of each earlier a and later b     *)
  (* (equal elements may appear in either order).                          *)
  (*************************************************************************)
  LET n == Len(s)
      Sorted(p) == \A i, j \in 1 .. n :
                      (i < j) => (Op(s[p[i]], s[p[j]]) \/ (s[p[i]] = s[p[j]]))
      order == CHOOSE p \in Permutations(1 .. n) : Sorted(p)
  IN  [i \in 1 .. n |-> s[order[i]]]

\* A pseudo-random element; provided natively.
RandomElement(S) == CHOOSE x \in S : TRUE

\* V \in Any holds for every value v; provided natively.
Any == CHOOSE x : TRUE

\* TLC's printed form of v; provided natively.
ToString(v) == CHOOSE str \in STRING : TRUE

TLCEval(v) == v
  (*************************************************************************)
  (* Equals v; forces v to be evaluated eagerly rather than lazily.        *)
  (*************************************************************************)
=============================================================================
