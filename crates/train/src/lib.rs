//! Learning an evaluation from self-play, the same way for every game.
//!
//! - [`selfplay`]: the engine plays itself from a list of openings (and a
//!   few random plies after them), at a fixed node or depth budget, games
//!   in parallel, and records the quiet positions it met with the search's
//!   score and the game's result ([`data`] is the file they go to:
//!   resumable after a kill, deterministic for a seed).
//! - [`trainer`]: fits a game's model ([`parlour_game::Learn`]: linear, or
//!   with a hidden layer) to those records: a logistic loss on the result
//!   blended with the search score, a validation split by game; the
//!   numerics (Adam on mini-batches whose gradients are summed over
//!   threads, early stopping on the validation loss) are [`fit()`]'s.
//!
//! - [`network`]: trains a game's network evaluation in floats with the
//!   same targets and optimiser, quantises it, and checks the integer
//!   network's scores against the float one's.
//!
//! A game takes part by implementing [`parlour_game::Learn`]: a binary form
//! of its positions, and the sparse features of its model.

pub mod data;
mod dataset;
mod error;
mod fit;
pub mod network;
pub mod selfplay;
pub mod trainer;

pub use data::{DataError, DataFile, GameRecord, Opened, PositionRecord};
pub use dataset::{result_for, Dataset, TableLabels};
pub use error::{TrainError, MIN_SAMPLES};
pub use fit::{fit, BestEpoch, EpochReport, Fitted, Sample, TrainConfig, MAX_HIDDEN};
pub use network::{train_network, FloatNetwork, NetworkTrained, QuantCheck};
pub use selfplay::{Budget, SelfPlay, SelfPlayError, SelfPlayProgress, SelfPlaySummary};
pub use trainer::{fit_scale, train, Losses, Samples, Trained};
