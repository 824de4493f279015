//! TLC's success line `The average outdegree of the complete state graph is N (minimum is A,
//! the maximum B and the 95th percentile is C).`
//!
//! # TLC facts (tlc2/tool/Worker.java, ModelChecker.printSummary,
//! tlc2/util/statistics/FixedSizedBucketStatistics.java, AbstractBucketStatistics.java)
//!
//! * Each worker, after expanding a state, adds one sample: the number of its successors that
//!   were new (in the model, not seen before). Samples go into 32 buckets; 31 and more share
//!   the last one, and every figure is read from the buckets (a state with 40 new successors
//!   counts as 31, in the mean too).
//! * Printed after the depth line of a successful search when there was a sample: minimum and
//!   maximum are the smallest and largest non-empty buckets, the mean is `Math.round` of the
//!   buckets' mean, the 95th percentile the first bucket whose running count exceeds
//!   `(int)(samples * 0.95)`.
//! * Which parent a new state counts for is the one-worker search's (TLC's own figure varies
//!   with its workers' timing; ours is that of `-workers 1` at any `--workers`).

use crate::result::OutDegreeFigures;

const BUCKETS: usize = 32;

/// The samples collected so far: the new successors of each expanded state.
#[derive(Clone, Debug, Default)]
pub struct OutDegree {
    buckets: [u64; BUCKETS],
    /// States whose expansion ended (each is one sample, zero unless it had new successors).
    expanded: u64,
    /// Parents counted into `buckets` so far.
    with_children: u64,
    /// The parent whose new successors are being counted (they come one parent after the
    /// other) and how many it has so far.
    current: Option<(u32, u64)>,
}

impl OutDegree {
    /// A new state found as a successor of the state numbered `parent`.
    pub fn child_of(&mut self, parent: u32) {
        match &mut self.current {
            Some((p, n)) if *p == parent => *n += 1,
            _ => {
                self.flush();
                self.current = Some((parent, 1));
            }
        }
    }

    /// `n` more states have been expanded.
    pub fn expanded(&mut self, n: u64) {
        self.expanded += n;
    }

    fn flush(&mut self) {
        if let Some((_, n)) = self.current.take() {
            self.buckets[(n as usize).min(BUCKETS - 1)] += 1;
            self.with_children += 1;
        }
    }

    /// The figures, None without a sample.
    pub fn figures(&self) -> Option<OutDegreeFigures> {
        let mut all = self.clone();
        all.flush();
        // The expanded states with no new successor.
        all.buckets[0] += all.expanded.saturating_sub(all.with_children);
        let samples: u64 = all.buckets.iter().sum();
        if samples == 0 {
            return None;
        }
        let filled = || (0..BUCKETS).filter(|&i| all.buckets[i] > 0);
        let sum: u64 = (0..BUCKETS).map(|i| i as u64 * all.buckets[i]).sum();
        // Java's Math.round: half up.
        let mean = (sum as f64 / samples as f64 + 0.5).floor() as u64;
        let pos = (samples as f64 * 0.95) as u64;
        let mut running = 0;
        let p95 = filled()
            .find(|&i| {
                running += all.buckets[i];
                running > pos
            })
            .unwrap_or(0);
        Some(OutDegreeFigures {
            min: filled().next().unwrap_or(0) as u64,
            mean,
            p95: p95 as u64,
            max: filled().next_back().unwrap_or(0) as u64,
        })
    }
}

impl OutDegreeFigures {
    pub fn line(&self) -> String {
        format!(
            "The average outdegree of the complete state graph is {} (minimum is {}, the maximum {} and the 95th percentile is {}).",
            self.mean, self.min, self.max, self.p95
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_read_from_capped_buckets() {
        // C1 of the coverage tests: 8 states expanded, 6 of them with one new successor;
        // TLC prints "is 1 (minimum is 0, the maximum 1 and the 95th percentile is 1)".
        let mut o = OutDegree::default();
        for p in [0, 1, 2, 3, 4, 5] {
            o.child_of(p);
        }
        o.expanded(8);
        let f = o.figures().expect("samples");
        assert_eq!((f.min, f.mean, f.p95, f.max), (0, 1, 1, 1));
        // One state with 40 new successors counts as 31.
        let mut o = OutDegree::default();
        for _ in 0..40 {
            o.child_of(0);
        }
        o.expanded(1);
        let f = o.figures().expect("samples");
        assert_eq!((f.min, f.mean, f.p95, f.max), (31, 31, 31, 31));
        assert_eq!(OutDegree::default().figures(), None);
    }
}
