//! The learned evaluation: a linear model over patterns of men in regions
//! of the board and a few counts, its weights fitted to self-play games by
//! `parlour train` (the crate `parlour-train`; checkers' side of
//! [`parlour_game::Learn`] is the module `learn`).
//!
//! The board is always seen from the side to move ("us"), turned so that
//! we move up the board, as Black does: a position and the same position
//! turned round with the colours swapped and the other side to move have
//! the same features, so the model is symmetric by construction.
//!
//! The features, each with an opening and an endgame weight blended by
//! the number of pieces on the board (24: all opening, 0: all endgame):
//!
//! - **Patterns**: nine overlapping 4x4 regions of the board (rows 1-4,
//!   3-6 and 5-8 of the 8x8 board, by columns 1-4, 3-6 and 5-8), each
//!   holding 8 playing squares; every arrangement of our men, their men
//!   and empty squares in a region (3^8 = 6561) has its own weight. Men
//!   formations, the back rank, tempo and the centre are all patterns.
//! - **Kings**: a weight per square for our kings and for theirs; kings
//!   that cannot step (trapped).
//! - **Material**: men and kings of each side (linear), and a table over
//!   the two sides' piece counts (a man up matters more with fewer pieces).
//! - **Mobility**: the squares each side can step to, in 16 buckets.
//! - **Runaways**: men no adversary piece can stop from crowning, by row.
//! - **Captures**: how many of our pieces have a jump open (under huffing
//!   a capture may be left), and how many of theirs would have were it
//!   their move (a threat).
//! - **Huffing**: an offence pending (the side to move may huff a man or a
//!   king), and the two compelled states.
//! - A bias: the value of having the move.
//!
//! Evaluation is integer arithmetic over bitboards and one table read per
//! feature (about 25 reads), with no allocation; the weights are shared
//! between threads behind an [`Arc`].

use crate::bitboard::Bitboard;
use crate::geometry::{step, CONE};
use crate::position::{Pending, Position};
use crate::rules::{RuleSet, Rules};
use parlour_game::weights::Shipped;
use parlour_game::{Learn, Side, Weights, WeightsError};
use std::sync::Arc;

/// The version of the feature set below; a weights file names it in its
/// key, so weights fitted to another version are refused.
pub const FEATURE_SET: &str = "patterns-2";

/// Weight units per hundredth of a man.
pub const RESOLUTION: i32 = 16;

/// The phase: pieces on the board, at most 24.
pub(crate) const MAX_PHASE: i32 = 24;

/// Arrangements of one region: 3 states on 8 squares.
const REGION_STATES: usize = 6561;
/// The regions: (first row, first pair of squares in a row).
const REGIONS: [(u32, u32); 9] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (4, 0),
    (4, 1),
    (4, 2),
];

// Feature numbers (each has two weights, opening and endgame).
const PATTERNS: u32 = 0;
const OUR_KING_ON: u32 = PATTERNS + (REGIONS.len() * REGION_STATES) as u32;
const THEIR_KING_ON: u32 = OUR_KING_ON + 32;
const OUR_MEN: u32 = THEIR_KING_ON + 32;
const THEIR_MEN: u32 = OUR_MEN + 1;
const OUR_KINGS: u32 = THEIR_MEN + 1;
const THEIR_KINGS: u32 = OUR_KINGS + 1;
/// 13 x 13: our pieces, their pieces.
const BALANCE: u32 = THEIR_KINGS + 1;
const OUR_MOBILITY: u32 = BALANCE + 169;
const THEIR_MOBILITY: u32 = OUR_MOBILITY + 16;
const OUR_RUNAWAY_ROW: u32 = THEIR_MOBILITY + 16;
const THEIR_RUNAWAY_ROW: u32 = OUR_RUNAWAY_ROW + 8;
const OUR_TRAPPED_KINGS: u32 = THEIR_RUNAWAY_ROW + 8;
const THEIR_TRAPPED_KINGS: u32 = OUR_TRAPPED_KINGS + 1;
const HUFF_MAN: u32 = THEIR_TRAPPED_KINGS + 1;
const HUFF_KING: u32 = HUFF_MAN + 1;
const COMPEL_CAPTURE: u32 = HUFF_KING + 1;
const COMPEL_REST: u32 = COMPEL_CAPTURE + 1;
/// Pieces of ours with a jump open (0, 1, 2, 3 or more): under huffing a
/// capture we may make; under english rules never met by the evaluation
/// (a capture is searched, not scored).
const OUR_JUMPERS: u32 = COMPEL_REST + 1;
/// Pieces of theirs with a jump open were it their move: a threat.
const THEIR_JUMPERS: u32 = OUR_JUMPERS + 4;
const BIAS: u32 = THEIR_JUMPERS + 4;
/// The number of features.
pub const FEATURES: usize = BIAS as usize + 1;
/// The number of weights: an opening and an endgame weight per feature.
pub const WEIGHTS: usize = 2 * FEATURES;

