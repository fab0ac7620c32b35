//! The sequential probability ratio test (SPRT) as fishtest and fastchess
//! run it: the generalized log-likelihood ratio (GSPRT) of H1 against H0,
//! each hypothesis a constraint on the distribution of scores (an expected
//! score in the logistic model, a t-value in the normalized model), over
//! pentanomial counts of colour-swapped pairs or trinomial counts of games.
//!
//! Each hypothesis is scored by the maximum-likelihood distribution that
//! meets its constraint, given the observed frequencies `phat` of the
//! scores `a_i` (Van den Bergh, "Comments on Normalized Elo" and the notes
//! on the multinomial MLE behind fishtest): for an expected score `s`,
//! `p_i = phat_i / (1 + theta (a_i - s))` with `theta` the root of
//! `sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0`; for a t-value the same
//! form, iterated to a fixed point. Empty bins count as 0.001 so that a
//! distribution never gives a result probability zero. The ratio is then
//! `N * sum phat_i (ln p1_i - ln p0_i)` over `N` pairs (or games).

use crate::error::SprtError;
use crate::stats::{elo_to_score, Pentanomial, Wld};
use std::fmt;
use std::str::FromStr;

/// What an empty bin counts as, as fishtest and fastchess do.
const EMPTY_BIN: f64 = 1e-3;

/// Normalized Elo per unit of t-value (per game): `800 / ln 10`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// How the SPRT's Elo bounds are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SprtModel {
    /// Logistic Elo (cutechess-cli's and fishtest's classic bounds): a
    /// hypothesis fixes the expected score `1 / (1 + 10^(-elo/400))`.
    #[default]
    Logistic,
    /// Normalized Elo (fishtest's current bounds): a hypothesis fixes the
    /// t-value `(score - 1/2) / sigma` per game, `nelo / (800 / ln 10)`,
    /// so that the same bounds take about the same number of games
    /// whatever the draw ratio.
    Normalized,
}

impl SprtModel {
    /// The model's name: `logistic` or `normalized`.
    pub fn name(self) -> &'static str {
        match self {
            SprtModel::Logistic => "logistic",
            SprtModel::Normalized => "normalized",
        }
    }
}

impl fmt::Display for SprtModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// H0: the Elo difference is `elo0` (the change is not an improvement).
    H0,
    /// H1: the Elo difference is `elo1`.
    H1,
}

impl fmt::Display for Hypothesis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hypothesis::H0 => "H0",
            Hypothesis::H1 => "H1",
        })
    }
}

/// A sequential probability ratio test of H0: Elo = `elo0` against
/// H1: Elo = `elo1`, with false positive rate `alpha` and false negative
/// rate `beta`. Written `elo0,elo1,alpha,beta` (`0,5,0.05,0.05`); the
/// bounds are logistic Elo unless the model is set to normalized.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 is true.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 is true.
    pub beta: f64,
    /// How `elo0` and `elo1` are read.
    pub model: SprtModel,
}

impl Sprt {
    /// The test in the logistic model, checked: `elo0 < elo1`, `alpha` and
    /// `beta` in (0, 1) with `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
            return Err(SprtError::Bounds { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::Probability { name, value });
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::Sum);
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model: SprtModel::Logistic,
        })
    }

    /// The same test with its bounds read in `model`.
    pub fn with_model(self, model: SprtModel) -> Sprt {
        Sprt { model, ..self }
    }

    /// The lower bound `ln(beta / (1 - alpha))`: at or below it H0 is
    /// accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound `ln((1 - beta) / alpha)`: at or above it H1 is
    /// accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of the pentanomial counts of the first
    /// engine's colour-swapped pairs (what fastchess and fishtest use by
    /// default). Zero before any pair; NaN only if a normalized bound is so
    /// extreme that no distribution meets it.
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        // A pair's score per game is its points / 2: a t-value per game is
        // sqrt(2) times smaller than one per pair.
        self.gsprt(&penta.0, std::f64::consts::SQRT_2)
    }

    /// The log-likelihood ratio of the first engine's games alone
    /// (trinomial: losses, draws, wins), which ignores the pairing.
    pub fn llr_trinomial(&self, wld: &Wld) -> f64 {
        self.gsprt(&[wld.losses, wld.draws, wld.wins], 1.0)
    }

    /// The GSPRT's ratio over counts of the scores `i / (k - 1)`, `k` the
    /// number of bins; `t_scale` turns a t-value per game into one per
    /// counted unit.
    fn gsprt(&self, counts: &[u32], t_scale: f64) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let regular: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { EMPTY_BIN } else { f64::from(c) })
            .collect();
        let n: f64 = regular.iter().sum();
        let phat: Vec<f64> = regular.iter().map(|c| c / n).collect();
        let last = (counts.len() - 1) as f64;
        let scores: Vec<f64> = (0..counts.len()).map(|i| i as f64 / last).collect();
        let fit = |elo: f64| match self.model {
            SprtModel::Logistic => mle_with_mean(&scores, &phat, elo_to_score(elo)),
            SprtModel::Normalized => mle_with_t(&scores, &phat, 0.5, elo / NELO_PER_T * t_scale),
        };
        match (fit(self.elo0), fit(self.elo1)) {
            (Some(p0), Some(p1)) => {
                n * (0..phat.len())
                    .map(|i| phat[i] * (p1[i].ln() - p0[i].ln()))
                    .sum::<f64>()
            }
            _ => f64::NAN,
        }
    }

    /// The hypothesis accepted at this log-likelihood ratio, if a bound is
    /// reached.
    pub fn decide(&self, llr: f64) -> Option<Hypothesis> {
        if llr >= self.upper_bound() {
            Some(Hypothesis::H1)
        } else if llr <= self.lower_bound() {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }
}

