//! The checkers position as a [`parlour_game::Game`]: its legal actions
//! under each rule set (english by [`crate::movegen`], huffing by
//! [`crate::huffing`]), playing one, its hash (by [`crate::zobrist`]), and
//! an action read from text (by [`crate::notation`]).

use crate::error::{MoveError, PendingError};
use crate::movegen::{self, Sink};
use crate::moves::{Action, Move};
use crate::position::{ActionList, Pending, Position};
use crate::rules::RuleSet;
use crate::zobrist;
use arrayvec::ArrayVec;
use parlour_game::{Game, Side};

impl Position {
    /// The same position with `pending` recorded, if it could have happened
    /// (see [`crate::huffing`] for the checks).
    pub fn with_pending(self, pending: Pending) -> Result<Position, PendingError> {
        crate::huffing::check_pending(&self, pending)?;
        Ok(self.set_pending(pending))
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
        match (self.rules().set, self.pending()) {
            (RuleSet::English, _) => movegen::english(&board, list),
            (RuleSet::Huffing, pending) => crate::huffing::actions(self, &board, pending, list),
        }
    }

    /// The number of legal actions, counted without building them.
    #[inline(always)]
    pub fn count_actions(&self) -> u64 {
        let board = self.board();
        match (self.rules().set, self.pending()) {
            (RuleSet::English, _) => movegen::count_english(&board),
            (RuleSet::Huffing, pending) => crate::huffing::count_actions(self, &board, pending),
        }
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
        self.side()
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
        match (self.rules().set, mv) {
            // The next board alone decides english counts.
            (RuleSet::English, Action::Move(mv)) => movegen::count_english(&self.board_after(mv)),
            _ => self.play(mv).count_actions(),
        }
    }

    fn hash(&self) -> u64 {
        zobrist::hash(self)
    }

    #[inline(always)]
    fn full_key(&self) -> Option<parlour_game::FullKey> {
        Some(crate::key::full_key(self))
    }

    #[inline(always)]
    fn hash_after(&self, key: u64, child: &Position) -> u64 {
        zobrist::hash_after(self, key, child)
    }

    fn is_irreversible(&self, mv: Action) -> bool {
        Position::is_irreversible(self, mv)
    }

    fn quiet_ply_limit(&self) -> u32 {
        self.rules().quiet_plies as u32
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
