//! Perft that merges moves equal in start, end and captured pieces, as
//! rhalbersma/dctl counts them (`parlour perft --unique`).

use crate::error::MoveError;
use crate::moves::Action;
use crate::position::{ActionList, Position};
use parlour_game::{FullKey, Game, Side};
use std::fmt;

/// A position whose moves are merged when they go from the same square to
/// the same square taking the same pieces (a king's loop run either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UniquePaths(pub Position);

impl fmt::Display for UniquePaths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

fn key(action: &Action) -> (u8, u8, u8, u32) {
    match action {
        Action::Move(m) => (
            0,
            m.from().index() as u8,
            m.to().index() as u8,
            m.captured().0,
        ),
        Action::Huff(sq, m) => (
            1 + sq.index() as u8,
            m.from().index() as u8,
            m.to().index() as u8,
            m.captured().0,
        ),
        Action::Compel => (255, 0, 0, 0),
    }
}

impl Game for UniquePaths {
    type Move = Action;
    type MoveList = ActionList;
    type MoveError = MoveError;

    fn side_to_move(&self) -> Side {
        self.0.side()
    }

    fn legal_moves(&self, moves: &mut ActionList) {
        self.0.actions(moves);
        // Only captures of several jumps can coincide; most lists are tiny.
        if moves
            .iter()
            .any(|a| a.played_move().is_some_and(|m| m.jumps() >= 4))
        {
            let mut seen: Vec<(u8, u8, u8, u32)> = Vec::with_capacity(moves.len());
            moves.retain(|a| {
                let k = key(a);
                if seen.contains(&k) {
                    false
                } else {
                    seen.push(k);
                    true
                }
            });
        }
    }

    fn count_moves(&self) -> u64 {
        let side = self.0.side();
        if (self.0.pieces(side) & self.0.kings()).is_empty() {
            return self.0.count_actions();
        }
        let mut moves = ActionList::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    fn play(&self, mv: Action) -> Self {
        UniquePaths(self.0.play(mv))
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn full_key(&self) -> Option<FullKey> {
        self.0.full_key()
    }

    fn is_irreversible(&self, mv: Action) -> bool {
        self.0.is_irreversible(mv)
    }

    fn quiet_ply_limit(&self) -> u32 {
        self.0.quiet_ply_limit()
    }

    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        self.0.parse_move(text)
    }
}
