//! Perft with a table: each subtree's leaf count is stored under its
//! position and remaining depth, so a position reached again by another
//! path is counted once.

use super::perft;
use super::table::{Slots, Table};
use crate::Game;

/// The shallowest remaining depth worth a table entry: shallower subtrees
/// are counted faster than a probe misses the cache.
pub const STORED_FROM: u32 = 4;

/// The number of leaf nodes `depth` plies below `pos`, [`perft`]'s count,
/// with subtrees of at least [`STORED_FROM`] plies looked up in `table` and
/// stored there. Positions without a [`Game::full_key`] are counted afresh.
pub fn perft_hashed<G: Game, S: Slots>(pos: &G, depth: u32, table: &Table<S>) -> u64 {
    if depth < STORED_FROM {
        return perft(pos, depth);
    }
    let key = pos.full_key();
    if let Some(nodes) = key.as_ref().and_then(|key| table.probe(key, depth)) {
        return nodes;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let nodes = moves
        .as_ref()
        .iter()
        .map(|&mv| perft_hashed(&pos.play(mv), depth - 1, table))
        .sum();
    if let Some(key) = &key {
        table.store(key, depth, nodes);
    }
    nodes
}
