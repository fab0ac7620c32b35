//! The numerics of training: Adam on mini-batches of samples whose
//! gradients are summed over threads, a validation loss after every epoch,
//! and early stopping on it.
//!
//! The numerics are twenty-odd lines of Adam over a dense gradient, so no
//! linear-algebra or autodiff crate is used: a sparse logistic model has
//! no matrix to multiply, and its gradient is one line; a hidden layer
//! over sparse inputs adds a row of sums per active feature and a
//! backward pass of as many lines ([`backward`]).

use crate::error::TrainError;
use parlour_game::learn::{NetShape, NET_CLIP, NET_OUTPUT_SCALE};
use parlour_game::{Features, Learn};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// At most this many passes over the training samples.
    pub epochs: usize,
    /// Samples per gradient step.
    pub batch: usize,
    /// Adam's step size, in units of score.
    pub learning_rate: f32,
    /// The weight of the game's result in the target (the rest is the
    /// search's score).
    pub lambda: f32,
    /// L2 regularisation of every weight.
    pub l2: f32,
    /// The share of games held out for validation.
    pub validation: f32,
    /// Stop after this many epochs without a better validation loss.
    pub patience: usize,
    /// Threads for the gradient.
    pub threads: usize,
    /// The order of the samples, and a hidden layer's first weights,
    /// come from this.
    pub seed: u64,
    /// Hidden units on top of the linear model (0: the linear model
    /// alone; see [`NetShape`]).
    pub hidden: usize,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 40,
            batch: 16_384,
            learning_rate: 0.5,
            lambda: 0.5,
            l2: 1e-7,
            validation: 0.05,
            patience: 3,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
            hidden: 0,
        }
    }
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean loss over the training samples during the epoch.
    pub train_loss: f64,
    /// The mean loss over the validation samples after it.
    pub validation_loss: f64,
    /// The step size used.
    pub learning_rate: f32,
    /// Time since training began.
    pub elapsed: Duration,
}

#[inline]
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Cross-entropy of a prediction `p` against a target `t`.
#[inline]
pub(crate) fn cross_entropy(p: f64, t: f64) -> f64 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// A sample as the fitter sees it: how to find its features, and its
/// target probability.
pub trait Sample: Sync {
    /// Replaces `out` with the sample's features.
    fn features(&self, out: &mut Features);
}

impl<G: Learn> Sample for G {
    #[inline]
    fn features(&self, out: &mut Features) {
        Learn::features(self, out)
    }
}

/// The most hidden units a model may have.
pub const MAX_HIDDEN: usize = 256;

/// The weights training starts from: `initial` if it is the whole model,
/// or a linear model's weights under a new hidden layer, or zeros; a
/// hidden layer's weights start small and random (from `seed`), its units
/// half-way up their range.
pub(crate) fn start_weights(
    shape: NetShape,
    initial: Option<Vec<f32>>,
    seed: u64,
) -> Result<Vec<f32>, TrainError> {
    if shape.hidden > MAX_HIDDEN {
        return Err(TrainError::Config(format!(
            "{} hidden units are more than {MAX_HIDDEN}",
            shape.hidden
        )));
    }
    let mut weights = match initial {
        Some(w) if w.len() == shape.len() => return Ok(w),
        Some(w) if w.len() == shape.inputs => w,
        Some(w) => {
            return Err(TrainError::Config(format!(
                "the starting weights are {} where the model has {} (or {} linear ones)",
                w.len(),
                shape.len(),
                shape.inputs
            )))
        }
        None => vec![0.0; shape.inputs],
    };
    let mut rng = StdRng::seed_from_u64(seed ^ 0x6869_6464_656e);
    weights.extend((0..shape.inputs * shape.hidden).map(|_| rng.random_range(-4.0..4.0)));
    weights.extend((0..shape.hidden).map(|_| NET_CLIP / 2.0));
    weights.extend((0..shape.hidden).map(|_| rng.random_range(-1.0..1.0)));
    debug_assert_eq!(weights.len(), shape.len());
    Ok(weights)
}

