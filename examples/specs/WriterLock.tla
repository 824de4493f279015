----------------------------- MODULE WriterLock -----------------------------
(***************************************************************************)
(* A lock file that gives one writer at a time the right to append to a    *)
(* log.  A writer takes the lock when it is free, or takes it over when    *)
(* the holder's lease has expired; each grant bumps the lock's generation. *)
(* A writer that lost the lock may still believe it holds it until it      *)
(* next reads the lock, so every write carries the generation it was       *)
(* granted under, and the log refuses writes from an older generation.     *)
(* Takeovers are serialized by flock on the lock file; where flock does    *)
(* nothing (a network file system), a takeover is a read, then a rename.   *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS Writers,    \* the processes that may write
          MaxGen,     \* bound on grants, to keep the model finite
          Fenced,     \* TRUE: the log refuses writes from an older generation
          FlockWorks  \* TRUE: flock makes each takeover one atomic step

VARIABLES holder,    \* who the lock file names, or "none"
          gen,       \* the lock's generation, bumped on every grant
          believes,  \* believes[w]: the generation w thinks it holds, 0 if none
          expired,   \* whether the holder's lease has run out
          lastGen,   \* the generation of the last write the log accepted, 0 if none
          observed   \* observed[w]: the generation w read for a takeover in flight, 0 if none

vars == <<holder, gen, believes, expired, lastGen, observed>>

TypeOK ==
    /\ holder \in Writers \cup {"none"}
    /\ gen \in 0..MaxGen
    /\ believes \in [Writers -> 0..MaxGen]
    /\ expired \in BOOLEAN
    /\ lastGen \in 0..MaxGen
    /\ observed \in [Writers -> 0..MaxGen]

Init ==
    /\ holder = "none"
    /\ gen = 0
    /\ believes = [w \in Writers |-> 0]
    /\ expired = FALSE
    /\ lastGen = 0
    /\ observed = [w \in Writers |-> 0]

\* Under flock: take the free or expired lock, with the next generation.
Acquire(w) ==
    /\ FlockWorks
    /\ gen < MaxGen
    /\ holder = "none" \/ expired
    /\ holder' = w
    /\ gen' = gen + 1
    /\ believes' = [believes EXCEPT ![w] = gen + 1]
    /\ expired' = FALSE
    /\ UNCHANGED <<lastGen, observed>>

\* Without flock, a takeover first reads the lock file ...
Observe(w) ==
    /\ ~FlockWorks
    /\ gen < MaxGen
    /\ holder = "none" \/ expired
    /\ observed[w] = 0
    /\ observed' = [observed EXCEPT ![w] = gen + 1]
    /\ UNCHANGED <<holder, gen, believes, expired, lastGen>>

\* ... then renames its own lock file, with the generation it read plus one.
TakeOver(w) ==
    /\ observed[w] # 0
    /\ holder' = w
    /\ gen' = observed[w]
    /\ believes' = [believes EXCEPT ![w] = observed[w]]
    /\ expired' = FALSE
    /\ observed' = [observed EXCEPT ![w] = 0]
    /\ UNCHANGED lastGen

Expire ==
    /\ holder # "none"
    /\ ~expired
    /\ expired' = TRUE
    /\ UNCHANGED <<holder, gen, believes, lastGen, observed>>

\* A write carries the writer's generation; the fenced log refuses an older one.
Write(w) ==
    /\ believes[w] # 0
    /\ Fenced => believes[w] = gen
    /\ lastGen' = believes[w]
    /\ UNCHANGED <<holder, gen, believes, expired, observed>>

\* A deposed writer reads the lock and notices it lost it.
Notice(w) ==
    /\ believes[w] # 0
    /\ believes[w] # gen
    /\ believes' = [believes EXCEPT ![w] = 0]
    /\ UNCHANGED <<holder, gen, expired, lastGen, observed>>

Release(w) ==
    /\ holder = w
    /\ believes[w] = gen
    /\ holder' = "none"
    /\ believes' = [believes EXCEPT ![w] = 0]
    /\ expired' = FALSE
    /\ UNCHANGED <<gen, lastGen, observed>>

Next ==
    \/ Expire
    \/ \E w \in Writers :
        Acquire(w) \/ Observe(w) \/ TakeOver(w) \/ Write(w) \/ Notice(w) \/ Release(w)

Spec == Init /\ [][Next]_vars

\* At most one writer believes it holds the current generation.
OneWriterPerGeneration ==
    \A w1, w2 \in Writers :
        (believes[w1] = gen /\ believes[w2] = gen /\ gen # 0) => w1 = w2

\* The writer the lock file names holds the current generation.
HolderBelievesCurrent == holder # "none" => believes[holder] = gen

\* The log only accepts writes of generations that were granted.
LastFromGrant == lastGen <= gen

\* File order is generation order: no write from an older generation after a newer one.
GenerationsInOrder == [][lastGen' >= lastGen]_lastGen

\* A lease is taken from another writer only once it has expired.
TakeoverOnlyWhenExpired ==
    [][(holder # "none" /\ holder' \notin {holder, "none"}) => expired]_holder

\* Witnesses: each claims a behaviour never happens; each must be violated.
NeverDeposed == \A w \in Writers : believes[w] \in {0, gen}
NeverWrittenAfterTakeover == lastGen < 2
=============================================================================
