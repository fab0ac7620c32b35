//! Fitting a game's linear model, or that model with a hidden layer on
//! top, to self-play records.
//!
//! The model's score `z` of a position (in the game's units of score, from
//! the side to move's view) is `sum(coefficient * weight)` over its
//! features, plus, with [`TrainConfig::hidden`] units, their weighted sum
//! ([`NetShape`]). Its prediction of the result is `sigmoid(z / K)`, where `K`,
//! the scale, is fitted first to the data's own search scores (the value
//! of `K` that best turns the engine's scores into its results), so the
//! learned scores come out on the same scale as the engine's. The target
//! is the result blended with the search's opinion:
//! `lambda * result + (1 - lambda) * sigmoid(search / K)`; the loss is the
//! cross-entropy between target and prediction.
//!
//! Positions met more than once (the openings, above all) are one sample
//! whose result and score are the averages of their occurrences. A share
//! of the games (not of positions: a game's positions are alike) is held
//! out for validation; training stops when its loss has not improved for
//! a few epochs and keeps the best weights.
//!

use crate::dataset::Dataset;
use crate::error::{TrainError, MIN_SAMPLES};
use crate::fit::{cross_entropy, fit, sigmoid, start_weights, EpochReport, Fitted, TrainConfig};
use parlour_game::learn::NetShape;
use parlour_game::{Evaluator, Features, Learn, Weights};
use rayon::prelude::*;

use crate::data::SCORE_WIN;

/// A prediction's mean losses over the validation positions: against the
/// blended target (what training minimises) and against the games'
/// results alone (comparable between runs with different `lambda`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    /// Against the target blended of the result and the search's score.
    pub blended: f64,
    /// Against the results alone.
    pub results: f64,
}

/// How many distinct positions were trained on, and held out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Samples {
    /// Trained on.
    pub training: usize,
    /// Held out for validation.
    pub validation: usize,
}

/// The outcome of training.
#[derive(Clone, Debug)]
pub struct Trained {
    /// What was fitted: the shape, the best epoch and its weights (in
    /// units of score), every epoch's figures.
    pub fitted: Fitted,
    /// The scale `K`: scores to logits.
    pub scale: f32,
    /// The best weights' losses.
    pub losses: Losses,
    /// The data's own search scores' losses, as a yardstick.
    pub search_losses: Losses,
    /// The losses of the game's default evaluation (its static score of
    /// each position, no search): what a new model has to beat.
    pub default_losses: Losses,
    /// Distinct positions trained on, and held out.
    pub samples: Samples,
}

impl Trained {
    /// The weights as a weights file for the model of `template`, with a
    /// note saying how they were made.
    pub fn to_weights<G: Learn>(&self, template: &G, note: String) -> Weights {
        let resolution = template.weight_resolution();
        Weights {
            key: self.fitted.shape.key(&template.model_key()),
            note,
            resolution,
            values: self
                .fitted
                .best
                .weights
                .iter()
                .map(|w| (w * resolution as f32).round().clamp(-32767.0, 32767.0) as i16)
                .collect(),
        }
    }
}

/// The search's opinion as a probability of winning.
#[inline]
pub(crate) fn search_probability(score: f32, scale: f32) -> f64 {
    if score >= SCORE_WIN as f32 {
        1.0
    } else if score <= -(SCORE_WIN as f32) {
        0.0
    } else {
        sigmoid(score as f64 / scale as f64)
    }
}

