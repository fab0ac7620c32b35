//! The hand-written static evaluation of a peg position. Which moves are
//! tactical is the crate's `tactics` module's concern; which evaluation a
//! search scores with, [`crate::PegEval`]'s.
//!
//! Scores are in hundredths of an ordinary peg, from the side to move's
//! view. Each side is scored by one function from its own view, and the
//! score is the difference, so a position and its colour-swapped copy score
//! opposite (there is no bonus for the move: the side to move's immediate
//! shots are the quiescence search's business). The terms:
//!
//! - material: an ordinary peg on the board or in hand [`PEG`], a reserve
//!   peg [`RESERVE`] (it only ever comes on when its owner forces the
//!   adversary's King); the King is not material;
//! - the King's safety: few free holes round him cost more, the more so
//!   when adversary pegs hold his opposite pairs (both holes of a pair: a
//!   jaw; one, with the other hole empty: half a jaw), and a King one move
//!   from a block (his last free hole, the jaw complete or completed by
//!   filling it, and an adversary peg able to get there without leaving
//!   his side) is in danger; the adversary King's danger counts the same
//!   the other way: a target;
//! - mobility: the slides open to a side in the sliding phase, and the
//!   room round its pegs while it places;
//! - lines: two own pegs on a line with the third hole empty (a line
//!   threat, worth more where a peg of the side can get there), a made line,
//!   and forcing threats (one own peg and an adversary peg at an end, the
//!   third hole reachable; more if that peg is the King and the side has a
//!   reserve peg to gain);
//! - attacks: an adversary ordinary peg with one of the side's pegs on one
//!   side of an opposite pair and the other hole empty and reachable (a
//!   block capture threatened).
//!
//! Everything is mask arithmetic over the board's tables: no allocation.

use crate::board::Board;
use crate::hole::bits;
use crate::position::PegPosition;
use parlour_game::Side;

/// An ordinary peg, on the board or in hand.
pub const PEG: i32 = 100;
/// A reserve peg: won only by forcing the adversary's King.
pub const RESERVE: i32 = 12;

/// The cost of a King's cramp by his free neighbours (0, 1, 2, 3, 4 or
/// more), multiplied by one plus the pressure of the pairs round him.
const CRAMP: [i32; 5] = [24, 16, 8, 3, 0];
/// A King one move from being blocked.
const KING_THREAT: i32 = 80;
/// A slide open in the sliding phase.
const MOBILITY: i32 = 4;
/// An empty hole next to a peg while its side still places.
const ROOM: i32 = 1;
/// Two own pegs on a line, the third hole empty and reachable.
const LINE_THREAT: i32 = 30;
/// The same, the third hole out of reach for now.
const LINE_OPEN: i32 = 8;
/// Three own pegs on a line.
const LINE_MADE: i32 = 10;
/// A reachable hole whose filling forces an adversary ordinary peg.
const FORCE_THREAT: i32 = 6;
/// A reachable hole whose filling forces the adversary King (with a
/// reserve peg to gain).
const KING_FORCE_THREAT: i32 = 20;
/// An adversary ordinary peg that a block could capture next move.
const ATTACK: i32 = 20;

/// One side as the evaluations (this one and the learned model's
/// features) read it.
#[derive(Clone, Copy)]
pub(crate) struct Army {
    /// Every peg, the King included.
    pub(crate) pegs: u64,
    /// The King's hole bit, or 0.
    pub(crate) king: u64,
    pub(crate) hand: u8,
    pub(crate) reserve: u8,
}

impl Army {
    #[inline(always)]
    pub(crate) fn of(pos: &PegPosition, side: Side) -> Army {
        let s = side.index();
        Army {
            pegs: pos.pegs[s],
            king: pos.pegs[s] & pos.kings,
            hand: pos.hand[s],
            reserve: pos.reserve[s],
        }
    }

    /// Whether the side still places pegs (it cannot slide then).
    #[inline(always)]
    fn placing(self) -> bool {
        self.hand > 0
    }

    /// Whether one of the side's pegs can get into the empty hole `h` with
    /// its next move, not counting the pegs of `excluded` (which would
    /// spoil what the move is for by leaving their holes).
    #[inline(always)]
    fn reaches(self, board: &Board, h: u64, excluded: u64) -> bool {
        self.placing() || board.nb(h.trailing_zeros() as usize) & self.pegs & !excluded != 0
    }

    #[inline(always)]
    fn material(self) -> i32 {
        let ordinary = (self.pegs & !self.king).count_ones() as i32 + self.hand as i32;
        ordinary * PEG + self.reserve as i32 * RESERVE
    }
}

