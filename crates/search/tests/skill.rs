//! Playing weaker (skill levels) and solving (a search that stops once
//! the root's value is proven).

mod common;

use common::DefaultEval;
use parlour_checkers::{Position, Rules};
use parlour_game::History;
use parlour_search::{Limits, Score, Searcher, Skill};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[test]
fn a_weak_level_varies_its_moves_and_every_one_is_legal() {
    let history = History::new(Position::start(Rules::ENGLISH));
    let eval = history.current().default_eval();
    let stop = Arc::new(AtomicBool::new(false));
    let mut played = BTreeSet::new();
    let play = |seed| {
        Searcher::new(1, 4).unwrap().search_skill(
            &history,
            Limits::depth(6),
            Skill::MIN,
            seed,
            &eval,
            &stop,
            |info| assert_eq!(info.multipv, 1),
        )
    };
    for seed in 0..24 {
        let result = play(seed);
        let mv = result.best_move.expect("a move");
        assert_eq!(result.pv[0], mv);
        assert!(history.current().action_vec().contains(&mv));
        // Within the level's margin of the best line searched.
        let best = result.lines[0].score.internal();
        assert!(best - result.score.internal() <= 90, "{:?}", result.lines);
        played.insert(mv.to_string());
        // The same seed plays the same move.
        assert_eq!(play(seed).best_move, Some(mv));
    }
    assert!(played.len() >= 2, "level 1 always played {played:?}");
}

#[test]
fn full_strength_is_the_search_itself() {
    let history = History::new(Position::start(Rules::ENGLISH));
    let eval = history.current().default_eval();
    let stop = Arc::new(AtomicBool::new(false));
    let full = Searcher::new(1, 4).unwrap().search_skill(
        &history,
        Limits::depth(7),
        Skill::FULL,
        99,
        &eval,
        &stop,
        |_| {},
    );
    let plain =
        Searcher::new(1, 4)
            .unwrap()
            .search(&history, Limits::depth(7), &eval, &stop, |_| {});
    assert_eq!(
        (full.best_move, full.score, full.nodes),
        (plain.best_move, plain.score, plain.nodes)
    );
}

#[test]
fn a_solve_stops_at_the_first_proven_depth() {
    // Two kings against one: a win the search proves well before depth 40.
    let pos = Position::from_fen("B:WK29:BK18,K15", Rules::ENGLISH).unwrap();
    let history = History::new(pos);
    let eval = pos.default_eval();
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::depth(40).until_proven();
    let mut depths = Vec::new();
    let solved = Searcher::new(1, 8)
        .unwrap()
        .search(&history, limits, &eval, &stop, |info| {
            depths.push((info.depth, info.score))
        });
    assert!(solved.proven, "{solved:?}");
    assert!(matches!(solved.score, Score::Win(_)), "{solved:?}");
    assert!(solved.depth < 40, "{solved:?}");
    // Only the last depth reported is proven.
    let (last, rest) = depths.split_last().unwrap();
    assert!(last.1.is_proven());
    assert!(
        rest.iter().all(|(_, score)| !score.is_proven()),
        "{depths:?}"
    );
    // Without `until_proven` the search goes on to its depth.
    let full =
        Searcher::new(1, 8)
            .unwrap()
            .search(&history, Limits::depth(24), &eval, &stop, |_| {});
    assert_eq!(full.depth, 24);
    // An unproven position is searched to its limit and says so.
    let start = History::new(Position::start(Rules::ENGLISH));
    let open = Searcher::new(1, 8).unwrap().search(
        &start,
        Limits::depth(6).until_proven(),
        &eval,
        &stop,
        |_| {},
    );
    assert_eq!(open.depth, 6);
    assert!(!open.proven);
}
