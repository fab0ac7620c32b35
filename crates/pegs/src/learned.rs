//! The learned evaluation of the peg game: a linear model over the
//! position seen from the side to move, its weights fitted to self-play by
//! `parlour train`, and the peg game's side of [`parlour_game::Learn`].
//!
//! The features, each with a placing-phase and a sliding-phase weight
//! blended by the pegs still in hand:
//!
//! - **Holes**: an ordinary peg of ours, of theirs, our King, their King,
//!   on each hole.
//! - **Lines**: every arrangement of each straight line (each of its three
//!   holes empty, ours or theirs: 27 per line): line threats, made lines
//!   and forcing shapes are all line patterns.
//! - **King safety**, for each King: his free neighbours (0-4 or more) by
//!   the opposite pairs round him held whole by the adversary (0-2) and
//!   held by half with the other hole empty (0-2).
//! - **Material**: ordinary pegs on the board, in hand and in reserve for
//!   each side (linear), and a table over the two sides' ordinary pegs.
//! - **Mobility**: the holes next to each side's pegs that are empty (the
//!   slides open, in the sliding phase), in 32 buckets.
//! - **Attacks**: the adversary ordinary pegs one block away (a peg of
//!   ours on one side of a pair round them, the other hole empty), 0-7.
//! - A force pending on the side to move, whether each side still places,
//!   and a bias.
//! - **The hand-written evaluation** (`crate::eval`), as one more input
//!   with a weight of its own: the model starts from what the hand-written
//!   terms know (line threats that a peg can reach, a King one move from a
//!   block) and learns what to add to it and how much to trust it. With
//!   that weight alone the model is the hand-written evaluation.
//! - **Threats**, each side's as the hand-written terms count them: line
//!   threats (two in a line, the third hole reachable next move), forces
//!   it can set up, adversary pegs it can block (each 0-3 or more), and
//!   whether it can block the adversary's King next move. The side to
//!   move's threats are its to carry out; the other side's are its to
//!   parry, and two of them may be more than one move can parry: the
//!   hand-written sum weighs both alike, these features need not.
//!   (Added in `lines-3`; a `lines-2` file is read with their weights
//!   zero.)
//!
//! A weights file may add a hidden layer over the same inputs
//! ([`NetShape`], key `lines-3+netN`): N clipped sums of the inputs whose
//! weighted sum is added to the linear score. The built-in weights are
//! such a network, with 32 units.
//!
//! The board's shape decides the number of holes and lines, so each board
//! (`squares`, `diagonals`) has its own weights; the other rules (pegs,
//! reserve, the draw limit) do not change what a feature means.

use crate::board::{Board, LineMask, MAX_LINES_THROUGH};
use crate::hole::{bits, MAX_HOLES};
use crate::position::PegPosition;
use crate::rules::PegRules;
use arrayvec::ArrayVec;
use parlour_game::learn::{NetShape, NET_CLIP, NET_OUTPUT_SCALE};
use parlour_game::{DecodeError, Feature, Features, Learn, Side, Weights, WeightsError};
use std::sync::Arc;

use crate::eval::{Army, Sides};

/// The version of the feature set below, named in a weights file's key.
pub const FEATURE_SET: &str = "lines-3";

/// The feature set before the threat counts were added: its weights files
/// are read as this one's, the threat counts' weights zero
/// ([`carry_over`]).
const EARLIER_FEATURE_SET: &str = "lines-2";

/// Weight units per hundredth of a peg.
pub const RESOLUTION: i32 = 16;

/// Where each group of features starts, for one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    holes: u32,
    our_peg: u32,
    their_peg: u32,
    our_king: u32,
    their_king: u32,
    lines: u32,
    our_safety: u32,
    their_safety: u32,
    material: u32,
    balance: u32,
    our_mobility: u32,
    their_mobility: u32,
    our_attacks: u32,
    their_attacks: u32,
    flags: u32,
    handwritten: u32,
    threats: u32,
    count: u32,
}

