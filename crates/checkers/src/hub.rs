//! English checkers as the Hub protocol writes it, as pydraughts'
//! `HubEngine` (and so a Hub GUI for checkers) does:
//!
//! - The position is 33 characters: the side to move, then one character
//!   per square. pydraughts keeps its board in an internal form where the
//!   side that moves first is "white" and the squares are turned round:
//!   character `i` (1-32) is the english square `33 - i`, and the colours
//!   are swapped, `w`/`W` a black man/king, `b`/`B` a white man/king, `e`
//!   empty; the side `W` is Black to move, `B` White to move. The start is
//!   `Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww`. (pydraughts 0.6.7,
//!   `draughts/convert.py`, `_rotate_move`: english is `notation 1`,
//!   `reverse_row_and_column`, `squares + 1 - square`; and
//!   `_change_fen_from_variant`: "Because in english black starts", the
//!   colours and the side to move are swapped. `HubEngine.play` sends
//!   `board._game.initial_hub_fen`, that internal form.)
//! - Moves are in the ordinary english numbering (pydraughts'
//!   `Move.hub_move`, computed from the variant board): a step `9-13`, a
//!   capture `from x to x captured x captured ...`, the captured squares in
//!   any order (pydraughts sorts them: `14x23x18`, `1x19x6x15`).
//!
//! Huffing has no Hub form: its positions travel as FEN and its actions in
//! parlour's notation.

use crate::bitboard::{Bitboard, Square};
use crate::error::{HubPositionError, MoveError};
use crate::moves::{Action, Move};
use crate::position::Position;
use crate::rules::Rules;
use parlour_game::Side;

/// The pydraughts character index (1-32) of an english square.
fn hub_index(sq: Square) -> usize {
    33 - sq.number() as usize
}

/// A position in Hub's 33 characters, as pydraughts writes it.
pub fn hub_position(pos: &Position) -> String {
    let mut chars = vec!['e'; 33];
    chars[0] = match pos.side() {
        Side::Black => 'W',
        Side::White => 'B',
    };
    for n in 1..=32 {
        let sq = Square::from_number(n).expect("1-32");
        if let Some((side, king)) = pos.piece_at(sq) {
            chars[hub_index(sq)] = match (side, king) {
                (Side::Black, false) => 'w',
                (Side::Black, true) => 'W',
                (Side::White, false) => 'b',
                (Side::White, true) => 'B',
            };
        }
    }
    chars.into_iter().collect()
}

/// Reads Hub's 33-character position (pydraughts' form) under `rules`.
pub fn parse_hub_position(text: &str, rules: Rules) -> Result<Position, HubPositionError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 33 {
        return Err(HubPositionError::Length { found: chars.len() });
    }
    let side = match chars[0] {
        'W' => Side::Black,
        'B' => Side::White,
        found => return Err(HubPositionError::Side { found }),
    };
    let (mut black, mut white, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (i, &c) in chars.iter().enumerate().skip(1) {
        let sq = Square::from_number(33 - i as u32).expect("1-32");
        match c {
            'w' | 'W' => black |= sq.bit(),
            'b' | 'B' => white |= sq.bit(),
            'e' => {}
            found => {
                return Err(HubPositionError::Square {
                    index: i + 1,
                    found,
                })
            }
        }
        if c.is_ascii_uppercase() {
            kings |= sq.bit();
        }
    }
    Ok(Position::from_parts(black, white, kings, side, rules)?)
}

/// A move as Hub writes it: `9-13`, or a capture `from x to x` the
/// captured squares, ascending.
pub fn hub_move(mv: Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let mut text = format!("{}x{}", mv.from(), mv.to());
    for sq in mv.captured().squares() {
        text.push_str(&format!("x{sq}"));
    }
    text
}

/// The english move `text` names in Hub's form (`9-13`, `14x23x18` with
/// the captured squares in any order); `None` if `text` is not in that
/// form or names no legal move.
fn find_hub_move(pos: &Position, text: &str) -> Option<Action> {
    let capture = text.contains('x');
    let parts: Vec<u32> = text
        .split(if capture { 'x' } else { '-' })
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    let squares: Vec<Square> = parts
        .iter()
        .map(|&n| Square::from_number(n))
        .collect::<Option<_>>()?;
    let (from, to, taken) = match squares[..] {
        [from, to, ref taken @ ..] => (from, to, taken),
        _ => return None,
    };
    if capture == taken.is_empty() || (!capture && squares.len() != 2) {
        return None;
    }
    let taken: Bitboard = taken.iter().copied().collect();
    pos.action_vec().into_iter().find(|a| match a {
        Action::Move(m) => {
            m.from() == from
                && m.to() == to
                && m.is_capture() == capture
                && m.captured() == taken
                && m.jumps() == parts.len() as u32 - 2
        }
        _ => false,
    })
}

