//! Forced wins are scored as wins in a number of plies, the shortest win is
//! the one reported and played, and the losing side is scored as losing
//! in the longest way it has; each distance is checked against an
//! exhaustive AND-OR solver.

mod common;

use common::{shortest_win, DefaultEval};
use parlour_checkers::{Position, Rules};
use parlour_game::Game;
use parlour_search::{Limits, Score, Searcher};

/// Plies the searcher is given beyond a win's length. Late-move reductions
/// and internal iterative reduction search some lines shallower than the
/// nominal depth (never at a node whose window holds a win or a loss), so
/// a win is found a few plies after its length; the distance reported must
/// still be the shortest.
const SLACK: u32 = 12;

/// More plies, a few at a time, for a search that has not seen the win at
/// `SLACK`: with two threads the search is not deterministic (the thread
/// that finishes the last depth first answers, and its tree depends on
/// what the other thread has stored), and once in a while the win needs a
/// deeper nominal depth. The distance asserted is still the exact one.
const MORE: [u32; 4] = [0, 6, 12, 24];

fn search(pos: &Position, depth: u32, threads: usize) -> (Option<String>, Score) {
    let mut searcher = Searcher::new(threads, 8).unwrap();
    let result = searcher.search_position(pos, Limits::depth(depth), &pos.default_eval());
    (result.best_move.map(|m| m.to_string()), result.score)
}

#[test]
fn two_kings_against_one_are_a_win_in_the_fewest_plies() {
    for (fen, rules) in [
        ("B:WK29:BK18,K15", Rules::ENGLISH),
        ("B:WK4:BK14,K23", Rules::ENGLISH),
        ("B:W5:BK14,K23", Rules::ENGLISH),
        ("B:WK1:BK14,K23", Rules::ENGLISH),
        ("B:WK4:BK14,K23", Rules::HUFFING),
        ("W:WK18,K15:BK29", Rules::ENGLISH),
    ] {
        let pos = Position::from_fen(fen, rules).unwrap();
        let shortest = shortest_win(&pos, 25).expect("a forced win");
        for threads in [1, 2] {
            let (best, score) = MORE
                .iter()
                .map(|more| search(&pos, shortest + SLACK + more, threads))
                .find(|(_, score)| matches!(score, Score::Win(_)))
                .unwrap_or_else(|| panic!("{fen} {rules}, {threads} threads: no win seen"));
            assert_eq!(
                score,
                Score::Win(shortest),
                "{fen} {rules}, {threads} threads"
            );
            // The move played keeps the shortest win.
            let best = pos.parse_move(&best.unwrap()).unwrap();
            let after = pos.play(best);
            let mut memo = Default::default();
            let replies = after.action_vec();
            assert!(
                replies.is_empty()
                    || replies.iter().all(|&r| common::wins_within(
                        &after.play(r),
                        shortest - 2,
                        &mut memo
                    )),
                "{fen}: the move played does not win in {shortest}"
            );
        }
    }
}

#[test]
fn the_losing_side_sees_its_loss_at_the_longest() {
    // White's lone king against two: the searcher, White to move, reports
    // a loss in as many plies as Black needs at best.
    for fen in ["W:WK4:BK14,K23", "W:WK1:BK14,K18"] {
        let pos = Position::from_fen(fen, Rules::ENGLISH).unwrap();
        // Black's shortest win after each White move; White picks the
        // longest.
        let longest = pos
            .action_vec()
            .into_iter()
            .map(|a| shortest_win(&pos.play(a), 25).expect("Black wins") + 1)
            .max()
            .unwrap();
        let (_, score) = search(&pos, longest + SLACK, 1);
        assert_eq!(score, Score::Loss(longest), "{fen}");
    }
}

#[test]
fn a_win_in_one_is_taken_at_once() {
    // Black can take White's last piece now, or (under huffing, where the
    // capture is optional) win later.
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let pos = Position::from_fen("B:W18:BK14,K1", rules).unwrap();
        let (best, score) = search(&pos, 9, 1);
        assert_eq!(score, Score::Win(1), "{rules}");
        assert_eq!(best.unwrap(), "14x23", "{rules}");
    }
}
