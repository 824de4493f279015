----------------------------- MODULE ThreadClaim ----------------------------
(***************************************************************************)
(* A thread's messages and the processes that claim the thread to run      *)
(* them.  Messages are appended to a durable log; the durable cursor       *)
(* "taken" says how many were consumed by a run.  A process claims the     *)
(* thread (a lease with a time to live), plans a run for the oldest        *)
(* untaken message, starts it (writing taken), finishes it and releases    *)
(* the claim.  The claim lapses when a clock tick runs its TTL down while  *)
(* its holder lives, so another process can claim the thread between a    *)
(* plan and its start; a run's start is therefore fenced by the claim.     *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS Procs,          \* the processes
          MaxMsgs,        \* bound on messages sent
          FencedStart,    \* TRUE: a run's start commits only under its claim
          CancelAtClaim   \* TRUE: a call may be cancelled as storage grants its claim

VARIABLES sent,    \* messages in the log
          taken,   \* the durable cursor: messages consumed by a run
          claim,   \* the process the claim names, or "none"
          ttl,     \* ticks left on the claim; 0 once it lapsed
          pc,      \* pc[p]: "idle", "claimed", "planned" or "running"
          plan,    \* plan[p]: the message p's planned run takes, 0 if none
          runs     \* runs[i]: how many runs consumed message i

vars == <<sent, taken, claim, ttl, pc, plan, runs>>

Msgs == 1..MaxMsgs

TypeOK ==
    /\ sent \in 0..MaxMsgs
    /\ taken \in 0..MaxMsgs
    /\ claim \in Procs \cup {"none"}
    /\ ttl \in 0..1
    /\ pc \in [Procs -> {"idle", "claimed", "planned", "running"}]
    /\ plan \in [Procs -> 0..MaxMsgs]
    /\ runs \in [Msgs -> 0..2]

Init ==
    /\ sent = 0
    /\ taken = 0
    /\ claim = "none"
    /\ ttl = 0
    /\ pc = [p \in Procs |-> "idle"]
    /\ plan = [p \in Procs |-> 0]
    /\ runs = [i \in Msgs |-> 0]

Send ==
    /\ sent < MaxMsgs
    /\ sent' = sent + 1
    /\ UNCHANGED <<taken, claim, ttl, pc, plan, runs>>

\* A process with something asked claims the free or lapsed claim.
Acquire(p) ==
    /\ pc[p] = "idle"
    /\ taken < sent
    /\ claim = "none" \/ ttl = 0
    /\ claim' = p
    /\ ttl' = 1
    /\ pc' = [pc EXCEPT ![p] = "claimed"]
    /\ UNCHANGED <<sent, taken, plan, runs>>

\* Storage grants the claim, then the call is cancelled: nothing releases it.
ClaimedAsInterrupted(p) ==
    /\ CancelAtClaim
    /\ pc[p] = "idle"
    /\ taken < sent
    /\ claim = "none" \/ ttl = 0
    /\ claim' = p
    /\ ttl' = 1
    /\ UNCHANGED <<sent, taken, pc, plan, runs>>

\* release_lease: only the claim's own holder's release removes it.
ReleaseClaim(p) ==
    /\ claim' = IF claim = p THEN "none" ELSE claim
    /\ ttl' = IF claim = p THEN 0 ELSE ttl

\* The claimant reads the cursor: a run for the oldest untaken message, or
\* nothing left, and it releases the claim.
Plan(p) ==
    /\ pc[p] = "claimed"
    /\ IF taken < sent
          THEN /\ plan' = [plan EXCEPT ![p] = taken + 1]
               /\ pc' = [pc EXCEPT ![p] = "planned"]
               /\ UNCHANGED <<claim, ttl>>
          ELSE /\ pc' = [pc EXCEPT ![p] = "idle"]
               /\ ReleaseClaim(p)
               /\ UNCHANGED plan
    /\ UNCHANGED <<sent, taken, runs>>

\* The run's start consumes its message, fenced by the claim (a lapsed
\* claim nobody took is still the process's own in storage).
RunStart(p) ==
    /\ pc[p] = "planned"
    /\ FencedStart => claim = p
    /\ taken' = plan[p]
    /\ runs' = [runs EXCEPT ![plan[p]] = @ + 1]
    /\ pc' = [pc EXCEPT ![p] = "running"]
    /\ UNCHANGED <<sent, claim, ttl, plan>>

\* The fenced start finds the claim taken by another process.
StartFenced(p) ==
    /\ FencedStart
    /\ pc[p] = "planned"
    /\ claim # p
    /\ pc' = [pc EXCEPT ![p] = "idle"]
    /\ plan' = [plan EXCEPT ![p] = 0]
    /\ UNCHANGED <<sent, taken, claim, ttl, runs>>

\* The run ends and its process releases the claim, if it still holds it.
Finish(p) ==
    /\ pc[p] = "running"
    /\ pc' = [pc EXCEPT ![p] = "idle"]
    /\ plan' = [plan EXCEPT ![p] = 0]
    /\ ReleaseClaim(p)
    /\ UNCHANGED <<sent, taken, runs>>

\* The storage clock runs the claim's TTL down while its holder lives.
Tick ==
    /\ claim # "none"
    /\ ttl = 1
    /\ ttl' = 0
    /\ UNCHANGED <<sent, taken, claim, pc, plan, runs>>

Next ==
    \/ Send
    \/ Tick
    \/ \E p \in Procs :
        \/ Acquire(p) \/ ClaimedAsInterrupted(p) \/ Plan(p)
        \/ RunStart(p) \/ StartFenced(p) \/ Finish(p)

Spec == Init /\ [][Next]_vars

\* I1: every message is consumed by at most one run.
I1_ConsumedAtMostOnce == \A i \in Msgs : runs[i] <= 1

\* I1: the cursor skips no message: each one it passed was consumed.
I1_NoneSkipped == \A i \in 1..taken : runs[i] = 1

\* I3: a live claim belongs to a process that is doing something with it.
I3_ClaimHasATask == (claim # "none" /\ ttl > 0) => pc[claim] # "idle"

\* Witnesses: each claims a behaviour never happens; each must be violated.
NeverLapsed == ~(claim # "none" /\ ttl = 0)
NeverConsumed == taken = 0
NeverStaleStart == ~(\E p \in Procs : pc[p] = "planned" /\ claim \notin {p, "none"})
=============================================================================
