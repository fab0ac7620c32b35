//! The referee of one game: how it ends, and why. The rules' own results
//! come first ([`parlour_game::History::outcome`]); then the match's: a
//! draw at its most plies, a loss for a player that fails to move (a
//! crash, an illegal move, a timeout), resignation on a player's own
//! score, and a draw when both players' scores stay level.

use crate::plan::adjudication::Adjudication;
use parlour_game::tables::EndgameTables;
use parlour_game::{Game, History, Outcome, Proven, Side};
use parlour_hub::EngineError;
use parlour_report::Termination;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// The result.
    pub outcome: Outcome,
    /// How, as the record names it.
    pub termination: Termination,
    /// The ending in words.
    pub reason: String,
}

impl Ending {
    /// A loss for `side`.
    pub fn loss(side: Side, termination: Termination, reason: String) -> Ending {
        Ending {
            outcome: Outcome::Win(side.opponent()),
            termination,
            reason,
        }
    }

    /// A draw.
    pub fn draw(termination: Termination, reason: String) -> Ending {
        Ending {
            outcome: Outcome::Draw,
            termination,
            reason,
        }
    }

    /// A loss for `side` whose engine failed to give a move.
    pub fn failure(side: Side, who: &str, error: &EngineError) -> Ending {
        let termination = match error {
            EngineError::Crashed(_) => Termination::Crash,
            EngineError::TimedOut(_) => Termination::TimeForfeit,
            EngineError::IllegalMove(_) => Termination::IllegalMove,
        };
        Ending::loss(side, termination, format!("{who} {error}"))
    }
}

/// The engines' names by side, as endings name the players.
#[derive(Clone, Copy)]
pub(crate) struct Names<'a>(pub [&'a str; 2]);

impl Names<'_> {
    /// `black (name)`.
    pub fn who(&self, side: Side) -> String {
        format!("{side} ({})", self.0[side.index()])
    }
}

/// The game's end where the rules, the endgame databases (`tables`) or
/// the most plies decide it before the side to move moves.
pub(crate) fn verdict<G: Game>(
    history: &History<G>,
    names: Names<'_>,
    adjudication: &Adjudication,
    tables: Option<&dyn EndgameTables<G>>,
) -> Option<Ending> {
    let pos = history.current();
    if let Some(outcome) = history.outcome() {
        let (termination, reason) = if pos.outcome().is_some() {
            let who = names.who(pos.side_to_move());
            (Termination::NoMoves, format!("{who} has no legal move"))
        } else if history.repetitions() >= 3 {
            let reason = "the same position a third time".to_string();
            (Termination::Repetition, reason)
        } else {
            let plies = history.quiet_plies();
            let reason = format!("{plies} plies without a capture or an irreversible move");
            (Termination::QuietPlies, reason)
        };
        return Some(Ending {
            outcome,
            termination,
            reason,
        });
    }
    if let Some(ending) = tables.and_then(|t| by_databases(history, names, t)) {
        return Some(ending);
    }
    let plies = history.moves().len();
    let max = adjudication.max_plies?;
    (plies >= max as usize).then(|| {
        let reason = format!("adjudicated a draw after {plies} plies");
        Ending::draw(Termination::MaxPlies, reason)
    })
}

/// The databases' value of the position, where they hold it.
fn by_databases<G: Game>(
    history: &History<G>,
    names: Names<'_>,
    tables: &dyn EndgameTables<G>,
) -> Option<Ending> {
    let side = history.current().side_to_move();
    let who = names.who(side);
    let (outcome, says) = match tables.probe(history.current())? {
        Proven::Win => (Outcome::Win(side), format!("{who} to move wins")),
        Proven::Loss => (
            Outcome::Win(side.opponent()),
            format!("{who} to move loses"),
        ),
        Proven::Draw => (Outcome::Draw, "a draw".to_string()),
    };
    Some(Ending {
        outcome,
        termination: Termination::Databases,
        reason: format!("the endgame databases: {says}"),
    })
}

/// The scores the players gave, for resignation and the draw by score:
/// per side, how many of its moves in a row were losing and level.
#[derive(Default)]
pub(crate) struct ScoreRun {
    losing: [u32; 2],
    level: [u32; 2],
}

impl ScoreRun {
    /// Counts the score `side` gave with its move (none breaks its runs)
    /// and ends the game where `adjudication` says: a resignation, or a
    /// draw once `plies` are played.
    pub fn after_move(
        &mut self,
        side: Side,
        score: Option<i32>,
        plies: usize,
        adjudication: &Adjudication,
        names: Names<'_>,
    ) -> Option<Ending> {
        let me = side.index();
        let losing = score.is_some_and(|s| adjudication.resign.is_some_and(|r| s <= -r.score));
        let level = score.is_some_and(|s| adjudication.draw.is_some_and(|d| s.abs() <= d.score));
        self.losing[me] = if losing { self.losing[me] + 1 } else { 0 };
        self.level[me] = if level { self.level[me] + 1 } else { 0 };
        if let Some(r) = adjudication.resign.filter(|r| self.losing[me] >= r.moves) {
            let who = names.who(side);
            let reason = format!(
                "{who} resigned: scored -{} or worse for {} moves",
                r.score, r.moves
            );
            return Some(Ending::loss(side, Termination::Resignation, reason));
        }
        let d = adjudication.draw?;
        let agreed = plies >= d.after_plies as usize && self.level.iter().all(|&n| n >= d.moves);
        agreed.then(|| {
            let reason = format!(
                "both scored within {} of level for {} moves",
                d.score, d.moves
            );
            Ending::draw(Termination::DrawAdjudication, reason)
        })
    }
}
