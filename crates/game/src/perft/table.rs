//! Deep perft's table: the leaf count of (position, remaining depth) pairs,
//! shared by every thread, keyed by the whole position.
//!
//! An entry is four `AtomicU64` words, two entries to a 64-byte bucket (one
//! cache line):
//!
//! | word | bits  | field |
//! |------|-------|-------|
//! | 0    | 0-31  | version: even while the entry is whole, odd while a thread writes it |
//! | 0    | 32-63 | the key's `tail` |
//! | 1    | 0-55  | the leaf count (a count of 2^56 or more is not stored) |
//! | 1    | 56-63 | the remaining depth (0: the entry is empty) |
//! | 2    | 0-63  | the key's `lo` |
//! | 3    | 0-63  | the key's `hi` |
//!
//! A hit needs the whole stored key and the depth to equal the ones asked
//! for, so two positions whose index collides share a bucket, never a
//! count.
//!
//! **Torn entries.** An entry is four words, and no machine writes four
//! words in one step, so each entry is its own sequence lock: a writer
//! first turns the version odd (a compare-and-swap, which also keeps a
//! second writer out: one that finds the version odd or loses the swap
//! drops its store, which a perft table can afford), writes the words, and
//! sets the version to the next even number. A reader reads the version,
//! the words, and the version again, and takes the words only if the
//! version was even and unchanged: words of two different writes never
//! pass for one entry. (The version counts writes modulo 2^32: a reader
//! would have to stall while 2^31 writes go into that one entry.) The
//! fences are Boehm's ("Can seqlocks get along with programming language
//! memory models?", 2012), all atomics, no `unsafe`.
//!
//! **Replacement by depth.** A store goes into the bucket's entry already
//! holding the position at that depth if there is one, else into the
//! shallower entry (the second on a tie): a deep count, which saves the
//! most work, stays until a deeper one comes.

use crate::{splitmix, FullKey};
use std::collections::TryReserveError;
use std::marker::PhantomData;
use std::sync::atomic::{fence, AtomicU64, Ordering};

/// The largest leaf count an entry holds.
const MAX_NODES: u64 = (1 << 56) - 1;
/// The deepest remaining depth an entry holds.
const MAX_DEPTH: u32 = 255;

/// Where a (position, remaining depth) pair goes in the table: a 64-bit
/// hash, of which the table takes its bucket. [`Mixed`] is the one to use;
/// tests put in hashes that send many keys to one bucket.
pub trait Slots: Send + Sync + 'static {
    /// The hash of `key` at `depth`.
    fn slot(key: &FullKey, depth: u32) -> u64;
}

/// Every word of the key and the depth mixed into the hash (SplitMix64).
#[derive(Debug)]
pub struct Mixed;

impl Slots for Mixed {
    #[inline(always)]
    fn slot(key: &FullKey, depth: u32) -> u64 {
        splitmix(key.lo ^ splitmix(key.hi ^ ((key.tail as u64) << 8 | depth as u64)))
    }
}

/// What went wrong making a table.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The memory could not be had.
    #[error("cannot allocate a {mib} MiB perft table")]
    Memory {
        /// The size asked for.
        mib: usize,
        /// Why.
        source: TryReserveError,
    },
}

#[derive(Default)]
struct Entry([AtomicU64; 4]);

/// Two entries on one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

impl Entry {
    /// The count stored for `key` at `depth`, if this entry holds it whole.
    #[inline(always)]
    fn read(&self, key: &FullKey, depth: u32) -> Option<u64> {
        let [head, body, lo, hi] = &self.0;
        let before = head.load(Ordering::Acquire);
        let (body, lo, hi) = (
            body.load(Ordering::Relaxed),
            lo.load(Ordering::Relaxed),
            hi.load(Ordering::Relaxed),
        );
        fence(Ordering::Acquire);
        let after = head.load(Ordering::Relaxed);
        let whole = before == after && before & 1 == 0;
        let same = lo == key.lo
            && hi == key.hi
            && (before >> 32) as u32 == key.tail
            && (body >> 56) as u32 == depth;
        (whole && same).then_some(body & MAX_NODES)
    }

    /// Writes the entry, unless another thread is writing it.
    #[inline(always)]
    fn write(&self, key: &FullKey, depth: u32, nodes: u64) {
        let [head, body, lo, hi] = &self.0;
        let old = head.load(Ordering::Relaxed);
        if old & 1 != 0
            || head
                .compare_exchange(old, old + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        body.store((depth as u64) << 56 | nodes, Ordering::Relaxed);
        lo.store(key.lo, Ordering::Relaxed);
        hi.store(key.hi, Ordering::Relaxed);
        let version = (old as u32).wrapping_add(2);
        head.store(version as u64 | (key.tail as u64) << 32, Ordering::Release);
    }

    /// The remaining depth stored (0 for none), read without the lock: a
    /// guess for choosing which entry to replace.
    #[inline(always)]
    fn depth(&self) -> u32 {
        (self.0[1].load(Ordering::Relaxed) >> 56) as u32
    }

    /// Whether the entry seems to hold `key` at `depth` (read without the
    /// lock, for choosing where to store).
    #[inline(always)]
    fn seems_to_hold(&self, key: &FullKey, depth: u32) -> bool {
        self.0[2].load(Ordering::Relaxed) == key.lo && self.depth() == depth
    }
}

/// The table: buckets of two entries, shared by reference between threads.
pub struct Table<S: Slots = Mixed> {
    buckets: Vec<Bucket>,
    slots: PhantomData<S>,
}

impl<S: Slots> Table<S> {
    /// A table of about `mib` mebibytes (at least one bucket), its memory
    /// touched here, by all the threads of the current rayon pool.
    pub fn new(mib: usize) -> Result<Table<S>, TableError> {
        let bytes = mib.saturating_mul(1 << 20);
        Table::with_buckets(bytes / std::mem::size_of::<Bucket>())
            .map_err(|source| TableError::Memory { mib, source })
    }

