//! Which evaluation a peg search scores positions with: the learned model
//! built in, the hand-written terms, or a model read from a weights file.

use crate::eval::evaluate;
use crate::learned::model::{shipped_ref, PegModel};
use crate::position::PegPosition;
use parlour_game::Evaluator;
use std::sync::Arc;

/// Which evaluation a peg search scores positions with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PegEval {
    /// The learned model built into the binary for the default board
    /// ([`crate::learned::shipped`]) on that board, and the hand-written
    /// terms on any other board: the default.
    #[default]
    Shipped,
    /// The hand-written terms ([`crate::eval`]).
    Handwritten,
    /// A learned model read from a weights file, for one board.
    Learned(Arc<PegModel>),
}

impl std::fmt::Display for PegEval {
    /// `learned` (built in), `handwritten`, or `learned:` and the
    /// weights' fingerprint.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PegEval::Shipped => f.write_str("learned"),
            PegEval::Handwritten => f.write_str("handwritten"),
            PegEval::Learned(model) => write!(f, "learned:{:016x}", model.fingerprint()),
        }
    }
}

impl Evaluator<PegPosition> for PegEval {
    #[inline]
    fn evaluate(&self, pos: &PegPosition) -> i32 {
        match self {
            PegEval::Shipped => match shipped_ref(pos.rules) {
                Some(model) => model.evaluate(pos),
                None => evaluate(pos),
            },
            PegEval::Handwritten => evaluate(pos),
            PegEval::Learned(model) => model.evaluate(pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::shipped;
    use crate::testing::random_positions;
    use crate::PegRules;

    #[test]
    fn the_shipped_weights_load_for_the_default_board_only() {
        let model = shipped(PegRules::DEFAULT).expect("weights for the default board");
        assert!(model.fits(PegRules::DEFAULT));
        let other_rules: PegRules = "pegs=7,reserve=2,quiet_plies=60".parse().unwrap();
        assert!(shipped(other_rules).is_some());
        for board in ["squares=4", "diagonals=0", "squares=2"] {
            assert!(shipped(board.parse().unwrap()).is_none(), "{board}");
        }
        // The default evaluation uses them on the default board (where they
        // are not the hand-written terms), and the hand-written terms
        // elsewhere.
        let mut differ = 0;
        for pos in random_positions(PegRules::DEFAULT, 50, 8) {
            let score = PegEval::default().evaluate(&pos);
            assert_eq!(score, model.evaluate(&pos), "{pos}");
            differ += usize::from(score != crate::eval::evaluate(&pos));
        }
        assert!(differ > 25, "{differ} of 50");
        let bigger: PegRules = "squares=4".parse().unwrap();
        for pos in random_positions(bigger, 20, 9) {
            assert_eq!(
                PegEval::default().evaluate(&pos),
                crate::eval::evaluate(&pos)
            );
        }
    }
}
