//! What can be wrong with the peg game's text: positions and moves (the
//! rules' own errors, `RulesError`, are beside the rules in [`crate::rules`]).
//! Each kind is its own enum, so callers and tests match on what went
//! wrong; the messages say it in words a person can act on.

use crate::hole::Hole;
use crate::rules::{PegRules, RulesError};
use parlour_game::echo::{echo, echo_within};
use parlour_game::Side;

/// A position text that does not read, or names a position that cannot
/// arise under its rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A part without `:`.
    #[error("`{part}` is not a field: write name:value (`b:K11,3`, `turn:w`)", part = echo(.part))]
    NotAField {
        /// The part.
        part: String,
    },
    /// A field that does not exist.
    #[error("unknown field `{name}`: the fields are b, w, hand, reserve, turn, force, rules", name = echo(.name))]
    UnknownField {
        /// The name given.
        name: String,
    },
    /// A field given twice.
    #[error("field `{name}` is given twice", name = echo(.name))]
    RepeatedField {
        /// The field.
        name: String,
    },
    /// A field before one that comes earlier.
    #[error(
        "field `{name}` is out of order: the fields come in the order b, w, hand, reserve, \
         turn, force, rules", name = echo(.name)
    )]
    OutOfOrder {
        /// The field.
        name: String,
    },
    /// A field every position has, missing.
    #[error(
        "field `{name}` is missing: a position reads like \
         `b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w`", name = echo(.name)
    )]
    MissingField {
        /// The field.
        name: &'static str,
    },
    /// `rules:` with nothing after it.
    #[error("`rules:` is empty: leave the field out for the default rules")]
    EmptyRules,
    /// The position's own rules do not read.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The position's rules are not the rules given beside it.
    #[error("the position's rules `{own}` disagree with the rules given (`{given}`)", own = echo(.own), given = echo(.given))]
    RulesDisagree {
        /// The position's own rules.
        own: PegRules,
        /// The rules given.
        given: PegRules,
    },
    /// An item that is not a hole number.
    #[error("`{field}:` has `{item}`, which is not a hole number", field = echo(.field), item = echo(.item))]
    NotAHole {
        /// The field.
        field: &'static str,
        /// The item.
        item: String,
    },
    /// A hole number off the board.
    #[error("hole {hole} (in `{field}:`) is out of range 1-{holes}", field = echo(.field))]
    HoleOutOfRange {
        /// The field.
        field: &'static str,
        /// The number given.
        hole: u32,
        /// The board's holes.
        holes: usize,
    },
    /// Two pegs in one hole.
    #[error("two pegs in hole {hole}")]
    TwoPegs {
        /// The hole.
        hole: Hole,
    },
    /// Two Kings of one side.
    #[error("{side} has two Kings")]
    TwoKings {
        /// The side.
        side: Side,
    },
    /// A count field without two counts.
    #[error("`{field}:{value}` must give two counts, Black's then White's (`{field}:9,9`)", field = echo(.field), value = echo(.value))]
    Counts {
        /// `hand` or `reserve`.
        field: &'static str,
        /// The field's value.
        value: String,
    },
    /// A count that is not a number.
    #[error("`{field}:{value}`: `{part}` is not a count", field = echo(.field), value = echo(.value), part = echo(.part))]
    NotACount {
        /// `hand` or `reserve`.
        field: &'static str,
        /// The field's value.
        value: String,
        /// The count that does not read.
        part: String,
    },
    /// A count above what the rules give.
    #[error(
        "`{field}:{value}`: {who}'s {count} is more than the rules allow ({limit}={max})", field = echo(.field), value = echo(.value),
        who = if *.side == Side::Black { "Black" } else { "White" }
    )]
    CountTooLarge {
        /// `hand` or `reserve`.
        field: &'static str,
        /// The field's value.
        value: String,
        /// Whose count.
        side: Side,
        /// The count.
        count: u8,
        /// The rules field that bounds it.
        limit: &'static str,
        /// Its value.
        max: u8,
    },
    /// A turn other than `b` or `w`.
    #[error("`turn:{found}`: the turn is `b` or `w`", found = echo(.found))]
    Turn {
        /// The turn given.
        found: String,
    },
    /// `force:` with nothing after it.
    #[error("`force:` names no hole: leave the field out when nothing is forced")]
    EmptyForce,
    /// A forced hole without a peg of the side to move.
    #[error("forced hole {hole} does not hold a peg of the side to move ({side})")]
    ForcedNotOwn {
        /// The hole.
        hole: Hole,
        /// The side to move.
        side: Side,
    },
    /// A forced hole named twice.
    #[error("forced hole {hole} is named twice")]
    ForcedTwice {
        /// The hole.
        hole: Hole,
    },
    /// More forced pegs than one move can force.
    #[error("{count} forced holes: one move forces at most {max} pegs")]
    TooManyForced {
        /// How many are named.
        count: u32,
        /// The most one move forces.
        max: usize,
    },
    /// More ordinary pegs on the board than hand and reserve allow.
    #[error(
        "{side} has {ordinary} ordinary pegs on the board, but with {hand} in hand and \
         {reserve} in reserve at most {could} can have been put there"
    )]
    TooManyPegs {
        /// The side.
        side: Side,
        /// Its ordinary pegs on the board.
        ordinary: u32,
        /// Its pegs in hand.
        hand: u8,
        /// Its reserve.
        reserve: u8,
        /// The most it could have placed.
        could: u32,
    },
}

/// A move text that names no legal move of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A hole that is not a number.
    #[error("`{item}` in move `{text}` is not a hole number", item = echo(.item), text = echo_within(.text, 24))]
    NotAHole {
        /// The move's text.
        text: String,
        /// The item.
        item: String,
    },
    /// A hole off the board.
    #[error("hole {hole} in move `{text}` is not on the board (1-{holes})", text = echo(.text))]
    HoleOffBoard {
        /// The move's text.
        text: String,
        /// The number given.
        hole: u32,
        /// The board's holes.
        holes: usize,
    },
    /// Not the shape of a peg move.
    #[error(
        "`{text}` is not a peg move: write `K@7` or `@7` to place, `24-17` to move, with \
         `x12` after it to remove a peg for a line", text = echo(.text)
    )]
    NotAMove {
        /// The move's text.
        text: String,
    },
    /// A move that is not legal here.
    #[error("`{text}` is not legal here; {}", legal_list(.legal), text = echo(.text))]
    Illegal {
        /// The move's text.
        text: String,
        /// The legal moves, sorted.
        legal: Vec<String>,
    },
    /// A move where the side to move has none.
    #[error("`{text}` is not legal: {side} has no legal move", text = echo(.text))]
    NoMove {
        /// The move's text.
        text: String,
        /// The side to move.
        side: Side,
    },
}

/// Any peg game text that does not read: what the game registry reports.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A rules text.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A position text.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The most characters the legal moves take in an [`MoveError::Illegal`]
/// message; more are counted, not listed.
const LISTED_CHARS: usize = 160;

/// The legal moves as [`MoveError::Illegal`] gives them: listed where they
/// are few enough to read, else counted.
fn legal_list(legal: &[String]) -> String {
    let all = legal.join(" ");
    if all.chars().count() <= LISTED_CHARS {
        format!("the legal moves are {all}")
    } else {
        format!("{} moves are legal", legal.len())
    }
}
