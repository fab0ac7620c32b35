//! The module's exceptions: one `ValueError` subclass for each kind of
//! text or file the library crates refuse, with the whole chain of a Rust
//! error's causes as the exception's message ([`message`]).

use parlour_game::echo::echo;
/// An error and its causes on one line (`a: b: c`), as the command line
/// prints them.
pub(crate) use parlour_game::echo::full_message as message;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::Path;

pyo3::create_exception!(
    parlour,
    RulesError,
    PyValueError,
    "A rules text that does not read (`english`, `huffing,quiet_plies=60`, `squares=4`)."
);
pyo3::create_exception!(
    parlour,
    PositionError,
    PyValueError,
    "A position text that does not read, or names a position that cannot arise."
);
pyo3::create_exception!(
    parlour,
    FenError,
    PositionError,
    "A checkers FEN that does not read, or names a position that cannot arise."
);
pyo3::create_exception!(
    parlour,
    IllegalMoveError,
    PyValueError,
    "A move that does not read, or is not legal in the position."
);
pyo3::create_exception!(
    parlour,
    PdnError,
    PyValueError,
    "A PDN text that does not read, or a game in it that is not a legal game."
);
pyo3::create_exception!(
    parlour,
    DataError,
    PyValueError,
    "A self-play data file that cannot be read as one."
);
pyo3::create_exception!(
    parlour,
    EngineError,
    PyValueError,
    "An engine that cannot be made as asked (threads, hash, evaluation, databases)."
);

/// A file that could not be read: `FileNotFoundError` where it is not
/// there, else `OSError`, naming the file.
pub(crate) fn io_error(path: &Path, error: &std::io::Error) -> PyErr {
    let text = format!("{}: {error}", echo(&path.display()));
    match error.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(text),
        _ => PyOSError::new_err(text),
    }
}

/// Adds the exceptions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("PdnError", py.get_type::<PdnError>())?;
    m.add("DataError", py.get_type::<DataError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    Ok(())
}
