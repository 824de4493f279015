------------------------------ MODULE Naturals ------------------------------
(***************************************************************************)
(* The natural numbers 0, 1, 2, ... and their arithmetic.                  *)
(*                                                                         *)
(* The evaluator implements every operator of this module natively.  The   *)
(* bodies below state what each operator means, taking Nat and + as        *)
(* given; they are never evaluated.                                        *)
(***************************************************************************)

Nat == CHOOSE N : 0 \in N   \* the set {0, 1, 2, ...}; provided natively

a + b == CHOOSE sum \in Nat : TRUE   \* addition; provided natively

a \leq b == \E d \in Nat : a + d = b

a < b == (a \leq b) /\ (a # b)

a > b == b < a

a \geq b == b \leq a

a - b == CHOOSE d \in Nat : b + d = a

a * b ==
  (*************************************************************************)
  (* Multiplication as repeated addition: a * b adds b copies of a.        *)
  (*************************************************************************)
  LET Times[k \in Nat] == IF k = 0 THEN 0 ELSE Times[k - 1] + a
  IN  Times[b]

a ^ b ==
  (*************************************************************************)
  (* Exponentiation as repeated multiplication.                            *)
  (*************************************************************************)
  LET Power[k \in Nat] == IF k = 0 THEN 1 ELSE Power[k - 1] * a
  IN  Power[b]

a .. b == {k \in Nat : (a \leq k) /\ (k \leq b)}
  (*************************************************************************)
  (* The interval from a to b; empty when b < a.                           *)
  (*************************************************************************)

a \div b ==
  (*************************************************************************)
  (* Integer quotient: for b > 0, a = b * (a \div b) + (a % b) with the    *)
  (* remainder a % b in 0 .. b - 1.                                        *)
  (*************************************************************************)
  CHOOSE q \in Nat : \E r \in 0 .. (b - 1) : a = b * q + r

a % b == a - b * (a \div b)
=============================================================================
