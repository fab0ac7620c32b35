//! SPSA's arithmetic, as fishtest does it (Spall's simultaneous
//! perturbation stochastic approximation, with fishtest's way of stating
//! the gains): every parameter is moved at once, up or down by a seeded
//! coin, by `c_k`; the engines of the two moved points play a game pair;
//! each parameter then moves by `a_k / c_k` times the pair's result, in
//! the direction its coin pointed.
//!
//! The gains are stated by where they end, per parameter: `c_end` (its
//! [`Tunable::step`]) and `r_end = a_end / c_end²` (shared), so that
//! `c = c_end · N^γ`, `a = r_end · c_end² · (A + N)^α`, and at pair `k`
//! (from 1) `c_k = c / k^γ`, `a_k = a / (A + k)^α`.

use parlour_game::mix_seed;
use parlour_search::params::Tunable;
use serde::{Deserialize, Serialize};

/// How big SPSA's steps are and how they shrink, in fishtest's terms.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gains {
    /// Game pairs in the whole run (`N`).
    pub pairs: u32,
    /// How fast the step `a_k` shrinks (Spall: 0.602).
    pub alpha: f64,
    /// How fast the perturbation `c_k` shrinks (Spall: 0.101).
    pub gamma: f64,
    /// The stability constant `A` as a share of `N` (fishtest: 0.1).
    pub a_share: f64,
    /// The learning rate at the end, `a_end / c_end²` (fishtest: 0.002).
    pub r_end: f64,
}

impl Gains {
    /// Spall's and fishtest's choices for a run of `pairs` game pairs.
    pub fn for_pairs(pairs: u32) -> Gains {
        Gains {
            pairs,
            alpha: 0.602,
            gamma: 0.101,
            a_share: 0.1,
            r_end: 0.002,
        }
    }

    /// The perturbation of a parameter whose `c_end` is `step`, at pair `k`.
    pub fn c(&self, step: f64, k: u32) -> f64 {
        let n = f64::from(self.pairs);
        step * n.powf(self.gamma) / f64::from(k.max(1)).powf(self.gamma)
    }

    /// The step size of that parameter at pair `k`.
    pub fn a(&self, step: f64, k: u32) -> f64 {
        let n = f64::from(self.pairs);
        let big_a = self.a_share * n;
        self.r_end * step * step * (big_a + n).powf(self.alpha)
            / (big_a + f64::from(k.max(1))).powf(self.alpha)
    }
}

/// The two points one batch of game pairs compares.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// Each parameter's coin: `+1` or `-1`.
    pub flips: Vec<f64>,
    /// The values moved along the coins (within each range).
    pub plus: Vec<f64>,
    /// The values moved against them.
    pub minus: Vec<f64>,
}

/// A tuning run's parameters, gains and seed: what decides every probe and
/// every update.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// The parameters moved, in order.
    pub params: Vec<Tunable>,
    /// The gains.
    pub gains: Gains,
    /// Where the coins come from.
    pub seed: u64,
}

impl Spsa {
    /// The coins of the batch starting at pair `k`: the same for the same
    /// seed and `k`, whatever ran before.
    pub fn flips(&self, k: u32) -> Vec<f64> {
        let batch = mix_seed(self.seed, u64::from(k));
        (0..self.params.len())
            .map(|i| {
                if mix_seed(batch, i as u64) & 1 == 0 {
                    1.0
                } else {
                    -1.0
                }
            })
            .collect()
    }

    /// The two points of the batch starting at pair `k`, around `theta`.
    pub fn probe(&self, theta: &[f64], k: u32) -> Probe {
        let flips = self.flips(k);
        let moved = |sign: f64| {
            self.params
                .iter()
                .zip(theta)
                .zip(&flips)
                .map(|((p, &t), &f)| (t + sign * f * self.gains.c(p.step, k)).clamp(p.min, p.max))
                .collect()
        };
        Probe {
            plus: moved(1.0),
            minus: moved(-1.0),
            flips,
        }
    }