/// `TERNARY[m]`: the region index of the men of one side whose bits within
/// the region are `m`, in base 3 (bit i is worth 3^i).
static TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// The 8 bits of a region of `b`: two squares of each of four rows,
/// starting at row `row` and square `pair` of each row.
#[inline(always)]
fn region_bits(b: u32, row: u32, pair: u32) -> usize {
    let y = (b >> (4 * row + pair)) & 0x3333;
    let z = (y | (y >> 2)) & 0x0F0F;
    ((z | (z >> 4)) & 0xFF) as usize
}

/// The board from the side to move's chair: our and their men and kings,
/// turned so that we move up the board.
#[derive(Clone, Copy, Debug)]
struct Seen {
    our_men: u32,
    our_kings: u32,
    their_men: u32,
    their_kings: u32,
}

impl Seen {
    #[inline(always)]
    fn of(pos: &Position) -> Seen {
        let us = pos.side();
        let them = us.opponent();
        let kings = pos.kings().0;
        let (our, their) = (pos.pieces(us).0, pos.pieces(them).0);
        let seen = Seen {
            our_men: our & !kings,
            our_kings: our & kings,
            their_men: their & !kings,
            their_kings: their & kings,
        };
        match us {
            Side::Black => seen,
            Side::White => Seen {
                our_men: seen.our_men.reverse_bits(),
                our_kings: seen.our_kings.reverse_bits(),
                their_men: seen.their_men.reverse_bits(),
                their_kings: seen.their_kings.reverse_bits(),
            },
        }
    }
}

/// Squares a set of pieces can step to: `up` pieces forward (towards the
/// higher squares), `down` pieces backward.
#[inline(always)]
fn steps(up: u32, down: u32, empty: u32) -> u32 {
    ((step(up, 0) | step(up, 1)) | (step(down, 2) | step(down, 3))) & empty
}

/// Kings of `kings` with no empty square next to them.
#[inline(always)]
fn trapped(kings: u32, empty: u32) -> u32 {
    let free = step(empty, 0) | step(empty, 1) | step(empty, 2) | step(empty, 3);
    kings & !free
}

/// Calls `f(feature, value)` for every active feature of `pos`, and
/// returns the phase (pieces on the board). The one definition of the
/// features, read by the evaluation and by training alike.
#[inline(always)]
pub(crate) fn for_each_feature(pos: &Position, mut f: impl FnMut(u32, i32)) -> i32 {
    let s = Seen::of(pos);
    for (r, &(row, pair)) in REGIONS.iter().enumerate() {
        let ours = TERNARY[region_bits(s.our_men, row, pair)] as u32;
        let theirs = TERNARY[region_bits(s.their_men, row, pair)] as u32;
        f(PATTERNS + (r * REGION_STATES) as u32 + ours + 2 * theirs, 1);
    }
    for sq in Bitboard(s.our_kings).squares() {
        f(OUR_KING_ON + sq.index() as u32, 1);
    }
    for sq in Bitboard(s.their_kings).squares() {
        f(THEIR_KING_ON + sq.index() as u32, 1);
    }
    let counts = [
        s.our_men.count_ones(),
        s.our_kings.count_ones(),
        s.their_men.count_ones(),
        s.their_kings.count_ones(),
    ];
    for (feature, n) in [OUR_MEN, OUR_KINGS, THEIR_MEN, THEIR_KINGS]
        .into_iter()
        .zip(counts)
    {
        if n != 0 {
            f(feature, n as i32);
        }
    }
    let ours = (counts[0] + counts[1]).min(12);
    let theirs = (counts[2] + counts[3]).min(12);
    f(BALANCE + 13 * ours + theirs, 1);

    let empty = !(s.our_men | s.our_kings | s.their_men | s.their_kings);
    let our_steps = steps(s.our_men | s.our_kings, s.our_kings, empty);
    let their_steps = steps(s.their_kings, s.their_men | s.their_kings, empty);
    f(OUR_MOBILITY + our_steps.count_ones().min(15), 1);
    f(THEIR_MOBILITY + their_steps.count_ones().min(15), 1);

    // A runaway: no adversary piece in the cone ahead of the man.
    let their_pieces = s.their_men | s.their_kings;
    for sq in Bitboard(s.our_men & 0x0FFF_0000).squares() {
        if CONE[sq.index()] & their_pieces == 0 {
            f(OUR_RUNAWAY_ROW + sq.index() as u32 / 4, 1);
        }
    }
    let our_turned = (s.our_men | s.our_kings).reverse_bits();
    for sq in Bitboard(s.their_men.reverse_bits() & 0x0FFF_0000).squares() {
        if CONE[sq.index()] & our_turned == 0 {
            f(THEIR_RUNAWAY_ROW + sq.index() as u32 / 4, 1);
        }
    }
    let trapped_ours = trapped(s.our_kings, empty).count_ones();
    if trapped_ours != 0 {
        f(OUR_TRAPPED_KINGS, trapped_ours as i32);
    }
    let trapped_theirs = trapped(s.their_kings, empty).count_ones();
    if trapped_theirs != 0 {
        f(THEIR_TRAPPED_KINGS, trapped_theirs as i32);
    }

    match pos.pending() {
        Pending::Nothing => {}
        Pending::Offence(offence) => {
            let at_risk = crate::huffing::huffable(pos, offence);
            if !(at_risk & pos.kings()).is_empty() {
                f(HUFF_KING, 1);
            } else if !at_risk.is_empty() {
                f(HUFF_MAN, 1);
            }
        }
        Pending::CompelCapture => f(COMPEL_CAPTURE, 1),
        Pending::CompelRest(_) => f(COMPEL_REST, 1),
    }
    let ours = pos.jumpers().count().min(3);
    let theirs = pos.pass_turn(Pending::Nothing).jumpers().count().min(3);
    f(OUR_JUMPERS + ours, 1);
    f(THEIR_JUMPERS + theirs, 1);
    f(BIAS, 1);
    (counts.iter().sum::<u32>() as i32).min(MAX_PHASE)
}

