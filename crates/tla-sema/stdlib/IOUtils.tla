------------------------------- MODULE IOUtils ------------------------------
(***************************************************************************)
(* Input/output and process execution, as in the TLA+ community module     *)
(* IOUtils.  The evaluator provides these operators natively.              *)
(***************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers
LOCAL INSTANCE Sequences

LOCAL ExecResult == [exitValue : Int, stdout : STRING, stderr : STRING]

\* Writes val to the file; provided natively.
IOSerialize(val, absoluteFilename, compress) == TRUE

\* Reads a value from the file; provided natively.
IODeserialize(absoluteFilename, compressed) == CHOOSE v : TRUE

\* Writes value in options.format; provided natively.
Serialize(value, dest, options) == CHOOSE r \in ExecResult : TRUE

\* Reads a value in options.format; provided natively.
Deserialize(src, options) == CHOOSE v : TRUE

-----------------------------------------------------------------------------

\* Runs the command (a sequence of strings); provided natively.
IOExec(command) == CHOOSE r \in ExecResult : TRUE

\* IOExec with extra environment variables; provided natively.
IOEnvExec(env, command) == CHOOSE r \in ExecResult : TRUE

\* IOExec of a printf-style template; provided natively.
IOExecTemplate(commandTemplate, parameters) == CHOOSE r \in ExecResult : TRUE

\* IOExecTemplate with extra environment variables; provided natively.
IOEnvExecTemplate(env, commandTemplate, parameters) ==
  CHOOSE r \in ExecResult : TRUE

\* The process environment as a record; provided natively.
IOEnv == CHOOSE e \in [STRING -> STRING] : TRUE

atoi(str) == CHOOSE i \in Int : ToString(i) = str
  (*************************************************************************)
  (* The integer written in decimal as the string str.                     *)
  (*************************************************************************)

zeroPadN(n, width) ==
  (*************************************************************************)
  (* The decimal digits of the natural number n, preceded by zeros up to   *)
  (* width characters.                                                     *)
  (*************************************************************************)
  LET digits == ToString(n)
      Zeros[k \in Nat] == IF k = 0 THEN "" ELSE "0" \o Zeros[k - 1]
  IN  IF Len(digits) < width THEN Zeros[width - Len(digits)] \o digits
                             ELSE digits
=============================================================================
