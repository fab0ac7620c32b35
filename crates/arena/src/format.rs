//! What the arena needs to know about a game beyond [`Game`]: its start
//! position, how to read positions and move sequences from text, its
//! built-in opening decks, and its PDN tags. The arena is generic over this
//! trait; [`crate::checkers::Checkers`] implements it for both checkers
//! rule sets.

use crate::openings::Opening;
use parlour_game::Game;

/// The game-specific text of a match.
pub trait GameFormat<G: Game>: Send + Sync {
    /// The position games start from when an opening gives none.
    fn start(&self) -> G;

    /// Reads a position written as the game's `Display` writes it.
    fn parse_position(&self, text: &str) -> Result<G, String>;

    /// Whether a line of an openings file is a position rather than moves.
    fn looks_like_position(&self, line: &str) -> bool;

    /// Reads moves separated by white space, each legal after the ones
    /// before it, from `start`.
    fn parse_moves(&self, start: &G, text: &str) -> Result<Vec<G::Move>, String> {
        let mut pos = *start;
        let mut moves = Vec::new();
        for word in text.split_whitespace() {
            let mv = pos.parse_move(word).map_err(|e| e.0)?;
            pos = pos.play(mv);
            moves.push(mv);
        }
        Ok(moves)
    }

    /// The openings of a match that names none: random plies unless the
    /// game has a deck.
    fn default_openings(&self) -> &'static str {
        "random"
    }

    /// The names of the game's built-in opening decks.
    fn deck_names(&self) -> &'static [&'static str] {
        &[]
    }

    /// A built-in deck by name; `None` if there is no such deck.
    fn deck(&self, _name: &str) -> Option<Result<Vec<Opening<G>>, String>> {
        None
    }

    /// The game's own PDN tags for a game that starts at the position
    /// written `start` (for checkers `GameType`, `FEN`, `Rules`), in order.
    fn pdn_tags(&self, start: &str) -> Vec<(String, String)>;
}
