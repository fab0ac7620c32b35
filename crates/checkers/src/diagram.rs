//! The board for people: a position drawn as an 8x8 board, with the square
//! numbers of each row beside it; from White's side as published diagrams
//! are (Black's men start at the top), or turned round for a person playing
//! Black, whose men are then nearest him, at the bottom.

use crate::bitboard::Square;
use crate::position::Position;
use parlour_game::Side;

/// The character of the piece on `sq`: `b`/`B` a black man/king, `w`/`W` a
/// white man/king, `.` an empty square.
fn piece(pos: &Position, sq: Square) -> char {
    match pos.piece_at(sq) {
        Some((Side::Black, false)) => 'b',
        Some((Side::Black, true)) => 'B',
        Some((Side::White, false)) => 'w',
        Some((Side::White, true)) => 'W',
        None => '.',
    }
}

/// The position drawn with its square numbers: one line per row, the
/// pieces on the playable squares (`b` `B` `w` `W`, `.` empty), and beside
/// each row the numbers of its squares in the same columns; then a key and
/// the side to move.
///
/// ```
/// use parlour_checkers::{diagram, Position, Rules};
/// let text = diagram(&Position::start(Rules::ENGLISH));
/// assert!(text.contains("|   b   b   b   b |     1   2   3   4"));
/// ```
pub fn diagram(pos: &Position) -> String {
    diagram_from(pos, Side::White)
}

/// [`diagram`] as the player of `viewer` sees the board across the table:
/// his own men at the bottom. From Black's side the board is turned round,
/// square 32 at the top left.
///
/// ```
/// use parlour_checkers::{diagram_from, Position, Rules};
/// use parlour_game::Side;
/// let text = diagram_from(&Position::start(Rules::ENGLISH), Side::Black);
/// assert!(text.contains("|   w   w   w   w |    32  31  30  29"));
/// ```
pub fn diagram_from(pos: &Position, viewer: Side) -> String {
    let mut out = String::from("  +-----------------+\n");
    for line in 0..8u32 {
        let (mut cells, mut key) = (String::new(), String::new());
        for place in 0..8u32 {
            let (row, col) = match viewer {
                Side::White => (line, place),
                Side::Black => (7 - line, 7 - place),
            };
            // Row 0 (squares 1-4) has its playable squares in the odd
            // columns, row 1 (5-8) in the even ones, and so on.
            if (row + col) % 2 == 1 {
                let sq = Square::from_number(4 * row + col / 2 + 1).expect("1-32");
                cells.push_str(&format!(" {}", piece(pos, sq)));
                key.push_str(&format!("{:>2}", sq.number()));
            } else {
                cells.push_str("  ");
                key.push_str("  ");
            }
        }
        out.push_str(&format!("  |{cells} |  {}\n", key.trim_end()));
    }
    out.push_str("  +-----------------+\n");
    let side = match pos.side() {
        Side::Black => "Black",
        Side::White => "White",
    };
    out.push_str(&format!(
        "  b B: Black man, king   w W: White man, king   {side} to move\n"
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn from_blacks_side_the_board_is_turned_round() {
        let pos = Position::from_fen("W:WK1:B28", Rules::ENGLISH).unwrap();
        let white = diagram_from(&pos, Side::White);
        let black = diagram_from(&pos, Side::Black);
        assert_eq!(white, diagram(&pos));
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[1], "  |   .   .   .   . |    32  31  30  29");
        assert_eq!(lines[2], "  | b   .   .   .   |  28  27  26  25");
        assert_eq!(lines[8], "  | .   .   .   W   |   4   3   2   1");
        assert!(lines[10].ends_with("White to move"));
    }

    #[test]
    fn the_start_and_a_king() {
        let text = diagram(&Position::start(Rules::ENGLISH));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[1], "  |   b   b   b   b |     1   2   3   4");
        assert_eq!(lines[2], "  | b   b   b   b   |   5   6   7   8");
        assert_eq!(lines[4], "  | .   .   .   .   |  13  14  15  16");
        assert_eq!(lines[8], "  | w   w   w   w   |  29  30  31  32");
        assert!(lines[10].ends_with("Black to move"));
        let pos = Position::from_fen("W:WK1:B28", Rules::ENGLISH).unwrap();
        let text = diagram(&pos);
        assert!(text.contains("|   W   .   .   . |"), "{text}");
        assert!(text.contains("|   .   .   .   b |    25"), "{text}");
        assert!(text.ends_with("White to move\n"));
    }
}
