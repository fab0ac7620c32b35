//! Match statistics: win/loss/draw counts with the Elo difference, its 95%
//! interval and the likelihood of superiority as cutechess-cli computes them
//! (trinomial, logistic model); pentanomial counts over colour-swapped pairs
//! with the Elo interval fastchess derives from them. The SPRT is
//! [`crate::sprt`]'s.

use std::fmt;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference of an expected score in (0, 1):
/// `-400 log10(1/score - 1)`; +infinity at 1 and above, -infinity at 0 and
/// below (an interval bound past a certain result).
pub fn score_to_elo(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` logistic Elo points stronger.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, from the complementary error function of Numerical
/// Recipes (`erfcc`, Chebyshev fit, fractional error below 1.2e-7): ample
/// for a likelihood of superiority printed to a tenth of a percent.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// An Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate (±infinity for a score of 100% or 0%).
    pub elo: f64,
    /// Half the width of the interval, the `±` that cutechess-cli and
    /// fastchess print: `(elo(upper score) - elo(lower score)) / 2`;
    /// infinite (or NaN) where the interval is undefined.
    pub margin: f64,
    /// The Elo of the interval's lower score bound (the interval is not
    /// symmetric around `elo`).
    pub lower: f64,
    /// The Elo of the interval's upper score bound.
    pub upper: f64,
}

impl EloEstimate {
    /// The estimate for a mean score and the standard deviation of that
    /// mean.
    fn from_mean(score: f64, stdev: f64) -> EloEstimate {
        let lower = score_to_elo(score - Z95 * stdev);
        let upper = score_to_elo(score + Z95 * stdev);
        EloEstimate {
            elo: score_to_elo(score),
            margin: (upper - lower) / 2.0,
            lower,
            upper,
        }
    }
}

/// The fewest colour-swapped pairs a pentanomial interval is given for.
pub const MIN_PAIRS: u32 = 2;

/// Writes a number that may be infinite or undefined the way people read it.
fn number(f: &mut fmt::Formatter<'_>, x: f64) -> fmt::Result {
    if x.is_nan() {
        // An interval around a 0% or 100% score is undefined.
        f.write_str("-")
    } else if x.is_infinite() {
        f.write_str(if x > 0.0 { "+inf" } else { "-inf" })
    } else if x.abs() < 0.05 {
        // No "-0.0".
        f.write_str("0.0")
    } else {
        write!(f, "{x:.1}")
    }
}

impl fmt::Display for EloEstimate {
    /// `35.0 +/- 20.1`; an interval that runs past a certain result (an
    /// infinite margin) is undefined and written `-`, never `+inf` beside
    /// a finite Elo.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        number(f, self.elo)?;
        f.write_str(" +/- ")?;
        if self.margin.is_finite() {
            number(f, self.margin)
        } else {
            f.write_str("-")
        }
    }
}

/// Wins, losses and draws of one player (or one side of a pairing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Wld {
    /// The counts.
    pub const fn new(wins: u32, losses: u32, draws: u32) -> Wld {
        Wld {
            wins,
            losses,
            draws,
        }
    }

    /// The same games from the opponent's side.
    pub const fn reversed(self) -> Wld {
        Wld::new(self.losses, self.wins, self.draws)
    }

    /// Adds one game scored `half_points` (0 loss, 1 draw, 2 win).
    pub fn add(&mut self, half_points: u8) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// The games counted.
    pub const fn games(self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The mean score per game, `None` before any game.
    pub fn score(self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The fraction of games drawn, `None` before any game.
    pub fn draw_ratio(self) -> Option<f64> {
        (self.games() > 0).then(|| f64::from(self.draws) / f64::from(self.games()))
    }

    /// The logistic Elo difference and its 95% interval from the trinomial
    /// model, as cutechess-cli computes it: the per-game variance of the
    /// score around its mean, divided by the number of games.
    pub fn elo(self) -> Option<EloEstimate> {
        let mean = self.score()?;
        let n = f64::from(self.games());
        let (w, l, d) = (
            f64::from(self.wins) / n,
            f64::from(self.losses) / n,
            f64::from(self.draws) / n,
        );
        let variance =
            w * (1.0 - mean).powi(2) + l * (0.0 - mean).powi(2) + d * (0.5 - mean).powi(2);
        Some(EloEstimate::from_mean(mean, (variance / n).sqrt()))
    }

    /// The likelihood of superiority in percent, as cutechess-cli computes
    /// it from wins and losses alone; 50 when there are neither.
    pub fn los(self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l == 0.0 {
            return 50.0;
        }
        100.0 * 0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

impl std::ops::AddAssign for Wld {
    fn add_assign(&mut self, other: Wld) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }
}

/// Counts of colour-swapped game pairs by the points the player scored over
/// the pair: index 0 = 0 points (LL), 1 = 1/2 (LD), 2 = 1 (DD or WL),
/// 3 = 3/2 (WD), 4 = 2 (WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair whose two games scored `first` and `second` half-points
    /// (0 loss, 1 draw, 2 win).
    pub fn add_pair(&mut self, first: u8, second: u8) {
        self.0[usize::from(first.min(2) + second.min(2))] += 1;
    }

    /// The pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The same pairs from the opponent's side.
    pub fn reversed(&self) -> Pentanomial {
        let mut counts = self.0;
        counts.reverse();
        Pentanomial(counts)
    }

    /// The mean score per game and the variance of one pair's score around
    /// it (a pair scored as its points / 2): `None` before any pair.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let pairs = f64::from(self.pairs());
        if pairs == 0.0 {
            return None;
        }
        let freq = self.0.map(|c| f64::from(c) / pairs);
        let value = |i: usize| i as f64 / 4.0;
        let mean: f64 = (0..5).map(|i| freq[i] * value(i)).sum();
        let variance: f64 = (0..5).map(|i| freq[i] * (value(i) - mean).powi(2)).sum();
        Some((mean, variance))
    }

    /// The Elo difference and its 95% interval from the pentanomial model,
    /// as fastchess computes it: the variance per pair divided by the pairs.
    /// The interval is undefined (infinite, written `-`) until there are
    /// [`MIN_PAIRS`] pairs not all of one kind: a variance from one pair,
    /// or from pairs that all scored alike, says nothing of the spread.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (mean, variance) = self.mean_and_variance()?;
        if self.pairs() < MIN_PAIRS || variance == 0.0 {
            return Some(EloEstimate {
                elo: score_to_elo(mean),
                margin: f64::INFINITY,
                lower: f64::NEG_INFINITY,
                upper: f64::INFINITY,
            });
        }
        let per_pair = variance / f64::from(self.pairs());
        Some(EloEstimate::from_mean(mean, per_pair.sqrt()))
    }

    /// The likelihood of superiority in percent from the pentanomial mean and
    /// variance (fastchess); 50 before any pair or with no variance at an
    /// even score.
    pub fn los(&self) -> f64 {
        let Some((mean, variance)) = self.mean_and_variance() else {
            return 50.0;
        };
        let per_pair = variance / f64::from(self.pairs());
        if per_pair == 0.0 {
            return if mean > 0.5 {
                100.0
            } else if mean < 0.5 {
                0.0
            } else {
                50.0
            };
        }
        100.0 * 0.5 * (1.0 + erf((mean - 0.5) / (2.0 * per_pair).sqrt()))
    }
}

impl fmt::Display for Pentanomial {
    /// `[LL, LD, DD+WL, WD, WW]` counts: `[3, 10, 20, 12, 5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        write!(f, "[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} is not within {tol} of {b}");
    }

    #[test]
    fn erf_matches_known_values() {
        // Values of erf from tables (Abramowitz and Stegun, table 7.1).
        close(erf(0.0), 0.0, 1e-7);
        close(erf(0.5), 0.520_499_877_8, 2e-7);
        close(erf(1.0), 0.842_700_792_9, 2e-7);
        close(erf(-1.0), -0.842_700_792_9, 2e-7);
        close(erf(2.0), 0.995_322_265_0, 2e-7);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -35.0, 0.0, 10.0, 191.0] {
            close(score_to_elo(elo_to_score(elo)), elo, 1e-9);
        }
        close(score_to_elo(0.75), 190.848_501_887_864_9, 1e-9);
    }

    // Expected values computed once in Python 3 from the formulas written
    // out by hand (math.log10, math.erf, math.sqrt), not from this code:
    //   n=100; mu=(35+40/2)/n=0.55
    //   var=(35*(1-mu)**2+25*mu**2+40*(0.5-mu)**2)/n = 0.1475
    //   sd=sqrt(var/n); elo(p)=-400*log10(1/p-1)
    //   lo=elo(mu-1.959963984540054*sd), hi=elo(mu+...*sd)
    //   los=50*(1+erf((35-25)/sqrt(2*60)))
    #[test]
    fn trinomial_elo_interval_and_los() {
        let wld = Wld::new(35, 25, 40);
        assert_eq!(wld.games(), 100);
        close(wld.points(), 55.0, 0.0);
        close(wld.score().unwrap(), 0.55, 1e-12);
        close(wld.draw_ratio().unwrap(), 0.40, 1e-12);
        let e = wld.elo().unwrap();
        close(e.elo, 34.860_070_287_560_08, 1e-9);
        close(e.lower, -17.577_046_764_373_698, 1e-9);
        close(e.upper, 88.942_502_409_579_83, 1e-9);
        close(e.margin, 53.259_774_586_976_77, 1e-9);
        close(wld.los(), 90.164_719_877_052_66, 1e-5);
        assert_eq!(e.to_string(), "34.9 +/- 53.3");
    }

    #[test]
    fn trinomial_edge_cases() {
        assert_eq!(Wld::default().elo(), None);
        assert_eq!(Wld::default().los(), 50.0);
        assert_eq!(Wld::new(0, 0, 4).los(), 50.0);
        let all_won = Wld::new(3, 0, 0).elo().unwrap();
        assert!(all_won.elo.is_infinite() && all_won.elo > 0.0);
        // Two games, one won: the interval runs past 0% and 100%.
        let wide = Wld::new(1, 1, 0).elo().unwrap();
        assert_eq!(wide.elo, 0.0);
        assert_eq!((wide.lower, wide.upper), (f64::NEG_INFINITY, f64::INFINITY));
        assert_eq!(wide.to_string(), "0.0 +/- -");
        assert_eq!(all_won.to_string(), "+inf +/- -");
        let even = Wld::new(0, 0, 10).elo().unwrap();
        assert_eq!((even.elo, even.margin), (0.0, 0.0));
        assert_eq!(Wld::new(3, 1, 2).reversed(), Wld::new(1, 3, 2));
    }

    // Python 3, by hand from the pentanomial formulas:
    //   c=[3,10,20,12,5]; N=50; f=[x/N for x in c]; v=[0,.25,.5,.75,1]
    //   m=sum(fi*vi) = 0.53; var=sum(fi*(vi-m)**2) = 0.0666
    //   sd=sqrt(var/N); lo=elo(m-z*sd); hi=elo(m+z*sd); margin=(hi-lo)/2
    //   los=50*(1+erf((m-0.5)/sqrt(2*var/N)))
    #[test]
    fn pentanomial_elo_interval_and_los() {
        let p = Pentanomial([3, 10, 20, 12, 5]);
        assert_eq!(p.pairs(), 50);
        let (mean, var) = p.mean_and_variance().unwrap();
        close(mean, 0.53, 1e-12);
        close(var, 0.0666, 1e-12);
        let e = p.elo().unwrap();
        close(e.elo, 20.871_204_666_028_67, 1e-9);
        close(e.lower, -28.926_019_673_856_6, 1e-9);
        close(e.upper, 71.546_094_641_285_48, 1e-9);
        close(e.margin, 50.236_057_157_571_04, 1e-9);
        close(p.los(), 79.446_011_063_834_25, 1e-5);
        assert_eq!(p.reversed(), Pentanomial([5, 12, 20, 10, 3]));
    }

    #[test]
    fn a_pair_interval_needs_two_pairs_that_differ() {
        let mut p = Pentanomial::default();
        p.add_pair(2, 0); // WL: one pair
        assert_eq!(p.elo().unwrap().to_string(), "0.0 +/- -");
        p.add_pair(0, 2); // LW: two pairs, both even
        assert_eq!(p.elo().unwrap().to_string(), "0.0 +/- -");
        p.add_pair(2, 1); // WD: now they differ
        let e = p.elo().unwrap();
        assert!(e.margin.is_finite() && e.margin > 0.0, "{e}");
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut p = Pentanomial::default();
        p.add_pair(2, 2); // WW
        p.add_pair(2, 0); // WL
        p.add_pair(1, 1); // DD
        p.add_pair(0, 1); // LD
        p.add_pair(1, 2); // DW
        assert_eq!(p, Pentanomial([0, 1, 2, 1, 1]));
    }
}