/// Safety cells: free neighbours (5) x whole pairs held (3) x half pairs (3).
const SAFETY: u32 = 45;
/// Material counts: board, hand and reserve pegs of each side.
const MATERIAL: u32 = 6;
/// The balance table: our ordinary pegs (0-15) by theirs.
const BALANCE: u32 = 16 * 16;
/// Mobility buckets.
const MOBILITY: u32 = 32;
/// Attack counts 0-7.
const ATTACKS: u32 = 8;
/// A force pending, we place, they place, the bias.
const FLAGS: u32 = 4;
/// The hand-written score's coefficient is the score over this, so that
/// its weight is `HANDWRITTEN` where the model repeats the hand-written
/// evaluation: few enough score units that training reaches it in a few
/// dozen steps, many enough that the stored weight is fine-grained.
const HANDWRITTEN: i32 = 16;
/// Threat counts, each side: line threats (0-3 or more), forces (0-3),
/// blocks (0-3), and whether it can block the adversary King next move.
const THREAT_CELLS: u32 = 4 + 4 + 4 + 1;

impl Layout {
    fn of(board: &Board) -> Layout {
        let holes = board.hole_count() as u32;
        let our_peg = 0;
        let their_peg = our_peg + holes;
        let our_king = their_peg + holes;
        let their_king = our_king + holes;
        let lines = their_king + holes;
        let our_safety = lines + 27 * board.lines().len() as u32;
        let their_safety = our_safety + SAFETY;
        let material = their_safety + SAFETY;
        let balance = material + MATERIAL;
        let our_mobility = balance + BALANCE;
        let their_mobility = our_mobility + MOBILITY;
        let our_attacks = their_mobility + MOBILITY;
        let their_attacks = our_attacks + ATTACKS;
        let flags = their_attacks + ATTACKS;
        let handwritten = flags + FLAGS;
        // After the hand-written input, so that the features before it
        // keep the indices of `lines-2`.
        let threats = handwritten + 1;
        Layout {
            holes,
            our_peg,
            their_peg,
            our_king,
            their_king,
            lines,
            our_safety,
            their_safety,
            material,
            balance,
            our_mobility,
            their_mobility,
            our_attacks,
            their_attacks,
            flags,
            handwritten,
            threats,
            count: threats + 2 * THREAT_CELLS,
        }
    }
}

/// The safety cell of `own`'s King against `adv`, if he is on the board.
fn safety(board: &Board, own: Army, adv: Army, vacant: u64) -> Option<u32> {
    if own.king == 0 {
        return None;
    }
    let k = own.king.trailing_zeros() as usize;
    let free = (board.nb(k) & vacant).count_ones().min(4);
    let (mut whole, mut half) = (0u32, 0u32);
    for &pair in board.pair_masks(k) {
        let held = pair & adv.pegs;
        if held == pair {
            whole += 1;
        } else if held != 0 && pair & vacant != 0 {
            half += 1;
        }
    }
    Some(free * 9 + whole.min(2) * 3 + half.min(2))
}

/// The adversary ordinary pegs `own` could block next move.
fn attacks(board: &Board, own: Army, adv: Army, vacant: u64) -> u32 {
    bits(adv.pegs & !adv.king)
        .filter(|&x| {
            board
                .pair_masks(x)
                .iter()
                .any(|&pair| pair & own.pegs != 0 && pair & vacant != 0)
        })
        .count() as u32
}

/// The line's arrangement, 0-26: its holes in ascending order are the
/// base-3 digits, lowest first (empty 0, `ours` 1, `theirs` 2).
#[inline(always)]
fn line_state(line: &LineMask, ours: u64, theirs: u64) -> u32 {
    let digit = |h: u8| ((ours >> h) & 1) as u32 + 2 * ((theirs >> h) & 1) as u32;
    let [a, b, c] = line.holes;
    digit(a) + 3 * digit(b) + 9 * digit(c)
}

