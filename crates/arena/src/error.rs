//! Why a match could not be played, or its results files not merged.
//! Each step has its own errors (`plan/error.rs`, `play/error.rs`,
//! `record/error.rs`), which these wrap; callers and tests match on what
//! went wrong.

use crate::plan::error::{HeaderProblem, PlanError, SpecError};
use crate::play::error::BuildError;
use crate::record::error::RecordError;
use parlour_game::echo::echo;
use std::path::PathBuf;

/// Why a match could not be played: a step's error.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// What the match is told does not make a match.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// An engine that cannot be built.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The record files.
    #[error(transparent)]
    Records(#[from] RecordError),
    /// The match's threads could not be started.
    #[error("cannot start {threads} threads")]
    Threads {
        /// How many.
        threads: usize,
        /// Why.
        source: rayon::ThreadPoolBuildError,
    },
}

/// Results files that cannot be merged into one match's report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// No file to merge.
    #[error("no results file given")]
    NoFiles,
    /// A file that does not read, or holds a game that is not right.
    #[error(transparent)]
    Records(#[from] RecordError),
    /// A header whose engines do not read.
    #[error("results file `{}`: its match header's engines do not read", echo(&.path.display()))]
    Engines {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SpecError,
    },
    /// A header (edited by hand) that describes no match parlour plays.
    #[error("results file `{}`: its match header describes no match: {why}", echo(&.path.display()))]
    NoMatch {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: HeaderProblem,
    },
    /// A header of another game than the one merged.
    #[error("results file `{}` is of the game {found}, not {expected}", echo(&.path.display()))]
    Game {
        /// The file.
        path: PathBuf,
        /// The game it names.
        found: String,
        /// The game merged.
        expected: &'static str,
    },
    /// Two files of different matches.
    #[error(
        "`{}` and `{}` are results of different matches: {}",
        echo(&.first.display()),
        echo(&.path.display()),
        .differences.join("; ")
    )]
    OtherMatch {
        /// The first file, which sets the match.
        first: PathBuf,
        /// The file that differs.
        path: PathBuf,
        /// What differs, one field each, with both files' values.
        differences: Vec<String>,
    },
    /// One file given twice.
    #[error("results file `{}` is given twice", echo(&.path.display()))]
    GivenTwice {
        /// The file.
        path: PathBuf,
    },
    /// A game in two files: a shard or a run given twice.
    #[error(
        "game {game} is in both `{}` and `{}`: is a shard or a run given twice?",
        echo(&.first.display()),
        echo(&.second.display())
    )]
    Duplicate {
        /// The game's number, from 1.
        game: usize,
        /// The file it was first found in.
        first: PathBuf,
        /// The file it was found in again.
        second: PathBuf,
    },
    /// An SPRT over other than two engines.
    #[error("an SPRT needs a match of exactly two engines")]
    SprtEngines,
    /// A PDN output that is one of the inputs.
    #[error("the PDN output `{}` is one of the results files", echo(&.path.display()))]
    PdnIsInput {
        /// The file.
        path: PathBuf,
    },
}