/// The scale `K` that best predicts the results from the search scores
/// (golden-section search on the cross-entropy, which is unimodal in K).
pub fn fit_scale(results: &[f32], scores: &[f32]) -> f32 {
    let loss = |k: f64| -> f64 {
        let (sum, n) = results
            .par_iter()
            .zip(scores.par_iter())
            .filter(|(_, &s)| s.abs() < SCORE_WIN as f32 / 2.0)
            .map(|(&r, &s)| (cross_entropy(sigmoid(s as f64 / k), r as f64), 1usize))
            .reduce(|| (0.0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        sum / n.max(1) as f64
    };
    let (mut a, mut b) = (5.0f64, 5000.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (loss(c), loss(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = loss(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = loss(d);
        }
    }
    ((a + b) / 2.0) as f32
}

/// Trains the model of `template` on `data`, calling `report` after each
/// epoch, and measures `default` (the game's default evaluation, the
/// yardstick) on the same validation games. `initial` weights (from an
/// earlier generation) are a starting point; by default every weight
/// starts at 0.
pub fn train<G: Learn>(
    template: &G,
    default: &G::Evaluator,
    data: &Dataset<G>,
    config: &TrainConfig,
    initial: Option<Vec<f32>>,
    report: &mut dyn FnMut(&EpochReport),
) -> Result<Trained, TrainError> {
    if data.len() < MIN_SAMPLES {
        return Err(TrainError::TooFewSamples {
            samples: data.len(),
        });
    }
    let scale = fit_scale(&data.results, &data.scores);
    let targets = targets(data, config.lambda, scale);
    let Split {
        validation,
        training,
    } = split(data, config.validation);
    let shape = NetShape {
        inputs: template.feature_count(),
        hidden: config.hidden,
    };
    let weights = start_weights(shape, initial, config.seed)?;
    let losses = |predict: &(dyn Fn(usize) -> f64 + Sync)| {
        validation_losses(&validation, &targets, &data.results, predict)
    };
    let search_losses = losses(&|i| search_probability(data.scores[i], scale));
    let default_losses =
        losses(&|i| search_probability(default.evaluate(&data.positions[i]) as f32, scale));
    let fitted = fit(
        &data.positions,
        &targets,
        &training,
        &validation,
        weights,
        scale,
        config,
        report,
    )?;
    let weights = &fitted.best.weights;
    let results = losses(&|i| {
        let mut features = Features::new();
        let mut hidden = vec![0.0; shape.hidden];
        data.positions[i].features(&mut features);
        sigmoid(shape.forward(weights, &features, &mut hidden) / scale as f64)
    })
    .results;
    Ok(Trained {
        losses: Losses {
            blended: fitted.best.validation_loss,
            results,
        },
        search_losses,
        default_losses,
        samples: Samples {
            training: training.len(),
            validation: validation.len(),
        },
        scale,
        fitted,
    })
}

/// Each position's target: its result blended with the search's opinion,
/// `lambda * result + (1 - lambda) * sigmoid(search / scale)`.
pub(crate) fn targets<G>(data: &Dataset<G>, lambda: f32, scale: f32) -> Vec<f32> {
    data.results
        .iter()
        .zip(&data.scores)
        .map(|(&r, &s)| {
            (lambda as f64 * r as f64 + (1.0 - lambda as f64) * search_probability(s, scale)) as f32
        })
        .collect()
}

/// The positions of a dataset, by index, held out for validation and
/// trained on.
pub(crate) struct Split {
    pub(crate) validation: Vec<usize>,
    pub(crate) training: Vec<usize>,
}

/// Holds out a `share` of the games, by a hash of each game's number, so
/// that the split is the same whatever the order of the data.
pub(crate) fn split<G>(data: &Dataset<G>, share: f32) -> Split {
    let (validation, training) = (0..data.games.len()).partition(|&i| {
        let h = data.games[i].wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        (h as f64 / (1u64 << 24) as f64) < share as f64
    });
    Split {
        validation,
        training,
    }
}

/// The losses of `predict` (a probability of winning per position) over
/// the `validation` positions, each predicted once.
fn validation_losses(
    validation: &[usize],
    targets: &[f32],
    results: &[f32],
    predict: &(dyn Fn(usize) -> f64 + Sync),
) -> Losses {
    let (blended, results) = validation
        .par_iter()
        .map(|&i| {
            let p = predict(i);
            (
                cross_entropy(p, targets[i] as f64),
                cross_entropy(p, results[i] as f64),
            )
        })
        .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    let n = validation.len().max(1) as f64;
    Losses {
        blended: blended / n,
        results: results / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_scale_is_found_from_scores_and_results() {
        // Results drawn from sigmoid(score / 150): the fitted scale is near
        // 150.
        let mut rng = StdRng::seed_from_u64(4);
        let mut results = Vec::new();
        let mut scores = Vec::new();
        for _ in 0..200_000 {
            let s = rng.random_range(-600.0..600.0f32);
            let p = sigmoid(s as f64 / 150.0);
            results.push(if rng.random_bool(p) { 1.0 } else { 0.0 });
            scores.push(s);
        }
        let k = fit_scale(&results, &scores);
        assert!((k - 150.0).abs() < 10.0, "{k}");
    }
}
