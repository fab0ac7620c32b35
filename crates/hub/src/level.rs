//! The numbers of Hub commands: `level` lines read into search
//! [`Limits`] (the engine's side) and written from them (the client's,
//! with the limits a match's clock gives and how long to wait for an
//! answer), and whole-number parameters.

use crate::message::Message;
use parlour_game::echo::echo;
use parlour_search::Limits;
use std::time::Duration;

/// A number of a Hub command that does not read or is out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// A time that is not a number.
    #[error("{name}=`{value}` is not a number of seconds", value = echo(.value))]
    NotSeconds {
        /// The argument.
        name: String,
        /// Its value.
        value: String,
    },
    /// A time too large to keep.
    #[error("{name}=`{value}` is out of range", value = echo(.value))]
    TooLong {
        /// The argument.
        name: String,
        /// Its value.
        value: String,
    },
    /// A count that is not a whole number.
    #[error("{name}=`{value}` is not a whole number", value = echo(.value))]
    NotWhole {
        /// The argument.
        name: String,
        /// Its value.
        value: String,
    },
    /// A number outside what it may be.
    #[error("{name} must be from {min} to {max}")]
    OutOfRange {
        /// The argument.
        name: String,
        /// The least it may be.
        min: u64,
        /// The most it may be.
        max: u64,
    },
    /// A `level` line with no limit.
    #[error("level needs depth=, nodes=, move-time=, time= (with inc=, moves=) or infinite")]
    NoLimit,
}

/// A Hub time in seconds (a real number) as a duration.
fn seconds(name: &str, text: &str) -> Result<Duration, LevelError> {
    let error = |make: fn(String, String) -> LevelError| make(name.to_string(), text.to_string());
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| error(|name, value| LevelError::NotSeconds { name, value }))?;
    if !value.is_finite() || value >= 1e9 {
        return Err(error(|name, value| LevelError::TooLong { name, value }));
    }
    // A GUI that takes the increment off a clock nearly run out can send
    // a time below zero: no time left.
    Ok(Duration::from_secs_f64(value.max(0.0)))
}

/// A whole number from `min` to `max`.
pub fn whole(name: &str, text: &str, min: u64, max: u64) -> Result<u64, LevelError> {
    let value: u64 = text.trim().parse().map_err(|_| LevelError::NotWhole {
        name: name.to_string(),
        value: text.to_string(),
    })?;
    if !(min..=max).contains(&value) {
        return Err(LevelError::OutOfRange {
            name: name.to_string(),
            min,
            max,
        });
    }
    Ok(value)
}

/// The limits a `level` line sets.
pub fn parse_level(message: &Message) -> Result<Limits, LevelError> {
    if message.has("infinite") {
        return Ok(Limits::Infinite);
    }
    if let Some(depth) = message.get("depth") {
        let max = u64::from(parlour_search::MAX_DEPTH);
        return Ok(Limits::Depth(whole("depth", depth, 1, max)? as u32));
    }
    if let Some(nodes) = message.get("nodes") {
        return Ok(Limits::Nodes(whole("nodes", nodes, 1, u64::MAX)?));
    }
    if let Some(t) = message.get("move-time") {
        let t = seconds("move-time", t)?;
        return Ok(Limits::MoveTime(t.max(Duration::from_millis(1))));
    }
    if let Some(time) = message.get("time") {
        let time = seconds("time", time)?;
        let inc = match message.get("inc") {
            Some(inc) => seconds("inc", inc)?,
            None => Duration::ZERO,
        };
        // Hub adds the increment before the move.
        let remaining = time + inc;
        if let Some(moves) = message.get("moves") {
            let moves = whole("moves", moves, 0, u64::from(u32::MAX))? as u32;
            let share = remaining / moves.max(1);
            return Ok(Limits::MoveTime(
                share.min(remaining * 9 / 10).max(Duration::from_millis(1)),
            ));
        }
        return Ok(Limits::Clock {
            remaining,
            increment: inc,
        });
    }
    Err(LevelError::NoLimit)
}
/// The limits to send for a move, from what a match shows of the clock:
/// a time per move, else the mover's clock, else `fallback`.
pub fn limits_for_clock(
    own: Option<Duration>,
    increment: Duration,
    movetime: Option<Duration>,
    fallback: Limits,
) -> Limits {
    match (movetime, own) {
        (Some(t), _) => Limits::MoveTime(t),
        (None, Some(remaining)) => Limits::Clock {
            remaining,
            increment,
        },
        (None, None) => fallback,
    }
}

/// How long to wait for an answer under `limits`: the time they allow
/// plus `margin`; for depth and node limits, `margin` alone.
pub fn move_timeout(limits: Limits, margin: Duration) -> Duration {
    match limits {
        Limits::MoveTime(t) => t + margin,
        Limits::Clock { remaining, .. } => remaining + margin,
        _ => margin,
    }
}

/// The `level` line for `limits`; `None` for [`Limits::Infinite`], which a
/// move cannot be asked under. Hub adds the increment before each move,
/// so the time sent is the clock less one increment (as pydraughts does).
pub fn level_message(limits: Limits) -> Option<Message> {
    let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
    Some(match limits {
        Limits::Depth(d) => Message::new("level").arg("depth", d),
        Limits::Nodes(n) => Message::new("level").arg("nodes", n),
        Limits::MoveTime(t) => Message::new("level").arg("move-time", secs(t)),
        Limits::Clock {
            remaining,
            increment,
        } => Message::new("level")
            .arg("time", secs(remaining.saturating_sub(increment)))
            .arg("inc", secs(increment)),
        Limits::Infinite => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_timeouts() {
        let ms = Duration::from_millis;
        assert_eq!(
            level_message(Limits::MoveTime(ms(250)))
                .unwrap()
                .to_string(),
            "level move-time=0.250"
        );
        assert_eq!(
            level_message(Limits::Clock {
                remaining: ms(3000),
                increment: ms(500)
            })
            .unwrap()
            .to_string(),
            "level time=2.500 inc=0.500"
        );
        assert_eq!(
            level_message(Limits::Depth(3)).unwrap().to_string(),
            "level depth=3"
        );
        assert_eq!(level_message(Limits::Infinite), None);
        assert_eq!(
            limits_for_clock(None, ms(0), Some(ms(80)), Limits::Depth(2)),
            Limits::MoveTime(ms(80))
        );
        assert_eq!(
            limits_for_clock(None, ms(0), None, Limits::Depth(2)),
            Limits::Depth(2)
        );
        assert_eq!(move_timeout(Limits::MoveTime(ms(80)), ms(20)), ms(100));
    }
}
