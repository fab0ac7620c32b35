//! The position: each side's pegs and King as bit masks, hand and reserve
//! counts, the side to move, the pending force, the rules. Copy-make:
//! [`PegPosition::play`] returns a new position.

use crate::board::Board;
use crate::error::MoveError;
use crate::hole::{Hole, HoleSet};
use crate::movegen::{self, Counter};
use crate::moves::PegMove;
use crate::rules::PegRules;
use crate::zobrist;
use arrayvec::ArrayVec;
use parlour_game::{FullKey, Game, Side};
use std::fmt;

/// The capacity of a move list, a bound on the legal moves of any position.
///
/// A move is an (origin, destination) pair times its removal choices (at
/// most the adversary's ordinary pegs A, or one move without removal). With
/// V vacant holes and V + A at most 48: placements are at most V·max(1, A)
/// ≤ 576 (or 48 with A = 0); slides at most 4V·max(1, A) ≤ 2304 (a vacant
/// hole has at most 4 neighbours); forced moves at most 5V·max(1, A) ≤ 2880
/// (one move forces at most 5 pegs, one per line through the arriving peg,
/// and text may name no more). Escapes are a subset of placements or slides.
pub const MAX_MOVES: usize = 5 * 24 * 24;

/// A list of peg moves on the stack.
pub type PegMoveList = ArrayVec<PegMove, MAX_MOVES>;

/// A position of the peg game under its rules.
#[derive(Clone, Copy)]
pub struct PegPosition {
    /// Each side's pegs, the King included, by [`Side::index`].
    pub(crate) pegs: [u64; 2],
    /// Both Kings.
    pub(crate) kings: u64,
    pub(crate) hand: [u8; 2],
    pub(crate) reserve: [u8; 2],
    pub(crate) side: Side,
    /// The holes of the side to move's pegs forced by the previous move.
    pub(crate) force: u64,
    pub(crate) rules: PegRules,
    /// The board of `rules`, interned.
    pub(crate) board: &'static Board,
}

impl PartialEq for PegPosition {
    fn eq(&self, other: &Self) -> bool {
        // The board follows from the rules.
        self.pegs == other.pegs
            && self.kings == other.kings
            && self.hand == other.hand
            && self.reserve == other.reserve
            && self.side == other.side
            && self.force == other.force
            && self.rules == other.rules
    }
}

impl Eq for PegPosition {}

impl std::hash::Hash for PegPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(zobrist::hash(self));
    }
}

impl fmt::Debug for PegPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PegPosition({self})")
    }
}

/// Whether the King in `king` (a one-bit mask, or 0 for none) is blocked
/// with `occupied` filled and `adversary` holding the pairs: the blocking
/// pegs (every adversary pair holding him), or 0.
#[inline(always)]
pub(crate) fn king_block(board: &Board, king: u64, occupied: u64, adversary: u64) -> u64 {
    if king == 0 {
        return 0;
    }
    let k = king.trailing_zeros() as usize;
    if board.nb(k) & !occupied != 0 {
        return 0;
    }
    let [p, q] = *board.pair_masks(k);
    let mut blocking = 0;
    if p & adversary == p {
        blocking |= p;
    }
    if q & adversary == q {
        blocking |= q;
    }
    blocking
}

/// The adversary ordinary pegs that a peg arriving in `to` blocks, with
/// `mine` the mover's pegs after the move.
#[inline(always)]
pub(crate) fn block_captures(board: &Board, to: usize, mine: u64, victims: u64) -> u64 {
    let mut captured = 0;
    for &(x, b) in board.jaws_at(to) {
        if x & victims != 0 && b & mine != 0 {
            captured |= x;
        }
    }
    captured
}

/// Whether a peg arriving in `to` completes a line of the mover's pegs.
#[inline(always)]
pub(crate) fn makes_line(board: &Board, to: usize, mine: u64) -> bool {
    board
        .lines_at(to)
        .iter()
        .any(|line| line.others & mine == line.others)
}

/// The adversary pegs forced by lines through the arriving peg in `to`.
#[inline(always)]
fn forces(board: &Board, to: usize, mine: u64, adversary: u64) -> u64 {
    let mut forced = 0;
    for line in board.lines_at(to) {
        let mut ends = line.ends & adversary;
        while ends != 0 {
            let e = ends & ends.wrapping_neg();
            let rest = line.others ^ e;
            if rest & mine == rest {
                forced |= e;
            }
            ends ^= e;
        }
    }
    forced
}

