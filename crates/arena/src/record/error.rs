//! What can be wrong with a match's record files: unreadable,
//! unwritable, another match's, or holding a game that is not one of it.

use crate::record::check::Mismatch;
use parlour_game::echo::echo;
use parlour_report::TallyError;
use std::path::PathBuf;

/// The record files: unreadable, unwritable, or another match's.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A file that cannot be read.
    #[error("cannot read results file `{}`", echo(&.path.display()))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file that cannot be written.
    #[error("cannot write `{}`", echo(&.path.display()))]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of the results file that is not a game record (or not
    /// JSON, or not UTF-8).
    #[error("results file `{}`, line {line}: not a game record", echo(&.path.display()))]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// Why.
        source: JsonError,
    },
    /// A records path that is a directory.
    #[error("{what} file `{}` is a directory: give a file name", echo(&.path.display()))]
    Directory {
        /// `results` or `PDN`.
        what: &'static str,
        /// The path given.
        path: PathBuf,
    },
    /// A fresh match's file that already holds games.
    #[error(
        "{what} file `{}` already holds games: resume to continue that match, or choose \
         another file",
        echo(&.path.display())
    )]
    HoldsGames {
        /// `results` or `PDN`.
        what: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// A results file that starts with a game, not a match header: one
    /// written before results files had headers.
    #[error(
        "results file `{}` has no match header: it was written by an older parlour (or is not \
         a results file), so nothing says which match its games belong to; it cannot be \
         resumed or merged: play the match into a new file",
        echo(&.path.display())
    )]
    NoHeader {
        /// The file.
        path: PathBuf,
    },
    /// A results file with no match in it (empty, or cut inside its
    /// header), where one is needed.
    #[error("results file `{}` holds no match: it is empty", echo(&.path.display()))]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// A header line that does not read.
    #[error("results file `{}`, line 1: the match header does not read", echo(&.path.display()))]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Why.
        source: JsonError,
    },
    /// A header of a format this version does not know.
    #[error(
        "results file `{}` has a match header of format {format}; this parlour reads format \
         {reads}",
        echo(&.path.display())
    )]
    HeaderFormat {
        /// The file.
        path: PathBuf,
        /// The format it names.
        format: u32,
        /// The format this version reads.
        reads: u32,
    },
    /// A results file of another match.
    #[error(
        "results file `{}` belongs to another match: {}; resume with the same settings, or \
         choose another file",
        echo(&.path.display()),
        .differences.join("; ")
    )]
    OtherMatch {
        /// The file.
        path: PathBuf,
        /// What differs, one field each.
        differences: Vec<String>,
    },
    /// A record that is not a game of this match as it says it is: its
    /// engines, opening, moves, result or ending do not agree.
    #[error("results file `{}`, line {line}: game {game} {why}", echo(&.path.display()))]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// The game's number, from 1.
        game: usize,
        /// What is wrong with it.
        why: Box<Mismatch>,
    },
    /// A results file that holds a game twice.
    #[error("results file `{}` holds game {game} twice", echo(&.path.display()))]
    Twice {
        /// The file.
        path: PathBuf,
        /// The game's number, from 1.
        game: usize,
    },
    /// A game between engines that are not paired in the match.
    #[error(transparent)]
    NotPaired(#[from] TallyError),
}

/// serde's error as a message shows it: what it quotes of the line cut
/// short (a 1,000-character string in a results file is not repeated).
#[derive(Debug)]
pub struct JsonError(pub serde_json::Error);

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", parlour_game::echo::echo_within(&self.0, 160))
    }
}

impl std::error::Error for JsonError {}

impl From<serde_json::Error> for JsonError {
    fn from(error: serde_json::Error) -> JsonError {
        JsonError(error)
    }
}
