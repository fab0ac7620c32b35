//! The searcher playing the peg game: the move returned is always legal
//! (every limit, one and two threads, several rule sets), a fixed-depth
//! single-threaded search is deterministic, the King blocks in two moves of
//! `testdata/search/peg-blocks.txt` (proved here by exhaustive search) are
//! found and scored as wins, and matches against a random and a one-ply
//! greedy player are won.
//!
//! (Here, among the search's tests: the game crate knows nothing of
//! search.)

mod common;
use common::DefaultEval;

use common::{assert_deterministic, Match};
use parlour_game::{Game, History, Side};
use parlour_pegs::{PegMove, PegMoveList, PegPosition, PegRules};
use parlour_search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Rule sets the random positions are played under (the largest board
/// with many pegs once made quiescence play out whole placement phases).
const RULES: [&str; 6] = [
    "",
    "squares=2,pegs=6",
    "diagonals=0",
    "pegs=11,reserve=1",
    "squares=4,pegs=12",
    "squares=6,pegs=20",
];

fn moves(pos: &PegPosition) -> Vec<PegMove> {
    let mut list = PegMoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

/// Games from the start under `rules`, each a random playout of 0 to
/// `max_plies` plies that has not ended, from a fixed seed.
fn random_games(
    rules: &str,
    seed: u64,
    count: usize,
    max_plies: usize,
) -> Vec<History<PegPosition>> {
    let rules: PegRules = rules.parse().unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        let mut history = History::new(PegPosition::start(rules));
        for _ in 0..rng.random_range(0..=max_plies) {
            if history.outcome().is_some() {
                break;
            }
            let list = moves(history.current());
            history.push(list[rng.random_range(0..list.len())]);
        }
        if history.outcome().is_none() {
            games.push(history);
        }
    }
    games
}

// ------------------------------------------------------------ legality

const LIMITS: [Limits; 5] = [
    Limits::depth(1),
    Limits::depth(4),
    Limits::nodes(300),
    Limits::nodes(20_000),
    Limits::movetime(Duration::from_millis(5)),
];

fn check_legal(threads: usize, seed: u64) {
    let mut searcher = Searcher::new(threads, 4).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    for (r, rules) in RULES.iter().enumerate() {
        for (i, history) in random_games(rules, seed + r as u64, 30, 120)
            .iter()
            .enumerate()
        {
            let limit = LIMITS[i % LIMITS.len()];
            let pos = *history.current();
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
                moves(&pos).contains(&best),
                "{pos}: {best} is not legal (limit {limit:?}, {threads} threads)"
            );
            let mut line = pos;
            for mv in &result.pv {
                assert!(
                    moves(&line).contains(mv),
                    "{pos}: pv move {mv} illegal at {line}"
                );
                line = line.play(*mv);
            }
        }
    }
}

#[test]
fn the_move_is_legal_at_every_limit_one_thread() {
    check_legal(1, 100);
}

#[test]
fn the_move_is_legal_at_every_limit_two_threads() {
    check_legal(2, 200);
}

#[test]
fn a_lost_position_gives_no_move() {
    // The seed's King in 11 after 2-10: blocked, no escape.
    let pos: PegPosition = "b:K11,3/w:10,12,19/hand:0,0/reserve:3,3/turn:b"
        .parse()
        .unwrap();
    let result =
        Searcher::new(1, 1)
            .unwrap()
            .search_position(&pos, Limits::depth(3), &pos.default_eval());
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, Score::Loss(0));
}

// --------------------------------------------------------- determinism

#[test]
fn fixed_depth_single_thread_is_deterministic() {
    let mut reused = Searcher::new(1, 2).unwrap();
    for rules in ["", "diagonals=0"] {
        assert_deterministic(&random_games(rules, 7, 10, 60), 6, &mut reused);
    }
}

// ------------------------------------------------ King blocks in two

/// Whether `mv` wins by a King block within `plies` plies (odd): the
/// adversary is left blocked with no escape, or every reply leaves the
/// side to move such a win within `plies - 2`.
fn blocks_by(pos: &PegPosition, mv: PegMove, plies: u32) -> bool {
    let next = pos.play(mv);
    let replies = moves(&next);
    if replies.is_empty() {
        return !next.king_blockers().is_empty();
    }
    plies >= 3
        && replies
            .into_iter()
            .all(|r| blocks_within(&next.play(r), plies - 2))
}

fn blocks_within(pos: &PegPosition, plies: u32) -> bool {
    moves(pos).into_iter().any(|m| blocks_by(pos, m, plies))
}

/// Whether `mv` wins by any means (the adversary left without a legal
/// move) within `plies` plies: a plain minimax over every line.
fn wins_by(pos: &PegPosition, mv: PegMove, plies: u32) -> bool {
    let next = pos.play(mv);
    let replies = moves(&next);
    replies.is_empty()
        || (plies >= 3
            && replies.into_iter().all(|r| {
                let after = next.play(r);
                moves(&after)
                    .into_iter()
                    .any(|m| wins_by(&after, m, plies - 2))
            }))
}