/// Adds to `gradient` the gradient of the sample of [`NetShape::forward`] whose
/// loss changes by `d` per unit of score; `back` is scratch, one entry per
/// hidden unit.
#[inline]
fn backward(
    shape: NetShape,
    weights: &[f32],
    features: &Features,
    hidden: &[f32],
    d: f32,
    gradient: &mut [f32],
    back: &mut [f32],
) {
    for f in features {
        gradient[f.index as usize] += d * f.coefficient;
    }
    let h = shape.hidden;
    if h == 0 {
        return;
    }
    let (outputs, biases) = (shape.outputs(), shape.biases());
    for j in 0..h {
        let a = hidden[j];
        gradient[outputs + j] += d * a.clamp(0.0, NET_CLIP) / NET_OUTPUT_SCALE;
        back[j] = if a > 0.0 && a < NET_CLIP {
            d * weights[outputs + j] / NET_OUTPUT_SCALE
        } else {
            0.0
        };
        gradient[biases + j] += back[j];
    }
    for f in features {
        let row = &mut gradient[shape.row(f.index as usize)..][..h];
        for (g, &b) in row.iter_mut().zip(&back[..h]) {
            *g += b * f.coefficient;
        }
    }
}

/// Adam's state, one entry per weight: the one optimiser of every
/// trainer in the crate.
pub(crate) struct Adam {
    pub(crate) m: Vec<f32>,
    pub(crate) v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// A fresh state for `n` weights.
    pub(crate) fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// Starts a step: its bias corrections.
    pub(crate) fn begin(&mut self) -> AdamStep {
        self.t += 1;
        AdamStep {
            correction1: 1.0 - ADAM_B1.powi(self.t),
            correction2: 1.0 - ADAM_B2.powi(self.t),
        }
    }
}

const ADAM_B1: f32 = 0.9;
const ADAM_B2: f32 = 0.999;

/// One step of Adam: the bias corrections of its step number.
#[derive(Clone, Copy)]
pub(crate) struct AdamStep {
    correction1: f32,
    correction2: f32,
}

impl AdamStep {
    /// Moves the weight `w`, whose moments are `m` and `v`, by the
    /// gradient `g` with step size `lr`.
    #[inline(always)]
    pub(crate) fn apply(self, g: f32, w: &mut f32, m: &mut f32, v: &mut f32, lr: f32) {
        *m = ADAM_B1 * *m + (1.0 - ADAM_B1) * g;
        *v = ADAM_B2 * *v + (1.0 - ADAM_B2) * g * g;
        let step = (*m / self.correction1) / ((*v / self.correction2).sqrt() + 1e-8);
        *w -= lr * step;
    }
}

/// A pool of `threads` threads (at least one) for a training job.
pub(crate) fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, TrainError> {
    let threads = threads.max(1);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TrainError::Config(format!("cannot start {threads} threads: {e}")))
}

/// The epoch whose weights validated best: the pattern model's float
/// weights by default, or a float network.
#[derive(Clone, Debug)]
pub struct BestEpoch<W = Vec<f32>> {
    /// The epoch, from 1 (0: the starting weights were never beaten).
    pub epoch: usize,
    /// Its validation loss.
    pub validation_loss: f64,
    /// Its weights (the pattern model's in units of score).
    pub weights: W,
}

/// What [`fit`] fitted.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The model's shape: the linear model's weights and the hidden units.
    pub shape: NetShape,
    /// The best epoch and its weights.
    pub best: BestEpoch,
    /// Every epoch's figures.
    pub epochs: Vec<EpochReport>,
}

/// Fits weights to samples and targets: the numerics of
/// [`crate::trainer::train`], for any samples that know their features.
#[allow(clippy::too_many_arguments)]
pub fn fit<S: Sample>(
    samples: &[S],
    targets: &[f32],
    training: &[usize],
    validation: &[usize],
    weights: Vec<f32>,
    scale: f32,
    config: &TrainConfig,
    report: &mut dyn FnMut(&EpochReport),
) -> Result<Fitted, TrainError> {
    if config.batch == 0 || config.epochs == 0 || !(0.0..=1.0).contains(&config.lambda) {
        return Err(TrainError::Config(
            "batch and epochs must be positive, lambda within 0..1".into(),
        ));
    }
    let fitter = Fitter::new(samples, targets, validation, weights.len(), scale, config)?;
    Ok(fitter.run(training, weights, report))
}

/// What the fit of one set of samples holds from epoch to epoch.
struct Fitter<'a, S> {
    samples: &'a [S],
    targets: &'a [f32],
    validation: &'a [usize],
    config: &'a TrainConfig,
    pool: rayon::ThreadPool,
    threads: usize,
    shape: NetShape,
    inverse_scale: f64,
    /// Each thread's gradient, summed after every batch.
    gradients: Vec<Mutex<Vec<f32>>>,
    adam: Adam,
}

