//! The normalised board: a position with the side to move's pieces first,
//! as the indexer, the builder and the probe read it.
//!
//! Square s is bit s-1 as in `parlour-checkers`; the side to move always
//! moves "up" (towards square 32) like Black. A position with White to move
//! is turned round first, which keeps the tables half as large.

use crate::material::{Material, Slice};
use parlour_checkers::{Bitboard, Position, Rules};
use parlour_game::Side;

/// Squares 29-32: where the side to move's men are crowned.
#[cfg(test)]
pub(crate) const FAR_ROW: u32 = 0xF000_0000;
/// Squares 1-4: where the other side's men are crowned.
#[cfg(test)]
pub(crate) const NEAR_ROW: u32 = 0x0000_000F;

/// A position with the side to move first (it moves towards square 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// The side to move's pieces.
    pub mover: u32,
    /// The other side's pieces.
    pub other: u32,
    /// All kings.
    pub kings: u32,
}

impl Board {
    /// The normalised board of a position (turned round if White is to
    /// move). The rules and any pending huffing state are not looked at.
    #[inline]
    pub fn from_position(pos: &Position) -> Board {
        let pos = match pos.side() {
            Side::Black => *pos,
            Side::White => pos.rotated(),
        };
        Board {
            mover: pos.pieces(Side::Black).0,
            other: pos.pieces(Side::White).0,
            kings: pos.kings().0,
        }
    }

    /// The english position with Black (the side to move) on `mover`.
    #[inline]
    pub fn to_position(self) -> Position {
        Position::from_parts(
            Bitboard(self.mover),
            Bitboard(self.other),
            Bitboard(self.kings),
            Side::Black,
            Rules::ENGLISH,
        )
        .expect("a board the indexer produced is a legal position")
    }

    /// The board after the turn passes without a move: the other side's
    /// view (colours swapped, the board turned round).
    #[inline]
    pub const fn turned(self) -> Board {
        Board {
            mover: self.other.reverse_bits(),
            other: self.mover.reverse_bits(),
            kings: self.kings.reverse_bits(),
        }
    }

    /// The side to move's men.
    #[inline]
    pub const fn mover_men(self) -> u32 {
        self.mover & !self.kings
    }

    /// The other side's men.
    #[inline]
    pub const fn other_men(self) -> u32 {
        self.other & !self.kings
    }

    /// The material on the board.
    #[inline]
    pub fn material(self) -> Option<Material> {
        Material::new(
            self.mover_men().count_ones(),
            (self.mover & self.kings).count_ones(),
            self.other_men().count_ones(),
            (self.other & self.kings).count_ones(),
        )
    }

    /// The slice the board belongs to.
    #[inline]
    pub fn slice(self) -> Option<Slice> {
        Some(Slice::new(self.material()?, self.leads()))
    }

    /// The rank of each side's most advanced man from its own back row
    /// (0 without men).
    #[inline]
    pub const fn leads(self) -> [u8; 2] {
        let own = self.mover_men();
        let other = self.other_men();
        let a = if own == 0 {
            0
        } else {
            (31 - own.leading_zeros()) / 4
        };
        let b = if other == 0 {
            0
        } else {
            7 - other.trailing_zeros() / 4
        };
        [a as u8, b as u8]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_twice_is_the_identity_and_leads_swap() {
        let pos = Position::from_fen("W:W14,K30:B9,K18,6", Rules::ENGLISH).unwrap();
        let b = Board::from_position(&pos);
        assert_eq!(b.turned().turned(), b);
        let l = b.leads();
        let t = b.turned().leads();
        assert_eq!([l[1], l[0]], t);
        // White to move: his man on 14 (row 3 from the top, rank 4 from his
        // side) is the mover's; Black's most advanced man is on 9 (rank 2).
        assert_eq!(l, [4, 2]);
    }
}
