//! Tuning parlour's search by SPSA, the way fishtest tunes Stockfish's:
//! each tunable parameter of the search (`parlour_search::params`, with
//! its range and step) is moved up or down at once along a seeded random
//! direction; two engines, one at each moved point, play a batch of game
//! pairs through the arena; each parameter then moves toward the point
//! that scored better, by a step that shrinks as the run goes on.
//!
//! - `spsa`: the arithmetic (gains, probes, updates), with no games.
//! - `history`: the run written down as JSON lines, and read back to
//!   resume it or show it.
//! - `run`: the loop, driving matches of `parlour-arena`.
//! - `show`: tables of what a run (or several, one per machine) found.
//!
//! The engines take their values as text (`name=value,...`, what
//! `PARLOUR_TUNE` reads): the run's engine spec holds `{settings}` where
//! they go and `{name}` where the point's name goes, so that any engine
//! that can be given its parameters can be tuned, parlour's own as a Hub
//! engine built with the `tune` feature above all:
//!
//! ```text
//! hub:env 'PARLOUR_TUNE={settings}' parlour hub --threads 1 --hash 64,movetime=100,name={name}
//! ```

mod error;
pub mod history;
mod run;
pub mod show;
pub mod spsa;

pub use error::TuneError;
pub use history::{Batch, History, ParamRecord, TuneHeader, FORMAT};
pub use run::{run_tune, TuneProgress, TuneRun, NAME, SETTINGS};
pub use spsa::{Gains, Probe, Spsa};
