//! The learned model of one board: a linear model over the features of
//! [`super::features`], with or without a hidden layer ([`NetShape`], key
//! `lines-3+netN`: N clipped sums of the inputs whose weighted sum is
//! added to the linear score), and the model built into the binary for the
//! default board (a network of 32 units).

use super::features::{
    carry_over, for_each_feature, max_phase, model_key, phase, Layout, FLAGS, HANDWRITTEN, MATERIAL,
};
use crate::board::MAX_LINES_THROUGH;
use crate::hole::MAX_HOLES;
use crate::position::PegPosition;
use crate::rules::PegRules;
use arrayvec::ArrayVec;
use parlour_game::learn::{NetShape, NET_CLIP, NET_OUTPUT_SCALE};
use parlour_game::weights::Shipped;
use parlour_game::{Weights, WeightsError};
use std::sync::Arc;

/// Weight units per hundredth of a peg.
pub const RESOLUTION: i32 = 16;

/// The most hidden units a peg model may have.
pub const MAX_HIDDEN: usize = 64;

/// A peg model's hidden units come in groups of this many.
pub const LANES: usize = 8;

/// A learned model of one board: the linear model, with or without a
/// hidden layer ([`NetShape`]).
#[derive(Debug, PartialEq, Eq)]
pub struct PegModel {
    layout: Layout,
    shape: NetShape,
    weights: Box<[i16]>,
    /// The hidden units evaluated: those with a weight from any input,
    /// padded with idle units to a multiple of [`LANES`] (0: none).
    /// Training leaves units that no input reaches (half of the built-in
    /// model's); each adds the same to every score, so they are summed
    /// once, into `constant`, instead of at every evaluation.
    width: usize,
    /// The evaluated units' weights, widened (vector adds of `i32` need
    /// no sign extension first): input `i`'s row starts at `i * width`.
    rows: Box<[i32]>,
    /// The evaluated units' biases and output weights.
    biases: Box<[i32]>,
    outputs: Box<[i32]>,
    /// What the other units add to every score, in the units of
    /// [`PegModel::hidden_output`].
    constant: i64,
    /// The weights' fingerprint, made once: a search names its evaluation
    /// by it at every start.
    fingerprint: u64,
    note: String,
    board: (u8, bool),
}

impl PegModel {
    /// The model of a weights file for the board of `rules`.
    pub fn from_weights(weights: Weights, rules: PegRules) -> Result<PegModel, WeightsError> {
        let weights = carry_over(weights, rules);
        let board = rules.board();
        let layout = Layout::of(board);
        let key = model_key(rules);
        let inputs = 2 * layout.count as usize;
        let shape = NetShape::of_weights(&key, inputs, &weights)
            .filter(|shape| shape.hidden <= MAX_HIDDEN && shape.hidden.is_multiple_of(LANES))
            .ok_or_else(|| WeightsError::WrongModel {
                found: weights.key.clone(),
                expected: format!(
                    "{key} (or {key}+netN, N hidden units, a multiple of {LANES} up to {MAX_HIDDEN})"
                ),
            })?;
        let weights = weights.expect_model(&shape.key(&key), shape.len(), RESOLUTION as u16)?;
        Ok(PegModel::new(
            layout,
            shape,
            weights.values,
            weights.note,
            rules,
        ))
    }

    fn new(
        layout: Layout,
        shape: NetShape,
        weights: Vec<i16>,
        note: String,
        rules: PegRules,
    ) -> PegModel {
        debug_assert_eq!(weights.len(), shape.len());
        let h = shape.hidden;
        let row = |i: usize| &weights[shape.row(i)..][..h];
        let (biases, outputs) = (
            &weights[shape.biases()..][..h],
            &weights[shape.outputs()..][..h],
        );
        let live: Vec<usize> = (0..h)
            .filter(|&j| (0..shape.inputs).any(|i| row(i)[j] != 0))
            .collect();
        let clip = (NET_CLIP as i32) * RESOLUTION;
        let constant = (0..h)
            .filter(|j| !live.contains(j))
            .map(|j| outputs[j] as i64 * (biases[j] as i32).clamp(0, clip) as i64)
            .sum();
        let width = live.len().div_ceil(LANES) * LANES;
        // The live units, then idle ones (no weights, no bias, no output).
        let unit = |k: usize, of: &[i16]| live.get(k).map_or(0, |&j| of[j] as i32);
        let rows = (0..shape.inputs)
            .flat_map(|i| (0..width).map(move |k| unit(k, row(i))))
            .collect();
        PegModel {
            layout,
            shape,
            width,
            rows,
            biases: (0..width).map(|k| unit(k, biases)).collect(),
            outputs: (0..width).map(|k| unit(k, outputs)).collect(),
            constant,
            fingerprint: parlour_game::weights::fingerprint(&weights),
            weights: weights.into_boxed_slice(),
            note,
            board: (rules.squares, rules.diagonals),
        }
    }

