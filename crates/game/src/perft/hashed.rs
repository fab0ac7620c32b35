//! Perft with a table: each subtree's leaf count is stored under its
//! position and remaining depth, so a position reached again by another
//! path is counted once.

use super::perft;
use super::table::{Slots, Table};
use crate::Game;

/// The least leaves a subtree is guessed to have (its moves to the power of
/// its depth) for the table to be asked about it: a smaller one is counted
/// sooner than a probe misses the cache. The guess follows the branching,
/// so huffing and the peg game's placements are asked about at 3 plies,
/// english mostly from 4 (english depth 15, huffing depth 10: 64 to 256
/// measured best, 1,000 no better for english and 20% slower for huffing).
pub const WORTH_A_PROBE: u64 = 256;

/// The number of leaf nodes `depth` plies below `pos`, [`perft`]'s count,
/// with subtrees of 3 plies or more worth a probe looked up in `table` and
/// stored there. Positions without a [`Game::full_key`] are counted afresh.
pub fn perft_hashed<G: Game, S: Slots>(pos: &G, depth: u32, table: &Table<S>) -> u64 {
    if depth < 3 {
        return perft(pos, depth);
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let moves = moves.as_ref();
    let worth = (moves.len() as u64).saturating_pow(depth) >= WORTH_A_PROBE;
    let key = if worth { pos.full_key() } else { None };
    if let Some(nodes) = key.as_ref().and_then(|key| table.probe(key, depth)) {
        return nodes;
    }
    let nodes = if depth == 3 {
        moves.iter().map(|&mv| perft(&pos.play(mv), 2)).sum()
    } else {
        moves
            .iter()
            .map(|&mv| perft_hashed(&pos.play(mv), depth - 1, table))
            .sum()
    };
    if let Some(key) = &key {
        table.store(key, depth, nodes);
    }
    nodes
}
