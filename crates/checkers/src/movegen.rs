//! Move generation on bitboards, one generator for both rule sets.
//!
//! Steps are found a direction at a time with masked shifts. Captures are
//! found the same way (which pieces can jump at all), then each jumping piece
//! walks its capture tree depth-first through per-square tables. The walk
//! either reports only complete paths (english, and compelled captures) or
//! every prefix too (huffing, where a player may stop short and offend).
//! Results go to a [`Sink`], so counting for perft's last ply and building a
//! move list share one walk.

// A direction `d` picks a shift and a table row at once: index loops read best.
#![allow(clippy::needless_range_loop)]

use crate::geometry::{
    jump_from, reverse, step, Dir, KING_DIRS, LANDING, MAN_DIRS, NEIGHBOUR, ROW_1_4, ROW_29_32,
};
use crate::moves::{Move, CROWNS, NEGLECT, STOPPED_SHORT};
use parlour_game::Side;

/// Where generated moves go.
pub(crate) trait Sink {
    fn push(&mut self, mv: Move);
}

/// A sink that only counts.
#[derive(Default)]
pub(crate) struct Count(pub u64);

impl Sink for Count {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// What [`Board::step_kinds`] finds of a side's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Steps {
    /// The side has a step.
    pub any: bool,
    /// One of its steps crowns a man.
    pub crowning: bool,
}

/// The board from the side to move's view: what generation reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    pub own: u32,
    pub opp: u32,
    pub kings: u32,
    pub side: Side,
}

impl Board {
    #[inline(always)]
    pub fn empty(&self) -> u32 {
        !(self.own | self.opp)
    }

    /// The row where the side's men are crowned.
    #[inline(always)]
    pub fn crown_row(&self) -> u32 {
        match self.side {
            Side::Black => ROW_29_32,
            Side::White => ROW_1_4,
        }
    }

    /// Whether the side's men move in direction `d`: Black's in 0 and 1,
    /// White's in 2 and 3 (the sets of [`MAN_DIRS`]). A comparison, where
    /// `d` is a constant of an unrolled loop, rather than a table read.
    #[inline(always)]
    fn man_moves(&self, d: Dir) -> bool {
        (d < 2) == (self.side == Side::Black)
    }

    /// The side's pieces that can move in direction `d`; `KINGS` false
    /// promises the side has no king, which removes the backward directions
    /// at compile time.
    #[inline(always)]
    fn movers<const KINGS: bool>(&self, d: Dir) -> u32 {
        if self.man_moves(d) {
            self.own
        } else if KINGS {
            self.own & self.kings
        } else {
            0
        }
    }

    /// Which steps (moves that capture nothing) the side has.
    #[inline(always)]
    pub fn step_kinds(&self) -> Steps {
        let empty = self.empty();
        let men = self.own & !self.kings;
        let kings = self.own & self.kings;
        let (mut men_to, mut kings_to) = (0, 0);
        for d in 0..4 {
            if self.man_moves(d) {
                men_to |= step(men, d);
            }
            kings_to |= step(kings, d);
        }
        let men_to = men_to & empty;
        Steps {
            any: (men_to | kings_to & empty) != 0,
            crowning: men_to & self.crown_row() != 0,
        }
    }

    /// The side's pieces with a jump open.
    #[inline(always)]
    pub fn jumpers(&self) -> u32 {
        self.jumpers_with::<true>()
    }

    #[inline(always)]
    fn jumpers_with<const KINGS: bool>(&self) -> u32 {
        let empty = self.empty();
        let mut sources = 0;
        for d in 0..4 {
            sources |= self.movers::<KINGS>(d) & step(self.opp, reverse(d)) & jump_from(empty, d);
        }
        sources
    }