impl PegPosition {
    /// The start: an empty board, `pegs` in each hand, full reserves, Black
    /// to move.
    pub fn start(rules: PegRules) -> PegPosition {
        PegPosition {
            pegs: [0, 0],
            kings: 0,
            hand: [rules.pegs; 2],
            reserve: [rules.reserve; 2],
            side: Side::Black,
            force: 0,
            rules,
            board: rules.board(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> PegRules {
        self.rules
    }

    /// The generated board of the rules.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Every peg of `side`, the King included.
    pub fn pegs(&self, side: Side) -> HoleSet {
        HoleSet(self.pegs[side.index()])
    }

    /// The hole of `side`'s King, if he is on the board.
    pub fn king(&self, side: Side) -> Option<Hole> {
        HoleSet(self.kings & self.pegs[side.index()]).first()
    }

    /// The ordinary pegs `side` has in hand.
    pub fn hand(&self, side: Side) -> u8 {
        self.hand[side.index()]
    }

    /// The reserve pegs `side` has left.
    pub fn reserve(&self, side: Side) -> u8 {
        self.reserve[side.index()]
    }

    /// The side to move's pegs forced by the previous move.
    pub fn forced(&self) -> HoleSet {
        HoleSet(self.force)
    }

    /// The pegs blocking the side to move's King, if he is blocked (then
    /// his only legal moves are escapes); empty otherwise.
    pub fn king_blockers(&self) -> HoleSet {
        let s = self.side.index();
        let occupied = self.pegs[0] | self.pegs[1];
        HoleSet(king_block(
            self.board,
            self.kings & self.pegs[s],
            occupied,
            self.pegs[1 - s],
        ))
    }

    /// Every legal move, into `moves` (cleared first).
    pub fn moves(&self, moves: &mut PegMoveList) {
        moves.clear();
        movegen::generate(self, moves);
    }

    /// The number of legal moves, counted without building them.
    pub fn count(&self) -> u64 {
        let mut counter = Counter(0);
        movegen::generate(self, &mut counter);
        counter.0
    }

    /// The position after `mv`, which must be legal here.
    pub fn play(&self, mv: PegMove) -> PegPosition {
        let board = self.board;
        let s = self.side.index();
        let t = 1 - s;
        let mut next = *self;
        let to = mv.to().index();
        let to_bit = 1u64 << to;
        let mut mine = self.pegs[s];
        let mut forced_king = false;
        let from_bit = match mv.from() {
            None => {
                mine |= to_bit;
                if mv.is_king_placement() {
                    next.kings |= to_bit;
                } else {
                    next.hand[s] -= 1;
                }
                0
            }
            Some(from) => {
                let from_bit = from.set().0;
                mine = (mine & !from_bit) | to_bit;
                if self.kings & from_bit != 0 {
                    next.kings ^= from_bit | to_bit;
                    forced_king = self.force & from_bit != 0;
                }
                from_bit
            }
        };
        let captured = block_captures(board, to, mine, self.pegs[t] & !self.kings);
        let mut theirs = self.pegs[t] & !captured;
        if let Some(r) = mv.removal() {
            theirs &= !r.set().0;
        }
        if forced_king && next.reserve[t] > 0 {
            theirs |= from_bit;
            next.reserve[t] -= 1;
        }
        next.pegs[s] = mine;
        next.pegs[t] = theirs;
        next.force = forces(board, to, mine, theirs);
        next.side = self.side.opponent();
        next
    }

    /// Whether `mv` (legal here) can never be undone: a placement, a
    /// capture or line removal, or a reserve peg brought on.
    pub fn is_irreversible(&self, mv: PegMove) -> bool {
        if mv.is_placement() || mv.removal().is_some() {
            return true;
        }
        let t = self.side.opponent().index();
        let next = self.play(mv);
        next.reserve != self.reserve || self.pegs[t] & !next.pegs[t] != 0
    }

    /// Reads a move and matches it against the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<PegMove, MoveError> {
        let mv = PegMove::parse(text.trim(), self.board.hole_count())?;
        let mut list = PegMoveList::new();
        self.moves(&mut list);
        if list.contains(&mv) {
            return Ok(mv);
        }
        let mut legal: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        legal.sort();
        let text = text.to_string();
        Err(if legal.is_empty() {
            MoveError::NoMove {
                text,
                side: self.side,
            }
        } else {
            MoveError::Illegal { text, legal }
        })
    }
}

impl Game for PegPosition {
    type Move = PegMove;
    type MoveList = PegMoveList;
    type MoveError = MoveError;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    #[inline]
    fn legal_moves(&self, moves: &mut PegMoveList) {
        self.moves(moves)
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.count()
    }

    #[inline]
    fn play(&self, mv: PegMove) -> PegPosition {
        PegPosition::play(self, mv)
    }

    fn hash(&self) -> u64 {
        zobrist::hash(self)
    }

    #[inline]
    fn full_key(&self) -> Option<FullKey> {
        crate::key::full_key(self)
    }

    fn is_irreversible(&self, mv: PegMove) -> bool {
        PegPosition::is_irreversible(self, mv)
    }

    fn quiet_ply_limit(&self) -> u32 {
        self.rules.quiet_plies as u32
    }

    fn parse_move(&self, text: &str) -> Result<PegMove, MoveError> {
        PegPosition::parse_move(self, text)
    }
}
