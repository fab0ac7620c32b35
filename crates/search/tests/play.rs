//! Against a random player and a one-ply greedy player, the searcher at
//! depth 6 scores at least 90% and loses no game, over 20 games each from
//! seeded random openings (colours alternating), under both rule sets.

mod common;

use common::{greedy_move, random_move};
use parlour_checkers::{Action, Position, Rules};
use parlour_game::{History, Outcome, Side};
use parlour_search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

const GAMES: usize = 20;
const DEPTH: u32 = 6;
/// A game still going after this many plies is adjudicated a draw.
const MAX_PLIES: usize = 400;

type Player = fn(&Position, &mut StdRng) -> Action;

/// Plays `GAMES` games and returns (wins, draws, losses) of the searcher.
fn match_against(rules: Rules, opponent: Player, seed: u64) -> (usize, usize, usize) {
    let mut searcher = Searcher::new(1, 16).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..GAMES {
        let engine_side = if game % 2 == 0 {
            Side::Black
        } else {
            Side::White
        };
        let mut history = History::new(Position::start(rules));
        // A random opening of two to four plies.
        for _ in 0..rng.random_range(2..=4) {
            let mv = random_move(history.current(), &mut rng);
            history.push(mv);
        }
        searcher.clear();
        let outcome = loop {
            if let Some(outcome) = history.outcome() {
                break outcome;
            }
            if history.moves().len() >= MAX_PLIES {
                break Outcome::Draw;
            }
            let pos = *history.current();
            let mv = if pos.side() == engine_side {
                searcher
                    .search(
                        &history,
                        Limits::Depth(DEPTH),
                        &Default::default(),
                        &stop,
                        |_| {},
                    )
                    .best_move
                    .expect("the game is not over")
            } else {
                opponent(&pos, &mut rng)
            };
            history.push(mv);
        };
        match outcome {
            Outcome::Win(side) if side == engine_side => wins += 1,
            Outcome::Win(_) => losses += 1,
            Outcome::Draw => draws += 1,
        }
    }
    (wins, draws, losses)
}

fn check(rules: Rules, opponent: Player, name: &str, seed: u64) {
    let (wins, draws, losses) = match_against(rules, opponent, seed);
    let score = (wins as f64 + draws as f64 / 2.0) / GAMES as f64;
    println!(
        "{rules} against {name}: +{wins} ={draws} -{losses}, {:.1}%",
        100.0 * score
    );
    assert_eq!(losses, 0, "{rules} against {name}: lost a game");
    assert!(score >= 0.9, "{rules} against {name}: scored {score}");
}

#[test]
fn beats_a_random_player_english() {
    check(Rules::ENGLISH, random_move, "random", 21);
}

#[test]
fn beats_a_greedy_player_english() {
    check(Rules::ENGLISH, greedy_move, "greedy", 22);
}

#[test]
fn beats_a_random_player_huffing() {
    check(Rules::HUFFING, random_move, "random", 23);
}

#[test]
fn beats_a_greedy_player_huffing() {
    check(Rules::HUFFING, greedy_move, "greedy", 24);
}
