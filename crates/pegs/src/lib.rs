//! The Victorian peg game of the seed text "To Block, to Force, and to Make a
//! Line", on boards of 2-6 concentric squares, with the rules of the
//! contract `docs/rules/pegs.md` in the repository (what the seed text
//! says, parlour's completion of it, the notation, and the worked checks).
//!
//! The board generator derives every table once ([`Board`]); [`PegRules`]
//! holds every default of the contract as a field; [`PegPosition`] is a small
//! `Copy` value implementing [`parlour_game::Game`]. Everything outside this
//! crate reaches the game through its [`parlour_game::Variant`]
//! implementation on [`PegRules`].
//!
//! ```
//! use parlour_pegs::{PegPosition, PegRules};
//! use parlour_game::perft;
//! let start = PegPosition::start(PegRules::DEFAULT);
//! assert_eq!(perft(&start, 2), 552);
//! ```

mod arrival;
mod board;
mod diagram;
mod error;
pub mod eval;
mod evaluator;
mod game;
mod hole;
mod key;
pub mod learned;
mod movegen;
mod moves;
mod position;
mod rules;
mod svg;
mod tactics;
#[cfg(test)]
mod testing;
mod text;
mod variant;
mod view;
mod zobrist;

pub use board::{Board, MAX_SQUARES, MIN_SQUARES};
pub use diagram::{board_diagram, board_tables, position_diagram};
pub use error::{Error, MoveError, PositionError};
pub use evaluator::PegEval;
pub use hole::{Hole, HoleSet, Holes, MAX_HOLES};
pub use moves::PegMove;
pub use position::{PegMoveList, PegPosition, MAX_MOVES};
pub use rules::{PegRules, RulesError};
pub use svg::diagram_svg;
