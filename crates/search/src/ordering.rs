//! Move ordering: the keys that decide which move is searched first, and
//! the tables learnt from cut-offs (killers, history, continuation
//! history).
//!
//! A node's moves are ordered: the table's move; tactical moves by their
//! gain (the game's hint); the two killers of the ply; the other quiet
//! moves by their history (how often the move, by its
//! [`parlour_game::Evaluate::history_key`], caused a cut-off for this side)
//! plus their continuation history (the same, after the move that led to
//! the node). The tables are kept per thread from one search to the next
//! of a game, and cleared for a new game.

use parlour_game::HISTORY_KEYS;

/// History scores stay within this (the "gravity" of the update), which
/// fits an `i16`.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;
/// Keys of the continuation table, per move: keys are folded into this.
const CONT_KEYS: usize = 1024;
/// The key of "no move before this node" (the root).
pub(crate) const NO_KEY: usize = CONT_KEYS;

/// Ordering keys: `(score << 16) | tactical << 15 | move index`, larger
/// first (see [`key`]).
pub(crate) const TT_MOVE: i64 = 1 << 40;
/// Tactical moves come before killers and quiet moves.
pub(crate) const TACTICAL: i64 = 1 << 36;
/// The first killer.
pub(crate) const KILLER: i64 = 1 << 35;

/// What one search thread learns about moves, kept between searches.
pub(crate) struct Tables {
    /// `[side][key]`.
    history: Vec<i16>,
    /// `[previous key][key]`, previous keys folded, plus a row for the root.
    continuation: Vec<i16>,
}

impl Tables {
    pub(crate) fn new() -> Tables {
        Tables {
            history: vec![0; 2 * HISTORY_KEYS],
            continuation: vec![0; (CONT_KEYS + 1) * CONT_KEYS],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().for_each(|h| *h = 0);
    }

    #[inline(always)]
    fn slots(side: usize, previous: usize, key: usize) -> (usize, usize) {
        let key = key % HISTORY_KEYS;
        (
            side * HISTORY_KEYS + key,
            previous.min(NO_KEY) * CONT_KEYS + key % CONT_KEYS,
        )
    }

    /// The quiet-move score of the move `key` by `side` after the move
    /// `previous`.
    #[inline(always)]
    pub(crate) fn score(&self, side: usize, previous: usize, key: usize) -> i32 {
        let (h, c) = Tables::slots(side, previous, key);
        self.history[h] as i32 + self.continuation[c] as i32
    }

    /// A quiet move caused a cut-off at `depth` (`good`), or was searched
    /// before the one that did (not `good`).
    #[inline]
    pub(crate) fn update(
        &mut self,
        side: usize,
        previous: usize,
        key: usize,
        depth: i32,
        good: bool,
    ) {
        let (h, c) = Tables::slots(side, previous, key);
        let bonus = (depth * depth + depth).min(HISTORY_MAX / 4);
        let bonus = if good { bonus } else { -bonus };
        for slot in [&mut self.history[h], &mut self.continuation[c]] {
            let old = *slot as i32;
            *slot = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
        }
    }
}

/// Folds a move's history key into a continuation key.
#[inline(always)]
pub(crate) fn continuation_key(key: usize) -> usize {
    key % CONT_KEYS
}

/// The bit of an ordering key that says its move is tactical, so that
/// the game is asked once per move and node.
const TACTICAL_BIT: i64 = 1 << 15;

/// The ordering key of the move at `index` with `score`.
#[inline(always)]
pub(crate) fn key(score: i64, tactical: bool, index: usize) -> i64 {
    debug_assert!(
        (index as i64) < TACTICAL_BIT,
        "a move index fits in 15 bits"
    );
    score << 16 | (tactical as i64) << 15 | index as i64
}

/// Whether the move of an ordering key is tactical.
#[inline(always)]
pub(crate) fn is_tactical(key: i64) -> bool {
    key & TACTICAL_BIT != 0
}

/// The move index of an ordering key.
#[inline(always)]
pub(crate) fn index_of(key: i64) -> usize {
    (key & (TACTICAL_BIT - 1)) as usize
}

/// Brings the best of the ordering keys `keys[i..]` to `keys[i]` and
/// returns its move index (selection: most nodes cut off after a move or
/// two, so a full sort would be wasted).
#[inline]
pub(crate) fn pick(keys: &mut [i64], i: usize) -> usize {
    let rest = &mut keys[i..];
    let (mut best, mut top) = (0, rest[0]);
    for (j, &key) in rest.iter().enumerate().skip(1) {
        // Selects, not a branch: which of two keys is the larger is a coin
        // toss the branch predictor often loses.
        let better = key > top;
        best = if better { j } else { best };
        top = if better { key } else { top };
    }
    rest.swap(0, best);
    index_of(rest[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_rewards_and_punishes_within_bounds() {
        let mut t = Tables::new();
        // Each slot settles at the bound, where the bonus and the decay
        // cancel: old + b - old * b / HISTORY_MAX = old for old = HISTORY_MAX.
        for _ in 0..10_000 {
            t.update(0, 3, 77, 20, true);
        }
        assert_eq!(t.score(0, 3, 77), 2 * HISTORY_MAX);
        // The other side's history is untouched; the continuation after
        // move 3, which both sides share, is not.
        assert_eq!(t.score(1, 3, 77), HISTORY_MAX);
        assert_eq!(t.score(1, 4, 77), 0);
        for _ in 0..10_000 {
            t.update(0, 3, 77, 20, false);
        }
        assert_eq!(t.score(0, 3, 77), -2 * HISTORY_MAX);
        t.clear();
        assert_eq!(t.score(0, 3, 77), 0);
    }

    #[test]
    fn pick_takes_the_largest_key() {
        let mut keys = vec![key(5, false, 0), key(9, true, 1), key(7, false, 2)];
        assert_eq!(pick(&mut keys, 0), 1);
        assert!(is_tactical(keys[0]));
        assert_eq!(pick(&mut keys, 1), 2);
        assert!(!is_tactical(keys[1]));
        assert_eq!(pick(&mut keys, 2), 0);
        assert_eq!(index_of(key(-3, true, 77)), 77);
        assert!(key(-3, true, 77) < key(-2, false, 0));
    }
}
