//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`s, read and written with relaxed ordering:
//! the data word, and the position's key XORed with the data. A reader
//! accepts an entry only if the two words XOR back to its key, so an entry
//! torn by two threads writing at once (one thread's key word with the
//! other's data word) reads as a miss instead of as wrong data (the
//! "lockless hashing" of Hyatt and Mann). No `unsafe`, no `&mut` aliasing:
//! every thread holds `&Table`.
//!
//! Entries sit in buckets of four on one cache line; a store replaces the
//! entry of the same position if there is one, else the one least worth
//! keeping (shallowest, oldest). The move is stored as its index in the
//! game's own order of legal moves, so the table knows nothing of any game.

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What a stored score says of the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (every move failed low).
    Upper = 1,
    /// The true score is at least this (a move failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

impl Bound {
    /// What the best score `best` of a node searched in the window
    /// `(alpha, beta)` says of its true score.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A hit: what a search stored for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The score; a win or loss counts its plies from the node that
    /// stored it, not from the root.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// The kind of bound.
    pub bound: Bound,
    /// The best move's index among the legal moves, if one was found.
    pub move_index: Option<u16>,
}

const ENTRIES_PER_BUCKET: usize = 4;

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// One cache line of entries.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; ENTRIES_PER_BUCKET]);

/// Data word layout: score (16 bits), depth (8), bound (2), generation (6),
/// move index + 1 (16, 0 for none).
fn pack(score: i32, depth: i32, bound: Bound, generation: u8, move_index: Option<u16>) -> u64 {
    let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let depth = depth.clamp(0, 255) as u64;
    let mv = move_index.map_or(0, |i| i as u64 + 1);
    score
        | depth << 16
        | (bound as u64) << 24
        | ((generation & 63) as u64) << 26
        | (mv & 0xFFFF) << 32
}

fn unpack(data: u64) -> Option<Hit> {
    let bound = match (data >> 24) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let mv = ((data >> 32) & 0xFFFF) as u16;
    Some(Hit {
        score: data as u16 as i16 as i32,
        depth: ((data >> 16) & 0xFF) as i32,
        bound,
        move_index: mv.checked_sub(1),
    })
}

fn generation_of(data: u64) -> u8 {
    ((data >> 26) & 63) as u8
}

/// The shared transposition table.
pub struct Table {
    buckets: Vec<Bucket>,
    generation: AtomicU64,
}

impl Table {
    /// A table of about `mib` mebibytes (at least one bucket), allocated
    /// here once.
    pub fn new(mib: usize) -> Table {
        Table::try_new(mib).expect("memory for the transposition table")
    }

    /// [`Table::new`], or why the memory could not be had (where
    /// `Table::new` would abort the process).
    pub fn try_new(mib: usize) -> Result<Table, TryReserveError> {
        let bytes = mib.saturating_mul(1 << 20);
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count)?;
        buckets.resize_with(count, Bucket::default);
        Ok(Table {
            buckets,
            generation: AtomicU64::new(0),
        })
    }

    /// The size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for bucket in &self.buckets {
            for entry in &bucket.0 {
                entry.check.store(0, Relaxed);
                entry.data.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn current_generation(&self) -> u8 {
        (self.generation.load(Relaxed) & 63) as u8
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// What is stored for the position with hash `key`, if anything.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        for entry in &self.bucket(key).0 {
            let data = entry.data.load(Relaxed);
            let check = entry.check.load(Relaxed);
            if check ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a search result for the position with hash `key`. A result
    /// without a move keeps the move already stored for the position.
    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: i32, bound: Bound, move_index: Option<u16>) {
        let generation = self.current_generation();
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.0 {
            let data = entry.data.load(Relaxed);
            let check = entry.check.load(Relaxed);
            if check ^ data == key {
                let old = unpack(data);
                // Keep a deeper exact result of this search over a
                // shallower bound.
                if let Some(old) = old {
                    if bound != Bound::Exact
                        && old.depth > depth + 2
                        && generation_of(data) == generation
                    {
                        return;
                    }
                }
                let move_index = move_index.or(old.and_then(|h| h.move_index));
                let data = pack(score, depth, bound, generation, move_index);
                entry.data.store(data, Relaxed);
                entry.check.store(key ^ data, Relaxed);
                return;
            }
            let age = generation.wrapping_sub(generation_of(data)) & 63;
            let worth = match unpack(data) {
                None => i32::MIN,
                Some(hit) => hit.depth - 8 * age as i32,
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let data = pack(score, depth, bound, generation, move_index);
        victim.data.store(data, Relaxed);
        victim.check.store(key ^ data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_entry_reads_back() {
        let table = Table::new(1);
        assert_eq!(table.bytes(), 1 << 20);
        let key = 0x1234_5678_9ABC_DEF0;
        assert_eq!(table.probe(key), None);
        table.store(key, -29_990, 7, Bound::Lower, Some(1999));
        let hit = table.probe(key).unwrap();
        assert_eq!(
            hit,
            Hit {
                score: -29_990,
                depth: 7,
                bound: Bound::Lower,
                move_index: Some(1999)
            }
        );
        // A result without a move keeps the stored move.
        table.store(key, 12, 8, Bound::Exact, None);
        assert_eq!(table.probe(key).unwrap().move_index, Some(1999));
        assert_eq!(table.probe(key).unwrap().score, 12);
        assert_eq!(table.probe(key ^ 1), None);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = Table::new(1);
        let a = 0xAAAA_0000_0000_0001u64;
        table.store(a, 5, 3, Bound::Exact, Some(0));
        // Another thread's data word written over the first entry's.
        let entry = &table.bucket(a).0[0];
        entry
            .data
            .store(pack(9, 9, Bound::Exact, 0, Some(4)), Relaxed);
        assert_eq!(table.probe(a), None);
    }

    #[test]
    fn full_buckets_replace_the_shallowest() {
        let table = Table::new(0); // one bucket: every key collides
        for (i, depth) in [(1u64, 9), (2, 3), (3, 7), (4, 5)] {
            table.store(i, 0, depth, Bound::Exact, None);
        }
        table.store(5, 0, 4, Bound::Exact, None);
        assert!(table.probe(2).is_none(), "the depth-3 entry goes");
        for key in [1, 3, 4, 5] {
            assert!(table.probe(key).is_some(), "{key}");
        }
    }
}
