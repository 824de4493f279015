---- MODULE LogShip ----
\* Log shipping between two processes: the primary writes records 1, 2, ... to its log and
\* ships each over a link to the replica, which applies them and acknowledges each; the
\* primary commits a record once the replica acknowledged it. With Reorder the link may
\* deliver any record first (a negative control: the replica then applies out of order).
EXTENDS Naturals, Sequences
CONSTANTS MaxRecords, Reorder
VARIABLES written, link, applied, acks, committed
vars == <<written, link, applied, acks, committed>>

Init == /\ written = 0
        /\ link = <<>>
        /\ applied = 0
        /\ acks = <<>>
        /\ committed = 0

\* The primary writes the next record and ships it.
Write == /\ written < MaxRecords
         /\ written' = written + 1
         /\ link' = Append(link, written + 1)
         /\ UNCHANGED <<applied, acks, committed>>

\* The link drops the i-th record it carries.
Without(s, i) == [j \in 1..(Len(s) - 1) |-> IF j < i THEN s[j] ELSE s[j + 1]]

\* The replica applies the record the link delivers (the oldest, unless Reorder) and acks it.
Apply == /\ link # <<>>
         /\ \E i \in 1..(IF Reorder THEN Len(link) ELSE 1) :
               /\ applied' = link[i]
               /\ link' = Without(link, i)
               /\ acks' = Append(acks, link[i])
         /\ UNCHANGED <<written, committed>>

\* The primary commits the record the oldest ack names.
Commit == /\ acks # <<>>
          /\ committed' = Head(acks)
          /\ acks' = Tail(acks)
          /\ UNCHANGED <<written, link, applied>>

Next == Write \/ Apply \/ Commit
Spec == Init /\ [][Next]_vars

TypeOK == /\ written \in 0..MaxRecords
          /\ applied \in 0..MaxRecords
          /\ committed \in 0..MaxRecords
          /\ link \in Seq(1..MaxRecords)
          /\ acks \in Seq(1..MaxRecords)

\* The replica applies records in order: the link holds exactly the ones after it.
AppliedInOrder == \A i \in 1..Len(link) : link[i] = applied + i

\* Nothing is committed before the replica applied it.
CommittedIsApplied == committed <= applied
====
