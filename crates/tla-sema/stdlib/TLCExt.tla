------------------------------- MODULE TLCExt -------------------------------
(***************************************************************************)
(* Further operators of the TLC model checker.  Most depend on the         *)
(* checker's state (registers, the current trace, fingerprints), so the    *)
(* evaluator implements them natively and the bodies are placeholders.     *)
(***************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers

AssertEq(a, b) ==
  (*************************************************************************)
  (* Equals a = b; when they differ, prints "Assertion failed", a and b.   *)
  (*************************************************************************)
  IF a = b THEN TRUE
           ELSE /\ PrintT("Assertion failed")
                /\ PrintT(a)
                /\ PrintT(b)
                /\ FALSE

AssertError(err, exp) == CHOOSE b \in BOOLEAN : TRUE
  (*************************************************************************)
  (* TRUE iff evaluating exp fails with the error message err; provided    *)
  (* natively.                                                             *)
  (*************************************************************************)

\* TLCGet(key), or defaultVal when unset; provided natively.
TLCGetOrDefault(key, defaultVal) == CHOOSE v : TRUE

TLCGetAndSet(key, Op(_, _), val, defaultVal) ==
  (*************************************************************************)
  (* Sets register key to Op(old, val) and equals old, the register's      *)
  (* previous value (defaultVal when unset).                               *)
  (*************************************************************************)
  LET old == TLCGetOrDefault(key, defaultVal)
  IN  IF TLCSet(key, Op(old, val)) THEN old ELSE old

-----------------------------------------------------------------------------

\* The states from an initial state to the current one; provided natively.
Trace == CHOOSE t : TRUE

\* The violation found, as [state, action]; provided natively.
CounterExample == CHOOSE ce : TRUE

\* The sequence of states of counterexample CE; provided natively.
ToTrace(CE) == CHOOSE t : TRUE

-----------------------------------------------------------------------------

TLCModelValue(str) == CHOOSE v : ToString(v) = str
  (*************************************************************************)
  (* The model value named str.                                            *)
  (*************************************************************************)

\* Evaluates expression later (or never); provided natively.
TLCDefer(expression) == TRUE

TLCNoOp(val) == val

PickSuccessor(exp) == IF exp THEN TRUE ELSE CHOOSE b \in BOOLEAN : TRUE
  (*************************************************************************)
  (* Interactive choice of successors when exp is FALSE; provided natively *)
  (*************************************************************************)

TLCCache(expression, closure) == expression
  (*************************************************************************)
  (* Equals expression, reusing an earlier value for an equal closure.     *)
  (*************************************************************************)

\* The fingerprint of var; provided natively.
TLCFP(var) == CHOOSE fp \in Int : TRUE

\* Value of the named definition; provided natively.
TLCEvalDefinition(definitionName) == CHOOSE v : TRUE
=============================================================================