/// How much danger `own`'s King is in from `adv`: his cramp, the pairs
/// round him held by the adversary, and a block one move away (the
/// second value: whether `adv` can block him with its next move).
#[inline(always)]
fn king_danger(board: &Board, own: Army, adv: Army, vacant: u64) -> (i32, bool) {
    if own.king == 0 {
        return (0, false);
    }
    let k = own.king.trailing_zeros() as usize;
    let around = board.nb(k);
    let free = around & vacant;
    let mut full = 0;
    let mut half = 0;
    // The empty holes that complete a half-held pair.
    let mut completing = 0u64;
    for &pair in board.pair_masks(k) {
        // An absent pair is a bit no hole has: it never counts as held.
        let held = pair & adv.pegs;
        if held == pair {
            full += 1;
        } else if held != 0 && pair & vacant != 0 {
            half += 1;
            completing |= pair & vacant;
        }
    }
    let danger = CRAMP[(free.count_ones() as usize).min(4)] * (1 + 2 * full + half);
    // One free hole left, and filling it blocks him: the adversary needs a
    // peg that can get there without leaving a hole next to the King.
    let threatened = free.count_ones() == 1
        && (full > 0 || completing & free != 0)
        && adv.reaches(board, free, around);
    (
        danger + if threatened { KING_THREAT } else { 0 },
        threatened,
    )
}

/// The empty holes next to each of `pegs`, summed over the pegs: the
/// slides open in the sliding phase, the room to come while placing.
#[inline(always)]
pub(crate) fn room(board: &Board, pegs: u64, vacant: u64) -> u32 {
    bits(pegs)
        .map(|p| (board.nb(p) & vacant).count_ones())
        .sum()
}

/// The threats one side makes, as the hand-written terms count them (the
/// learned model reads them as features of their own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Threats {
    /// Lines of two of the side's pegs whose empty third hole one of its
    /// pegs can reach next move, with something to remove.
    pub(crate) lines: u32,
    /// Forces it can set up next move (a peg of its own arriving at a
    /// line's empty hole with an adversary peg at the end).
    pub(crate) forces: u32,
    /// Adversary ordinary pegs it can block next move.
    pub(crate) blocks: u32,
    /// Whether it can block the adversary's King next move.
    pub(crate) king: bool,
}

/// What the hand-written terms read of each side: its [`room`] and its
/// [`Threats`], by [`Side::index`] or from the side to move's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sides {
    pub(crate) room: [u32; 2],
    pub(crate) threats: [Threats; 2],
}

impl Sides {
    fn swapped(self) -> Sides {
        Sides {
            room: [self.room[1], self.room[0]],
            threats: [self.threats[1], self.threats[0]],
        }
    }
}

/// The terms of `own` against `adv` other than material and King safety,
/// from `own`'s view, and the threats they count; `room` is `own`'s
/// [`room`].
#[inline(always)]
fn side_score(board: &Board, own: Army, adv: Army, vacant: u64, room: u32) -> (i32, Threats) {
    let mut score = room as i32 * if own.placing() { ROOM } else { MOBILITY };
    let mut threats = Threats::default();

    let victims = adv.pegs & !adv.king;
    for line in board.line_masks() {
        let mine = line.all & own.pegs;
        let theirs = line.all & adv.pegs;
        let empty = line.all & vacant;
        match (mine.count_ones(), theirs.count_ones()) {
            (3, _) => score += LINE_MADE,
            (2, 0) if victims != 0 || adv.placing() => {
                score += if own.reaches(board, empty, line.all) {
                    threats.lines += 1;
                    LINE_THREAT
                } else {
                    LINE_OPEN
                };
            }
            // A peg arriving in the empty hole forces the adversary's peg
            // at the end (not one in the middle, which is blocked instead).
            (1, 1) if theirs & line.ends != 0 && own.reaches(board, empty, line.all) => {
                threats.forces += 1;
                score += if theirs & adv.king != 0 {
                    if own.reserve > 0 {
                        KING_FORCE_THREAT
                    } else {
                        FORCE_THREAT
                    }
                } else {
                    FORCE_THREAT
                };
            }
            _ => {}
        }
    }

    // Block captures threatened: one jaw in place, the other hole empty and
    // reachable (the jaw itself is never next to the other hole).
    for x in bits(victims) {
        let attacked = board.pair_masks(x).iter().any(|&pair| {
            let other = pair & vacant;
            pair & own.pegs != 0 && other != 0 && own.reaches(board, other, 0)
        });
        if attacked {
            threats.blocks += 1;
            score += ATTACK;
        }
    }
    (score, threats)
}