/// The action a Hub line's text names: under english rules Hub's own form
/// first, then parlour's notation (`9x18x27` with every landing, or the
/// short `9x27`), which a Hub form of the same squares can never also name
/// legally; under huffing parlour's notation alone.
pub fn parse_hub_action(pos: &Position, text: &str) -> Result<Action, MoveError> {
    if !pos.rules().is_huffing() {
        if let Some(action) = find_hub_move(pos, text.trim()) {
            return Ok(action);
        }
    }
    crate::notation::parse_action(pos, text)
}

/// An action as a Hub line writes it: english moves in Hub's form, the
/// rest in parlour's notation.
pub fn write_hub_action(pos: &Position, action: Action) -> String {
    match action {
        Action::Move(m) if !pos.rules().is_huffing() => hub_move(m),
        _ => action.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_pydraughts_initial_hub_fen() {
        let start = Position::start(Rules::ENGLISH);
        assert_eq!(hub_position(&start), "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(
            parse_hub_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", Rules::ENGLISH).unwrap(),
            start
        );
    }

    /// pydraughts 0.6.7: `Board(variant='english', fen=F)._game.initial_hub_fen`.
    #[test]
    fn squares_and_colours_turn_as_in_pydraughts() {
        for (fen, hub) in [
            (
                "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
                "BeeeWbbeWbeWewebewBeeweBeeeeeeeee",
            ),
            (
                "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
                "WeeeWbbeWbeWewebewBeeweBeeeeeeeee",
            ),
        ] {
            let pos = Position::from_fen(fen, Rules::ENGLISH).unwrap();
            assert_eq!(hub_position(&pos), hub);
            assert_eq!(parse_hub_position(hub, Rules::ENGLISH).unwrap(), pos);
        }
        // After 9-13 (pydraughts' `get_fen` of the internal game).
        let start = Position::start(Rules::ENGLISH);
        let after = start.play(parse_hub_action(&start, "9-13").unwrap());
        assert_eq!(hub_position(&after), "Bbbbbbbbbbbbbeeeeeeewwwwewwwwwwww");
    }

    #[test]
    fn bad_positions_say_why() {
        let read = |t: &str| parse_hub_position(t, Rules::ENGLISH).unwrap_err();
        assert_eq!(read("Wbbb"), HubPositionError::Length { found: 4 });
        let bad_side = format!("X{}", "e".repeat(32));
        assert_eq!(read(&bad_side), HubPositionError::Side { found: 'X' });
        let bad_square = format!("W{}q", "e".repeat(31));
        assert_eq!(
            read(&bad_square),
            HubPositionError::Square {
                index: 33,
                found: 'q'
            }
        );
    }

    #[test]
    fn captures_list_the_captured_squares_in_any_order() {
        // Black king on 1 with a double jump over 6 and 15 to 19.
        let pos = Position::from_fen("B:W6,15:BK1", Rules::ENGLISH).unwrap();
        let mv = parse_hub_action(&pos, "1x19x6x15").unwrap();
        assert_eq!(parse_hub_action(&pos, "1x19x15x6").unwrap(), mv);
        assert_eq!(write_hub_action(&pos, mv), "1x19x6x15");
        // parlour's own notation still reads.
        assert_eq!(parse_hub_action(&pos, "1x10x19").unwrap(), mv);
        assert_eq!(mv.to_string(), "1x10x19");
        assert!(parse_hub_action(&pos, "1x19x6").is_err());
        let start = Position::start(Rules::ENGLISH);
        let step = parse_hub_action(&start, "11-15").unwrap();
        assert_eq!(write_hub_action(&start, step), "11-15");
        assert!(parse_hub_action(&start, "11-16x3").is_err());
    }

    #[test]
    fn huffing_actions_keep_parlours_notation() {
        let pos = Position::from_fen("W:W14,30:B9,15:O11-15", Rules::HUFFING).unwrap();
        let huff = parse_hub_action(&pos, "h9 14-10").unwrap();
        assert_eq!(write_hub_action(&pos, huff), "h9 14-10");
    }
}
