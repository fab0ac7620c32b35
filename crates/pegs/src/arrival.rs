//! What a peg arriving in a hole does, as word operations on the board's
//! tables: the adversary pegs it blocks, whether it makes a line, the pegs
//! it forces; and whether a King is blocked. Move generation and playing a
//! move share them.

use crate::board::Board;

/// Whether the King in `king` (a one-bit mask, or 0 for none) is blocked
/// with `occupied` filled and `adversary` holding the pairs: the blocking
/// pegs (every adversary pair holding him), or 0.
#[inline(always)]
pub(crate) fn king_block(board: &Board, king: u64, occupied: u64, adversary: u64) -> u64 {
    if king == 0 {
        return 0;
    }
    let k = king.trailing_zeros() as usize;
    if board.nb(k) & !occupied != 0 {
        return 0;
    }
    let [p, q] = *board.pair_masks(k);
    let mut blocking = 0;
    if p & adversary == p {
        blocking |= p;
    }
    if q & adversary == q {
        blocking |= q;
    }
    blocking
}

/// The adversary ordinary pegs that a peg arriving in `to` blocks, with
/// `mine` the mover's pegs after the move.
#[inline(always)]
pub(crate) fn block_captures(board: &Board, to: usize, mine: u64, victims: u64) -> u64 {
    let mut captured = 0;
    for &(x, b) in board.jaws_at(to) {
        if x & victims != 0 && b & mine != 0 {
            captured |= x;
        }
    }
    captured
}

/// Whether a peg arriving in `to` completes a line of the mover's pegs.
#[inline(always)]
pub(crate) fn makes_line(board: &Board, to: usize, mine: u64) -> bool {
    board
        .lines_at(to)
        .iter()
        .any(|line| line.others & mine == line.others)
}

/// The adversary pegs forced by lines through the arriving peg in `to`.
#[inline(always)]
pub(crate) fn forces(board: &Board, to: usize, mine: u64, adversary: u64) -> u64 {
    let mut forced = 0;
    for line in board.lines_at(to) {
        let mut ends = line.ends & adversary;
        while ends != 0 {
            let e = ends & ends.wrapping_neg();
            let rest = line.others ^ e;
            if rest & mine == rest {
                forced |= e;
            }
            ends ^= e;
        }
    }
    forced
}