/// A thread's buffers for one sample at a time.
struct Scratch {
    features: Features,
    hidden: Vec<f32>,
}

impl<'a, S: Sample> Fitter<'a, S> {
    fn new(
        samples: &'a [S],
        targets: &'a [f32],
        validation: &'a [usize],
        n: usize,
        scale: f32,
        config: &'a TrainConfig,
    ) -> Result<Fitter<'a, S>, TrainError> {
        let threads = config.threads.max(1);
        let pool = thread_pool(threads)?;
        let shape = NetShape::with_len(n, config.hidden)
            .filter(|_| config.hidden <= MAX_HIDDEN)
            .ok_or_else(|| {
                TrainError::Config(format!(
                    "{n} weights do not make a model with {} hidden units (at most {MAX_HIDDEN})",
                    config.hidden
                ))
            })?;
        Ok(Fitter {
            samples,
            targets,
            validation,
            config,
            pool,
            threads,
            shape,
            inverse_scale: 1.0 / scale as f64,
            gradients: (0..threads).map(|_| Mutex::new(vec![0.0; n])).collect(),
            adam: Adam::new(n),
        })
    }

    /// Epochs until the validation loss stops falling (or the last).
    fn run(
        mut self,
        training: &[usize],
        weights: Vec<f32>,
        report: &mut dyn FnMut(&EpochReport),
    ) -> Fitted {
        let config = self.config;
        let run = run_epochs(&mut self, training, weights, config, report);
        Fitted {
            shape: self.shape,
            best: run.best,
            epochs: run.epochs,
        }
    }

    fn scratch(&self) -> Scratch {
        Scratch {
            features: Features::new(),
            hidden: vec![0.0f32; self.shape.hidden],
        }
    }

    /// The mean loss of `weights` over the validation samples.
    fn validation_loss(&self, weights: &[f32]) -> f64 {
        self.pool.install(|| {
            self.validation
                .par_iter()
                .map_init(
                    || self.scratch(),
                    |s, &i| {
                        self.samples[i].features(&mut s.features);
                        let z = self.shape.forward(weights, &s.features, &mut s.hidden)
                            * self.inverse_scale;
                        cross_entropy(sigmoid(z), self.targets[i] as f64)
                    },
                )
                .sum::<f64>()
        }) / self.validation.len().max(1) as f64
    }

    /// Adds the gradient of `batch` to the threads' gradients; its loss.
    fn gradient(&self, batch: &[usize], weights: &[f32]) -> f64 {
        let chunk = self.config.batch.div_ceil(self.threads).max(1);
        self.pool.install(|| {
            batch
                .par_chunks(chunk)
                .map(|part| {
                    let t = rayon::current_thread_index().unwrap_or(0) % self.threads;
                    let mut grad = self.gradients[t].lock().expect("no panics hold it");
                    let Scratch {
                        features: mut buf,
                        mut hidden,
                    } = self.scratch();
                    let mut back = hidden.clone();
                    let mut loss = 0.0f64;
                    for &i in part {
                        self.samples[i].features(&mut buf);
                        let z = self.shape.forward(weights, &buf, &mut hidden);
                        let p = sigmoid(z * self.inverse_scale);
                        let target = self.targets[i] as f64;
                        loss += cross_entropy(p, target);
                        let d = ((p - target) * self.inverse_scale) as f32;
                        backward(self.shape, weights, &buf, &hidden, d, &mut grad, &mut back);
                    }
                    loss
                })
                .sum::<f64>()
        })
    }

    /// One step of Adam on the threads' gradients summed (a batch of
    /// `batch_len` samples), with step size `lr`; the gradients start
    /// again from zero.
    fn adam_step(&mut self, weights: &mut [f32], batch_len: usize, lr: f32) {
        let adam = &mut self.adam;
        let step = adam.begin();
        let inv_batch = 1.0 / batch_len as f32;
        let l2 = self.config.l2;
        let mut guards: Vec<_> = self
            .gradients
            .iter()
            .map(|g| g.lock().expect("no panics hold it"))
            .collect();
        let mut grads: Vec<&mut Vec<f32>> = guards.iter_mut().map(|g| &mut **g).collect();
        let (first, rest) = grads.split_first_mut().expect("at least one thread");
        let rest = &*rest;
        self.pool.install(|| {
            let span = 4096;
            first
                .par_chunks_mut(span)
                .zip(weights.par_chunks_mut(span))
                .zip(adam.m.par_chunks_mut(span).zip(adam.v.par_chunks_mut(span)))
                .enumerate()
                .for_each(|(c, ((g, w), (m, v)))| {
                    for j in 0..g.len() {
                        let mut gj = g[j];
                        for other in rest {
                            gj += other[c * span + j];
                        }
                        g[j] = 0.0;
                        let gj = gj * inv_batch + l2 * w[j];
                        step.apply(gj, &mut w[j], &mut m[j], &mut v[j], lr);
                    }
                });
        });
        for g in grads.iter_mut().skip(1) {
            g.iter_mut().for_each(|x| *x = 0.0);
        }
    }
}

