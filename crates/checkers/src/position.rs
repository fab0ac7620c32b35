//! The position: pieces, side to move, rules, and (under huffing) what the
//! previous move left pending. Copy-make: [`Position::play`] returns a new
//! position.

use crate::bitboard::{Bitboard, Square};
use crate::error::{BoardError, MoveError, PendingError};
use crate::geometry::{ROW_1_4, ROW_29_32};
use crate::movegen::{self, Board, Sink};
use crate::moves::{Action, Move, CROWNS};
use crate::rules::{RuleSet, Rules};
use crate::zobrist;
use arrayvec::ArrayVec;
use parlour_game::{FullKey, Game, Side};

/// What the previous action left for the side to move to answer (huffing
/// only; always [`Pending::Nothing`] under english rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pending {
    /// No offence and no compulsion.
    #[default]
    Nothing,
    /// The adversary's last move offended (a neglect, or a capture stopped
    /// short): the side to move may let it stand, compel, or huff.
    Offence(Move),
    /// A neglect was compelled: the position is the one before the offending
    /// move, and the side to move must make a complete capture (`:C`).
    CompelCapture,
    /// A capture stopped short was compelled: the piece on the move's last
    /// square must complete it (`:C9x18`).
    CompelRest(Move),
}

/// The capacity of a move list: a bound on the actions of any position,
/// huffs included (each huffable piece times the moves after it).
pub const MAX_ACTIONS: usize = 2048;

/// A list of actions on the stack.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// A checkers position under its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each side's pieces, men and kings, indexed by [`Side::index`].
    pieces: [u32; 2],
    kings: u32,
    side: Side,
    rules: Rules,
    pending: Pending,
}

impl Position {
    /// The start: Black's men on 1-12, White's on 21-32, Black to move.
    pub const fn start(rules: Rules) -> Position {
        Position {
            pieces: [0x0000_0FFF, 0xFFF0_0000],
            kings: 0,
            side: Side::Black,
            rules,
            pending: Pending::Nothing,
        }
    }

    /// A position from its parts, checked for what can never happen: a
    /// square held twice, more than 12 pieces a side, a man on his crowning
    /// row, kings where there is no piece. A pending offence or compulsion is
    /// checked by [`Position::with_pending`].
    pub fn from_parts(
        black: Bitboard,
        white: Bitboard,
        kings: Bitboard,
        side: Side,
        rules: Rules,
    ) -> Result<Position, BoardError> {
        if let Some(square) = (black & white).first() {
            return Err(BoardError::BothColours { square });
        }
        if !(kings & !(black | white)).is_empty() {
            return Err(BoardError::KingWithoutPiece);
        }
        for (side, pieces) in [(Side::Black, black), (Side::White, white)] {
            if pieces.count() > 12 {
                return Err(BoardError::TooManyPieces {
                    side,
                    count: pieces.count(),
                });
            }
        }
        let crowned = [
            (Side::Black, black & !kings & Bitboard(ROW_29_32)),
            (Side::White, white & !kings & Bitboard(ROW_1_4)),
        ];
        for (side, men) in crowned {
            if let Some(square) = men.first() {
                return Err(BoardError::ManOnCrowningRow { side, square });
            }
        }
        Ok(Position {
            pieces: [black.0, white.0],
            kings: kings.0,
            side,
            rules,
            pending: Pending::Nothing,
        })
    }

    /// The same position with `pending` recorded, if it could have happened
    /// (see [`crate::huffing`] for the checks).
    pub fn with_pending(self, pending: Pending) -> Result<Position, PendingError> {
        crate::huffing::check_pending(&self, pending)?;
        Ok(Position { pending, ..self })
    }

    /// The rules the position is played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The same position under other rules (any pending offence dropped when
    /// the new rules are english).
    pub const fn with_rules(self, rules: Rules) -> Position {
        let pending = if rules.is_huffing() {
            self.pending
        } else {
            Pending::Nothing
        };
        Position {
            rules,
            pending,
            ..self
        }
    }

    /// The side to move.
    pub const fn side(&self) -> Side {
        self.side
    }

    /// What is pending from the previous action.
    pub const fn pending(&self) -> Pending {
        self.pending
    }