    /// A 64-bit fingerprint of the weights, to tell two models apart.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The model of the weights file at `path`, for the board of `rules`.
    pub fn read(path: &std::path::Path, rules: PegRules) -> Result<PegModel, WeightsError> {
        PegModel::from_weights(Weights::read(path)?, rules)
    }

    /// How the weights were made, as their file says.
    pub fn note(&self) -> &str {
        &self.note
    }

    /// The model's score of `pos` from the side to move's view, in
    /// hundredths of a peg. `pos` must be on the model's board.
    #[inline]
    pub fn evaluate(&self, pos: &PegPosition) -> i32 {
        debug_assert_eq!(self.board, (pos.rules.squares, pos.rules.diagonals));
        let w = &self.weights;
        let max = max_phase(pos).max(1);
        let phase = phase(pos);
        // The linear sums of each phase, and the inputs that are on (a
        // network sums their rows after, in a loop of its own).
        let mut active = Active::default();
        let network = self.shape.hidden > 0;
        let sums = self.width > 0;
        let (mut placing, mut sliding) = (0i32, 0i32);
        let (hand, sides) = crate::eval::evaluate_and_sides(pos);
        for_each_feature(pos, &self.layout, sides, |feature, value| {
            let i = 2 * feature as usize;
            placing += w[i] as i32 * value;
            sliding += w[i + 1] as i32 * value;
            // A network sums the rows of the inputs that are on; a
            // linear model needs only the sums above.
            if sums && value == 1 {
                active.ones.push(i as u32);
            } else if sums {
                active.counts.push((i as u32, value));
            }
        });
        let i = 2 * self.layout.handwritten as usize;
        placing += w[i] as i32 * hand / HANDWRITTEN;
        sliding += w[i + 1] as i32 * hand / HANDWRITTEN;
        if !network {
            return (placing * phase + sliding * (max - phase)) / (max * RESOLUTION);
        }
        active.hand = (i as u32, hand);
        // In units of 1 / (RESOLUTION^2 * NET_OUTPUT_SCALE) of score.
        let scale = RESOLUTION as i64 * NET_OUTPUT_SCALE as i64;
        let linear = (placing as i64 * phase as i64 + sliding as i64 * (max - phase) as i64)
            * scale
            / max as i64;
        // One loop per width, so that the units' sums stay in registers
        // (a width is a multiple of LANES up to MAX_HIDDEN: `from_weights`
        // refuses any other hidden layer, and the width is at most its).
        let hidden = self.constant
            + match self.width {
                0 => 0,
                8 => self.hidden_output::<8>(&active, phase, max),
                16 => self.hidden_output::<16>(&active, phase, max),
                24 => self.hidden_output::<24>(&active, phase, max),
                32 => self.hidden_output::<32>(&active, phase, max),
                40 => self.hidden_output::<40>(&active, phase, max),
                48 => self.hidden_output::<48>(&active, phase, max),
                56 => self.hidden_output::<56>(&active, phase, max),
                _ => self.hidden_output::<64>(&active, phase, max),
            };
        ((linear + hidden) / (RESOLUTION as i64 * scale)) as i32
    }

    /// The hidden layer's part of the score, with `H` units (the model's
    /// width), in units of 1 / (RESOLUTION^2 * NET_OUTPUT_SCALE) of score.
    #[inline(always)]
    fn hidden_output<const H: usize>(&self, active: &Active, phase: i32, max: i32) -> i64 {
        debug_assert_eq!(self.width, H);
        // One phase alone (most positions) needs neither the other's sums
        // nor a division.
        let blend: [i32; H] = if phase == 0 {
            self.unit_sums::<H>(active, 1)
        } else if phase == max {
            self.unit_sums::<H>(active, 0)
        } else {
            let (placing, sliding) = (
                self.unit_sums::<H>(active, 0),
                self.unit_sums::<H>(active, 1),
            );
            std::array::from_fn(|j| (placing[j] * phase + sliding[j] * (max - phase)) / max)
        };
        let biases = &self.biases[..H];
        let outputs = &self.outputs[..H];
        let clip = (NET_CLIP as i32) * RESOLUTION;
        let mut total = 0i64;
        for j in 0..H {
            let sum = blend[j] + biases[j];
            total += outputs[j] as i64 * sum.clamp(0, clip) as i64;
        }
        total
    }

