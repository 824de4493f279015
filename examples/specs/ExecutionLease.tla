--------------------------- MODULE ExecutionLease ---------------------------
(***************************************************************************)
(* One turn's execution lease and one durable execution step whose replay  *)
(* policy is "never": its external effect (an email, a payment) must run   *)
(* at most once.  A worker claims the lease with a new generation, marks   *)
(* the step running, runs the effect, and commits the step done.  Every    *)
(* write to the step row is fenced: it commits only while its worker owns  *)
(* the live lease generation.  A lease expires while its worker still      *)
(* runs: the deposed worker keeps going until a fenced write refuses it.   *)
(* A new owner that finds the step running under an older generation       *)
(* replays it only if the step's policy allows, else abandons it.          *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS Workers,              \* the workers that may claim the lease
          MaxGen,               \* bound on lease generations
          RespectReplayPolicy,  \* FALSE: the unguarded variant replays regardless
          PolicyCanFlip         \* TRUE: a deploy may change the tool's policy to "always"

VARIABLES owner,     \* who holds the lease, or "none"
          leaseGen,  \* the lease's generation, bumped on every claim
          expired,   \* the lease has expired
          wgen,      \* wgen[w]: the generation w claimed, 0 if none
          pc,        \* pc[w]: where w is in running the step
          step,      \* the step row's status
          stepGen,   \* the generation of the step row's last write, 0 if none
          effects,   \* how many times the external effect ran
          policy     \* the replay policy the code looks up for the step's tool

vars == <<owner, leaseGen, expired, wgen, pc, step, stepGen, effects, policy>>

TypeOK ==
    /\ owner \in Workers \cup {"none"}
    /\ leaseGen \in 0..MaxGen
    /\ expired \in BOOLEAN
    /\ wgen \in [Workers -> 0..MaxGen]
    /\ pc \in [Workers -> {"idle", "effect", "commit"}]
    /\ step \in {"pending", "running", "done", "abandoned"}
    /\ stepGen \in 0..MaxGen
    /\ effects \in 0..MaxGen
    /\ policy \in {"never", "always"}

Init ==
    /\ owner = "none"
    /\ leaseGen = 0
    /\ expired = FALSE
    /\ wgen = [w \in Workers |-> 0]
    /\ pc = [w \in Workers |-> "idle"]
    /\ step = "pending"
    /\ stepGen = 0
    /\ effects = 0
    /\ policy = "never"

\* w owns the live lease generation: the fence every step-row write checks.
Holds(w) == owner = w /\ wgen[w] = leaseGen /\ ~expired

Claim(w) ==
    /\ leaseGen < MaxGen
    /\ owner = "none" \/ expired
    /\ pc[w] = "idle"
    /\ owner' = w
    /\ leaseGen' = leaseGen + 1
    /\ expired' = FALSE
    /\ wgen' = [wgen EXCEPT ![w] = leaseGen + 1]
    /\ UNCHANGED <<pc, step, stepGen, effects, policy>>

Expire ==
    /\ owner # "none"
    /\ ~expired
    /\ expired' = TRUE
    /\ UNCHANGED <<owner, leaseGen, wgen, pc, step, stepGen, effects, policy>>

\* The owner marks a pending step running, in a fenced write.
Start(w) ==
    /\ Holds(w)
    /\ pc[w] = "idle"
    /\ step = "pending"
    /\ step' = "running"
    /\ stepGen' = wgen[w]
    /\ pc' = [pc EXCEPT ![w] = "effect"]
    /\ UNCHANGED <<owner, leaseGen, expired, wgen, effects, policy>>

\* A new owner finds the step running under an older generation: it replays
\* it if the policy allows, else abandons it.
Recover(w) ==
    /\ Holds(w)
    /\ pc[w] = "idle"
    /\ step = "running"
    /\ stepGen < wgen[w]
    /\ stepGen' = wgen[w]
    /\ IF RespectReplayPolicy /\ policy = "never"
          THEN /\ step' = "abandoned"
               /\ UNCHANGED pc
          ELSE /\ step' = "running"
               /\ pc' = [pc EXCEPT ![w] = "effect"]
    /\ UNCHANGED <<owner, leaseGen, expired, wgen, effects, policy>>

\* The external effect is not fenced: a deposed worker still runs it.
Effect(w) ==
    /\ pc[w] = "effect"
    /\ effects' = effects + 1
    /\ pc' = [pc EXCEPT ![w] = "commit"]
    /\ UNCHANGED <<owner, leaseGen, expired, wgen, step, stepGen, policy>>

Commit(w) ==
    /\ pc[w] = "commit"
    /\ Holds(w)
    /\ step' = "done"
    /\ stepGen' = wgen[w]
    /\ pc' = [pc EXCEPT ![w] = "idle"]
    /\ UNCHANGED <<owner, leaseGen, expired, wgen, effects, policy>>

\* The fenced commit finds the lease gone: the deposed worker stops.
CommitRefused(w) ==
    /\ pc[w] = "commit"
    /\ ~Holds(w)
    /\ pc' = [pc EXCEPT ![w] = "idle"]
    /\ UNCHANGED <<owner, leaseGen, expired, wgen, step, stepGen, effects, policy>>

\* A deploy changes the tool's replay policy.
FlipPolicy ==
    /\ PolicyCanFlip
    /\ policy = "never"
    /\ policy' = "always"
    /\ UNCHANGED <<owner, leaseGen, expired, wgen, pc, step, stepGen, effects>>

Next ==
    \/ Expire
    \/ FlipPolicy
    \/ \E w \in Workers :
        Claim(w) \/ Start(w) \/ Recover(w) \/ Effect(w) \/ Commit(w) \/ CommitRefused(w)

Spec == Init /\ [][Next]_vars

\* P8: a step whose policy is "never" runs its effect at most once.
P8 == effects <= 1

\* P1: only the owner of the live lease generation writes the step row.
P1 == [][step' # step \/ stepGen' # stepGen =>
            \E w \in Workers : Holds(w) /\ stepGen' = wgen[w]]_<<step, stepGen>>

\* P6: a finished step is never resurrected.
P6 == [][(step \in {"done", "abandoned"}) => step' = step]_step

\* Witnesses: each claims a behaviour never happens; each must be violated.
NeverDeposedRunning == \A w \in Workers : pc[w] # "idle" => Holds(w)
NeverDone == step # "done"
NeverAbandoned == step # "abandoned"
=============================================================================