    /// A side's pieces, men and kings.
    pub const fn pieces(&self, side: Side) -> Bitboard {
        Bitboard(self.pieces[side.index()])
    }

    /// All kings, of both sides.
    pub const fn kings(&self) -> Bitboard {
        Bitboard(self.kings)
    }

    /// A side's men.
    pub const fn men(&self, side: Side) -> Bitboard {
        Bitboard(self.pieces[side.index()] & !self.kings)
    }

    /// The squares with no piece.
    pub const fn empty(&self) -> Bitboard {
        Bitboard(!(self.pieces[0] | self.pieces[1]))
    }

    /// The side and kind of the piece on `sq`, if any: `(side, is_king)`.
    pub fn piece_at(&self, sq: Square) -> Option<(Side, bool)> {
        let king = self.kings().contains(sq);
        Side::BOTH
            .into_iter()
            .find(|&s| self.pieces(s).contains(sq))
            .map(|s| (s, king))
    }

    #[inline(always)]
    pub(crate) fn board(&self) -> Board {
        Board {
            own: self.pieces[self.side.index()],
            opp: self.pieces[self.side.opponent().index()],
            kings: self.kings,
            side: self.side,
        }
    }

    /// The board after the side to move makes `mv`, from the next mover's
    /// view: [`Position::apply`] without the rest of the position.
    #[inline(always)]
    fn board_after(&self, mv: Move) -> Board {
        let from = 1u32 << mv.origin();
        let to = 1u32 << mv.dest();
        let captured = mv.captured().0;
        let mut kings = self.kings;
        if kings & from != 0 {
            kings = (kings & !from) | to;
        }
        if mv.flags() & CROWNS != 0 {
            kings |= to;
        }
        Board {
            own: self.pieces[self.side.opponent().index()] & !captured,
            opp: (self.pieces[self.side.index()] & !from) | to,
            kings: kings & !captured,
            side: self.side.opponent(),
        }
    }

    /// Removes the piece on `sq` (a huff).
    #[inline(always)]
    pub(crate) fn without(mut self, sq: Square) -> Position {
        let keep = !sq.bit().0;
        self.pieces[0] &= keep;
        self.pieces[1] &= keep;
        self.kings &= keep;
        self
    }

    /// Makes the side to move's move `mv` and passes the turn; under huffing
    /// an offending move becomes the pending offence.
    #[inline(always)]
    pub(crate) fn apply(mut self, mv: Move) -> Position {
        let from = 1u32 << mv.origin();
        let to = 1u32 << mv.dest();
        let us = self.side.index();
        let them = us ^ 1;
        let captured = mv.captured().0;
        self.pieces[us] = (self.pieces[us] & !from) | to;
        self.pieces[them] &= !captured;
        if self.kings & from != 0 {
            self.kings = (self.kings & !from) | to;
        }
        if mv.flags() & CROWNS != 0 {
            self.kings |= to;
        }
        self.kings &= !captured;
        self.side = self.side.opponent();
        // Under english rules nothing is ever pending, and the copy already
        // says so: only huffing writes the field.
        if self.rules.is_huffing() {
            self.pending = if mv.offends() {
                Pending::Offence(mv)
            } else {
                Pending::Nothing
            };
        }
        self
    }

    /// Takes back a step (a neglect being compelled): the piece goes back,
    /// a crowned man loses his crown, and the offender is to move again.
    pub(crate) fn undo_step(mut self, mv: Move) -> Position {
        debug_assert!(!mv.is_capture());
        let from = 1u32 << mv.origin();
        let to = 1u32 << mv.dest();
        let them = self.side.opponent().index();
        self.pieces[them] = (self.pieces[them] & !to) | from;
        if self.kings & to != 0 {
            self.kings &= !to;
            if mv.flags() & CROWNS == 0 {
                self.kings |= from;
            }
        }
        self.side = self.side.opponent();
        self
    }

