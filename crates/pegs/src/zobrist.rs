//! Zobrist hashing from a fixed seed: the same position hashes the same in
//! every run and every build. Keys cover both sides' pegs and Kings, hand
//! and reserve counts, the side to move, the pending force and the rules.

use crate::hole::{bits, MAX_HOLES};
use crate::position::PegPosition;
use parlour_game::{splitmix, Side};

/// The fixed seed of every key.
const SEED: u64 = 0x7065_6773_2170_6567; // "pegs!peg"

/// Counts (hand, reserve) run 0-48.
const COUNTS: usize = MAX_HOLES + 1;

/// Key tables, one row per kind: 0-3 pegs (2 * side + 1 if King), 4 forced
/// holes, 5-6 hand counts by side, 7-8 reserve counts by side.
static KEYS: [[u64; MAX_HOLES + 1]; 9] = {
    let mut t = [[0u64; COUNTS]; 9];
    let mut k = 0;
    while k < 9 {
        let mut i = 0;
        while i < COUNTS {
            t[k][i] =
                splitmix(SEED ^ ((k * COUNTS + i) as u64).wrapping_mul(0x1000_0000_0000_0001));
            i += 1;
        }
        k += 1;
    }
    t
};
const WHITE_TO_MOVE: u64 = splitmix(SEED ^ 0xFFFF_0001);
const FORCE: usize = 4;
const HAND: usize = 5;
const RESERVE: usize = 7;

fn xor_holes(mask: u64, keys: &[u64; COUNTS]) -> u64 {
    bits(mask).fold(0, |h, i| h ^ keys[i])
}

/// The position's 64-bit hash.
pub fn hash(pos: &PegPosition) -> u64 {
    let mut h = 0;
    for side in Side::BOTH {
        let s = side.index();
        let pegs = pos.pegs[s];
        h ^= xor_holes(pegs & !pos.kings, &KEYS[2 * s]);
        h ^= xor_holes(pegs & pos.kings, &KEYS[2 * s + 1]);
        h ^= KEYS[HAND + s][pos.hand[s] as usize];
        h ^= KEYS[RESERVE + s][pos.reserve[s] as usize];
    }
    h ^= xor_holes(pos.force, &KEYS[FORCE]);
    if pos.side == Side::White {
        h ^= WHITE_TO_MOVE;
    }
    let r = pos.rules;
    let packed = (r.squares as u64)
        | (r.diagonals as u64) << 8
        | (r.pegs as u64) << 16
        | (r.reserve as u64) << 24
        | (r.quiet_plies as u64) << 32;
    // The default rules add nothing, so most hashes need no extra mixing.
    let default = crate::rules::PegRules::DEFAULT;
    if r != default {
        h ^= splitmix(SEED ^ 0xFFFF_0002 ^ packed << 8);
    }
    h
}
