//! What a game gives a game-independent pipeline that learns its
//! evaluation: a compact binary form of its positions (for training data),
//! and the sparse features of a linear model over them.
//!
//! A learned evaluation is linear, or linear with a hidden layer on top
//! ([`NetShape`]): the linear score of a position, from the side to move's
//! view, is `sum(coefficient * weight)` over the position's active features
//! ([`Learn::features`]). The game decides what a feature
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

    /// `weights` as the current model reads them: a game whose feature
    /// set grew from an earlier one carries that one's weights over (the
    /// new features' weights zero, so the model plays as before); any
    /// other weights are returned as they are.
    fn carry_over(&self, weights: Weights) -> Weights {
        weights
    }

    /// The game's network inputs ([`crate::network`]), if it has a
    /// network evaluation to train. The default: none.
    fn as_network(&self) -> Option<&dyn crate::network::NetworkInputs> {
        None
    }

    /// Why a model with `hidden` hidden units ([`NetShape`]) cannot be
    /// evaluated by the game, or `None` if it can. By default a game
    /// evaluates the linear model only.
    fn refuse_hidden(&self, hidden: usize) -> Option<String> {
        (hidden != 0).then(|| {
            format!(
                "{} evaluates a linear model only: --hidden must be 0",
                self.positions_key()
            )
        })
    }
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

/// The shape of a model with one hidden layer over the same features: the
/// linear model, plus `hidden` units, each a clipped sum of the features
/// (`clamp(bias + sum(coefficient * weight), 0, NET_CLIP)`, in units of
/// score), whose weighted sum is added to the linear score. The
/// parameters, in the order of a weights file:
///
/// ```text
/// linear weights        inputs
/// hidden weights        inputs x hidden (each input's row of `hidden`)
/// hidden biases         hidden
/// output weights        hidden (a unit adds weight * activation / NET_OUTPUT_SCALE)
/// ```
///
/// With no hidden units it is the linear model. The trainer and a game's
/// integer evaluation both read the parameters through this one shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetShape {
    /// The linear model's weights ([`Learn::feature_count`]).
    pub inputs: usize,
    /// Hidden units (0: a linear model).
    pub hidden: usize,
}

/// The ceiling of a hidden unit's activation, in units of score.
pub const NET_CLIP: f32 = 256.0;

/// An output weight `u` adds `u * activation / NET_OUTPUT_SCALE` to the
/// score: output weights live on the scale of the others, so that one
/// step size and one weights-file resolution serve every parameter.
pub const NET_OUTPUT_SCALE: f32 = 64.0;

impl NetShape {
    /// The shape of `len` parameters with `hidden` units, if there is one.
    pub fn with_len(len: usize, hidden: usize) -> Option<NetShape> {
        let inputs = len.checked_sub(2 * hidden)? / (hidden + 1);
        let shape = NetShape { inputs, hidden };
        (shape.len() == len).then_some(shape)
    }

    /// Every parameter.
    pub fn len(self) -> usize {
        self.inputs * (self.hidden + 1) + 2 * self.hidden
    }

    /// Whether the model has no parameters at all.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Where input `i`'s row of hidden weights starts.
    #[inline(always)]
    pub fn row(self, i: usize) -> usize {
        self.inputs + i * self.hidden
    }

    /// Where the hidden biases start.
    pub fn biases(self) -> usize {
        self.inputs * (self.hidden + 1)
    }

    /// Where the output weights start.
    pub fn outputs(self) -> usize {
        self.biases() + self.hidden
    }

    /// The model's score of a position with `features`, in units of
    /// score, for `weights` in units of score; `hidden` (one entry per
    /// hidden unit) receives the units' sums before they are clipped.
    /// The trainer's model, and the reference a game's integer evaluation
    /// is tested against.
    #[inline]
    pub fn forward(self, weights: &[f32], features: &Features, hidden: &mut [f32]) -> f64 {
        let h = self.hidden;
        let mut z = 0.0f64;
        hidden.copy_from_slice(&weights[self.biases()..][..h]);
        for f in features {
            let i = f.index as usize;
            z += f.coefficient as f64 * weights[i] as f64;
            if h > 0 {
                for (a, &w) in hidden.iter_mut().zip(&weights[self.row(i)..][..h]) {
                    *a += f.coefficient * w;
                }
            }
        }
        for (&a, &u) in hidden.iter().zip(&weights[self.outputs()..][..h]) {
            z += (u * a.clamp(0.0, NET_CLIP) / NET_OUTPUT_SCALE) as f64;
        }
        z
    }

    /// The key of such a model in a weights file: the linear model's key
    /// with `+net` and the number of hidden units.
    pub fn key(self, model_key: &str) -> String {
        if self.hidden == 0 {
            model_key.to_string()
        } else {
            format!("{model_key}+net{}", self.hidden)
        }
    }

    /// The shape a weights file's key and length give, for a game whose
    /// linear model is `model_key` with `inputs` weights; `None` if the
    /// file is not of that model.
    pub fn of_weights(model_key: &str, inputs: usize, weights: &Weights) -> Option<NetShape> {
        let hidden = if weights.key == model_key {
            0
        } else {
            weights
                .key
                .strip_prefix(model_key)?
                .strip_prefix("+net")?
                .parse()
                .ok()?
        };
        let shape = NetShape { inputs, hidden };
        (hidden > 0 || weights.key == model_key).then_some(shape)
    }
}
