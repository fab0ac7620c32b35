//! Iterating the set bits of a mask, lowest first: the one loop under every
//! square and hole iterator of the games ([`Members`]).

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
