//! What the crate's unit tests share.

use crate::{Position, Rules};
use rand::{Rng, SeedableRng};

/// `count` positions under `rules`, each reached from the start by up to
/// `max_plies` random legal actions (fewer where a game ends), from `seed`.
pub(crate) fn random_positions(
    rules: Rules,
    count: usize,
    seed: u64,
    max_plies: u32,
) -> Vec<Position> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::start(rules);
        for _ in 0..rng.random_range(0..max_plies) {
            let actions = pos.action_vec();
            if actions.is_empty() {
                break;
            }
            pos = pos.play(actions[rng.random_range(0..actions.len())]);
        }
        out.push(pos);
    }
    out
}
