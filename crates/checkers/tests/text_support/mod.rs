//! What the text tests share: reading a FEN that must be good, naming a
//! square, and positions from random playouts with a generator of their
//! own, so the tests need no seed file and fail the same way every run.
#![allow(dead_code)] // each test file uses a part

use parlour_checkers::{Position, Rules, Square};

pub fn pos(fen: &str, rules: Rules) -> Position {
    Position::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub fn sq(n: u32) -> Square {
    Square::from_number(n).unwrap()
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Positions from random playouts from the start under `rules`, with every
/// kind of pending state that occurs on the way.
pub fn playout_positions(rules: Rules, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start(rules);
        for _ in 0..150 {
            out.push(p);
            let actions = p.action_vec();
            if actions.is_empty() {
                break;
            }
            p = p.play(actions[rng.below(actions.len())]);
        }
    }
    out
}
