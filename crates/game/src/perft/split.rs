//! A deep perft cut into units: the distinct positions `split_depth` plies
//! from the root, each with the number of paths that reach it. The leaves
//! below the root are the sum over units of paths times the unit's own
//! perft, so each unit is counted once however many paths lead to it, and
//! the units can be counted apart: on threads, on machines (shares), or
//! across a killed run and its resumption.
//!
//! Units are numbered in the order a depth-first walk of the generator's
//! moves first reaches them. Share `K/N` holds the units whose number is
//! `K - 1` modulo `N`, as match shards hold games.

use super::table::{Slots, Table};
use super::{perft, perft_hashed};
use crate::{splitmix, Game};
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Share `index` of `count` (`2/3`), numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Share {
    index: u32,
    count: u32,
}

/// A share that is not `K/N` with `1 <= K <= N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a share: K/N with 1 <= K <= N, as in 2/3")]
pub struct ShareError {
    /// The text given.
    pub text: String,
}

impl Share {
    /// The whole run: share 1 of 1.
    pub const WHOLE: Share = Share { index: 1, count: 1 };

    /// Share `index` of `count`, if `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Option<Share> {
        (1..=count)
            .contains(&index)
            .then_some(Share { index, count })
    }

    /// The share's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many shares the run is cut into.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether unit `unit` (from 0) is this share's.
    pub fn holds(self, unit: usize) -> bool {
        unit as u64 % self.count as u64 == (self.index - 1) as u64
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Share {
    type Err = ShareError;

    fn from_str(text: &str) -> Result<Share, ShareError> {
        let error = || ShareError {
            text: text.to_string(),
        };
        let (k, n) = text.trim().split_once('/').ok_or_else(error)?;
        let k = k.trim().parse().map_err(|_| error())?;
        let n = n.trim().parse().map_err(|_| error())?;
        Share::new(k, n).ok_or_else(error)
    }
}

/// One distinct position at the split depth.
#[derive(Clone, Debug)]
pub struct Unit<G> {
    /// The position.
    pub pos: G,
    /// The paths from the root that reach it.
    pub paths: u64,
    /// The paths by first move: (index into [`Frontier::root_moves`],
    /// paths), in the order of the root moves.
    pub by_root: Vec<(usize, u64)>,
}

/// Units at the default split depth a share aims for: enough that uneven
/// subtrees even out over threads and that a killed run loses little.
pub const UNITS_PER_SHARE: usize = 1000;

/// The root's units at one split depth.
#[derive(Clone, Debug)]
pub struct Frontier<G: Game> {
    split_depth: u32,
    root_moves: Vec<G::Move>,
    units: Vec<Unit<G>>,
    fingerprint: u64,
}

impl<G: Game> Frontier<G> {
    /// The units `split_depth` plies below `root` (at least 1). Positions
    /// without a [`Game::full_key`] are a unit for each path.
    pub fn new(root: &G, split_depth: u32) -> Frontier<G> {
        assert!(split_depth >= 1, "a frontier is at least one ply deep");
        let mut moves = G::MoveList::default();
        root.legal_moves(&mut moves);
        let root_moves: Vec<G::Move> = moves.as_ref().to_vec();
        let mut walk = Walk {
            units: Vec::new(),
            seen: HashMap::new(),
        };
        for (r, &mv) in root_moves.iter().enumerate() {
            walk.descend(&root.play(mv), split_depth - 1, r);
        }
        let fingerprint = walk
            .units
            .iter()
            .fold(splitmix(split_depth as u64), |h, u| {
                let key = u.pos.full_key().unwrap_or_default();
                splitmix(h ^ key.lo ^ splitmix(key.hi ^ key.tail as u64 ^ u.pos.hash()) ^ u.paths)
            });
        Frontier {
            split_depth,
            root_moves,
            units: walk.units,
            fingerprint,
        }
    }

    /// The frontier for a perft of `depth` cut into `shares`: the shallowest
    /// split depth with [`UNITS_PER_SHARE`] units a share, leaving each unit
    /// at least two plies (one ply where `depth` is 2 or less).
    pub fn choose(root: &G, depth: u32, shares: u32) -> Frontier<G> {
        let deepest = depth.saturating_sub(2).max(1);
        let wanted = UNITS_PER_SHARE.saturating_mul(shares as usize);
        let mut split = 1;
        loop {
            let frontier = Frontier::new(root, split);
            if split >= deepest || frontier.units.len() >= wanted {
                return frontier;
            }
            split += 1;
        }
    }

    /// Plies from the root to the units.
    pub fn split_depth(&self) -> u32 {
        self.split_depth
    }

    /// The root's moves, in the generator's order.
    pub fn root_moves(&self) -> &[G::Move] {
        &self.root_moves
    }

    /// The units, in order.
    pub fn units(&self) -> &[Unit<G>] {
        &self.units
    }

    /// A 64-bit digest of the units (positions and paths, in order): runs
    /// whose digests differ did not cut the same tree the same way.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The leaves below the root, from each unit's own count (`counts[i]`
    /// for unit `i`, `None` for a unit not counted: taken as 0).
    pub fn total(&self, counts: &[Option<u64>]) -> u64 {
        self.units
            .iter()
            .zip(counts)
            .map(|(u, n)| u.paths * n.unwrap_or(0))
            .sum()
    }

    /// The leaves below each root move, as [`Frontier::total`] counts them.
    pub fn divide(&self, counts: &[Option<u64>]) -> Vec<(G::Move, u64)> {
        let mut nodes = vec![0u64; self.root_moves.len()];
        for (unit, n) in self.units.iter().zip(counts) {
            for &(r, paths) in &unit.by_root {
                nodes[r] += paths * n.unwrap_or(0);
            }
        }
        self.root_moves.iter().copied().zip(nodes).collect()
    }
}

/// The depth-first walk that finds the units.
struct Walk<G> {
    units: Vec<Unit<G>>,
    seen: HashMap<crate::FullKey, usize>,
}

impl<G: Game> Walk<G> {
    fn descend(&mut self, pos: &G, plies: u32, root_move: usize) {
        if plies == 0 {
            return self.reach(pos, root_move);
        }
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        for &mv in moves.as_ref() {
            self.descend(&pos.play(mv), plies - 1, root_move);
        }
    }

    fn reach(&mut self, pos: &G, root_move: usize) {
        let known = pos.full_key().and_then(|key| {
            let next = self.units.len();
            let i = *self.seen.entry(key).or_insert(next);
            (i < next).then_some(i)
        });
        let Some(i) = known else {
            return self.units.push(Unit {
                pos: *pos,
                paths: 1,
                by_root: vec![(root_move, 1)],
            });
        };
        let unit = &mut self.units[i];
        unit.paths += 1;
        // The walk takes the root moves in order, so a unit's last entry
        // is the only one this root move can have.
        match unit.by_root.last_mut() {
            Some((r, paths)) if *r == root_move => *paths += 1,
            _ => unit.by_root.push((root_move, 1)),
        }
    }
}

/// Counts the units `wanted` says to, each to `depth` plies below it, on
/// the current rayon pool, with `table` if given; `finished(unit, nodes)`
/// hears of each unit as it is done (from any thread), and the counts come
/// back by unit (`None` for units not wanted).
pub fn count_units<G: Game, S: Slots>(
    frontier: &Frontier<G>,
    depth: u32,
    table: Option<&Table<S>>,
    wanted: impl Fn(usize) -> bool + Sync,
    finished: impl Fn(usize, u64) + Sync,
) -> Vec<Option<u64>> {
    frontier
        .units
        .par_iter()
        .enumerate()
        .with_max_len(1)
        .map(|(i, unit)| {
            if !wanted(i) {
                return None;
            }
            let nodes = match table {
                Some(table) => perft_hashed(&unit.pos, depth, table),
                None => perft(&unit.pos, depth),
            };
            finished(i, nodes);
            Some(nodes)
        })
        .collect()
}
