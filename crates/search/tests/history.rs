//! The game's history counts inside the search: repetitions of positions
//! before the root and the quiet-ply count are draws.

use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History};
use parlour_search::{Limits, Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn search(history: &History<Position>, depth: u32) -> (String, Score) {
    let stop = Arc::new(AtomicBool::new(false));
    let result = Searcher::new(1, 2).unwrap().search(
        history,
        Limits::Depth(depth),
        &Default::default(),
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

#[test]
fn the_side_behind_repeats_a_position_of_the_game_to_draw() {
    // Black's lone king against two: lost, unless a repetition saves it.
    let start = Position::from_fen("B:WK30,K32:BK1", Rules::ENGLISH).unwrap();
    let fresh = History::new(start);
    let (_, alone) = search(&fresh, 4);
    assert!(
        alone.internal() < -50,
        "without history Black is behind: {alone}"
    );

    // The same position, reached a second time: going back to 6 repeats
    // the position after Black's first move.
    let mut history = History::new(start);
    play(&mut history, &["1-6", "32-28", "6-1", "28-32"]);
    assert_eq!(history.current(), &start);
    for depth in [1, 4] {
        let (best, score) = search(&history, depth);
        assert_eq!(score, Score::Value(0), "depth {depth}");
        assert_eq!(best, "1-6", "depth {depth}");
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
