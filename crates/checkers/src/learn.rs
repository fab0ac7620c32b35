//! Checkers' side of [`parlour_game::Learn`], what training needs of a
//! position: its packed form in self-play data, the pattern model's
//! features as the trainer fits them, the evaluator made from trained
//! weights, and the network's inputs. The model itself is
//! [`crate::learned`]'s; this module ties it to the evaluator
//! ([`crate::eval::Eval`]), so neither of those two needs the other both
//! ways.

use crate::bitboard::Bitboard;
use crate::eval::Eval;
use crate::learned::{for_each_feature, model_key, Model, MAX_PHASE, RESOLUTION, WEIGHTS};
use crate::moves::Move;
use crate::position::{Pending, Position};
use parlour_game::{DecodeError, Feature, Features, Learn, Side, Weights, WeightsError};
use std::sync::Arc;

/// The packed form of a position for training data: 26 bytes.
const CODE_LEN: usize = 26;

impl Learn for Position {
    fn code_len(&self) -> usize {
        CODE_LEN
    }

    fn encode(&self, out: &mut [u8]) {
        out[0..4].copy_from_slice(&self.pieces(Side::Black).0.to_le_bytes());
        out[4..8].copy_from_slice(&self.pieces(Side::White).0.to_le_bytes());
        out[8..12].copy_from_slice(&self.kings().0.to_le_bytes());
        out[12] = self.side().index() as u8;
        let (kind, mv) = match self.pending() {
            Pending::Nothing => (0, None),
            Pending::Offence(m) => (1, Some(m)),
            Pending::CompelCapture => (2, None),
            Pending::CompelRest(m) => (3, Some(m)),
        };
        out[13] = kind;
        out[14..26].copy_from_slice(&mv.map_or([0; 12], Move::to_raw));
    }

    fn decode(&self, bytes: &[u8]) -> Result<Position, DecodeError> {
        let bad = |reason: String| DecodeError { reason };
        if bytes.len() != CODE_LEN {
            return Err(bad(format!(
                "{} bytes where a checkers position takes {CODE_LEN}",
                bytes.len()
            )));
        }
        let word = |i: usize| Bitboard(u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4")));
        let side = match bytes[12] {
            0 => Side::Black,
            1 => Side::White,
            b => return Err(bad(format!("side {b}"))),
        };
        let pos = Position::from_parts(word(0), word(4), word(8), side, self.rules())
            .map_err(|e| bad(e.to_string()))?;
        let raw: [u8; 12] = bytes[14..26].try_into().expect("12 bytes");
        let pending_move = || {
            Move::from_raw(raw).ok_or_else(|| {
                bad(format!(
                    "a move's bytes {raw:?} are not a move on the board"
                ))
            })
        };
        let pending = match bytes[13] {
            0 => Pending::Nothing,
            1 => Pending::Offence(pending_move()?),
            2 => Pending::CompelCapture,
            3 => Pending::CompelRest(pending_move()?),
            k => return Err(bad(format!("pending kind {k}"))),
        };
        pos.with_pending(pending).map_err(|e| bad(e.to_string()))
    }

    fn positions_key(&self) -> String {
        format!("checkers/{}", self.rules().set.name())
    }

    fn model_key(&self) -> String {
        model_key(self.rules())
    }

    fn feature_count(&self) -> usize {
        WEIGHTS
    }

    fn weight_resolution(&self) -> u16 {
        RESOLUTION as u16
    }

    fn evaluator_from(&self, weights: Weights) -> Result<Eval, WeightsError> {
        Ok(Eval::Patterns(Arc::new(Model::from_weights(
            weights,
            self.rules(),
        )?)))
    }

    fn as_network(&self) -> Option<&dyn parlour_game::NetworkInputs> {
        Some(self)
    }

    fn features(&self, out: &mut Features) {
        out.clear();
        let phase = for_each_feature(self, |index, value| {
            out.push(Feature {
                index,
                coefficient: value as f32,
            })
        });
        parlour_game::learn::split_phases(out, phase as f32 / MAX_PHASE as f32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn positions_round_trip_through_their_code() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let start = Position::start(rules);
            let mut code = vec![0; start.code_len()];
            for pos in crate::testing::random_positions(rules, 500, 5, 90) {
                pos.encode(&mut code);
                assert_eq!(start.decode(&code).unwrap(), pos);
            }
        }
        let start = Position::start(Rules::ENGLISH);
        assert!(start.decode(&[0; 3]).is_err());
        let mut code = vec![0; CODE_LEN];
        start.encode(&mut code);
        code[12] = 7;
        assert!(start.decode(&code).is_err());
        // Both sides on one square.
        let mut code = vec![0; CODE_LEN];
        start.encode(&mut code);
        code[4] = 1;
        assert!(start.decode(&code).is_err());
    }
}