impl<S: Sample> Model for Fitter<'_, S> {
    type Weights = Vec<f32>;

    fn train_batch(&mut self, weights: &mut Vec<f32>, batch: &[usize], lr: f32) -> f64 {
        let loss = self.gradient(batch, weights);
        self.adam_step(weights, batch.len(), lr);
        loss
    }

    fn validation_loss(&self, weights: &Vec<f32>) -> f64 {
        Fitter::validation_loss(self, weights)
    }
}

/// What the epoch loop trains: the pattern model's fitter, the network's.
pub(crate) trait Model {
    /// The weights an epoch moves and the best epoch keeps.
    type Weights: Clone;
    /// Trains `weights` on one batch with step size `lr`; the batch's
    /// summed loss.
    fn train_batch(&mut self, weights: &mut Self::Weights, batch: &[usize], lr: f32) -> f64;
    /// The mean loss of `weights` on the held-out samples.
    fn validation_loss(&self, weights: &Self::Weights) -> f64;
}

/// What [`run_epochs`] leaves: the loss it started from, the best epoch,
/// every epoch's figures.
pub(crate) struct EpochsRun<W> {
    pub(crate) start_loss: f64,
    pub(crate) best: BestEpoch<W>,
    pub(crate) epochs: Vec<EpochReport>,
}

/// Trains `model` from `weights` epoch after epoch, the `training` samples
/// shuffled each time, until the validation loss has not fallen for
/// `config.patience` epochs (or the last epoch), calling `report` after
/// each epoch.
pub(crate) fn run_epochs<M: Model>(
    model: &mut M,
    training: &[usize],
    mut weights: M::Weights,
    config: &TrainConfig,
    report: &mut dyn FnMut(&EpochReport),
) -> EpochsRun<M::Weights> {
    let started = Instant::now();
    let start_loss = model.validation_loss(&weights);
    let mut best = BestEpoch {
        epoch: 0,
        validation_loss: start_loss,
        weights: weights.clone(),
    };
    let mut epochs = Vec::new();
    let mut order = training.to_vec();
    let mut rng = StdRng::seed_from_u64(config.seed);
    for epoch in 1..=config.epochs {
        order.shuffle(&mut rng);
        let lr = step_size(config, epoch);
        let mut train_loss = 0.0f64;
        for batch in order.chunks(config.batch) {
            train_loss += model.train_batch(&mut weights, batch, lr);
        }
        let validation_loss = model.validation_loss(&weights);
        let figures = EpochReport {
            epoch,
            train_loss: train_loss / order.len().max(1) as f64,
            validation_loss,
            learning_rate: lr,
            elapsed: started.elapsed(),
        };
        report(&figures);
        epochs.push(figures);
        if validation_loss < best.validation_loss {
            best = BestEpoch {
                epoch,
                validation_loss,
                weights: weights.clone(),
            };
        } else if epoch >= best.epoch + config.patience {
            break;
        }
    }
    EpochsRun {
        start_loss,
        best,
        epochs,
    }
}

