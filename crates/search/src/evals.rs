//! Each search thread's cache of static scores, kept from one search to
//! the next: a position's score is the same every time it is asked for,
//! and searches ask for the same positions again and again. The scores
//! are exact, so the search is the same with the cache as without it,
//! node for node.
//!
//! The cache is direct-mapped, one word an entry: bits 17-63 of the
//! position's key, bit 16 always set (so that no key's check is an empty
//! entry's 0), and its score in the lower 16 (every static score is within
//! [`crate::score::EVAL_LIMIT`]). The entry's index is the key's lower 16
//! bits, so an entry answers only the key that filled it and the one key
//! that differs from it in bit 16 alone. The key is the
//! position's hash XORed with the search's salt, which names the game and
//! the evaluation: a searcher asked to score with another evaluation finds
//! none of the old scores.

use parlour_game::EvalId;
use std::any::TypeId;
use std::hash::{DefaultHasher, Hash, Hasher};

/// Entries: 2^16, 512 KiB.
const BITS: u32 = 16;

/// The cache of one thread.
pub(crate) struct EvalCache {
    entries: Box<[u64]>,
    salt: u64,
}

impl EvalCache {
    pub(crate) fn new() -> EvalCache {
        EvalCache {
            entries: vec![0; 1 << BITS].into_boxed_slice(),
            salt: 0,
        }
    }

    /// Forgets every score.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// Starts a search of game `G` scored by the evaluation `eval` (its
    /// identity, which tells apart every two evaluations that score
    /// differently): scores cached under another game or evaluation are
    /// not found.
    pub(crate) fn begin<G: 'static>(&mut self, eval: EvalId) {
        let mut hasher = DefaultHasher::new();
        TypeId::of::<G>().hash(&mut hasher);
        eval.hash(&mut hasher);
        self.salt = hasher.finish();
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> (usize, u64) {
        let k = key ^ self.salt;
        ((k & ((1 << BITS) - 1)) as usize, (k & !0xFFFF) | 1 << 16)
    }

    /// The score cached for the position with hash `key`.
    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> Option<i32> {
        let (index, check) = self.slot(key);
        let entry = self.entries[index];
        (entry & !0xFFFF == check).then_some(entry as u16 as i16 as i32)
    }

    /// The entries in use (a test's look inside).
    #[cfg(test)]
    pub(crate) fn filled(&self) -> usize {
        self.entries.iter().filter(|&&e| e != 0).count()
    }

    /// Caches `score` (within `i16`) for the position with hash `key`.
    #[inline(always)]
    pub(crate) fn put(&mut self, key: u64, score: i32) {
        debug_assert!(i16::try_from(score).is_ok());
        let (index, check) = self.slot(key);
        self.entries[index] = check | score as i16 as u16 as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_is_found_under_its_key_salt_and_nowhere_else() {
        let handwritten = EvalId::plain("handwritten");
        let learned = |weights| EvalId::learned("network", weights);
        let mut cache = EvalCache::new();
        cache.begin::<u8>(handwritten);
        let keys = [
            0x1234_5678_9ABC_DEF0u64,
            0xFFFF_FFFF_FFFF_FFFF,
            1,
            0x8000_0000_0000_0000,
        ];
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(cache.get(key), None);
            let score = [-20_000, 20_000, 0, -1][i];
            cache.put(key, score);
            assert_eq!(cache.get(key), Some(score));
        }
        // The same index, another key: a miss, and it takes the entry.
        let other = keys[0] ^ 0x0001_0000_0000_0000;
        assert_eq!(cache.get(other), None);
        cache.put(other, 7);
        assert_eq!(cache.get(other), Some(7));
        assert_eq!(cache.get(keys[0]), None);
        // Another evaluation, other weights, another game: nothing; back
        // again: found.
        cache.begin::<u8>(learned(1));
        assert_eq!(cache.get(keys[1]), None);
        cache.begin::<u8>(learned(2));
        assert_eq!(cache.get(keys[1]), None);
        cache.begin::<u8>(handwritten.with_tables());
        assert_eq!(cache.get(keys[1]), None);
        cache.begin::<u16>(handwritten);
        assert_eq!(cache.get(keys[1]), None);
        cache.begin::<u8>(handwritten);
        assert_eq!(cache.get(keys[1]), Some(20_000));
        cache.clear();
        assert_eq!(cache.get(keys[1]), None);
        // A key that the salt turns to 0 finds no score in an empty entry.
        assert_eq!(cache.get(cache.salt), None);
        assert_eq!(cache.get(cache.salt ^ 0xFFFF), None);
    }
}