    /// The hidden units' sums of phase `p`'s weights (0 placing, 1
    /// sliding) over the active inputs, in weight units.
    #[inline(always)]
    fn unit_sums<const H: usize>(&self, active: &Active, p: usize) -> [i32; H] {
        let row = |i: u32| -> &[i32; H] {
            self.rows[(i as usize + p) * H..][..H]
                .try_into()
                .expect("a row is as wide as the layer")
        };
        let mut sums = [0i32; H];
        // Nearly every input: a value of 1, no multiplication.
        for &i in &active.ones {
            let x = row(i);
            for k in 0..H {
                sums[k] += x[k];
            }
        }
        for &(i, value) in &active.counts {
            let x = row(i);
            for k in 0..H {
                sums[k] += x[k] * value;
            }
        }
        let (i, hand) = active.hand;
        let x = row(i);
        for k in 0..H {
            sums[k] += x[k] * hand / HANDWRITTEN;
        }
        sums
    }

    /// Whether the model is for the board of `rules`.
    pub fn fits(&self, rules: PegRules) -> bool {
        self.board == (rules.squares, rules.diagonals)
    }
}

/// The most features a position has on: one per peg, one per line, and
/// the safety, material, balance, mobility, attack and flag features.
const MAX_ACTIVE: usize = MAX_HOLES
    + MAX_HOLES * MAX_LINES_THROUGH / 3
    + 2
    + MATERIAL as usize
    + 1
    + 2
    + 2
    + FLAGS as usize
    + 8;

/// The inputs of a position that are on, as indices of their placing
/// weight (the sliding weight is the next): for a network's sums.
#[derive(Default)]
struct Active {
    /// Inputs of value 1.
    ones: ArrayVec<u32, MAX_ACTIVE>,
    /// The material counts, with their values.
    counts: ArrayVec<(u32, i32), { MATERIAL as usize }>,
    /// The hand-written score's input and the score (its value is the
    /// score over [`HANDWRITTEN`]).
    hand: (u32, i32),
}

/// The learned model built into the binary, if there is one for the
/// board of `rules`: there is for the default board (three squares with
/// diagonals), whatever its other rules.
pub fn shipped(rules: PegRules) -> Option<Arc<PegModel>> {
    let model = shipped_cell();
    model.fits(rules).then(|| model.clone())
}

#[inline]
fn shipped_cell() -> &'static Arc<PegModel> {
    static DEFAULT: Shipped<PegModel> =
        Shipped::new(include_bytes!("../../weights/default.weights"));
    DEFAULT.get(|weights| PegModel::from_weights(weights, PegRules::DEFAULT))
}

#[cfg(test)]
mod tests {
    use super::super::features::EARLIER_FEATURE_SET;
    use super::*;
    use crate::testing::random_positions;
    use parlour_game::Learn;
    use rand::{Rng, SeedableRng};

    fn random_model(rules: PegRules, seed: u64) -> PegModel {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let layout = Layout::of(rules.board());
        let shape = NetShape {
            inputs: 2 * layout.count as usize,
            hidden: 0,
        };
        let weights = (0..shape.len())
            .map(|_| rng.random_range(-800..800))
            .collect();
        PegModel::new(layout, shape, weights, String::new(), rules)
    }

    /// A model with `hidden` units and random weights, its units' sums
    /// spread across their range.
    fn random_net(rules: PegRules, hidden: usize, seed: u64) -> PegModel {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let layout = Layout::of(rules.board());
        let shape = NetShape {
            inputs: 2 * layout.count as usize,
            hidden,
        };
        let clip = NET_CLIP as i16 * RESOLUTION as i16;
        let weights = (0..shape.len())
            .map(|i| match i {
                i if i < shape.inputs => rng.random_range(-800..800),
                i if i < shape.biases() => rng.random_range(-400..400),
                i if i < shape.outputs() => rng.random_range(0..clip),
                _ => rng.random_range(-2000..2000),
            })
            .collect();
        PegModel::new(layout, shape, weights, String::new(), rules)
    }