/// Calls `f(feature, value)` for every active feature; `sides` is what
/// the hand-written evaluation read of the side to move and of the other
/// side (their room and their threats).
#[inline]
fn for_each_feature(pos: &PegPosition, layout: &Layout, sides: Sides, mut f: impl FnMut(u32, i32)) {
    let rooms = sides.room;
    let board = pos.board;
    let us = Army::of(pos, pos.side);
    let them = Army::of(pos, pos.side.opponent());
    let vacant = board.all_bits() & !(us.pegs | them.pegs);
    for h in bits(us.pegs & !us.king) {
        f(layout.our_peg + h as u32, 1);
    }
    for h in bits(them.pegs & !them.king) {
        f(layout.their_peg + h as u32, 1);
    }
    for h in bits(us.king) {
        f(layout.our_king + h as u32, 1);
    }
    for h in bits(them.king) {
        f(layout.their_king + h as u32, 1);
    }
    for (l, line) in board.line_masks().iter().enumerate() {
        f(
            layout.lines + 27 * l as u32 + line_state(line, us.pegs, them.pegs),
            1,
        );
    }
    if let Some(cell) = safety(board, us, them, vacant) {
        f(layout.our_safety + cell, 1);
    }
    if let Some(cell) = safety(board, them, us, vacant) {
        f(layout.their_safety + cell, 1);
    }
    let ours = (us.pegs & !us.king).count_ones();
    let theirs = (them.pegs & !them.king).count_ones();
    for (i, n) in [
        ours,
        us.hand as u32,
        us.reserve as u32,
        theirs,
        them.hand as u32,
        them.reserve as u32,
    ]
    .into_iter()
    .enumerate()
    {
        if n != 0 {
            f(layout.material + i as u32, n as i32);
        }
    }
    let our_total = (ours + us.hand as u32).min(15);
    let their_total = (theirs + them.hand as u32).min(15);
    f(layout.balance + 16 * our_total + their_total, 1);
    f(layout.our_mobility + rooms[0].min(MOBILITY - 1), 1);
    f(layout.their_mobility + rooms[1].min(MOBILITY - 1), 1);
    f(
        layout.our_attacks + attacks(board, us, them, vacant).min(ATTACKS - 1),
        1,
    );
    f(
        layout.their_attacks + attacks(board, them, us, vacant).min(ATTACKS - 1),
        1,
    );
    if pos.force != 0 {
        f(layout.flags, 1);
    }
    if us.hand > 0 {
        f(layout.flags + 1, 1);
    }
    if them.hand > 0 {
        f(layout.flags + 2, 1);
    }
    f(layout.flags + 3, 1);
    for (s, t) in sides.threats.iter().enumerate() {
        let cells = layout.threats + THREAT_CELLS * s as u32;
        f(cells + t.lines.min(3), 1);
        f(cells + 4 + t.forces.min(3), 1);
        f(cells + 8 + t.blocks.min(3), 1);
        if t.king {
            f(cells + 12, 1);
        }
    }
}

/// Pegs in both hands, at most [`max_phase`]: how far the position is
/// still in the placing phase.
#[inline(always)]
fn phase(pos: &PegPosition) -> i32 {
    (pos.hand[0] as i32 + pos.hand[1] as i32).min(max_phase(pos))
}

/// The phase at the start: both hands full.
#[inline]
fn max_phase(pos: &PegPosition) -> i32 {
    2 * pos.rules.pegs as i32
}

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
        let weights = weights.expect(&shape.key(&key), shape.len())?;
        if weights.resolution as i32 != RESOLUTION {
            return Err(WeightsError::WrongModel {
                found: format!("{} at resolution {}", weights.key, weights.resolution),
                expected: format!("{} at resolution {RESOLUTION}", weights.key),
            });
        }
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
    shipped_ref(rules).map(|_| shipped_cell().clone())
}

/// [`shipped`] without the reference count, for the evaluation itself.
#[inline]
pub(crate) fn shipped_ref(rules: PegRules) -> Option<&'static PegModel> {
    let model: &'static PegModel = shipped_cell();
    model.fits(rules).then_some(model)
}

#[inline]
fn shipped_cell() -> &'static Arc<PegModel> {
    static DEFAULT: std::sync::OnceLock<Arc<PegModel>> = std::sync::OnceLock::new();
    DEFAULT.get_or_init(load_shipped)
}

#[cold]
fn load_shipped() -> Arc<PegModel> {
    let bytes: &[u8] = include_bytes!("../weights/default.weights");
    let weights = Weights::from_bytes(bytes).expect("the shipped weights are whole");
    Arc::new(
        PegModel::from_weights(weights, PegRules::DEFAULT)
            .expect("the shipped weights fit the model"),
    )
}