    /// `theta` moved by a batch that started at pair `k` with `flips`, in
    /// which the plus engine scored `result` more points than the minus
    /// engine (wins less losses).
    pub fn update(&self, theta: &mut [f64], k: u32, flips: &[f64], result: f64) {
        for ((t, p), f) in theta.iter_mut().zip(&self.params).zip(flips) {
            let (a, c) = (self.gains.a(p.step, k), self.gains.c(p.step, k));
            *t = (*t + a / c * result * f).clamp(p.min, p.max);
        }
    }

    /// `theta` as `PARLOUR_TUNE` takes it: `name=value,...`.
    pub fn settings(&self, theta: &[f64]) -> String {
        self.params
            .iter()
            .zip(theta)
            .map(|(p, &v)| p.setting(v))
            .collect::<Vec<_>>()
            .join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spsa() -> Spsa {
        Spsa {
            params: ["rfp_margin", "lmr_base", "lmp_base"]
                .iter()
                .map(|n| Tunable::named(n).unwrap())
                .collect(),
            gains: Gains::for_pairs(1000),
            seed: 7,
        }
    }

    #[test]
    fn the_gains_end_where_they_are_stated() {
        let g = Gains::for_pairs(1000);
        // At the last pair, c is c_end and a / c² is r_end.
        assert!((g.c(10.0, 1000) - 10.0).abs() < 1e-9);
        assert!((g.a(10.0, 1000) / 100.0 - 0.002).abs() < 1e-12);
        // Both shrink as the run goes on; c starts about N^γ times bigger.
        assert!(g.c(10.0, 1) > g.c(10.0, 500) && g.a(10.0, 1) > g.a(10.0, 500));
        assert!((g.c(10.0, 1) - 10.0 * 1000f64.powf(0.101)).abs() < 1e-9);
    }

    #[test]
    fn a_probe_moves_every_parameter_by_its_coin_within_its_range() {
        let s = spsa();
        let theta: Vec<f64> = s.params.iter().map(|p| p.default).collect();
        let probe = s.probe(&theta, 1);
        assert_eq!(probe, s.probe(&theta, 1), "the same coins for the same k");
        assert!(
            (2..10).any(|k| s.flips(k) != s.flips(1)),
            "other coins for other batches"
        );
        for (i, p) in s.params.iter().enumerate() {
            let c = s.gains.c(p.step, 1);
            let up = (theta[i] + probe.flips[i] * c).clamp(p.min, p.max);
            let down = (theta[i] - probe.flips[i] * c).clamp(p.min, p.max);
            assert_eq!((probe.plus[i], probe.minus[i]), (up, down), "{}", p.name);
        }
        // Coins come out both ways over many batches.
        let ups: usize = (1..200)
            .map(|k| s.flips(k).iter().filter(|&&f| f > 0.0).count())
            .sum();
        assert!((250..350).contains(&ups), "{ups} of 597 coins up");
    }

    #[test]
    fn a_win_for_plus_moves_theta_toward_plus_and_stays_in_range() {
        let s = spsa();
        let mut theta: Vec<f64> = s.params.iter().map(|p| p.default).collect();
        let before = theta.clone();
        let flips = s.flips(5);
        s.update(&mut theta, 5, &flips, 2.0);
        for i in 0..theta.len() {
            assert_eq!(
                (theta[i] - before[i]).signum(),
                flips[i],
                "{}",
                s.params[i].name
            );
            let (a, c) = (
                s.gains.a(s.params[i].step, 5),
                s.gains.c(s.params[i].step, 5),
            );
            assert!((theta[i] - before[i] - 2.0 * a / c * flips[i]).abs() < 1e-9);
        }
        s.update(&mut theta, 5, &flips, -1e9);
        for (t, p) in theta.iter().zip(&s.params) {
            assert!(*t == p.min || *t == p.max, "{} at {t}", p.name);
        }
        assert_eq!(
            s.settings(&before),
            "rfp_margin=75,lmr_base=0.4,lmp_base=6",
            "played as PARLOUR_TUNE takes them"
        );
    }
}