    /// The same position with the colours swapped and the other side to
    /// move.
    fn swapped(pos: &PegPosition) -> PegPosition {
        PegPosition {
            pegs: [pos.pegs[1], pos.pegs[0]],
            hand: [pos.hand[1], pos.hand[0]],
            reserve: [pos.reserve[1], pos.reserve[0]],
            side: pos.side.opponent(),
            ..*pos
        }
    }

    #[test]
    fn the_model_is_symmetric_in_the_colours() {
        for rules in [PegRules::DEFAULT, "squares=4,diagonals=0".parse().unwrap()] {
            for model in [random_model(rules, 1), random_net(rules, 8, 1)] {
                for pos in random_positions(rules, 300, 2) {
                    let other = swapped(&pos);
                    assert_eq!(model.evaluate(&pos), model.evaluate(&other), "{pos}");
                }
            }
        }
    }

    #[test]
    fn the_integer_model_is_the_linear_model_of_the_features() {
        let rules = PegRules::DEFAULT;
        let model = random_model(rules, 3);
        let mut features = Vec::new();
        for pos in random_positions(rules, 300, 4) {
            pos.features(&mut features);
            let exact: f64 = features
                .iter()
                .map(|f| f.coefficient as f64 * model.weights[f.index as usize] as f64)
                .sum::<f64>()
                / RESOLUTION as f64;
            assert!((model.evaluate(&pos) as f64 - exact).abs() <= 1.0, "{pos}");
            assert!(features
                .iter()
                .all(|f| (f.index as usize) < pos.feature_count()));
        }
    }

    #[test]
    fn the_integer_network_is_the_network_of_the_features() {
        let rules = PegRules::DEFAULT;
        for hidden in [8, 16, 64] {
            let model = random_net(rules, hidden, hidden as u64);
            let weights: Vec<f32> = model
                .weights
                .iter()
                .map(|&w| w as f32 / RESOLUTION as f32)
                .collect();
            let (mut features, mut units) = (Vec::new(), vec![0.0; hidden]);
            let (mut clipped, mut open) = (0, 0);
            for pos in random_positions(rules, 300, 10) {
                pos.features(&mut features);
                let exact = model.shape.forward(&weights, &features, &mut units);
                let score = model.evaluate(&pos);
                assert!(
                    (score as f64 - exact).abs() <= 2.0,
                    "{pos}: {score} {exact}"
                );
                for &a in &units {
                    if (0.0..NET_CLIP).contains(&a) {
                        open += 1;
                    } else {
                        clipped += 1;
                    }
                }
            }
            // The test reaches both the clipped and the open range.
            assert!(clipped > 0 && open > 0, "{clipped} {open}");
        }
    }

    #[test]
    fn units_no_input_reaches_are_summed_once() {
        let rules = PegRules::DEFAULT;
        let full = random_net(rules, 24, 7);
        let shape = full.shape;
        let (mut features, mut units) = (Vec::new(), vec![0.0; 24]);
        // Units without a weight from any input (their biases and outputs
        // kept): all but six, then all of them.
        for (dead, width) in [((1..19).collect::<Vec<usize>>(), 8), ((0..24).collect(), 0)] {
            let mut weights = full.weights.to_vec();
            for i in 0..shape.inputs {
                for &j in &dead {
                    weights[shape.row(i) + j] = 0;
                }
            }
            let model = PegModel::new(full.layout, shape, weights.clone(), String::new(), rules);
            assert_eq!(model.width, width);
            assert_ne!(model.constant, 0);
            let float: Vec<f32> = weights
                .iter()
                .map(|&w| w as f32 / RESOLUTION as f32)
                .collect();
            for pos in random_positions(rules, 300, 11) {
                pos.features(&mut features);
                let exact = shape.forward(&float, &features, &mut units);
                let score = model.evaluate(&pos);
                assert!(
                    (score as f64 - exact).abs() <= 2.0,
                    "{pos}: {score} {exact}"
                );
            }
        }
    }

