//! Checking a game record before it is trusted, against the match its
//! file's header describes: that it is a game of the match (its index, its
//! shard, its engines and colours, its round and opening), that its result
//! and winner say the same, that its moves are legal when replayed from its
//! start, and that its ending is one the replayed game allows (the rules'
//! own endings where the rules end the game; an adjudication, a
//! resignation or a failure to move only where they do not). A record
//! edited by hand, or written for another match, fails here with the
//! reason, before resume or `report` counts it.

use crate::header::MatchHeader;
use crate::records::GameRecord;
use crate::runner::Schedule;
use crate::shard::Shard;
use parlour_game::{Game, History, Outcome, Side, Variant};

/// A match as its header describes it, ready to check records against.
pub(crate) struct Plan<'a, V: Variant> {
    /// The header.
    pub header: &'a MatchHeader,
    /// The game's rules, read from the header.
    pub rules: V,
    /// The engines' names, by index.
    pub names: &'a [String],
    /// The games.
    pub schedule: &'a Schedule,
}

/// The side a record names as its winner.
fn winner(record: &GameRecord) -> Result<Option<Side>, String> {
    match record.winner.as_deref() {
        None => Ok(None),
        Some("black") => Ok(Some(Side::Black)),
        Some("white") => Ok(Some(Side::White)),
        Some(other) => Err(format!("has winner `{other}`: not black, white or none")),
    }
}

impl<V: Variant> Plan<'_, V> {
    /// Checks that `record` is a game of this match, of `shard` if the
    /// file holds one, and a game the rules allow as recorded; the reason
    /// it is not, as a phrase after "game N".
    pub fn check(&self, record: &GameRecord, shard: Option<Shard>) -> Result<(), String> {
        let total = self.schedule.total();
        if record.index >= total {
            return Err(format!("is beyond the match's {total} games"));
        }
        if let Some(shard) = shard {
            if !shard.holds(record.index) {
                return Err(format!("is not a game of shard {shard}"));
            }
        }
        let slot = self.schedule.slot(record.index);
        let (black, white) = (&self.names[slot.black], &self.names[slot.white]);
        if (&record.black, &record.white) != (black, white) {
            return Err(format!(
                "is {} (Black) against {} (White); the match plays {black} against {white}",
                record.black, record.white
            ));
        }
        if record.round != slot.round + 1 {
            return Err(format!(
                "is numbered round {}; it is round {}",
                record.round,
                slot.round + 1
            ));
        }
        let opening = self
            .header
            .opening(slot.round)
            .ok_or("has no opening: the header lists none")?;
        if record.opening != opening.name || record.start != opening.start {
            return Err(format!(
                "opened with `{}` from {}; its round opens with `{}` from {}",
                record.opening, record.start, opening.name, opening.start
            ));
        }
        if record.opening_plies != opening.moves.len() || !record.moves.starts_with(&opening.moves)
        {
            return Err(format!(
                "does not begin with its opening's moves `{}`",
                opening.moves.join(" ")
            ));
        }
        let winner = winner(record)?;
        let outcome = winner.map_or(Outcome::Draw, Outcome::Win);
        if record.result != outcome.pdn() {
            return Err(format!(
                "has result `{}`, but its winner ({}) makes it `{}`",
                record.result,
                record.winner.as_deref().unwrap_or("none: a draw"),
                outcome.pdn()
            ));
        }
        let start = V::parse_position(Some(self.rules), &record.start)
            .map_err(|e| format!("starts from `{}`, which does not read: {e}", record.start))?;
        if record.first != start.side_to_move().name() {
            return Err(format!(
                "says {} moved first; {} moves first from its start",
                record.first,
                start.side_to_move().name()
            ));
        }
        let mut history = History::new(start);
        for (i, text) in record.moves.iter().enumerate() {
            if history.outcome().is_some() {
                return Err(format!("goes on after the game ended, at move {}", i + 1));
            }
            let legal = history
                .current()
                .parse_move(text)
                .ok()
                .is_some_and(|mv| history.try_push(mv));
            if !legal {
                return Err(format!("has move {} `{text}`, which is not legal", i + 1));
            }
        }
        if record.plies != record.moves.len() {
            return Err(format!(
                "counts {} plies but holds {} moves",
                record.plies,
                record.moves.len()
            ));
        }
        let engine_moves = record.moves.len() - record.opening_plies;
        if record.move_ms.len() != engine_moves {
            return Err(format!(
                "has {} move times for {engine_moves} engine moves",
                record.move_ms.len()
            ));
        }
        check_ending(record, &history, outcome)
    }
}

/// Whether the recorded ending fits the replayed game: the rules' own
/// endings must be the rules' result; the others end a game the rules have
/// not, a draw or a win for the side the ending favours.
fn check_ending<G: Game>(
    record: &GameRecord,
    history: &History<G>,
    outcome: Outcome,
) -> Result<(), String> {
    let ended = history.outcome();
    let to_move = history.current().side_to_move();
    let termination = record.termination.as_str();
    let expected = match termination {
        "no moves" | "repetition" | "quiet plies" => {
            return match ended {
                Some(o) if o == outcome => Ok(()),
                Some(o) => Err(format!(
                    "ends by {termination} with {}, but the rules give {}",
                    outcome.pdn(),
                    o.pdn()
                )),
                None => Err(format!(
                    "ends by {termination}, but the rules do not end the game there"
                )),
            };
        }
        "max plies" | "draw adjudication" => Outcome::Draw,
        // Resigned after its move: the side to move now is the winner.
        "resignation" => Outcome::Win(to_move),
        // Failed to give its move: the side to move lost.
        "time forfeit" | "illegal move" | "crash" => Outcome::Win(to_move.opponent()),
        other => {
            return Err(format!(
                "ends by `{other}`, which is no ending a match records"
            ))
        }
    };
    if let Some(o) = ended {
        return Err(format!(
            "ends by {termination}, but the rules had ended it with {}",
            o.pdn()
        ));
    }
    if outcome != expected {
        return Err(format!(
            "ends by {termination} with {}; that ending there gives {}",
            outcome.pdn(),
            expected.pdn()
        ));
    }
    Ok(())
}
