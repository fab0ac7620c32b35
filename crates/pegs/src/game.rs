//! The peg position as a [`parlour_game::Game`]: its legal moves (by
//! [`crate::movegen`]), its hash (by [`crate::zobrist`]), and a move read
//! from text and matched against the legal moves.

use crate::error::MoveError;
use crate::movegen::{self, Counter};
use crate::moves::PegMove;
use crate::position::{PegMoveList, PegPosition};
use crate::zobrist;
use parlour_game::{Game, Side};

impl PegPosition {
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

impl std::hash::Hash for PegPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(zobrist::hash(self));
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

    #[inline]
    fn full_key(&self) -> Option<parlour_game::FullKey> {
        crate::key::full_key(self)
    }

    fn hash(&self) -> u64 {
        zobrist::hash(self)
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
