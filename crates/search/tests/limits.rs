//! Limits that fire inside the first iteration: the search stops there and
//! still answers with a legal move, for both games.

mod common;

use common::DefaultEval;
use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History};
use parlour_pegs::{PegPosition, PegRules};
use parlour_search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A crowded 4-square board in its placing phase: hundreds of forcing
/// replies a ply, where the first iteration's quiescence search once ran
/// for minutes past its limit.
fn crowded() -> PegPosition {
    let rules: PegRules = "squares=4,diagonals=1,pegs=16,reserve=36".parse().unwrap();
    PegPosition::parse(
        "b:K10,6,7,11,12,13,14,15,17,19,23,26,27,32/w:K20,1,2,5,8,9,16,18,21,24,25,28,30,31\
         /hand:6,1/reserve:18,17/turn:b",
        Some(rules),
    )
    .unwrap()
}

fn is_legal<G: Game>(pos: &G, mv: G::Move) -> bool {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves.as_ref().contains(&mv)
}

#[test]
fn a_node_limit_holds_inside_the_first_iteration() {
    let pos = crowded();
    for budget in [1_000, 20_000] {
        let result = Searcher::new(1, 1).unwrap().search_position(
            &pos,
            Limits::nodes(budget),
            &pos.default_eval(),
        );
        // One thread stops at its budget exactly.
        assert_eq!(result.nodes, budget);
        let mv = result.best_move.expect("a move");
        assert!(is_legal(&pos, mv));
    }
}

#[test]
fn one_thread_searches_a_node_budget_exactly() {
    let start = Position::start(Rules::ENGLISH);
    let middle = Position::from_fen(
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        Rules::ENGLISH,
    )
    .unwrap();
    let mut searcher = Searcher::new(1, 1).unwrap();
    for pos in [start, middle] {
        for budget in [1, 500, 1_023, 1_025, 5_000, 33_333] {
            let result = searcher.search_position(&pos, Limits::nodes(budget), &pos.default_eval());
            assert_eq!(result.nodes, budget, "{pos}");
            assert!(is_legal(&pos, result.best_move.expect("a move")));
        }
    }
    // More threads pass it by at most a batch each.
    let result = Searcher::new(2, 1).unwrap().search_position(
        &start,
        Limits::nodes(5_000),
        &start.default_eval(),
    );
    assert!(
        result.nodes >= 5_000 && result.nodes <= 5_000 + 2 * 1024,
        "{}",
        result.nodes
    );
}

/// How far past a fixed move time a search may answer: four times the
/// limit, room for a loaded machine (the clock is read every few
/// thousand nodes, a few milliseconds even at a fraction of a core),
/// where a search that ignored the limit in its first iteration would
/// finish that iteration first: about 2 s on `crowded()`.
const LATE: u32 = 4;

#[test]
fn a_move_time_holds_inside_the_first_iteration() {
    let pos = crowded();
    let limit = Duration::from_millis(200);
    let started = Instant::now();
    let result = Searcher::new(1, 1).unwrap().search_position(
        &pos,
        Limits::movetime(limit),
        &pos.default_eval(),
    );
    let took = started.elapsed();
    assert!(took < LATE * limit, "{took:?} for a limit of {limit:?}");
    assert!(is_legal(&pos, result.best_move.expect("a move")));
}

/// README: "A fixed `--movetime` is spent in full": the search stops at
/// the limit, never before it (it has no soft bound, as on a clock), and
/// soon after it.
#[test]
fn a_fixed_move_time_is_spent_in_full() {
    let start = Position::start(Rules::ENGLISH);
    let limit = Duration::from_millis(300);
    for threads in [1, 2] {
        let mut searcher = Searcher::new(threads, 16).unwrap();
        let started = Instant::now();
        let result =
            searcher.search_position(&start, Limits::movetime(limit), &start.default_eval());
        let took = started.elapsed();
        assert!(
            took >= limit && took < LATE * limit,
            "{threads} threads: {took:?} for a limit of {limit:?}"
        );
        assert!(
            result.depth > 1,
            "{threads} threads: depth {}",
            result.depth
        );
    }
}

#[test]
fn a_search_stopped_before_it_starts_answers_with_a_legal_move() {
    let stop = Arc::new(AtomicBool::new(true));
    let checkers = Position::start(Rules::ENGLISH);
    let result = Searcher::new(1, 1).unwrap().search(
        &History::new(checkers),
        Limits::INFINITE,
        &checkers.default_eval(),
        &stop,
        |_| {},
    );
    assert_eq!(result.depth, 0);
    assert!(is_legal(&checkers, result.best_move.expect("a move")));

    let pegs = crowded();
    let result = Searcher::new(2, 1).unwrap().search(
        &History::new(pegs),
        Limits::INFINITE,
        &pegs.default_eval(),
        &stop,
        |_| {},
    );
    assert_eq!(result.depth, 0);
    assert!(is_legal(&pegs, result.best_move.expect("a move")));
}
