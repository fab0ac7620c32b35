//! The network evaluation of checkers: piece-square inputs per colour
//! ([`inputs`]), a first layer kept as an accumulator that a move updates
//! from the inputs it changed, a clipped activation, two small `i8`
//! hidden layers and an output per bucket of piece count. The arithmetic
//! and the file are [`parlour_game::network`]'s; the kernels that do the
//! sums are `simd`'s, one plain-Rust twin that the vector ones are
//! tested against.
//!
//! The accumulator holds both colours' first layers, so a move updates
//! both without asking who is to move; the evaluation reads the side to
//! move's half first.

pub mod inputs;
mod simd;
#[cfg(test)]
mod tests;

use crate::position::Position;
use crate::rules::{RuleSet, Rules};
use inputs::{bucket_of, View, INPUTS};
use parlour_game::network::{
    NetworkError, NetworkInputs, NetworkShape, NetworkWeights, ACTIVATION_MAX,
};
use parlour_game::Side;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The version of the input set; a network file names it in its key.
pub const INPUT_SET: &str = "network-1";
/// The widest first layer this build evaluates.
pub const MAX_FT: usize = parlour_game::network::MAX_FT as usize;
/// The widest hidden layer this build evaluates.
pub const MAX_HIDDEN: usize = parlour_game::network::MAX_HIDDEN as usize;

/// The key of the network of `rules`, e.g. `checkers/english/network-1`.
pub fn network_key(rules: Rules) -> String {
    format!("checkers/{}/{INPUT_SET}", rules.set.name())
}

/// Both colours' first layers (Black's first), before the activation: a
/// buffer for scoring one position from scratch.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    /// Black's `ft` values, then White's; the rest unused.
    pub values: [i16; 2 * MAX_FT],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            values: [0; 2 * MAX_FT],
        }
    }
}

/// A checkers network, read from a network file and checked against the
/// rules it is for.
#[derive(Debug, PartialEq, Eq)]
pub struct Network {
    weights: NetworkWeights,
    rules: RuleSet,
    fingerprint: u64,
}

impl Network {
    /// The network of `weights`, refused unless they are for `rules` and
    /// within this build's sizes.
    pub fn from_weights(weights: NetworkWeights, rules: Rules) -> Result<Network, NetworkError> {
        let weights = weights.expect(&network_key(rules), INPUTS)?;
        let s = weights.shape;
        if s.ft > MAX_FT || s.l1 > MAX_HIDDEN || s.l2 > MAX_HIDDEN {
            return Err(NetworkError::BadShape { shape: s });
        }
        let fingerprint = weights.fingerprint();
        Ok(Network {
            weights,
            rules: rules.set,
            fingerprint,
        })
    }

    /// The network built into the binary for `rules`: english has
    /// `networks/english.net`, huffing `networks/huffing.net`. Read once;
    /// the tests read both, so a file that does not fit is a build that
    /// never ships.
    pub fn shipped(rules: Rules) -> SharedNetwork {
        static ENGLISH: OnceLock<SharedNetwork> = OnceLock::new();
        static HUFFING: OnceLock<SharedNetwork> = OnceLock::new();
        let (slot, bytes): (_, &[u8]) = match rules.set {
            RuleSet::English => (&ENGLISH, include_bytes!("../../networks/english.net")),
            RuleSet::Huffing => (&HUFFING, include_bytes!("../../networks/huffing.net")),
        };
        let net = slot.get_or_init(|| {
            let weights =
                NetworkWeights::from_bytes(bytes).and_then(|w| Network::from_weights(w, rules));
            Arc::new(weights.expect("the built-in network fits this build"))
        });
        net.clone()
    }

    /// Reads a network file made for `rules`.
    pub fn read(path: &Path, rules: Rules) -> Result<Network, NetworkError> {
        Network::from_weights(NetworkWeights::read(path)?, rules)
    }

    /// The network's shape.
    pub fn shape(&self) -> NetworkShape {
        self.weights.shape
    }

    /// The rule set it is for.
    pub fn rule_set(&self) -> RuleSet {
        self.rules
    }

    /// The weights it was made from.
    pub fn weights(&self) -> &NetworkWeights {
        &self.weights
    }

    /// A fingerprint of its weights (the file's checksum).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The length of an accumulator: both colours' first layers.
    pub fn state_len(&self) -> usize {
        2 * self.weights.shape.ft
    }

