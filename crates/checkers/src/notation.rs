//! Reading actions typed by people or other programs: `11-15`, `22x15`,
//! `9x18x27`, the short `9x27` where it names one move, `h14 11-15`, and
//! `compel`, always matched against the legal actions of the position; and
//! splitting a line of actions, where a huff's `hN` goes with the move after
//! it.

use crate::bitboard::Square;
use crate::error::MoveError;
use crate::fen::{move_through, parse_square, split_move};
use crate::moves::{Action, Move};
use crate::position::Position;

fn sorted(moves: &[Move]) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.sort_by(|a, b| parlour_game::registry::board_order(a, b));
    names
}

/// Finds the move `text` names among `moves`, the legal moves after the
/// huff of `huffed` if any.
fn find_move(moves: &[Move], text: &str, huffed: Option<Square>) -> Result<Move, MoveError> {
    let (squares, capture) = split_move(text)?;
    let exact: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            m.is_capture() == capture
                && m.from() == squares[0]
                && m.landings().eq(squares[1..].iter().copied())
        })
        .collect();
    if let [mv] = exact[..] {
        return Ok(mv);
    }
    if capture && squares.len() == 2 {
        let short: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_capture() && m.from() == squares[0] && m.to() == squares[1])
            .collect();
        match short[..] {
            [mv] => return Ok(mv),
            [] => {}
            _ => {
                return Err(MoveError::Ambiguous {
                    text: text.trim().to_string(),
                    candidates: sorted(&short),
                })
            }
        }
    }
    // A move no position could allow: say what is wrong with its shape.
    move_through(&squares, capture, 0).map_err(|source| MoveError::Impossible {
        text: text.trim().to_string(),
        source,
    })?;
    Err(MoveError::Illegal {
        text: text.trim().to_string(),
        huffed,
        legal: sorted(moves),
        compulsory: !capture && !moves.is_empty() && moves.iter().all(|m| m.is_capture()),
    })
}

/// The action `text` names in `pos`, or why there is none.
pub fn parse_action(pos: &Position, text: &str) -> Result<Action, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let actions = pos.action_vec();
    let huff_like =
        text.starts_with(['h', 'H']) && text[1..].starts_with(|c: char| c.is_ascii_digit());
    if !pos.rules().is_huffing() && (huff_like || text.eq_ignore_ascii_case("compel")) {
        // Huffs and compel are huffing's; under english rules the word is
        // read as what english has, a move, so the message speaks of moves.
        return Err(MoveError::HuffingOnly {
            text: text.to_string(),
        });
    }
    if text.eq_ignore_ascii_case("compel") {
        return if actions.contains(&Action::Compel) {
            Ok(Action::Compel)
        } else {
            Err(MoveError::NoOffence)
        };
    }
    if let Some(rest) = text
        .strip_prefix(['h', 'H'])
        .filter(|_| pos.rules().is_huffing())
    {
        let (sq, mv) =
            rest.split_once(char::is_whitespace)
                .ok_or_else(|| MoveError::HuffWithoutMove {
                    text: text.to_string(),
                })?;
        let sq = parse_square(sq)?;
        let moves: Vec<Move> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Huff(s, m) if *s == sq => Some(*m),
                _ => None,
            })
            .collect();
        if moves.is_empty() {
            return Err(MoveError::CannotHuff { square: sq });
        }
        return find_move(&moves, mv, Some(sq)).map(|m| Action::Huff(sq, m));
    }
    let moves: Vec<Move> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) => Some(*m),
            _ => None,
        })
        .collect();
    find_move(&moves, text, None).map(Action::Move)
}

/// Whether `word` is a huff's first word, `h14`.
fn is_huff(word: &str) -> bool {
    word.len() > 1 && word.starts_with(['h', 'H']) && word[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Splits a line of actions written with white space between them, keeping
/// a huff's `hN` with the move after it (`h9 14-10`). A huff with no move
/// after it stays alone, for [`parse_action`] to refuse.
pub fn split_actions(text: &str) -> Vec<String> {
    let mut actions = Vec::new();
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        match is_huff(word).then(|| words.next()).flatten() {
            Some(next) => actions.push(format!("{word} {next}")),
            None => actions.push(word.to_string()),
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huffs_stay_with_their_moves_in_a_line() {
        assert_eq!(
            split_actions(" 11-15  h9 14-10 compel\t9x18 "),
            ["11-15", "h9 14-10", "compel", "9x18"]
        );
        assert_eq!(split_actions("11-15 h9"), ["11-15", "h9"]);
    }
}
