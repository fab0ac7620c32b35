//! `Square` and `Bitboard`: the board's 32 playable squares as numbers and
//! as bits.
//!
//! Square n (1-32, PDN numbering from Black's side) is bit n-1. Rows of four
//! run 1-4 (Black's back row) to 29-32 (White's).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

parlour_game::bit_set! {
    /// One of the 32 playable squares; holds the bit index 0-31, shows the
    /// PDN number 1-32.
    pub struct Square(u8) < 32, one bit;
    /// A set of squares, bit n-1 for square n.
    pub struct Bitboard(pub u32), members Squares by squares;
}

impl Square {
    /// The board row, 0 (squares 1-4) to 7 (squares 29-32).
    #[inline]
    pub const fn row(self) -> u32 {
        self.0 as u32 / 4
    }
}

impl Bitboard {
    /// All 32 squares.
    pub const ALL: Bitboard = Bitboard(u32::MAX);
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
    };
}
bit_op!(BitAnd, bitand, &);
bit_op!(BitOr, bitor, |);
bit_op!(BitXor, bitxor, ^);

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
