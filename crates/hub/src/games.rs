//! How each game is written on a Hub line: its position (`pos pos=...` for
//! english checkers, parlour's extension `pos fen=...` for everything) and
//! its moves.
//!
//! English checkers is written as pydraughts' `HubEngine` writes it (and so
//! as a Hub GUI for checkers expects):
//!
//! - The position is 33 characters: the side to move, then one character
//!   per square. pydraughts keeps its board in an internal form where the
//!   side that moves first is "white" and the squares are turned round:
//!   character `i` (1-32) is the english square `33 - i`, and the colours are
//!   swapped, `w`/`W` a black man/king, `b`/`B` a white man/king, `e` empty;
//!   the side `W` is Black to move, `B` White to move. The start is
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
//! Huffing checkers and the peg game have no Hub form: their positions are
//! the contract's text forms in `pos fen=...` (a PDN FEN with `:O`/`:C`
//! fields; the peg text), and their moves parlour's notation (`h14 11-15`,
//! `compel`, `K@7`, `24-17x5`). In a list of moves (`moves="..."`, `pv`),
//! moves are separated by spaces, and a huff's `hN` is joined to the move
//! after it.

use parlour_checkers::{Action, Bitboard, Move, Position, Rules, Square};
use parlour_game::{Game, Side};
use parlour_pegs::{PegPosition, PegRules};
use std::fmt;
use std::str::FromStr;

/// The games a Hub session can play: the values of the `variant`
/// parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// English checkers (compulsory capture), in Hub's own forms.
    #[default]
    English,
    /// Huffing checkers, in parlour's text forms.
    Huffing,
    /// The peg game, in parlour's text forms.
    Pegs,
}

impl Variant {
    /// Every variant, in the order the `param` line lists them.
    pub const ALL: [Variant; 3] = [Variant::English, Variant::Huffing, Variant::Pegs];

    /// The name on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::English => "english",
            Variant::Huffing => "huffing",
            Variant::Pegs => "pegs",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(text: &str) -> Result<Variant, String> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == text.trim())
            .ok_or_else(|| format!("unknown variant `{text}`: expected english, huffing or pegs"))
    }
}

/// What a game needs to be spoken over Hub: its variant, how its position
/// is sent, and how its moves are written and read.
pub trait HubGame: Game {
    /// The variant this position is played in.
    fn variant(&self) -> Variant;

    /// The arguments of a `pos` line that sets this position (without the
    /// moves): `("pos", ...)` in Hub's form where there is one, else
    /// `("fen", ...)`.
    fn position_arg(&self) -> (&'static str, String);

    /// `mv` (legal here) as a Hub line writes it.
    fn write_move(&self, mv: Self::Move) -> String;

    /// The legal move `text` names here, or why there is none.
    fn read_move(&self, text: &str) -> Result<Self::Move, String>;
}

/// The pydraughts character index (1-32) of an english square.
fn hub_index(sq: Square) -> usize {
    33 - sq.number() as usize
}

/// An english checkers position in Hub's 33 characters, as pydraughts
/// writes it (see the module notes).
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
pub fn parse_hub_position(text: &str, rules: Rules) -> Result<Position, String> {
    let text = text.trim();
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 {
        return Err(format!(
            "a checkers position is 33 characters (the side to move, W or B, then squares \
             of w, b, W, B or e), not {}",
            chars.len()
        ));
    }
    let side = match chars[0] {
        'W' => Side::Black,
        'B' => Side::White,
        c => return Err(format!("the side to move is W or B, not `{c}`")),
    };
    let (mut black, mut white, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (i, &c) in chars.iter().enumerate().skip(1) {
        let sq = Square::from_number(33 - i as u32).expect("1-32");
        match c {
            'w' => black |= sq.bit(),
            'W' => {
                black |= sq.bit();
                kings |= sq.bit();
            }
            'b' => white |= sq.bit(),
            'B' => {
                white |= sq.bit();
                kings |= sq.bit();
            }
            'e' => {}
            c => {
                return Err(format!(
                    "character {} of the position is `{c}`: squares are w, b, W, B or e",
                    i + 1
                ))
            }
        }
    }
    Position::from_parts(black, white, kings, side, rules)
}

/// A checkers move as Hub writes it: `9-13`, or a capture `from x to x`
/// the captured squares, ascending.
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

impl HubGame for Position {
    fn variant(&self) -> Variant {
        if self.rules().is_huffing() {
            Variant::Huffing
        } else {
            Variant::English
        }
    }

    fn position_arg(&self) -> (&'static str, String) {
        match self.variant() {
            Variant::English => ("pos", hub_position(self)),
            _ => ("fen", self.to_string()),
        }
    }

    fn write_move(&self, mv: Action) -> String {
        match (self.variant(), mv) {
            (Variant::English, Action::Move(m)) => hub_move(m),
            _ => mv.to_string(),
        }
    }

    /// English: Hub's form first, then parlour's PDN notation (`9x18x27`
    /// with every landing, or the short `9x27`), which a Hub form of the
    /// same squares can never also name legally. Huffing: parlour's.
    fn read_move(&self, text: &str) -> Result<Action, String> {
        if self.variant() == Variant::English {
            if let Some(action) = find_hub_move(self, text.trim()) {
                return Ok(action);
            }
        }
        parlour_checkers::parse_action(self, text)
    }
}

impl HubGame for PegPosition {
    fn variant(&self) -> Variant {
        Variant::Pegs
    }

    fn position_arg(&self) -> (&'static str, String) {
        ("fen", self.to_string())
    }

    fn write_move(&self, mv: parlour_pegs::PegMove) -> String {
        mv.to_string()
    }

    fn read_move(&self, text: &str) -> Result<parlour_pegs::PegMove, String> {
        self.parse_move(text)
    }
}

/// Splits a list of moves written with spaces between them, keeping a
/// huff's `hN` with the move after it.
pub fn split_moves(text: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        let is_huff = word.len() > 1
            && word.starts_with(['h', 'H'])
            && word[1..].chars().all(|c| c.is_ascii_digit());
        match (is_huff, is_huff.then(|| words.next()).flatten()) {
            (true, Some(next)) => moves.push(format!("{word} {next}")),
            _ => moves.push(word.to_string()),
        }
    }
    moves
}

/// Writes `moves`, played in order from `pos`, as a Hub list.
pub fn write_line<G: HubGame>(pos: &G, moves: &[G::Move]) -> String {
    let mut pos = *pos;
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        words.push(pos.write_move(mv));
        pos = pos.play(mv);
    }
    words.join(" ")
}

