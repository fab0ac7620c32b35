//! When a position in the tree is a draw by the game's rules of
//! repetition and quiet plies, and what a stored win is worth near the
//! quiet-ply limit.
//!
//! The game ([`parlour_game::History::outcome`]) draws at the third
//! occurrence of a position. Inside the tree the searcher takes the usual
//! shortcut: a position that repeats one first reached inside the tree
//! (strictly after the root) is scored a draw at once, since the side that
//! chose to repeat could repeat again; but a position whose earlier
//! occurrences are all in the game before the root (the root included) is
//! a draw only when this one is the third.

use crate::score::{WIN, WIN_BOUND};

/// The hashes of the positions since the last irreversible move before
/// the root, then of every position on the current line of the tree.
pub(crate) struct Path {
    hashes: Vec<u64>,
    /// The index of the root in `hashes`.
    root: usize,
}

impl Path {
    /// A path holding the game's positions since its last irreversible
    /// move, the root last.
    pub(crate) fn new(game: &[u64], capacity: usize) -> Path {
        let mut hashes = Vec::with_capacity(game.len() + capacity);
        hashes.extend_from_slice(game);
        if hashes.is_empty() {
            hashes.push(0);
        }
        Path {
            root: hashes.len() - 1,
            hashes,
        }
    }

    /// Enters a position of the tree.
    #[inline(always)]
    pub(crate) fn push(&mut self, key: u64) {
        self.hashes.push(key);
    }

    /// Leaves the last position entered.
    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        self.hashes.pop();
    }

    /// Whether the last position entered is a draw by repetition, looking
    /// back over the `quiet` plies since the last irreversible move (no
    /// position before one can come back).
    #[inline]
    pub(crate) fn repeated(&self, quiet: u32) -> bool {
        let last = self.hashes.len() - 1;
        let current = self.hashes[last];
        let reach = (quiet as usize).min(last);
        let mut in_game = 0;
        // A position recurs only with the same side to move: every other
        // ply.
        let mut back = 4;
        while back <= reach {
            let j = last - back;
            if self.hashes[j] == current {
                if j > self.root {
                    return true;
                }
                in_game += 1;
                if in_game == 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }
}

/// A win or loss read from the table at a node `quiet` plies after the
/// last irreversible move, under a quiet-ply limit of `limit`: kept if it
/// comes before the limit could draw the game, else turned into the
/// largest score that is not a proven win (the table does not know whether
/// the win's line resets the count, so it is not trusted to).
#[inline]
pub(crate) fn respect_quiet_limit(score: i32, ply: usize, quiet: u32, limit: u32) -> i32 {
    if score.abs() < WIN_BOUND {
        return score;
    }
    // Plies from this node to the end of the game.
    let distance = (WIN - score.abs()) as u32 - ply as u32;
    if quiet + distance > limit {
        if score > 0 {
            WIN_BOUND - 1
        } else {
            -(WIN_BOUND - 1)
        }
    } else {
        score
    }
}

/// The score of a draw in the tree with `contempt` (hundredths of a man),
/// for the side to move at the node: below 0 where it is the root's side
/// (`at_root_side`), which would rather play on, and above 0 for the other.
#[inline(always)]
pub(crate) fn draw_score(contempt: i32, at_root_side: bool) -> i32 {
    if at_root_side {
        -contempt
    } else {
        contempt
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path of the game `game` (root last) and then the tree `tree`.
    fn path(game: &[u64], tree: &[u64]) -> Path {
        let mut p = Path::new(game, 16);
        for &k in tree {
            p.push(k);
        }
        p
    }

    #[test]
    fn a_position_first_reached_in_the_tree_draws_at_its_second_occurrence() {
        // Root 1; in the tree: 2, 3, 4, 5, 2 (ply 5 repeats ply 1).
        let p = path(&[1], &[2, 3, 4, 5, 2]);
        assert!(p.repeated(10));
        // The same, but the quiet count says an irreversible move came
        // between them: no repetition.
        assert!(!p.repeated(3));
    }

    #[test]
    fn a_position_of_the_game_draws_only_at_its_third_occurrence() {
        // 7 occurred before the root; the tree reaches it a second time.
        let second = path(&[7, 8, 9, 10, 11], &[12, 7]);
        assert!(!second.repeated(20), "the second occurrence in all");
        // Twice before the root, and once more in the tree: the third.
        let third = path(&[7, 8, 9, 10, 7, 8, 9, 10, 11], &[12, 7]);
        assert!(third.repeated(20), "the third occurrence in all");
        // The root itself counts as part of the game: reaching it again in
        // the tree is its second occurrence, not a draw.
        let root = path(&[5, 6, 7], &[8, 9, 7]);
        assert!(!root.repeated(20));
    }

    #[test]
    fn contempt_makes_a_draw_worse_for_the_root_side_and_better_for_the_other() {
        assert_eq!(draw_score(0, true), 0);
        assert_eq!(draw_score(0, false), 0);
        assert_eq!(
            draw_score(20, true),
            -20,
            "the root's side would rather play on"
        );
        assert_eq!(draw_score(20, false), 20, "its opponent welcomes the draw");
    }

    #[test]
    fn a_stored_win_beyond_the_quiet_limit_is_not_trusted() {
        // A win in 9 plies from a node at ply 3 (stored as WIN - 12 from
        // the root's view), 70 quiet plies into a limit of 80.
        let win = WIN - 12;
        assert_eq!(respect_quiet_limit(win, 3, 70, 80), win, "70 + 9 <= 80");
        assert_eq!(respect_quiet_limit(win, 3, 75, 80), WIN_BOUND - 1);
        assert_eq!(respect_quiet_limit(-win, 3, 75, 80), -(WIN_BOUND - 1));
        assert_eq!(respect_quiet_limit(150, 3, 79, 80), 150);
    }
}