/// Weights of the earlier feature set (`lines-2`, with or without a
/// hidden layer) for `rules`' board, as this feature set's: the threat
/// counts (the last inputs) get zero weights, linear and hidden, so the
/// model scores every position as before. Other weights are returned as
/// they are (and refused, if wrong, by the caller).
fn carry_over(weights: Weights, rules: PegRules) -> Weights {
    let position_key = PegPosition::start(rules).positions_key();
    let Some(rest) = weights
        .key
        .strip_prefix(&position_key)
        .and_then(|k| k.strip_prefix('/'))
        .and_then(|k| k.strip_prefix(EARLIER_FEATURE_SET))
    else {
        return weights;
    };
    let hidden = match rest.strip_prefix("+net").map(str::parse::<usize>) {
        None if rest.is_empty() => 0,
        Some(Ok(h)) => h,
        _ => return weights,
    };
    let layout = Layout::of(rules.board());
    // The earlier set's features are this one's up to the threat counts.
    let (old, new) = (2 * layout.threats as usize, 2 * layout.count as usize);
    // (A file's claimed width is checked against its length before
    // anything is sized by it.)
    let old_len = hidden
        .checked_add(1)
        .and_then(|h| old.checked_mul(h))
        .and_then(|n| n.checked_add(hidden.checked_mul(2)?));
    if old_len != Some(weights.values.len()) {
        return weights;
    }
    let v = &weights.values;
    let mut values = Vec::with_capacity(new * (hidden + 1) + 2 * hidden);
    values.extend_from_slice(&v[..old]);
    values.resize(new, 0);
    values.extend_from_slice(&v[old..old + old * hidden]);
    values.resize(new + new * hidden, 0);
    values.extend_from_slice(&v[old + old * hidden..]);
    let key = format!("{}{}", model_key(rules), &rest);
    Weights {
        key,
        note: weights.note,
        resolution: weights.resolution,
        values,
    }
}

/// The key of the model of `rules`' board in a weights file.
pub fn model_key(rules: PegRules) -> String {
    format!(
        "{}/{FEATURE_SET}",
        PegPosition::start(rules).positions_key()
    )
}

/// Bytes of an encoded position: three hole masks, hands, reserves, the
/// side and the force.
const CODE_LEN: usize = 8 * 4 + 5;

impl Learn for PegPosition {
    fn code_len(&self) -> usize {
        CODE_LEN
    }

    fn encode(&self, out: &mut [u8]) {
        out[0..8].copy_from_slice(&self.pegs[0].to_le_bytes());
        out[8..16].copy_from_slice(&self.pegs[1].to_le_bytes());
        out[16..24].copy_from_slice(&self.kings.to_le_bytes());
        out[24..32].copy_from_slice(&self.force.to_le_bytes());
        out[32] = self.hand[0];
        out[33] = self.hand[1];
        out[34] = self.reserve[0];
        out[35] = self.reserve[1];
        out[36] = self.side.index() as u8;
    }

    fn decode(&self, bytes: &[u8]) -> Result<PegPosition, DecodeError> {
        let bad = |reason: &str| DecodeError {
            reason: reason.to_string(),
        };
        if bytes.len() != CODE_LEN {
            return Err(bad("the wrong number of bytes for a peg position"));
        }
        let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let (black, white, kings, force) = (word(0), word(8), word(16), word(24));
        let all = self.board.all_bits();
        let side = match bytes[36] {
            0 => Side::Black,
            1 => Side::White,
            _ => return Err(bad("no such side")),
        };
        let rules = self.rules;
        if black & white != 0 || (black | white) & !all != 0 {
            return Err(bad("pegs off the board or on one hole twice"));
        }
        if kings & !(black | white) != 0
            || (kings & black).count_ones() > 1
            || (kings & white).count_ones() > 1
        {
            return Err(bad("a King where there is no peg, or two Kings a side"));
        }
        if force & ![black, white][side.index()] != 0 {
            return Err(bad("a force on a hole without a peg of the side to move"));
        }
        let (hand, reserve) = ([bytes[32], bytes[33]], [bytes[34], bytes[35]]);
        for s in 0..2 {
            if hand[s] > rules.pegs || reserve[s] > rules.reserve {
                return Err(bad("more pegs in hand or reserve than the rules give"));
            }
        }
        Ok(PegPosition {
            pegs: [black, white],
            kings,
            hand,
            reserve,
            side,
            force,
            rules,
            board: self.board,
        })
    }

    fn positions_key(&self) -> String {
        format!(
            "pegs/squares={},diagonals={}",
            self.rules.squares, self.rules.diagonals as u8
        )
    }

    fn model_key(&self) -> String {
        model_key(self.rules)
    }

    fn feature_count(&self) -> usize {
        2 * Layout::of(self.board).count as usize
    }

    fn carry_over(&self, weights: Weights) -> Weights {
        carry_over(weights, self.rules)
    }

