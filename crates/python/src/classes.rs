//! The two board classes, `Board` (checkers) and `PegBoard` (the peg
//! game): each holds a [`Table`] of its game, and one macro gives both the
//! same verbs; each has its own constructor, and `Board` its planes.

use crate::board::{PyGame, Table};
use crate::errors::{message, FenError, PositionError, RulesError};
use crate::moves::{Move, PegMove};
use parlour_checkers::Rules;
use parlour_game::registry::MoveOf;
use parlour_pegs::PegRules;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::hash::{DefaultHasher, Hash, Hasher};

/// A game of checkers, under english rules (the default) or huffing
/// rules, from the start or a position given in PDN FEN.
///
/// ``Board(fen=None, rules="english")``: ``rules`` is ``"english"`` or
/// ``"huffing"``, either with ``",quiet_plies=N"`` (the draw limit, 80 by
/// default). Under huffing rules a missed capture may be huffed, and the
/// huff is a move of its own (``"h14 11-15"``), as is ``"compel"``.
#[pyclass(module = "parlour")]
#[derive(Clone)]
pub struct Board {
    pub(crate) table: Table<Rules>,
}

/// A game of the Victorian peg game, from the start or a position given in
/// its text form.
///
/// ``PegBoard(rules=None, position=None)``: ``rules`` as the command line
/// writes them (``"squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100"``,
/// any subset; the defaults without), ``position`` as ``fen()`` writes
/// it (its own ``/rules:`` field names its rules where ``rules`` is not
/// given).
#[pyclass(module = "parlour")]
#[derive(Clone)]
pub struct PegBoard {
    pub(crate) table: Table<PegRules>,
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen=None, rules="english"))]
    fn new(fen: Option<&str>, rules: &str) -> PyResult<Board> {
        Ok(Board {
            table: Table::new(Some(rules), fen)?,
        })
    }

    /// The board as a NumPy ``uint8`` array of shape (4, 32), seen from
    /// the side to move: its men, its kings, the adversary's men, the
    /// adversary's kings; entry ``[plane, s - 1]`` is 1 where square ``s``
    /// holds such a piece. With White to move the board is turned round
    /// (square ``s`` is read as ``33 - s``), as in ``selfplay_records``.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<u8>>> {
        crate::data::planes_array(py, &[*self.table.position()], [4, 32])
    }
}

#[pymethods]
impl PegBoard {
    #[new]
    #[pyo3(signature = (rules=None, position=None))]
    fn new(rules: Option<&str>, position: Option<&str>) -> PyResult<PegBoard> {
        Ok(PegBoard {
            table: Table::new(rules, position)?,
        })
    }
}

