//! What a game gives a game-independent pipeline that learns its
//! evaluation: a compact binary form of its positions (for training data),
//! and the sparse features of a linear model over them.
//!
//! A learned evaluation is linear: the score of a position, from the side
//! to move's view, is `sum(coefficient * weight)` over the position's
//! active features ([`Learn::features`]). The game decides what a feature
//! is (a pattern of pieces in a region, a piece on a square, a count) and
//! how a feature's coefficient depends on the stage of the game (a game
//! that blends an opening and an endgame weight lists the feature twice,
//! each with its share). A trainer only sees indices and coefficients, so
//! one trainer fits every game's model; the game turns the fitted weights
//! into its own fast integer evaluation ([`crate::weights::Weights`]).

use crate::{Evaluate, Weights, WeightsError};

/// One active feature of a position: an index below
/// [`Learn::feature_count`] and its coefficient in the linear model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feature {
    /// Which weight.
    pub index: u32,
    /// What the weight is multiplied by.
    pub coefficient: f32,
}

/// A position's active features, reused from one position to the next so
/// that extracting them allocates nothing once warm.
pub type Features = Vec<Feature>;

/// A game whose positions can be recorded as training data and whose
/// evaluation is a linear model a game-independent trainer can fit.
///
/// The methods that depend on the rules (the number of features, the
/// model's key, decoding) are asked of a position, usually the start
/// position of the rules in force, so a game whose model depends on its
/// board (the peg game's `squares`) has one model per board.
pub trait Learn: Evaluate {
    /// The length of [`Learn::encode`]'s output, the same for every
    /// position of the game under the same rules.
    fn code_len(&self) -> usize;

    /// Writes the position in a compact binary form of exactly
    /// [`Learn::code_len`] bytes to `out`, which is that long.
    fn encode(&self, out: &mut [u8]);

    /// Reads a position written by [`Learn::encode`] under the rules of
    /// `self` (a position of the same rules, such as their start).
    fn decode(&self, bytes: &[u8]) -> Result<Self, DecodeError>;

    /// What the positions of these rules are in a data file: the game and
    /// the rules that change what a position means (a rule set, a board
    /// size; not a draw limit), e.g. `checkers/english`.
    fn positions_key(&self) -> String;

    /// What the model of these rules is called in a weights file: the
    /// [`Learn::positions_key`] and the feature set's version, e.g.
    /// `checkers/english/patterns-2`.
    fn model_key(&self) -> String;

    /// The number of weights of the model under these rules.
    fn feature_count(&self) -> usize;

    /// Replaces `out` with the active features of the position, from the
    /// side to move's view.
    fn features(&self, out: &mut Features);

    /// Weight units per unit of score in the model's weights file: a
    /// trainer's weight `w` (in units of score) is stored as
    /// `round(w * resolution)`.
    fn weight_resolution(&self) -> u16;

    /// An evaluator scoring with `weights`, refused if they are not for
    /// this model ([`Learn::model_key`], [`Learn::feature_count`]).
    fn evaluator_from(&self, weights: Weights) -> Result<Self::Evaluator, WeightsError>;
}

/// Bytes that are not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a position: {reason}")]
pub struct DecodeError {
    /// What was wrong, in words.
    pub reason: String,
}

/// Turns each feature `f` with value `v` of `features` into the two
/// weights of a model that blends two stages of the game: weight `2f`
/// with coefficient `v * share` (the first stage's weight) and `2f + 1`
/// with `v * (1 - share)`, where `share` (0 to 1) is how much the position
/// is still in the first stage.
pub fn split_phases(features: &mut Features, share: f32) {
    let n = features.len();
    features.resize(
        2 * n,
        Feature {
            index: 0,
            coefficient: 0.0,
        },
    );
    for i in (0..n).rev() {
        let Feature { index, coefficient } = features[i];
        features[2 * i] = Feature {
            index: 2 * index,
            coefficient: coefficient * share,
        };
        features[2 * i + 1] = Feature {
            index: 2 * index + 1,
            coefficient: coefficient * (1.0 - share),
        };
    }
}
