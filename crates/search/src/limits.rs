//! How far and how long a search may go: one [`Limits`] value; the one
//! function that reads every way of asking for one ([`LimitRequest`]: a
//! command's flags, an engine spec, the Hub's `level`, Python's keyword
//! arguments) with the one range of each number ([`MAX_DEPTH`],
//! [`MAX_NODES`], [`MAX_SECONDS`]); and the time budget a search computes
//! once from its limits ([`TimeBudget`]).

use crate::MAX_DEPTH;
use parlour_game::echo::{echo, number};
use std::time::Duration;

/// The most nodes a search may be given: a quadrillion, years of search.
pub const MAX_NODES: u64 = 1_000_000_000_000_000;

/// The longest time (a move's, a clock's, an increment) in seconds,
/// exclusive: about 31 years, far below what a duration can hold.
pub const MAX_SECONDS: f64 = 1e9;

/// When a search stops (besides a caller's stop flag, which always stops
/// it): at a depth, a node budget, a time, whichever comes first; with
/// none of them, only at the stop flag (or [`MAX_DEPTH`]). Every limit is
/// checked inside every iteration, the first and the quiescence search
/// included; a search stopped before any iteration finished answers with
/// the first move of its ordering, so it always has a legal move to
/// return. Where the side to move has a single legal move, a timed search
/// answers after the first iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (1 to [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Stop after this many nodes: exactly, with one thread; with more,
    /// each thread may add up to 1024 it has not yet counted.
    pub nodes: Option<u64>,
    /// A time per move or a game clock.
    pub time: Option<TimeLimit>,
    /// Solve: stop at the first finished depth whose score is proven (a
    /// win or loss found by the search or the endgame databases; see
    /// [`Score::is_proven`](crate::Score::is_proven)), whatever limit is
    /// left.
    pub until_proven: bool,
}

/// A search's time: for one move, or on a game clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
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
}

impl Limits {
    /// No limit: until the caller's stop flag is set (or [`MAX_DEPTH`]).
    pub const INFINITE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
        until_proven: false,
    };

    /// Every depth up to `depth`.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::INFINITE
        }
    }

    /// A node budget.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::INFINITE
        }
    }

    /// A time per move.
    pub const fn movetime(time: Duration) -> Limits {
        Limits {
            time: Some(TimeLimit::MoveTime(time)),
            ..Limits::INFINITE
        }
    }

    /// A game clock with `remaining` left and `increment` a move.
    pub const fn clock(remaining: Duration, increment: Duration) -> Limits {
        Limits {
            time: Some(TimeLimit::Clock {
                remaining,
                increment,
            }),
            ..Limits::INFINITE
        }
    }

    /// These limits, stopping once the root's value is proven (solve).
    pub const fn until_proven(self) -> Limits {
        Limits {
            until_proven: true,
            ..self
        }
    }

    /// These limits with `time` as their time (none: no time limit).
    pub const fn with_time(self, time: Option<TimeLimit>) -> Limits {
        Limits { time, ..self }
    }

    /// The deepest iteration to search.
    pub fn max_depth(self) -> u32 {
        self.depth.map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH))
    }

    /// The node budget, if there is one.
    pub fn max_nodes(self) -> Option<u64> {
        self.nodes
    }

    /// Whether a time is set (an answer is wanted soon).
    pub fn is_timed(self) -> bool {
        self.time.is_some()
    }
}

/// Kept back from the clock for the time it takes to answer.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(20);
/// The share of the remaining time planned for one move, as if this many
/// moves were left to play.
const MOVES_TO_GO: u32 = 25;

/// The time a search may spend, computed once when it starts: after the
/// soft bound it starts no new depth; at the hard bound it is abandoned
/// and the best move of the deepest finished depth (or a better one found
/// since) is returned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TimeBudget {
    soft: Duration,
    /// The hard bound.
    pub hard: Duration,
    /// Whether the soft bound moves with how settled the search is: on a
    /// clock, yes; a time per move is a promise to think that long.
    scales: bool,
}

impl TimeBudget {
    /// The budget of a search under `time`.
    pub(crate) fn of(time: TimeLimit) -> TimeBudget {
        match time {
            TimeLimit::MoveTime(t) => TimeBudget {
                soft: t,
                hard: t,
                scales: false,
            },
            TimeLimit::Clock {
                remaining,
                increment,
            } => {
                let available = remaining.saturating_sub(CLOCK_OVERHEAD);
                let soft = (remaining / MOVES_TO_GO + increment * 3 / 4).min(available / 2);
                let hard = (soft * 4).min(available / 3 + increment).min(available);
                TimeBudget {
                    soft: soft.min(hard),
                    hard,
                    scales: true,
                }
            }
        }
    }

