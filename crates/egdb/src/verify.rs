//! Verification: every stored value checked against the values of its
//! successors, found with `parlour-checkers`' own move generator
//! (`Position::legal_moves` and `play`) and the probe, not the builder's
//! forward pass or un-move generator.
//!
//! A position without a move is lost; one with a move to a lost position
//! is won; otherwise one with a move to a draw is drawn; otherwise lost.
//! Stored conversion distances are checked the same way: a won position
//! stored at d plies has a move that stays in its slice to a lost one at
//! d - 1 and none nearer, a lost one has every staying move at most d - 1
//! plies from conversion and one exactly so.

use crate::board::Board;
use crate::build::{pairs, Progress, DISTANCE_THRESHOLD};
use crate::coverage::Coverage;
use crate::error::EgdbError;
use crate::file;
use crate::index::Indexer;
use crate::probe::{Distance, Egdb};
use crate::tables::Plies;
use crate::wdl::Wdl;
use parlour_checkers::{ActionList, Position};
use parlour_game::Game;
use rayon::prelude::*;
use std::path::Path;

/// What a verification covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// The largest piece count checked.
    pub max_pieces: u32,
    /// Positions checked.
    pub positions: u64,
    /// Stored conversion distances checked.
    pub distances: u64,
}

/// Checks every stored value in `dir` (every complete piece count). The
/// first wrong value found is an [`EgdbError::Wrong`] naming its file and
/// position; a damaged file fails as it does on opening, and a missing or
/// unreadable one of a piece count partly there, or of one the recorded
/// build made, is an [`EgdbError::Incomplete`] naming it.
pub fn verify(dir: &Path, progress: &dyn Progress) -> Result<VerifyReport, EgdbError> {
    Coverage::scan(dir)?.check()?;
    let egdb = Egdb::open(dir)?;
    // Files beyond the complete piece counts (a build under way, or one
    // with a file lost) are not covered, but must not be damaged either.
    for m in (egdb.max_pieces() + 1..=crate::MAX_PIECES).flat_map(crate::Material::all_with) {
        if !m.is_one_sided() && file::path(dir, m).is_file() {
            file::read(dir, m)?;
        }
    }
    let max = egdb.max_pieces();
    let pairs = pairs(max);
    let size = |m: crate::Material| -> u64 { m.slices().map(|s| Indexer::new(s).size()).sum() };
    let total = pairs.iter().flatten().map(|&m| size(m)).sum();
    progress.begin(total, 0);
    let mut report = VerifyReport {
        max_pieces: max,
        ..VerifyReport::default()
    };
    for &material in pairs.iter().flatten() {
        progress.material_begin(&material.to_string(), size(material));
        for slice in material.slices() {
            let table = egdb.tables().slice(slice).expect("opened");
            let n = table.indexer.size();
            let chunks = n.div_ceil(4096);
            let found = (0..chunks)
                .into_par_iter()
                .map(|c| {
                    let mut list = ActionList::new();
                    let end = ((c + 1) * 4096).min(n);
                    let mut distances = 0u64;
                    for i in c * 4096..end {
                        let board = table.indexer.unrank(i);
                        if table.indexer.rank(&board) != i {
                            return Err(format!("the index of {} is not {i}", board.to_position()));
                        }
                        distances += check(&egdb, &board, &mut list)?;
                    }
                    progress.advance(end - c * 4096);
                    Ok(distances)
                })
                .try_reduce(|| 0, |a, b| Ok(a + b));
            match found {
                Ok(d) => report.distances += d,
                Err(message) => {
                    let (fen, stored, expected) = split_message(&message);
                    return Err(EgdbError::Wrong {
                        path: file::path(dir, material),
                        fen,
                        stored,
                        expected,
                    });
                }
            }
            report.positions += n;
        }
    }
    Ok(report)
}

/// Splits "fen|stored|expected" (or a lone message).
fn split_message(m: &str) -> (String, String, String) {
    let mut parts = m.splitn(3, '|');
    let a = parts.next().unwrap_or_default().to_string();
    let b = parts.next().unwrap_or("?").to_string();
    let c = parts.next().unwrap_or("?").to_string();
    (a, b, c)
}

/// The value and distance of a successor, from its side to move's view:
/// a side to move without pieces has lost at once.
fn successor(egdb: &Egdb, next: &Position) -> (Wdl, Option<Distance>) {
    if next.pieces(next.side()).is_empty() {
        return (Wdl::Loss, Some(Distance::Exactly(Plies(0))));
    }
    match egdb.probe_distance(next) {
        Some((v, d)) => (v, Some(d)),
        None => (egdb.probe(next).expect("covered"), None),
    }
}

/// Checks one position; the number of stored distances checked (0 or 1),
/// or "fen|stored|expected".
fn check(egdb: &Egdb, board: &Board, list: &mut ActionList) -> Result<u64, String> {
    let pos = board.to_position();
    pos.legal_moves(list);
    let stored = egdb.probe(&pos).expect("covered");
    let mut best = Wdl::Loss;
    for &a in list.iter() {
        let next = pos.play(a);
        // A side to move without pieces has lost at once.
        let v = if next.pieces(next.side()).is_empty() {
            Wdl::Win
        } else {
            egdb.probe(&next).expect("covered").flip()
        };
        if v == Wdl::Win {
            best = Wdl::Win;
            break;
        }
        if v == Wdl::Draw {
            best = Wdl::Draw;
        }
    }
    if best != stored {
        return Err(format!("{pos}|{stored}|{best}"));
    }
    let Some((_, Distance::Exactly(Plies(d)))) = egdb.probe_distance(&pos) else {
        return Ok(0);
    };
    // A stored distance: look at the moves that stay in the slice.
    let stay = board.slice().map(|s| s.mirror());
    let mut nearest = u32::MAX; // won: the nearest lost successor
    let mut farthest = 0u32; // lost: the farthest won successor
    let mut exits_win = false;
    for &a in list.iter() {
        let next = pos.play(a);
        let (v, dist) = successor(egdb, &next);
        let staying = Board::from_position(&next).slice() == stay;
        // A distance below the threshold counts as the threshold less one
        // at most; only comparisons with stored ones are exact.
        let plies = match dist {
            Some(Distance::Exactly(p)) => p.0 as u32,
            Some(Distance::Below(_)) | None => DISTANCE_THRESHOLD.0 as u32 - 1,
        };
        let plies = if staying { plies + 1 } else { 1 };
        match (stored, v) {
            (Wdl::Win, Wdl::Loss) => {
                exits_win |= !staying;
                nearest = nearest.min(plies);
            }
            (Wdl::Loss, Wdl::Win) => farthest = farthest.max(plies),
            _ => {}
        }
    }
    let d = d as u32;
    let ok = match stored {
        Wdl::Win => !exits_win && nearest == d,
        Wdl::Loss => farthest == d,
        Wdl::Draw => false,
    };
    if !ok {
        return Err(format!(
            "{pos}|{stored} in {d} plies|{stored} in {} plies",
            if stored == Wdl::Win {
                nearest
            } else {
                farthest
            }
        ));
    }
    Ok(1)
}
