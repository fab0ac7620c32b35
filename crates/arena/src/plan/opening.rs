//! One opening: a start position and the moves played from it before the
//! engines take over, checked legal when made. Every kind of openings
//! (`openings.rs`, `pdn_openings.rs`) makes these.

use crate::plan::error::OpeningError;
use parlour_game::{Game, History};

/// One opening: a start position and moves played from it before the
/// engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening<G: Game> {
    /// How records name it (`ACF 5 Dreaded Edinburgh`, `openings.txt:3`).
    pub name: String,
    /// The position the game starts from (written in the PDN `FEN` tag).
    pub start: G,
    /// The moves played from `start` before the engines move.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Opening<G> {
    /// The opening, checked: the moves are legal in turn and the game is
    /// not over after them.
    pub fn new(name: String, start: G, moves: Vec<G::Move>) -> Result<Opening<G>, OpeningError> {
        let mut history = History::new(start);
        if history.outcome().is_some() {
            return Err(OpeningError::OverAtStart { name });
        }
        for &mv in &moves {
            if !history.try_push(mv) {
                let mv = mv.to_string();
                return Err(OpeningError::Illegal { name, mv });
            }
            if history.outcome().is_some() {
                let mv = mv.to_string();
                return Err(OpeningError::OverAfter { name, mv });
            }
        }
        Ok(Opening { name, start, moves })
    }

    /// The game's history once the opening's moves are played.
    pub fn history(&self) -> History<G> {
        let mut history = History::new(self.start);
        for &mv in &self.moves {
            history.push(mv);
        }
        history
    }

    /// The opening's moves as text, separated by spaces.
    pub fn moves_text(&self) -> String {
        let texts: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        texts.join(" ")
    }
}