    /// The soft bound after the iterations so far: a clock's scaled by
    /// `scale` (from [`Stability::finished`]; never past the hard bound); a
    /// fixed move time's as it is.
    pub(crate) fn soft(&self, scale: f64) -> Duration {
        if self.scales {
            self.soft.mul_f64(scale).min(self.hard)
        } else {
            self.soft
        }
    }
}

/// A length of time as a way in writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Time {
    /// Whole milliseconds (the command line, engine specs).
    Millis(u64),
    /// Seconds (the Hub protocol, Python, a spec's `tc=`).
    Seconds(f64),
}

impl Time {
    /// The time as a duration, if it is a number of seconds from 0 to
    /// [`MAX_SECONDS`] (exclusive).
    fn duration(self) -> Option<Duration> {
        let seconds = match self {
            Time::Millis(ms) => ms as f64 / 1000.0,
            Time::Seconds(s) => s,
        };
        let fits = seconds.is_finite() && (0.0..MAX_SECONDS).contains(&seconds);
        fits.then(|| match self {
            Time::Millis(ms) => Duration::from_millis(ms),
            Time::Seconds(s) => Duration::from_secs_f64(s),
        })
    }
}

impl std::fmt::Display for Time {
    /// `250 ms` or `1.5 s`, a number too long cut short.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Time::Millis(ms) => write!(f, "{} ms", echo(ms)),
            Time::Seconds(s) => write!(f, "{} s", number(*s)),
        }
    }
}

/// A search limit as any way in asks for one, before it is checked: what a
/// command's flags, an engine spec, the Hub's `level` or Python's keyword
/// arguments read, each number as given. [`LimitRequest::limits`] is the
/// one place their ranges and combinations are checked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LimitRequest {
    /// The deepest iteration.
    pub depth: Option<u64>,
    /// A node budget.
    pub nodes: Option<u64>,
    /// A time per move.
    pub movetime: Option<Time>,
    /// The time left on a game clock.
    pub clock: Option<Time>,
    /// The clock's increment (with `clock` only).
    pub increment: Option<Time>,
    /// No limit but the caller's stop (with nothing else).
    pub infinite: bool,
    /// Stop once the root's value is proven ([`Limits::until_proven`]),
    /// beside any other limit.
    pub solve: bool,
}

/// A limit out of its range, or limits that cannot go together.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LimitError {
    /// A depth outside 1 to [`MAX_DEPTH`].
    #[error("depth {} is out of range: a depth is 1 to {MAX_DEPTH} plies", echo(.0))]
    Depth(u64),
    /// A node count outside 1 to [`MAX_NODES`].
    #[error("nodes {} is out of range: a node budget is 1 to {MAX_NODES}", echo(.0))]
    Nodes(u64),
    /// A time that is not a number of seconds in range (or a move time of
    /// no time at all).
    #[error("{what} {value} is out of range: a time is above 0 and below {MAX_SECONDS:e} s")]
    Time {
        /// Which time.
        what: &'static str,
        /// The time given.
        value: Time,
    },
    /// A node budget beside a time: one would cut the other short.
    #[error("a node budget and a time cannot go together: give one of them")]
    NodesAndTime,
    /// A time per move beside a clock.
    #[error("a time per move and a clock cannot go together: give one of them")]
    ClockAndMoveTime,
    /// An increment with no clock to add it to.
    #[error("an increment needs a clock")]
    IncrementWithoutClock,
    /// `infinite` beside a limit.
    #[error("an infinite search has no other limit")]
    InfiniteAndLimit,
}

impl LimitRequest {
    /// Whether no limit is asked for (a solve alone is none).
    pub fn is_empty(&self) -> bool {
        let limits = LimitRequest {
            solve: false,
            ..*self
        };
        limits == LimitRequest::default()
    }

