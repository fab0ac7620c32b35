//! What the crate's unit tests share: positions from random playouts.

use crate::{PegMoveList, PegPosition, PegRules};
use rand::{Rng, SeedableRng};

/// The position `plies` moves from the start under `rules` (fewer where
/// the game ends), each move the one `pick(n)` names of the `n` legal.
fn playout(rules: PegRules, plies: usize, pick: &mut impl FnMut(usize) -> usize) -> PegPosition {
    let mut pos = PegPosition::start(rules);
    let mut list = PegMoveList::new();
    for _ in 0..plies {
        pos.moves(&mut list);
        if list.is_empty() {
            break;
        }
        pos = pos.play(list[pick(list.len())]);
    }
    pos
}

/// `count` positions under `rules`, each up to 59 random moves from the
/// start, from `seed`.
pub(crate) fn random_positions(rules: PegRules, count: usize, seed: u64) -> Vec<PegPosition> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let plies = rng.random_range(0..60);
            playout(rules, plies, &mut |n| rng.random_range(0..n))
        })
        .collect()
}

/// `count` positions under the rules `rules` names, each up to 79 moves
/// from the start, the moves drawn from one fixed linear congruential
/// sequence.
pub(crate) fn playout_positions(rules: &str, count: usize) -> Vec<PegPosition> {
    let rules: PegRules = rules.parse().unwrap();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    (0..count)
        .map(|_| {
            let plies = next(80);
            playout(rules, plies, &mut next)
        })
        .collect()
}
