------------------------------- MODULE Reals --------------------------------
(***************************************************************************)
(* The real numbers.  The model checker, like TLC, does not compute with   *)
(* non-integer reals: evaluating Real, / or Infinity is an error.          *)
(***************************************************************************)
EXTENDS Integers

Real == CHOOSE R : Int \subseteq R   \* the set of all reals; provided natively

a / b == CHOOSE q \in Real : q * b = a

Infinity == CHOOSE inf : (inf \notin Real) /\ (\A r \in Real : inf > r)
=============================================================================