/// The root `theta` of `sum w_i v_i / (1 + theta v_i) = 0`, where the
/// weights are positive and the values of both signs ("the secular
/// equation"). The sum falls strictly from +infinity at `-1 / max v` to
/// -infinity at `-1 / min v`, so the one root is found by bisection of that
/// open interval; `None` if the values do not take both signs.
fn secular(values: &[f64], weights: &[f64]) -> Option<f64> {
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let f = |theta: f64| -> f64 {
        values
            .iter()
            .zip(weights)
            .map(|(v, w)| w * v / (1.0 + theta * v))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    // Only midpoints are evaluated: the ends are poles.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The distribution over `scores` closest in likelihood to the observed
/// `phat` whose expected score is `s`.
fn mle_with_mean(scores: &[f64], phat: &[f64], s: f64) -> Option<Vec<f64>> {
    let shifted: Vec<f64> = scores.iter().map(|a| a - s).collect();
    let theta = secular(&shifted, phat)?;
    Some(
        phat.iter()
            .zip(&shifted)
            .map(|(p, v)| p / (1.0 + theta * v))
            .collect(),
    )
}

/// The mean and variance of the distribution `p` over `scores`.
fn mean_and_variance(scores: &[f64], p: &[f64]) -> (f64, f64) {
    let mean: f64 = scores.iter().zip(p).map(|(a, q)| a * q).sum();
    let variance = scores
        .iter()
        .zip(p)
        .map(|(a, q)| q * (a - mean).powi(2))
        .sum();
    (mean, variance)
}

/// The distribution over `scores` closest in likelihood to the observed
/// `phat` whose t-value `(mean - reference) / sigma` is `t`: the stationary
/// point solved as a secular equation in which the current distribution's
/// mean and sigma stand for the answer's, from the uniform distribution
/// on, until it moves by less than 1e-9 (at most ten rounds, as fishtest).
fn mle_with_t(scores: &[f64], phat: &[f64], reference: f64, t: f64) -> Option<Vec<f64>> {
    let mut p = vec![1.0 / scores.len() as f64; scores.len()];
    for _ in 0..10 {
        let (mean, variance) = mean_and_variance(scores, &p);
        let sigma = variance.sqrt();
        let shifted: Vec<f64> = scores
            .iter()
            .map(|a| a - reference - t * sigma * (1.0 + ((mean - a) / sigma).powi(2)) / 2.0)
            .collect();
        let theta = secular(&shifted, phat)?;
        let next: Vec<f64> = phat
            .iter()
            .zip(&shifted)
            .map(|(q, v)| q / (1.0 + theta * v))
            .collect();
        let moved = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if moved < 1e-9 {
            break;
        }
    }
    Some(p)
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// `elo0,elo1,alpha,beta`, in the logistic model.
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [elo0, elo1, alpha, beta] = parts[..] else {
            return Err(SprtError::Shape {
                text: text.to_string(),
            });
        };
        let num = |name, v: &str| {
            v.parse::<f64>().map_err(|_| SprtError::NotANumber {
                text: text.to_string(),
                name,
                value: v.to_string(),
            })
        };
        Sprt::new(
            num("elo0", elo0)?,
            num("elo1", elo1)?,
            num("alpha", alpha)?,
            num("beta", beta)?,
        )
    }
}

impl Sprt {
    /// The test as `--sprt` takes it: `elo0,elo1,alpha,beta` (`0,5,0.05,0.05`).
    pub fn spec(&self) -> String {
        format!("{},{},{},{}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05 logistic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={} {}",
            self.elo0, self.elo1, self.alpha, self.beta, self.model
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} is not within {tol} of {b}");
    }

    fn sprt(elo0: f64, elo1: f64, model: SprtModel) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).unwrap().with_model(model)
    }

    /// fastchess's pair counts in its own order, (LL, LD, WL, DD, WD, WW):
    /// WL and DD both score one point and share the middle bin.
    fn pairs(ll: u32, ld: u32, wl: u32, dd: u32, wd: u32, ww: u32) -> Pentanomial {
        Pentanomial([ll, ld, wl + dd, wd, ww])
    }

    // The published test vectors of fastchess (tests/sprt_test.cpp), each
    // to the two decimals it states (its checks allow 1%).
    #[test]
    fn fastchess_logistic_pentanomial_vectors() {
        let s = sprt(0.5, 2.5, SprtModel::Logistic);
        close(
            s.llr(&pairs(223, 9863, 20279, 1000, 10037, 246)),
            -3.07,
            0.01,
        );
        let s = sprt(0.0, 2.0, SprtModel::Logistic);
        close(
            s.llr(&pairs(871, 26175, 55003, 980, 26678, 821)),
            -4.98,
            0.01,
        );
    }

    #[test]
    fn fastchess_normalized_pentanomial_vectors() {
        let s = sprt(0.0, 2.0, SprtModel::Normalized);
        close(
            s.llr(&pairs(365, 16618, 36029, 200, 16974, 390)),
            2.25,
            0.01,
        );
        let s = sprt(-1.75, 0.25, SprtModel::Normalized);
        close(s.llr(&pairs(127, 4883, 10311, 401, 5150, 104)), 3.01, 0.01);
    }

    // fastchess's trinomial vectors are given as (wins, losses, draws).
    #[test]
    fn fastchess_trinomial_vectors() {
        let s = sprt(0.5, 2.5, SprtModel::Logistic);
        close(s.llr_trinomial(&Wld::new(21404, 21184, 40708)), -1.57, 0.01);
        let s = sprt(0.0, 2.0, SprtModel::Logistic);
        close(
            s.llr_trinomial(&Wld::new(57433, 57030, 106593)),
            -2.59,
            0.01,
        );
        let s = sprt(0.0, 2.0, SprtModel::Normalized);
        close(s.llr_trinomial(&Wld::new(36433, 36027, 68692)), 0.92, 0.01);
        let s = sprt(-1.75, 0.25, SprtModel::Normalized);
        close(s.llr_trinomial(&Wld::new(10871, 10650, 20431)), 2.30, 0.01);
    }

    // Few pairs, where the old normal approximation went wrong: two pairs
    // won twice give 0.029 (it said 7.64), nine drawn pairs about -0.125
    // (it said -3.36). Expected values from fishtest's formulas written out
    // independently in Python (bisection, empty bins 0.001):
    // 0.028603520295998, -0.125038373937062.
    #[test]
    fn few_pairs_with_empty_bins() {
        let s = sprt(0.0, 5.0, SprtModel::Logistic);
        close(
            s.llr(&Pentanomial([0, 0, 0, 0, 2])),
            0.028_603_520_296,
            1e-9,
        );
        close(
            s.llr(&Pentanomial([0, 0, 9, 0, 0])),
            -0.125_038_373_937,
            1e-9,
        );
        assert_eq!(s.decide(s.llr(&Pentanomial([0, 0, 9, 0, 0]))), None);
        assert_eq!(s.llr(&Pentanomial::default()), 0.0);
        assert_eq!(s.llr_trinomial(&Wld::default()), 0.0);
    }

    // More counts, small and large, each against fishtest's formulas
    // written out independently in Python (logistic, then normalized).
    #[test]
    fn llr_agrees_with_an_independent_reference() {
        for (counts, elo0, elo1, logistic, normalized) in [
            (
                [0, 0, 30, 0, 0],
                0.0,
                5.0,
                -0.428_222_645_941,
                -0.009_827_444_900,
            ),
            (
                [1, 2, 3, 2, 1],
                0.0,
                5.0,
                -0.002_795_319_939,
                -0.001_863_803_798,
            ),
            (
                [0, 1, 5, 1, 0],
                0.0,
                5.0,
                -0.010_090_018_799,
                -0.001_450_231_299,
            ),
            (
                [2, 5, 11, 6, 3],
                -5.0,
                5.0,
                0.150_418_692_265,
                0.113_995_783_113,
            ),
            (
                [0, 0, 0, 0, 5],
                0.0,
                10.0,
                0.141_896_656_920,
                0.199_344_587_976,
            ),
            (
                [4, 0, 0, 0, 0],
                0.0,
                10.0,
                -0.116_845_029_756,
                -0.166_106_270_770,
            ),
            (
                [10, 40, 100, 45, 12],
                0.0,
                5.0,
                0.207_482_207_956,
                0.157_491_082_000,
            ),
            (
                [0, 3, 12, 3, 1],
                0.0,
                2.0,
                0.045_332_265_652,
                0.022_894_007_318,
            ),
        ] {
            let penta = Pentanomial(counts);
            let s = sprt(elo0, elo1, SprtModel::Logistic);
            close(s.llr(&penta), logistic, 1e-9);
            let s = s.with_model(SprtModel::Normalized);
            close(s.llr(&penta), normalized, 1e-6);
        }
    }

    #[test]
    fn bounds_and_decisions() {
        let s: Sprt = "0,10,0.05,0.05".parse().unwrap();
        assert_eq!(s.model, SprtModel::Logistic);
        close(s.lower_bound(), -2.944_438_979_166_440_5, 1e-12);
        close(s.upper_bound(), 2.944_438_979_166_440_5, 1e-12);
        assert_eq!(s.decide(0.25), None);
        assert_eq!(s.decide(3.0), Some(Hypothesis::H1));
        assert_eq!(s.decide(-3.0), Some(Hypothesis::H0));
        // Python, as above: 0.244589077112597.
        close(
            s.llr(&Pentanomial([3, 10, 20, 12, 5])),
            0.244_589_077_113,
            1e-9,
        );
        // A clearly better player crosses the upper bound, a clearly worse
        // one the lower.
        let strong = Pentanomial([2, 10, 40, 60, 40]);
        assert!(s.llr(&strong) > s.upper_bound());
        assert!(s.llr(&strong.reversed()) < s.lower_bound());
        assert_eq!(
            s.with_model(SprtModel::Normalized).to_string(),
            "elo0=0 elo1=10 alpha=0.05 beta=0.05 normalized"
        );
    }

    #[test]
    fn the_fitted_distributions_meet_their_constraints() {
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        let phat = [0.1, 0.2, 0.4, 0.2, 0.1];
        let p = mle_with_mean(&scores, &phat, 0.53).unwrap();
        let (mean, _) = mean_and_variance(&scores, &p);
        close(p.iter().sum(), 1.0, 1e-12);
        close(mean, 0.53, 1e-12);
        let p = mle_with_t(&scores, &phat, 0.5, 0.1).unwrap();
        let (mean, variance) = mean_and_variance(&scores, &p);
        close(p.iter().sum(), 1.0, 1e-9);
        close((mean - 0.5) / variance.sqrt(), 0.1, 0.01);
        // No root where every value has one sign.
        assert_eq!(secular(&[0.1, 0.2], &[0.5, 0.5]), None);
    }

    #[test]
    fn bad_sprt_texts_are_explained() {
        let shape = |t: &str| SprtError::Shape { text: t.into() };
        let probability = |name, value| SprtError::Probability { name, value };
        for (text, error) in [
            ("", shape("")),
            ("0,5,0.05", shape("0,5,0.05")),
            (
                "5,0,0.05,0.05",
                SprtError::Bounds {
                    elo0: 5.0,
                    elo1: 0.0,
                },
            ),
            ("0,5,0,0.05", probability("alpha", 0.0)),
            ("0,5,0.05,1.5", probability("beta", 1.5)),
            ("0,5,0.6,0.5", SprtError::Sum),
            (
                "a,5,0.05,0.05",
                SprtError::NotANumber {
                    text: "a,5,0.05,0.05".into(),
                    name: "elo0",
                    value: "a".into(),
                },
            ),
        ] {
            assert_eq!(text.parse::<Sprt>(), Err(error), "{text}");
        }
    }
}
