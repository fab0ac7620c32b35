//! Checking a game record before it is trusted, against the match its
//! file's header describes: that it is a game of the match (its index, its
//! shard, its engines and colours, its round and opening), that its result
//! and winner say the same, that its moves are legal when replayed from its
//! start, and that its ending is one the replayed game allows (the rules'
//! own endings where the rules end the game; an adjudication, a
//! resignation or a failure to move only where they do not). A record
//! edited by hand, or written for another match, fails here with the
//! reason, before resume or `report` counts it.

use crate::plan::header::MatchHeader;
use crate::plan::schedule::Schedule;
use crate::plan::shard::Shard;
use parlour_game::echo::echo;
use parlour_game::{Game, History, Outcome, Side, Variant};
use parlour_report::{GameRecord, Termination};
use std::error::Error;

/// A match as its header describes it, ready to check records against.
pub(crate) struct Expected<'a, V: Variant> {
    /// The header.
    pub header: &'a MatchHeader,
    /// The game's rules, read from the header.
    pub rules: V,
    /// The engines' names, by index.
    pub names: &'a [String],
    /// The games.
    pub schedule: &'a Schedule,
}

/// Why a record is not a game of its match as it says it is; each reads
/// as a phrase after "game N".
#[derive(Debug, thiserror::Error)]
pub enum Mismatch {
    /// An index past the match's games.
    #[error("is beyond the match's {total} games")]
    Beyond {
        /// The match's games.
        total: usize,
    },
    /// A game of another shard.
    #[error("is not a game of shard {shard}")]
    OtherShard {
        /// The file's shard.
        shard: Shard,
    },
    /// Other engines or colours than the game's index gives.
    #[error("is {} (Black) against {} (White); the match plays {} against {}", echo(&.found[0]), echo(&.found[1]), echo(&.expected[0]), echo(&.expected[1]))]
    Engines {
        /// The engines recorded, Black's first.
        found: [String; 2],
        /// The engines of the game, Black's first.
        expected: [String; 2],
    },
    /// Another round than the game's index gives.
    #[error("is numbered round {found}; it is round {expected}")]
    Round {
        /// The round recorded.
        found: usize,
        /// The game's round.
        expected: usize,
    },
    /// A header with no opening at all.
    #[error("has no opening: the header lists none")]
    NoOpening,
    /// Another opening than its round's.
    #[error("opened with `{}` from {}; its round opens with `{}` from {}", echo(&.found[0]), echo(&.found[1]), echo(&.expected[0]), echo(&.expected[1]))]
    Opening {
        /// The opening's name and start recorded.
        found: [String; 2],
        /// The round's opening's name and start.
        expected: [String; 2],
    },
    /// Moves that do not begin with the opening's.
    #[error("does not begin with its opening's moves `{}`", echo(.moves))]
    OpeningMoves {
        /// The opening's moves.
        moves: String,
    },
    /// A winner that is not a side.
    #[error("has winner `{}`: not black, white or none", echo(.winner))]
    Winner {
        /// The winner recorded.
        winner: String,
    },
    /// A result its winner does not give.
    #[error("has result `{}`, but its winner ({}) makes it `{}`", echo(.result), echo(.winner.as_deref().unwrap_or("none: a draw")), .outcome.pdn())]
    Result {
        /// The result recorded.
        result: String,
        /// The winner recorded.
        winner: Option<String>,
        /// The outcome the winner gives.
        outcome: Outcome,
    },
    /// A start the game cannot read.
    #[error("starts from `{}`, which does not read: {error}", echo(.start))]
    Start {
        /// The start recorded.
        start: String,
        /// What the game says is wrong.
        error: Box<dyn Error + Send + Sync>,
    },
    /// Another side to move first than the start gives.
    #[error("says {said} moved first; {side} moves first from its start")]
    First {
        /// The side recorded.
        said: String,
        /// The side to move at the start.
        side: Side,
    },
    /// Moves after the rules ended the game.
    #[error("goes on after the game ended, at move {number}")]
    AfterEnd {
        /// The first move after the end, from 1.
        number: usize,
    },
    /// A move that is not legal where it is played.
    #[error("has move {number} `{}`, which is not legal", echo(.text))]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// Its text.
        text: String,
    },
    /// A ply count other than its moves'.
    #[error("counts {plies} plies but holds {moves} moves")]
    Plies {
        /// The plies recorded.
        plies: usize,
        /// The moves it holds.
        moves: usize,
    },
    /// Not one move time for each engine move.
    #[error("has {times} move times for {moves} engine moves")]
    MoveTimes {
        /// The move times recorded.
        times: usize,
        /// The engine moves (the opening's aside).
        moves: usize,
    },
    /// An ending that names no ending a match records.
    #[error("ends by `{}`, which is no ending a match records", echo(.0))]
    UnknownEnding(String),
    /// A rules' ending with another result than the rules give.
    #[error("ends by {termination} with {}, but the rules give {}", .recorded.pdn(), .rules.pdn())]
    RulesGive {
        /// The ending recorded.
        termination: Termination,
        /// The outcome recorded.
        recorded: Outcome,
        /// The rules' outcome.
        rules: Outcome,
    },
    /// A rules' ending where the rules go on.
    #[error("ends by {termination}, but the rules do not end the game there")]
    RulesGoOn {
        /// The ending recorded.
        termination: Termination,
    },
    /// The match's ending of a game the rules had ended.
    #[error("ends by {termination}, but the rules had ended it with {}", .rules.pdn())]
    RulesEnded {
        /// The ending recorded.
        termination: Termination,
        /// The rules' outcome.
        rules: Outcome,
    },
    /// The match's ending with a result it cannot give there.
    #[error("ends by {termination} with {}; that ending there gives {}", .recorded.pdn(), .expected.pdn())]
    EndingGives {
        /// The ending recorded.
        termination: Termination,
        /// The outcome recorded.
        recorded: Outcome,
        /// The outcome the ending gives there.
        expected: Outcome,
    },
}

