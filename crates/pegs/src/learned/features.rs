//! The features of the peg game's learned evaluation: the position seen
//! from the side to move, each feature with a placing-phase and a
//! sliding-phase weight blended by the pegs still in hand.
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
//!
//! Weights of the feature set before the threats (`lines-2`) are read as
//! this set's with the threats' weights zero ([`carry_over`]).
//!
//! The board's shape decides the number of holes and lines, so each board
//! (`squares`, `diagonals`) has its own weights; the other rules (pegs,
//! reserve, the draw limit) do not change what a feature means.

use crate::board::{Board, LineMask};
use crate::eval::{Army, Sides};
use crate::hole::bits;
use crate::position::PegPosition;
use crate::rules::PegRules;
use parlour_game::{Learn, Weights};

/// The version of the feature set below, named in a weights file's key.
pub const FEATURE_SET: &str = "lines-3";

/// The feature set before the threat counts were added: its weights files
/// are read as this one's, the threat counts' weights zero
/// ([`carry_over`]).
pub(super) const EARLIER_FEATURE_SET: &str = "lines-2";

/// Where each group of features starts, for one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    pub(super) holes: u32,
    pub(super) our_peg: u32,
    pub(super) their_peg: u32,
    pub(super) our_king: u32,
    pub(super) their_king: u32,
    pub(super) lines: u32,
    pub(super) our_safety: u32,
    pub(super) their_safety: u32,
    pub(super) material: u32,
    pub(super) balance: u32,
    pub(super) our_mobility: u32,
    pub(super) their_mobility: u32,
    pub(super) our_attacks: u32,
    pub(super) their_attacks: u32,
    pub(super) flags: u32,
    pub(super) handwritten: u32,
    pub(super) threats: u32,
    pub(super) count: u32,
}

/// Safety cells: free neighbours (5) x whole pairs held (3) x half pairs (3).
const SAFETY: u32 = 45;
/// Material counts: board, hand and reserve pegs of each side.
pub(super) const MATERIAL: u32 = 6;
/// The balance table: our ordinary pegs (0-15) by theirs.
const BALANCE: u32 = 16 * 16;
/// Mobility buckets.
const MOBILITY: u32 = 32;
/// Attack counts 0-7.
const ATTACKS: u32 = 8;
/// A force pending, we place, they place, the bias.
pub(super) const FLAGS: u32 = 4;
/// The hand-written score's coefficient is the score over this, so that
/// its weight is `HANDWRITTEN` where the model repeats the hand-written
/// evaluation: few enough score units that training reaches it in a few
/// dozen steps, many enough that the stored weight is fine-grained.
pub(super) const HANDWRITTEN: i32 = 16;
/// Threat counts, each side: line threats (0-3 or more), forces (0-3),
/// blocks (0-3), and whether it can block the adversary King next move.
const THREAT_CELLS: u32 = 4 + 4 + 4 + 1;

impl Layout {
    pub(super) fn of(board: &Board) -> Layout {
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
pub(super) fn for_each_feature(
    pos: &PegPosition,
    layout: &Layout,
    sides: Sides,
    mut f: impl FnMut(u32, i32),
) {
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
pub(super) fn phase(pos: &PegPosition) -> i32 {
    (pos.hand[0] as i32 + pos.hand[1] as i32).min(max_phase(pos))
}

/// The phase at the start: both hands full.
#[inline]
pub(super) fn max_phase(pos: &PegPosition) -> i32 {
    2 * pos.rules.pegs as i32
}

/// Weights of the earlier feature set (`lines-2`, with or without a
/// hidden layer) for `rules`' board, as this feature set's: the threat
/// counts (the last inputs) get zero weights, linear and hidden, so the
/// model scores every position as before. Other weights are returned as
/// they are (and refused, if wrong, by the caller).
pub(super) fn carry_over(weights: Weights, rules: PegRules) -> Weights {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_positions;

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
}
