//! A game in progress for Python, the same for both games: [`Table`], a
//! game's [`History`] with the verbs a Python board has, generic over the
//! game's [`Variant`]; and [`PyGame`], what the module adds to a game (its
//! Python classes). How code reaches the game it was given is
//! [`crate::visit`]'s.

use crate::errors::{message, IllegalMoveError, RulesError};
use parlour_game::perft::{perft_depth, PERFT_STACK_BYTES};
use parlour_game::registry::MoveOf;
use parlour_game::{Game, History, Side, Variant};
use pyo3::exceptions::{PyIndexError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::hash::{Hash, Hasher};

/// What the module adds to a game: its Python board and move classes.
pub(crate) trait PyGame: Variant {
    /// A Python object of the game's move class holding `mv`.
    fn move_object(py: Python<'_>, mv: MoveOf<Self>) -> PyResult<Py<PyAny>>;

    /// A Python object of the game's board class holding `table`.
    fn board_object(py: Python<'_>, table: Table<Self>) -> PyResult<Py<PyAny>>;

    /// The exception for a position text of the game that does not read.
    fn position_error(error: Self::Error) -> PyErr;
}

/// A game from its start: the position now, the moves that led to it and
/// the draws they decide.
#[derive(Clone)]
pub(crate) struct Table<V: Variant> {
    pub(crate) history: History<V::Position>,
}

impl<V: PyGame> Table<V> {
    /// A game under the rules `rules` (else the game's defaults, or for a
    /// peg position those its text names) from `position` (else the
    /// start).
    pub(crate) fn new(rules: Option<&str>, position: Option<&str>) -> PyResult<Table<V>> {
        let rules = rules
            .map(|text| V::parse_rules(text).map_err(|e| RulesError::new_err(message(&e))))
            .transpose()?;
        let start = match position {
            Some(text) => V::parse_position(rules, text).map_err(V::position_error)?,
            None => rules.unwrap_or_default().start(),
        };
        Ok(Table {
            history: History::new(start),
        })
    }

    /// The position now.
    pub(crate) fn position(&self) -> &V::Position {
        self.history.current()
    }

    /// The legal moves of the position now, in the generator's order.
    pub(crate) fn legal(&self) -> Vec<MoveOf<V>> {
        let mut list = <V::Position as Game>::MoveList::default();
        self.position().legal_moves(&mut list);
        list.as_ref().to_vec()
    }

    /// Plays `mv` if it is legal here.
    pub(crate) fn push(&mut self, mv: MoveOf<V>) -> PyResult<MoveOf<V>> {
        if self.history.try_push(mv) {
            Ok(mv)
        } else {
            Err(IllegalMoveError::new_err(format!(
                "`{mv}` is not a legal move in {}",
                self.position()
            )))
        }
    }

    /// Reads `text` in the game's notation and plays it.
    pub(crate) fn push_text(&mut self, text: &str) -> PyResult<MoveOf<V>> {
        let mv = self
            .position()
            .parse_move(text)
            .map_err(|e| IllegalMoveError::new_err(message(&e)))?;
        self.history.push(mv);
        Ok(mv)
    }

    /// Takes back the last move.
    pub(crate) fn pop(&mut self) -> PyResult<MoveOf<V>> {
        self.history
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a board with no move played"))
    }

    /// The last move played.
    pub(crate) fn peek(&self) -> PyResult<MoveOf<V>> {
        self.history
            .moves()
            .last()
            .copied()
            .ok_or_else(|| PyIndexError::new_err("peek at a board with no move played"))
    }

    /// The rules, as their text.
    pub(crate) fn rules(&self) -> String {
        V::rules_of(self.position()).to_string()
    }

    /// The side to move.
    pub(crate) fn turn(&self) -> &'static str {
        self.position().side_to_move().name()
    }

    /// The PDN result if the game is over (`2-0`, `0-2`, `1-1`).
    pub(crate) fn result(&self) -> Option<&'static str> {
        self.history.outcome().map(|o| o.pdn())
    }

    /// Perft from the position now, `depth` plies deep (in perft's one
    /// range, else `ValueError`), on a thread of its own with the stack a
    /// perft of any depth in range needs, Python's threads free to run.
    pub(crate) fn perft(&self, py: Python<'_>, depth: u64) -> PyResult<u64> {
        let depth = perft_depth(depth).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let pos = *self.position();
        py.detach(move || {
            std::thread::Builder::new()
                .name("parlour perft".to_string())
                .stack_size(PERFT_STACK_BYTES)
                .spawn(move || parlour_game::perft(&pos, depth))
                .map_err(|e| PyOSError::new_err(format!("cannot start perft's thread: {e}")))?
                .join()
                .map_err(|_| PyRuntimeError::new_err("perft's thread panicked"))
        })
    }

    /// The position drawn as text, with the numbers of its squares.
    pub(crate) fn diagram(&self) -> String {
        V::diagram(self.position())
    }

    /// The position as an SVG picture, as published diagrams are drawn
    /// (Black at the top).
    pub(crate) fn svg(&self) -> Option<String> {
        V::diagram_svg(self.position(), Side::PUBLISHED_VIEW, &[])
    }
}

/// Boards are equal when they started from the same position and the same
/// moves were played: the same position with the same history.
impl<V: Variant> PartialEq for Table<V> {
    fn eq(&self, other: &Table<V>) -> bool {
        self.history.start() == other.history.start()
            && self.history.moves() == other.history.moves()
    }
}

impl<V: Variant> Hash for Table<V> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.history.start().hash().hash(state);
        self.history.current().hash().hash(state);
        self.history.moves().len().hash(state);
    }
}
