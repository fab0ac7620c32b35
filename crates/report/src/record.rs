//! One finished game as a match records it: what a results file holds on
//! each line, and what every table, chart and page of a report is made of.

use parlour_game::{Outcome, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One finished game, as the results file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the match, from 0: it decides the engines, the
    /// colours, the opening and the game's seed.
    pub index: usize,
    /// The round, from 1: the number of the opening in the match. Games
    /// `2k` and `2k+1` are a pair: one opening, the colours swapped.
    pub round: usize,
    /// The opening's name.
    pub opening: String,
    /// How many of `moves` the opening played.
    pub opening_plies: usize,
    /// The start position, as the game writes positions (FEN for checkers).
    pub start: String,
    /// The side that moved first from `start`: `black` or `white`.
    pub first: String,
    /// The engine that played Black.
    pub black: String,
    /// The engine that played White.
    pub white: String,
    /// The result as PDN writes it from Black's side: `2-0`, `0-2`, `1-1`.
    pub result: String,
    /// The winning side, `black` or `white`; `None` for a draw.
    pub winner: Option<String>,
    /// How the game ended.
    pub termination: Termination,
    /// The ending in words.
    pub reason: String,
    /// Plies played in all, the opening's included.
    pub plies: usize,
    /// Every move, the opening's first, as the game writes moves.
    pub moves: Vec<String>,
    /// The UTC date the game ended, `YYYY.MM.DD`.
    pub date: String,
    /// How long each engine move took, in milliseconds: one entry for each
    /// of `moves` after the opening's.
    pub move_ms: Vec<u64>,
    /// What each engine move's engine said of it, where it said anything:
    /// one entry for each of `move_ms` (none in files written before
    /// engines' scores were kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_notes: Vec<MoveNote>,
    /// When the game ended among the games of its results file: 1 for the
    /// first to end, resumed runs counting on.
    pub order: usize,
}

impl GameRecord {
    /// The outcome the record holds.
    pub fn outcome(&self) -> Outcome {
        match self.winner.as_deref() {
            Some("black") => Outcome::Win(Side::Black),
            Some("white") => Outcome::Win(Side::White),
            _ => Outcome::Draw,
        }
    }

    /// The half-points (0, 1, 2) the engine `name` scored, if it played.
    pub fn half_points_of(&self, name: &str) -> Option<u8> {
        let side = if self.black == name {
            Side::Black
        } else if self.white == name {
            Side::White
        } else {
            return None;
        };
        Some(match self.outcome() {
            Outcome::Draw => 1,
            Outcome::Win(s) if s == side => 2,
            Outcome::Win(_) => 0,
        })
    }
}

/// An engine's word on its move: its score for the position it moved
/// in, from its own view, in its own units (parlour's searcher: its
/// internal score, proven wins and losses beyond `parlour_search::WIN_BOUND`;
/// a Hub engine: hundredths of a man), and the depth it reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveNote {
    /// The score, if the engine gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The depth, if the engine gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

/// How a game ended. A record writes it as words (`time forfeit`), the
/// words every results file and PDN `Termination` tag has held.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Termination {
    /// The side to move has no legal move: the rules' result.
    NoMoves,
    /// The same position a third time: the rules' draw.
    Repetition,
    /// Too many plies without a capture or an irreversible move: the
    /// rules' draw.
    QuietPlies,
    /// Drawn by the match at its most plies.
    MaxPlies,
    /// A player resigned on its own score.
    Resignation,
    /// Drawn by the match: both players scored level long enough.
    DrawAdjudication,
    /// A player overran its clock or its time for the move.
    TimeForfeit,
    /// A player gave a move that is not legal.
    IllegalMove,
    /// A player crashed, went silent or could not be started.
    Crash,
    /// Ended by the match with the endgame databases' value of its
    /// position (`--adjudicate-egdb`).
    Databases,
    /// Words that name no ending a match records, read from a file edited
    /// by hand: a check of the record refuses it.
    Unknown(String),
}

impl Termination {
    /// Every ending a match records, in the order a game's steps reach them.
    pub const ALL: [Termination; 10] = [
        Termination::NoMoves,
        Termination::Repetition,
        Termination::QuietPlies,
        Termination::MaxPlies,
        Termination::Databases,
        Termination::Resignation,
        Termination::DrawAdjudication,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crash,
    ];

    /// The ending's words, as records write them.
    pub fn as_str(&self) -> &str {
        match self {
            Termination::NoMoves => "no moves",
            Termination::Repetition => "repetition",
            Termination::QuietPlies => "quiet plies",
            Termination::MaxPlies => "max plies",
            Termination::Resignation => "resignation",
            Termination::DrawAdjudication => "draw adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::Databases => "databases",
            Termination::Unknown(words) => words,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<&str> for Termination {
    /// The ending these words name; [`Termination::Unknown`] for others.
    fn from(words: &str) -> Termination {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == words)
            .unwrap_or_else(|| Termination::Unknown(words.to_string()))
    }
}

impl From<String> for Termination {
    fn from(words: String) -> Termination {
        Termination::from(words.as_str())
    }
}

impl From<Termination> for String {
    fn from(termination: Termination) -> String {
        termination.as_str().to_string()
    }
}

impl PartialEq<str> for Termination {
    fn eq(&self, words: &str) -> bool {
        self.as_str() == words
    }
}

impl PartialEq<&str> for Termination {
    fn eq(&self, words: &&str) -> bool {
        self.as_str() == *words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_keep_their_words() {
        for t in Termination::ALL {
            assert_eq!(Termination::from(t.as_str()), t);
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{t}\""));
            assert_eq!(serde_json::from_str::<Termination>(&json).unwrap(), t);
        }
        assert_eq!(Termination::TimeForfeit, "time forfeit");
        let hand: Termination = serde_json::from_str("\"checkmate\"").unwrap();
        assert_eq!(hand, Termination::Unknown("checkmate".into()));
        assert_eq!(hand.to_string(), "checkmate");
    }
}
