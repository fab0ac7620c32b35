//! The moves of a game so far, and the draws that depend on them.

use crate::{Game, Outcome};
use std::fmt;

/// Why a game ended ([`History::ending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The position decides: the side to move has no legal move (in the
    /// peg game, a blocked King with no escape is that too).
    Position,
    /// The same position, with the same side to move, a third time.
    Repetition,
    /// This many plies with no capture and no irreversible move.
    QuietPlies(u32),
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Position => f.write_str("the side to move has no legal move"),
            Ending::Repetition => f.write_str("the same position a third time"),
            Ending::QuietPlies(n) => {
                write!(f, "{n} plies without a capture or an irreversible move")
            }
        }
    }
}

/// A game from a start position: its moves, the positions they reached, and
/// what history decides (repetition, the quiet-ply count).
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    start: G,
    positions: Vec<G>,
    moves: Vec<G::Move>,
    hashes: Vec<u64>,
    /// `quiet[i]`: plies without an irreversible move before `positions[i]`.
    quiet: Vec<u32>,
}

impl<G: Game> History<G> {
    /// A game that starts at `start`.
    pub fn new(start: G) -> Self {
        History {
            start,
            positions: vec![start],
            moves: Vec::new(),
            hashes: vec![start.hash()],
            quiet: vec![0],
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The position now.
    pub fn current(&self) -> &G {
        self.positions
            .last()
            .expect("a history always holds its start")
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The hashes of every position since the last irreversible move, oldest
    /// first, the current position last: what a search needs to see
    /// repetitions that began before its root.
    pub fn reversible_hashes(&self) -> &[u64] {
        let n = self.hashes.len();
        let quiet = *self.quiet.last().expect("non-empty") as usize;
        &self.hashes[n - 1 - quiet.min(n - 1)..]
    }

    /// Plies played since the last capture or irreversible move.
    pub fn quiet_plies(&self) -> u32 {
        *self.quiet.last().expect("non-empty")
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn push(&mut self, mv: G::Move) {
        let pos = *self.current();
        let quiet = if pos.is_irreversible(mv) {
            0
        } else {
            self.quiet_plies() + 1
        };
        let next = pos.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.hashes.push(next.hash());
        self.quiet.push(quiet);
    }

    /// Checks that `mv` is legal in the current position, then plays it.
    pub fn try_push(&mut self, mv: G::Move) -> bool {
        let mut list = G::MoveList::default();
        self.current().legal_moves(&mut list);
        if list.as_ref().contains(&mv) {
            self.push(mv);
            true
        } else {
            false
        }
    }

    /// Takes back the last move; `None` at the start.
    pub fn pop(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.hashes.pop();
        self.quiet.pop();
        Some(mv)
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        let hashes = self.reversible_hashes();
        let now = *hashes.last().expect("non-empty");
        hashes.iter().filter(|&&h| h == now).count()
    }

    /// The result, if the game is over: a side to move with no legal move
    /// loses; the third occurrence of a position, or the quiet-ply limit,
    /// draws.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|(outcome, _)| outcome)
    }

    /// The result and why, if the game is over.
    pub fn ending(&self) -> Option<(Outcome, Ending)> {
        let pos = self.current();
        if let Some(outcome) = pos.outcome() {
            return Some((outcome, Ending::Position));
        }
        if self.repetitions() >= 3 {
            return Some((Outcome::Draw, Ending::Repetition));
        }
        let limit = pos.quiet_ply_limit();
        if self.quiet_plies() >= limit {
            return Some((Outcome::Draw, Ending::QuietPlies(limit)));
        }
        None
    }
}
