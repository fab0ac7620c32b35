//! Iterating the set bits of a mask, lowest first: the one loop under every
//! square and hole iterator of the games ([`Members`]); and [`bit_set!`](crate::bit_set),
//! which declares a game's points and their sets (checkers' `Square` and
//! `Bitboard`, the peg game's `Hole` and `HoleSet`) once for both games.

use std::marker::PhantomData;

/// The indices of the set bits of a mask, lowest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitIter {}

/// A value named by a bit's index in a mask: a square, a hole.
pub trait BitIndex: Copy {
    /// The value of bit `i` (which the set holding it keeps in range).
    fn from_bit(i: usize) -> Self;
}

/// The members of a set kept as a mask, lowest bit first, as values of
/// `T` (a bitboard's squares, a set's holes).
#[derive(Clone, Copy, Debug)]
pub struct Members<T>(BitIter, PhantomData<T>);

impl<T> Members<T> {
    /// The members of `mask`.
    #[inline]
    pub const fn new(mask: u64) -> Members<T> {
        Members(BitIter(mask), PhantomData)
    }
}

impl<T: BitIndex> Iterator for Members<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.0.next().map(T::from_bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<T: BitIndex> ExactSizeIterator for Members<T> {}

/// Declares a board's points and sets of them, the same way for every game:
/// a point type holding its bit index in a byte and shown as its number
/// from 1, and a set type over one machine word, bit `i` for the point of
/// index `i`. The types are plain newtypes with `const fn` methods, so the
/// move generators compile to the same word operations as hand-written
/// ones. What is particular to a board (rows, squares of holes, the set
/// operators) the game adds in `impl` blocks of its own.
///
/// ```ignore
/// parlour_game::bit_set! {
///     /// One of the 32 playable squares.
///     pub struct Square(u8) < 32, one bit;
///     /// A set of squares.
///     pub struct Bitboard(pub u32), members Squares by squares;
/// }
/// ```
#[macro_export]
macro_rules! bit_set {
    (
        $(#[$point_doc:meta])*
        $point_vis:vis struct $Point:ident(u8) < $capacity:expr, one $one:ident;
        $(#[$set_doc:meta])*
        $set_vis:vis struct $Set:ident(pub $Word:ty), members $Members:ident by $iter:ident;
    ) => {
        $(#[$point_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $point_vis struct $Point(u8);

        impl $Point {
            /// The point with number `n` (1 to the board's capacity), if
            /// there is one.
            pub const fn from_number(n: u32) -> Option<$Point> {
                if n >= 1 && n <= $capacity as u32 {
                    Some($Point((n - 1) as u8))
                } else {
                    None
                }
            }

            /// The point with bit index `i`. Panics beyond the capacity.
            #[inline]
            pub const fn from_index(i: usize) -> $Point {
                assert!(i < $capacity as usize, "point index out of range");
                $Point(i as u8)
            }

            /// The bit index, from 0.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The number people read, from 1.
            #[inline]
            pub const fn number(self) -> u32 {
                self.0 as u32 + 1
            }

            /// This point as a one-member set.
            #[inline]
            pub const fn $one(self) -> $Set {
                $Set(1 << self.0)
            }
        }

        impl ::std::fmt::Display for $Point {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}", self.number())
            }
        }

        impl $crate::BitIndex for $Point {
            #[inline]
            fn from_bit(i: usize) -> $Point {
                $Point(i as u8)
            }
        }

        $(#[$set_doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $set_vis struct $Set(pub $Word);

        impl $Set {
            /// No point.
            pub const EMPTY: $Set = $Set(0);

            /// Whether no point is in the set.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// The number of points in the set.
            #[inline]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// The number of points in the set, as a length.
            #[inline]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether `point` is in the set.
            #[inline]
            pub const fn contains(self, point: $Point) -> bool {
                self.0 & (1 << point.0) != 0
            }

            /// The lowest-numbered point, if any.
            #[inline]
            pub const fn first(self) -> Option<$Point> {
                if self.0 == 0 {
                    None
                } else {
                    Some($Point(self.0.trailing_zeros() as u8))
                }
            }

            /// The points in ascending order.
            #[inline]
            pub fn $iter(self) -> $Members {
                $crate::Members::new(self.0 as u64)
            }
        }

        impl FromIterator<$Point> for $Set {
            fn from_iter<I: IntoIterator<Item = $Point>>(iter: I) -> Self {
                $Set(iter.into_iter().fold(0, |m, p| m | 1 << p.0))
            }
        }

        impl IntoIterator for $Set {
            type Item = $Point;
            type IntoIter = $Members;
            #[inline]
            fn into_iter(self) -> $Members {
                self.$iter()
            }
        }

        /// The points of a set, lowest first.
        pub type $Members = $crate::Members<$Point>;
    };
}

#[cfg(test)]
mod tests {
    use super::BitIter;

    #[test]
    fn bits_come_lowest_first() {
        assert_eq!(BitIter(0).count(), 0);
        assert_eq!(BitIter(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(BitIter(1 << 63).collect::<Vec<_>>(), vec![63]);
        assert_eq!(BitIter(u64::MAX).len(), 64);
    }
}
