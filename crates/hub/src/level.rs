//! The numbers of Hub commands: `level` lines read into search
//! [`Limits`] (the engine's side) and written from them (the client's,
//! with the limits a match's clock gives and how long to wait for an
//! answer), and whole-number parameters.

use crate::message::Message;
use parlour_game::echo::echo;
use parlour_search::{LimitError, LimitRequest, Limits, Time, TimeLimit};
use std::time::Duration;

/// A number of a Hub command that does not read or is out of range.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LevelError {
    /// A time that is not a number.
    #[error("{name}=`{value}` is not a number of seconds", value = echo(.value))]
    NotSeconds {
        /// The argument.
        name: String,
        /// Its value.
        value: String,
    },
    /// A limit out of its range, or limits that cannot go together.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A count that is not a whole number.
    #[error("{name}=`{value}` is not a whole number", value = echo(.value))]
    NotWhole {
        /// The argument.
        name: String,
        /// Its value.
        value: String,
    },
    /// A flag that is neither `true` nor `false`.
    #[error("{name}=`{value}` is not true or false", value = echo(.value))]
    NotBool {
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

/// A Hub time in seconds (a real number): any number reads, its range is
/// checked with the other limits' ([`LimitRequest::limits`]). A GUI that
/// takes the increment off a clock nearly run out can send a time below
/// zero: no time left.
fn seconds(name: &str, text: &str) -> Result<f64, LevelError> {
    let value: f64 = text.trim().parse().map_err(|_| LevelError::NotSeconds {
        name: name.to_string(),
        value: text.to_string(),
    })?;
    Ok(if value < 0.0 { 0.0 } else { value })
}

/// A whole number as a Hub line writes it.
fn number(name: &str, text: &str) -> Result<u64, LevelError> {
    text.trim().parse().map_err(|_| LevelError::NotWhole {
        name: name.to_string(),
        value: text.to_string(),
    })
}

/// A Hub `bool`: `true` or `false`.
pub fn boolean(name: &str, text: &str) -> Result<bool, LevelError> {
    match text.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(LevelError::NotBool {
            name: name.to_string(),
            value: text.to_string(),
        }),
    }
}

/// A whole number from `min` to `max`.
pub fn whole(name: &str, text: &str, min: u64, max: u64) -> Result<u64, LevelError> {
    let value = number(name, text)?;
    if !(min..=max).contains(&value) {
        return Err(LevelError::OutOfRange {
            name: name.to_string(),
            min,
            max,
        });
    }
    Ok(value)
}

/// The shortest time a Hub engine is asked to think: a GUI may send a
/// move time of 0.
const LEAST_TIME: f64 = 0.001;

/// The limits a `level` line sets, checked where every limit is
/// ([`LimitRequest::limits`]).
pub fn parse_level(message: &Message) -> Result<Limits, LevelError> {
    level_request(message)?.limits()?.ok_or(LevelError::NoLimit)
}

/// What a `level` line asks for, in the Hub protocol's own terms: a
/// clock's time includes the increment Hub adds before the move, and a
/// number of moves to go turns the clock into a share per move.
fn level_request(message: &Message) -> Result<LimitRequest, LevelError> {
    let mut request = LimitRequest {
        infinite: message.has("infinite"),
        ..LimitRequest::default()
    };
    request.depth = message
        .get("depth")
        .map(|d| number("depth", d))
        .transpose()?;
    request.nodes = message
        .get("nodes")
        .map(|n| number("nodes", n))
        .transpose()?;
    if let Some(t) = message.get("move-time") {
        request.movetime = Some(Time::Seconds(seconds("move-time", t)?.max(LEAST_TIME)));
    }
    if let Some(time) = message.get("time") {
        let inc = match message.get("inc") {
            Some(inc) => seconds("inc", inc)?,
            None => 0.0,
        };
        let remaining = seconds("time", time)? + inc;
        match message.get("moves") {
            Some(moves) => {
                let moves = whole("moves", moves, 0, u64::from(u32::MAX))?.max(1);
                let share = (remaining / moves as f64).min(remaining * 0.9);
                request.movetime = Some(Time::Seconds(share.max(LEAST_TIME)));
            }
            None => {
                request.clock = Some(Time::Seconds(remaining));
                request.increment = Some(Time::Seconds(inc));
            }
        }
    }
    Ok(request)
}

/// How long to wait for an answer under `limits`: the time they allow
/// plus `margin`; for depth and node limits, `margin` alone.
pub fn move_timeout(limits: Limits, margin: Duration) -> Duration {
    match limits.time {
        Some(TimeLimit::MoveTime(t)) => t + margin,
        Some(TimeLimit::Clock { remaining, .. }) => remaining + margin,
        None => margin,
    }
}

/// The `level` line for `limits`; `None` for [`Limits::INFINITE`], which a
/// move cannot be asked under. Hub adds the increment before each move,
/// so the time sent is the clock less one increment (as pydraughts does).
pub fn level_message(limits: Limits) -> Option<Message> {
    if limits == Limits::INFINITE {
        return None;
    }
    let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
    let mut level = Message::new("level");
    if let Some(d) = limits.depth {
        level = level.arg("depth", d);
    }
    if let Some(n) = limits.nodes {
        level = level.arg("nodes", n);
    }
    level = match limits.time {
        Some(TimeLimit::MoveTime(t)) => level.arg("move-time", secs(t)),
        Some(TimeLimit::Clock {
            remaining,
            increment,
        }) => level
            .arg("time", secs(remaining.saturating_sub(increment)))
            .arg("inc", secs(increment)),
        None => level,
    };
    Some(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_timeouts() {
        let ms = Duration::from_millis;
        assert_eq!(
            level_message(Limits::movetime(ms(250)))
                .unwrap()
                .to_string(),
            "level move-time=0.250"
        );
        assert_eq!(
            level_message(Limits::clock(ms(3000), ms(500)))
                .unwrap()
                .to_string(),
            "level time=2.500 inc=0.500"
        );
        assert_eq!(
            level_message(Limits::depth(3)).unwrap().to_string(),
            "level depth=3"
        );
        assert_eq!(level_message(Limits::INFINITE), None);
        let capped = Limits {
            depth: Some(9),
            ..Limits::movetime(ms(80))
        };
        let level = level_message(capped).unwrap();
        assert_eq!(level.to_string(), "level depth=9 move-time=0.080");
        assert_eq!(parse_level(&level), Ok(capped));
        assert_eq!(move_timeout(Limits::movetime(ms(80)), ms(20)), ms(100));
        assert_eq!(move_timeout(Limits::depth(8), ms(20)), ms(20));
    }
}
