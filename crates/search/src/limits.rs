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
    /// Stop after about this many nodes (checked every 1024 nodes).
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
    fn depth_and_nodes() {
        assert_eq!(Limits::Depth(0).max_depth(), 1);
        assert_eq!(Limits::Depth(7).max_depth(), 7);
        assert_eq!(Limits::Nodes(5).max_nodes(), Some(5));
        assert_eq!(Limits::Depth(5).time_bounds(), None);
        assert!(Limits::MoveTime(Duration::from_millis(5)).is_timed());
    }
}