/// The static score from Black's view, and what it read of each side by
/// [`Side::index`] (which the learned model reads too).
#[inline]
fn score_for_black(pos: &PegPosition) -> (i32, Sides) {
    let board = pos.board;
    let black = Army::of(pos, Side::Black);
    let white = Army::of(pos, Side::White);
    let vacant = board.all_bits() & !(black.pegs | white.pegs);
    let room = [
        room(board, black.pegs, vacant),
        room(board, white.pegs, vacant),
    ];
    let (black_terms, mut black_threats) = side_score(board, black, white, vacant, room[0]);
    let (white_terms, mut white_threats) = side_score(board, white, black, vacant, room[1]);
    let (black_danger, white_blocks_king) = king_danger(board, black, white, vacant);
    let (white_danger, black_blocks_king) = king_danger(board, white, black, vacant);
    black_threats.king = black_blocks_king;
    white_threats.king = white_blocks_king;
    let score = black.material() - white.material() + black_terms - white_terms - black_danger
        + white_danger;
    (
        score,
        Sides {
            room,
            threats: [black_threats, white_threats],
        },
    )
}

/// The peg game's evaluation of `pos`, from the side to move's view.
#[inline]
pub fn evaluate(pos: &PegPosition) -> i32 {
    evaluate_and_sides(pos).0
}