/// A learned model: its weights, opening and endgame interleaved per
/// feature, in weight units ([`RESOLUTION`] per hundredth of a man).
#[derive(Debug, PartialEq, Eq)]
pub struct Model {
    /// Per feature: its opening weight and its endgame weight.
    weights: Box<[[i16; 2]]>,
    /// The weights' fingerprint, made once: a search names its evaluation
    /// by it at every start.
    fingerprint: u64,
    note: String,
}

impl Model {
    /// The model of a weights file for `rules`, if the file is for checkers
    /// under those rules and this feature set.
    pub fn from_weights(weights: Weights, rules: Rules) -> Result<Model, WeightsError> {
        let weights = weights.expect_model(&model_key(rules), WEIGHTS, RESOLUTION as u16)?;
        Ok(Model {
            fingerprint: parlour_game::weights::fingerprint(&weights.values),
            weights: weights
                .values
                .chunks_exact(2)
                .map(|pair| [pair[0], pair[1]])
                .collect(),
            note: weights.note,
        })
    }

    /// The model of the weights file at `path`, for `rules`.
    pub fn read(path: &std::path::Path, rules: Rules) -> Result<Model, WeightsError> {
        Model::from_weights(Weights::read(path)?, rules)
    }

    /// The weights file of this model for `rules`.
    pub fn to_weights(&self, rules: Rules) -> Weights {
        Weights {
            key: model_key(rules),
            note: self.note.clone(),
            resolution: RESOLUTION as u16,
            values: self.weights.as_flattened().to_vec(),
        }
    }

    /// A 64-bit fingerprint of the weights, to tell two models apart in
    /// the settings of a self-play run.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// How the weights were made, as their file says.
    pub fn note(&self) -> &str {
        &self.note
    }

    /// The model's score of `pos` from the side to move's view, in
    /// hundredths of a man.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let w = &self.weights;
        let (mut opening, mut endgame) = (0i32, 0i32);
        let phase = for_each_feature(pos, |feature, value| {
            let [o, e] = w[feature as usize];
            opening += o as i32 * value;
            endgame += e as i32 * value;
        });
        (opening * phase + endgame * (MAX_PHASE - phase)) / (MAX_PHASE * RESOLUTION)
    }
}

/// The key of the model for `rules` in a weights file: the rule set
/// matters (huffing's positions differ), the quiet-ply limit does not.
pub fn model_key(rules: Rules) -> String {
    format!("{}/{FEATURE_SET}", Position::start(rules).positions_key())
}