/// The verbs both boards have, for the board class `$board` of the game
/// `$rules` whose moves are of the class `$move` and whose position texts
/// fail with `$error`'s exceptions.
macro_rules! board_class {
    ($board:ident, $move:ident, $rules:ty, $error:ident) => {
        impl PyGame for $rules {
            fn move_object(py: Python<'_>, mv: MoveOf<$rules>) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $move(mv))?.into_any())
            }

            fn board_object(py: Python<'_>, table: Table<$rules>) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $board { table })?.into_any())
            }

            fn position_error(error: <$rules as parlour_game::Variant>::Error) -> PyErr {
                $error(error)
            }
        }

        #[pymethods]
        impl $board {
            /// The legal moves of the position, in the move generator's
            /// order.
            #[getter]
            fn legal_moves(&self) -> Vec<$move> {
                self.table.legal().into_iter().map($move).collect()
            }

            /// Plays a move: one of ``legal_moves``, or its text in the
            /// game's notation (a capture may be written short, ``9x27``,
            /// where that names one move). Returns the move played.
            /// Raises ``IllegalMoveError`` for a move that is not legal
            /// here. As in python-chess, a game that is over (see
            /// ``is_game_over``) is not refused a legal move.
            fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<$move> {
                if let Ok(mv) = mv.cast::<$move>() {
                    return self.table.push(mv.get().0).map($move);
                }
                match mv.extract::<String>() {
                    Ok(text) => self.table.push_text(&text).map($move),
                    Err(_) => Err(PyTypeError::new_err(format!(
                        "push takes a {} or its text, not {}",
                        stringify!($move),
                        mv.get_type().name()?
                    ))),
                }
            }

            /// Takes back the last move and returns it. Raises
            /// ``IndexError`` where no move was played.
            fn pop(&mut self) -> PyResult<$move> {
                self.table.pop().map($move)
            }

            /// The last move played. Raises ``IndexError`` where no move
            /// was played.
            fn peek(&self) -> PyResult<$move> {
                self.table.peek().map($move)
            }

            /// The moves played from the start, in order.
            #[getter]
            fn move_stack(&self) -> Vec<$move> {
                self.table
                    .history
                    .moves()
                    .iter()
                    .copied()
                    .map($move)
                    .collect()
            }

            /// The position's text, as the constructor reads it.
            fn fen(&self) -> String {
                self.table.position().to_string()
            }

            /// The rules' text, as the constructor reads it.
            #[getter]
            fn rules(&self) -> String {
                self.table.rules()
            }

            /// The side to move: ``"black"`` (who moves first) or
            /// ``"white"``.
            #[getter]
            fn turn(&self) -> &'static str {
                self.table.turn()
            }

            /// Whether the game is over: the side to move has no legal
            /// move, or the same position stands a third time, or the
            /// quiet-ply limit is reached.
            fn is_game_over(&self) -> bool {
                self.table.result().is_some()
            }

            /// The result in PDN, from Black's side: ``"2-0"`` (Black
            /// won), ``"0-2"`` (White won), ``"1-1"`` (drawn), or ``None``
            /// while the game goes on.
            fn result(&self) -> Option<&'static str> {
                self.table.result()
            }

            /// A copy of the board, history and all.
            fn copy(&self) -> Self {
                self.clone()
            }

            /// The number of move paths ``depth`` plies deep from the
            /// position (perft), on one thread; other Python threads run
            /// meanwhile. ``depth`` is 1 to 64, else ``ValueError``.
            fn perft(&self, py: Python<'_>, depth: u64) -> PyResult<u64> {
                self.table.perft(py, depth)
            }

            fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
                self.table == other.table
            }

            fn __hash__(&self) -> u64 {
                let mut hasher = DefaultHasher::new();
                self.table.hash(&mut hasher);
                hasher.finish()
            }

            fn __str__(&self) -> String {
                self.table.diagram()
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}('{}', rules='{}')",
                    stringify!($board),
                    self.table.position(),
                    self.table.rules()
                )
            }

            /// The position as an SVG diagram, which a notebook draws.
            fn _repr_svg_(&self) -> Option<String> {
                self.table.svg()
            }
        }
    };
}

board_class!(Board, Move, Rules, checkers_error);
board_class!(PegBoard, PegMove, PegRules, pegs_error);

/// The exception of a checkers text's kind: `RulesError`, `FenError`, or
/// `PositionError` (the Hub's form).
fn checkers_error(error: parlour_checkers::Error) -> PyErr {
    use parlour_checkers::Error as E;
    let text = message(&error);
    match error {
        E::Rules(_) => RulesError::new_err(text),
        E::Fen(_) => FenError::new_err(text),
        E::HubPosition(_) => PositionError::new_err(text),
    }
}

/// The exception of a peg game text's kind: `RulesError` or
/// `PositionError` (a position's own `/rules:` field included).
fn pegs_error(error: parlour_pegs::Error) -> PyErr {
    use parlour_pegs::Error as E;
    let text = message(&error);
    match error {
        E::Rules(_) => RulesError::new_err(text),
        E::Position(_) => PositionError::new_err(text),
    }
}
