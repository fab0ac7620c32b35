//! Training a game's network evaluation ([`parlour_game::network`]) in
//! floats, then quantising it and checking the integer network against
//! the float one.
//!
//! The float network mirrors the integer one unit for unit: the first
//! layer's activation is `clamp(acc, 0, 1)` (127 in the engine), hidden
//! units `clamp(z, 0, 1)`, the output `o` in units of `OUTPUT_SCALE`, so a
//! float weight `w` becomes `round(w * 127)` in the first layer and
//! `round(w * 64)` after it. Hidden and output weights are kept within
//! what an `i8` holds (`±127 / 64`) after every step.
//!
//! Loss and targets are the pattern trainer's ([`crate::trainer`]): the
//! prediction `sigmoid(score / K)` against the result blended with the
//! search's opinion, the scale `K` fitted to the data's scores, a share of
//! the games held out, Adam ([`crate::fit`]'s), early stopping on the
//! validation loss. Mini-batches are split over threads, each summing its
//! own gradient.

use crate::dataset::Dataset;
use crate::error::{TrainError, MIN_SAMPLES};
use crate::fit::{
    cross_entropy, run_epochs, sigmoid, Adam, BestEpoch, EpochReport, EpochsRun, Model, TrainConfig,
};
use crate::trainer::{fit_scale, split, targets, Samples};
use parlour_game::network::{
    NetworkInputs, NetworkShape, NetworkWeights, FT_SCALE, OUTPUT_SCALE, WEIGHT_SCALE,
};
use parlour_game::Learn;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// The largest hidden or output weight an `i8` holds.
const MAX_WEIGHT: f32 = 127.0 / WEIGHT_SCALE as f32;

/// How far the quantised network's score may stray from the float one's
/// (units of score) on a validation position...
pub const TOLERANCE: f64 = 10.0;
/// ... on at least this share of them, and on average at most `TOLERANCE`.
pub const WITHIN_SHARE: f64 = 0.9;

/// The float network: its weights in one vector, laid out as the file's
/// tensors are.
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    /// The sizes of the layers.
    pub shape: NetworkShape,
    /// Every weight.
    pub weights: Vec<f32>,
}

/// Where each tensor starts in [`FloatNetwork::weights`].
#[derive(Clone, Copy, Debug)]
struct Layout {
    ft_b: usize,
    l1_w: usize,
    l1_b: usize,
    l2_w: usize,
    l2_b: usize,
    out_w: usize,
    out_b: usize,
    len: usize,
}

impl Layout {
    fn of(s: NetworkShape) -> Layout {
        let ft_b = s.inputs * s.ft;
        let l1_w = ft_b + s.ft;
        let l1_b = l1_w + s.l1 * 2 * s.ft;
        let l2_w = l1_b + s.l1;
        let l2_b = l2_w + s.l2 * s.l1;
        let out_w = l2_b + s.l2;
        let out_b = out_w + s.buckets * s.l2;
        Layout {
            ft_b,
            l1_w,
            l1_b,
            l2_w,
            l2_b,
            out_w,
            out_b,
            len: out_b + s.buckets,
        }
    }
}

/// One sample's activations, kept for the backward pass, and its
/// gradients by unit.
#[derive(Clone, Debug, Default)]
struct Pass {
    ours: Vec<u16>,
    theirs: Vec<u16>,
    bucket: usize,
    acc: Vec<f32>,
    z1: Vec<f32>,
    z2: Vec<f32>,
    d_x: Vec<f32>,
    d_h1: Vec<f32>,
    d_h2: Vec<f32>,
}