    /// The number of captures (complete paths, or with `PREFIXES` every
    /// prefix too) of the pieces in `jumpers`, counted without walking where
    /// a bitboard sum will do: a piece none of whose first jumps can go on
    /// has exactly one move per first jump. Only pieces with a longer path
    /// walk their tree.
    #[inline(always)]
    fn count_captures<const KINGS: bool, const PREFIXES: bool>(&self) -> u64 {
        let empty = self.empty();
        // open[d]: the squares from which a jump in direction d is open.
        let open: [u32; 4] =
            std::array::from_fn(|d| step(self.opp, reverse(d)) & jump_from(empty, d));
        let men = self.own & !self.kings;
        let kings = if KINGS { self.own & self.kings } else { 0 };
        let crown = self.crown_row();
        let man_open = (0..4)
            .filter(|&d| self.man_moves(d))
            .fold(0, |acc, d| acc | open[d]);
        // Pieces with a first jump after which a second is open. The piece
        // jumped stays on the board, so going straight back is never open;
        // no other direction reaches the square the piece left.
        let mut long = 0;
        for d in 0..4 {
            let r = reverse(d);
            if self.man_moves(d) {
                let land = jump_from(men & open[d], r) & !crown;
                long |= jump_from(land & man_open, d);
            }
            if KINGS {
                let onward = open[(d + 1) & 3] | open[d] | open[(d + 3) & 3];
                let land = jump_from(kings & open[d], r);
                long |= jump_from(land & onward, d);
            }
        }
        let mut n = 0u64;
        for d in 0..4 {
            let movers = if self.man_moves(d) {
                men | kings
            } else {
                kings
            };
            n += (movers & !long & open[d]).count_ones() as u64;
        }
        if long != 0 {
            let mut count = Count(0);
            self.captures::<PREFIXES, _>(long, &mut count);
            n += count.0;
        }
        n
    }

    /// The number of steps (non-capturing moves).
    #[inline(always)]
    fn count_steps<const KINGS: bool>(&self) -> u64 {
        let empty = self.empty();
        let mut n = 0;
        for d in 0..4 {
            n += (step(self.movers::<KINGS>(d), d) & empty).count_ones();
        }
        n as u64
    }

    /// Every step, flagged `flags` (a neglect under huffing when captures
    /// were open).
    #[inline(always)]
    fn steps<const KINGS: bool, S: Sink>(&self, flags: u8, sink: &mut S) {
        let empty = self.empty();
        let crown = self.crown_row();
        for d in 0..4 {
            let mut movers = self.movers::<KINGS>(d) & step(empty, reverse(d));
            while movers != 0 {
                let from = movers.trailing_zeros();
                movers &= movers - 1;
                let to_bit = NEIGHBOUR[d][from as usize];
                let crowned = if to_bit & crown != 0 && self.kings & (1 << from) == 0 {
                    CROWNS
                } else {
                    0
                };
                sink.push(Move::step(from, to_bit.trailing_zeros(), flags | crowned));
            }
        }
    }

    /// Every capture of the pieces in `pieces` (a subset of the side's
    /// jumpers): complete paths only, or, with `PREFIXES`, every prefix too.
    #[inline(always)]
    pub fn captures<const PREFIXES: bool, S: Sink>(&self, pieces: u32, sink: &mut S) {
        let mut pieces = pieces;
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            let king = self.kings & (1 << from) != 0;
            let mut walk = Walk {
                opp: self.opp,
                // The piece's own square is empty while it captures.
                empty: self.empty() | (1 << from),
                crown: if king { 0 } else { self.crown_row() },
                from,
                sink: &mut *sink,
            };
            // One instantiation per set of directions, so the walk's
            // direction tests fold away.
            match (king, self.side) {
                (true, _) => walk.start::<KING_DIRS, PREFIXES>(),
                (false, Side::Black) => walk.start::<{ MAN_DIRS[0] }, PREFIXES>(),
                (false, Side::White) => walk.start::<{ MAN_DIRS[1] }, PREFIXES>(),
            }
        }
    }
}

/// One piece's capture tree.
struct Walk<'a, S: Sink> {
    /// The adversary's pieces; jumped ones stay until the move ends.
    opp: u32,
    empty: u32,
    /// The crowning row for a man, nothing for a king.
    crown: u32,
    from: u32,
    sink: &'a mut S,
}

