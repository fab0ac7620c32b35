//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess. This first part: the statistics of a match.

pub mod stats;

pub use stats::{EloEstimate, Hypothesis, Pentanomial, Sprt, Wld};
