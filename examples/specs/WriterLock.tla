----------------------------- MODULE WriterLock -----------------------------
(***************************************************************************)
(* A lock file that gives one writer at a time the right to append to a    *)
(* log.  A writer takes the lock when it is free, or takes it over when    *)
(* the holder's lease has expired.  A writer that lost the lock may still  *)
(* believe it holds it until it next checks the lock's generation, so      *)
(* every write carries the generation it was granted under, and the log    *)
(* refuses writes from an older generation.                                *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS Writers,   \* the processes that may write
          MaxGen     \* bound on takeovers, to keep the model finite

VARIABLES holder,    \* who the lock file names, or "none"
          gen,       \* the lock's generation, bumped on every grant
          believes,  \* believes[w]: the generation w thinks it holds, 0 if none
          expired,   \* whether the holder's lease has run out
          log        \* generations of the writes the log accepted, in order

vars == <<holder, gen, believes, expired, log>>

TypeOK ==
    /\ holder \in Writers \cup {"none"}
    /\ gen \in 0..MaxGen
    /\ believes \in [Writers -> 0..MaxGen]
    /\ expired \in BOOLEAN
    /\ log \in SUBSET (1..MaxGen)

Init ==
    /\ holder = "none"
    /\ gen = 0
    /\ believes = [w \in Writers |-> 0]
    /\ expired = FALSE
    /\ log = {}

Acquire(w) ==
    /\ gen < MaxGen
    /\ holder = "none" \/ expired
    /\ holder' = w
    /\ gen' = gen + 1
    /\ believes' = [believes EXCEPT ![w] = gen + 1]
    /\ expired' = FALSE
    /\ UNCHANGED log

Expire ==
    /\ holder # "none"
    /\ ~expired
    /\ expired' = TRUE
    /\ UNCHANGED <<holder, gen, believes, log>>

\* A write is accepted only under the current generation.
Write(w) ==
    /\ believes[w] # 0
    /\ believes[w] = gen
    /\ log' = log \cup {believes[w]}
    /\ UNCHANGED <<holder, gen, believes, expired>>

\* A deposed writer notices it lost the lock.
Notice(w) ==
    /\ believes[w] # 0
    /\ believes[w] # gen
    /\ believes' = [believes EXCEPT ![w] = 0]
    /\ UNCHANGED <<holder, gen, expired, log>>

Release(w) ==
    /\ holder = w
    /\ believes[w] = gen
    /\ holder' = "none"
    /\ believes' = [believes EXCEPT ![w] = 0]
    /\ UNCHANGED <<gen, expired, log>>

Next ==
    \/ Expire
    \/ \E w \in Writers : Acquire(w) \/ Write(w) \/ Notice(w) \/ Release(w)

Spec == Init /\ [][Next]_vars

\* At most one writer can have a write accepted under any one generation.
OneWriterPerGeneration ==
    \A w1, w2 \in Writers :
        (believes[w1] = believes[w2] /\ believes[w1] = gen /\ gen # 0) => w1 = w2

\* The log only ever holds generations that were granted.
LogFromGrants == \A g \in log : g \in 1..gen
=============================================================================
