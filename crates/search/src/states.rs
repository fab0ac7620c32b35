//! The evaluator's per-ply states along the current line (a network's
//! accumulators, [`parlour_game::Evaluator::state_len`]), allocated once
//! per search and filled lazily: a node whose static score is asked for
//! updates its state from the nearest ancestor's that is made, at most
//! [`MAX_UPDATES`] plies up, or else fills it from scratch. For an
//! evaluator without a state nothing is kept and nothing changes.

use crate::score::MAX_PLY;
use parlour_game::{Evaluator, Game};

/// The most moves a state is updated over before a refresh is cheaper.
pub(crate) const MAX_UPDATES: usize = 8;

/// The states of one search thread.
pub(crate) struct States<G> {
    /// `i16`s a state; 0: the evaluator keeps none.
    len: usize,
    /// One state a ply.
    values: Vec<i16>,
    /// The position at each ply of the current line.
    line: Vec<Option<G>>,
    /// Whether each ply's state is that of its position.
    made: Vec<bool>,
}

impl<G: Game> States<G> {
    /// States of `len` values for every ply (none for `len` 0).
    pub(crate) fn new(len: usize) -> States<G> {
        let plies = if len > 0 { MAX_PLY + 2 } else { 0 };
        States {
            len,
            values: vec![0; plies * len],
            line: vec![None; plies],
            made: vec![false; plies],
        }
    }

    /// The line reaches `pos` at `ply`: its state is not made yet.
    #[inline(always)]
    pub(crate) fn set(&mut self, ply: usize, pos: &G) {
        if self.len > 0 && ply < self.line.len() {
            self.line[ply] = Some(*pos);
            self.made[ply] = false;
        }
    }

    /// The static score of `pos` at `ply` of the line: from its state
    /// where the evaluator keeps one, else [`Evaluator::evaluate`].
    #[inline]
    pub(crate) fn evaluate<E: Evaluator<G> + ?Sized>(
        &mut self,
        eval: &E,
        pos: &G,
        ply: usize,
    ) -> i32 {
        if self.len == 0 || ply >= self.line.len() || self.line[ply] != Some(*pos) {
            return eval.evaluate(pos);
        }
        let len = self.len;
        if !self.made[ply] {
            let lowest = ply.saturating_sub(MAX_UPDATES);
            let from = (lowest..ply).rev().find(|&q| self.made[q]);
            if let Some(q) = from {
                for r in q + 1..=ply {
                    // Every ply of the line holds a position once entered;
                    // the update is the difference of any two positions.
                    let (Some(parent), Some(child)) = (self.line[r - 1], self.line[r]) else {
                        break;
                    };
                    let (before, after) = self.values.split_at_mut(r * len);
                    let state = &mut after[..len];
                    state.copy_from_slice(&before[(r - 1) * len..]);
                    eval.update(&parent, &child, state);
                    self.made[r] = true;
                }
            }
            if !self.made[ply] {
                eval.refresh(pos, &mut self.values[ply * len..][..len]);
                self.made[ply] = true;
            }
        }
        eval.evaluate_with(pos, &self.values[ply * len..][..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::network::{network_key, Network};
    use parlour_checkers::{Eval, Position, Rules};
    use parlour_game::network::{NetworkShape, NetworkWeights};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;

    fn random_network(rules: Rules, seed: u64) -> Eval {
        let mut rng = StdRng::seed_from_u64(seed);
        let shape = NetworkShape {
            inputs: 128,
            ft: 32,
            l1: 16,
            l2: 16,
            buckets: 8,
        };
        let mut w = NetworkWeights::zeros(&network_key(rules), shape);
        w.ft_weights
            .iter_mut()
            .for_each(|x| *x = rng.random_range(-60..60));
        w.ft_biases
            .iter_mut()
            .for_each(|x| *x = rng.random_range(0..100));
        for v in [&mut w.l1_weights, &mut w.l2_weights, &mut w.out_weights] {
            v.iter_mut().for_each(|x| *x = rng.random_range(-100..=100));
        }
        Eval::Network(Arc::new(Network::from_weights(w, rules).unwrap()))
    }

    /// A walk like a search's: down a random move, back up a few plies,
    /// asking for scores at random plies of the line; every score from
    /// the states equals the one from scratch.
    #[test]
    fn lazily_updated_states_score_as_from_scratch() {
        let mut rng = StdRng::seed_from_u64(12);
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let eval = random_network(rules, 3);
            let mut states = States::new(eval.state_len());
            let (mut refreshed, mut asked) = (0, 0);
            for _ in 0..200 {
                let mut line = vec![Position::start(rules)];
                states.set(0, &line[0]);
                for _ in 0..300 {
                    let ply = line.len() - 1;
                    let pos = line[ply];
                    if rng.random_bool(0.5) {
                        asked += 1;
                        refreshed += (!states.made[ply]
                            && (ply.saturating_sub(MAX_UPDATES)..ply).all(|q| !states.made[q]))
                            as u32;
                        assert_eq!(
                            states.evaluate(&eval, &pos, ply),
                            eval.evaluate(&pos),
                            "{pos}"
                        );
                    }
                    let actions = pos.action_vec();
                    if actions.is_empty() || line.len() > 40 || rng.random_bool(0.2) {
                        let back = rng.random_range(1..=line.len().min(4));
                        line.truncate((line.len() - back).max(1));
                        continue;
                    }
                    let child = pos.play(actions[rng.random_range(0..actions.len())]);
                    states.set(line.len(), &child);
                    line.push(child);
                }
            }
            assert!(
                asked > 20_000 && refreshed < asked / 4,
                "{refreshed} of {asked}"
            );
        }
    }

    #[test]
    fn an_evaluator_without_a_state_keeps_nothing() {
        let eval = Eval::Handwritten;
        let mut states = States::new(eval.state_len());
        let pos = Position::start(Rules::ENGLISH);
        states.set(0, &pos);
        assert!(states.values.is_empty() && states.line.is_empty());
        assert_eq!(states.evaluate(&eval, &pos, 0), eval.evaluate(&pos));
    }
}
