//! Playing one game: the players move in turn from the opening; the
//! runner keeps each engine's clock (with a forfeit margin), turns a
//! failure to move (a crash, an illegal move, a timeout) into a loss with
//! its reason, and ends the game by the rules' own results
//! ([`parlour_game::History::outcome`]), resignation, draw by agreed score, or the
//! maximum length.

use crate::openings::Opening;
use crate::player::{ClockState, Player};
use crate::records::{today, GameRecord};
use crate::spec::PlayerSpec;
use parlour_game::{mix_seed, Game, Outcome, Side};
use parlour_hub::EngineError;
use serde::{Deserialize, Serialize};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Resignation: a player whose own score has been at or below `-score`
/// for `moves` of its moves in a row resigns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResignRule {
    /// The score (positive) a player must be down by.
    pub score: i32,
    /// For how many of its moves in a row.
    pub moves: u32,
}

/// Draw by agreed score: from ply `after_plies` on, when both players'
/// scores have been within `score` of 0 for `moves` of their moves in a
/// row, the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRule {
    /// The first ply at which a draw may be adjudicated.
    pub after_plies: u32,
    /// The largest score (either way) that counts as level.
    pub score: i32,
    /// For how many moves of each player in a row.
    pub moves: u32,
}

/// Ending games before the rules do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// A game still going after this many plies (the opening's included)
    /// is drawn.
    pub max_plies: Option<u32>,
    /// Optional resignation by score.
    pub resign: Option<ResignRule>,
    /// Optional draw by agreed score.
    pub draw: Option<DrawRule>,
}

impl Default for Adjudication {
    /// A draw at 1000 plies; no resignation, no draw by score.
    fn default() -> Self {
        Adjudication {
            max_plies: Some(1000),
            resign: None,
            draw: None,
        }
    }
}

/// One engine's clock during a game.
struct Clock {
    remaining: Option<Duration>,
    increment: Duration,
    movetime: Option<Duration>,
}

/// Scores seen for adjudication: per side, how many moves in a row were
/// losing (for resignation) and level (for a draw).
#[derive(Default)]
struct ScoreRun {
    losing: [u32; 2],
    level: [u32; 2],
}

/// How a game ended.
struct Ending {
    outcome: Outcome,
    termination: &'static str,
    reason: String,
}

/// One game to play: everything but the players.
pub(crate) struct GameSetup<'a, G: Game> {
    /// The game's index in the match.
    pub index: usize,
    /// The round (opening number), from 0.
    pub round: usize,
    /// The opening.
    pub opening: &'a Opening<G>,
    /// The specs of the engines playing Black and White.
    pub specs: [&'a PlayerSpec; 2],
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// How far a clock or move time may be overrun.
    pub time_margin: Duration,
    /// The game's seed.
    pub seed: u64,
}

