//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess: engine specs, players, and the statistics
//! of a match.

mod player;
mod spec;
pub mod stats;

pub use player::{
    builtin_factory, mix_seed, Choice, ClockState, Evaluator, Factory, GreedyPlayer, Player,
    PlayerError, RandomPlayer,
};
pub use spec::{Limits, PlayerSpec, TimeControl};
pub use stats::{EloEstimate, Hypothesis, Pentanomial, Sprt, Wld};
