//! Two bits per position, 32 positions to a 64-bit word.

use crate::wdl::Wdl;

/// A fixed-length array of [`Wdl`] values, two bits each.
#[derive(Clone, Debug, Default)]
pub(crate) struct Packed {
    words: Vec<u64>,
    len: u64,
}

impl Packed {
    /// `len` values, all losses (code 0) until set.
    #[cfg(test)]
    pub fn new(len: u64) -> Packed {
        Packed {
            words: vec![0; len.div_ceil(32) as usize],
            len,
        }
    }

    /// An array over stored words (`words.len()` must be `len` / 32
    /// rounded up).
    pub fn from_words(words: Vec<u64>, len: u64) -> Packed {
        debug_assert_eq!(words.len() as u64, len.div_ceil(32));
        Packed { words, len }
    }

    /// The number of values.
    #[inline]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// The stored words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The raw 2-bit code at `i`.
    #[inline(always)]
    pub fn code(&self, i: u64) -> u8 {
        ((self.words[(i / 32) as usize] >> (2 * (i % 32))) & 3) as u8
    }

    /// The value at `i`; a code that is no value (3, only in a damaged
    /// file that passed its checksum) reads as `None`.
    #[inline(always)]
    pub fn get(&self, i: u64) -> Option<Wdl> {
        Wdl::from_code(self.code(i))
    }

    /// Sets the value at `i`.
    #[cfg(test)]
    pub fn set(&mut self, i: u64, v: Wdl) {
        let w = &mut self.words[(i / 32) as usize];
        let shift = 2 * (i % 32);
        *w = (*w & !(3 << shift)) | ((v.code() as u64) << shift);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        let mut p = Packed::new(100);
        for i in 0..100 {
            p.set(i, [Wdl::Win, Wdl::Draw, Wdl::Loss][(i % 3) as usize]);
        }
        for i in 0..100 {
            assert_eq!(
                p.get(i),
                Some([Wdl::Win, Wdl::Draw, Wdl::Loss][(i % 3) as usize])
            );
        }
        p.set(5, Wdl::Loss);
        assert_eq!(p.get(5), Some(Wdl::Loss));
        assert_eq!(p.get(4), Some(Wdl::Draw));
    }
}
