//! Moves played backwards: the positions one move before a position, by
//! the side that just moved, through moves that stay in the slice. The
//! builder walks these from each newly decided position; nothing else in
//! parlour needs them, so they live here rather than in `parlour-checkers`.
//!
//! Only king steps and man steps that leave the most advanced man where he
//! is can stay in a slice: a capture takes a piece, a crowning makes a
//! king, and advancing the most advanced man changes the slice's rank.

use crate::board::Board;

const EVEN_ROWS: u32 = 0x0F0F_0F0F;
const ODD_ROWS: u32 = 0xF0F0_F0F0;
const FIRST_OF_ROW: u32 = 0x1111_1111;
const LAST_OF_ROW: u32 = 0x8888_8888;

/// One diagonal step of every square of `b` in direction `d`: 0 and 1 go
/// up the board (towards square 32), 2 and 3 come back down.
const fn step(b: u32, d: usize) -> u32 {
    match d {
        0 => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_OF_ROW) << 3),
        1 => ((b & EVEN_ROWS & !LAST_OF_ROW) << 5) | ((b & ODD_ROWS) << 4),
        2 => ((b & ODD_ROWS) >> 4) | ((b & EVEN_ROWS & !LAST_OF_ROW) >> 3),
        _ => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_OF_ROW) >> 5),
    }
}

/// `NEIGHBOURS[sq]`: the squares one step from `sq`, up the board first
/// (directions 0, 1), as bits (0 off the board).
static NEIGHBOURS: [[u32; 4]; 32] = {
    let mut t = [[0u32; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            t[sq][d] = step(1 << sq, d);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Calls `f` with every board one move before `b` (in `b`'s slice,
/// mirrored), from that earlier position's side to move, who is `b`'s
/// other side. Whether that move was legal there (no capture open) is
/// the caller's to know: positions with a capture are decided before any
/// walk, so the builder skips them.
#[inline]
pub(crate) fn predecessors(b: &Board, mut f: impl FnMut(Board)) {
    let empty = !(b.mover | b.other);
    let mut kings = b.other & b.kings;
    while kings != 0 {
        let s = kings & kings.wrapping_neg();
        kings ^= s;
        for &t in &NEIGHBOURS[s.trailing_zeros() as usize] {
            if t & empty != 0 {
                let moved = s | t;
                f(Board {
                    mover: b.mover,
                    other: b.other ^ moved,
                    kings: b.kings ^ moved,
                }
                .turned());
            }
        }
    }
    let men = b.other & !b.kings;
    if men == 0 {
        return;
    }
    // The other side's men step down the board, so they came from above.
    // The most advanced one (lowest row) may only go back if another man
    // shares his row: otherwise the slice's rank would change.
    let lead_row = 0xFu32 << (4 * (men.trailing_zeros() / 4));
    let pinned = if (men & lead_row).count_ones() == 1 {
        lead_row
    } else {
        0
    };
    let mut movers = men & !pinned;
    while movers != 0 {
        let s = movers & movers.wrapping_neg();
        movers ^= s;
        let n = &NEIGHBOURS[s.trailing_zeros() as usize];
        for &t in &n[..2] {
            if t & empty != 0 {
                f(Board {
                    mover: b.mover,
                    other: b.other ^ (s | t),
                    kings: b.kings,
                }
                .turned());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Indexer;
    use crate::material::Material;
    use std::collections::{HashMap, HashSet};

    /// For every position of some units, the un-moves are exactly the
    /// moves (found by `parlour-checkers`) that stay in the unit, played
    /// backwards.
    #[test]
    fn unmoves_are_the_staying_moves_backwards() {
        let materials = [
            Material::new(1, 1, 1, 1).unwrap(),
            Material::new(2, 0, 1, 1).unwrap(),
            Material::new(0, 2, 2, 0).unwrap(),
            Material::new(2, 1, 0, 1).unwrap(),
            Material::new(0, 3, 0, 1).unwrap(),
        ];
        let mut checked = 0;
        for m in materials {
            for slice in m.slices() {
                let mine = Indexer::new(slice);
                let theirs = Indexer::new(slice.mirror());
                // Forward: from each position of the mirror slice without a
                // capture, the moves into `slice`.
                let mut into: HashMap<Board, HashSet<Board>> = HashMap::new();
                for i in 0..theirs.size() {
                    let p = theirs.unrank(i);
                    let pos = p.to_position();
                    if pos.can_capture() {
                        continue;
                    }
                    for a in pos.action_vec() {
                        let q = Board::from_position(&pos.play(a));
                        if q.slice() == Some(slice) {
                            assert!(into.entry(q).or_default().insert(p), "one move per pair");
                        }
                    }
                }
                for i in 0..mine.size() {
                    let q = mine.unrank(i);
                    let mut back = HashSet::new();
                    predecessors(&q, |p| {
                        assert_eq!(p.slice(), Some(slice.mirror()), "{}", q.to_position());
                        if !p.to_position().can_capture() {
                            assert!(back.insert(p));
                        }
                    });
                    let forward = into.remove(&q).unwrap_or_default();
                    assert_eq!(back, forward, "{}", q.to_position());
                    checked += 1;
                }
                assert!(into.is_empty());
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
