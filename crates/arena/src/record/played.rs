//! A game as played, written down as its record: the words and numbers a
//! results file keeps of it.

use crate::play::game::{GameSetup, PlayedGame};
use parlour_game::{Game, Outcome};
use parlour_report::{GameRecord, MoveNote};

/// The record of `game`, played as `setup` set it. Its completion order
/// is 0 until the runner numbers the games as it writes them.
pub(crate) fn record_of<G: Game>(setup: &GameSetup<'_, G>, game: PlayedGame<G>) -> GameRecord {
    let opening = setup.opening;
    let outcome = game.ending.outcome;
    GameRecord {
        index: setup.index,
        round: setup.round + 1,
        opening: opening.name.clone(),
        opening_plies: opening.moves.len(),
        start: opening.start.to_string(),
        first: opening.start.side_to_move().name().to_string(),
        black: setup.specs[0].name().to_string(),
        white: setup.specs[1].name().to_string(),
        result: outcome.pdn().to_string(),
        winner: match outcome {
            Outcome::Win(side) => Some(side.name().to_string()),
            Outcome::Draw => None,
        },
        termination: game.ending.termination,
        reason: game.ending.reason,
        plies: game.history.moves().len(),
        moves: game.history.moves().iter().map(|m| m.to_string()).collect(),
        date: today(),
        move_ms: game
            .engine_moves
            .iter()
            .map(|m| u64::try_from(m.time.as_millis()).unwrap_or(u64::MAX))
            .collect(),
        move_notes: game
            .engine_moves
            .iter()
            .map(|m| MoveNote {
                score: m.score,
                depth: m.depth,
            })
            .collect(),
        order: 0,
    }
}

/// Today's UTC date as PDN writes dates, `YYYY.MM.DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(today().len(), 10);
    }
}
