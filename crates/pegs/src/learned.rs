//! The learned evaluation of the peg game, fitted to self-play by
//! `parlour train`, and the peg game's side of [`parlour_game::Learn`]:
//!
//! - `features`: what the model sees of a position, and the layout of
//!   its weights;
//! - `model`: the linear model or network over them ([`PegModel`]), and
//!   the model built into the binary ([`shipped`]);
//! - `encoding`: a position packed into bytes for training data.

mod encoding;
mod features;
pub(crate) mod model;

pub use features::{model_key, FEATURE_SET};
pub use model::{shipped, PegModel, LANES, MAX_HIDDEN, RESOLUTION};

use crate::evaluator::PegEval;
use crate::position::PegPosition;
use features::{carry_over, for_each_feature, max_phase, phase, Layout, HANDWRITTEN};
use parlour_game::{DecodeError, Feature, Features, Learn, Weights, WeightsError};
use std::sync::Arc;

impl Learn for PegPosition {
    fn code_len(&self) -> usize {
        encoding::CODE_LEN
    }

    fn encode(&self, out: &mut [u8]) {
        encoding::encode(self, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<PegPosition, DecodeError> {
        encoding::decode(self, bytes)
    }

    fn positions_key(&self) -> String {
        format!(
            "pegs/squares={},diagonals={}",
            self.rules.squares, self.rules.diagonals as u8
        )
    }

    fn model_key(&self) -> String {
        model_key(self.rules)
    }

    fn feature_count(&self) -> usize {
        2 * Layout::of(self.board).count as usize
    }

    fn carry_over(&self, weights: Weights) -> Weights {
        carry_over(weights, self.rules)
    }

    fn features(&self, out: &mut Features) {
        out.clear();
        let layout = Layout::of(self.board);
        let (hand, sides) = crate::eval::evaluate_and_sides(self);
        for_each_feature(self, &layout, sides, |index, value| {
            out.push(Feature {
                index,
                coefficient: value as f32,
            })
        });
        out.push(Feature {
            index: layout.handwritten,
            coefficient: hand as f32 / HANDWRITTEN as f32,
        });
        parlour_game::learn::split_phases(out, phase(self) as f32 / max_phase(self).max(1) as f32);
    }

    fn weight_resolution(&self) -> u16 {
        RESOLUTION as u16
    }

    fn refuse_hidden(&self, hidden: usize) -> Option<String> {
        (hidden > MAX_HIDDEN || !hidden.is_multiple_of(LANES)).then(|| {
            format!(
                "the peg model's hidden units come in groups of {LANES}, up to {MAX_HIDDEN}: \
                 --hidden {hidden} is not one of 0, 8, 16, ..., {MAX_HIDDEN}"
            )
        })
    }

    fn evaluator_from(&self, weights: Weights) -> Result<PegEval, WeightsError> {
        Ok(PegEval::Learned(Arc::new(PegModel::from_weights(
            weights, self.rules,
        )?)))
    }
}
