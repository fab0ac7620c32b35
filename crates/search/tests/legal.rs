//! The move returned is always legal: every limit, one and two threads,
//! both rule sets, many random positions from random playouts.

mod common;
use common::DefaultEval;

use common::random_games;
use parlour_checkers::Rules;
use parlour_search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn check(rules: Rules, seed: u64, threads: usize, limits: &[Limits]) {
    let mut searcher = Searcher::new(threads, 4).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    for (i, history) in random_games(rules, seed, 60, 70).iter().enumerate() {
        let limit = limits[i % limits.len()];
        let pos = *history.current();
        let legal = pos.action_vec();
        let result = searcher.search(
            history,
            limit,
            &history.current().default_eval(),
            &stop,
            |info| {
                assert!(!info.pv.is_empty(), "a finished depth has a move");
            },
        );
        let best = result.best_move.expect("the side to move has a move");
        assert!(
            legal.contains(&best),
            "{rules} {pos}: {best} is not legal (limit {limit:?}, {threads} threads)"
        );
        // The principal variation is a line of legal moves.
        let mut line = pos;
        for mv in &result.pv {
            assert!(
                line.action_vec().contains(mv),
                "{pos}: pv move {mv} illegal at {line}"
            );
            line = line.play(*mv);
        }
    }
}

const LIMITS: [Limits; 5] = [
    Limits::depth(1),
    Limits::depth(5),
    Limits::nodes(300),
    Limits::nodes(20_000),
    Limits::movetime(Duration::from_millis(5)),
];

#[test]
fn legal_english_one_thread() {
    check(Rules::ENGLISH, 1, 1, &LIMITS);
}

#[test]
fn legal_english_two_threads() {
    check(Rules::ENGLISH, 2, 2, &LIMITS);
}

#[test]
fn legal_huffing_one_thread() {
    check(Rules::HUFFING, 3, 1, &LIMITS);
}

#[test]
fn legal_huffing_two_threads() {
    check(Rules::HUFFING, 4, 2, &LIMITS);
}

#[test]
fn a_clock_and_a_preset_stop_flag_still_give_a_legal_move() {
    let mut searcher = Searcher::new(2, 1).unwrap();
    for (i, history) in random_games(Rules::HUFFING, 5, 20, 60).iter().enumerate() {
        let legal = history.current().action_vec();
        let stop = Arc::new(AtomicBool::new(i % 2 == 0));
        let limits = Limits::clock(Duration::from_millis(200), Duration::from_millis(10));
        let result = searcher.search(
            history,
            limits,
            &history.current().default_eval(),
            &stop,
            |_| {},
        );
        assert!(legal.contains(&result.best_move.unwrap()));
    }
}

#[test]
fn no_legal_move_gives_none() {
    // Black has no piece left.
    let pos = parlour_checkers::Position::from_fen("B:W5,6:B", Rules::ENGLISH).unwrap();
    let mut searcher = Searcher::new(1, 1).unwrap();
    let result = searcher.search_position(&pos, Limits::depth(3), &pos.default_eval());
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, parlour_search::Score::Loss(0));
}

#[test]
fn a_single_legal_move_is_answered_at_once() {
    // Black's only move is the capture 14x23.
    let pos = parlour_checkers::Position::from_fen("B:W18,30:B14,1", Rules::ENGLISH).unwrap();
    assert_eq!(pos.action_vec().len(), 1);
    let mut searcher = Searcher::new(2, 1).unwrap();
    for limits in [
        Limits::movetime(Duration::from_secs(20)),
        Limits::clock(Duration::from_secs(600), Duration::from_secs(5)),
    ] {
        let result = searcher.search_position(&pos, limits, &pos.default_eval());
        assert_eq!(result.best_move.unwrap().to_string(), "14x23");
        assert!(result.time < Duration::from_secs(2), "{:?}", result.time);
    }
}

#[test]
fn the_stop_flag_ends_an_infinite_search() {
    let history = &random_games(Rules::ENGLISH, 6, 1, 10)[0];
    let mut searcher = Searcher::new(2, 4).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        })
    };
    let result = searcher.search(
        history,
        Limits::INFINITE,
        &history.current().default_eval(),
        &stop,
        |_| {},
    );
    setter.join().unwrap();
    assert!(result.time < Duration::from_secs(5), "{:?}", result.time);
    assert!(history
        .current()
        .action_vec()
        .contains(&result.best_move.unwrap()));
    assert!(result.depth >= 1);
}

#[test]
fn searchers_run_inside_a_callers_rayon_pool() {
    // As a match runner would: several games at once on its own pool, each
    // with its own searcher (and so its own pool, never nested in the
    // caller's).
    use rayon::prelude::*;
    let games = random_games(Rules::ENGLISH, 7, 6, 30);
    let outer = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let moves: Vec<bool> = outer.install(|| {
        games
            .par_iter()
            .map(|history| {
                let mut searcher = Searcher::new(2, 1).unwrap();
                let stop = Arc::new(AtomicBool::new(false));
                let result = searcher.search(
                    history,
                    Limits::depth(5),
                    &history.current().default_eval(),
                    &stop,
                    |_| {},
                );
                history
                    .current()
                    .action_vec()
                    .contains(&result.best_move.unwrap())
            })
            .collect()
    });
    assert!(moves.into_iter().all(|legal| legal));
}