    #[test]
    fn a_network_file_is_read_by_its_key_and_length() {
        let rules = PegRules::DEFAULT;
        let net = random_net(rules, 16, 3);
        let file = |key: String, values: Vec<i16>| Weights {
            key,
            note: String::new(),
            resolution: RESOLUTION as u16,
            values,
        };
        let key = format!("{}+net16", model_key(rules));
        let read = PegModel::from_weights(file(key.clone(), net.weights.to_vec()), rules).unwrap();
        assert_eq!(read, net);
        // One weight short, another size, too many units, a bare "+net".
        let short = net.weights[1..].to_vec();
        assert!(PegModel::from_weights(file(key, short), rules).is_err());
        for bad in ["+net8", "+net12", "+net72", "+net", "+net0", "+netx"] {
            let key = format!("{}{bad}", model_key(rules));
            assert!(
                PegModel::from_weights(file(key, net.weights.to_vec()), rules).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn weights_of_the_earlier_feature_set_are_carried_over() {
        let rules: PegRules = "squares=4,diagonals=0".parse().unwrap();
        let layout = Layout::of(rules.board());
        let (old, new) = (2 * layout.threats as usize, 2 * layout.count as usize);
        for hidden in [0, 8] {
            // A model of this set whose threat counts weigh nothing, and
            // the same weights without them, as the earlier set had them.
            let mut model = if hidden == 0 {
                random_model(rules, 5)
            } else {
                random_net(rules, hidden, 5)
            };
            let mut weights = model.weights.to_vec();
            let mut earlier = weights[..old].to_vec();
            weights[old..new].fill(0);
            for i in 0..new {
                let row = new + i * hidden;
                if i >= old {
                    weights[row..row + hidden].fill(0);
                } else {
                    earlier.extend_from_slice(&weights[row..row + hidden]);
                }
            }
            earlier.extend_from_slice(&weights[new * (hidden + 1)..]);
            model = PegModel::new(model.layout, model.shape, weights, String::new(), rules);
            let net = if hidden == 0 {
                String::new()
            } else {
                format!("+net{hidden}")
            };
            let position_key = PegPosition::start(rules).positions_key();
            let file = Weights {
                key: format!("{position_key}/{EARLIER_FEATURE_SET}{net}"),
                note: String::new(),
                resolution: RESOLUTION as u16,
                values: earlier,
            };
            assert_eq!(
                PegPosition::start(rules).carry_over(file.clone()).key,
                format!("{}{net}", model_key(rules))
            );
            let carried = PegModel::from_weights(file.clone(), rules).unwrap();
            assert_eq!(carried, model);
            for pos in random_positions(rules, 100, 6) {
                assert_eq!(carried.evaluate(&pos), model.evaluate(&pos), "{pos}");
            }
            // Of the wrong length, or for another board: not carried.
            let mut short = file.clone();
            short.values.pop();
            assert!(PegModel::from_weights(short, rules).is_err());
            assert!(PegModel::from_weights(file.clone(), PegRules::DEFAULT).is_err());
            // A width past any length: refused, not carried.
            let mut huge = file;
            huge.key = format!("{position_key}/{EARLIER_FEATURE_SET}+net{}", usize::MAX);
            assert!(PegModel::from_weights(huge, rules).is_err());
        }
    }

    #[test]
    fn the_handwritten_weight_alone_is_the_handwritten_evaluation() {
        for rules in [PegRules::DEFAULT, "squares=4,diagonals=0".parse().unwrap()] {
            let layout = Layout::of(rules.board());
            let mut weights = vec![0i16; 2 * layout.count as usize];
            let i = 2 * layout.handwritten as usize;
            weights[i] = (HANDWRITTEN * RESOLUTION) as i16;
            weights[i + 1] = (HANDWRITTEN * RESOLUTION) as i16;
            let shape = NetShape {
                inputs: 2 * layout.count as usize,
                hidden: 0,
            };
            let model = PegModel::new(layout, shape, weights, String::new(), rules);
            for pos in random_positions(rules, 300, 7) {
                assert_eq!(model.evaluate(&pos), crate::eval::evaluate(&pos), "{pos}");
            }
        }
    }

    #[test]
    fn each_board_has_its_own_weights() {
        let rules = PegRules::DEFAULT;
        let model = random_model(rules, 6);
        let weights = Weights {
            key: model_key(rules),
            note: "test".into(),
            resolution: RESOLUTION as u16,
            values: model.weights.to_vec(),
        };
        assert!(PegModel::from_weights(weights.clone(), rules).is_ok());
        let bigger: PegRules = "squares=4".parse().unwrap();
        assert!(matches!(
            PegModel::from_weights(weights.clone(), bigger),
            Err(WeightsError::WrongModel { .. })
        ));
        // The draw limit and the number of pegs do not change the model.
        let longer: PegRules = "pegs=7,quiet_plies=60".parse().unwrap();
        assert!(PegModel::from_weights(weights, longer).is_ok());
    }
}