    /// The position turned round: colours swapped, square s on 33 - s, the
    /// other side to move; the same game seen from the other chair, so its
    /// best moves are the originals' turned round. Nothing is pending in
    /// the result (an offence would name squares of the old orientation).
    pub const fn rotated(&self) -> Position {
        Position {
            pieces: [self.pieces[1].reverse_bits(), self.pieces[0].reverse_bits()],
            kings: self.kings.reverse_bits(),
            side: self.side.opponent(),
            rules: self.rules,
            pending: Pending::Nothing,
        }
    }

    /// The same board with the other side to move and `pending` recorded.
    pub(crate) fn pass_turn(self, pending: Pending) -> Position {
        Position {
            side: self.side.opponent(),
            pending,
            ..self
        }
    }

    /// The same position with `pending` recorded, unchecked.
    pub(crate) fn set_pending(self, pending: Pending) -> Position {
        Position { pending, ..self }
    }

    /// Plays an action, which must be legal here. (`compel` with no
    /// offence pending is never legal; played anyway, it changes nothing.)
    #[inline(always)]
    pub fn play(&self, action: Action) -> Position {
        match action {
            Action::Move(mv) => self.apply(mv),
            Action::Huff(sq, mv) => self.without(sq).apply(mv),
            Action::Compel => crate::huffing::compel(self).unwrap_or(*self),
        }
    }

    /// Every legal action, into `list` (emptied first).
    pub fn actions(&self, list: &mut ActionList) {
        list.clear();
        let board = self.board();
        match (self.rules.set, self.pending) {
            (RuleSet::English, _) => movegen::english(&board, list),
            (RuleSet::Huffing, pending) => crate::huffing::actions(self, &board, pending, list),
        }
    }

    /// The number of legal actions, counted without building them.
    #[inline(always)]
    pub fn count_actions(&self) -> u64 {
        let board = self.board();
        match (self.rules.set, self.pending) {
            (RuleSet::English, _) => movegen::count_english(&board),
            (RuleSet::Huffing, pending) => crate::huffing::count_actions(self, &board, pending),
        }
    }

    /// Whether the action resets the quiet-ply count: it captures, huffs,
    /// compels, or moves a man.
    pub fn is_irreversible(&self, action: Action) -> bool {
        match action {
            Action::Move(mv) => mv.is_capture() || self.kings & (1 << mv.origin()) == 0,
            Action::Huff(..) | Action::Compel => true,
        }
    }

    /// Whether any capture is open to the side to move.
    pub fn can_capture(&self) -> bool {
        self.board().jumpers() != 0
    }

    /// The side to move's pieces with a jump open.
    pub fn jumpers(&self) -> Bitboard {
        Bitboard(self.board().jumpers())
    }

    /// The legal actions, as a vector (for tools and tests, not hot paths).
    pub fn action_vec(&self) -> Vec<Action> {
        let mut list = ActionList::new();
        self.actions(&mut list);
        list.to_vec()
    }
}

impl Game for Position {
    type Move = Action;
    type MoveList = ActionList;
    type MoveError = MoveError;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    #[inline(always)]
    fn legal_moves(&self, moves: &mut ActionList) {
        self.actions(moves)
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        self.count_actions()
    }

    #[inline(always)]
    fn play(&self, mv: Action) -> Position {
        Position::play(self, mv)
    }

    #[inline(always)]
    fn count_after(&self, mv: Action) -> u64 {
        match (self.rules.set, mv) {
            // The next board alone decides english counts.
            (RuleSet::English, Action::Move(mv)) => movegen::count_english(&self.board_after(mv)),
            _ => self.play(mv).count_actions(),
        }
    }

    fn hash(&self) -> u64 {
        zobrist::hash(self)
    }

    #[inline(always)]
    fn hash_after(&self, key: u64, child: &Position) -> u64 {
        zobrist::hash_after(self, key, child)
    }

    #[inline(always)]
    fn full_key(&self) -> Option<FullKey> {
        Some(crate::key::full_key(self))
    }

    fn is_irreversible(&self, mv: Action) -> bool {
        Position::is_irreversible(self, mv)
    }

    fn quiet_ply_limit(&self) -> u32 {
        self.rules.quiet_plies as u32
    }

    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        crate::notation::parse_action(self, text)
    }
}

impl Sink for ActionList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        ArrayVec::push(self, Action::Move(mv));
    }
}
