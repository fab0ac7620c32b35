//! What a searcher needs from a game beyond its rules: which moves are
//! tactical, and an [`Evaluator`] that scores positions.

use crate::Game;

/// A game's knowledge of its own moves, for a game-independent alpha-beta
/// searcher, and the kind of [`Evaluator`] that scores its positions.
pub trait Evaluate: Game {
    /// The game's evaluator: one value holds everything a static score
    /// needs (a choice of evaluation, learned weights), so two players in
    /// one process may score the same game differently. It has no
    /// `Default`: the evaluation a game plays when none is named comes from
    /// its registry entry ([`crate::Variant::default_evaluator`]), the one
    /// road every way in takes. `Display` names it for people;
    /// [`Evaluator::identity`] says exactly what it is.
    type Evaluator: Evaluator<Self>
        + Clone
        + std::fmt::Debug
        + std::fmt::Display
        + Send
        + Sync
        + 'static;

    /// Whether `mv` (legal here) changes the material balance at once or
    /// forces the play: a capture, a crowning, a huff, a compel. A searcher
    /// searches these first, and only these in its quiescence search, so
    /// a game should keep the set small (for example, only complete
    /// captures where a capture may legally be stopped short) and bounded
    /// (every chain of tactical moves ends).
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// A hint for ordering tactical moves: the larger, the earlier (for
    /// example the material a capture wins). The default orders all
    /// tactical moves alike.
    fn tactical_gain(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Whether the side to move is in the middle of something its static
    /// score cannot see: a capture to make, a force to obey. A searcher
    /// does not prune on the static score of such a position. The default
    /// says never.
    fn is_unsettled(&self) -> bool {
        false
    }

    /// A shortcut for the quiescence search, which at most of its nodes
    /// finds no tactical move: what the game can tell of its tactical moves
    /// at little cost, without generating the moves. The default always
    /// says [`TacticalMoves::Unknown`].
    fn tactical_moves(&self) -> TacticalMoves {
        TacticalMoves::Unknown
    }

    /// A small key naming `mv` for the history heuristic (for example
    /// from-square * 32 + to-square), below [`HISTORY_KEYS`]; moves with the
    /// same key share their history. The default gives every move the key 0,
    /// which turns the history heuristic off.
    fn history_key(&self, mv: Self::Move) -> usize {
        let _ = mv;
        0
    }
}

/// A static evaluation of a game's positions.
///
/// Scores are in hundredths of a unit the game chooses (for checkers, a man)
/// from the view of the side to move: positive is good for the side to move.
/// Implementations keep them well inside `±20_000`, so that they never reach
/// the searcher's win and loss scores (a searcher clamps them anyway).
pub trait Evaluator<G: Game> {
    /// What this evaluator is, exactly enough that two evaluators with the
    /// same identity score every position alike: the search keys its cache
    /// of static scores on it, and a match's header records it.
    fn identity(&self) -> EvalId;

    /// The static score of `pos`, from the side to move's view. It is only
    /// asked for where [`Evaluate::is_tactical`] says nothing is left
    /// hanging, or to stand pat in a quiescence search; it should be fast
    /// and allocate nothing.
    fn evaluate(&self, pos: &G) -> i32;

    /// The exact value of `pos` for the side to move, where the evaluator
    /// holds an endgame database that has it (perfect play, no move limit).
    /// A searcher asks at every node and scores a proven win below any win
    /// it finds itself and above every evaluation. The default holds none.
    #[inline(always)]
    fn probe(&self, pos: &G) -> Option<Proven> {
        let _ = pos;
        None
    }

    /// The length of the state (`i16`s) this evaluator keeps per ply of a
    /// search to score a position from its parent's state (a network's
    /// accumulator), or 0, the default, for an evaluator that scores each
    /// position from scratch: a searcher then only calls
    /// [`Evaluator::evaluate`]. A searcher allocates the states once per
    /// search.
    fn state_len(&self) -> usize {
        0
    }

    /// Fills `state` ([`Evaluator::state_len`] long) for `pos` from
    /// scratch.
    fn refresh(&self, pos: &G, state: &mut [i16]) {
        let _ = (pos, state);
    }

    /// Turns `state`, which holds the state of `parent`, into that of
    /// `child`, a position reached from it by one move.
    fn update(&self, parent: &G, child: &G, state: &mut [i16]) {
        let _ = (parent, child, state);
    }

    /// The static score of `pos` from its state: the same as
    /// [`Evaluator::evaluate`].
    fn evaluate_with(&self, pos: &G, state: &[i16]) -> i32 {
        let _ = state;
        self.evaluate(pos)
    }

    /// [`Evaluator::probe`], and for a won or lost position its distance
    /// in plies to the next conversion (a capture or a man's move, into a
    /// smaller database) under best play, where the databases keep it:
    /// they may keep only the long ones, which a search cannot see to the
    /// end. A searcher prefers the nearer of two such wins, so a long win
    /// makes progress. The default keeps no distances.
    #[inline(always)]
    fn probe_with_distance(&self, pos: &G) -> Option<(Proven, Option<u32>)> {
        self.probe(pos).map(|proven| (proven, None))
    }
}

/// An evaluator's identity ([`Evaluator::identity`]): its kind and, for
/// learned weights, their fingerprint, so that two weights files are told
/// apart by what they hold, not by their names; and whether endgame
/// databases stand beside it. Written `network:0123456789abcdef+egdb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalId {
    /// The kind of evaluation (`handwritten`, `patterns`, `network`).
    pub kind: &'static str,
    /// The fingerprint of its weights, for a learned evaluation.
    pub weights: Option<u64>,
    /// Whether endgame databases give the positions they hold their value.
    pub tables: bool,
}

impl EvalId {
    /// The identity of an evaluation of `kind` with no weights.
    pub const fn plain(kind: &'static str) -> EvalId {
        EvalId {
            kind,
            weights: None,
            tables: false,
        }
    }

    /// The identity of learned weights of `kind` with `fingerprint`.
    pub const fn learned(kind: &'static str, fingerprint: u64) -> EvalId {
        EvalId {
            kind,
            weights: Some(fingerprint),
            tables: false,
        }
    }

    /// This identity with endgame databases beside it.
    pub const fn with_tables(self) -> EvalId {
        EvalId {
            tables: true,
            ..self
        }
    }
}

impl std::fmt::Display for EvalId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.kind)?;
        if let Some(weights) = self.weights {
            write!(f, ":{weights:016x}")?;
        }
        if self.tables {
            f.write_str("+egdb")?;
        }
        Ok(())
    }
}

/// What a game tells of a position's tactical moves without generating
/// its moves ([`Evaluate::tactical_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TacticalMoves {
    /// The position may have a tactical move: the moves must be generated
    /// to know.
    Unknown,
    /// No tactical move, but some quiet one: a quiescence search stands
    /// pat.
    OnlyQuiet,
    /// No move at all: the side to move has lost.
    NoMove,
}

/// An endgame database's value of a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proven {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

/// The number of distinct [`Evaluate::history_key`] values a searcher keeps
/// (per side); keys are taken modulo this.
pub const HISTORY_KEYS: usize = 4096;
