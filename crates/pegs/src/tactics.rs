//! Which peg moves are tactical, and the rest of the peg game's side of
//! [`parlour_game::Evaluate`].
//!
//! Tactical moves (searched first, and alone in the quiescence search):
//! captures (by block or a line removal; a free line move's removals count
//! once, for the most dangerous peg; and a placement that captures or
//! removes counts only if the adversary cannot at once block the placed
//! peg or make a line, else it starts an exchange, not a gain), a blocked
//! King's escapes (which are captures, with every removal), moves that
//! block the adversary's King, moves that force
//! the adversary's King alone while the mover has a reserve peg, a forced
//! King's moves that bring the forcer's reserve peg on, and in the sliding
//! phase a forced peg's moves (unless the forced move itself forces back
//! without taking anything). That set is bounded: a capture, a placement and a
//! reserve peg each make `2 * (hand + reserve) + pegs on board` smaller,
//! and every other tactical move is followed at once by one of those or by
//! the end of the game (a blocked King must capture or lose; a King forced
//! alone brings the forcer's reserve peg; a forced move that does not
//! force back leaves the forcer no tactical move but these). Forcing
//! slides of ordinary pegs are left to the main search and to the
//! evaluation's forcing threats: two players forcing each other back and
//! forth could go on without end.

use crate::arrival::king_block;
use crate::eval::PEG;
use crate::evaluator::PegEval;
use crate::hole::bits;
use crate::moves::PegMove;
use crate::position::PegPosition;
use parlour_game::Evaluate;

impl PegPosition {
    /// What `mv` (legal here) takes at once: the adversary's ordinary
    /// pegs captured or removed, less the reserve peg a forced King hands
    /// the adversary.
    #[inline(always)]
    fn taken(&self, next: &PegPosition) -> u64 {
        let t = self.side.opponent().index();
        self.pegs[t] & !self.kings & !next.pegs[t]
    }
}

impl PegPosition {
    /// Whether the side to move can take something back at once: block
    /// the adversary peg in `h` (one peg of an opposite pair of `h` its
    /// own, the other hole empty and reachable), or make a line and remove
    /// any peg.
    fn counter_threat(&self, h: usize) -> bool {
        let board = self.board;
        let s = self.side.index();
        let mine = self.pegs[s];
        let vacant = board.all_bits() & !(self.pegs[0] | self.pegs[1]);
        let reaches = |empty: u64, excluded: u64| {
            self.hand[s] > 0 || board.nb(empty.trailing_zeros() as usize) & mine & !excluded != 0
        };
        let blocks = board.pair_masks(h).iter().any(|&pair| {
            let empty = pair & vacant;
            pair & mine != 0 && empty != 0 && reaches(empty, 0)
        });
        blocks
            || board.line_masks().iter().any(|line| {
                let empty = line.all & vacant;
                (line.all & mine).count_ones() == 2 && empty != 0 && reaches(empty, line.all)
            })
    }

    /// Of the removals open to the line-making move `mv`, the adversary
    /// peg most worth taking: one next to the mover's King, then one on an
    /// adversary line threat, then one attacking a peg of the mover, then
    /// the most mobile; the lowest hole among equals.
    fn chief_removal(&self, mv: PegMove) -> usize {
        let board = self.board;
        let s = self.side.index();
        let t = 1 - s;
        let bare = match mv.from() {
            Some(from) => PegMove::shift(from, mv.to()),
            None => PegMove::place(mv.to(), mv.is_king_placement()),
        };
        let next = self.play(bare);
        let mine = next.pegs[s];
        let theirs = next.pegs[t];
        let vacant = board.all_bits() & !(mine | theirs);
        let my_king = mine & next.kings;
        let mut choices = theirs & !next.kings;
        if king_block(board, my_king, mine | theirs, theirs) != 0 {
            // Only emptying a hole next to the King makes the move legal.
            choices &= board.nb(my_king.trailing_zeros() as usize);
        }
        let near_king = if my_king == 0 {
            0
        } else {
            board.nb(my_king.trailing_zeros() as usize)
        };
        let mut on_threats = 0u64;
        for line in board.line_masks() {
            let held = line.all & theirs;
            if held.count_ones() == 2 && line.all & vacant != 0 {
                on_threats |= held;
            }
        }
        // The holes in a pair round one of the mover's ordinary pegs whose
        // other hole is empty: a peg there attacks it.
        let mut attacking = 0u64;
        for y in bits(mine & !next.kings) {
            for &pair in board.pair_masks(y) {
                if pair & vacant != 0 {
                    attacking |= pair;
                }
            }
        }
        let mut best = (i32::MIN, 0);
        for x in bits(choices) {
            let mut worth = (board.nb(x) & vacant).count_ones() as i32;
            if near_king & (1 << x) != 0 {
                worth += 64;
            }
            if on_threats & (1 << x) != 0 {
                worth += 32;
            }
            if attacking & (1 << x) != 0 {
                worth += 16;
            }
            if worth > best.0 {
                best = (worth, x);
            }
        }
        best.1
    }
}

