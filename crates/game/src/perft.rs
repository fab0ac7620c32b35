//! Perft: the number of move paths of a given length, the standard proof of a
//! move generator.
//!
//! The serial version counts the last ply in bulk ([`Game::count_moves`]), so
//! the leaves are never made. The parallel version expands the tree until
//! there are many more subtrees than threads, then lets rayon share them out.
//!
//! Deep perft, for depths plain perft takes hours or days to reach, lives in
//! the modules below: a table keyed by the whole position ([`table`],
//! [`hashed`]), the tree cut into units at a split depth and the units into
//! shares for many runs ([`split`]), each run's [`identity`], the merge of
//! the shares' outputs ([`merge`]), the results file a killed run resumes
//! from ([`results`]), and the census that sizes the table ([`census`]).

pub mod census;
pub mod hashed;
pub mod identity;
pub mod merge;
pub mod results;
pub mod split;
pub mod table;

pub use hashed::perft_hashed;

use crate::echo::echo;
use crate::Game;
use rayon::prelude::*;

/// The deepest perft anyone may ask for (the command line, Python): far
/// beyond any count that could end, and a recursion whose stack is known
/// (see [`PERFT_STACK_BYTES`]).
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A stack that holds a perft of [`MAX_PERFT_DEPTH`] plies of any game of
/// the list: a frame holds one move list (the peg game's, the largest, is
/// about 12 KiB), with room to spare.
pub const PERFT_STACK_BYTES: usize = 16 << 20;

/// A perft depth outside 1 to [`MAX_PERFT_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft depth {} is out of range: a perft depth is 1 to {MAX_PERFT_DEPTH} plies", echo(.0))]
pub struct PerftDepthError(pub u64);

/// `depth` as a perft depth, if it is one: the one range every way in
/// checks.
pub fn perft_depth(depth: u64) -> Result<u32, PerftDepthError> {
    match u32::try_from(depth) {
        Ok(d) if (1..=MAX_PERFT_DEPTH).contains(&d) => Ok(d),
        _ => Err(PerftDepthError(depth)),
    }
}

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => perft_tree(pos, depth),
    }
}

/// Perft at depth 2 or more. The move list lives in this frame only, and the
/// last two plies are handled here, so the leaves' parents never set up a
/// frame of their own.
fn perft_tree<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let moves = moves.as_ref().iter();
    if depth == 2 {
        moves.map(|&mv| pos.count_after(mv)).sum()
    } else {
        moves.map(|&mv| perft_tree(&pos.play(mv), depth - 1)).sum()
    }
}

/// Subtrees per thread that the parallel perft aims for: enough that uneven
/// subtree sizes even out under work stealing.
const TASKS_PER_THREAD: usize = 64;

/// [`perft`] spread over the current rayon pool (run it inside
/// `ThreadPool::install` to choose the number of threads).
pub fn perft_parallel<G: Game>(pos: &G, depth: u32) -> u64 {
    let target = rayon::current_num_threads().max(1) * TASKS_PER_THREAD;
    let mut frontier = vec![*pos];
    let mut remaining = depth;
    // Expand whole plies while the frontier is small and the subtrees are deep
    // enough to be worth a task each.
    while remaining > 3 && frontier.len() < target {
        let mut next = Vec::with_capacity(frontier.len() * 8);
        let mut moves = G::MoveList::default();
        for p in &frontier {
            p.legal_moves(&mut moves);
            next.extend(moves.as_ref().iter().map(|&mv| p.play(mv)));
        }
        frontier = next;
        remaining -= 1;
    }
    frontier.par_iter().map(|p| perft(p, remaining)).sum()
}

/// Perft split by the first move: for each legal move, the leaves below it.
/// The moves come in the order the generator gives them; the counts add up to
/// `perft(pos, depth)`. `depth` must be at least 1.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    assert!(depth >= 1, "divide needs a depth of at least 1");
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let moves: Vec<G::Move> = moves.as_ref().to_vec();
    let threads = rayon::current_num_threads();
    moves
        .into_par_iter()
        .map(|mv| {
            let child = pos.play(mv);
            let n = if threads > 1 {
                perft_parallel(&child, depth - 1)
            } else {
                perft(&child, depth - 1)
            };
            (mv, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perft_depth_is_1_to_64() {
        assert_eq!(perft_depth(1), Ok(1));
        assert_eq!(perft_depth(64), Ok(MAX_PERFT_DEPTH));
        for bad in [0, 65, 5000, u64::from(u32::MAX) + 1, u64::MAX] {
            let error = perft_depth(bad).unwrap_err();
            assert_eq!(error, PerftDepthError(bad));
            assert!(error.to_string().len() < 100, "{error}");
        }
    }
}
