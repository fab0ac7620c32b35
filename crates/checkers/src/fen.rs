//! PDN FEN: `B:W18,24,K10:B12,16,K22`, with huffing's pending-offence
//! extensions `:O11-15`, `:O27-32K`, `:O9x18`, `:C` and `:C9x18`.
//!
//! Output is canonical (side to move, the `W` field, the `B` field, men
//! ascending then kings ascending); input also takes either field order,
//! ranges (`1-12`, `K1-3`) and a trailing `.`.

use crate::bitboard::{Bitboard, Square};
use crate::error::{FenError, NotationError};
use crate::geometry::{LANDING, NEIGHBOUR};
use crate::moves::{Move, CROWNS, NEGLECT, STOPPED_SHORT};
use crate::position::{Pending, Position};
use crate::rules::Rules;
use parlour_game::Side;
use std::fmt;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.side() {
            Side::Black => "B",
            Side::White => "W",
        })?;
        for side in [Side::White, Side::Black] {
            f.write_str(if side == Side::White { ":W" } else { ":B" })?;
            let men = self.men(side).squares().map(|s| s.to_string());
            let kings = (self.pieces(side) & self.kings())
                .squares()
                .map(|s| format!("K{s}"));
            let items: Vec<String> = men.chain(kings).collect();
            f.write_str(&items.join(","))?;
        }
        match self.pending() {
            Pending::Nothing => Ok(()),
            Pending::Offence(mv) => write!(f, ":O{mv}{}", if mv.crowns() { "K" } else { "" }),
            Pending::CompelCapture => f.write_str(":C"),
            Pending::CompelRest(mv) => write!(f, ":C{mv}"),
        }
    }
}

/// Reads a square number, 1-32: digits only (no sign, no spaces inside;
/// callers trim what their syntax allows around it).
pub(crate) fn parse_square(text: &str) -> Result<Square, NotationError> {
    let not_a_square = || NotationError::NotASquare {
        text: text.to_string(),
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_a_square());
    }
    let n: u32 = text.parse().map_err(|_| not_a_square())?;
    Square::from_number(n).ok_or(NotationError::SquareOutOfRange { square: n })
}

/// The move through `squares` (a step if `capture` is false, else a jump
/// between each pair), checking only that the squares are neighbours or a
/// jump apart.
pub(crate) fn move_through(
    squares: &[Square],
    capture: bool,
    flags: u8,
) -> Result<Move, NotationError> {
    let (first, last) = match squares {
        [a, .., b] => (*a, *b),
        _ => return Err(NotationError::StepLength),
    };
    if !capture {
        if squares.len() != 2 {
            return Err(NotationError::StepLength);
        }
        if !(0..4).any(|d| NEIGHBOUR[d][first.index()] == last.bit().0) {
            return Err(NotationError::NotNeighbours {
                from: first,
                to: last,
            });
        }
        return Ok(Move::step(first.index() as u32, last.index() as u32, flags));
    }
    if squares.len() > 17 {
        return Err(NotationError::TooManyJumps);
    }
    let (mut path, mut captured) = (0u32, 0u32);
    for (i, pair) in squares.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let d = (0..4)
            .find(|&d| LANDING[d][a.index()] == b.bit().0)
            .ok_or(NotationError::NotAJump { from: a, to: b })?;
        if captured & NEIGHBOUR[d][a.index()] != 0 {
            return Err(NotationError::JumpsTwice { from: a, to: b });
        }
        path |= (d as u32) << (2 * i);
        captured |= NEIGHBOUR[d][a.index()];
    }
    Ok(Move::capture(
        first.index() as u32,
        last.index() as u32,
        squares.len() as u32 - 1,
        path,
        captured,
        flags,
    ))
}

/// Reads a move written `11-15`, `9x18x27` (or `9-13` for a step, either
/// separator alone), returning the squares and whether it is a capture.
pub(crate) fn split_move(text: &str) -> Result<(Vec<Square>, bool), NotationError> {
    let text = text.trim();
    let capture = text.contains('x') || text.contains('X');
    if capture && text.contains('-') {
        return Err(NotationError::MixedSeparators {
            text: text.to_string(),
        });
    }
    let parts: Vec<&str> = if capture {
        text.split(['x', 'X']).collect()
    } else {
        text.split('-').collect()
    };
    if parts.len() < 2 {
        return Err(NotationError::NotAMove {
            text: text.to_string(),
        });
    }
    if parts.iter().any(|p| p.trim().is_empty()) {
        return Err(NotationError::MissingSquare {
            text: text.to_string(),
        });
    }
    let squares = parts
        .iter()
        .map(|p| parse_square(p.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((squares, capture))
}

fn parse_pieces(body: &str, field: char) -> Result<(Bitboard, Bitboard), FenError> {
    let (mut all, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for item in body.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (king, rest) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let squares: Vec<Square> = match rest.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (parse_square(a)?, parse_square(b)?);
                if a > b {
                    return Err(FenError::RangeBackwards {
                        item: item.to_string(),
                    });
                }
                (a.number()..=b.number())
                    .filter_map(Square::from_number)
                    .collect()
            }
            None => vec![parse_square(rest)?],
        };
        for sq in squares {
            if all.contains(sq) {
                return Err(FenError::NamedTwice { square: sq, field });
            }
            all |= sq.bit();
            if king {
                kings |= sq.bit();
            }
        }
    }
    Ok((all, kings))
}