impl Evaluate for PegPosition {
    type Evaluator = PegEval;

    /// A force to obey, or the King blocked.
    #[inline]
    fn is_unsettled(&self) -> bool {
        self.force != 0 || !self.king_blockers().is_empty()
    }

    /// Captures and line removals, a blocked King's escapes, King blocks,
    /// a force on the adversary King alone with a reserve peg to gain, and
    /// forced moves that do not force back (see the module's notes on why
    /// this set is bounded).
    #[inline]
    fn is_tactical(&self, mv: PegMove) -> bool {
        if let Some(removal) = mv.removal() {
            // Escapes and forced moves keep all their removals, so that
            // where every move is tactical none is lost; a free move's
            // removals are one tactical choice (the most dangerous peg) and
            // the rest quiet, or quiescence would branch on every peg.
            if self.force != 0 || !self.king_blockers().is_empty() {
                return true;
            }
            return self.chief_removal(mv) == removal.index()
                && !(mv.is_placement() && self.play(mv).counter_threat(mv.to().index()));
        }
        let next = self.play(mv);
        if !next.king_blockers().is_empty() {
            return true;
        }
        // A placement that captures a peg while the adversary can take
        // one back at once starts an exchange, not a gain: left to the
        // main search, or quiescence would play out the whole placement
        // phase in captures and recaptures. Escapes stay tactical.
        if self.taken(&next) != 0
            && (!mv.is_placement()
                || !self.king_blockers().is_empty()
                || !next.counter_threat(mv.to().index()))
        {
            return true;
        }
        let s = self.side.index();
        let their_king = next.pegs[1 - s] & next.kings;
        if next.force != 0 && next.force == their_king && self.reserve[s] > 0 {
            return true;
        }
        // A forced move (a King block overrides forces, but then every move
        // is an escape, a capture, and was answered above): a forced King
        // bringing the forcer's reserve peg on, or in the sliding phase a
        // forced move that does not force back. While its side still
        // places, a plain forced move is quiet: the forcer places again and
        // again while the forced side only answers, and on a large board
        // quiescence would follow such a run through the whole hand.
        self.force != 0 && (next.reserve != self.reserve || (self.hand[s] == 0 && next.force == 0))
    }

    #[inline]
    fn tactical_gain(&self, mv: PegMove) -> i32 {
        let next = self.play(mv);
        let mut gain = self.taken(&next).count_ones() as i32 * PEG;
        if !next.king_blockers().is_empty() {
            gain += 10 * PEG;
        }
        let s = self.side.index();
        // A reserve peg coming on: the forcer's gain, the forced side's loss.
        gain -= (self.reserve[1 - s] - next.reserve[1 - s]) as i32 * PEG;
        if next.force != 0 && next.force & next.kings != 0 && self.reserve[s] > 0 {
            gain += PEG / 2;
        }
        gain
    }