    /// Fills `acc` ([`Network::state_len`] long: Black's first layer, then
    /// White's) for `pos` from scratch.
    #[inline]
    pub fn refresh(&self, pos: &Position, acc: &mut [i16]) {
        let ft = self.weights.shape.ft;
        let views = View::both(pos);
        for (half, view) in acc[..2 * ft].chunks_exact_mut(ft).zip(&views) {
            half.copy_from_slice(&self.weights.ft_biases);
            view.for_each(|i| simd::add_row(half, self.row(i)));
        }
    }

    /// Makes `acc`, which holds `parent`'s accumulator, `child`'s: the
    /// inputs that went are taken off and the new ones added, whatever the
    /// move was (a step, a capture, a crowning, a huff, a compel).
    #[inline]
    pub fn update(&self, parent: &Position, child: &Position, acc: &mut [i16]) {
        let ft = self.weights.shape.ft;
        let (before, after) = (View::both(parent), View::both(child));
        for (c, half) in acc[..2 * ft].chunks_exact_mut(ft).enumerate() {
            before[c]
                .minus(&after[c])
                .for_each(|i| simd::sub_row(half, self.row(i)));
            after[c]
                .minus(&before[c])
                .for_each(|i| simd::add_row(half, self.row(i)));
        }
    }

    #[inline(always)]
    fn row(&self, input: u16) -> &[i16] {
        let ft = self.weights.shape.ft;
        &self.weights.ft_weights[input as usize * ft..][..ft]
    }

    /// The score of `pos`, whose accumulator is `acc`, from the side to
    /// move's view, in hundredths of a man.
    #[inline]
    pub fn evaluate_with(&self, pos: &Position, acc: &[i16]) -> i32 {
        let ft = self.weights.shape.ft;
        let pieces = (pos.pieces(Side::Black) | pos.pieces(Side::White)).count();
        let bucket = bucket_of(pieces, self.weights.shape.buckets);
        let (black, white) = acc[..2 * ft].split_at(ft);
        let (ours, theirs) = match pos.side() {
            Side::Black => (black, white),
            Side::White => (white, black),
        };
        self.forward(ours, theirs, bucket, simd::Kernels::best())
    }

    /// The score of `pos` from scratch.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut acc = Accumulator::default();
        self.refresh(pos, &mut acc.values);
        self.evaluate_with(pos, &acc.values)
    }

    /// The layers after the accumulator, with the kernels `k`.
    fn forward(&self, ours: &[i16], theirs: &[i16], bucket: usize, k: simd::Kernels) -> i32 {
        let w = &self.weights;
        let NetworkShape { ft, l1, l2, .. } = w.shape;
        let mut input = Aligned([0u8; 2 * MAX_FT]);
        k.clip(&ours[..ft], &mut input.0[..ft]);
        k.clip(&theirs[..ft], &mut input.0[ft..2 * ft]);
        let mut h1 = Aligned([0u8; MAX_HIDDEN]);
        k.layer(
            &input.0[..2 * ft],
            &w.l1_weights,
            &w.l1_biases,
            &mut h1.0[..l1],
        );
        let mut h2 = Aligned([0u8; MAX_HIDDEN]);
        k.layer(&h1.0[..l1], &w.l2_weights, &w.l2_biases, &mut h2.0[..l2]);
        let out = w.out_biases[bucket]
            + simd::dot_plain(&h2.0[..l2], &w.out_weights[bucket * l2..][..l2]);
        parlour_game::network::output_score(out)
    }
}

/// A buffer aligned for the vector kernels.
#[repr(C, align(64))]
struct Aligned<const N: usize>([u8; N]);

impl NetworkInputs for Position {
    fn network_key(&self) -> String {
        network_key(self.rules())
    }

    fn network_inputs(&self) -> usize {
        INPUTS
    }

    fn active_inputs(&self, ours: &mut Vec<u16>, theirs: &mut Vec<u16>) {
        let views = View::both(self);
        let us = self.side().index();
        ours.clear();
        theirs.clear();
        views[us].for_each(|i| ours.push(i));
        views[1 - us].for_each(|i| theirs.push(i));
    }

    fn bucket(&self, buckets: usize) -> usize {
        let pieces = (self.pieces(Side::Black) | self.pieces(Side::White)).count();
        bucket_of(pieces, buckets)
    }
}

/// A network shared between searchers.
pub type SharedNetwork = Arc<Network>;

const _: () = assert!(ACTIVATION_MAX == 127);
