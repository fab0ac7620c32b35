//! A material evaluation of the peg game, so that the searcher (and the
//! Hub engine and the terminal game over it) can play pegs: each side's
//! pegs on the board and in hand, the King's freedom, and a blocked King.
//!
//! The peg-evaluation work (`eval.rs` on its own branch) replaces this file
//! when it is merged: delete this module then.

use crate::hole::HoleSet;
use crate::moves::PegMove;
use crate::position::PegPosition;
use parlour_game::{Evaluate, Side};

/// A peg on the board or in hand.
const PEG: i32 = 100;
/// Each empty hole next to a side's own King.
const KING_AIR: i32 = 8;

fn material(pos: &PegPosition, side: Side) -> i32 {
    let pegs = pos.pegs(side).len() as i32 + i32::from(pos.hand(side));
    let air = match pos.king(side) {
        Some(k) => {
            let occupied = pos.pegs(Side::Black).0 | pos.pegs(Side::White).0;
            HoleSet(pos.board().neighbours(k).0 & !occupied).len() as i32
        }
        None => 0,
    };
    PEG * pegs + KING_AIR * air
}

impl Evaluate for PegPosition {
    fn evaluate(&self) -> i32 {
        let us = self.side();
        let mut score = material(self, us) - material(self, us.opponent());
        // A King held at the start of his owner's turn must escape at once.
        if !self.king_blockers().is_empty() {
            score -= PEG;
        }
        score
    }

    /// Moves that take pegs: by a block or by making a line.
    fn is_tactical(&self, mv: PegMove) -> bool {
        let them = self.side().opponent();
        mv.removal().is_some() || self.play(mv).pegs(them).len() < self.pegs(them).len()
    }

    fn tactical_gain(&self, mv: PegMove) -> i32 {
        let them = self.side().opponent();
        (self.pegs(them).len() as i32 - self.play(mv).pegs(them).len() as i32) * PEG
    }

    fn history_key(&self, mv: PegMove) -> usize {
        let from = mv.from().map_or(63, |h| h.index());
        from * 64 + mv.to().index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PegRules;

    #[test]
    fn the_start_is_even_and_a_capture_is_tactical() {
        assert_eq!(PegPosition::start(PegRules::DEFAULT).evaluate(), 0);
        // White in 4 takes Black's 3 by playing into 2 (the seed).
        let pos = PegPosition::parse("b:K9,1,3/w:K17,4/hand:7,8/reserve:3,3/turn:w", None).unwrap();
        let take = pos.parse_move("@2").unwrap();
        assert!(pos.is_tactical(take));
        assert_eq!(pos.tactical_gain(take), PEG);
        let quiet = pos.parse_move("@20").unwrap();
        assert!(!pos.is_tactical(quiet));
        assert!(
            pos.play(take).evaluate() <= -PEG + 4 * KING_AIR,
            "{}",
            pos.play(take).evaluate()
        );
    }
}
