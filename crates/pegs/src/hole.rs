//! `Hole` and `HoleSet`: the board's holes as numbers and as bits.
//!
//! Hole number n (1 to 8 * squares) is bit n-1 of a `u64`; a board has at
//! most 48 holes, so every set of holes fits one word.

use parlour_game::BitIter;

/// The most holes any supported board has (6 squares of 8).
pub const MAX_HOLES: usize = 48;

parlour_game::bit_set! {
    /// One hole; holds the bit index 0-47, shows the number 1-48.
    pub struct Hole(u8) < MAX_HOLES, one set;
    /// A set of holes as the bits of a word.
    pub struct HoleSet(pub u64), members Holes by iter;
}

impl Hole {
    /// The square the hole is on, 0 (outermost) upwards.
    #[inline]
    pub const fn square(self) -> usize {
        self.0 as usize / 8
    }

    /// The point on its square, 0-7 clockwise from the top-left corner.
    #[inline]
    pub const fn point(self) -> usize {
        self.0 as usize % 8
    }

    /// The hole at point `p` of square `s`.
    #[inline]
    pub const fn at(s: usize, p: usize) -> Hole {
        Hole::from_index(8 * s + p % 8)
    }

    /// Whether the hole is a corner of its square (odd numbers are corners).
    #[inline]
    pub const fn is_corner(self) -> bool {
        self.0 & 1 == 0
    }
}

/// Iterates the bit indices of a mask (the hot path's form of [`Holes`]).
#[inline(always)]
pub(crate) fn bits(mask: u64) -> BitIter {
    BitIter(mask)
}
