//! The moves of each game as Python values: what `legal_moves` lists and
//! `push` takes, written as the game's notation writes them.

use parlour_checkers::{Action, Square};
use parlour_pegs::Hole;
use pyo3::prelude::*;

/// A checkers move (under huffing rules also a huff and its move, or
/// `compel`), as `Board.legal_moves` lists it.
///
/// `str(move)` is its PDN text: `11-15`, a capture with every landing
/// square `9x18x27`, a huff `h14 11-15`, `compel`.
#[pyclass(module = "parlour", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(pub(crate) Action);

#[pymethods]
impl Move {
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    /// The squares the piece passes, numbered 1-32: where it starts, then
    /// every square it lands on (a step's two squares); empty for
    /// `compel`, which moves no piece.
    #[getter]
    fn path(&self) -> Vec<u32> {
        match self.0.played_move() {
            Some(mv) => std::iter::once(mv.from())
                .chain(mv.landings())
                .map(Square::number)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The squares of the pieces the move jumps, in increasing order.
    #[getter]
    fn captures(&self) -> Vec<u32> {
        self.0
            .played_move()
            .map(|mv| mv.captured().squares().map(Square::number).collect())
            .unwrap_or_default()
    }

    /// Whether the move jumps a piece.
    #[getter]
    fn is_capture(&self) -> bool {
        self.0.played_move().is_some_and(|mv| mv.is_capture())
    }

    /// Whether a man is crowned by the move.
    #[getter]
    fn crowns(&self) -> bool {
        self.0.played_move().is_some_and(|mv| mv.crowns())
    }

    /// Huffing: the square of the offender's piece removed before the
    /// move, or `None`.
    #[getter]
    fn huff(&self) -> Option<u32> {
        match self.0 {
            Action::Huff(square, _) => Some(square.number()),
            _ => None,
        }
    }
}

/// A move of the peg game, as `PegBoard.legal_moves` lists it.
///
/// `str(move)` is its text: a King placed `K@7`, a peg placed `@7`, a
/// slide or forced move `24-17`, with a line's removal appended (`@3x12`).
#[pyclass(module = "parlour", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PegMove(pub(crate) parlour_pegs::PegMove);

#[pymethods]
impl PegMove {
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("PegMove('{}')", self.0)
    }

    /// The holes the peg passes: its hole for a placement, where it
    /// starts and where it ends for a slide.
    #[getter]
    fn path(&self) -> Vec<u32> {
        self.0
            .from()
            .into_iter()
            .chain([self.0.to()])
            .map(Hole::number)
            .collect()
    }

    /// The hole of the adversary's peg the move removes (it made a
    /// line), or `None`.
    #[getter]
    fn removal(&self) -> Option<u32> {
        self.0.removal().map(Hole::number)
    }

    /// Whether the move places a peg from the hand.
    #[getter]
    fn is_placement(&self) -> bool {
        self.0.is_placement()
    }

    /// Whether the move places the King.
    #[getter]
    fn is_king(&self) -> bool {
        self.0.is_king_placement()
    }
}
