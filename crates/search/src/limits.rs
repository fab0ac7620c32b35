//! How long a search may run: one [`Limits`] value, and the time bounds it
//! gives.

use std::time::Duration;

/// When a search stops (besides a caller's stop flag, which always stops
/// it). Every limit is checked inside every iteration, the first and the
/// quiescence search included; a search stopped before any iteration
/// finished answers with the first move of its ordering, so it always has a
/// legal move to return. Where the side to move has a single legal move, a
/// timed search answers after the first iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// Search every depth up to this one (at least 1).
    Depth(u32),
    /// Stop after this many nodes: exactly, with one thread; with more,
    /// each thread may add up to 1024 it has not yet counted.
    Nodes(u64),
    /// Think for this long.
    MoveTime(Duration),
    /// A game clock: the time left for the rest of the game and the
    /// increment added after each move. The searcher spends a share of it
    /// (a soft bound, after which it starts no new depth) and never more
    /// than a hard bound.
    Clock {
        /// Time left on the side to move's clock.
        remaining: Duration,
        /// Time added to the clock after each move.
        increment: Duration,
    },
    /// Until the caller's stop flag is set (or the maximum depth).
    Infinite,
}

/// Kept back from the clock for the time it takes to answer.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(20);
/// The share of the remaining time planned for one move, as if this many
/// moves were left to play.
const MOVES_TO_GO: u32 = 25;

impl Limits {
    /// The deepest iteration to search.
    pub fn max_depth(self) -> u32 {
        match self {
            Limits::Depth(d) => d.clamp(1, crate::MAX_DEPTH),
            _ => crate::MAX_DEPTH,
        }
    }

    /// The node budget, if there is one.
    pub fn max_nodes(self) -> Option<u64> {
        match self {
            Limits::Nodes(n) => Some(n),
            _ => None,
        }
    }

    /// Whether the limit is one of time (an answer is wanted soon).
    pub fn is_timed(self) -> bool {
        matches!(self, Limits::MoveTime(_) | Limits::Clock { .. })
    }

    /// `(soft, hard)`: after the soft bound no new depth is started; at the
    /// hard bound the search is abandoned and the best move of the deepest
    /// finished depth (or a better one found since) is returned.
    pub fn time_bounds(self) -> Option<(Duration, Duration)> {
        match self {
            Limits::MoveTime(t) => Some((t, t)),
            Limits::Clock {
                remaining,
                increment,
            } => {
                let available = remaining.saturating_sub(CLOCK_OVERHEAD);
                let soft = (remaining / MOVES_TO_GO + increment * 3 / 4).min(available / 2);
                let hard = (soft * 4).min(available / 3 + increment).min(available);
                Some((soft.min(hard), hard))
            }
            _ => None,
        }
    }

    /// The soft bound after the iterations so far: a clock's scaled by
    /// `scale` (from [`Stability::finished`]; never past the hard bound); a fixed
    /// move time's as it is, since a move time is a promise to think
    /// that long.
    pub(crate) fn soft_bound(self, soft: Duration, hard: Duration, scale: f64) -> Duration {
        match self {
            Limits::Clock { .. } => soft.mul_f64(scale).min(hard),
            _ => soft,
        }
    }
}

/// How much of a clock's soft bound one move spends, from how the
/// iterations went: a best move that keeps changing, or a score that
/// falls, asks for more time; a best move that has stood for several
/// iterations for less. Only a game clock's soft bound is scaled (see
/// [`Limits::soft_bound`]): a fixed move time is spent in full, and the
/// hard bound is never passed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stability {
    /// Best-move changes, halved after each iteration (so recent changes
    /// count most).
    changes: f64,
    /// Iterations in a row that kept the best move.
    kept: u32,
    /// The score of the iteration before, from the side to move's view.
    previous: Option<i32>,
}

impl Stability {
    /// The fewest and the most of the soft bound one move may spend.
    pub(crate) const MIN_SCALE: f64 = 0.4;
    pub(crate) const MAX_SCALE: f64 = 2.5;

