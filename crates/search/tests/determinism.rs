//! A single-threaded search to a fixed depth is deterministic: the same
//! position and depth give the same move, score, principal variation and
//! node count, from a new searcher or a cleared one.

mod common;
use common::DefaultEval;

use common::{assert_deterministic, random_games};
use parlour_checkers::Rules;
use parlour_search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[test]
fn fixed_depth_single_thread_is_deterministic() {
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let mut reused = Searcher::new(1, 2).unwrap();
        assert_deterministic(&random_games(rules, 11, 12, 40), 7, &mut reused);
    }
}

#[test]
fn progress_is_reported_once_per_depth_in_order() {
    let stop = Arc::new(AtomicBool::new(false));
    let history = &random_games(Rules::ENGLISH, 12, 1, 20)[0];
    let mut searcher = Searcher::new(1, 2).unwrap();
    let mut seen = Vec::new();
    let result = searcher.search(
        history,
        Limits::depth(6),
        &history.current().default_eval(),
        &stop,
        |info| {
            seen.push((info.depth, info.nodes, info.pv.clone(), info.score));
        },
    );
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1), "nodes grow");
    let last = seen.last().unwrap();
    assert_eq!(last.1, result.nodes);
    assert_eq!(last.2, result.pv);
    assert_eq!(last.3, result.score);
    assert_eq!(Some(last.2[0]), result.best_move);
}
