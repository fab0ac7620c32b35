//! Endgame databases for english checkers: the exact value (win, loss or
//! draw for the side to move) of every position with up to N pieces, built
//! on the user's machine by retrograde analysis, stored compactly, and
//! probed from any number of search threads.
//!
//! ```no_run
//! use parlour_checkers::{Position, Rules};
//! use parlour_egdb::{build, Egdb, Quiet, Wdl};
//! # fn main() -> Result<(), parlour_egdb::EgdbError> {
//! let dir = std::path::Path::new("egdb");
//! build(dir, 4, &Quiet)?; // seconds; 5 pieces take minutes, 6 under an hour
//! let egdb = Egdb::open(dir)?; // every file read into memory and checked
//! let pos = Position::from_fen("W:WK32:BK1,K3", Rules::ENGLISH).unwrap();
//! assert_eq!(egdb.probe(&pos), Some(Wdl::Loss)); // one king against two
//! # Ok(()) }
//! ```
//!
//! # What is stored
//!
//! Positions are stored with the side to move first: a position with White
//! to move is turned round (colours swapped, square s on 33 - s), so one
//! table serves both colours and the stored positions of n pieces number
//! the published placements less those where a side has no piece
//! (2,426,085,676 of 2,503,611,964 for six). The tables
//! are cut by [`Material`] (men and kings of each side) and then by the
//! rank of each side's most advanced man ([`Slice`]), as Chinook and
//! KingsRow cut theirs: each slice has a perfect index (see `index.rs`)
//! and depends only on slices built before it.
//!
//! Every position is stored, those where the side to move must capture
//! too, so [`Egdb::probe`] answers any english position with both sides on
//! the board and at most [`Egdb::max_pieces`] pieces, without a search of
//! its own. It returns `None` for huffing positions, for more pieces than
//! were built, and for a side without pieces (the game is already over).
//! The values ignore the quiet-ply draw rule, as every checkers database
//! does.
//!
//! # Distances
//!
//! A win-only table tells a program that it wins, not how: it can shuffle
//! kings for ever in a won ending. The builder decides positions one ply
//! at a time, so it knows for free each position's *distance to
//! conversion* ([`Plies`]): how many plies, the winner hurrying and the
//! loser holding out, before the game leaves the slice by a capture, a
//! crowning or an advance of the most advanced man. Each of those is
//! irreversible and resets the quiet-ply count, so a program that keeps a
//! win and lowers the distance with every move wins for certain, within
//! the quiet-ply limit whenever the distance is below it.
//!
//! Storing the distance of every position would take a byte or more where
//! the value takes two bits, and almost every position converts within a
//! few moves, which a search finds by itself. So, as KingsRow does with
//! its moves-to-conversion tables, the files keep only the long ones: the
//! distances of at least [`DISTANCE_THRESHOLD`] plies, about 1% of the
//! positions up to five pieces (1.6 million of 146 million). A search asks
//! [`Egdb::probe_distance`] at the root of a won or lost position: an exact
//! distance where it is long, [`Distance::Below`] otherwise. Each file
//! also records its slices' longest distance.
//!
//! # Building
//!
//! [`build`] solves one slice and its mirror (the same slice with the
//! other side to move) at a time: a forward pass with `parlour-checkers`'
//! move generator decides what leaves the slice (captures, crownings,
//! advances all lead into finished slices) and counts the moves that stay;
//! then retrograde propagation ply by ply, with an un-move generator and a
//! count per position updated atomically, decides the rest (see
//! `build.rs`). Both steps run on rayon's threads. Each material is
//! written atomically (a temporary file renamed), so a killed build
//! resumes at the material it was building.
//!
//! # Storage and safety
//!
//! One file per material: a header, two bits per position, the long
//! distances, and a CRC-32 of it all (see `file.rs`). Files are read into
//! memory (no memory mapping, so no `unsafe`); a truncated or corrupt one
//! is refused with an error naming it, never answered from. An [`Egdb`] is
//! never written after opening, so it is `Sync`: probes take `&self`.
//! [`verify`] re-checks every stored value and distance against its
//! successors with `parlour-checkers`' own move generator.

mod board;
mod build;
mod coverage;
mod error;
mod file;
mod index;
mod material;
mod opener;
mod packed;
mod probe;
mod tables;
mod unmove;
mod verify;
mod wdl;

pub use build::{build, BuildSummary, MaterialReport, Progress, Quiet, DISTANCE_THRESHOLD};
pub use coverage::Coverage;
pub use error::{EgdbError, Expected, Flaw, Gap, Uncovered};
pub use material::{Material, Party, Slice, MAX_PIECES};
pub use opener::install;
pub use probe::{Distance, Egdb};
pub use tables::Plies;
pub use verify::{verify, VerifyReport};
pub use wdl::Wdl;

/// The positions the databases hold are english checkers positions.
pub use parlour_checkers::{Position, Rules};
