//! `Hole` and `HoleSet`: the board's holes as numbers and as bits.
//!
//! Hole number n (1 to 8 * squares) is bit n-1 of a `u64`; a board has at
//! most 48 holes, so every set of holes fits one word.

use parlour_game::{BitIndex, BitIter, Members};
use std::fmt;

/// The most holes any supported board has (6 squares of 8).
pub const MAX_HOLES: usize = 48;

/// One hole; holds the bit index 0-47, shows the number 1-48.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// The hole with number `n` (1-48), if any board has one.
    pub const fn from_number(n: u32) -> Option<Hole> {
        if n >= 1 && n <= MAX_HOLES as u32 {
            Some(Hole((n - 1) as u8))
        } else {
            None
        }
    }

    /// The hole with bit index `i` (0-47). Panics outside that range.
    #[inline]
    pub const fn from_index(i: usize) -> Hole {
        assert!(i < MAX_HOLES, "hole index out of range");
        Hole(i as u8)
    }

    /// The bit index, 0-47.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The hole's number, 1-48.
    #[inline]
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

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

    /// This hole as a one-hole set.
    #[inline]
    pub const fn set(self) -> HoleSet {
        HoleSet(1 << self.0)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A set of holes as the bits of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct HoleSet(pub u64);

impl HoleSet {
    /// No hole.
    pub const EMPTY: HoleSet = HoleSet(0);

    /// Whether `hole` is in the set.
    #[inline]
    pub const fn contains(self, hole: Hole) -> bool {
        self.0 >> hole.0 & 1 != 0
    }

    /// The number of holes in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered hole, if any.
    #[inline]
    pub const fn first(self) -> Option<Hole> {
        if self.0 == 0 {
            None
        } else {
            Some(Hole(self.0.trailing_zeros() as u8))
        }
    }

    /// The holes in ascending order.
    #[inline]
    pub fn iter(self) -> Holes {
        Members::new(self.0)
    }
}

impl FromIterator<Hole> for HoleSet {
    fn from_iter<I: IntoIterator<Item = Hole>>(iter: I) -> Self {
        HoleSet(iter.into_iter().fold(0, |m, h| m | 1 << h.0))
    }
}

impl IntoIterator for HoleSet {
    type Item = Hole;
    type IntoIter = Holes;
    fn into_iter(self) -> Holes {
        self.iter()
    }
}

/// The holes of a [`HoleSet`], lowest first.
pub type Holes = Members<Hole>;

impl BitIndex for Hole {
    #[inline]
    fn from_bit(i: usize) -> Hole {
        Hole(i as u8)
    }
}

/// Iterates the bit indices of a mask (the hot path's form of [`Holes`]).
#[inline(always)]
pub(crate) fn bits(mask: u64) -> BitIter {
    BitIter(mask)
}