    /// Slides by (from, to); placements by their hole, the King's apart.
    #[inline]
    fn history_key(&self, mv: PegMove) -> usize {
        const HOLES: usize = crate::hole::MAX_HOLES;
        match mv.from() {
            Some(from) => from.index() * HOLES + mv.to().index(),
            None => {
                HOLES * HOLES + mv.to().index() + if mv.is_king_placement() { HOLES } else { 0 }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::PegMoveList;
    use crate::testing::playout_positions;
    use parlour_game::Side;

    fn pos(text: &str) -> PegPosition {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn moves(p: &PegPosition) -> Vec<PegMove> {
        let mut list = PegMoveList::new();
        p.moves(&mut list);
        list.to_vec()
    }

    #[test]
    fn captures_removals_king_blocks_and_forced_moves_are_tactical() {
        // The seed: White's 2-10 blocks Black's King in 11.
        // 12-4 captures Black's 3 (White's 2 on its other side).
        let p = pos("b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w");
        for mv in moves(&p) {
            let text = mv.to_string();
            assert_eq!(p.is_tactical(mv), text == "2-10" || text == "12-4", "{mv}");
        }
        let block = p.parse_move("2-10").unwrap();
        assert!(p.tactical_gain(block) >= 10 * PEG);
        // With Black's escape 17-9 (a capture) his only move.
        let q = pos("b:K11,3,17/w:10,12,19/hand:0,0/reserve:3,3/turn:b");
        let escapes = moves(&q);
        assert_eq!(escapes.len(), 1);
        assert!(q.is_tactical(escapes[0]));
        assert_eq!(q.tactical_gain(escapes[0]), PEG);
        // Placements: a block capture (Black in 1, White in 2, Black plays
        // 3) and line removals are tactical, a quiet placement is not.
        let r = pos("b:K20,1,9/w:K23,2/hand:7,8/reserve:3,3/turn:b");
        for mv in moves(&r) {
            let text = mv.to_string();
            let expected = text == "@3" || text.contains('x');
            assert_eq!(r.is_tactical(mv), expected, "{text}");
        }
        assert!(moves(&r).iter().any(|m| m.to_string() == "@17x2"));
        // With White's King in 24 instead, the peg placed in 17 could be
        // blocked at once from 18: not a gain, so not tactical.
        let k = pos("b:K20,1,9/w:K24,2/hand:7,8/reserve:3,3/turn:b");
        assert!(!k.is_tactical(k.parse_move("@17x2").unwrap()));
        assert!(k.is_tactical(k.parse_move("@3").unwrap()));
        // With White's 4 beside it, the peg placed in 3 could be blocked
        // at once from 2: an even exchange, not tactical.
        let e = pos("b:K20,1,9/w:K24,2,4/hand:7,7/reserve:3,3/turn:b");
        let capture = e.parse_move("@3").unwrap();
        assert_eq!(e.play(capture).pegs(Side::White).len(), 2, "2 is taken");
        assert!(!e.is_tactical(capture));
    }

    #[test]
    fn a_free_line_move_has_one_tactical_removal_the_most_dangerous_peg() {
        // Black's @3 makes the line 1-2-3 and may remove 10, 20 or 22;
        // White's 10 stands next to Black's King.
        let p = pos("b:K11,1,2/w:K24,10,20,22/hand:6,6/reserve:3,3/turn:b");
        let removals: Vec<String> = moves(&p)
            .into_iter()
            .filter(|m| m.removal().is_some())
            .map(|m| m.to_string())
            .collect();
        assert_eq!(removals, ["@3x10", "@3x20", "@3x22"]);
        let tactical: Vec<String> = moves(&p)
            .into_iter()
            .filter(|&m| m.removal().is_some() && p.is_tactical(m))
            .map(|m| m.to_string())
            .collect();
        assert_eq!(tactical, ["@3x10"]);
        // With White's 20 and 21 on a line, 19 empty, White could make a
        // line at once: then no removal is a clean gain.
        let q = pos("b:K11,1,2/w:K24,10,20,21/hand:6,6/reserve:3,3/turn:b");
        assert!(moves(&q)
            .iter()
            .all(|&m| !q.is_tactical(m) || m.removal().is_none()));
        // A blocked King's escapes keep every removal: all are tactical.
        let q = pos("b:K11,3,17/w:10,12,19/hand:0,0/reserve:3,3/turn:b");
        assert!(moves(&q).iter().all(|&m| q.is_tactical(m)));
    }

    /// What every capture, placement and reserve peg makes smaller.
    fn potential(p: &PegPosition) -> usize {
        let counts = p.hand.iter().chain(&p.reserve).map(|&c| c as usize);
        2 * counts.sum::<usize>() + ((p.pegs[0] | p.pegs[1]) & !p.kings).count_ones() as usize
    }

    #[test]
    fn a_forced_move_is_tactical_unless_it_forces_back() {
        // The contract's forced King: his only move brings White's
        // reserve peg.
        let p = pos("b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5");
        let forced = moves(&p);
        assert_eq!(forced.len(), 1);
        assert!(p.is_tactical(forced[0]));
        // Chains of tactical moves end: from random positions, always
        // playing a tactical move while there is one stops soon.
        for rules in ["", "squares=2", "pegs=11,reserve=1"] {
            for start in playout_positions(rules, 200) {
                let mut p = start;
                let mut plies = 0;
                loop {
                    let tactical: Vec<PegMove> = moves(&p)
                        .into_iter()
                        .filter(|&m| p.is_tactical(m))
                        .collect();
                    let Some(&mv) = tactical.get(plies % tactical.len().max(1)) else {
                        break;
                    };
                    p = p.play(mv);
                    plies += 1;
                    assert!(
                        plies <= 3 * potential(&start) + 2,
                        "an endless tactical chain from {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn history_keys_are_below_the_searchers_bound() {
        for p in playout_positions("squares=6,pegs=20", 100) {
            for mv in moves(&p) {
                assert!(p.history_key(mv) < parlour_game::HISTORY_KEYS);
            }
        }
    }
}
