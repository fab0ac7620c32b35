//! Why training could not be done.

/// The fewest distinct positions training takes.
pub const MIN_SAMPLES: usize = 10;

/// Why training could not be done.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TrainError {
    /// Data recorded for another model.
    #[error("the data was recorded for another model ({found}); training `{expected}`")]
    WrongData {
        /// The data's settings.
        found: String,
        /// The model trained.
        expected: String,
    },
    /// A record that does not decode as a position of the game.
    #[error("game {game} of the data holds a bad position: {reason}")]
    BadPosition {
        /// Which game of which file.
        game: u32,
        /// What was wrong.
        reason: String,
    },
    /// Too little data to train and validate on.
    #[error("{samples} distinct positions are too few to train and validate on (at least {MIN_SAMPLES})")]
    TooFewSamples {
        /// Distinct positions.
        samples: usize,
    },
    /// A setting out of range.
    #[error("{0}")]
    Config(String),
}
