-------------------------------- MODULE Json --------------------------------
(***************************************************************************)
(* Conversion of values to JSON and JSON file input/output, as in the      *)
(* TLA+ community module Json.  Records become JSON objects, sequences     *)
(* become arrays.  All operators are provided natively by the evaluator.   *)
(***************************************************************************)
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE TLC

\* Value as JSON text; provided natively.
ToJson(value) == CHOOSE s \in STRING : TRUE

\* A sequence as a JSON array; provided natively.
ToJsonArray(value) == CHOOSE s \in STRING : TRUE

\* A function as a JSON object; provided natively.
ToJsonObject(value) == CHOOSE s \in STRING : TRUE

\* Writes value to the file as JSON; provided natively.
JsonSerialize(absoluteFilename, value) == TRUE

\* Reads a JSON value from the file; provided natively.
JsonDeserialize(absoluteFilename) == CHOOSE v : TRUE

\* Writes a sequence as one JSON value a line; provided natively.
ndJsonSerialize(absoluteFilename, value) == TRUE

\* Reads one JSON value a line, as a sequence; provided natively.
ndJsonDeserialize(absoluteFilename) == CHOOSE v : TRUE
=============================================================================
