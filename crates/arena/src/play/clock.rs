//! Each engine's clock during a game, kept by the runner: the time left on
//! a game clock and its increment, or a fixed time per move. An engine is
//! shown its clock before it moves and charged for its move after; one
//! that overruns by more than the match's margin loses on time.

use crate::plan::spec::PlayerSpec;
use crate::play::player::ClockState;
use std::time::Duration;

/// One engine's clock.
pub(crate) struct Clock {
    remaining: Option<Duration>,
    increment: Duration,
    movetime: Option<Duration>,
}

/// A move that took longer than its engine had.
pub(crate) enum Overrun {
    /// Past the time left on its clock.
    Clock {
        /// The time the move took.
        took: Duration,
        /// The time that was left.
        left: Duration,
    },
    /// Past its time per move.
    MoveTime {
        /// The time the move took.
        took: Duration,
        /// The time per move.
        limit: Duration,
    },
}

impl Clock {
    /// The clock `spec` plays on: a game clock, a time per move, or none.
    pub fn of(spec: &PlayerSpec) -> Clock {
        Clock {
            remaining: spec.clock().map(|c| c.base),
            increment: spec.clock().map_or(Duration::ZERO, |c| c.increment),
            movetime: spec.movetime(),
        }
    }

    /// What this clock's engine is shown when it is to move.
    pub fn state(&self, opponent: &Clock) -> ClockState {
        ClockState {
            own: self.remaining,
            opponent: opponent.remaining,
            increment: self.increment,
            movetime: self.movetime,
        }
    }

    /// Charges a move that took `took`, then adds the increment; an
    /// overrun of more than `margin` loses on time.
    pub fn charge(&mut self, took: Duration, margin: Duration) -> Result<(), Overrun> {
        if let Some(left) = self.remaining {
            if took > left + margin {
                return Err(Overrun::Clock { took, left });
            }
            self.remaining = Some(left.saturating_sub(took) + self.increment);
        }
        match self.movetime {
            Some(limit) if took > limit + margin => Err(Overrun::MoveTime { took, limit }),
            _ => Ok(()),
        }
    }
}

impl Overrun {
    /// The loss in words, after the loser's name.
    pub fn reason(&self) -> String {
        match *self {
            Overrun::Clock { took, left } => format!(
                "lost on time: {:.3} s for a move with {:.3} s left",
                took.as_secs_f64(),
                left.as_secs_f64()
            ),
            Overrun::MoveTime { took, limit } => format!(
                "lost on time: {:.3} s for a move of {:.3} s",
                took.as_secs_f64(),
                limit.as_secs_f64()
            ),
        }
    }
}
