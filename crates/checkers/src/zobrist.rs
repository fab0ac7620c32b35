//! Zobrist hashing from a fixed seed: the same position hashes the same in
//! every run and every build.

use crate::position::{Pending, Position};
use parlour_game::{splitmix, Side};

/// The fixed seed of every key.
const SEED: u64 = 0x7061_726C_6F75_7221; // "parlour!"

/// `PIECE[kind][sq]`, kind = 2 * side + (1 if king).
static PIECE: [[u64; 32]; 4] = {
    let mut t = [[0u64; 32]; 4];
    let mut k = 0;
    while k < 4 {
        let mut sq = 0;
        while sq < 32 {
            t[k][sq] = splitmix(SEED ^ ((k * 32 + sq) as u64).wrapping_mul(0x1000_0000_0000_0001));
            sq += 1;
        }
        k += 1;
    }
    t
};
const WHITE_TO_MOVE: u64 = splitmix(SEED ^ 0xFFFF_0001);
const HUFFING: u64 = splitmix(SEED ^ 0xFFFF_0002);

/// `BYTES[kind][i][b]`: the XOR of `PIECE[kind][8 * i + j]` over the bits
/// `j` of `b`, so a set of squares hashes in four lookups, one per byte,
/// to the same key as square by square.
static BYTES: [[[u64; 256]; 4]; 4] = {
    let mut t = [[[0u64; 256]; 4]; 4];
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < 4 {
            let mut b = 1;
            while b < 256 {
                // The key of b is the key of b without its lowest bit, and
                // that bit's.
                let low = (b as u32).trailing_zeros() as usize;
                t[k][i][b] = t[k][i][b & (b - 1)] ^ PIECE[k][8 * i + low];
                b += 1;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

#[inline(always)]
fn xor_squares(bits: u32, keys: &[[u64; 256]; 4]) -> u64 {
    let b = bits.to_le_bytes();
    keys[0][b[0] as usize]
        ^ keys[1][b[1] as usize]
        ^ keys[2][b[2] as usize]
        ^ keys[3][b[3] as usize]
}

/// The pending state's key: its fields packed into one word (distinct states
/// give distinct words), then mixed.
#[inline]
fn pending_key(pending: Pending) -> u64 {
    let (tag, mv) = match pending {
        Pending::Nothing => return 0,
        Pending::CompelCapture => return splitmix(SEED ^ 0xFFFF_0003),
        Pending::Offence(mv) => (1u64, mv),
        Pending::CompelRest(mv) => (2u64, mv),
    };
    let packed = (tag << 62)
        | ((mv.origin() as u64) << 50)
        | ((mv.dest() as u64) << 44)
        | ((mv.jumps() as u64) << 38)
        | ((mv.flags() as u64) << 32)
        | mv.path_bits() as u64;
    splitmix(SEED ^ packed)
}

/// The position's 64-bit hash: pieces, side to move, rules, pending state.
pub fn hash(pos: &Position) -> u64 {
    let kings = pos.kings().0;
    let mut h = 0;
    for side in Side::BOTH {
        let pieces = pos.pieces(side).0;
        let k = 2 * side.index();
        h ^= xor_squares(pieces & !kings, &BYTES[k]);
        h ^= xor_squares(pieces & kings, &BYTES[k + 1]);
    }
    if pos.side() == Side::White {
        h ^= WHITE_TO_MOVE;
    }
    if pos.rules().is_huffing() {
        h ^= HUFFING;
    }
    h ^ pending_key(pos.pending())
}

/// The hash of `child` from the hash `key` of `parent`, one move before
/// it: the keys of the squares whose piece changed, and of the side to
/// move and pending state where they changed, XORed into `key` (a step
/// changes two squares, where [`hash`] reads sixteen bytes).
#[inline(always)]
pub fn hash_after(parent: &Position, key: u64, child: &Position) -> u64 {
    let mut h = key;
    let (old_kings, new_kings) = (parent.kings().0, child.kings().0);
    for side in Side::BOTH {
        let (old, new) = (parent.pieces(side).0, child.pieces(side).0);
        let k = 2 * side.index();
        let mut men = (old & !old_kings) ^ (new & !new_kings);
        while men != 0 {
            h ^= PIECE[k][men.trailing_zeros() as usize];
            men &= men - 1;
        }
        let mut kings = (old & old_kings) ^ (new & new_kings);
        while kings != 0 {
            h ^= PIECE[k + 1][kings.trailing_zeros() as usize];
            kings &= kings - 1;
        }
    }
    if parent.side() != child.side() {
        h ^= WHITE_TO_MOVE;
    }
    if parent.pending() != child.pending() {
        h ^= pending_change(parent.pending(), child.pending());
    }
    h
}

/// The keys of two pending states: out of line, so that the compiler does
/// not compute the parent's key, loop-invariant, at the start of every
/// node's move loop (english never has anything pending; huffing seldom).
#[cold]
#[inline(never)]
fn pending_change(before: Pending, after: Pending) -> u64 {
    pending_key(before) ^ pending_key(after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use rand::{Rng, SeedableRng};

    /// The key of a set of squares, square by square.
    fn slow(mut bits: u32, kind: usize) -> u64 {
        let mut h = 0;
        while bits != 0 {
            h ^= PIECE[kind][bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        h
    }

    #[test]
    fn a_set_hashes_by_bytes_as_square_by_square() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for (kind, bytes) in BYTES.iter().enumerate() {
            for bits in [0, 1, 1 << 31, u32::MAX, 0x0000_0FFF, 0xFFF0_0000] {
                assert_eq!(xor_squares(bits, bytes), slow(bits, kind));
            }
            for _ in 0..10_000 {
                let bits: u32 = rng.random();
                assert_eq!(xor_squares(bits, bytes), slow(bits, kind));
            }
        }
        // The same two squares with a king for a man, with the colours
        // swapped, and with the other side to move: each hashes apart.
        let keys: Vec<u64> = ["B:W20:B13", "B:W20:BK13", "B:W13:B20", "W:W20:B13"]
            .iter()
            .map(|fen| hash(&Position::from_fen(fen, Rules::ENGLISH).unwrap()))
            .collect();
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn a_child_hashes_the_same_from_its_parent_as_from_scratch() {
        use parlour_game::Game;
        let mut moves = 0;
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            for pos in crate::testing::random_positions(rules, 300, 8, 120) {
                let key = hash(&pos);
                for action in pos.action_vec() {
                    let child = pos.play(action);
                    assert_eq!(pos.hash_after(key, &child), hash(&child), "{pos} {action}");
                    moves += 1;
                }
            }
        }
        assert!(moves > 1000, "{moves} moves tried");
    }
}
