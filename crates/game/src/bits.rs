//! Iterating the set bits of a mask, lowest first: the one loop under every
//! square and hole iterator of the games.

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
