----------------------------- MODULE _Possible -----------------------------
(* The operators behind the .cfg's _POSSIBLE keyword (TLC's module of the    *)
(* same name): a tally, per predicate name, of the generated states (or      *)
(* steps) that satisfy it, kept in TLC's named register "s:_possible".       *)
LOCAL INSTANCE TLC
LOCAL INSTANCE TLCExt
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences

\* The empty tally (the empty function, as TLC's <<>>).
LOCAL None == [n \in {} |-> 0]

LOCAL Tally(old, name, hit) ==
    IF hit
    THEN IF name \in DOMAIN old
         THEN [old EXCEPT ![name] = @ + 1]
         ELSE old @@ (name :> 1)
    ELSE old @@ (name :> 0)

\* TRUE; counts one more generated state (or step) of `name` when `expr` holds.
_Track(expr, name) ==
    TLCSet("s:_possible", Tally(TLCGetOrDefault("s:_possible", None), name, expr))

LOCAL Sum(a, b) ==
    [n \in (DOMAIN a) \cup (DOMAIN b) |->
        (IF n \in DOMAIN a THEN a[n] ELSE 0) + (IF n \in DOMAIN b THEN b[n] ELSE 0)]

\* The tallies of all workers added up.
_Counts ==
    LET perWorker == TLCGet("all:named")["s:_possible"]
        Upto[i \in 0..Len(perWorker)] ==
            IF i = 0 THEN None ELSE Sum(Upto[i - 1], perWorker[i])
    IN Upto[Len(perWorker)]

\* FALSE (after printing the tallies) when no state or step satisfied `name`.
_CheckName(name) ==
    LET counts == _Counts
    IN (name \notin DOMAIN counts \/ counts[name] = 0) => (PrintT(counts) /\ FALSE)

_PrintCounts == PrintT(_Counts)
=============================================================================