    /// A table of `count` buckets (at least one): the tests' tiny tables.
    pub fn with_buckets(count: usize) -> Result<Table<S>, TryReserveError> {
        use rayon::prelude::*;
        let count = count.max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count)?;
        (0..count)
            .into_par_iter()
            .map(|_| Bucket::default())
            .collect_into_vec(&mut buckets);
        Ok(Table {
            buckets,
            slots: PhantomData,
        })
    }

    /// The size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// The number of entries.
    pub fn entries(&self) -> usize {
        2 * self.buckets.len()
    }

    #[inline(always)]
    fn bucket(&self, key: &FullKey, depth: u32) -> &Bucket {
        let hash = S::slot(key, depth);
        &self.buckets[((hash as u128 * self.buckets.len() as u128) >> 64) as usize]
    }

    /// The leaf count stored for `key` at the remaining `depth`, if any.
    #[inline]
    pub fn probe(&self, key: &FullKey, depth: u32) -> Option<u64> {
        let [a, b] = &self.bucket(key, depth).0;
        a.read(key, depth).or_else(|| b.read(key, depth))
    }

    /// Stores the leaf count `nodes` of `key` at the remaining `depth` (1
    /// to 255; a count past 2^56 is not stored).
    #[inline]
    pub fn store(&self, key: &FullKey, depth: u32, nodes: u64) {
        if nodes > MAX_NODES || depth == 0 || depth > MAX_DEPTH {
            return;
        }
        let [a, b] = &self.bucket(key, depth).0;
        let victim = if a.seems_to_hold(key, depth) {
            a
        } else if b.seems_to_hold(key, depth) || b.depth() <= a.depth() {
            b
        } else {
            a
        };
        victim.write(key, depth, nodes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    /// Every key in one bucket.
    struct OneBucket;
    impl Slots for OneBucket {
        fn slot(_: &FullKey, _: u32) -> u64 {
            0
        }
    }

    fn key(i: u64) -> FullKey {
        FullKey {
            lo: i,
            hi: splitmix(i),
            tail: (i % 3) as u32,
        }
    }

    #[test]
    fn an_entry_answers_its_whole_key_at_its_depth_only() {
        let table = Table::<Mixed>::new(1).unwrap();
        assert_eq!(table.bytes(), 1 << 20);
        assert_eq!(table.entries(), 1 << 15);
        let k = key(7);
        table.store(&k, 5, 12_345);
        assert_eq!(table.probe(&k, 5), Some(12_345));
        assert_eq!(table.probe(&k, 4), None);
        for other in [
            FullKey { lo: 8, ..k },
            FullKey { hi: 0, ..k },
            FullKey { tail: 9, ..k },
        ] {
            assert_eq!(table.probe(&other, 5), None, "{other:?}");
        }
        table.store(&k, 5, 99);
        assert_eq!(table.probe(&k, 5), Some(99));
        table.store(&key(1), 6, MAX_NODES + 1);
        assert_eq!(table.probe(&key(1), 6), None);
    }

    #[test]
    fn the_shallower_entry_is_replaced() {
        let table = Table::<OneBucket>::with_buckets(1).unwrap();
        table.store(&key(1), 9, 1);
        table.store(&key(2), 3, 2);
        table.store(&key(3), 4, 3);
        assert_eq!(table.probe(&key(1), 9), Some(1));
        assert_eq!(table.probe(&key(2), 3), None);
        assert_eq!(table.probe(&key(3), 4), Some(3));
        table.store(&key(4), 12, 4);
        assert_eq!(table.probe(&key(3), 4), None);
        assert_eq!(table.probe(&key(1), 9), Some(1));
        assert_eq!(table.probe(&key(4), 12), Some(4));
    }

    #[test]
    fn an_entry_being_written_reads_as_a_miss() {
        let table = Table::<OneBucket>::with_buckets(1).unwrap();
        table.store(&key(1), 3, 10);
        let head = &table.buckets[0].0[1].0[0];
        let whole = head.load(Ordering::Relaxed);
        head.store(whole + 1, Ordering::Relaxed);
        assert_eq!(table.probe(&key(1), 3), None);
        // A writer that finds the entry locked drops its store.
        table.store(&key(1), 3, 11);
        head.store(whole + 2, Ordering::Relaxed);
        assert_eq!(table.probe(&key(1), 3), Some(10));
    }

    /// Many threads write and read a one-bucket table at once; every count
    /// read back belongs to the key and depth asked for, so no reader took
    /// words of two writes for one entry.
    #[test]
    fn no_thread_reads_a_torn_entry() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(16)
            .build()
            .unwrap();
        let table = Table::<OneBucket>::with_buckets(1).unwrap();
        let nodes = |k: &FullKey, depth: u32| (k.lo ^ k.hi ^ depth as u64) & MAX_NODES;
        let hits: u64 = pool.install(|| {
            (0..16u64)
                .into_par_iter()
                .map(|thread| {
                    let mut hits = 0;
                    for i in 0..100_000u64 {
                        let k = key((i * 7 + thread) % 24);
                        let depth = 3 + (i % 4) as u32;
                        if let Some(n) = table.probe(&k, depth) {
                            assert_eq!(n, nodes(&k, depth), "{k:?} at depth {depth}");
                            hits += 1;
                        }
                        table.store(&k, depth, nodes(&k, depth));
                    }
                    hits
                })
                .sum()
        });
        assert!(hits > 0);
    }
}
