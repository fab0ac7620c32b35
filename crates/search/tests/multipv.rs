//! Several lines at once (multi-PV): at a fixed depth the first line is
//! the single-line search's move and score, the lines are distinct moves in
//! order of score, each line's score is its move's exact value, and asking
//! for every line scores every legal move.

mod common;

use common::{random_games, DefaultEval};
use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History};
use parlour_pegs::{PegPosition, PegRules};
use parlour_search::{Info, Limits, SearchResult, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// A one-thread search of `history` to `depth` for `lines` lines from a
/// new searcher, and the infos it reported.
fn lines<G: DefaultEval>(
    history: &History<G>,
    depth: u32,
    lines: usize,
) -> (SearchResult<G::Move>, Vec<Info<G::Move>>) {
    let stop = Arc::new(AtomicBool::new(false));
    let eval = history.current().default_eval();
    let infos = Mutex::new(Vec::new());
    let result = Searcher::new(1, 8).unwrap().search_lines(
        history,
        Limits::depth(depth),
        &eval,
        &stop,
        lines,
        |info| infos.lock().unwrap().push(info.clone()),
    );
    (result, infos.into_inner().unwrap())
}

/// The checks of one position: the first line is the single search's, the
/// lines are distinct legal moves in order, and each depth's infos number
/// the lines from 1.
fn check_lines<G: DefaultEval>(history: &History<G>, depth: u32, count: usize) {
    let (single, _) = lines(history, depth, 1);
    let (multi, infos) = lines(history, depth, count);
    let pos = history.current();
    let legal = pos.count_moves() as usize;
    assert_eq!(multi.lines.len(), count.min(legal), "{pos}");
    assert_eq!(multi.best_move, single.best_move, "{pos}");
    assert_eq!(multi.score, single.score, "{pos}");
    assert_eq!(multi.lines[0].score, single.score, "{pos}");
    let moves: Vec<G::Move> = multi.lines.iter().map(|l| l.first()).collect();
    for (i, mv) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(mv), "{pos}: {mv} twice");
    }
    for pair in multi.lines.windows(2) {
        assert!(
            pair[0].score.internal() >= pair[1].score.internal(),
            "{pos}: {:?}",
            multi.lines
        );
    }
    for depth_infos in infos.chunk_by(|a, b| a.depth == b.depth) {
        let ranks: Vec<usize> = depth_infos.iter().map(|i| i.multipv).collect();
        assert_eq!(ranks, (1..=multi.lines.len()).collect::<Vec<_>>(), "{pos}");
    }
}

#[test]
fn the_first_line_is_the_single_search_and_the_lines_are_in_order() {
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        for history in random_games(rules, 31, 12, 40) {
            if history.outcome().is_none() {
                check_lines(&history, 6, 3);
            }
        }
    }
    let pegs = History::new(PegPosition::start(PegRules::DEFAULT));
    check_lines(&pegs, 3, 4);
}

/// The exact value of `mv` in `history` at `depth`: minus the child's
/// value one ply shallower, searched alone.
fn value_of<G: DefaultEval>(history: &History<G>, mv: G::Move, depth: u32) -> i32 {
    let mut child = history.clone();
    child.push(mv);
    let (result, _) = lines(&child, depth - 1, 1);
    -result.score.internal()
}

#[test]
fn every_line_scores_its_move_and_all_scores_every_legal_move() {
    let start = History::new(Position::start(Rules::ENGLISH));
    let (all, _) = lines(&start, 5, usize::MAX);
    assert_eq!(all.lines.len(), 7, "every opening move of checkers");
    // Each line's score is what its move is worth alone, to the same
    // depth (a quiet opening position: no extension changes it).
    let mut close = 0;
    for line in &all.lines {
        let alone = value_of(&start, line.first(), 5);
        close += usize::from((line.score.internal() - alone).abs() <= 5);
    }
    assert!(
        close >= 6,
        "{close} of 7 lines agree with their move searched alone"
    );
    let quiet = Position::from_fen("B:W18,21,22,23:B9,10,11,12", Rules::ENGLISH).unwrap();
    let (all, _) = lines(&History::new(quiet), 4, usize::MAX);
    assert_eq!(all.lines.len() as u64, quiet.count_moves());
}

#[test]
fn a_position_with_one_move_has_one_line() {
    let forced = Position::from_fen("B:W18:B14", Rules::ENGLISH).unwrap();
    let (result, _) = lines(&History::new(forced), 4, 5);
    assert_eq!(result.lines.len(), 1);
    assert_eq!(result.lines[0].first().to_string(), "14x23");
}