#[inline(always)]
fn clip(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

#[inline(always)]
fn passes(x: f32) -> bool {
    x > 0.0 && x < 1.0
}

impl FloatNetwork {
    /// A network of `shape` with small random weights from `seed`.
    pub fn random(shape: NetworkShape, seed: u64) -> FloatNetwork {
        let at = Layout::of(shape);
        let mut rng = StdRng::seed_from_u64(seed ^ 0x6e65_7477);
        let mut w = vec![0.0f32; at.len];
        let mut fill = |range: std::ops::Range<usize>, a: f32| {
            w[range]
                .iter_mut()
                .for_each(|x| *x = rng.random_range(-a..a));
        };
        fill(0..at.ft_b, 0.1);
        fill(at.l1_w..at.l1_b, (3.0 / (2 * shape.ft) as f32).sqrt());
        fill(at.l2_w..at.l2_b, (3.0 / shape.l1 as f32).sqrt());
        fill(at.out_w..at.out_b, (3.0 / shape.l2 as f32).sqrt() / 4.0);
        w[at.ft_b..at.l1_w].iter_mut().for_each(|x| *x = 0.3);
        FloatNetwork { shape, weights: w }
    }

    /// The score (units of score) of `pos`, leaving its activations in `p`.
    fn forward(&self, pos: &dyn NetworkInputs, p: &mut Pass) -> f32 {
        let s = self.shape;
        let at = Layout::of(s);
        let w = &self.weights;
        pos.active_inputs(&mut p.ours, &mut p.theirs);
        p.bucket = pos.bucket(s.buckets);
        p.acc.clear();
        for active in [&p.ours, &p.theirs] {
            let start = p.acc.len();
            p.acc.extend_from_slice(&w[at.ft_b..at.l1_w]);
            let half = &mut p.acc[start..];
            for &i in active {
                let row = &w[i as usize * s.ft..][..s.ft];
                half.iter_mut().zip(row).for_each(|(a, &r)| *a += r);
            }
        }
        let x: Vec<f32> = p.acc.iter().map(|&a| clip(a)).collect();
        dense(&w[at.l1_w..at.l1_b], &w[at.l1_b..at.l2_w], &x, &mut p.z1);
        let h1: Vec<f32> = p.z1.iter().map(|&z| clip(z)).collect();
        dense(&w[at.l2_w..at.l2_b], &w[at.l2_b..at.out_w], &h1, &mut p.z2);
        let out_row = &w[at.out_w + p.bucket * s.l2..][..s.l2];
        let o = w[at.out_b + p.bucket]
            + out_row
                .iter()
                .zip(&p.z2)
                .map(|(&w, &z)| w * clip(z))
                .sum::<f32>();
        o * OUTPUT_SCALE as f32
    }

    /// Adds to `g` the gradient of the sample of `p` whose loss changes by
    /// `d` per unit of score.
    fn backward(&self, p: &mut Pass, d: f32, g: &mut [f32]) {
        let s = self.shape;
        let at = Layout::of(s);
        let w = &self.weights;
        let d_out = d * OUTPUT_SCALE as f32;
        g[at.out_b + p.bucket] += d_out;
        let out_w = at.out_w + p.bucket * s.l2;
        p.d_h2.clear();
        for (j, &z) in p.z2.iter().enumerate() {
            g[out_w + j] += d_out * clip(z);
            p.d_h2
                .push(if passes(z) { d_out * w[out_w + j] } else { 0.0 });
        }
        let h1: Vec<f32> = p.z1.iter().map(|&z| clip(z)).collect();
        back_dense(w, g, at.l2_w, at.l2_b, &h1, &p.d_h2, &mut p.d_h1);
        p.d_h1
            .iter_mut()
            .zip(&p.z1)
            .for_each(|(d, &z)| *d = if passes(z) { *d } else { 0.0 });
        let x: Vec<f32> = p.acc.iter().map(|&a| clip(a)).collect();
        back_dense(w, g, at.l1_w, at.l1_b, &x, &p.d_h1, &mut p.d_x);
        for (k, &a) in p.acc.iter().enumerate() {
            if !passes(a) {
                p.d_x[k] = 0.0;
            }
        }
        let (ours_d, theirs_d) = p.d_x.split_at(s.ft);
        for (active, dx) in [(&p.ours, ours_d), (&p.theirs, theirs_d)] {
            for (b, &d) in g[at.ft_b..at.l1_w].iter_mut().zip(dx) {
                *b += d;
            }
            for &i in active {
                let row = &mut g[i as usize * s.ft..][..s.ft];
                row.iter_mut().zip(dx).for_each(|(r, &d)| *r += d);
            }
        }
    }

    /// The weights quantised as the engine reads them.
    pub fn quantise(&self, key: &str, note: String) -> NetworkWeights {
        let at = Layout::of(self.shape);
        let w = &self.weights;
        let hidden = (FT_SCALE * WEIGHT_SCALE) as f32;
        let i16s = |r: std::ops::Range<usize>| -> Vec<i16> {
            w[r].iter()
                .map(|&x| (x * FT_SCALE as f32).round().clamp(-32767.0, 32767.0) as i16)
                .collect()
        };
        let i8s = |r: std::ops::Range<usize>| -> Vec<i8> {
            w[r].iter()
                .map(|&x| (x * WEIGHT_SCALE as f32).round().clamp(-128.0, 127.0) as i8)
                .collect()
        };
        let i32s = |r: std::ops::Range<usize>| -> Vec<i32> {
            w[r].iter().map(|&x| (x * hidden).round() as i32).collect()
        };
        NetworkWeights {
            key: key.to_string(),
            note,
            shape: self.shape,
            ft_weights: i16s(0..at.ft_b),
            ft_biases: i16s(at.ft_b..at.l1_w),
            l1_weights: i8s(at.l1_w..at.l1_b),
            l1_biases: i32s(at.l1_b..at.l2_w),
            l2_weights: i8s(at.l2_w..at.l2_b),
            l2_biases: i32s(at.l2_b..at.out_w),
            out_weights: i8s(at.out_w..at.out_b),
            out_biases: i32s(at.out_b..at.len),
        }
    }

    /// Keeps the hidden and output weights within an `i8`'s reach.
    fn clamp_weights(&mut self) {
        let at = Layout::of(self.shape);
        for r in [at.l1_w..at.l1_b, at.l2_w..at.l2_b, at.out_w..at.out_b] {
            self.weights[r]
                .iter_mut()
                .for_each(|x| *x = x.clamp(-MAX_WEIGHT, MAX_WEIGHT));
        }
    }
}

/// `z[j] = biases[j] + weights[j] . x`.
fn dense(weights: &[f32], biases: &[f32], x: &[f32], z: &mut Vec<f32>) {
    z.clear();
    for (j, &b) in biases.iter().enumerate() {
        let row = &weights[j * x.len()..][..x.len()];
        z.push(b + row.iter().zip(x).map(|(&w, &x)| w * x).sum::<f32>());
    }
}

/// The backward pass of [`dense`] (weights at `w_at`, biases at `b_at`):
/// adds the weights' and biases' gradients to `g` and writes the input's
/// gradient to `d_x`.
fn back_dense(
    w: &[f32],
    g: &mut [f32],
    w_at: usize,
    b_at: usize,
    x: &[f32],
    d_z: &[f32],
    d_x: &mut Vec<f32>,
) {
    let n = x.len();
    d_x.clear();
    d_x.resize(n, 0.0);
    for (j, &d) in d_z.iter().enumerate() {
        if d == 0.0 {
            continue;
        }
        g[b_at + j] += d;
        let row = w_at + j * n;
        for i in 0..n {
            g[row + i] += d * x[i];
            d_x[i] += d * w[row + i];
        }
    }
}

/// How the quantised network scores against the float one over the
/// validation positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuantCheck {
    /// The mean |float - integer| score, in units of score.
    pub mean_error: f64,
    /// The share of positions within [`TOLERANCE`].
    pub within: f64,
}

