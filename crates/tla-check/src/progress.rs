//! Progress of a long search: on a terminal a line on stderr, rewritten in place every few
//! seconds and erased at the end; otherwise TLC's `Progress(...)` lines on stdout, first
//! after about 3 s, then every minute (TLC's default interval).

use crate::merge::Explored;
use std::io::Write;
use std::time::{Duration, Instant, SystemTime};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ProgressMode {
    /// Nothing (a `--json` run, tests, `--progress never`).
    #[default]
    Never,
    /// A line on stderr, rewritten in place.
    Terminal,
    /// TLC's `Progress(...)` lines on stdout.
    Tlc,
}

/// TLC's line before it computes the initial states (EC.TLC_COMPUTING_INIT).
pub const COMPUTING_INITIAL_STATES: &str = "Computing initial states...";

/// TLC's line once they are computed (EC.TLC_INIT_GENERATED1).
pub fn initial_states_line(count: u64, at: SystemTime) -> String {
    let states = if count == 1 { "state" } else { "states" };
    format!(
        "Finished computing initial states: {count} distinct {states} generated at {}.",
        crate::tlc_text::timestamp(at)
    )
}

const TERMINAL_EVERY: Duration = Duration::from_secs(2);
const TLC_FIRST: Duration = Duration::from_secs(3);
const TLC_EVERY: Duration = Duration::from_secs(60);

pub struct Progress {
    mode: ProgressMode,
    start: Instant,
    last: Instant,
    last_generated: u64,
    last_distinct: u64,
    reported: bool,
    /// A terminal line is showing (erase it at the end).
    shown: bool,
    /// TLC's -coverage N: minutes between coverage reports among the progress lines.
    pub coverage_every: Option<u64>,
    last_coverage: Instant,
}

impl Progress {
    pub fn new(mode: ProgressMode) -> Self {
        let now = Instant::now();
        Progress {
            mode,
            start: now,
            last: now,
            last_generated: 0,
            last_distinct: 0,
            reported: false,
            shown: false,
            coverage_every: None,
            last_coverage: now,
        }
    }

    /// Called for each explored state (one worker) or after a parallel pass over a level;
    /// reports when it is time. The clock is read at every call (tens of nanoseconds): a
    /// model whose states take a second each still gets TLC's line every minute.
    pub fn tick(&mut self, ex: &mut Explored, depth: u32) {
        if self.mode == ProgressMode::Never {
            return;
        }
        let now = Instant::now();
        let due = match self.mode {
            ProgressMode::Never => return,
            ProgressMode::Terminal => now - self.last >= TERMINAL_EVERY,
            ProgressMode::Tlc if !self.reported => now - self.start >= TLC_FIRST,
            ProgressMode::Tlc => now - self.last >= TLC_EVERY,
        };
        if !due {
            return;
        }
        let secs = (now - self.last).as_secs_f64().max(1e-9);
        let (generated, distinct) = (ex.generated, ex.distinct());
        let per_s = (generated - self.last_generated) as f64 / secs;
        let distinct_per_s = (distinct - self.last_distinct) as f64 / secs;
        let depth = ex.depth.max(depth as u64);
        if self.mode == ProgressMode::Terminal {
            let line = format!(
                "\r{:.0} states/s, {} distinct ({:.0}/s), {} on queue, depth {}, {:.0}s\x1b[K",
                per_s,
                distinct,
                distinct_per_s,
                ex.left_on_queue(),
                depth,
                (now - self.start).as_secs_f64()
            );
            let mut err = std::io::stderr().lock();
            let _ = err.write_all(line.as_bytes());
            let _ = err.flush();
            self.shown = true;
        } else {
            println!(
                "Progress({depth}) at {}: {} states generated ({} s/min), {} distinct states found ({} ds/min), {} states left on queue.",
                crate::tlc_text::timestamp(SystemTime::now()),
                grouped(generated),
                grouped((per_s * 60.0) as u64),
                grouped(distinct),
                grouped((distinct_per_s * 60.0) as u64),
                grouped(ex.left_on_queue()),
            );
            self.coverage_if_due(ex, now);
        }
        self.reported = true;
        self.last = now;
        self.last_generated = generated;
        self.last_distinct = distinct;
    }
}

impl Progress {
    /// TLC's periodic coverage report, after a progress line every N minutes.
    fn coverage_if_due(&mut self, ex: &mut Explored, now: Instant) {
        let Some(minutes) = self.coverage_every else {
            return;
        };
        if now - self.last_coverage < Duration::from_secs(60 * minutes) {
            return;
        }
        self.last_coverage = now;
        let spec = ex.spec();
        if let Some(c) = &mut ex.coverage {
            let date = crate::tlc_text::timestamp(SystemTime::now());
            for (_, line) in c.report(spec).lines_at(&date) {
                println!("{line}");
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.shown {
            let _ = std::io::stderr().write_all(b"\r\x1b[K");
        }
    }
}

/// `MP.format`: thousands separated by commas.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands_as_tlc() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(11238019), "11,238,019");
    }

    #[test]
    fn date_has_tlc_shape() {
        let t = crate::tlc_text::timestamp(SystemTime::now());
        assert_eq!(t.len(), 19, "{t}");
        assert_eq!(&t[4..5], "-");
        assert_eq!(&t[10..11], " ");
        assert!(t.starts_with("20"), "{t}");
    }
}