/// Plays one game between two fresh players, Black's first.
pub(crate) fn play_game<G: Game>(
    setup: &GameSetup<'_, G>,
    players: &mut [Box<dyn Player<G>>; 2],
) -> GameRecord {
    let GameSetup {
        index,
        round,
        opening,
        specs,
        adjudication: adj,
        time_margin,
        seed,
    } = *setup;
    let names = [specs[0].name(), specs[1].name()];
    let who = |side: Side| format!("{side} ({})", names[side.index()]);
    for (i, player) in players.iter_mut().enumerate() {
        player.new_game(mix_seed(seed, i as u64 + 1));
    }
    let mut history = opening.history();
    let mut clocks = specs.map(|spec| Clock {
        remaining: spec.clock().map(|c| c.base),
        increment: spec.clock().map_or(Duration::ZERO, |c| c.increment),
        movetime: spec.movetime(),
    });
    let mut scores = ScoreRun::default();
    let mut move_ms = Vec::new();
    let ending = loop {
        let pos = *history.current();
        let plies = history.moves().len();
        if let Some(outcome) = history.outcome() {
            let (termination, reason) = if pos.outcome().is_some() {
                let mover = pos.side_to_move();
                ("no moves", format!("{} has no legal move", who(mover)))
            } else if history.repetitions() >= 3 {
                ("repetition", "the same position a third time".to_string())
            } else {
                (
                    "quiet plies",
                    format!(
                        "{} plies without a capture or an irreversible move",
                        history.quiet_plies()
                    ),
                )
            };
            break Ending {
                outcome,
                termination,
                reason,
            };
        }
        if adj.max_plies.is_some_and(|max| plies >= max as usize) {
            break Ending {
                outcome: Outcome::Draw,
                termination: "max plies",
                reason: format!("adjudicated a draw after {plies} plies"),
            };
        }
        let side = pos.side_to_move();
        let (me, them) = (side.index(), side.opponent().index());
        let state = ClockState {
            own: clocks[me].remaining,
            opponent: clocks[them].remaining,
            increment: clocks[me].increment,
            movetime: clocks[me].movetime,
        };
        let started = Instant::now();
        let player = &mut players[me];
        let answer = catch_unwind(AssertUnwindSafe(|| player.choose(&history, &state)))
            .unwrap_or_else(|panic| {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".to_string());
                Err(EngineError::Crashed(format!("panicked: {what}")))
            });
        let elapsed = started.elapsed();
        let lose = |termination: &'static str, reason: String| Ending {
            outcome: Outcome::Win(side.opponent()),
            termination,
            reason,
        };
        let choice = match answer {
            Ok(choice) => choice,
            Err(e) => break lose(e.termination(), format!("{} {e}", who(side))),
        };
        let clock = &mut clocks[me];
        if let Some(left) = clock.remaining {
            if elapsed > left + time_margin {
                break lose(
                    "time forfeit",
                    format!(
                        "{} lost on time: {:.3} s for a move with {:.3} s left",
                        who(side),
                        elapsed.as_secs_f64(),
                        left.as_secs_f64()
                    ),
                );
            }
            clock.remaining = Some(left.saturating_sub(elapsed) + clock.increment);
        }
        if let Some(limit) = clock.movetime {
            if elapsed > limit + time_margin {
                break lose(
                    "time forfeit",
                    format!(
                        "{} lost on time: {:.3} s for a move of {:.3} s",
                        who(side),
                        elapsed.as_secs_f64(),
                        limit.as_secs_f64()
                    ),
                );
            }
        }
        if !history.try_push(choice.mv) {
            break lose(
                "illegal move",
                format!("{} played {}, which is not legal", who(side), choice.mv),
            );
        }
        move_ms.push(u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX));
        if history.outcome().is_some() {
            // The rules have ended the game: no adjudication.
            continue;
        }
        match choice.score {
            Some(score) => {
                let resign = adj.resign.is_some_and(|r| score <= -r.score);
                scores.losing[me] = if resign { scores.losing[me] + 1 } else { 0 };
                let level = adj.draw.is_some_and(|d| score.abs() <= d.score);
                scores.level[me] = if level { scores.level[me] + 1 } else { 0 };
            }
            None => {
                scores.losing[me] = 0;
                scores.level[me] = 0;
            }
        }
        if let Some(r) = adj.resign {
            if scores.losing[me] >= r.moves {
                break lose(
                    "resignation",
                    format!(
                        "{} resigned: scored -{} or worse for {} moves",
                        who(side),
                        r.score,
                        r.moves
                    ),
                );
            }
        }
        if let Some(d) = adj.draw {
            if history.moves().len() >= d.after_plies as usize
                && scores.level.iter().all(|&n| n >= d.moves)
            {
                break Ending {
                    outcome: Outcome::Draw,
                    termination: "draw adjudication",
                    reason: format!(
                        "both scored within {} of level for {} moves",
                        d.score, d.moves
                    ),
                };
            }
        }
    };
    GameRecord {
        index,
        round: round + 1,
        opening: opening.name.clone(),
        opening_plies: opening.moves.len(),
        start: opening.start.to_string(),
        first: opening.start.side_to_move().name().to_string(),
        black: names[0].to_string(),
        white: names[1].to_string(),
        result: ending.outcome.pdn().to_string(),
        winner: match ending.outcome {
            Outcome::Win(side) => Some(side.name().to_string()),
            Outcome::Draw => None,
        },
        termination: ending.termination.to_string(),
        reason: ending.reason,
        plies: history.moves().len(),
        moves: history.moves().iter().map(|m| m.to_string()).collect(),
        date: today(),
        move_ms,
        // The runner numbers the games as they are written.
        order: 0,
    }
}
