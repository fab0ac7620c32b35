//! What can go wrong opening, probing, building and verifying databases.

use crate::material::Material;
use std::io;
use std::path::PathBuf;

/// An error of the endgame databases, with the file or position it is about.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A slice the question needs has not been built.
    #[error(
        "{path}: missing: no table for {material} ({pieces} pieces) has been built there; \
         run `parlour egdb build --pieces {pieces}`"
    )]
    Missing {
        /// The file that was looked for.
        path: PathBuf,
        /// Its material.
        material: Material,
        /// Its number of pieces.
        pieces: u32,
    },
    /// A file ends early: a copy cut short, or a disk that filled up.
    #[error("{path}: truncated ({reason}); delete it and build again")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Where it ends.
        reason: String,
    },
    /// A file's contents do not check out: its checksum, its header, or a
    /// value that cannot be.
    #[error("{path}: corrupt ({reason}); delete it and build again")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The directory holds no complete set of slices.
    #[error(
        "{dir}: no endgame databases there (not even every 2-piece slice); \
         run `parlour egdb build --pieces N`"
    )]
    Empty {
        /// The directory.
        dir: PathBuf,
    },
    /// The position is outside what the databases cover.
    #[error("{0}")]
    Uncovered(#[from] Uncovered),
    /// `verify` found a stored value its successors contradict.
    #[error(
        "{path}: wrong value for {fen}: stored {stored}, its successors give {expected}; \
         this file or one its moves lead into is wrong: delete them and build again"
    )]
    Wrong {
        /// The file holding the value.
        path: PathBuf,
        /// The position, in PDN FEN.
        fen: String,
        /// What the file says.
        stored: String,
        /// What the successors say.
        expected: String,
    },
}

/// Why a position is not in the databases.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Uncovered {
    /// The databases are for english rules only.
    #[error("the endgame databases are for english rules; this position is under huffing rules")]
    Huffing,
    /// A side has no piece: the game is already over.
    #[error("the {0} side has no piece: the game is over, and no database stores such positions")]
    NoPiece(&'static str),
    /// More pieces than were built.
    #[error("the position has {pieces} pieces; the databases cover at most {max}")]
    TooManyPieces {
        /// Pieces on the board.
        pieces: u32,
        /// The most the databases cover.
        max: u32,
    },
}