/// The weights shipped in the binary, one file per rule set, read once.
pub fn shipped(rules: Rules) -> Arc<Model> {
    static ENGLISH: Shipped<Model> = Shipped::new(include_bytes!("../weights/english.weights"));
    static HUFFING: Shipped<Model> = Shipped::new(include_bytes!("../weights/huffing.weights"));
    let shipped = match rules.set {
        RuleSet::English => &ENGLISH,
        RuleSet::Huffing => &HUFFING,
    };
    shipped
        .get(|weights| Model::from_weights(weights, rules))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// A model with every weight drawn at random.
    fn random_model(seed: u64) -> Model {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let values = (0..WEIGHTS).map(|_| rng.random_range(-800..800)).collect();
        let weights = Weights {
            key: model_key(Rules::ENGLISH),
            note: String::new(),
            resolution: RESOLUTION as u16,
            values,
        };
        Model::from_weights(weights, Rules::ENGLISH).expect("a whole model")
    }

    #[test]
    fn the_layout_is_what_the_constants_say() {
        assert_eq!(
            FEATURES,
            9 * 6561 + 32 + 32 + 4 + 169 + 32 + 16 + 2 + 4 + 8 + 1
        );
        // Every region's index stays inside its block of 6561.
        assert_eq!(
            TERNARY[255] as usize * 3,
            REGION_STATES - 1 + TERNARY[255] as usize
        );
        // The nine regions cover every square.
        let mut covered = 0u32;
        for &(row, pair) in &REGIONS {
            for bit in 0..32 {
                if region_bits(1 << bit, row, pair) != 0 {
                    covered |= 1 << bit;
                }
            }
        }
        assert_eq!(covered, u32::MAX);
    }

    #[test]
    fn a_region_reads_two_squares_of_four_rows() {
        // Rows 1-4 of squares (row 0), the first pair: squares 1, 2, 5, 6,
        // 9, 10, 13, 14 are the region's bits 0-7.
        let squares = [1, 2, 5, 6, 9, 10, 13, 14];
        for (bit, sq) in squares.iter().enumerate() {
            assert_eq!(region_bits(1 << (sq - 1), 0, 0), 1 << bit, "square {sq}");
        }
        assert_eq!(region_bits(1 << 2, 0, 0), 0, "square 3 is outside");
    }

    #[test]
    fn the_model_is_symmetric_under_a_half_turn() {
        let model = random_model(1);
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            for pos in crate::testing::random_positions(rules, 400, 2, 90) {
                if pos.pending() != Pending::Nothing {
                    continue;
                }
                let turned = pos.rotated();
                assert_eq!(
                    model.evaluate(&pos),
                    model.evaluate(&turned),
                    "{pos} vs {turned}"
                );
                let (mut a, mut b) = (Vec::new(), Vec::new());
                pos.features(&mut a);
                turned.features(&mut b);
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn the_integer_model_is_the_linear_model_of_the_features() {
        let model = random_model(3);
        let mut features = Vec::new();
        for pos in crate::testing::random_positions(Rules::HUFFING, 300, 4, 90) {
            pos.features(&mut features);
            let exact: f64 = features
                .iter()
                .map(|f| {
                    f.coefficient as f64 * model.weights.as_flattened()[f.index as usize] as f64
                })
                .sum::<f64>()
                / RESOLUTION as f64;
            let got = model.evaluate(&pos) as f64;
            assert!((got - exact).abs() <= 1.0, "{pos}: {got} vs {exact}");
            assert!(features.iter().all(|f| (f.index as usize) < WEIGHTS));
        }
    }

    #[test]
    fn weights_for_other_rules_or_models_are_refused() {
        let model = random_model(6);
        let english = model.to_weights(Rules::ENGLISH);
        assert!(Model::from_weights(english.clone(), Rules::ENGLISH).is_ok());
        assert!(matches!(
            Model::from_weights(english.clone(), Rules::HUFFING),
            Err(WeightsError::WrongModel { .. })
        ));
        let mut short = english;
        short.values.pop();
        assert!(matches!(
            Model::from_weights(short, Rules::ENGLISH),
            Err(WeightsError::WrongLength { .. })
        ));
    }

    #[test]
    fn the_shipped_weights_know_the_basics() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let model = shipped(rules);
            assert!(!model.note().is_empty());
            let eval = |fen: &str| model.evaluate(&Position::from_fen(fen, rules).unwrap());
            // The start is about even; a man up is good for the side that
            // has it, whoever is to move; a king is worth more than a man.
            assert!(model.evaluate(&Position::start(rules)).abs() < 40);
            assert!(eval("B:W21-32:B1-11,14") - eval("B:W21-32:B1-11") > 0);
            assert!(eval("B:W22-32:B1-12") > 40, "{}", eval("B:W22-32:B1-12"));
            assert!(eval("W:W22-32:B1-12") < -40, "{}", eval("W:W22-32:B1-12"));
            assert!(eval("B:W30:BK10") > eval("B:W30:B10"));
        }
    }
}
