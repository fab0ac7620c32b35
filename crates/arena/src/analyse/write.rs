//! An analysed game as PDN: the tags, the start position's note before the
//! first move, each move with its mark, its note (and for a marked move
//! the better move and its line), then the game's own comments.

use super::{mover_view, score_text, GameAnalysis, Note, Prepared, BETTER};
use parlour_game::pdn::{self, Annotated};
use parlour_game::registry::MoveOf;
use parlour_game::{Game, Side, Variant};
use parlour_search::Score;

/// `MOVE SCORE, line MOVES`: the engine's move, the score it found for it
/// (from the mover's view) and its line.
pub(super) fn better_text<V: Variant>(score: Score, line: &[MoveOf<V>]) -> String {
    let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {}, line {}",
        moves.first().map_or("", String::as_str),
        score_text(score),
        moves.join(" ")
    )
}

/// A game in PDN: its tags, the comments before its first move, each
/// move's text and comments, and its result; then a blank line. A game
/// read with [`parlour_game::pdn::read_games`] and written back with its
/// tags, comments and result is the text it was read from, if parlour
/// wrote that text.
pub fn write_game(
    tags: &[(String, String)],
    first: Side,
    lead: &[String],
    texts: &[String],
    comments: &[Vec<String>],
    result: Option<&String>,
) -> String {
    let moves: Vec<Annotated<'_>> = texts
        .iter()
        .zip(comments)
        .map(|(text, comments)| Annotated { text, comments })
        .collect();
    let tail: Vec<String> = result.into_iter().cloned().collect();
    let mut out: String = tags.iter().map(|(k, v)| pdn::tag(k, v)).collect();
    out.push('\n');
    out.push_str(&pdn::annotated_movetext(first, lead, &moves, &tail));
    out.push('\n');
    out
}

/// A ply's own comment: its note and any better move.
fn own_comment(note: &Note, better: Option<&String>) -> String {
    match better {
        Some(better) => format!("{note}{BETTER}{better}"),
        None => note.to_string(),
    }
}

impl<V: Variant> Prepared<V> {
    /// The game in PDN as read, its notes and other comments in the order
    /// an analysis writes them (its marks left out): what an analysis
    /// that has not reached it yet keeps of it.
    pub fn pdn(&self) -> String {
        let lead: Vec<String> = self.notes[0]
            .iter()
            .map(Note::to_string)
            .chain(self.lead.iter().cloned())
            .collect();
        let comments: Vec<Vec<String>> = (0..self.texts.len())
            .map(|i| {
                let own = self.notes[i + 1]
                    .map(|note| own_comment(&mover_view(note), self.better[i].as_ref()));
                own.into_iter()
                    .chain(self.others[i].iter().cloned())
                    .collect()
            })
            .collect();
        let first = self.history.start().side_to_move();
        let game = &self.game;
        write_game(
            &game.tags,
            first,
            &lead,
            &self.texts,
            &comments,
            game.result.as_ref(),
        )
    }
}

impl GameAnalysis {
    /// The annotated game in PDN, followed by a blank line.
    pub fn pdn(&self) -> String {
        let texts: Vec<String> = self
            .plies
            .iter()
            .map(|p| format!("{}{}", p.text, p.verdict.mark()))
            .collect();
        let comments: Vec<Vec<String>> = self
            .plies
            .iter()
            .map(|p| {
                let own = own_comment(&p.note, p.better.as_ref());
                std::iter::once(own)
                    .chain(p.others.iter().cloned())
                    .collect()
            })
            .collect();
        let lead: Vec<String> = std::iter::once(self.start.to_string())
            .chain(self.lead.iter().cloned())
            .collect();
        let result = self.result.as_ref();
        write_game(&self.tags, self.first, &lead, &texts, &comments, result)
    }
}