fn parse_offence(body: &str) -> Result<Move, FenError> {
    let (text, crowned) = match body.trim().strip_suffix(['K', 'k']) {
        Some(rest) => (rest, true),
        None => (body.trim(), false),
    };
    let offence = |source| FenError::Offence {
        text: body.to_string(),
        source,
    };
    let (squares, capture) = split_move(text).map_err(offence)?;
    if capture && crowned {
        return Err(FenError::CrownedCapture {
            text: body.to_string(),
        });
    }
    let flags = if capture {
        STOPPED_SHORT
    } else {
        NEGLECT | if crowned { CROWNS } else { 0 }
    };
    move_through(&squares, capture, flags).map_err(offence)
}

impl Position {
    /// Reads a PDN FEN under `rules`; the error says what is wrong.
    pub fn from_fen(text: &str, rules: Rules) -> Result<Position, FenError> {
        let trimmed = text.trim();
        let body = trimmed.strip_suffix('.').unwrap_or(trimmed);
        if body.is_empty() {
            return Err(FenError::Empty);
        }
        let fen = || text.to_string();
        let mut fields = body.split(':');
        let side = match fields.next().map(str::trim) {
            Some("B" | "b") => Side::Black,
            Some("W" | "w") => Side::White,
            other => {
                return Err(FenError::Side {
                    fen: fen(),
                    found: other.unwrap_or("").to_string(),
                })
            }
        };
        let (mut white, mut black, mut pending) = (None, None, None);
        for field in fields {
            let field = field.trim();
            let mut chars = field.chars();
            let tag = chars
                .next()
                .ok_or_else(|| FenError::EmptyField { fen: fen() })?;
            let rest = chars.as_str();
            let slot_name = match tag {
                'W' | 'w' => "W",
                'B' | 'b' => "B",
                'O' | 'o' | 'C' | 'c' => "O/C",
                _ => {
                    return Err(FenError::UnknownField {
                        field: field.to_string(),
                    })
                }
            };
            let dup = match tag {
                'W' | 'w' => white.replace(parse_pieces(rest, 'W')?).is_some(),
                'B' | 'b' => black.replace(parse_pieces(rest, 'B')?).is_some(),
                'O' | 'o' => pending
                    .replace(Pending::Offence(parse_offence(rest)?))
                    .is_some(),
                _ => {
                    let compelled = if rest.trim().is_empty() {
                        Pending::CompelCapture
                    } else {
                        let (squares, capture) = split_move(rest)?;
                        if !capture {
                            return Err(FenError::CompelledStep {
                                text: rest.to_string(),
                            });
                        }
                        Pending::CompelRest(move_through(&squares, true, STOPPED_SHORT)?)
                    };
                    pending.replace(compelled).is_some()
                }
            };
            if dup {
                return Err(FenError::RepeatedField {
                    fen: fen(),
                    field: slot_name,
                });
            }
        }
        let missing = |field| FenError::MissingField { fen: fen(), field };
        let (white, white_kings) = white.ok_or_else(|| missing('W'))?;
        let (black, black_kings) = black.ok_or_else(|| missing('B'))?;
        if let Some(square) = (white & black).first() {
            return Err(FenError::BothFields { square });
        }
        let pos = Position::from_parts(black, white, black_kings | white_kings, side, rules)?;
        match pending {
            None => Ok(pos),
            Some(p) => Ok(pos.with_pending(p)?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_prints_canonically() {
        let start = Position::start(Rules::ENGLISH);
        assert_eq!(
            start.to_string(),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        assert_eq!(
            Position::from_fen("B:W21-32:B1-12", Rules::ENGLISH).unwrap(),
            start
        );
        assert_eq!(
            Position::from_fen(" B:B12,1-11:W32,21-31. ", Rules::ENGLISH).unwrap(),
            start
        );
    }

    #[test]
    fn a_position_turned_round_swaps_colours_and_squares() {
        let pos = Position::from_fen("B:W21,K5:B1,12,K30", Rules::ENGLISH).unwrap();
        let turned = pos.rotated();
        assert_eq!(turned.to_string(), "W:W21,32,K3:B12,K28");
        assert_eq!(turned.rotated(), pos);
        assert_eq!(
            Position::start(Rules::HUFFING).rotated().rotated(),
            Position::start(Rules::HUFFING)
        );
    }

    #[test]
    fn kings_print_after_men() {
        let text = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
        let pos = Position::from_fen(text, Rules::ENGLISH).unwrap();
        assert_eq!(pos.to_string(), text);
        let shuffled = Position::from_fen(
            "B:BK29,K22,16,20,12,K25:WK15,28,K10,27,24,18",
            Rules::ENGLISH,
        )
        .unwrap();
        assert_eq!(shuffled, pos);
        let ranged = Position::from_fen("W:WK1-3:BK30-32", Rules::ENGLISH).unwrap();
        assert_eq!(ranged.to_string(), "W:WK1,K2,K3:BK30,K31,K32");
    }

    #[test]
    fn squares_are_digits_only() {
        for text in [
            "B:W21-32:B1-+2",
            "B:W21-32:BK 1",
            "B:W21-32:B+5",
            "B:W21-32:B1- 2",
        ] {
            let err = Position::from_fen(text, Rules::ENGLISH).unwrap_err();
            assert!(
                err.to_string().contains("is not a square number"),
                "{text}: {err}"
            );
        }
        let spaced = Position::from_fen("B:W21-32: B1, 2 ,K3", Rules::ENGLISH).unwrap();
        assert_eq!(
            spaced.to_string(),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,K3"
        );
    }
}