impl QuantCheck {
    /// Whether the quantised network may be written.
    pub fn passes(&self) -> bool {
        self.mean_error <= TOLERANCE && self.within >= WITHIN_SHARE
    }
}

/// What network training made.
#[derive(Clone, Debug)]
pub struct NetworkTrained {
    /// The best epoch's float network.
    pub float: FloatNetwork,
    /// It quantised.
    pub weights: NetworkWeights,
    /// The best epoch (from 1; 0: the start was never beaten).
    pub best_epoch: usize,
    /// Its validation loss against the blended target.
    pub validation_loss: f64,
    /// The validation loss of the random network training started from.
    pub start_loss: f64,
    /// Every epoch's figures.
    pub epochs: Vec<EpochReport>,
    /// The quantised network against the float one.
    pub check: QuantCheck,
    /// The scale `K`.
    pub scale: f32,
    /// Positions trained on and held out.
    pub samples: Samples,
}

/// `shape`, if the build can hold it and `samples` and `config` can train
/// it.
fn checked_shape(
    shape: NetworkShape,
    samples: usize,
    config: &TrainConfig,
) -> Result<NetworkShape, TrainError> {
    shape
        .check()
        .map_err(|e| TrainError::Config(e.to_string()))?;
    if samples < MIN_SAMPLES {
        return Err(TrainError::TooFewSamples { samples });
    }
    if config.batch == 0 || config.epochs == 0 {
        return Err(TrainError::Config(
            "batch and epochs must be positive".into(),
        ));
    }
    Ok(shape)
}

