//! A book's root moves checked by a deeper search than the book's own:
//! at each root, the move the book plays (its best) against the move a
//! search to a greater depth prefers, and what the book's move is worth to
//! that search.

use crate::build::{root_position, BuildError};
use crate::file::Book;
use parlour_game::registry::{EvaluatorOf, Variant};
use parlour_game::{Game, History};
use parlour_search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// One root checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootCheck {
    /// The root's name.
    pub name: String,
    /// The book's move there, and its value in the book (backed up).
    pub book_move: String,
    /// The book's value of its move.
    pub book_value: i32,
    /// The deeper search's best move.
    pub best_move: String,
    /// The deeper search's value of its best move.
    pub best_value: i32,
    /// The deeper search's value of the book's move (the best's, where
    /// they are the same move).
    pub book_move_value: i32,
}

impl RootCheck {
    /// Whether the deeper search plays another move than the book.
    pub fn disagrees(&self) -> bool {
        self.book_move != self.best_move
    }

    /// How much worse the book's move is by the deeper search: 0 where
    /// they agree, and where the search finds it as good.
    pub fn loss(&self) -> i32 {
        (self.best_value - self.book_move_value).max(0)
    }
}

/// The transposition table of the checking search.
const HASH_MIB: usize = 64;

/// Checks the book's move at each root of `book` (a book of `rules`) by a
/// one-thread search of `eval` to `depth`: the root's best move, and, where
/// the book plays another, that move searched one ply less deep from the
/// position after it. `on_root` hears each root as it is done; roots with
/// no book move are left out.
pub fn check<V: Variant>(
    book: &Book,
    rules: &V,
    eval: &EvaluatorOf<V>,
    depth: u32,
    mut on_root: impl FnMut(&RootCheck),
) -> Result<Vec<RootCheck>, BuildError> {
    book.check_for(V::NAME, &rules.to_string())?;
    let mut searcher = Searcher::new(1, HASH_MIB)?;
    let stop = Arc::new(AtomicBool::new(false));
    let limits = |depth| Limits {
        depth: Some(depth),
        ..Limits::INFINITE
    };
    let mut out = Vec::with_capacity(book.roots.len());
    for root in &book.roots {
        let pos = root_position(rules, root)?;
        let Some(choice) = book.best_of(&pos) else {
            continue;
        };
        searcher.clear();
        let deep = searcher.search_lines(&History::new(pos), limits(depth), eval, &stop, 1, |_| {});
        let Some(best) = deep.best_move else {
            continue;
        };
        let best_value = deep.score.internal();
        let book_move_value = if best == choice.mv {
            best_value
        } else {
            searcher.clear();
            let after = History::new(pos.play(choice.mv));
            let reply = searcher.search_lines(
                &after,
                limits(depth.saturating_sub(1)),
                eval,
                &stop,
                1,
                |_| {},
            );
            -reply.score.internal()
        };
        let checked = RootCheck {
            name: root.name.clone(),
            book_move: choice.mv.to_string(),
            book_value: choice.value,
            best_move: best.to_string(),
            best_value,
            book_move_value,
        };
        on_root(&checked);
        out.push(checked);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::{plan, roots, Builder, Control};
    use crate::file::Settings;
    use parlour_checkers::Rules;
    use parlour_game::perft::split::Share;

    #[test]
    fn each_root_is_checked_by_a_deeper_search() {
        let rules = Rules::ENGLISH;
        let mut specs = roots(&rules, &["start", "deck"]).unwrap();
        specs.truncate(3);
        let settings = Settings {
            depth: 2,
            nodes: None,
            penalty: 20,
        };
        let mut book = plan(&rules, settings, &specs, 4, Share::WHOLE);
        let stop = Arc::new(AtomicBool::new(false));
        let eval = rules.default_evaluator();
        let mut builder = Builder::new(rules, eval.clone(), stop).unwrap();
        builder.run(&mut book, |_, _| Control::Go).unwrap();
        let mut heard = 0;
        let checks = check(&book, &rules, &eval, 6, |_| heard += 1).unwrap();
        assert_eq!((checks.len(), heard), (3, 3));
        for c in &checks {
            assert!(c.loss() >= 0);
            if !c.disagrees() {
                assert_eq!((c.loss(), c.book_move_value), (0, c.best_value), "{c:?}");
            }
            // The book's move is legal at its root, and so is the search's.
            assert!(!c.book_move.is_empty() && !c.best_move.is_empty());
        }
        // The same check twice gives the same figures.
        assert_eq!(check(&book, &rules, &eval, 6, |_| {}).unwrap(), checks);
        // A book of other rules is refused.
        assert!(check(
            &book,
            &Rules::HUFFING,
            &Rules::HUFFING.default_evaluator(),
            6,
            |_| {}
        )
        .is_err());
    }
}
