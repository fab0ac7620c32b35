//! Scores: the searcher's integers, and what they mean to a person.

use std::fmt;

/// The deepest ply the searcher reaches (main search, extensions and
/// quiescence together).
pub const MAX_PLY: usize = 128;

/// The score of a side that has won at the root: a win in `n` plies is
/// `WIN - n`, a loss in `n` plies `-(WIN - n)`, so that nearer wins score
/// higher and farther losses score less badly.
pub const WIN: i32 = 30_000;

/// Scores beyond this are wins or losses, not evaluations.
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32;

/// Evaluations are clamped inside this, well clear of [`WIN_BOUND`].
pub const EVAL_LIMIT: i32 = 20_000;

/// The score of a position an endgame database proves won, at the root,
/// plus its evaluation clamped to [`PROVEN_PROGRESS`] either way, less a
/// point for each ply from the root (so the evaluation decides between
/// proven wins, the distance only between equals): between every
/// evaluation and every win the search finds itself, so `Score::Value`
/// shows it (a value from 22,000 to 28,000 is a database win).
pub(crate) const PROVEN_WIN: i32 = 25_000;

/// How much of the evaluation a proven win or loss keeps, so that the
/// winning side still makes progress among won positions.
pub(crate) const PROVEN_PROGRESS: i32 = 2_000;

/// The longest distance to conversion a proven score tells apart: a
/// proven win whose distance the databases store scores below every
/// proven win they do not (those are nearer), the nearer first.
pub(crate) const PROVEN_DISTANCE: i32 = 255;

/// The most a proven win's score may fall below [`PROVEN_WIN`]: its
/// distance from the root, its progress and its distance to conversion.
const PROVEN_LEAST: i32 = MAX_PLY as i32 + PROVEN_PROGRESS + PROVEN_DISTANCE;

const _: () = assert!(PROVEN_WIN - MAX_PLY as i32 - PROVEN_PROGRESS - PROVEN_DISTANCE > EVAL_LIMIT);
const _: () = assert!(PROVEN_WIN + PROVEN_PROGRESS + PROVEN_DISTANCE < WIN_BOUND);

/// Larger than any score: the bounds of a full window.
pub(crate) const INFINITE: i32 = WIN + 1;

/// A win or loss score as it is stored in the transposition table: relative
/// to the node (plies from the node) instead of to the root.
#[inline]
pub(crate) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`], at a node `ply` plies from the root.
#[inline]
pub(crate) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A search result's score from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation, in the game's hundredths (for checkers, of a man).
    Value(i32),
    /// The side to move wins in this many plies (its own moves and the
    /// adversary's, the winning move included).
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Score {
    /// The meaning of an internal score.
    pub fn from_internal(score: i32) -> Score {
        if score >= WIN_BOUND {
            Score::Win((WIN - score) as u32)
        } else if score <= -WIN_BOUND {
            Score::Loss((WIN + score) as u32)
        } else {
            Score::Value(score)
        }
    }

    /// Whether the score is proven, not estimated: a win or loss the
    /// search found, or a value from the endgame databases' range (a
    /// database win or loss, the evaluation kept for progress beside it).
    /// A search never prunes a move that could save a proven loss, so a
    /// proven score at the root is the position's value.
    pub fn is_proven(self) -> bool {
        match self {
            Score::Win(_) | Score::Loss(_) => true,
            Score::Value(v) => v.abs() > PROVEN_WIN - PROVEN_LEAST,
        }
    }

    /// The internal score: comparable, larger is better.
    pub fn internal(self) -> i32 {
        match self {
            Score::Value(v) => v,
            Score::Win(n) => WIN - n as i32,
            Score::Loss(n) => -(WIN - n as i32),
        }
    }
}

impl fmt::Display for Score {
    /// `123`, `-40`, `win 7`, `loss 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_round_trip_and_order() {
        for s in [
            Score::Value(0),
            Score::Value(-250),
            Score::Win(3),
            Score::Loss(8),
        ] {
            assert_eq!(Score::from_internal(s.internal()), s);
        }
        assert!(Score::Win(3).internal() > Score::Win(5).internal());
        assert!(Score::Loss(8).internal() > Score::Loss(2).internal());
        assert!(Score::Value(EVAL_LIMIT).internal() < Score::Win(MAX_PLY as u32 - 1).internal());
        assert_eq!(Score::Win(7).to_string(), "win 7");
        assert_eq!(Score::Loss(4).to_string(), "loss 4");
        assert_eq!(Score::Value(-12).to_string(), "-12");
    }

    #[test]
    fn table_scores_are_relative_to_the_node() {
        // A win in 5 from the root, seen at ply 2, is a win in 3 from there.
        let root = WIN - 5;
        let stored = to_table(root, 2);
        assert_eq!(stored, WIN - 3);
        assert_eq!(from_table(stored, 2), root);
        // Read back at ply 4 (a transposition two plies deeper): win in 7.
        assert_eq!(from_table(stored, 4), WIN - 7);
        assert_eq!(from_table(to_table(-(WIN - 6), 3), 3), -(WIN - 6));
        assert_eq!(to_table(150, 9), 150);
    }
}