/// Trains a network of `shape` (inputs the game's) on `data`, calling
/// `report` after each epoch; quantises the best epoch's network and
/// checks it. The caller decides from [`QuantCheck::passes`] whether to
/// write it.
pub fn train_network<G: Learn>(
    template: &G,
    data: &Dataset<G>,
    shape: NetworkShape,
    config: &TrainConfig,
    report: &mut dyn FnMut(&EpochReport),
) -> Result<NetworkTrained, TrainError> {
    let template = template.as_network().ok_or_else(|| {
        TrainError::Config(format!(
            "{} has no network evaluation to train",
            template.positions_key()
        ))
    })?;
    let shape = checked_shape(
        NetworkShape {
            inputs: template.network_inputs(),
            ..shape
        },
        data.len(),
        config,
    )?;
    let scale = fit_scale(&data.results, &data.scores);
    let targets = targets(data, config.lambda, scale);
    let split = split(data, config.validation);
    let pool = crate::fit::thread_pool(config.threads)?;
    let job = Job {
        positions: &data.positions,
        targets: &targets,
        inverse_scale: 1.0 / scale,
        config,
    };
    let net = FloatNetwork::random(shape, config.seed);
    let mut model = NetworkModel {
        job,
        adam: Adam::new(net.weights.len()),
        validation: &split.validation,
        pool: &pool,
    };
    let EpochsRun {
        start_loss,
        best,
        epochs,
    } = run_epochs(&mut model, &split.training, net, config, report);
    let BestEpoch {
        epoch: best_epoch,
        validation_loss,
        weights: float,
    } = best;
    let weights = float.quantise(&template.network_key(), String::new());
    let check = quant_check(&float, &weights, &data.positions, &split.validation, &pool);
    Ok(NetworkTrained {
        float,
        weights,
        best_epoch,
        validation_loss,
        start_loss,
        epochs,
        check,
        scale,
        samples: Samples {
            training: split.training.len(),
            validation: split.validation.len(),
        },
    })
}

/// The float network as the epoch loop trains it: the job, Adam's state,
/// the held-out samples and the threads.
struct NetworkModel<'a, G> {
    job: Job<'a, G>,
    adam: Adam,
    validation: &'a [usize],
    pool: &'a rayon::ThreadPool,
}

impl<G: Learn> Model for NetworkModel<'_, G> {
    type Weights = FloatNetwork;

    fn train_batch(&mut self, net: &mut FloatNetwork, batch: &[usize], lr: f32) -> f64 {
        let (gradient, loss) = self.job.gradient(net, batch, self.pool);
        let step = self.adam.begin();
        let inv = 1.0 / batch.len() as f32;
        let l2 = self.job.config.l2;
        for (j, w) in net.weights.iter_mut().enumerate() {
            let g = gradient[j] * inv + l2 * *w;
            step.apply(g, w, &mut self.adam.m[j], &mut self.adam.v[j], lr);
        }
        net.clamp_weights();
        loss
    }

    fn validation_loss(&self, net: &FloatNetwork) -> f64 {
        self.job.loss(net, self.validation, self.pool)
    }
}

/// The network inputs of a position of a game whose template has them
/// (every position of such a game has).
fn inputs<G: Learn>(pos: &G) -> &dyn NetworkInputs {
    pos.as_network()
        .expect("a game with a network template has network inputs")
}

/// What a gradient or a loss is computed over.
struct Job<'a, G> {
    positions: &'a [G],
    targets: &'a [f32],
    inverse_scale: f32,
    config: &'a TrainConfig,
}

