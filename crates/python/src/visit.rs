//! The two ways code reaches the game it was given, whichever it is: by a
//! board object ([`visit_board`]: a `Board` or a `PegBoard`) or by a
//! game's name ([`visit_game`]).

use crate::board::{PyGame, Table};
use crate::classes::{Board, PegBoard};
use parlour_checkers::Rules;
use parlour_game::registry::UnknownGame;
use parlour_game::{GameList, Variant};
use parlour_pegs::PegRules;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// Code run on the game of a board object, whichever it is.
pub(crate) trait BoardVisit {
    /// What the code gives back.
    type Output;
    /// Runs the code on a copy of the board's game.
    fn visit<V: PyGame>(self, table: Table<V>) -> PyResult<Self::Output>;
}

/// Runs `visitor` on a copy of the game of `board`, a `Board` or a
/// `PegBoard`.
pub(crate) fn visit_board<W: BoardVisit>(
    board: &Bound<'_, PyAny>,
    visitor: W,
) -> PyResult<W::Output> {
    if let Ok(board) = board.cast::<Board>() {
        let table = board.try_borrow()?.table.clone();
        return visitor.visit(table);
    }
    if let Ok(board) = board.cast::<PegBoard>() {
        let table = board.try_borrow()?.table.clone();
        return visitor.visit(table);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Board or a PegBoard, not {}",
        board.get_type().name()?
    )))
}

/// Code run for a game named by a text.
pub(crate) trait GameVisit {
    /// What the code gives back.
    type Output;
    /// Runs the code for the game `V`.
    fn visit<V: PyGame>(self) -> PyResult<Self::Output>;
}

/// Runs `visitor` for the game called `name` (`checkers`, `pegs`).
pub(crate) fn visit_game<W: GameVisit>(
    name: &str,
    visitor: W,
) -> Result<PyResult<W::Output>, UnknownGame> {
    match name {
        Rules::NAME => Ok(visitor.visit::<Rules>()),
        PegRules::NAME => Ok(visitor.visit::<PegRules>()),
        _ => Err(UnknownGame {
            name: name.to_string(),
            known: parlour_games::Games::names(),
        }),
    }
}
