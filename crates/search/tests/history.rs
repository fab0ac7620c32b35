//! The game's history counts inside the search: a repetition is a draw
//! where the game's rules make it one (the third occurrence, counting the
//! positions before the root), and so is the quiet-ply limit.

mod common;

use common::DefaultEval;
use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History};
use parlour_search::{Limits, Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn search(history: &History<Position>, depth: u32) -> (String, Score) {
    let stop = Arc::new(AtomicBool::new(false));
    let result = Searcher::new(1, 2).unwrap().search(
        history,
        Limits::depth(depth),
        &history.current().default_eval(),
        &stop,
        |_| {},
    );
    (result.best_move.unwrap().to_string(), result.score)
}

fn play(history: &mut History<Position>, moves: &[&str]) {
    for text in moves {
        let mv = history.current().parse_move(text).unwrap();
        history.push(mv);
    }
}

/// Black's lone king on 1 against White's kings on 30 and 32: lost for
/// Black, unless a repetition saves him.
fn lone_king() -> Position {
    Position::from_fen("B:WK30,K32:BK1", Rules::ENGLISH).unwrap()
}

/// Black's king goes 1-6-2, White's 32-28-32: after these moves the
/// position with Black's king on 2 and Black to move (R) has occurred once,
/// and the position after 2-6 (Q, White to move) once.
const ROUND: [&str; 4] = ["1-6", "32-28", "6-2", "28-32"];
/// Round and round again: R and Q have occurred twice.
const TWICE: [&str; 4] = ["2-6", "32-28", "6-2", "28-32"];

#[test]
fn the_side_behind_draws_by_a_third_occurrence_counting_the_game() {
    let (_, alone) = search(&History::new(lone_king()), 4);
    assert!(
        alone.internal() < -50,
        "without history Black is behind: {alone}"
    );
    // Q has occurred twice before the root: 2-6 makes it the third.
    let mut history = History::new(lone_king());
    play(&mut history, &ROUND);
    play(&mut history, &TWICE);
    assert_eq!(history.repetitions(), 2);
    for depth in [1, 4] {
        let (best, score) = search(&history, depth);
        assert_eq!(score, Score::Value(0), "depth {depth}");
        assert_eq!(best, "2-6", "depth {depth}");
    }
}

#[test]
fn a_second_occurrence_of_a_position_of_the_game_is_not_a_draw() {
    // Q has occurred once, before the root: 2-6 makes its second
    // occurrence, which is no draw (the game draws at the third).
    let mut history = History::new(lone_king());
    play(&mut history, &ROUND);
    assert_eq!(history.repetitions(), 1);
    for depth in [1, 2] {
        let (_, score) = search(&history, depth);
        assert!(score.internal() < -50, "depth {depth}: {score}");
    }
}

#[test]
fn the_quiet_ply_limit_is_a_draw() {
    // Kings only: every move is quiet. One ply from the limit, whatever
    // Black does draws.
    let rules: Rules = "english,quiet_plies=5".parse().unwrap();
    let start = Position::from_fen("B:WK30:BK1,K14", rules).unwrap();
    let (_, ahead) = search(&History::new(start), 3);
    assert!(ahead.internal() > 50, "Black is ahead: {ahead}");
    let mut history = History::new(start);
    play(&mut history, &["14-9", "30-26", "9-14", "26-30"]);
    assert_eq!(history.quiet_plies(), 4);
    let (_, score) = search(&history, 3);
    assert_eq!(score, Score::Value(0));
}
