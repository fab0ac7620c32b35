//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess: players ([`Player`], built-in `random` and
//! `greedy`, search players through a factory), openings played in
//! colour-swapped pairs, scheduling of two engines, round-robins and
//! gauntlets on a rayon pool of the match's own, game clocks and
//! adjudication, Elo with error bars, pentanomial statistics and SPRT,
//! PDN and JSON-lines records that a killed match resumes from.
//!
//! Everything is generic over [`parlour_game::Game`]; what a game must add
//! (reading positions, opening decks, PDN tags) is the [`GameFormat`] trait,
//! implemented for checkers by [`Checkers`].

pub mod checkers;
mod format;
pub mod openings;
mod player;
pub mod records;
mod report;
mod spec;
pub mod stats;
mod tally;

pub use checkers::Checkers;
pub use format::GameFormat;
pub use openings::{Opening, OpeningBook, OpeningSpec};
pub use player::{
    builtin_factory, mix_seed, Choice, ClockState, Evaluator, Factory, GreedyPlayer, Player,
    PlayerError, RandomPlayer,
};
pub use records::GameRecord;
pub use report::{table, MatchReport, SprtStatus};
pub use spec::{Limits, PlayerSpec, TimeControl};
pub use stats::{EloEstimate, Hypothesis, Pentanomial, Sprt, Wld};
pub use tally::{PairingTally, Tally};
