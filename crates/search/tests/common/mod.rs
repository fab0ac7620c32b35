//! Helpers shared by the search tests: random positions, material, the
//! small players of the playing tests and the match they play, the check
//! that a fixed-depth search is deterministic, an exhaustive win solver,
//! and turning a checkers position round.
#![allow(dead_code)] // each test file uses a part

use parlour_checkers::{Action, Position, Rules};
use parlour_game::{Evaluate, Game, History, Outcome, Side, Variant};
use parlour_pegs::PegPosition;
use parlour_search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
// The solvers' memo is keyed by Zobrist hashes the tests make themselves:
// ahash, about twice as fast as std's SipHash here, needs no protection
// against chosen keys.
use ahash::AHashMap as HashMap;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A position's default evaluation, as every way in resolves it (the
/// registry's [`Variant::default_evaluator`] for the position's rules).
pub trait DefaultEval: Evaluate {
    /// The evaluation the rules of `self` play by default.
    fn default_eval(&self) -> Self::Evaluator;
}

impl DefaultEval for Position {
    fn default_eval(&self) -> Self::Evaluator {
        self.rules().default_evaluator()
    }
}

impl DefaultEval for PegPosition {
    fn default_eval(&self) -> Self::Evaluator {
        self.rules().default_evaluator()
    }
}

/// Material from `side`'s view: a man 100, a king 150.
pub fn material(pos: &Position, side: Side) -> i32 {
    let worth = |s: Side| {
        let pieces = pos.pieces(s);
        pieces.count() as i32 * 100 + (pieces & pos.kings()).count() as i32 * 50
    };
    worth(side) - worth(side.opponent())
}

/// Games from the start under `rules`, each a random playout of 0 to
/// `max_plies` plies (stopping where the game ends), from a fixed seed.
pub fn random_games(
    rules: Rules,
    seed: u64,
    count: usize,
    max_plies: usize,
) -> Vec<History<Position>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        let mut history = History::new(Position::start(rules));
        let plies = rng.random_range(0..=max_plies);
        for _ in 0..plies {
            if history.outcome().is_some() {
                break;
            }
            let moves = history.current().action_vec();
            history.push(moves[rng.random_range(0..moves.len())]);
        }
        if history.outcome().is_none() {
            games.push(history);
        }
    }
    games
}

/// A random legal action.
pub fn random_move(pos: &Position, rng: &mut StdRng) -> Action {
    let moves = pos.action_vec();
    moves[rng.random_range(0..moves.len())]
}

/// The one-ply greedy player: the action that leaves it the most material
/// (ties broken at random).
pub fn greedy_move(pos: &Position, rng: &mut StdRng) -> Action {
    let me = pos.side();
    let moves = pos.action_vec();
    let best = moves
        .iter()
        .map(|&a| material(&pos.play(a), me))
        .max()
        .expect("a player is asked only where it has a move");
    let choices: Vec<Action> = moves
        .into_iter()
        .filter(|&a| material(&pos.play(a), me) == best)
        .collect();
    choices[rng.random_range(0..choices.len())]
}

/// Material from the side to move's view after `depth` plies of full-width
/// minimax, every capture sequence played out first (a position where a
/// capture is open is never scored): the plain search that proves a shot.
/// English rules.
pub fn material_minimax(pos: &Position, depth: u32) -> i32 {
    let moves = pos.action_vec();
    if moves.is_empty() {
        return -10_000;
    }
    if depth == 0 && !pos.can_capture() {
        return material(pos, pos.side());
    }
    moves
        .into_iter()
        .map(|a| -material_minimax(&pos.play(a), depth.saturating_sub(1)))
        .max()
        .expect("non-empty")
}

/// Whether the side to move can force a win (the adversary left with no
/// legal action) within `plies` plies, by exhaustive AND-OR search with a
/// memo; the draw rules are not needed at these depths.
pub fn wins_within(pos: &Position, plies: u32, memo: &mut HashMap<(u64, u32), bool>) -> bool {
    if plies == 0 {
        return false;
    }
    if let Some(&known) = memo.get(&(pos.hash(), plies)) {
        return known;
    }
    let result = pos.action_vec().into_iter().any(|a| {
        let next = pos.play(a);
        let replies = next.action_vec();
        replies.is_empty()
            || (plies > 2
                && replies
                    .into_iter()
                    .all(|r| wins_within(&next.play(r), plies - 2, memo)))
    });
    memo.insert((pos.hash(), plies), result);
    result
}

