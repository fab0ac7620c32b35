//! `Square` and `Bitboard`: the board's 32 playable squares as numbers and
//! as bits.
//!
//! Square n (1-32, PDN numbering from Black's side) is bit n-1. Rows of four
//! run 1-4 (Black's back row) to 29-32 (White's).

use parlour_game::{BitIndex, Members};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// One of the 32 playable squares; holds the bit index 0-31, shows the PDN
/// number 1-32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with PDN number `n` (1-32), if there is one.
    pub const fn from_number(n: u32) -> Option<Square> {
        if n >= 1 && n <= 32 {
            Some(Square((n - 1) as u8))
        } else {
            None
        }
    }

    /// The square with bit index `i` (0-31). Panics outside that range.
    #[inline]
    pub const fn from_index(i: u32) -> Square {
        assert!(i < 32, "square index out of range");
        Square(i as u8)
    }

    /// The bit index, 0-31.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The PDN number, 1-32.
    #[inline]
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// The board row, 0 (squares 1-4) to 7 (squares 29-32).
    #[inline]
    pub const fn row(self) -> u32 {
        self.0 as u32 / 4
    }

    /// This square as a one-bit board.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A set of squares, bit n-1 for square n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u32);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 squares.
    pub const ALL: Bitboard = Bitboard(u32::MAX);

    /// Whether no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// The lowest-numbered square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares in ascending order.
    #[inline]
    pub fn squares(self) -> Squares {
        Members::new(self.0 as u64)
    }
}

/// Iterator over a bitboard's squares, lowest first.
pub type Squares = Members<Square>;

impl BitIndex for Square {
    #[inline]
    fn from_bit(i: usize) -> Square {
        Square(i as u8)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, |b, sq| b | sq.bit())
    }
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