/// The checkers rules of a variant and an optional rules text (`--rules`):
/// the text must name the variant's own rule set.
pub fn checkers_rules(variant: Variant, text: Option<&str>) -> Result<Rules, String> {
    let rules = match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => text.parse::<Rules>()?,
        None if variant == Variant::Huffing => Rules::HUFFING,
        None => Rules::ENGLISH,
    };
    let wanted = variant == Variant::Huffing;
    if rules.is_huffing() != wanted {
        return Err(format!(
            "rules `{rules}` are not those of the variant {variant}"
        ));
    }
    Ok(rules)
}

/// The peg rules of an optional rules text (`squares=4,reserve=2`).
pub fn peg_rules(text: Option<&str>) -> Result<Option<PegRules>, String> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => text.parse::<PegRules>().map(Some),
        None => Ok(None),
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
        let after = Position::start(Rules::ENGLISH)
            .play(Position::start(Rules::ENGLISH).read_move("9-13").unwrap());
        assert_eq!(hub_position(&after), "Bbbbbbbbbbbbbeeeeeeewwwwewwwwwwww");
    }

    #[test]
    fn bad_positions_say_why() {
        assert!(parse_hub_position("Wbbb", Rules::ENGLISH)
            .unwrap_err()
            .contains("33"));
        let bad_side = format!("X{}", "e".repeat(32));
        assert!(parse_hub_position(&bad_side, Rules::ENGLISH).is_err());
        let bad_square = format!("W{}q", "e".repeat(31));
        assert!(parse_hub_position(&bad_square, Rules::ENGLISH)
            .unwrap_err()
            .contains("`q`"));
    }

    #[test]
    fn captures_list_the_captured_squares_in_any_order() {
        // Black king on 1 with a double jump over 6 and 15 to 19.
        let pos = Position::from_fen("B:W6,15:BK1", Rules::ENGLISH).unwrap();
        let mv = pos.read_move("1x19x6x15").unwrap();
        assert_eq!(pos.read_move("1x19x15x6").unwrap(), mv);
        assert_eq!(pos.write_move(mv), "1x19x6x15");
        // parlour's own notation still reads.
        assert_eq!(pos.read_move("1x10x19").unwrap(), mv);
        assert_eq!(mv.to_string(), "1x10x19");
        assert!(pos.read_move("1x19x6").is_err());
        let start = Position::start(Rules::ENGLISH);
        assert_eq!(start.write_move(start.read_move("11-15").unwrap()), "11-15");
        assert!(start.read_move("11-16x3").is_err());
    }

    #[test]
    fn huffing_moves_stay_together_in_a_list() {
        assert_eq!(
            split_moves(" 11-15  h9 14-10 compel\t9x18 "),
            ["11-15", "h9 14-10", "compel", "9x18"]
        );
        let pos = Position::from_fen("W:W14,30:B9,15:O11-15", Rules::HUFFING).unwrap();
        let huff = pos.read_move("h9 14-10").unwrap();
        let line = write_line(&pos, &[huff]);
        assert_eq!(line, "h9 14-10");
        assert_eq!(pos.position_arg(), ("fen", pos.to_string()));
    }

    #[test]
    fn rules_of_a_variant() {
        assert_eq!(
            checkers_rules(Variant::English, None).unwrap(),
            Rules::ENGLISH
        );
        assert_eq!(
            checkers_rules(Variant::Huffing, Some("huffing,quiet_plies=10"))
                .unwrap()
                .quiet_plies,
            10
        );
        assert!(checkers_rules(Variant::English, Some("huffing")).is_err());
        assert_eq!("pegs".parse::<Variant>().unwrap(), Variant::Pegs);
        assert!("go".parse::<Variant>().is_err());
        assert!(peg_rules(Some("squares=9")).is_err());
    }
}
