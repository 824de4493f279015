------------------------------ MODULE RealTime ------------------------------
(***************************************************************************)
(* Real-time bounds on actions, after "Specifying Systems" chapter 9.  The *)
(* variable now is the current time, a real number.  These formulas are   *)
(* temporal; model checking them (they use \EE) is not supported.          *)
(***************************************************************************)
EXTENDS Reals

VARIABLE now

RTBound(A, v, D, E) ==
  (*************************************************************************)
  (* An <<A>>_v step must happen once A has been continuously enabled for  *)
  (* E time units, and cannot happen before it has been enabled for D.     *)
  (* The hidden timer t measures how long <<A>>_v has been enabled; it is  *)
  (* reset by every <<A>>_v step and whenever <<A>>_v becomes disabled.    *)
  (*************************************************************************)
  LET Restart    == <<A>>_v \/ ~(ENABLED <<A>>_v)'
      Tick(t)    == t' = IF Restart THEN 0 ELSE t + (now' - now)
      Timer(t)   == (t = 0) /\ [][Tick(t)]_<<t, v, now>>
      Upper(t)   == [](t \leq E)
      Lower(t)   == [][A => (t \geq D)]_v
  IN  \EE t : Timer(t) /\ Upper(t) /\ Lower(t)

RTnow(v) ==
  (*************************************************************************)
  (* now is a real number that only increases, without bound, and never    *)
  (* changes in the same step as v.                                        *)
  (*************************************************************************)
  LET Advance == /\ now' \in {r \in Real : r > now}
                 /\ UNCHANGED v
  IN  /\ now \in Real
      /\ [][Advance]_now
      /\ \A r \in Real : WF_now(Advance /\ (now' > r))
=============================================================================
