//! Which evaluation a peg search scores positions with: the hand-written
//! terms, or a learned model (the one built in for the default board, or
//! one read from a weights file). The default of a board comes from its
//! registry entry ([`crate::PegRules`]' `default_evaluator`).

use crate::eval::evaluate;
use crate::learned::model::PegModel;
use crate::position::PegPosition;
use parlour_game::{EvalId, Evaluator};
use std::sync::Arc;

/// Which evaluation a peg search scores positions with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PegEval {
    /// The hand-written terms ([`crate::eval`]).
    Handwritten,
    /// A learned model for one board: the one built in
    /// ([`crate::learned::shipped`]) or one read from a weights file.
    Learned(Arc<PegModel>),
}

impl std::fmt::Display for PegEval {
    /// As its identity writes it: `handwritten`, or `learned:` and the
    /// weights' fingerprint.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.identity().fmt(f)
    }
}

impl Evaluator<PegPosition> for PegEval {
    fn identity(&self) -> EvalId {
        match self {
            PegEval::Handwritten => EvalId::plain("handwritten"),
            PegEval::Learned(model) => EvalId::learned("learned", model.fingerprint()),
        }
    }

    #[inline]
    fn evaluate(&self, pos: &PegPosition) -> i32 {
        match self {
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
    use parlour_game::Variant;

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
            let score = PegRules::DEFAULT.default_evaluator().evaluate(&pos);
            assert_eq!(score, model.evaluate(&pos), "{pos}");
            differ += usize::from(score != crate::eval::evaluate(&pos));
        }
        assert!(differ > 25, "{differ} of 50");
        let bigger: PegRules = "squares=4".parse().unwrap();
        for pos in random_positions(bigger, 20, 9) {
            assert_eq!(
                bigger.default_evaluator().evaluate(&pos),
                crate::eval::evaluate(&pos)
            );
        }
    }
}
