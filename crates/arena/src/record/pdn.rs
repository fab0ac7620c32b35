//! A game record as PDN, for people and other programs: the seven
//! standard tags, the game's own, the opening and how the game ended, then
//! the numbered moves with the ending in words.

use parlour_game::{pdn, Side, Variant};
use parlour_report::GameRecord;

/// The PDN text of a game: the seven standard tags, the game's own tags,
/// `Opening` and `Termination`, then the numbered moves, a comment with the
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
    // A PDN comment cannot hold braces.
    let reason = record.reason.replace('{', "(").replace('}', ")");
    out.push_str(&pdn::movetext(
        first,
        &record.moves,
        &[format!("{{{reason}}}"), record.result.clone()],
    ));
    out.push('\n');
    out
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
                        1... 22-17 2. 11-15 18x11 {adjudicated (after) 3 plies} 1-1\n\n";
        assert_eq!(text, expected);
    }
}