/// The step size of `epoch` (from 1): the configured one over the first
/// half of the epochs, falling linearly over the second.
pub(crate) fn step_size(config: &TrainConfig, epoch: usize) -> f32 {
    let progress = (epoch - 1) as f32 / config.epochs as f32;
    config.learning_rate
        * if progress < 0.5 {
            1.0
        } else {
            1.1 - 1.8 * (progress - 0.5)
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_game::Feature;
    use rand::Rng;

    /// A synthetic sample: a few active features with coefficients.
    struct Synthetic(Vec<Feature>);

    impl Sample for Synthetic {
        fn features(&self, out: &mut Features) {
            out.clear();
            out.extend_from_slice(&self.0);
        }
    }

    #[test]
    fn a_tiny_training_run_recovers_known_weights() {
        // 40 weights; each sample has 5 features with coefficients in
        // 0.5..1.5, and a result drawn with the probability the true
        // weights give. Fitting with lambda 1 (results only) must find
        // weights close to the true ones.
        let mut rng = StdRng::seed_from_u64(9);
        let truth: Vec<f32> = (0..40).map(|i| (i as f32 - 20.0) * 6.0).collect();
        let scale = 100.0f32;
        let mut samples = Vec::new();
        let mut targets = Vec::new();
        for _ in 0..60_000 {
            let mut fs = Vec::new();
            let mut z = 0.0;
            for _ in 0..5 {
                let index = rng.random_range(0..40u32);
                let coefficient = rng.random_range(0.5..1.5f32);
                z += coefficient * truth[index as usize];
                fs.push(Feature { index, coefficient });
            }
            let p = sigmoid(z as f64 / scale as f64);
            targets.push(if rng.random_bool(p) { 1.0 } else { 0.0 });
            samples.push(Synthetic(fs));
        }
        let training: Vec<usize> = (0..55_000).collect();
        let validation: Vec<usize> = (55_000..60_000).collect();
        let config = TrainConfig {
            epochs: 30,
            batch: 512,
            learning_rate: 2.0,
            lambda: 1.0,
            l2: 0.0,
            patience: 30,
            threads: 2,
            ..TrainConfig::default()
        };
        let mut reports = Vec::new();
        let fitted = fit(
            &samples,
            &targets,
            &training,
            &validation,
            vec![0.0; 40],
            scale,
            &config,
            &mut |r| reports.push(*r),
        )
        .unwrap();
        let worst = fitted
            .best
            .weights
            .iter()
            .zip(&truth)
            .map(|(w, t)| (w - t).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 12.0, "weights {:?}", fitted.best.weights);
        assert!(reports.len() >= 2);
        assert!(reports.last().unwrap().validation_loss < reports[0].validation_loss + 1e-9);
        // The loss of the true weights is the best achievable: the fit is
        // within a whisker of it.
        let true_loss: f64 = validation
            .iter()
            .map(|&i| {
                let z: f32 = samples[i]
                    .0
                    .iter()
                    .map(|f| f.coefficient * truth[f.index as usize])
                    .sum();
                cross_entropy(sigmoid(z as f64 / scale as f64), targets[i] as f64)
            })
            .sum::<f64>()
            / validation.len() as f64;
        assert!(
            fitted.best.validation_loss < true_loss + 0.01,
            "{} vs {true_loss}",
            fitted.best.validation_loss
        );
    }

    #[test]
    fn a_hidden_layer_learns_what_a_linear_model_cannot() {
        // Exclusive or: of two features, exactly one present wins 90% of
        // the time, none or both 10%. No linear model does better than a
        // coin (loss ln 2); four hidden units come near the targets' own
        // entropy.
        let mut rng = StdRng::seed_from_u64(5);
        let mut samples = Vec::new();
        let mut targets = Vec::new();
        for _ in 0..8_000 {
            let (a, b) = (rng.random_bool(0.5), rng.random_bool(0.5));
            let mut fs = vec![Feature {
                index: 2,
                coefficient: 1.0,
            }];
            for (present, index) in [(a, 0), (b, 1)] {
                if present {
                    fs.push(Feature {
                        index,
                        coefficient: 1.0,
                    });
                }
            }
            samples.push(Synthetic(fs));
            targets.push(if a != b { 0.9 } else { 0.1 });
        }
        let training: Vec<usize> = (0..7_000).collect();
        let validation: Vec<usize> = (7_000..8_000).collect();
        let entropy = cross_entropy(0.9, 0.9);
        let mut losses = Vec::new();
        for hidden in [0, 4] {
            let config = TrainConfig {
                epochs: 60,
                batch: 64,
                learning_rate: 4.0,
                lambda: 1.0,
                l2: 0.0,
                patience: 60,
                threads: 2,
                hidden,
                ..TrainConfig::default()
            };
            let shape = NetShape { inputs: 3, hidden };
            let start = start_weights(shape, None, 1).unwrap();
            assert_eq!(start.len(), shape.len());
            let fitted = fit(
                &samples,
                &targets,
                &training,
                &validation,
                start,
                100.0,
                &config,
                &mut |_| {},
            )
            .unwrap();
            losses.push(fitted.best.validation_loss);
        }
        assert!((losses[0] - 2f64.ln()).abs() < 0.01, "{losses:?}");
        assert!(losses[1] < entropy + 0.02, "{losses:?} against {entropy}");
    }
}
