//! Reading actions typed by people or other programs: `11-15`, `22x15`,
//! `9x18x27`, the short `9x27` where it names one move, `h14 11-15`, and
//! `compel`, always matched against the legal actions of the position.

use crate::fen::{move_through, parse_square, split_move};
use crate::moves::{Action, Move};
use crate::position::Position;

fn list(moves: &[Move]) -> String {
    let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.sort();
    names.join(", ")
}

/// Finds the move `text` names among `moves`; `what` says where the moves
/// come from, for the error message.
fn find_move(moves: &[Move], text: &str, what: &str) -> Result<Move, String> {
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
                return Err(format!(
                    "`{text}` is ambiguous: it could mean {}; write every landing square",
                    list(&short)
                ))
            }
        }
    }
    // A move no position could allow: say what is wrong with its shape.
    move_through(&squares, capture, 0).map_err(|e| format!("`{text}` is not a move: {e}"))?;
    let mut msg = format!("`{text}` is not a legal move {what}");
    if moves.is_empty() {
        msg.push_str(": there is none");
    } else if moves.len() <= 40 {
        msg.push_str(&format!("; the legal moves are {}", list(moves)));
    }
    if !capture && moves.iter().all(|m| m.is_capture()) {
        msg.push_str(" (a capture is compulsory)");
    }
    Err(msg)
}

/// The action `text` names in `pos`, or a message saying why there is none.
pub fn parse_action(pos: &Position, text: &str) -> Result<Action, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("the move is empty".to_string());
    }
    let actions = pos.action_vec();
    if text.eq_ignore_ascii_case("compel") {
        return if actions.contains(&Action::Compel) {
            Ok(Action::Compel)
        } else {
            Err("compel is not possible here: no offence is pending".to_string())
        };
    }
    if let Some(rest) = text.strip_prefix(['h', 'H']) {
        let (sq, mv) = rest
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("`{text}`: a huff goes with a move, as in h14 11-15"))?;
        let sq = parse_square(sq)?;
        let moves: Vec<Move> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Huff(s, m) if *s == sq => Some(*m),
                _ => None,
            })
            .collect();
        if moves.is_empty() {
            return Err(format!("the piece on {sq} cannot be huffed here"));
        }
        return find_move(&moves, mv, &format!("after huffing {sq}")).map(|m| Action::Huff(sq, m));
    }
    let moves: Vec<Move> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) => Some(*m),
            _ => None,
        })
        .collect();
    find_move(&moves, text, "here").map(Action::Move)
}
