//! What can go wrong opening, probing, building and verifying databases.

use crate::material::Material;
use parlour_game::echo::echo;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// An error of the endgame databases, with the file or position it is about.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    /// Reading or writing a file failed.
    #[error("{}", echo(&path.display()))]
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
    #[error("{}: truncated ({reason}); delete it and build again", echo(&path.display()))]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Where it ends.
        reason: String,
    },
    /// A file's contents do not check out: its checksum, its header, or a
    /// value that cannot be.
    #[error("{}: corrupt ({reason}); delete it and build again", echo(&path.display()))]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A file the databases should have is missing or unreadable: other
    /// files with as many pieces are there, or the build recorded in the
    /// directory made it.
    #[error("{gap}{}; {}", and_more(*.more), remedy(.gap, *.pieces))]
    Incomplete {
        /// The first such file.
        gap: Gap,
        /// How many more there are.
        more: usize,
        /// The piece count a build must be asked for to make them again.
        pieces: u32,
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
    #[error(transparent)]
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

/// ` (and N more files)` where there are more.
fn and_more(more: usize) -> String {
    match more {
        0 => String::new(),
        1 => " (and 1 more file)".to_string(),
        n => format!(" (and {n} more files)"),
    }
}

/// What to do about a gap.
fn remedy(gap: &Gap, pieces: u32) -> String {
    let build = format!("`parlour egdb build --pieces {pieces}`");
    match gap.flaw {
        Flaw::Missing => format!("run {build} to build what is missing"),
        Flaw::NotAFile | Flaw::Unreadable(_) => {
            format!("remove what is there and run {build}")
        }
    }
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

/// What is wrong with a file the databases should have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// Nothing of that name.
    Missing,
    /// Something that is not a file (a folder) in the file's place.
    NotAFile,
    /// A file that cannot be opened.
    Unreadable(io::ErrorKind),
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Flaw::Missing => f.write_str("missing"),
            Flaw::NotAFile => f.write_str("not a file"),
            Flaw::Unreadable(kind) => write!(f, "unreadable ({kind})"),
        }
    }
}

/// Why a file should be there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Other files with as many pieces are there.
    PartlyPresent,
    /// The build recorded in the directory finished up to this many
    /// pieces, at least as many as the file has.
    Built(u32),
}

/// A file the databases should have and cannot use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap {
    /// Where the file belongs.
    pub path: PathBuf,
    /// Its material.
    pub material: Material,
    /// What is wrong with it.
    pub flaw: Flaw,
    /// Why it should be there.
    pub expected: Expected,
}

impl fmt::Display for Gap {
    /// `DIR/2k0m-1k0m.egdb: missing, though other 3-piece files are there`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}, though ", self.path.display(), self.flaw)?;
        match self.expected {
            Expected::PartlyPresent => {
                write!(f, "other {}-piece files are there", self.material.pieces())
            }
            Expected::Built(n) => write!(f, "the databases were built up to {n} pieces"),
        }
    }
}