    /// The limits asked for, checked: `None` where nothing is (the caller
    /// then plays its own named default). A depth beside another limit
    /// stops the search early; a node budget and a time cannot go
    /// together, nor a time per move and a clock.
    pub fn limits(&self) -> Result<Option<Limits>, LimitError> {
        if self.is_empty() {
            return Ok(None);
        }
        let depth = match self.depth {
            Some(d) if (1..=u64::from(MAX_DEPTH)).contains(&d) => Some(d as u32),
            Some(d) => return Err(LimitError::Depth(d)),
            None => None,
        };
        let nodes = match self.nodes {
            Some(n) if (1..=MAX_NODES).contains(&n) => Some(n),
            Some(n) => return Err(LimitError::Nodes(n)),
            None => None,
        };
        let time = self.time()?;
        if self.infinite && (depth.is_some() || nodes.is_some() || time.is_some()) {
            return Err(LimitError::InfiniteAndLimit);
        }
        if nodes.is_some() && time.is_some() {
            return Err(LimitError::NodesAndTime);
        }
        Ok(Some(Limits {
            depth,
            nodes,
            time,
            until_proven: self.solve,
        }))
    }

    /// [`LimitRequest::limits`], or `default` where nothing is asked for.
    pub fn limits_or(&self, default: Limits) -> Result<Limits, LimitError> {
        let default = Limits {
            until_proven: self.solve,
            ..default
        };
        Ok(self.limits()?.unwrap_or(default))
    }

