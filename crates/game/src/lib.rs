//! The contract every parlour game meets.
//!
//! A game is a small `Copy` position that knows its own rules (copy-make:
//! [`Game::play`] returns the next position and leaves the old one as it
//! was), generates its legal moves into a list on the stack, and hashes
//! itself to 64 bits. Everything generic over games lives here too: the
//! bookkeeping of draws that depend on history ([`History`]) and perft
//! ([`perft`](mod@perft)), serial and parallel, what a searcher needs from a game
//! beyond its rules ([`Evaluate`]), and what everything outside a game's
//! crate needs from it ([`registry::Variant`]).

pub mod bits;
pub mod echo;
mod evaluate;
pub mod file;
mod history;
pub mod learn;
pub mod mix;
mod movelist;
pub mod network;
pub mod pdn;
pub mod perft;
pub mod registry;
mod side;
pub mod svg;
pub mod tables;
pub mod view;
pub mod weights;

pub use bits::{BitIndex, BitIter, Members};
pub use evaluate::{EvalId, Evaluate, Evaluator, Proven, TacticalMoves, HISTORY_KEYS};
pub use history::{Ending, History};
pub use learn::{DecodeError, Feature, Features, Learn};
pub use mix::{mix_seed, splitmix};
pub use movelist::MoveList;
pub use network::{NetworkError, NetworkInputs, NetworkShape, NetworkWeights};
pub use perft::{divide, perft, perft_parallel};
pub use registry::{GameList, Variant, Visit};
pub use side::{Outcome, Side};
pub use tables::EndgameTables;
pub use weights::{Weights, WeightsError};

use std::fmt;

/// A position written out whole in 160 bits, for the tables that must never
/// take one position for another (deep perft's): two positions of one game
/// under one set of rules have equal keys only if they are equal. A table
/// stores the key whole and compares it whole, so a collision of its index
/// can cost an entry, never a wrong answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FullKey {
    /// The first 64 bits.
    pub lo: u64,
    /// The next 64 bits.
    pub hi: u64,
    /// The last 32 bits.
    pub tail: u32,
}

/// A game position under its rules: the one thing search, perft, matches and
/// the command line need to know about a game.
///
/// Implementations are small `Copy` values. Everything that decides the legal
/// moves (the rules value, a pending obligation of the previous move) is part
/// of the position, so two positions with different futures compare unequal
/// and hash apart. What depends on the way a position was reached (repetition,
/// the quiet-ply count) is kept outside, in [`History`].
pub trait Game: Copy + Eq + Send + Sync + fmt::Debug + fmt::Display + 'static {
    /// One action of the side to move (a ply).
    type Move: Copy + Eq + Send + Sync + fmt::Debug + fmt::Display + 'static;
    /// A list of moves on the stack, large enough for any position of the game.
    type MoveList: MoveList<Self::Move>;
    /// What can be wrong with a move text: malformed, illegal, ambiguous.
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;

    /// Replaces the contents of `moves` with every legal move.
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The number of legal moves; games override this with a count that does
    /// not build the moves (perft's bulk counting at the last ply).
    fn count_moves(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// The position after `mv`, which must be one of [`Game::legal_moves`].
    fn play(&self, mv: Self::Move) -> Self;

    /// The number of legal moves after `mv`: perft's last two plies. Games
    /// may override it to count from the board alone, without making the
    /// whole next position.
    #[inline(always)]
    fn count_after(&self, mv: Self::Move) -> u64 {
        self.play(mv).count_moves()
    }

    /// A 64-bit Zobrist hash of everything that makes the position what it is.
    fn hash(&self) -> u64;

    /// The hash of `child`, a position one move from this one, whose own
    /// hash is `key`: the same as `child.hash()`. A game whose hash is the
    /// XOR of keys of its parts overrides it to XOR in only the parts that
    /// changed, as a search does at every node.
    #[inline(always)]
    fn hash_after(&self, key: u64, child: &Self) -> u64 {
        let _ = key;
        child.hash()
    }

    /// The whole position as a [`FullKey`] (its rules left out: a table
    /// holds the positions of one rule set), or `None` where it does not
    /// fit in one; deep perft counts such a position without its table.
    #[inline(always)]
    fn full_key(&self) -> Option<FullKey> {
        None
    }

    /// Whether `mv` (legal here) resets the count of quiet plies: a capture,
    /// or any move that can never be undone (a man's step, a placement).
    fn is_irreversible(&self, mv: Self::Move) -> bool;

    /// After this many quiet plies in a row the game is drawn.
    fn quiet_ply_limit(&self) -> u32;

    /// Reads a move written in the game's notation, matched against the legal
    /// moves here; the error says what was wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// The result decided by the position alone: a side with no legal move
    /// has lost. Draws that depend on history are [`History::outcome`]'s.
    fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            Some(Outcome::Win(self.side_to_move().opponent()))
        } else {
            None
        }
    }
}
