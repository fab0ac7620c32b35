//! The search with endgame databases beside its evaluation: it finds the
//! positions they hold (tbhits), ranks a proven win above any evaluation,
//! and converts: from positions the databases call won, an engine playing
//! both sides wins inside the quiet-ply limit; from drawn ones, neither
//! side loses.

use parlour_checkers::{Position, Rules};
use parlour_game::{Evaluator, Game, History, Outcome, Proven};
use parlour_search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Random positions of `pieces` pieces (men off their crowning rows,
/// either side to move), as FEN.
fn random_fen(rng: &mut StdRng, pieces: usize) -> String {
    let mut squares: Vec<u32> = Vec::new();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for i in 0..pieces {
        let white_piece = i % 2 == 0;
        loop {
            let sq = rng.random_range(1..=32u32);
            if squares.contains(&sq) {
                continue;
            }
            let king = rng.random_bool(0.5);
            // White men crown on 1-4, Black men on 29-32.
            if !king && ((white_piece && sq <= 4) || (!white_piece && sq >= 29)) {
                continue;
            }
            squares.push(sq);
            let text = if king {
                format!("K{sq}")
            } else {
                sq.to_string()
            };
            if white_piece {
                white.push(text);
            } else {
                black.push(text);
            }
            break;
        }
    }
    let side = if rng.random_bool(0.5) { "W" } else { "B" };
    format!("{side}:W{}:B{}", white.join(","), black.join(","))
}

/// Plays `pos` out with one engine on both sides, `nodes` a move (about
/// what a few milliseconds search in so few pieces), and returns the
/// outcome (a game still running after 300 plies is a draw here).
fn play_out(pos: Position, eval: &parlour_checkers::Eval, nodes: u64) -> Outcome {
    let mut searcher = Searcher::new(1, 8).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let mut history = History::new(pos);
    for _ in 0..300 {
        if let Some(outcome) = history.outcome() {
            return outcome;
        }
        let result = searcher.search(&history, Limits::nodes(nodes), eval, &stop, |_| {});
        history.push(result.best_move.expect("a game not over has a move"));
    }
    Outcome::Draw
}

fn build(dir: &Path) {
    parlour_egdb::build(dir, 4, &parlour_egdb::Quiet).unwrap();
}

#[test]
fn the_search_converts_database_wins_and_holds_draws() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let eval = parlour_games::evaluator(
        &Rules::ENGLISH,
        &"default".parse().unwrap(),
        Some(dir.path()),
    )
    .unwrap();
    assert!(eval.to_string().ends_with("+egdb"), "{eval}");
    let mut rng = StdRng::seed_from_u64(7);
    let (mut won, mut drawn) = (0, 0);
    while won < 12 || drawn < 6 {
        let pieces = rng.random_range(3..=4);
        let fen = random_fen(&mut rng, pieces);
        let pos = Position::from_fen(&fen, Rules::ENGLISH).unwrap();
        if pos.count_moves() == 0 {
            continue;
        }
        let side = pos.side_to_move();
        match eval.probe(&pos) {
            Some(Proven::Win) if won < 12 => {
                won += 1;
                let outcome = play_out(pos, &eval, 20_000);
                assert_eq!(
                    outcome,
                    Outcome::Win(side),
                    "{fen}: won for the side to move"
                );
            }
            Some(Proven::Draw) if drawn < 6 => {
                drawn += 1;
                let outcome = play_out(pos, &eval, 20_000);
                assert_eq!(outcome, Outcome::Draw, "{fen}: drawn");
            }
            Some(_) => {}
            None => panic!("{fen}: not held by the 4-piece databases"),
        }
    }
}

#[test]
fn a_proven_win_ranks_between_evaluations_and_found_wins_and_is_counted() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let eval = parlour_games::evaluator(
        &Rules::ENGLISH,
        &"handwritten".parse().unwrap(),
        Some(dir.path()),
    )
    .unwrap();
    // Three kings against one, far from any forced win a shallow search
    // could see: the databases say it is won.
    let pos = Position::from_fen("W:WK1,K3,K5:BK32", Rules::ENGLISH).unwrap();
    assert_eq!(eval.probe(&pos), Some(Proven::Win));
    let mut searcher = Searcher::new(1, 8).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let result = searcher.search(&History::new(pos), Limits::depth(2), &eval, &stop, |_| {});
    assert!(result.tbhits > 0);
    let Score::Value(v) = result.score else {
        panic!("a database win is not a found win: {:?}", result.score);
    };
    assert!((22_000..=28_000).contains(&v), "{v}");
    // Without the databases the same search sees an evaluation.
    let plain =
        parlour_games::evaluator(&Rules::ENGLISH, &"handwritten".parse().unwrap(), None).unwrap();
    let result = searcher.search(&History::new(pos), Limits::depth(2), &plain, &stop, |_| {});
    assert_eq!(result.tbhits, 0);
    assert!(matches!(result.score, Score::Value(v) if v < 20_000));
}

#[test]
fn with_the_root_in_the_databases_the_search_finds_the_win_itself() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let eval = parlour_games::evaluator(
        &Rules::ENGLISH,
        &"default".parse().unwrap(),
        Some(dir.path()),
    )
    .unwrap();
    // Three kings against one: every move keeps the win, so databases
    // probed at every node would score each root move in one ply and the
    // kings would never close in. With the root in the databases the
    // search runs on below it and finds the forced win.
    let pos = Position::from_fen("W:WK1,K3,K5:BK32", Rules::ENGLISH).unwrap();
    let mut searcher = Searcher::new(1, 8).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let result = searcher.search(&History::new(pos), Limits::depth(30), &eval, &stop, |_| {});
    assert!(matches!(result.score, Score::Win(_)), "{:?}", result.score);
    let best = result.best_move.unwrap();
    assert_eq!(eval.probe(&pos.play(best)), Some(Proven::Loss));
    // A drawn root: the search keeps to moves that hold the draw, and says
    // it is one whatever its evaluation makes of the position.
    let pos = Position::from_fen("W:WK1:BK32", Rules::ENGLISH).unwrap();
    assert_eq!(eval.probe(&pos), Some(Proven::Draw));
    let result = searcher.search(&History::new(pos), Limits::depth(12), &eval, &stop, |_| {});
    assert_eq!(result.score, Score::Value(0));
    assert_eq!(
        eval.probe(&pos.play(result.best_move.unwrap())),
        Some(Proven::Draw)
    );
}

#[test]
fn databases_are_refused_for_a_game_without_them_and_a_missing_folder() {
    let pegs = parlour_pegs::PegRules::default();
    let err = parlour_games::evaluator(&pegs, &"default".parse().unwrap(), Some(Path::new(".")))
        .unwrap_err();
    let parlour_game::registry::EvalError::Tables { source, .. } = err else {
        panic!("{err:?}");
    };
    assert_eq!(source.to_string(), "pegs has no endgame databases");
    let missing = Path::new("/no/such/egdb/folder");
    assert!(
        parlour_games::evaluator(&Rules::ENGLISH, &"default".parse().unwrap(), Some(missing))
            .is_err()
    );
}