/// [`evaluate`], and what it read of the side to move and of the other
/// side (in that order): the learned model's mobility and threat
/// features, read once for both.
#[inline]
pub(crate) fn evaluate_and_sides(pos: &PegPosition) -> (i32, Sides) {
    let (score, sides) = score_for_black(pos);
    match pos.side {
        Side::Black => (score, sides),
        Side::White => (-score, sides.swapped()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::playout_positions;

    fn pos(text: &str) -> PegPosition {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn eval(text: &str) -> i32 {
        evaluate(&pos(text))
    }

    /// Colours swapped, the other side to move: the same game seen by the
    /// other player.
    fn colour_swapped(p: &PegPosition) -> PegPosition {
        let mut q = *p;
        q.pegs = [p.pegs[1], p.pegs[0]];
        q.hand = [p.hand[1], p.hand[0]];
        q.reserve = [p.reserve[1], p.reserve[0]];
        q.side = p.side.opponent();
        q
    }

    /// The board turned a quarter round: point p to p + 2 on every square.
    fn quarter_turn(p: &PegPosition) -> PegPosition {
        let turn = |mask: u64| {
            bits(mask).fold(0u64, |m, h| {
                let (s, pt) = (h / 8, h % 8);
                m | 1 << (8 * s + (pt + 2) % 8)
            })
        };
        let mut q = *p;
        q.pegs = [turn(p.pegs[0]), turn(p.pegs[1])];
        q.kings = turn(p.kings);
        q.force = turn(p.force);
        q
    }

    #[test]
    fn the_start_and_symmetric_positions_are_even() {
        assert_eq!(evaluate(&PegPosition::start(crate::PegRules::DEFAULT)), 0);
        // Kings and pegs placed alike round the board.
        assert_eq!(eval("b:K10,1,3/w:K14,5,7/hand:7,7/reserve:3,3/turn:b"), 0);
    }

    #[test]
    fn colour_swapped_positions_score_opposite_from_blacks_view() {
        for rules in [
            "",
            "squares=2",
            "squares=4,diagonals=0",
            "pegs=11,reserve=1",
        ] {
            for p in playout_positions(rules, 300) {
                let q = colour_swapped(&p);
                // From the side to move's view the two are the same game...
                assert_eq!(evaluate(&p), evaluate(&q), "{p} vs {q}");
                // ...so from Black's view they score opposite.
                let ((black_p, sides_p), (black_q, sides_q)) =
                    (score_for_black(&p), score_for_black(&q));
                assert_eq!(black_p, -black_q, "{p}");
                // Each side's room and threats are the other's in the
                // swapped position.
                assert_eq!(sides_p, sides_q.swapped(), "{p}");
                assert_eq!(evaluate_and_sides(&p).1, evaluate_and_sides(&q).1, "{p}");
                // Where no force is pending the colours can be swapped
                // with the same side to move: then the mover's score turns.
                if p.force == 0 {
                    let mut r = q;
                    r.side = p.side;
                    assert_eq!(evaluate(&r), -evaluate(&p), "{p} vs {r}");
                }
            }
        }
    }

    #[test]
    fn a_quarter_turn_of_the_board_changes_nothing() {
        for rules in ["", "squares=5,pegs=14"] {
            for p in playout_positions(rules, 300) {
                let q = quarter_turn(&p);
                assert_eq!(evaluate(&p), evaluate(&q), "{p} vs {q}");
            }
        }
    }

    #[test]
    fn more_material_scores_higher() {
        // One White peg fewer on the board, in hand, then a reserve peg.
        let even = eval("b:K10,1,3/w:K14,5,7/hand:7,7/reserve:3,3/turn:b");
        let peg_up = eval("b:K10,1,3/w:K14,5/hand:7,7/reserve:3,3/turn:b");
        let hand_up = eval("b:K10,1,3/w:K14,5,7/hand:7,6/reserve:3,3/turn:b");
        let reserve_up = eval("b:K10,1,3/w:K14,5,7/hand:7,7/reserve:3,2/turn:b");
        assert!(peg_up >= even + 60, "{peg_up} vs {even}");
        assert!(hand_up >= even + 60, "{hand_up} vs {even}");
        assert!(reserve_up > even, "{reserve_up} vs {even}");
        // From White's view the same positions are worse.
        assert!(eval("b:K10,1,3/w:K14,5/hand:7,7/reserve:3,3/turn:w") <= -60);
        // In the sliding phase too, a peg up is well ahead.
        let slide = eval("b:K18,1,3,5,7/w:K22,9,11,13/hand:0,0/reserve:3,3/turn:w");
        assert!(slide <= -60, "{slide}");
    }

    #[test]
    fn a_nearly_blocked_king_scores_worse() {
        // Black's King in 11: White's 10 and 12 hold his pair along the
        // square; his last free hole is 19 (3 is his own peg) and White's
        // 20 can fill it.
        let nearly = eval("b:K11,3,1/w:10,12,20/hand:0,0/reserve:3,3/turn:b");
        // The same pegs, Black's King away from them in 17.
        let free = eval("b:K17,3,1/w:10,12,20/hand:0,0/reserve:3,3/turn:b");
        assert!(nearly + 60 <= free, "nearly blocked {nearly}, free {free}");
        // Seen from White, the nearly blocked King is a target.
        let target = eval("b:K11,3,1/w:10,12,20/hand:0,0/reserve:3,3/turn:w");
        assert_eq!(target, -nearly);
        // Fewer free holes round the King, worse, before any jaw is held.
        let open = eval("b:K11,1/w:9,20/hand:0,0/reserve:3,3/turn:b");
        let cramped = eval("b:K11,1/w:10,19/hand:0,0/reserve:3,3/turn:b");
        assert!(cramped < open, "cramped {cramped}, open {open}");
        // The threat itself, as the learned model reads it: White (the
        // other side, with Black to move) can block the King next move.
        let (_, sides) =
            evaluate_and_sides(&pos("b:K11,3,1/w:10,12,20/hand:0,0/reserve:3,3/turn:b"));
        assert!(sides.threats[1].king && !sides.threats[0].king, "{sides:?}");
        let (_, sides) =
            evaluate_and_sides(&pos("b:K17,3,1/w:10,12,20/hand:0,0/reserve:3,3/turn:b"));
        assert!(!sides.threats[1].king, "{sides:?}");
    }

    #[test]
    fn threats_count_for_the_side_that_has_them() {
        // Black's 1 and 2 on the line 1-2-3, 3 empty and Black still
        // placing: a line threat. The same pegs off any common line score
        // less.
        let threat = eval("b:K20,1,2/w:K24,13,15/hand:6,7/reserve:3,3/turn:w");
        let scattered = eval("b:K20,1,6/w:K24,13,15/hand:6,7/reserve:3,3/turn:w");
        assert!(-threat > -scattered, "{threat} vs {scattered}");
        // Counted for each side, the side to move (White: 13 and 15 round
        // the empty 14) first.
        let lines = |text: &str| evaluate_and_sides(&pos(text)).1.threats.map(|t| t.lines);
        assert_eq!(
            lines("b:K20,1,2/w:K24,13,15/hand:6,7/reserve:3,3/turn:w"),
            [1, 1]
        );
        assert_eq!(
            lines("b:K20,1,6/w:K24,13,15/hand:6,7/reserve:3,3/turn:w"),
            [1, 0]
        );
        // White's 9 attacked: Black's 1 on one side of its pair 1-17, 17
        // empty and Black placing.
        let attacked = eval("b:K20,1/w:K24,9/hand:7,8/reserve:3,3/turn:b");
        let safe = eval("b:K20,5/w:K24,9/hand:7,8/reserve:3,3/turn:b");
        assert!(attacked > safe, "{attacked} vs {safe}");
        let blocks = |text: &str| evaluate_and_sides(&pos(text)).1.threats.map(|t| t.blocks);
        assert_eq!(
            blocks("b:K20,1/w:K24,9/hand:7,8/reserve:3,3/turn:b"),
            [1, 0]
        );
        assert_eq!(
            blocks("b:K20,5/w:K24,9/hand:7,8/reserve:3,3/turn:b"),
            [0, 0]
        );
    }
}
