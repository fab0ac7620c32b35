//! PDN for Python: games read from a file or a text into boards, and
//! boards written back, through `parlour-game`'s reader and writer.

use crate::board::{PyGame, Table};
use crate::errors::{io_error, message, PdnError};
use crate::visit::{visit_board, visit_game, BoardVisit, GameVisit};
use parlour_game::echo::echo;
use parlour_game::pdn::{self, read_games, PDN_FILE};
use parlour_game::{Game, Variant};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};

/// A game of a PDN file: its tag pairs, its result, and the board its
/// moves lead to.
///
/// ``PdnGame(board, headers=None, result=None)`` makes one to write with
/// ``write_pdn``: the board's moves from its start, the tags of
/// ``headers`` in order (the game's own tags, such as ``GameType`` and
/// ``FEN``, are added where missing), and ``result`` (else the board's
/// result, else ``"*"``).
#[pyclass(module = "parlour", frozen)]
pub struct PdnGame {
    headers: Vec<(String, String)>,
    result: Option<String>,
    board: Py<PyAny>,
}

#[pymethods]
impl PdnGame {
    #[new]
    #[pyo3(signature = (board, headers=None, result=None))]
    fn new(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        headers: Option<&Bound<'_, PyDict>>,
        result: Option<String>,
    ) -> PyResult<PdnGame> {
        let headers = match headers {
            Some(dict) => dict
                .iter()
                .map(|(k, v)| Ok((k.extract()?, v.extract()?)))
                .collect::<PyResult<_>>()?,
            None => Vec::new(),
        };
        Ok(PdnGame {
            headers,
            result,
            board: visit_board(board, CopyBoard(py))?,
        })
    }

    /// The tag pairs, in the file's order.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in &self.headers {
            dict.set_item(key, value)?;
        }
        Ok(dict)
    }

    /// The result as the movetext ends with it (else as the ``Result``
    /// tag has it): ``"2-0"``, ``"0-2"``, ``"1-1"`` (or another PDN form
    /// such as ``"1/2-1/2"``); ``None`` for ``"*"`` or none.
    #[getter]
    fn result(&self) -> Option<String> {
        self.result.clone()
    }

    /// The moves, in the game's notation, every capture with all its
    /// landing squares.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        visit_board(self.board.bind(py), MoveTexts)
    }

    /// The game's name: ``"checkers"`` or ``"pegs"``.
    #[getter]
    fn game(&self, py: Python<'_>) -> PyResult<&'static str> {
        visit_board(self.board.bind(py), Name)
    }

    /// A ``Board`` (or ``PegBoard``) after the game's moves, with its
    /// history: ``pop()`` takes them back.
    fn board(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        visit_board(self.board.bind(py), CopyBoard(py))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let moves = self.moves(py)?.len();
        Ok(format!(
            "<PdnGame {} plies, result {}>",
            moves,
            self.result.as_deref().unwrap_or("*")
        ))
    }
}

/// A copy of a board object.
struct CopyBoard<'py>(Python<'py>);

impl BoardVisit for CopyBoard<'_> {
    type Output = Py<PyAny>;
    fn visit<V: PyGame>(self, table: Table<V>) -> PyResult<Py<PyAny>> {
        V::board_object(self.0, table)
    }
}

/// The texts of a board's moves.
struct MoveTexts;

impl BoardVisit for MoveTexts {
    type Output = Vec<String>;
    fn visit<V: PyGame>(self, table: Table<V>) -> PyResult<Vec<String>> {
        Ok(table
            .history
            .moves()
            .iter()
            .map(ToString::to_string)
            .collect())
    }
}

/// The name of a board's game.
struct Name;

impl BoardVisit for Name {
    type Output = &'static str;
    fn visit<V: PyGame>(self, _: Table<V>) -> PyResult<&'static str> {
        Ok(V::NAME)
    }
}

/// A game of a PDN text played out as a board of its game.
struct Replay<'a, 'py> {
    py: Python<'py>,
    game: &'a pdn::PdnGame,
}

impl GameVisit for Replay<'_, '_> {
    type Output = Py<PyAny>;
    fn visit<V: PyGame>(self) -> PyResult<Py<PyAny>> {
        let history = self
            .game
            .replay(V::default())
            .map_err(|e| PdnError::new_err(message(&e)))?;
        V::board_object(self.py, Table { history })
    }
}

