//! Move generation: the placement and sliding phases, forced moves, a
//! blocked King's escapes, line removals and the no-self-block test, all as
//! word operations on the board's tables.
//!
//! Every candidate (origin, destination) is judged once: its block captures,
//! whether it makes a line, the reserve peg a forced King brings on, and
//! whether the mover's King is blocked afterwards. A line removal only ever
//! empties a hole, so the removals that keep the move legal are a mask too:
//! if the move leaves the King blocked, exactly the removals of one of his
//! neighbours free him. The same pass counts (perft's last ply) or lists.

use crate::arrival::{block_captures, king_block, makes_line};
use crate::board::Board;
use crate::hole::bits;
use crate::moves::PegMove;
use crate::position::{PegMoveList, PegPosition};

/// Where generated moves go: a list, or a count.
pub(crate) trait Sink {
    /// One move without a removal.
    fn one(&mut self, mv: PegMove);
    /// `mv` once for each removal in the (non-empty or empty) mask.
    fn removals(&mut self, mv: PegMove, removals: u64);
}

impl Sink for PegMoveList {
    #[inline(always)]
    fn one(&mut self, mv: PegMove) {
        self.push(mv);
    }

    #[inline(always)]
    fn removals(&mut self, mv: PegMove, removals: u64) {
        for r in bits(removals) {
            self.push(mv.with_remove_index(r as u8));
        }
    }
}

/// Counts moves without building them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn one(&mut self, _: PegMove) {
        self.0 += 1;
    }

    #[inline(always)]
    fn removals(&mut self, _: PegMove, removals: u64) {
        self.0 += removals.count_ones() as u64;
    }
}

/// What every candidate of one position shares.
struct Ctx<'a> {
    board: &'a Board,
    mine: u64,
    theirs: u64,
    /// The adversary's ordinary pegs (capturable, removable).
    victims: u64,
    my_king: u64,
    /// Escaping a King block: the move must capture one of these (0: no
    /// such demand).
    need: u64,
    /// Whether the adversary has a reserve peg for a forced King's hole.
    reserve: bool,
}

impl Ctx<'_> {
    /// Judges the move of a peg from `from_bit` (0: a placement) to `to`.
    #[inline(always)]
    fn candidate<S: Sink>(
        &self,
        sink: &mut S,
        from_bit: u64,
        to: usize,
        mv: PegMove,
        forced_king: bool,
    ) {
        let board = self.board;
        let to_bit = 1u64 << to;
        let mine = (self.mine & !from_bit) | to_bit;
        let king = if self.my_king & from_bit != 0 || mv.is_king_placement() {
            to_bit
        } else {
            self.my_king
        };
        let captured = block_captures(board, to, mine, self.victims);
        let removable = self.victims & !captured;
        let mut theirs = self.theirs & !captured;
        if forced_king && self.reserve {
            theirs |= from_bit;
        }
        let blocked = king_block(board, king, mine | theirs, theirs) != 0;
        let escapes = self.need == 0 || captured & self.need != 0;
        if removable != 0 && makes_line(board, to, mine) {
            let mut choices = removable;
            if !escapes {
                choices &= self.need;
            }
            if blocked {
                // Emptying any hole next to the King frees him.
                choices &= board.nb(king.trailing_zeros() as usize);
            }
            sink.removals(mv, choices);
        } else if escapes && !blocked {
            sink.one(mv);
        }
    }

    /// The moves of the side's phase: placements while he has pegs in
    /// hand (the King first), slides after.
    #[inline(always)]
    fn phase<S: Sink>(&self, sink: &mut S, hand: u8, vacant: u64) {
        if hand > 0 {
            let king = self.my_king == 0;
            for to in bits(vacant) {
                self.candidate(sink, 0, to, PegMove::raw(u8::MAX, to as u8, king), false);
            }
        } else {
            for from in bits(self.mine) {
                for to in bits(self.board.nb(from) & vacant) {
                    let mv = PegMove::raw(from as u8, to as u8, false);
                    self.candidate(sink, 1 << from, to, mv, false);
                }
            }
        }
    }
}

/// Every legal move of `pos`, into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &PegPosition, sink: &mut S) {
    let board = pos.board;
    let s = pos.side.index();
    let t = 1 - s;
    let mine = pos.pegs[s];
    let theirs = pos.pegs[t];
    let occupied = mine | theirs;
    let vacant = board.all_bits() & !occupied;
    let mut ctx = Ctx {
        board,
        mine,
        theirs,
        victims: theirs & !pos.kings,
        my_king: mine & pos.kings,
        need: 0,
        reserve: pos.reserve[t] > 0,
    };
    let blocking = king_block(board, ctx.my_king, occupied, theirs);
    if blocking != 0 {
        // A blocked King overrides forces: escapes only.
        ctx.need = blocking;
        ctx.phase(sink, pos.hand[s], vacant);
    } else if pos.force != 0 {
        for from in bits(pos.force & mine) {
            let from_bit = 1u64 << from;
            let forced_king = from_bit & ctx.my_king != 0;
            for to in bits(board.nearest_vacant(from, vacant)) {
                let mv = PegMove::raw(from as u8, to as u8, false);
                ctx.candidate(sink, from_bit, to, mv, forced_king);
            }
        }
    } else {
        ctx.phase(sink, pos.hand[s], vacant);
    }
}