/// The shortest forced win in plies (odd), if there is one within `max`.
pub fn shortest_win(pos: &Position, max: u32) -> Option<u32> {
    let mut memo = HashMap::default();
    (1..=max)
        .step_by(2)
        .find(|&n| wins_within(pos, n, &mut memo))
}

/// A move's text turned round (`9-14` to `24-19`); huffs and compel are
/// not needed here.
pub fn mirror_move(text: &str) -> String {
    let mut out = String::new();
    let mut number = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            number.push(c);
        } else {
            if !number.is_empty() {
                let n: u32 = number.parse().expect("digits");
                out.push_str(&(33 - n).to_string());
                number.clear();
            }
            if c != ' ' {
                out.push(c);
            }
        }
    }
    out
}

/// Checks that a single-threaded search of each of `histories` to `depth`
/// gives the same move, score, node count and principal variation from
/// two new searchers and from `reused` cleared.
pub fn assert_deterministic<G: DefaultEval>(
    histories: &[History<G>],
    depth: u32,
    reused: &mut Searcher,
) {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits::depth(depth);
    for history in histories {
        let eval = history.current().default_eval();
        let fresh = || {
            Searcher::new(1, 2)
                .unwrap()
                .search(history, limits, &eval, &stop, |_| {})
        };
        let (first, second) = (fresh(), fresh());
        reused.clear();
        let third = reused.search(history, limits, &eval, &stop, |_| {});
        for other in [&second, &third] {
            assert_eq!(first.best_move, other.best_move, "{}", history.current());
            assert_eq!(first.score, other.score);
            assert_eq!(first.nodes, other.nodes);
            assert_eq!(first.pv, other.pv);
            assert_eq!(other.depth, depth);
        }
        assert_eq!(first.depth, depth);
    }
}

/// A player of the playing tests: a move for a position, by chance.
pub type Player<G> = fn(&G, &mut StdRng) -> <G as Game>::Move;

/// The searcher's results in a match against a player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Score {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Plies played in all.
    pub plies: usize,
}

/// A match of the searcher at `depth` against `opponent`: `games` games
/// from `start` after an opening of `opening` random plies (`random`),
/// colours alternating, a game still going after `max_plies` drawn.
pub struct Match<G: DefaultEval> {
    pub start: G,
    pub opening: RangeInclusive<usize>,
    pub depth: u32,
    pub games: usize,
    pub max_plies: usize,
    pub random: Player<G>,
}

impl<G: DefaultEval> Match<G> {
    /// Plays the match from `seed`.
    pub fn play(&self, opponent: Player<G>, seed: u64) -> Score {
        let mut searcher = Searcher::new(1, 16).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let eval = self.start.default_eval();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut score = Score::default();
        for game in 0..self.games {
            let engine = Side::BOTH[game % 2];
            let mut history = History::new(self.start);
            for _ in 0..rng.random_range(self.opening.clone()) {
                let mv = (self.random)(history.current(), &mut rng);
                history.push(mv);
            }
            searcher.clear();
            let outcome = loop {
                if let Some(outcome) = history.outcome() {
                    break outcome;
                }
                if history.moves().len() >= self.max_plies {
                    break Outcome::Draw;
                }
                let pos = *history.current();
                let mv = if pos.side_to_move() == engine {
                    let limits = Limits::depth(self.depth);
                    searcher
                        .search(&history, limits, &eval, &stop, |_| {})
                        .best_move
                        .expect("the game is not over")
                } else {
                    opponent(&pos, &mut rng)
                };
                history.push(mv);
            };
            score.plies += history.moves().len();
            match outcome {
                Outcome::Win(side) if side == engine => score.wins += 1,
                Outcome::Win(_) => score.losses += 1,
                Outcome::Draw => score.draws += 1,
            }
        }
        score
    }

    /// Plays the match and checks the searcher lost no game and scored at
    /// least 90%.
    pub fn check(&self, opponent: Player<G>, name: &str, seed: u64) {
        let Score {
            wins,
            draws,
            losses,
            plies,
        } = self.play(opponent, seed);
        let score = (wins as f64 + draws as f64 / 2.0) / self.games as f64;
        println!(
            "{}, depth {}, against {name}: +{wins} ={draws} -{losses}, {:.1}%, {:.1} plies a game",
            self.start,
            self.depth,
            100.0 * score,
            plies as f64 / self.games as f64
        );
        assert_eq!(losses, 0, "against {name}: lost a game");
        assert!(score >= 0.9, "against {name}: scored {score}");
    }
}