    /// The time asked for, checked.
    fn time(&self) -> Result<Option<TimeLimit>, LimitError> {
        let read = |what, value: Time| value.duration().ok_or(LimitError::Time { what, value });
        match (self.movetime, self.clock, self.increment) {
            (Some(_), Some(_), _) => Err(LimitError::ClockAndMoveTime),
            (_, None, Some(_)) => Err(LimitError::IncrementWithoutClock),
            (Some(t), None, None) => match read("move time", t)? {
                zero if zero.is_zero() => Err(LimitError::Time {
                    what: "move time",
                    value: t,
                }),
                t => Ok(Some(TimeLimit::MoveTime(t))),
            },
            (None, Some(clock), increment) => Ok(Some(TimeLimit::Clock {
                remaining: read("clock", clock)?,
                increment: match increment {
                    Some(inc) => read("increment", inc)?,
                    None => Duration::ZERO,
                },
            })),
            (None, None, None) => Ok(None),
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
        let budget = TimeBudget::of(TimeLimit::Clock {
            remaining: Duration::from_secs(60),
            increment: Duration::from_secs(1),
        });
        let soft = budget.soft(1.0);
        assert!(soft >= Duration::from_secs(2) && soft <= Duration::from_secs(4));
        assert!(budget.hard >= soft && budget.hard <= Duration::from_secs(20));
        // Nearly out of time: never more than what is left.
        let short = TimeBudget::of(TimeLimit::Clock {
            remaining: Duration::from_millis(30),
            increment: Duration::ZERO,
        });
        assert!(short.soft(1.0) <= short.hard && short.hard <= Duration::from_millis(10));
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
        let movetime = TimeBudget::of(TimeLimit::MoveTime(soft));
        assert_eq!(movetime.soft(settled), soft);
        let clock = TimeBudget::of(TimeLimit::Clock {
            remaining: Duration::from_secs(3),
            increment: Duration::ZERO,
        });
        assert!(clock.soft(settled) < clock.soft(1.0));
        let mut unstable = Stability::default();
        let mut changing = 1.0;
        for _ in 0..8 {
            changing = unstable.finished(true, 0);
        }
        // Scaled up, but never past the hard bound.
        assert!(clock.soft(changing) > clock.soft(1.0));
        assert_eq!(clock.soft(100.0), clock.hard);
    }

    #[test]
    fn depth_and_nodes() {
        assert_eq!(Limits::depth(0).max_depth(), 1);
        assert_eq!(Limits::depth(7).max_depth(), 7);
        assert_eq!(Limits::INFINITE.max_depth(), MAX_DEPTH);
        assert_eq!(Limits::nodes(5).max_nodes(), Some(5));
        assert!(!Limits::depth(5).is_timed());
        assert!(Limits::movetime(Duration::from_millis(5)).is_timed());
    }

    #[test]
    fn every_way_of_asking_is_checked_in_one_place() {
        let ms = |n| Some(Time::Millis(n));
        let ask = |r: LimitRequest| r.limits();
        assert_eq!(ask(LimitRequest::default()), Ok(None));
        let depth = LimitRequest {
            depth: Some(12),
            ..LimitRequest::default()
        };
        assert_eq!(ask(depth), Ok(Some(Limits::depth(12))));
        // A depth beside a time caps it.
        let capped = LimitRequest {
            movetime: ms(250),
            ..depth
        };
        let both = Limits::movetime(Duration::from_millis(250));
        assert_eq!(
            ask(capped),
            Ok(Some(Limits {
                depth: Some(12),
                ..both
            }))
        );
    }

    /// A request of one field changed from nothing.
    fn only(change: impl FnOnce(&mut LimitRequest)) -> LimitRequest {
        let mut request = LimitRequest::default();
        change(&mut request);
        request
    }

    #[test]
    fn each_number_has_one_range() {
        let ms = |n| Some(Time::Millis(n));
        refused(vec![
            (
                LimitRequest {
                    depth: Some(0),
                    ..Default::default()
                },
                LimitError::Depth(0),
            ),
            (
                LimitRequest {
                    depth: Some(101),
                    ..Default::default()
                },
                LimitError::Depth(101),
            ),
            (
                LimitRequest {
                    nodes: Some(0),
                    ..Default::default()
                },
                LimitError::Nodes(0),
            ),
            (
                LimitRequest {
                    nodes: Some(MAX_NODES + 1),
                    ..Default::default()
                },
                LimitError::Nodes(MAX_NODES + 1),
            ),
            (
                LimitRequest {
                    movetime: ms(0),
                    ..Default::default()
                },
                LimitError::Time {
                    what: "move time",
                    value: Time::Millis(0),
                },
            ),
            (
                LimitRequest {
                    clock: Some(Time::Seconds(1e308)),
                    ..Default::default()
                },
                LimitError::Time {
                    what: "clock",
                    value: Time::Seconds(1e308),
                },
            ),
            (
                LimitRequest {
                    clock: Some(Time::Seconds(f64::NAN)),
                    ..Default::default()
                },
                LimitError::Time {
                    what: "clock",
                    value: Time::Seconds(f64::NAN),
                },
            ),
        ]);
        // A huge number is quoted short.
        let huge = only(|r| r.clock = Some(Time::Seconds(1e308)));
        let message = huge.limits().unwrap_err().to_string();
        assert!(message.len() < 120, "{message}");
    }

    /// Each request must be refused with `error`'s message.
    fn refused(cases: Vec<(LimitRequest, LimitError)>) {
        for (request, error) in cases {
            let got = request.limits();
            // NaN is never equal to itself: compare the messages.
            assert_eq!(
                got.as_ref().map_err(ToString::to_string),
                Err(error.to_string()),
                "{request:?}"
            );
        }
    }

    #[test]
    fn limits_that_clash_are_refused() {
        let ms = |n| Some(Time::Millis(n));
        refused(vec![
            (
                LimitRequest {
                    nodes: Some(5),
                    movetime: ms(5),
                    ..Default::default()
                },
                LimitError::NodesAndTime,
            ),
            (
                LimitRequest {
                    movetime: ms(5),
                    clock: ms(5),
                    ..Default::default()
                },
                LimitError::ClockAndMoveTime,
            ),
            (
                LimitRequest {
                    increment: ms(5),
                    ..Default::default()
                },
                LimitError::IncrementWithoutClock,
            ),
            (
                LimitRequest {
                    infinite: true,
                    depth: Some(3),
                    ..Default::default()
                },
                LimitError::InfiniteAndLimit,
            ),
        ]);
    }

    #[test]
    fn a_clock_a_default_and_a_solve() {
        let clock = LimitRequest {
            clock: Some(Time::Seconds(10.0)),
            increment: Some(Time::Seconds(0.1)),
            ..Default::default()
        };
        let ten = Duration::from_secs(10);
        let expected = Limits::clock(ten, Duration::from_millis(100));
        assert_eq!(clock.limits(), Ok(Some(expected)));
        assert_eq!(
            LimitRequest::default().limits_or(Limits::depth(3)),
            Ok(Limits::depth(3))
        );
        // A solve alone asks for no limit: the default, until proven.
        let solve = only(|r| r.solve = true);
        assert!(solve.is_empty());
        assert_eq!(
            solve.limits_or(Limits::depth(3)),
            Ok(Limits::depth(3).until_proven())
        );
        let deep = LimitRequest {
            depth: Some(30),
            ..solve
        };
        assert_eq!(deep.limits(), Ok(Some(Limits::depth(30).until_proven())));
    }
}