/// Reads every game of a PDN file or text.
///
/// ``read_pdn(path_or_text)``: a path (``str`` naming a file, or
/// ``os.PathLike``) is read; any other string is the PDN text itself.
/// Each game is played out under its tags, as ``parlour show --pdn``
/// reads them: ``Game`` (``checkers``, the default, or ``pegs``),
/// ``Rules`` (else the game's default rules), ``FEN`` or ``Position``
/// (else the start). Returns a list of ``PdnGame``.
///
/// Raises ``PdnError`` for a text that does not read or a game that is not
/// legal (naming the game, from 1, and the move), and
/// ``FileNotFoundError``/``OSError`` for a file that cannot be read.
#[pyfunction]
pub(crate) fn read_pdn(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<PdnGame>> {
    let text = pdn_text(source)?;
    let games = read_games(&text).map_err(|e| PdnError::new_err(message(&e)))?;
    let mut out = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        let context = |e: PyErr| PdnError::new_err(format!("game {}: {}", i + 1, e.value(py)));
        let name = game.tag("Game").unwrap_or(parlour_checkers::Rules::NAME);
        let board = visit_game(name, Replay { py, game })
            .map_err(|e| PdnError::new_err(format!("game {}: {e}", i + 1)))?
            .map_err(context)?;
        let result = game
            .result
            .as_deref()
            .or(game.tag("Result"))
            .filter(|r| *r != "*");
        out.push(PdnGame {
            headers: game.tags.clone(),
            result: result.map(str::to_string),
            board,
        });
    }
    Ok(out)
}

/// The text of `source`: a file's where it names one, else itself.
fn pdn_text(source: &Bound<'_, PyAny>) -> PyResult<String> {
    let path = match source.extract::<String>() {
        Ok(text) if !looks_like_path(&text) => return Ok(text),
        Ok(text) => PathBuf::from(text),
        Err(_) => source.extract::<PathBuf>()?,
    };
    // Within a PDN file's size limit; a file that is not text is a PDN
    // error (what the stub promises), a file that cannot be read an OSError.
    PDN_FILE.read_text(&path).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidData | std::io::ErrorKind::FileTooLarge => {
            PdnError::new_err(format!("{}: {e}", echo(&path.display())))
        }
        _ => io_error(&path, &e),
    })
}

/// Whether a string names a file: one that is there, or a single word
/// ending in `.pdn`.
fn looks_like_path(text: &str) -> bool {
    let one_line = !text.contains('\n');
    one_line
        && (Path::new(text).is_file()
            || (!text.contains(char::is_whitespace) && text.ends_with(".pdn")))
}

/// A board written as a PDN game.
struct Write<'a> {
    headers: &'a [(String, String)],
    result: Option<&'a str>,
}

impl BoardVisit for Write<'_> {
    type Output = String;
    fn visit<V: PyGame>(self, table: Table<V>) -> PyResult<String> {
        let start = table.history.start();
        let result = self.result.or(table.result()).unwrap_or("*");
        let mut tags = self.headers.to_vec();
        for (key, value) in V::rules_of(start).pdn_tags(&start.to_string()) {
            if !tags.iter().any(|(k, _)| *k == key) {
                tags.push((key, value));
            }
        }
        match tags.iter_mut().find(|(k, _)| k == "Result") {
            Some(tag) => tag.1 = result.to_string(),
            None => tags.push(("Result".to_string(), result.to_string())),
        }
        let moves: Vec<String> = table
            .history
            .moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        Ok(pdn::game(
            &tags,
            start.side_to_move(),
            &moves,
            &[result.to_string()],
        ))
    }
}

/// Writes games as PDN and returns the text.
///
/// ``write_pdn(games, path=None)``: ``games`` is a ``PdnGame``, a
/// ``Board`` or ``PegBoard`` (its moves from its start, its result), or a
/// list of them; with ``path`` the text is also written to that file.
/// ``read_pdn`` reads it back.
#[pyfunction]
#[pyo3(signature = (games, path=None))]
pub(crate) fn write_pdn(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    path: Option<PathBuf>,
) -> PyResult<String> {
    let single = games.cast::<PdnGame>().is_ok() || visit_board(games, Name).is_ok();
    let items: Vec<Bound<'_, PyAny>> = if single {
        vec![games.clone()]
    } else {
        games.try_iter()?.collect::<PyResult<_>>()?
    };
    let mut out = String::new();
    for item in &items {
        let text = match item.cast::<PdnGame>() {
            Ok(game) => {
                let game = game.get();
                let write = Write {
                    headers: &game.headers,
                    result: game.result.as_deref(),
                };
                visit_board(game.board.bind(py), write)?
            }
            Err(_) => visit_board(
                item,
                Write {
                    headers: &[],
                    result: None,
                },
            )?,
        };
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&text);
    }
    if let Some(path) = path {
        std::fs::write(&path, &out).map_err(|e| io_error(&path, &e))?;
    }
    Ok(out)
}