    fn features(&self, out: &mut Features) {
        out.clear();
        let layout = Layout::of(self.board);
        let (hand, sides) = crate::eval::evaluate_and_sides(self);
        for_each_feature(self, &layout, sides, |index, value| {
            out.push(Feature {
                index,
                coefficient: value as f32,
            })
        });
        out.push(Feature {
            index: layout.handwritten,
            coefficient: hand as f32 / HANDWRITTEN as f32,
        });
        parlour_game::learn::split_phases(out, phase(self) as f32 / max_phase(self).max(1) as f32);
    }

    fn weight_resolution(&self) -> u16 {
        RESOLUTION as u16
    }

    fn refuse_hidden(&self, hidden: usize) -> Option<String> {
        (hidden > MAX_HIDDEN || !hidden.is_multiple_of(LANES)).then(|| {
            format!(
                "the peg model's hidden units come in groups of {LANES}, up to {MAX_HIDDEN}: \
                 --hidden {hidden} is not one of 0, 8, 16, ..., {MAX_HIDDEN}"
            )
        })
    }

    fn evaluator_from(&self, weights: Weights) -> Result<crate::PegEval, WeightsError> {
        Ok(crate::PegEval::Learned(Arc::new(PegModel::from_weights(
            weights, self.rules,
        )?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PegEval;
    use parlour_game::Evaluator;
    use rand::{Rng, SeedableRng};

    fn random_positions(rules: PegRules, count: usize, seed: u64) -> Vec<PegPosition> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        let mut list = crate::PegMoveList::new();
        while out.len() < count {
            let mut pos = PegPosition::start(rules);
            for _ in 0..rng.random_range(0..60) {
                pos.moves(&mut list);
                if list.is_empty() {
                    break;
                }
                pos = pos.play(list[rng.random_range(0..list.len())]);
            }
            out.push(pos);
        }
        out
    }

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
    fn a_line_state_reads_the_line_hole_by_hole() {
        for rules in [PegRules::DEFAULT, "squares=5,diagonals=0".parse().unwrap()] {
            for pos in random_positions(rules, 200, 8) {
                let (ours, theirs) = (pos.pegs[0], pos.pegs[1]);
                for line in pos.board.line_masks() {
                    let mut holes: Vec<u32> = bits(line.all).map(|h| h as u32).collect();
                    holes.sort();
                    let expected: u32 = holes
                        .iter()
                        .rev()
                        .map(|&h| match (ours >> h & 1, theirs >> h & 1) {
                            (1, _) => 1,
                            (_, 1) => 2,
                            _ => 0,
                        })
                        .fold(0, |state, digit| 3 * state + digit);
                    assert_eq!(line_state(line, ours, theirs), expected, "{pos}");
                }
            }
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
    fn positions_round_trip_through_their_code() {
        for rules in [PegRules::DEFAULT, "squares=5".parse().unwrap()] {
            let start = PegPosition::start(rules);
            let mut code = vec![0; start.code_len()];
            for pos in random_positions(rules, 300, 5) {
                pos.encode(&mut code);
                assert_eq!(start.decode(&code).unwrap(), pos);
            }
            code[0] = 0xFF;
            code[8] = 0xFF;
            assert!(start.decode(&code).is_err());
        }
    }

    #[test]
    fn the_shipped_weights_load_for_the_default_board_only() {
        let model = shipped(PegRules::DEFAULT).expect("weights for the default board");
        assert!(model.fits(PegRules::DEFAULT));
        let other_rules: PegRules = "pegs=7,reserve=2,quiet_plies=60".parse().unwrap();
        assert!(shipped(other_rules).is_some());
        for board in ["squares=4", "diagonals=0", "squares=2"] {
            assert!(shipped(board.parse().unwrap()).is_none(), "{board}");
        }
        // The default evaluation uses them on the default board (where they
        // are not the hand-written terms), and the hand-written terms
        // elsewhere.
        let mut differ = 0;
        for pos in random_positions(PegRules::DEFAULT, 50, 8) {
            let score = PegEval::default().evaluate(&pos);
            assert_eq!(score, model.evaluate(&pos), "{pos}");
            differ += usize::from(score != crate::eval::evaluate(&pos));
        }
        assert!(differ > 25, "{differ} of 50");
        let bigger: PegRules = "squares=4".parse().unwrap();
        for pos in random_positions(bigger, 20, 9) {
            assert_eq!(
                PegEval::default().evaluate(&pos),
                crate::eval::evaluate(&pos)
            );
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
