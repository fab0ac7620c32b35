//! How a game's positions and moves go on a Hub line, for any game of the
//! registry: a game with a Hub form of its own (english checkers, as
//! pydraughts writes it) sends positions as `pos pos=...` and moves in that
//! form; every other game sends its own text, `pos fen=...`, and its own
//! notation. In a list of moves (`moves="..."`, `pv`) moves are separated
//! by spaces, read back with the game's [`Variant::split_line`] (which
//! keeps a checkers huff, `h14 11-15`, together).

use parlour_game::registry::{read_line, LineError, MoveErrorOf, MoveOf};
use parlour_game::{Game, Variant};

/// The arguments of a `pos` line that sets `pos` (without the moves):
/// `("pos", ...)` in Hub's form where the game has one, else `("fen", ...)`.
pub fn position_arg<V: Variant>(pos: &V::Position) -> (&'static str, String) {
    match V::hub_position(pos) {
        Some(text) => ("pos", text),
        None => ("fen", pos.to_string()),
    }
}

/// Writes `moves`, played in order from `pos`, as a Hub list.
pub fn write_line<V: Variant>(pos: &V::Position, moves: &[MoveOf<V>]) -> String {
    let mut pos = *pos;
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        words.push(V::hub_move(&pos, mv));
        pos = pos.play(mv);
    }
    words.join(" ")
}

/// Reads a Hub list of moves played in turn from `start`.
pub fn read_moves<V: Variant>(
    start: &V::Position,
    text: &str,
) -> Result<Vec<MoveOf<V>>, LineError<MoveErrorOf<V>>> {
    read_line(start, &V::split_line(text), V::parse_hub_move)
}
