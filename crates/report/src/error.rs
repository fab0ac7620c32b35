//! What can be wrong with a report's inputs: an SPRT that does not read or
//! cannot be run, a game between engines the match does not pair.

use parlour_game::echo::{echo, echo_within, number};

/// An SPRT (`elo0,elo1,alpha,beta`) that does not read or cannot be run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// Not four comma-separated items.
    #[error(
        "SPRT `{}`: write four numbers elo0,elo1,alpha,beta, as in 0,5,0.05,0.05",
        echo(.text)
    )]
    Shape {
        /// The text given.
        text: String,
    },
    /// An item that is not a number.
    #[error("SPRT `{}`: {name} `{}` is not a number", echo(.text), echo_within(.value, 40))]
    NotANumber {
        /// The text given.
        text: String,
        /// Which item.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// `elo0` not below `elo1`.
    #[error("SPRT: elo0 ({}) must be smaller than elo1 ({})", number(*.elo0), number(*.elo1))]
    Bounds {
        /// The null hypothesis' Elo.
        elo0: f64,
        /// The alternative's Elo.
        elo1: f64,
    },
    /// A probability outside (0, 1).
    #[error("SPRT: {name} must be between 0 and 1, not {}", number(*.value))]
    Probability {
        /// `alpha` or `beta`.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// `alpha + beta` of 1 or more.
    #[error("SPRT: alpha + beta must be less than 1")]
    Sum,
}

/// A game that cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TallyError {
    /// A game between engines that are not paired in the match.
    #[error("game {game} is between {black} and {white}, who are not paired in this match")]
    NotPaired {
        /// The game's number, from 1.
        game: usize,
        /// Its Black engine.
        black: String,
        /// Its White engine.
        white: String,
    },
}
