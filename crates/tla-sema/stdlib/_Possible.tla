------------------------------ MODULE _Possible ------------------------------
(***************************************************************************)
(* Support for TLC's _POSSIBLE configuration keyword.  Each expression     *)
(* named there is tracked in the register "s:_possible": a function from   *)
(* names to the number of states in which the expression held.  At the     *)
(* end each name is checked to have held at least once.  The operators'    *)
(* names and arities are those of TLC's module of the same name.           *)
(***************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE TLCExt
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences

LOCAL _Key == "s:_possible"

\* The table with `name` counted once more when b holds; a name first met
\* with b false enters at 0.
LOCAL _Counted(table, b, name) ==
    LET before == IF name \in DOMAIN table THEN table[name] ELSE 0
    IN  [n \in DOMAIN table \cup {name} |->
           IF n = name THEN before + (IF b THEN 1 ELSE 0) ELSE table[n]]

_Track(expr, name) ==
    TLCSet(_Key, _Counted(TLCGetOrDefault(_Key, <<>>), expr, name))

\* Two tables added name by name.
LOCAL _Sum(a, b) ==
    [n \in DOMAIN a \cup DOMAIN b |->
        (IF n \in DOMAIN a THEN a[n] ELSE 0) + (IF n \in DOMAIN b THEN b[n] ELSE 0)]

\* The tables of all workers, summed (TLC computes this natively).
_Counts ==
    LET tables == TLCGet("all:named")[_Key]
        Sum[i \in 0..Len(tables)] ==
            IF i = 0 THEN <<>> ELSE _Sum(Sum[i-1], tables[i])
    IN  Sum[Len(tables)]

\* FALSE, after printing the counts, when the expression `name` never held.
_CheckName(name) ==
    LET counts == _Counts
    IN  (name \notin DOMAIN counts \/ counts[name] = 0) => (PrintT(counts) /\ FALSE)

_PrintCounts == PrintT(_Counts)
=============================================================================
