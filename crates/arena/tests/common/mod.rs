//! Helpers shared by the arena's integration tests: scratch folders, the
//! material evaluation the greedy player uses here, and checks that replay
//! a recorded game through the rules to confirm its bookkeeping.
#![allow(dead_code)]

use parlour_arena::{
    builtin_factory, BuildError, BuildProblem, Choice, ClockState, EngineError, Evaluator,
    GameRecord, Player, PlayerKind, PlayerSpec,
};
use parlour_checkers::Action;
use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History, Outcome, Side};
use std::path::PathBuf;
use std::sync::Arc;

/// A fresh, empty scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-arena-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Material for the side to move: a man 1, a king 2 (this test's own
/// evaluation, independent of the crate's).
pub fn test_material(pos: &Position) -> i32 {
    let count = |side: Side| {
        let all = pos.pieces(side).count() as i32;
        let kings = (pos.pieces(side) & pos.kings()).count() as i32;
        all + kings
    };
    count(pos.side()) - count(pos.side().opponent())
}

/// The built-in players, greedy on `test_material`.
pub fn factory() -> impl Fn(&PlayerSpec) -> Result<Box<dyn Player<Position>>, BuildError> + Sync {
    let eval: Evaluator<Position> = Arc::new(test_material);
    builtin_factory(Some(eval))
}

/// The records without what differs between two runs of the same games
/// (the date, the moves' times, the order the games ended in), for
/// comparing two runs game by game.
pub fn undated(records: &[GameRecord]) -> Vec<GameRecord> {
    records
        .iter()
        .map(|r| GameRecord {
            date: String::new(),
            move_ms: Vec::new(),
            move_notes: Vec::new(),
            order: 0,
            ..r.clone()
        })
        .collect()
}

/// Replays a record through the rules and checks that its result, ending,
/// ply count and opening agree with the moves.
pub fn check_record(record: &GameRecord, rules: Rules, max_plies: Option<usize>) {
    let start = Position::from_fen(&record.start, rules).unwrap();
    assert_eq!(record.first, start.side_to_move().name());
    let mut history = History::new(start);
    for text in &record.moves {
        let mv = history.current().parse_move(text).unwrap();
        assert!(history.try_push(mv), "game {}: {text}", record.index);
    }
    assert_eq!(record.plies, record.moves.len());
    assert!(record.opening_plies <= record.plies);
    let outcome = record.outcome();
    assert_eq!(record.result, outcome.pdn());
    let pos = *history.current();
    match record.termination.as_str() {
        "no moves" => {
            assert_eq!(pos.count_moves(), 0, "game {}", record.index);
            assert_eq!(outcome, Outcome::Win(pos.side_to_move().opponent()));
        }
        "repetition" => {
            assert!(history.repetitions() >= 3);
            assert_eq!(outcome, Outcome::Draw);
        }
        "quiet plies" => {
            assert!(history.quiet_plies() >= pos.quiet_ply_limit());
            assert_eq!(outcome, Outcome::Draw);
        }
        "max plies" => {
            assert_eq!(Some(record.plies), max_plies);
            assert_eq!(history.outcome(), None);
            assert_eq!(outcome, Outcome::Draw);
        }
        other => panic!("game {} ended by {other}: {}", record.index, record.reason),
    }
}

/// How often `needle` occurs in `haystack`.
pub fn occurrences(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// A small fixed-depth negamax on `test_material`: the test's stand-in for
/// the search crate's player, built from a `search:depth=N` spec through
/// the factory the way the real searcher will be.
pub struct Negamax {
    pub name: String,
    pub depth: u32,
}

fn negamax(history: &mut History<Position>, depth: u32) -> i32 {
    if let Some(outcome) = history.outcome() {
        return match outcome {
            Outcome::Draw => 0,
            // The side to move here has lost.
            Outcome::Win(_) => -1000,
        };
    }
    if depth == 0 {
        return test_material(history.current());
    }
    let moves = history.current().action_vec();
    let mut best = i32::MIN;
    for mv in moves {
        history.push(mv);
        best = best.max(-negamax(history, depth - 1));
        history.pop();
    }
    best
}

impl Player<Position> for Negamax {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _seed: u64) {}

    fn choose(
        &mut self,
        game: &History<Position>,
        _clock: &ClockState,
    ) -> Result<Choice<Action>, EngineError> {
        let mut history = game.clone();
        let mut best: Option<(i32, Action)> = None;
        for mv in history.current().action_vec() {
            history.push(mv);
            let value = -negamax(&mut history, self.depth - 1);
            history.pop();
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
        let (value, mv) = best.ok_or_else(|| EngineError::Crashed("no legal move".into()))?;
        Ok(Choice::scored(mv, value))
    }
}

/// The built-in players, plus `search:depth=N` as a [`Negamax`].
pub fn factory_with_search(
) -> impl Fn(&PlayerSpec) -> Result<Box<dyn Player<Position>>, BuildError> + Sync {
    let builtin = factory();
    move |spec: &PlayerSpec| match &spec.kind {
        PlayerKind::Search { limits, .. } => Ok(Box::new(Negamax {
            name: spec.name().to_string(),
            depth: limits.and_then(|l| l.depth).ok_or_else(|| BuildError {
                name: spec.name().to_string(),
                problem: BuildProblem::Unavailable("search without a depth"),
            })?,
        })),
        _ => builtin(spec),
    }
}
