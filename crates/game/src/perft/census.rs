//! How many distinct positions a perft visits at each ply: what its table
//! would hold to remember every subtree (`docs/perft.md` sizes the table
//! from it). A measurement, not a hot path: each ply's positions are held
//! in memory, sorted by their [`FullKey`] and deduplicated.

use crate::{FullKey, Game};
use rayon::prelude::*;

/// The distinct positions of one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyCensus {
    /// Plies from the root (0 is the root).
    pub ply: u32,
    /// Distinct positions at that ply (each position without a key counted
    /// once for every time it is reached).
    pub positions: u64,
}

/// Counts the distinct positions at each ply from 0 to `plies`, handing each
/// ply's figure to `report` as soon as it is known. The last ply is held as
/// keys only, the others as positions.
pub fn census<G: Game>(root: &G, plies: u32, mut report: impl FnMut(PlyCensus)) {
    let mut level = vec![*root];
    report(PlyCensus {
        ply: 0,
        positions: 1,
    });
    for ply in 1..=plies {
        if ply == plies {
            let mut keys: Vec<Option<FullKey>> = level
                .par_iter()
                .flat_map_iter(|pos| children(pos).map(|child| child.full_key()))
                .collect();
            keys.par_sort_unstable();
            let positions = distinct(&keys, |k| *k);
            return report(PlyCensus { ply, positions });
        }
        let mut next: Vec<G> = level
            .par_iter()
            .flat_map_iter(|pos| children(pos).collect::<Vec<G>>())
            .collect();
        drop(level);
        next.par_sort_unstable_by_key(|pos| pos.full_key());
        next.dedup_by(|a, b| a.full_key().is_some() && a.full_key() == b.full_key());
        report(PlyCensus {
            ply,
            positions: next.len() as u64,
        });
        level = next;
    }
}

/// The positions one move from `pos`.
fn children<G: Game>(pos: &G) -> impl Iterator<Item = G> + '_ {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let moves: Vec<G::Move> = moves.as_ref().to_vec();
    moves.into_iter().map(move |mv| pos.play(mv))
}

/// The distinct keys of a sorted list; every `None` counts.
fn distinct<T>(sorted: &[T], key: impl Fn(&T) -> Option<FullKey>) -> u64 {
    let mut count = 0;
    let mut last = None;
    for item in sorted {
        let k = key(item);
        if k.is_none() || k != last {
            count += 1;
        }
        last = k;
    }
    count
}