impl<V: Variant> Expected<'_, V> {
    /// Checks that `record` is a game of this match, of `shard` if the
    /// file holds one, and a game the rules allow as recorded.
    pub fn check(&self, record: &GameRecord, shard: Option<Shard>) -> Result<(), Mismatch> {
        self.check_place(record, shard)?;
        let outcome = recorded_outcome(record)?;
        let history = self.replay(record)?;
        check_counts(record)?;
        check_ending(record, &history, outcome)
    }

    /// The game's place in the match: its index, shard, engines, round and
    /// opening.
    fn check_place(&self, record: &GameRecord, shard: Option<Shard>) -> Result<(), Mismatch> {
        let total = self.schedule.total();
        if record.index >= total {
            return Err(Mismatch::Beyond { total });
        }
        if let Some(shard) = shard.filter(|s| !s.holds(record.index)) {
            return Err(Mismatch::OtherShard { shard });
        }
        let slot = self.schedule.slot(record.index);
        let expected = [slot.black, slot.white].map(|e| self.names[e].clone());
        if [&record.black, &record.white] != [&expected[0], &expected[1]] {
            let found = [record.black.clone(), record.white.clone()];
            return Err(Mismatch::Engines { found, expected });
        }
        if record.round != slot.round + 1 {
            let (found, expected) = (record.round, slot.round + 1);
            return Err(Mismatch::Round { found, expected });
        }
        let opening = self.header.opening(slot.round).ok_or(Mismatch::NoOpening)?;
        if record.opening != opening.name || record.start != opening.start {
            return Err(Mismatch::Opening {
                found: [record.opening.clone(), record.start.clone()],
                expected: [opening.name.clone(), opening.start.clone()],
            });
        }
        if record.opening_plies != opening.moves.len() || !record.moves.starts_with(&opening.moves)
        {
            let moves = opening.moves.join(" ");
            return Err(Mismatch::OpeningMoves { moves });
        }
        Ok(())
    }

    /// The game replayed from its start, every move legal.
    fn replay(&self, record: &GameRecord) -> Result<History<V::Position>, Mismatch> {
        let start =
            V::parse_position(Some(self.rules), &record.start).map_err(|e| Mismatch::Start {
                start: record.start.clone(),
                error: Box::new(e),
            })?;
        let side = start.side_to_move();
        if record.first != side.name() {
            let said = record.first.clone();
            return Err(Mismatch::First { said, side });
        }
        let mut history = History::new(start);
        for (i, text) in record.moves.iter().enumerate() {
            let number = i + 1;
            if history.outcome().is_some() {
                return Err(Mismatch::AfterEnd { number });
            }
            let legal = history
                .current()
                .parse_move(text)
                .ok()
                .is_some_and(|mv| history.try_push(mv));
            if !legal {
                let text = text.clone();
                return Err(Mismatch::Illegal { number, text });
            }
        }
        Ok(history)
    }
}

