---- MODULE MCLogShip ----
\* The model of LogShip that the suite checks, in the TLA+ Toolbox's layout: the constants'
\* values and the properties are definitions here, which the .cfg files name as overrides.
EXTENDS LogShip, TLC

const_MaxRecords == 3
const_InOrder == FALSE
const_Reordering == TRUE

\* Both safety properties as one invariant.
inv_Safety == AppliedInOrder /\ CommittedIsApplied

\* Witnesses: each is violated by a short behaviour, so the check reaches that far.
NeverCommitted == committed = 0
NeverAllCommitted == committed < MaxRecords
====
