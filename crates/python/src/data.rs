//! Positions as NumPy arrays for machine learning: a board's planes, and
//! the records of the self-play files `parlour selfplay` writes, read by
//! `parlour-train`'s reader.

use crate::errors::{io_error, DataError};
use numpy::{Element, PyArray1, PyArrayMethods};
use parlour_checkers::{Position, Rules};
use parlour_game::echo::echo;
use parlour_game::{Game, Learn};
use parlour_train::data::{DataError as ReadError, DataFile};
use parlour_train::result_for;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};

/// Bytes of one position's planes: four planes of 32 squares.
const PLANES: usize = 4 * 32;

/// The planes of `positions` ([`Position::planes`], one byte a square) as
/// a NumPy `uint8` array of the shape `shape` (whose sizes multiply to
/// `positions.len() * 128`).
pub(crate) fn planes_array<'py, const D: usize>(
    py: Python<'py>,
    positions: &[Position],
    shape: [usize; D],
) -> PyResult<Bound<'py, numpy::PyArray<u8, numpy::ndarray::Dim<[usize; D]>>>>
where
    [usize; D]: numpy::ndarray::IntoDimension<Dim = numpy::ndarray::Dim<[usize; D]>>,
{
    let mut bytes = vec![0u8; positions.len() * PLANES];
    for (pos, out) in positions.iter().zip(bytes.chunks_exact_mut(PLANES)) {
        for (plane, squares) in pos.planes().iter().zip(out.chunks_exact_mut(32)) {
            for sq in plane.squares() {
                squares[sq.index()] = 1;
            }
        }
    }
    PyArray1::from_vec(py, bytes).reshape(shape)
}

/// A one-dimensional NumPy array of `values`.
fn array<'py, T: Element>(py: Python<'py>, values: Vec<T>) -> Bound<'py, PyArray1<T>> {
    PyArray1::from_vec(py, values)
}

/// The exception for a file `DataFile::read` refuses: `OSError` where it
/// could not be read, else `DataError`.
fn read_error(error: ReadError) -> PyErr {
    match &error {
        ReadError::Io { path, source } => io_error(path, source),
        _ => DataError::new_err(crate::errors::message(&error)),
    }
}

/// The checkers rules whose positions `data` holds.
fn rules_of(path: &Path, data: &DataFile) -> PyResult<Rules> {
    let key = data.positions_key();
    let rules = [Rules::ENGLISH, Rules::HUFFING]
        .into_iter()
        .find(|rules| Position::start(*rules).positions_key() == key)
        .ok_or_else(|| {
            DataError::new_err(format!(
                "{}: it holds positions of `{key}`; planes are made of checkers positions \
                 (checkers/english or checkers/huffing)",
                echo(&path.display())
            ))
        })?;
    let code_len = Position::start(rules).code_len();
    if data.code_len != code_len {
        return Err(DataError::new_err(format!(
            "{}: positions of {} bytes, where a checkers position takes {code_len}",
            echo(&path.display()),
            data.code_len
        )));
    }
    Ok(rules)
}

/// Every position recorded in a self-play file, as NumPy arrays.
///
/// ``selfplay_records(path)`` reads a file ``parlour selfplay`` wrote (of
/// checkers, english or huffing) and returns a dict of arrays, one entry
/// per recorded position, in the file's order:
///
/// - ``planes``: ``uint8`` (N, 4, 32), the position from the side to move's
///   view, as ``Board.planes()`` makes it;
/// - ``score``: ``int16`` (N,), the search's score in hundredths of a man
///   from the side to move's view (±32000: a forced win or loss);
/// - ``result``: ``float32`` (N,), the game's result from the side to
///   move's view: 1 won, 0.5 drawn, 0 lost (as ``parlour train`` takes it);
/// - ``ply``: ``uint16`` (N,), plies from the game's start;
/// - ``game``: ``uint32`` (N,), the game's number in its run (split
///   training and validation by it).
///
/// Raises ``FileNotFoundError``/``OSError`` for a file that cannot be
/// read and ``DataError`` for one that is not a self-play file of
/// checkers or holds a bad position. As ``parlour train`` does, reading
/// stops at a torn or damaged game block (a run killed while writing
/// leaves one), with a ``UserWarning`` saying how many bytes were left.
#[pyfunction]
pub(crate) fn selfplay_records<'py>(
    py: Python<'py>,
    path: PathBuf,
) -> PyResult<Bound<'py, PyDict>> {
    let data = py.detach(|| DataFile::read(&path)).map_err(read_error)?;
    let template = Position::start(rules_of(&path, &data)?);
    let n = data.positions();
    let mut positions = Vec::with_capacity(n);
    let (mut score, mut result) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let (mut ply, mut game) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for record in &data.games {
        for p in &record.positions {
            let pos = template.decode(&p.code).map_err(|e| {
                DataError::new_err(format!(
                    "{}: game {} holds a bad position: {}",
                    echo(&path.display()),
                    record.index,
                    e.reason
                ))
            })?;
            result.push(result_for(record.outcome, pos.side_to_move()));
            positions.push(pos);
            score.push(p.score);
            ply.push(p.ply);
            game.push(record.index);
        }
    }
    warn_if_torn(py, &path, &data)?;
    let out = PyDict::new(py);
    out.set_item("planes", planes_array(py, &positions, [n, 4, 32])?)?;
    out.set_item("score", array(py, score))?;
    out.set_item("result", array(py, result))?;
    out.set_item("ply", array(py, ply))?;
    out.set_item("game", array(py, game))?;
    Ok(out)
}

/// Warns where the file goes on past its last whole game.
fn warn_if_torn(py: Python<'_>, path: &Path, data: &DataFile) -> PyResult<()> {
    let len = std::fs::metadata(path)
        .map_err(|e| io_error(path, &e))?
        .len();
    if len > data.whole_len {
        let text = format!(
            "{}: the last {} bytes are not a whole game (a torn or damaged block) and were not read",
            echo(&path.display()),
            len - data.whole_len
        );
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(text)?, 1)?;
    }
    Ok(())
}