/// The outcome the record's winner gives, which its result must match.
fn recorded_outcome(record: &GameRecord) -> Result<Outcome, Mismatch> {
    let outcome = match record.winner.as_deref() {
        None => Outcome::Draw,
        Some("black") => Outcome::Win(Side::Black),
        Some("white") => Outcome::Win(Side::White),
        Some(other) => {
            let winner = other.to_string();
            return Err(Mismatch::Winner { winner });
        }
    };
    if record.result != outcome.pdn() {
        return Err(Mismatch::Result {
            result: record.result.clone(),
            winner: record.winner.clone(),
            outcome,
        });
    }
    Ok(outcome)
}

/// The ply count and the move times agree with the moves.
fn check_counts(record: &GameRecord) -> Result<(), Mismatch> {
    let moves = record.moves.len();
    if record.plies != moves {
        let plies = record.plies;
        return Err(Mismatch::Plies { plies, moves });
    }
    let engine_moves = moves - record.opening_plies;
    if record.move_ms.len() != engine_moves {
        let times = record.move_ms.len();
        return Err(Mismatch::MoveTimes {
            times,
            moves: engine_moves,
        });
    }
    Ok(())
}

/// Whether the recorded ending fits the replayed game: the rules' own
/// endings must be the rules' result; the others end a game the rules have
/// not, a draw or a win for the side the ending favours.
fn check_ending<G: Game>(
    record: &GameRecord,
    history: &History<G>,
    recorded: Outcome,
) -> Result<(), Mismatch> {
    let rules = history.outcome();
    let to_move = history.current().side_to_move();
    let termination = record.termination.clone();
    let expected = match termination {
        Termination::NoMoves | Termination::Repetition | Termination::QuietPlies => {
            return match rules {
                Some(o) if o == recorded => Ok(()),
                Some(rules) => Err(Mismatch::RulesGive {
                    termination,
                    recorded,
                    rules,
                }),
                None => Err(Mismatch::RulesGoOn { termination }),
            };
        }
        Termination::MaxPlies | Termination::DrawAdjudication => Outcome::Draw,
        // Resigned after its move: the side to move now is the winner.
        Termination::Resignation => Outcome::Win(to_move),
        // Failed to give its move: the side to move lost.
        Termination::TimeForfeit | Termination::IllegalMove | Termination::Crash => {
            Outcome::Win(to_move.opponent())
        }
        Termination::Unknown(words) => return Err(Mismatch::UnknownEnding(words)),
        // The databases' value, whichever it is, of a game the rules have
        // not ended.
        Termination::Databases => recorded,
    };
    if let Some(rules) = rules {
        return Err(Mismatch::RulesEnded { termination, rules });
    }
    if recorded != expected {
        return Err(Mismatch::EndingGives {
            termination,
            recorded,
            expected,
        });
    }
    Ok(())
}
