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

fn xor_squares(mut bits: u32, keys: &[u64; 32]) -> u64 {
    let mut h = 0;
    while bits != 0 {
        h ^= keys[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    h
}

/// The pending state's key: its fields packed into one word (distinct states
/// give distinct words), then mixed.
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
        h ^= xor_squares(pieces & !kings, &PIECE[k]);
        h ^= xor_squares(pieces & kings, &PIECE[k + 1]);
    }
    if pos.side() == Side::White {
        h ^= WHITE_TO_MOVE;
    }
    if pos.rules().is_huffing() {
        h ^= HUFFING;
    }
    h ^ pending_key(pos.pending())
}
