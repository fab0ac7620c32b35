//! A game record as PDN, for people and other programs: the seven
//! standard tags, the game's own, the opening and how the game ended, then
//! the numbered moves with the ending in words.

use crate::analyse::Note;
use parlour_game::pdn::{self, Annotated};
use parlour_game::{Side, Variant};
use parlour_report::GameRecord;
use parlour_search::Score;
use std::time::Duration;

/// The PDN text of a game: the seven standard tags, the game's own tags,
/// `Opening` and `Termination`, then the numbered moves, each engine
/// move with its engine's score, depth and time (`{+0.35/14 0.101s}`, a
/// bare `{0.101s}` where the engine gave no score), a comment with the
/// reason, and the result.
pub fn pdn_game<V: Variant>(record: &GameRecord, rules: &V, event: &str) -> String {
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), event.to_string()),
        ("Site".into(), "?".into()),
        ("Date".into(), record.date.clone()),
        ("Round".into(), (record.index + 1).to_string()),
        ("White".into(), record.white.clone()),
        ("Black".into(), record.black.clone()),
        ("Result".into(), record.result.clone()),
    ];
    tags.extend(rules.pdn_tags(&record.start));
    tags.push(("Opening".into(), record.opening.clone()));
    tags.push(("Termination".into(), record.termination.to_string()));
    let mut out: String = tags
        .iter()
        .map(|(key, value)| pdn::tag(key, value))
        .collect();
    out.push('\n');
    let first = if record.first == "black" {
        Side::Black
    } else {
        Side::White
    };
    // The reason is the last move's last comment (before the first move
    // in a game of none), written and wrapped as every comment is, so that
    // a reader that writes the game back as it read it gives this text.
    let mut comments = move_comments(record);
    let mut lead = Vec::new();
    comments
        .last_mut()
        .unwrap_or(&mut lead)
        .push(record.reason.clone());
    let moves: Vec<Annotated<'_>> = record
        .moves
        .iter()
        .zip(&comments)
        .map(|(text, comments)| Annotated {
            text,
            comments,
            variations: &[],
        })
        .collect();
    out.push_str(&pdn::annotated_movetext(
        first,
        &lead,
        &moves,
        std::slice::from_ref(&record.result),
    ));
    out.push('\n');
    out
}

/// Each move's comments: none for the opening's, an engine move's
/// [`Note`] where its engine gave a score and a depth, else its time.
fn move_comments(record: &GameRecord) -> Vec<Vec<String>> {
    let engine = record.opening_plies;
    (0..record.moves.len())
        .map(|j| {
            let Some(&ms) = j.checked_sub(engine).and_then(|e| record.move_ms.get(e)) else {
                return Vec::new();
            };
            let time = Duration::from_millis(ms);
            let said = record
                .move_notes
                .get(j - engine)
                .copied()
                .unwrap_or_default();
            let text = match (said.score, said.depth) {
                (Some(score), Some(depth)) => Note {
                    score: Score::from_internal(score),
                    depth,
                    time,
                }
                .to_string(),
                _ => format!("{}.{:03}s", ms / 1000, ms % 1000),
            };
            vec![text]
        })
        .collect()
}

/// The PDN text of `records` in the match's order (by index).
pub fn pdn_text<V: Variant>(records: &[GameRecord], rules: &V, event: &str) -> String {
    let mut sorted: Vec<&GameRecord> = records.iter().collect();
    sorted.sort_by_key(|r| r.index);
    sorted.iter().map(|r| pdn_game(r, rules, event)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::results::tests::record;
    use parlour_checkers::Rules;

    #[test]
    fn pdn_numbers_moves_from_the_side_to_move() {
        let text = pdn_game(&record(), &Rules::HUFFING, "E");
        let expected = "[Event \"E\"]\n[Site \"?\"]\n[Date \"2026.11.30\"]\n[Round \"5\"]\n\
                        [White \"w\"]\n[Black \"b\"]\n[Result \"1-1\"]\n[Rules \"huffing\"]\n\
                        [FEN \"W:W18,22:B6,11\"]\n[Opening \"a \\\"quoted\\\" name\"]\n\
                        [Termination \"max plies\"]\n\n\
                        1... 22-17 {+0.35/4 0.012s} 2. 11-15 {0.000s} 18x11 {+W3/9 0.007s} {adjudicated\n\
                        (after) 3 plies} 1-1\n\n";
        assert_eq!(text, expected);
    }
}
