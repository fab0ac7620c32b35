//! The board's diagonals as shifts of a 32-bit board, and the per-square
//! tables built from them once, at compile time.
//!
//! On the 32-square numbering a diagonal step is a shift by 3, 4 or 5,
//! depending on the row's parity and on the edge; each direction below is two
//! masked shifts. Black's men move in directions 0 and 1 (towards higher
//! numbers), White's in 2 and 3; kings in all four. Direction 2 undoes
//! direction 0 and direction 3 undoes direction 1.

/// Rows 1-4, 9-12, 17-20, 25-28 (even rows, counted from 0).
pub(crate) const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows 5-8, 13-16, 21-24, 29-32.
pub(crate) const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The first square of every row (1, 5, 9, ...).
const FIRST_OF_ROW: u32 = 0x1111_1111;
/// The last square of every row (4, 8, 12, ...).
const LAST_OF_ROW: u32 = 0x8888_8888;

/// Black's back row (1-4): White's men are crowned there.
pub(crate) const ROW_1_4: u32 = 0x0000_000F;
/// White's back row (29-32): Black's men are crowned there.
pub(crate) const ROW_29_32: u32 = 0xF000_0000;

/// A diagonal direction, 0-3.
pub(crate) type Dir = usize;

/// Every square one step from a square of `b` in direction `d`.
#[inline(always)]
pub(crate) const fn step(b: u32, d: Dir) -> u32 {
    match d {
        // 1 -> 5, 5 -> 9 is not this way (5 is a row's first square), 8 -> 11
        0 => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_OF_ROW) << 3),
        // 1 -> 6, 5 -> 9, 4 has no such step
        1 => ((b & EVEN_ROWS & !LAST_OF_ROW) << 5) | ((b & ODD_ROWS) << 4),
        // the reverse of 0
        2 => ((b & ODD_ROWS) >> 4) | ((b & EVEN_ROWS & !LAST_OF_ROW) >> 3),
        // the reverse of 1
        _ => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_OF_ROW) >> 5),
    }
}

/// Rows 1-24: the squares a jump towards higher numbers can start from.
const ROWS_1_24: u32 = 0x00FF_FFFF;
/// Rows 9-32: the squares a jump towards lower numbers can start from.
const ROWS_9_32: u32 = 0xFFFF_FF00;

/// Every square from which a jump in direction `d` (two steps) lands on a
/// square of `b`. Two steps in one direction cross a row of each parity,
/// so a jump is one shift, by 7 or 9, whatever the row: cheaper than
/// stepping back twice.
#[inline(always)]
pub(crate) const fn jump_from(b: u32, d: Dir) -> u32 {
    match d {
        // 2 over 6 to 9; none from 1 (a row's first square)
        0 => (b >> 7) & !FIRST_OF_ROW & ROWS_1_24,
        // 1 over 6 to 10; none from 4 (a row's last square)
        1 => (b >> 9) & !LAST_OF_ROW & ROWS_1_24,
        // the reverses: 9 over 6 to 2, 10 over 6 to 1
        2 => (b << 7) & !LAST_OF_ROW & ROWS_9_32,
        _ => (b << 9) & !FIRST_OF_ROW & ROWS_9_32,
    }
}

/// The direction that undoes `d`.
#[inline(always)]
pub(crate) const fn reverse(d: Dir) -> Dir {
    d ^ 2
}

/// The directions a man of each side moves in, as a 4-bit set; kings use all.
pub(crate) const MAN_DIRS: [u8; 2] = [0b0011, 0b1100];
/// All four directions.
pub(crate) const KING_DIRS: u8 = 0b1111;

const fn build(jump: bool) -> [[u32; 32]; 4] {
    let mut t = [[0u32; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 32 {
            let one = step(1 << sq, d);
            t[d][sq] = if jump { step(one, d) } else { one };
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `NEIGHBOUR[d][sq]`: the square one step from `sq` in direction `d`, as a
/// bit, or 0 off the board.
pub(crate) static NEIGHBOUR: [[u32; 32]; 4] = build(false);
/// `LANDING[d][sq]`: the square two steps from `sq` in direction `d` (where a
/// jump lands), as a bit, or 0 off the board.
pub(crate) static LANDING: [[u32; 32]; 4] = build(true);

/// Row (0-7) and column (0-7) of each square; rows 1-4 are row 0, and on
/// even rows the squares stand on the odd columns.
pub(crate) const fn coords(i: usize) -> (i32, i32) {
    let row = (i / 4) as i32;
    let col = 2 * (i % 4) as i32 + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// `CONE[sq]`: for a man moving up the board from `sq`, every square ahead
/// from which an adversary piece could reach its path in time (a column
/// wider than the path on each side). Empty of adversaries, the man runs
/// to the crown.
pub(crate) static CONE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut a = 0;
    while a < 32 {
        let (ra, ca) = coords(a);
        let mut b = 0;
        while b < 32 {
            let (rb, cb) = coords(b);
            let dc = if ca > cb { ca - cb } else { cb - ca };
            if rb > ra && dc <= rb - ra + 1 {
                t[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    fn neighbours(n: u32) -> Vec<u32> {
        let mut v: Vec<u32> = (0..4)
            .map(|d| NEIGHBOUR[d][n as usize - 1])
            .filter(|&b| b != 0)
            .map(|b| b.trailing_zeros() + 1)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn neighbours_match_the_rules_text() {
        // docs/rules/checkers.md: "1 touches 5 and 6; 4 touches only 8;
        // 5 touches only 9 (and 1); 8 touches 11 and 12" (forward for
        // Black), and backward steps mirror.
        assert_eq!(neighbours(1), vec![5, 6]);
        assert_eq!(neighbours(4), vec![8]);
        assert_eq!(neighbours(5), vec![1, 9]);
        assert_eq!(neighbours(8), vec![3, 4, 11, 12]);
        assert_eq!(neighbours(32), vec![27, 28]);
        assert_eq!(neighbours(29), vec![25]);
        assert_eq!(neighbours(15), vec![10, 11, 18, 19]);
    }

    #[test]
    fn a_jump_is_two_steps() {
        for d in 0..4 {
            let r = reverse(d);
            for sq in 0..32 {
                let b = 1u32 << sq;
                assert_eq!(jump_from(b, d), step(step(b, r), r), "d={d} sq={}", sq + 1);
            }
            let mut x = 0x9E37_79B9u32;
            for _ in 0..1000 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                assert_eq!(jump_from(x, d), step(step(x, r), r), "d={d} b={x:#x}");
            }
        }
    }

    #[test]
    fn every_step_is_undone_by_its_reverse() {
        for d in 0..4 {
            for sq in 0..32 {
                let n = NEIGHBOUR[d][sq];
                if n != 0 {
                    assert_eq!(step(n, reverse(d)), 1 << sq, "d={d} sq={}", sq + 1);
                }
            }
        }
    }

    #[test]
    fn forward_steps_and_jumps_number_49_and_36() {
        // Seven rows with seven forward steps each; six rows with six jumps.
        let steps: u32 = (0..2)
            .map(|d| NEIGHBOUR[d].iter().filter(|&&b| b != 0).count() as u32)
            .sum();
        let jumps: u32 = (0..2)
            .map(|d| LANDING[d].iter().filter(|&&b| b != 0).count() as u32)
            .sum();
        assert_eq!(steps, 49);
        assert_eq!(jumps, 36);
    }
}