impl<G: Learn> Job<'_, G> {
    /// The summed gradient and loss of `batch`, its parts on the threads.
    fn gradient(
        &self,
        net: &FloatNetwork,
        batch: &[usize],
        pool: &rayon::ThreadPool,
    ) -> (Vec<f32>, f64) {
        let n = net.weights.len();
        let chunk = batch.len().div_ceil(self.config.threads.max(1)).max(1);
        pool.install(|| {
            batch
                .par_chunks(chunk)
                .map(|part| {
                    let mut g = vec![0.0f32; n];
                    let mut pass = Pass::default();
                    let mut loss = 0.0;
                    for &i in part {
                        let score = net.forward(inputs(&self.positions[i]), &mut pass);
                        let p = sigmoid((score * self.inverse_scale) as f64);
                        let t = self.targets[i] as f64;
                        loss += cross_entropy(p, t);
                        let d = (p - t) as f32 * self.inverse_scale;
                        net.backward(&mut pass, d, &mut g);
                    }
                    (g, loss)
                })
                .reduce(
                    || (vec![0.0; n], 0.0),
                    |(mut a, la), (b, lb)| {
                        a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                        (a, la + lb)
                    },
                )
        })
    }

    /// The mean loss over `samples`.
    fn loss(&self, net: &FloatNetwork, samples: &[usize], pool: &rayon::ThreadPool) -> f64 {
        let sum: f64 = pool.install(|| {
            samples
                .par_iter()
                .map_init(Pass::default, |pass, &i| {
                    let score = net.forward(inputs(&self.positions[i]), pass);
                    let p = sigmoid((score * self.inverse_scale) as f64);
                    cross_entropy(p, self.targets[i] as f64)
                })
                .sum()
        });
        sum / samples.len().max(1) as f64
    }
}

/// The quantised network's scores against the float one's on `samples`.
fn quant_check<G: Learn>(
    float: &FloatNetwork,
    weights: &NetworkWeights,
    positions: &[G],
    samples: &[usize],
    pool: &rayon::ThreadPool,
) -> QuantCheck {
    let (sum, within) = pool.install(|| {
        samples
            .par_iter()
            .map_init(Pass::default, |pass, &i| {
                let f = float.forward(inputs(&positions[i]), pass) as f64;
                let q = weights.score(&pass.ours, &pass.theirs, pass.bucket) as f64;
                let e = (f - q).abs();
                (e, (e <= TOLERANCE) as usize)
            })
            .reduce(|| (0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    let n = samples.len().max(1) as f64;
    QuantCheck {
        mean_error: sum / n,
        within: within as f64 / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::network::Network;
    use parlour_checkers::{Position, Rules};
    use parlour_game::Side;

    /// Positions from random play, with results that follow the material
    /// balance (a man is worth 100) and search scores that say it.
    fn synthetic(count: usize, seed: u64) -> Dataset<Position> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut data = Dataset::default();
        while data.positions.len() < count {
            let mut pos = Position::start(Rules::ENGLISH);
            for _ in 0..rng.random_range(0..70) {
                let actions = pos.action_vec();
                if actions.is_empty() {
                    break;
                }
                pos = pos.play(actions[rng.random_range(0..actions.len())]);
            }
            let us = pos.side();
            let material = |s: Side| {
                (pos.pieces(s).count() + (pos.pieces(s) & pos.kings()).count()) as f32 * 100.0
            };
            let score = material(us) - material(us.opponent());
            let won = rng.random_bool(sigmoid(score as f64 / 150.0));
            data.positions.push(pos);
            data.results.push(if won { 1.0 } else { 0.0 });
            data.scores.push(score);
            data.games.push(data.positions.len() as u64);
            data.records += 1;
        }
        data
    }

    #[test]
    fn training_a_tiny_network_lowers_its_loss_and_writes_a_network() {
        let data = synthetic(6000, 3);
        let shape = NetworkShape {
            inputs: 0,
            ft: 16,
            l1: 16,
            l2: 16,
            buckets: 8,
        };
        let config = TrainConfig {
            epochs: 12,
            batch: 64,
            learning_rate: 0.005,
            lambda: 0.5,
            l2: 0.0,
            validation: 0.1,
            patience: 12,
            threads: 2,
            ..TrainConfig::default()
        };
        let start = Position::start(Rules::ENGLISH);
        let mut reports = Vec::new();
        let trained =
            train_network(&start, &data, shape, &config, &mut |r| reports.push(*r)).unwrap();
        // From a random network's loss to near the material rule's
        // (about 0.42 on this data, which the first epochs find).
        let start = trained.start_loss;
        assert!(
            trained.validation_loss < start - 0.1 && trained.validation_loss < 0.45,
            "{start} -> {}: {reports:?}",
            trained.validation_loss
        );
        assert!(trained.check.passes(), "{:?}", trained.check);
        let net = Network::from_weights(trained.weights.clone(), Rules::ENGLISH).unwrap();
        // A man up scores well above a man down.
        let up = Position::from_fen("B:W24:B9,10", Rules::ENGLISH).unwrap();
        let down = Position::from_fen("B:W24,23:B9", Rules::ENGLISH).unwrap();
        assert!(net.evaluate(&up) > net.evaluate(&down) + 50);
    }
}
