------------------------------ MODULE Sequences -----------------------------
(***************************************************************************)
(* Finite sequences.  A sequence of length n is a function with domain     *)
(* 1 .. n; tuples <<a, b, c>> are sequences, and so are strings.  The      *)
(* evaluator implements these operators natively.                          *)
(***************************************************************************)
LOCAL INSTANCE Naturals

Seq(S) == UNION {[1 .. n -> S] : n \in Nat}
  (*************************************************************************)
  (* All finite sequences whose elements are in S.                         *)
  (*************************************************************************)

Len(s) == CHOOSE n \in Nat : DOMAIN s = 1 .. n

s \o t ==
  (*************************************************************************)
  (* Concatenation: the elements of s followed by those of t.              *)
  (*************************************************************************)
  [k \in 1 .. (Len(s) + Len(t)) |->
      IF k \leq Len(s) THEN s[k] ELSE t[k - Len(s)]]

Append(s, e) ==
  [k \in 1 .. (Len(s) + 1) |-> IF k \leq Len(s) THEN s[k] ELSE e]

Head(s) == s[1]
  (*************************************************************************)
  (* The first element; undefined for the empty sequence.                  *)
  (*************************************************************************)

Tail(s) == CASE s # << >> -> [k \in 1 .. (Len(s) - 1) |-> s[k + 1]]
  (*************************************************************************)
  (* Everything but the first element; undefined for the empty sequence.   *)
  (*************************************************************************)

SubSeq(s, m, n) == [k \in 1 .. (n - m + 1) |-> s[m + k - 1]]
  (*************************************************************************)
  (* <<s[m], ..., s[n]>>; the empty sequence when n < m.                   *)
  (*************************************************************************)

SelectSeq(s, Test(_)) ==
  (*************************************************************************)
  (* The elements of s that satisfy Test, in their original order.         *)
  (* Kept[n] is the selection from the first n elements of s.              *)
  (*************************************************************************)
  LET Kept[n \in 0 .. Len(s)] ==
        IF n = 0 THEN << >>
        ELSE IF Test(s[n]) THEN Append(Kept[n - 1], s[n])
                           ELSE Kept[n - 1]
  IN  Kept[Len(s)]
=============================================================================
