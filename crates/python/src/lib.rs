//! The `parlour` Python module: checkers (english and huffing rules) and
//! the peg game as boards in the manner of python-chess, the engine, perft,
//! PDN, and positions as NumPy arrays for machine learning.
//!
//! A thin layer over the library crates, as the command line is: every
//! rule, text form and search is theirs; this crate turns their values
//! into Python objects and their errors into Python exceptions. maturin
//! builds it (`pip install ./crates/python`); pytest tests it
//! (`crates/python/tests`), and `parlour.pyi` beside this crate is its
//! typed stub.

mod board;
mod classes;
mod data;
mod engine;
mod errors;
mod moves;
mod pdn;
mod visit;

use parlour_checkers::Rules;
use parlour_game::Variant;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The ACF three-move ballots of a deck, each as ``(name, moves)``: the
/// name (``"ACF 5 Dreaded Edinburgh"``) and the three opening moves from
/// the start (``["9-13", "22-18", "10-15"]``).
///
/// ``ballots(deck="deck")``: ``"deck"``, the 156 of the ACF tournament
/// deck; ``"all"``, all 174; ``"tough"``, the 50 of the 2002 computer tough
/// deck.
#[pyfunction]
#[pyo3(signature = (deck="deck"))]
fn ballots(deck: &str) -> PyResult<Vec<(String, Vec<String>)>> {
    let ballots = Rules::ENGLISH.deck(deck).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown deck `{}`: expected {}",
            parlour_game::echo::echo(deck),
            Rules::decks().join(", ")
        ))
    })?;
    Ok(ballots
        .into_iter()
        .map(|(name, moves)| (name, Rules::split_line(moves)))
        .collect())
}

/// Checkers (english and huffing rules) and the Victorian peg game: boards,
/// the engine, perft, PDN and self-play data, in Rust.
#[pymodule(name = "parlour")]
fn parlour(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<classes::Board>()?;
    m.add_class::<classes::PegBoard>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::PegMove>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<pdn::PdnGame>()?;
    m.add_function(wrap_pyfunction!(pdn::read_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::write_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(ballots, m)?)?;
    m.add_function(wrap_pyfunction!(data::selfplay_records, m)?)?;
    errors::register(m)
}