impl<S: Sink> Walk<'_, S> {
    /// Walks the tree from the piece's start square.
    #[inline(always)]
    fn start<const DIRS: u8, const PREFIXES: bool>(&mut self) {
        let from = self.from as usize;
        let open = self.open::<DIRS>(from, 0);
        self.extend::<DIRS, PREFIXES>(from, 0, 0, 0, open);
    }

    /// The directions (of `DIRS`) with a jump open from `sq`, given the
    /// pieces already jumped.
    #[inline(always)]
    fn open<const DIRS: u8>(&self, sq: usize, captured: u32) -> u8 {
        let victims = self.opp & !captured;
        let mut open = 0;
        for d in 0..4 {
            if DIRS & (1 << d) != 0
                && NEIGHBOUR[d][sq] & victims != 0
                && LANDING[d][sq] & self.empty != 0
            {
                open |= 1 << d;
            }
        }
        open
    }

    fn extend<const DIRS: u8, const PREFIXES: bool>(
        &mut self,
        sq: usize,
        captured: u32,
        path: u32,
        jumps: u32,
        open: u8,
    ) {
        let mut open = open;
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
            let land = LANDING[d][sq];
            let to = land.trailing_zeros();
            let captured = captured | NEIGHBOUR[d][sq];
            let path = path | (d as u32) << (2 * jumps);
            let jumps = jumps + 1;
            if land & self.crown != 0 {
                // A man crowned: his move ends here, complete.
                self.sink
                    .push(Move::capture(self.from, to, jumps, path, captured, CROWNS));
                continue;
            }
            let next = self.open::<DIRS>(to as usize, captured);
            if next == 0 {
                self.sink
                    .push(Move::capture(self.from, to, jumps, path, captured, 0));
            } else {
                if PREFIXES {
                    self.sink.push(Move::capture(
                        self.from,
                        to,
                        jumps,
                        path,
                        captured,
                        STOPPED_SHORT,
                    ));
                }
                self.extend::<DIRS, PREFIXES>(to as usize, captured, path, jumps, next);
            }
        }
    }
}

/// Runs `body` with `b`, the board rebuilt around a constant side, and `K`,
/// a constant saying whether the side has a king: after inlining, each of
/// the four gets its own code, its directions and crowning row known at
/// compile time, and without a king the backward directions never
/// computed.
macro_rules! per_side {
    ($board:expr, |$b:ident, $k:ident| $body:expr) => {{
        let board: &Board = $board;
        let has_kings = board.own & board.kings != 0;
        per_side!(@arms board, has_kings, |$b, $k| $body;
            (Black, false), (Black, true), (White, false), (White, true))
    }};
    (@arms $board:ident, $has_kings:ident, |$b:ident, $k:ident| $body:expr;
        $(($side:ident, $kings:literal)),*) => {
        match ($board.side, $has_kings) {
            $((Side::$side, $kings) => {
                const $k: bool = $kings;
                let $b = &Board {
                    side: Side::$side,
                    ..*$board
                };
                $body
            })*
        }
    };
}

/// English: every capture if any, else every step.
#[inline(always)]
pub(crate) fn english<S: Sink>(board: &Board, sink: &mut S) {
    per_side!(board, |b, K| {
        let jumpers = b.jumpers_with::<K>();
        if jumpers != 0 {
            b.captures::<false, S>(jumpers, sink);
        } else {
            b.steps::<K, S>(0, sink);
        }
    })
}

/// English, counted: the leaves of perft's last ply.
#[inline(always)]
pub(crate) fn count_english(board: &Board) -> u64 {
    per_side!(board, |b, K| {
        if b.jumpers_with::<K>() != 0 {
            b.count_captures::<K, false>()
        } else {
            b.count_steps::<K>()
        }
    })
}

/// Huffing with nothing pending: every step (a neglect if a capture was open)
/// and every capture path with each of its prefixes.
#[inline(always)]
pub(crate) fn huffing<S: Sink>(board: &Board, sink: &mut S) {
    per_side!(board, |b, K| {
        let jumpers = b.jumpers_with::<K>();
        b.steps::<K, S>(if jumpers != 0 { NEGLECT } else { 0 }, sink);
        if jumpers != 0 {
            b.captures::<true, S>(jumpers, sink);
        }
    })
}

/// Huffing, counted.
#[inline(always)]
pub(crate) fn count_huffing(board: &Board) -> u64 {
    per_side!(board, |b, K| {
        let steps = b.count_steps::<K>();
        if b.jumpers_with::<K>() != 0 {
            steps + b.count_captures::<K, true>()
        } else {
            steps
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn men_move_in_the_directions_of_their_side() {
        for side in Side::BOTH {
            let board = Board {
                own: 0,
                opp: 0,
                kings: 0,
                side,
            };
            for d in 0..4 {
                let table = MAN_DIRS[side.index()] & (1 << d) != 0;
                assert_eq!(board.man_moves(d), table, "{side:?} d={d}");
            }
        }
    }
}
