//! Log shipping between two processes (`examples/mc-suite/LogShip.tla`): the primary writes
//! records and ships them over a FIFO link, the replica applies each and acknowledges it, and
//! the primary commits a record once acknowledged. Each process keeps a vector clock, as the
//! logs in `examples/mc-suite/traces` carry: a send carries the sender's clock, a receive
//! merges it.

use std::collections::VecDeque;

/// A vector clock over the two processes: (primary, replica).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Clock(pub u64, pub u64);

impl Clock {
    fn merge(self, other: Clock) -> Clock {
        Clock(self.0.max(other.0), self.1.max(other.1))
    }
}

#[derive(Debug, Default)]
pub struct Primary {
    pub written: u64,
    pub committed: u64,
    pub clock: Clock,
}

#[derive(Debug, Default)]
pub struct Replica {
    pub applied: u64,
    pub clock: Clock,
}

/// A message on the link or the ack channel, with the sender's clock.
pub type Message = (u64, Clock);

/// The primary writes the next record and ships it.
pub fn write(p: &mut Primary, link: &mut VecDeque<Message>) {
    p.written += 1;
    p.clock.0 += 1;
    link.push_back((p.written, p.clock));
}

/// The replica applies the oldest record on the link and acknowledges it.
pub fn apply(r: &mut Replica, link: &mut VecDeque<Message>, acks: &mut VecDeque<Message>) {
    if let Some((record, sent)) = link.pop_front() {
        r.clock = r.clock.merge(sent);
        r.clock.1 += 1;
        r.applied = record;
        acks.push_back((record, r.clock));
    }
}

/// The primary commits the record the oldest ack names.
pub fn commit(p: &mut Primary, acks: &mut VecDeque<Message>) {
    if let Some((record, sent)) = acks.pop_front() {
        p.clock = p.clock.merge(sent);
        p.clock.0 += 1;
        p.committed = record;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run `examples/mc-suite/traces/primary.ndjson` and `replica.ndjson` log: the
    /// clocks each step leaves.
    #[test]
    fn the_logged_run_and_its_clocks() {
        let (mut p, mut r) = (Primary::default(), Replica::default());
        let (mut link, mut acks) = (VecDeque::new(), VecDeque::new());
        write(&mut p, &mut link);
        write(&mut p, &mut link);
        apply(&mut r, &mut link, &mut acks);
        assert_eq!(r.clock, Clock(1, 1));
        commit(&mut p, &mut acks);
        assert_eq!((p.committed, p.clock), (1, Clock(3, 1)));
        write(&mut p, &mut link);
        assert_eq!(p.clock, Clock(4, 1));
        apply(&mut r, &mut link, &mut acks);
        assert_eq!((r.applied, r.clock), (2, Clock(2, 2)));
        apply(&mut r, &mut link, &mut acks);
        assert_eq!((r.applied, r.clock), (3, Clock(4, 3)));
        commit(&mut p, &mut acks);
        commit(&mut p, &mut acks);
        assert_eq!((p.committed, p.clock), (3, Clock(6, 3)));
    }
}
