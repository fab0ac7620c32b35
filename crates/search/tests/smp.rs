//! Lazy SMP's worth at a fixed time per move: two threads against one, a
//! match from seeded random openings, each opening played with both
//! colours. Ignored by default (it takes minutes and wants an idle
//! machine); run it with
//! `cargo test --release -p parlour-search --test smp -- --ignored --nocapture`.

mod common;

use common::random_move;
use parlour_checkers::{Position, Rules};
use parlour_game::{History, Outcome, Side};
use parlour_search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

const OPENINGS: usize = 30;
const OPENING_PLIES: usize = 6;
const MOVE_TIME: Duration = Duration::from_millis(40);
const MAX_PLIES: usize = 300;

/// One game; `Some(true)` if `first` (playing `first_side`) won.
fn game(
    opening: &History<Position>,
    first: &mut Searcher,
    second: &mut Searcher,
    first_side: Side,
) -> Option<bool> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut history = opening.clone();
    first.clear();
    second.clear();
    loop {
        if let Some(outcome) = history.outcome() {
            return match outcome {
                Outcome::Win(side) => Some(side == first_side),
                Outcome::Draw => None,
            };
        }
        if history.moves().len() >= MAX_PLIES {
            return None;
        }
        let searcher = if history.current().side() == first_side {
            &mut *first
        } else {
            &mut *second
        };
        let mv = searcher
            .search(
                &history,
                Limits::MoveTime(MOVE_TIME),
                &Default::default(),
                &stop,
                |_| {},
            )
            .best_move
            .expect("the game is not over");
        history.push(mv);
    }
}

#[test]
#[ignore = "a timed match: minutes, and only meaningful on an idle machine"]
fn two_threads_against_one_at_fixed_time() {
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let mut rng = StdRng::seed_from_u64(77);
        let mut two = Searcher::new(2, 16).unwrap();
        let mut one = Searcher::new(1, 16).unwrap();
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for _ in 0..OPENINGS {
            let mut opening = History::new(Position::start(rules));
            for _ in 0..OPENING_PLIES {
                if opening.outcome().is_some() {
                    break;
                }
                let mv = random_move(opening.current(), &mut rng);
                opening.push(mv);
            }
            for side in Side::BOTH {
                match game(&opening, &mut two, &mut one, side) {
                    Some(true) => wins += 1,
                    Some(false) => losses += 1,
                    None => draws += 1,
                }
            }
        }
        let games = (wins + draws + losses) as f64;
        let score = (wins as f64 + draws as f64 / 2.0) / games;
        let elo = -400.0 * (1.0 / score.clamp(0.01, 0.99) - 1.0).log10();
        println!(
            "{rules}: two threads against one at {} ms a move: +{wins} ={draws} -{losses}, {:.1}%, {elo:+.0} Elo",
            MOVE_TIME.as_millis(),
            100.0 * score
        );
    }
}
