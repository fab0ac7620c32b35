//! Why an engine spec that reads cannot be built into a player for a
//! match. A failure during a game is not an error but a lost game
//! ([`parlour_hub::EngineError`]).

use parlour_game::echo::echo;
use parlour_game::registry::EvalError;
use parlour_search::SearcherError;

/// A spec that reads but cannot be built into a player for this match.
#[derive(Debug, thiserror::Error)]
#[error("engine `{}`", echo(.name))]
pub struct BuildError {
    /// The engine's name.
    pub name: String,
    /// Why it cannot be built (the error's source, so that its own causes
    /// follow it in a message).
    #[source]
    pub problem: BuildProblem,
}

/// Why an engine cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildProblem {
    /// A search spec with no limit, which a match cannot play.
    #[error(
        "a search in a match needs a limit: depth=N, nodes=N, movetime=MS or tc=SECONDS+INCREMENT"
    )]
    NoLimit,
    /// A setting above its most.
    #[error("{what} must be at most {max}")]
    AtMost {
        /// `depth`, `threads`, `hash` (in MiB).
        what: &'static str,
        /// The most it may be.
        max: u64,
    },
    /// The searcher's threads or table could not be had.
    #[error(transparent)]
    Searcher(#[from] SearcherError),
    /// The evaluation asked for.
    #[error(transparent)]
    Eval(#[from] EvalError),
    /// The opening book named cannot be read, or is for other rules.
    #[error("bad book")]
    Book(#[from] parlour_book::BookError),
    /// A kind of player this factory does not build.
    #[error("{0} players are not available here")]
    Unavailable(&'static str),
    /// A Hub engine that cannot be started or does not play the game.
    #[error("cannot play")]
    Engine(#[from] parlour_hub::EngineError),
}