    /// Records a finished iteration (`changed`: its best move differs from
    /// the iteration before's; `score` from the side to move's view) and
    /// returns the new scale of the soft bound.
    pub(crate) fn finished(&mut self, changed: bool, score: i32) -> f64 {
        self.changes = self.changes / 2.0 + f64::from(u8::from(changed));
        self.kept = if changed { 0 } else { self.kept + 1 };
        // A best move that has stood for five iterations or more takes
        // about half the time; one that changed in each of the last few,
        // up to 2.5 times as much (the clamp below).
        let instability = 1.0 + 0.9 * self.changes;
        let settled = match self.kept {
            0..=2 => 1.0,
            3 => 0.8,
            4 => 0.65,
            _ => 0.55,
        };
        // A score that fell since the iteration before (a threat the last
        // depth found) asks for up to half as much again; one that rose, a
        // little less.
        let falling = match self.previous {
            Some(previous) => (1.0 + f64::from(previous - score) / 200.0).clamp(0.85, 1.5),
            None => 1.0,
        };
        self.previous = Some(score);
        (instability * settled * falling).clamp(Self::MIN_SCALE, Self::MAX_SCALE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_bounds_are_a_share_of_the_clock() {
        let limits = Limits::Clock {
            remaining: Duration::from_secs(60),
            increment: Duration::from_secs(1),
        };
        let (soft, hard) = limits.time_bounds().unwrap();
        assert!(soft >= Duration::from_secs(2) && soft <= Duration::from_secs(4));
        assert!(hard >= soft && hard <= Duration::from_secs(20));
        // Nearly out of time: never more than what is left.
        let short = Limits::Clock {
            remaining: Duration::from_millis(30),
            increment: Duration::ZERO,
        };
        let (soft, hard) = short.time_bounds().unwrap();
        assert!(soft <= hard && hard <= Duration::from_millis(10));
    }

    #[test]
    fn a_settled_best_move_spends_less_and_a_changing_one_more() {
        let mut settled = Stability::default();
        let mut scale = 1.0;
        for _ in 0..8 {
            scale = settled.finished(false, 30);
        }
        assert!(scale < 0.7, "{scale}");
        let mut changing = Stability::default();
        for i in 0..8 {
            scale = changing.finished(i >= 6, 30);
        }
        assert!(scale > 1.5, "{scale}");
        // A falling score spends more than the same iteration with a
        // steady one.
        let mut falling = Stability::default();
        falling.finished(false, 100);
        let fell = falling.finished(false, 0);
        let mut steady = Stability::default();
        steady.finished(false, 100);
        assert!(fell > steady.finished(false, 100));
        // Never beyond the bounds, however wild the search.
        let mut wild = Stability::default();
        for i in 0..20 {
            let s = wild.finished(true, if i % 2 == 0 { 1000 } else { -1000 });
            assert!((Stability::MIN_SCALE..=Stability::MAX_SCALE).contains(&s));
        }
    }

    #[test]
    fn only_a_clock_soft_bound_is_scaled() {
        let mut stability = Stability::default();
        let mut settled = 1.0;
        for _ in 0..8 {
            settled = stability.finished(false, 0);
        }
        let soft = Duration::from_millis(100);
        let hard = Duration::from_millis(150);
        let movetime = Limits::MoveTime(soft);
        assert_eq!(movetime.soft_bound(soft, soft, settled), soft);
        let clock = Limits::Clock {
            remaining: Duration::from_secs(3),
            increment: Duration::ZERO,
        };
        assert!(clock.soft_bound(soft, hard, settled) < soft);
        let mut unstable = Stability::default();
        let mut changing = 1.0;
        for _ in 0..8 {
            changing = unstable.finished(true, 0);
        }
        // Scaled up, but never past the hard bound.
        assert_eq!(clock.soft_bound(soft, hard, changing), hard);
    }

    #[test]
    fn depth_and_nodes() {
        assert_eq!(Limits::Depth(0).max_depth(), 1);
        assert_eq!(Limits::Depth(7).max_depth(), 7);
        assert_eq!(Limits::Nodes(5).max_nodes(), Some(5));
        assert_eq!(Limits::Depth(5).time_bounds(), None);
        assert!(Limits::MoveTime(Duration::from_millis(5)).is_timed());
    }
}