/// The position with the colours swapped: the same game for the other
/// player, so the same moves win.
fn colour_swapped(pos: &PegPosition) -> PegPosition {
    let side = |s: Side| {
        let king = pos.king(s).map(|k| format!("K{k}"));
        let pegs = pos
            .pegs(s)
            .iter()
            .filter(|&h| Some(h) != pos.king(s))
            .map(|h| h.to_string());
        king.into_iter().chain(pegs).collect::<Vec<_>>().join(",")
    };
    let (b, w) = (Side::Black, Side::White);
    let mut text = format!(
        "b:{}/w:{}/hand:{},{}/reserve:{},{}/turn:{}",
        side(w),
        side(b),
        pos.hand(w),
        pos.hand(b),
        pos.reserve(w),
        pos.reserve(b),
        if pos.side() == b { "w" } else { "b" }
    );
    if !pos.forced().is_empty() {
        let holes: Vec<String> = pos.forced().iter().map(|h| h.to_string()).collect();
        text += &format!("/force:{}", holes.join(","));
    }
    PegPosition::parse(&text, Some(pos.rules())).unwrap()
}

struct Block {
    pos: PegPosition,
    moves: Vec<String>,
    what: String,
}

fn blocks() -> Vec<Block> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/search/peg-blocks.txt"
    );
    let text = std::fs::read_to_string(path).expect("testdata/search/peg-blocks.txt");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 3, "{line}");
        let pos: PegPosition = fields[0].parse().unwrap();
        let winning: Vec<String> = fields[1].split(',').map(|m| m.trim().to_string()).collect();
        for m in &winning {
            pos.parse_move(m).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        out.push(Block {
            pos: colour_swapped(&pos),
            moves: winning.clone(),
            what: format!("{} (colours swapped)", fields[2]),
        });
        out.push(Block {
            pos,
            moves: winning,
            what: fields[2].to_string(),
        });
    }
    assert!(out.len() >= 40, "the suite has its positions");
    out
}

#[test]
fn every_block_is_proved_by_exhaustive_search() {
    for block in blocks() {
        let pos = block.pos;
        for mv in moves(&pos) {
            let listed = block.moves.contains(&mv.to_string());
            assert!(!wins_by(&pos, mv, 1), "{pos}: {mv} wins at once");
            if listed {
                assert!(blocks_by(&pos, mv, 3), "{pos}: {mv} should block in two");
            } else {
                assert!(!wins_by(&pos, mv, 3), "{pos}: {mv} wins within 3 too");
            }
        }
    }
}

#[test]
fn the_engine_finds_every_block_and_scores_it_a_win() {
    let mut missed = Vec::new();
    for threads in [1, 2] {
        let mut searcher = Searcher::new(threads, 4).unwrap();
        for block in blocks() {
            searcher.clear();
            let result =
                searcher.search_position(&block.pos, Limits::depth(4), &block.pos.default_eval());
            let best = result.best_move.unwrap().to_string();
            if !block.moves.contains(&best) || result.score != Score::Win(3) {
                missed.push(format!(
                    "{} ({}, {threads} threads): played {best}, score {}",
                    block.pos, block.what, result.score
                ));
            }
        }
    }
    assert!(missed.is_empty(), "missed blocks:\n{}", missed.join("\n"));
}

// ------------------------------------------------------------- matches

/// Material from `side`'s view: ordinary pegs on the board and in hand.
fn material(pos: &PegPosition, side: Side) -> i32 {
    let worth = |s: Side| {
        let on_board = pos.pegs(s).len() as i32 - pos.king(s).is_some() as i32;
        on_board + pos.hand(s) as i32
    };
    worth(side) - worth(side.opponent())
}

fn random_move(pos: &PegPosition, rng: &mut StdRng) -> PegMove {
    let list = moves(pos);
    list[rng.random_range(0..list.len())]
}

/// The one-ply greedy player: a move that wins at once if there is one,
/// else one that leaves it the most material (ties at random).
fn greedy_move(pos: &PegPosition, rng: &mut StdRng) -> PegMove {
    let me = pos.side();
    let value = |m: PegMove| {
        let next = pos.play(m);
        if next.count() == 0 {
            i32::MAX
        } else {
            material(&next, me)
        }
    };
    let list = moves(pos);
    let best = list.iter().map(|&m| value(m)).max().expect("a move");
    let choices: Vec<PegMove> = list.into_iter().filter(|&m| value(m) == best).collect();
    choices[rng.random_range(0..choices.len())]
}

/// Twenty games at depth 6 from the start, after two to six random plies.
fn plan() -> Match<PegPosition> {
    Match {
        start: PegPosition::start(PegRules::DEFAULT),
        opening: 2..=6,
        depth: 6,
        games: 20,
        max_plies: 300,
        random: random_move,
    }
}

#[test]
fn beats_a_random_player() {
    plan().check(random_move, "random", 31);
}

#[test]
fn beats_a_greedy_player() {
    plan().check(greedy_move, "greedy", 32);
}
