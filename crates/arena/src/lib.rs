//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess: engine specs, players, openings (for
//! checkers the ACF three-move ballots), and the statistics of a match.

pub mod checkers;
mod format;
pub mod openings;
mod player;
mod spec;
pub mod stats;

pub use checkers::Checkers;
pub use format::GameFormat;
pub use openings::{Opening, OpeningBook, OpeningSpec};
pub use player::{
    builtin_factory, mix_seed, Choice, ClockState, Evaluator, Factory, GreedyPlayer, Player,
    PlayerError, RandomPlayer,
};
pub use spec::{Limits, PlayerSpec, TimeControl};
pub use stats::{EloEstimate, Hypothesis, Pentanomial, Sprt, Wld};
