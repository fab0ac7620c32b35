//! The probe: databases opened from a directory, read into memory and
//! checked, then asked about positions from any number of threads.

use crate::board::Board;
use crate::build::pairs;
use crate::coverage::Coverage;
use crate::error::{EgdbError, Uncovered};
use crate::file;
use crate::material::Material;
use crate::tables::{Plies, Tables};
use crate::wdl::Wdl;
use parlour_checkers::{Position, RuleSet};
use parlour_game::Side;
use std::path::{Path, PathBuf};

/// How far a decided position is from its next conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Distance {
    /// Exactly this many plies (stored for distances at or above
    /// [`crate::DISTANCE_THRESHOLD`]).
    Exactly(Plies),
    /// Fewer than this many plies: short enough for a search to find.
    Below(Plies),
}

/// Endgame databases in memory: every slice up to [`Egdb::max_pieces`]
/// pieces. Probing takes `&self` and the tables are never written after
/// opening, so one `Egdb` is shared by all search threads (it is `Sync`).
#[derive(Debug)]
pub struct Egdb {
    dir: PathBuf,
    max_pieces: u32,
    tables: Tables,
}

impl Egdb {
    /// Opens the databases in `dir`: finds the largest piece count whose
    /// files are all there, with every count below it ([`Coverage`]: a
    /// build cut short leaves a partial next count, which is ignored),
    /// reads every file up to it into memory and checks each (sizes,
    /// values, checksum). A damaged file is an error naming it.
    pub fn open(dir: impl AsRef<Path>) -> Result<Egdb, EgdbError> {
        let dir = dir.as_ref();
        let coverage = Coverage::scan(dir)?;
        let max = coverage.complete();
        if max < 2 {
            return Err(EgdbError::Empty {
                dir: dir.to_path_buf(),
            });
        }
        Egdb::open_up_to(dir, max)
    }

    /// Opens every slice with up to `pieces` pieces in `dir`; a missing
    /// one is an error.
    pub fn open_up_to(dir: impl AsRef<Path>, pieces: u32) -> Result<Egdb, EgdbError> {
        let dir = dir.as_ref();
        let mut tables = Tables::default();
        for pair in pairs(pieces) {
            for m in pair {
                for t in file::read(dir, m)? {
                    tables.insert(t);
                }
            }
        }
        Ok(Egdb {
            dir: dir.to_path_buf(),
            max_pieces: pieces,
            tables,
        })
    }

    /// The tables, for verification.
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The directory the tables were read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The most pieces a covered position has; every count from 2 up to
    /// it is covered.
    #[inline]
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Whether positions with `pieces` pieces on the board are covered: a
    /// search calls this with its piece count before anything dearer.
    #[inline]
    pub fn covers(&self, pieces: u32) -> bool {
        (2..=self.max_pieces).contains(&pieces)
    }

    /// The value of `pos` for its side to move, or `None` when it is not
    /// covered: huffing rules, more than [`Egdb::max_pieces`] pieces, or a
    /// side without pieces (the game is over). Positions where the side to
    /// move must capture are stored like any other, so they are answered
    /// too. The quiet-ply draw rule is not taken into account: the value is
    /// that of the game without it.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        self.covered(pos).ok()?;
        self.tables.value(&Board::from_position(pos))
    }

    /// The value of `pos`, or why it is not covered.
    pub fn probe_checked(&self, pos: &Position) -> Result<Wdl, Uncovered> {
        self.covered(pos)?;
        Ok(self
            .tables
            .value(&Board::from_position(pos))
            .expect("every covered slice is loaded"))
    }

    /// With the value, the distance to conversion of a won or lost
    /// position: `None` for a draw or a position not covered.
    pub fn probe_distance(&self, pos: &Position) -> Option<(Wdl, Distance)> {
        self.covered(pos).ok()?;
        let (t, i) = self.tables.locate(&Board::from_position(pos))?;
        let v = t.values.get(i)?;
        if v == Wdl::Draw {
            return None;
        }
        let d = match t.long_distance(i) {
            Some(d) => Distance::Exactly(d),
            None => Distance::Below(crate::DISTANCE_THRESHOLD),
        };
        Some((v, d))
    }

    fn covered(&self, pos: &Position) -> Result<(), Uncovered> {
        check_position(pos, self.max_pieces)
    }

    /// One question without opening everything: reads only the file the
    /// position needs (checked as [`Egdb::open`] checks it). For a command
    /// line that asks once.
    pub fn probe_once(dir: impl AsRef<Path>, pos: &Position) -> Result<Wdl, EgdbError> {
        let dir = dir.as_ref();
        check_position(pos, crate::MAX_PIECES)?;
        let board = Board::from_position(pos);
        let material = board.material().expect("at most MAX_PIECES");
        let pieces = material.pieces();
        let mut tables = Tables::default();
        match file::read(dir, material) {
            Ok(ts) => ts.into_iter().for_each(|t| tables.insert(t)),
            Err(missing @ EgdbError::Missing { .. }) => {
                // Nothing with this many pieces was built, but fewer were:
                // say so, rather than name one file of many.
                let built = (2..pieces).rev().find(|&n| {
                    Material::all_with(n)
                        .iter()
                        .filter(|m| !m.is_one_sided())
                        .all(|&m| file::path(dir, m).is_file())
                });
                return Err(match built {
                    Some(max) if !any_with(dir, pieces) => {
                        Uncovered::TooManyPieces { pieces, max }.into()
                    }
                    _ => missing,
                });
            }
            Err(e) => return Err(e),
        }
        Ok(tables.value(&board).expect("the file holds every slice"))
    }
}

/// Whether any table with `pieces` pieces is in `dir`.
fn any_with(dir: &Path, pieces: u32) -> bool {
    Material::all_with(pieces)
        .iter()
        .any(|&m| file::path(dir, m).is_file())
}

/// Whether a position is one the tables can hold, with up to `max` pieces.
fn check_position(pos: &Position, max: u32) -> Result<(), Uncovered> {
    if pos.rules().set == RuleSet::Huffing {
        return Err(Uncovered::Huffing);
    }
    for side in Side::BOTH {
        if pos.pieces(side).is_empty() {
            return Err(Uncovered::NoPiece(side.name()));
        }
    }
    let pieces = pos.pieces(Side::Black).count() + pos.pieces(Side::White).count();
    if pieces > max {
        return Err(Uncovered::TooManyPieces { pieces, max });
    }
    Ok(())
}

/// The databases as a search asks them, through the checkers evaluation
/// (`Eval::with_tables`).
impl parlour_game::EndgameTables<Position> for Egdb {
    #[inline]
    fn probe(&self, pos: &Position) -> Option<parlour_game::Proven> {
        Egdb::probe(self, pos).map(|wdl| match wdl {
            Wdl::Win => parlour_game::Proven::Win,
            Wdl::Draw => parlour_game::Proven::Draw,
            Wdl::Loss => parlour_game::Proven::Loss,
        })
    }

    fn max_pieces(&self) -> u32 {
        Egdb::max_pieces(self)
    }

    #[inline]
    fn probe_with_distance(&self, pos: &Position) -> Option<(parlour_game::Proven, Option<u32>)> {
        self.covered(pos).ok()?;
        let (t, i) = self.tables.locate(&Board::from_position(pos))?;
        let proven = match t.values.get(i)? {
            Wdl::Win => parlour_game::Proven::Win,
            Wdl::Draw => return Some((parlour_game::Proven::Draw, None)),
            Wdl::Loss => parlour_game::Proven::Loss,
        };
        Some((proven, t.long_distance(i).map(|d| u32::from(d.0))))
    }
}
