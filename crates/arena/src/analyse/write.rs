//! An analysed game as PDN: the tags, the start position's note before the
//! first move, each move with its mark, its note and the game's own
//! comments, then its alternatives as variations (for a marked move its
//! better move first) and the game's own variations.

use super::{mover_view, Alternative, GameAnalysis, Note, Prepared};
use parlour_game::pdn::{self, Annotated};
use parlour_game::{Game, Side, Variant};

/// A game in PDN: its tags, the comments before its first move, each
/// move's text, comments and variations (`variations[i]` the movetext of
/// each after move `i`, without parentheses; none past its end), and
/// its result; then a blank line. A game read with
/// [`parlour_game::pdn::read_games`] and written back with its tags,
/// comments, variations and result is the text it was read from, if
/// parlour wrote that text.
pub fn write_game(
    tags: &[(String, String)],
    first: Side,
    lead: &[String],
    texts: &[String],
    comments: &[Vec<String>],
    variations: &[Vec<String>],
    result: Option<&String>,
) -> String {
    let moves: Vec<Annotated<'_>> = texts
        .iter()
        .zip(comments)
        .enumerate()
        .map(|(i, (text, comments))| Annotated {
            text,
            comments,
            variations: variations.get(i).map_or(&[], Vec::as_slice),
        })
        .collect();
    let tail: Vec<String> = result.into_iter().cloned().collect();
    let mut out: String = tags.iter().map(|(k, v)| pdn::tag(k, v)).collect();
    out.push('\n');
    out.push_str(&pdn::annotated_movetext(first, lead, &moves, &tail));
    out.push('\n');
    out
}

/// The variations after ply `ply`'s move: its alternatives, then the
/// game's others.
fn variations(
    first: Side,
    ply: usize,
    alternatives: &[Alternative],
    others: &[String],
) -> Vec<String> {
    alternatives
        .iter()
        .map(|a| a.movetext(first, ply))
        .chain(others.iter().cloned())
        .collect()
}

impl<V: Variant> Prepared<V> {
    /// The game in PDN as read, its notes, alternatives and other
    /// comments and variations in the order an analysis writes them (its
    /// marks left out): what an analysis that has not reached it yet
    /// keeps of it.
    pub fn pdn(&self) -> String {
        let lead: Vec<String> = self.notes[0]
            .iter()
            .map(Note::to_string)
            .chain(self.lead.iter().cloned())
            .collect();
        let comments: Vec<Vec<String>> = (0..self.texts.len())
            .map(|i| {
                let own = self.notes[i + 1].map(|note| mover_view(note).to_string());
                own.into_iter()
                    .chain(self.others[i].iter().cloned())
                    .collect()
            })
            .collect();
        let first = self.history.start().side_to_move();
        let variations: Vec<Vec<String>> = (0..self.texts.len())
            .map(|i| variations(first, i, &self.alternatives[i], &self.variations[i]))
            .collect();
        let game = &self.game;
        write_game(
            &game.tags,
            first,
            &lead,
            &self.texts,
            &comments,
            &variations,
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
                std::iter::once(p.note.to_string())
                    .chain(p.others.iter().cloned())
                    .collect()
            })
            .collect();
        let variations: Vec<Vec<String>> = (self.plies.iter().enumerate())
            .map(|(i, p)| variations(self.first, i, &p.alternatives, &p.variations))
            .collect();
        let lead: Vec<String> = std::iter::once(self.start.to_string())
            .chain(self.lead.iter().cloned())
            .collect();
        let result = self.result.as_ref();
        write_game(
            &self.tags,
            self.first,
            &lead,
            &texts,
            &comments,
            &variations,
            result,
        )
    }
}
