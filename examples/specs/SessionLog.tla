----------------------------- MODULE SessionLog -----------------------------
(***************************************************************************)
(* An append-only session log.  The writer appends whole lines to the      *)
(* page cache, fsyncs them, and only then acknowledges them to its client. *)
(* A machine crash keeps the durable prefix, any prefix of what was still  *)
(* in the page cache, and maybe half of the next line (a torn tail).       *)
(* Opening the log after a crash truncates a torn tail before appending.   *)
(*                                                                         *)
(* Lines are counted, not stored: line i is the i-th line ever appended,   *)
(* so "written" is the length of the file and "durable" its synced prefix. *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS MaxLines,      \* bound on the log's length
          AckOnWrite,    \* TRUE: the unguarded variant acknowledges before fsync
          FsyncCanFail   \* TRUE: an fsync may fail and the kernel drop dirty pages

VARIABLES written,   \* whole lines in the file (page cache and disk)
          durable,   \* lines the disk is known to hold
          acked,     \* lines acknowledged to the client
          torn,      \* the file ends in half a line
          dropped,   \* a failed fsync dropped the dirty pages (they never reach disk)
          isOpen,    \* the writer has the log open
          crashed    \* a machine crash happened (the model allows one)

vars == <<written, durable, acked, torn, dropped, isOpen, crashed>>

TypeOK ==
    /\ written \in 0..MaxLines
    /\ durable \in 0..written
    /\ acked \in 0..MaxLines
    /\ torn \in BOOLEAN
    /\ dropped \in BOOLEAN
    /\ isOpen \in BOOLEAN
    /\ crashed \in BOOLEAN

Init ==
    /\ written = 0
    /\ durable = 0
    /\ acked = 0
    /\ torn = FALSE
    /\ dropped = FALSE
    /\ isOpen = TRUE
    /\ crashed = FALSE

Append ==
    /\ isOpen
    /\ written < MaxLines
    /\ written' = written + 1
    /\ acked' = IF AckOnWrite THEN written + 1 ELSE acked
    /\ UNCHANGED <<durable, torn, dropped, isOpen, crashed>>

\* fsync returns, then the writer acknowledges every line it has written.
\* After a failed fsync dropped the dirty pages, a later fsync succeeds
\* without writing them (Linux marks them clean).
Fsync ==
    /\ isOpen
    /\ durable < written
    /\ durable' = IF dropped THEN durable ELSE written
    /\ acked' = written
    /\ UNCHANGED <<written, torn, dropped, isOpen, crashed>>

\* fsync reports an error; the writer retries it later.
FsyncFail ==
    /\ FsyncCanFail
    /\ isOpen
    /\ ~dropped
    /\ durable < written
    /\ dropped' = TRUE
    /\ UNCHANGED <<written, durable, acked, torn, isOpen, crashed>>

\* The machine goes down: the durable lines survive, then any prefix of the
\* rest, then maybe half of the next line.
Crash ==
    /\ ~crashed
    /\ \E k \in durable..written :
        /\ written' = k
        /\ durable' = k
        /\ torn' \in IF k < written THEN BOOLEAN ELSE {FALSE}
    /\ dropped' = FALSE
    /\ isOpen' = FALSE
    /\ crashed' = TRUE
    /\ UNCHANGED acked

\* Opening the log truncates a torn tail.
Open ==
    /\ ~isOpen
    /\ torn' = FALSE
    /\ isOpen' = TRUE
    /\ UNCHANGED <<written, durable, acked, dropped, crashed>>

Next == Append \/ Fsync \/ FsyncFail \/ Crash \/ Open

Spec == Init /\ [][Next]_vars

\* Every acknowledged line is in the file, crash or not.
AckedSurvive == acked <= written

\* The writer never appends after a torn line.
OpenIsClean == isOpen => ~torn

\* The log only shrinks in the step that crashes the machine.
AppendOnly == [][written' < written => ~crashed /\ crashed']_written

\* Witnesses: each claims a behaviour never happens; each must be violated.
NeverCrashed == ~crashed
NeverTorn == ~torn
NeverReopened == ~(crashed /\ isOpen)
=============================================================================
