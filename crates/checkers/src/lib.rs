//! Checkers on 32-bit bitboards, under today's English rules and under the
//! older huffing rules of the seed text, with one move generator for both.
//!
//! The rules are the contract `docs/rules/checkers.md` in the repository
//! (every rule, the notation, and the worked perft checks the tests
//! repeat): squares 1-32 numbered from
//! Black's side, Black first, men forward only, kings both ways, multi-jumps
//! as one move (each path its own move), crowning ends the move. Under
//! english rules capture is compulsory; under huffing a missed capture is an
//! offence the adversary may let stand, compel, or huff.
//!
//! Everything outside this crate reaches checkers through its
//! [`parlour_game::Variant`] implementation on [`Rules`]; every text that
//! does not read is a typed error of [`error`](crate::FenError)'s kinds.
//!
//! ```
//! use parlour_checkers::{Position, Rules};
//! use parlour_game::perft;
//! let start = Position::start(Rules::ENGLISH);
//! assert_eq!(perft(&start, 4), 1469);
//! ```

pub mod ballots;
mod bitboard;
mod diagram;
mod error;
pub mod eval;
mod fen;
mod game;
mod geometry;
pub mod hub;
pub mod huffing;
mod key;
mod learn;
pub mod learned;
mod movegen;
mod moves;
pub mod network;
mod notation;
mod position;
mod rules;
mod svg;
#[cfg(test)]
mod testing;
mod unique;
mod variant;
mod view;
mod zobrist;

pub use bitboard::{Bitboard, Square, Squares};
pub use diagram::{diagram, diagram_from};
pub use error::{
    BoardError, Error, FenError, HubPositionError, MoveError, NotationError, PendingError,
    RulesError,
};
pub use eval::{EndgameTables, Eval, Tables};
pub use moves::{Action, Move};
pub use notation::{parse_action, split_actions};
pub use position::{ActionList, Pending, Position, MAX_ACTIONS};
pub use rules::{RuleSet, Rules, DEFAULT_QUIET_PLIES};
pub use svg::diagram_svg;
pub use unique::UniquePaths;
