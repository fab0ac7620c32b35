//! What can be wrong with checkers text: rules, squares and move shapes,
//! boards, pending offences, FEN, moves, and the Hub's position form. Each
//! kind is its own enum, so callers and tests match on what went wrong; the
//! messages say it in words a person can act on.

use crate::bitboard::Square;
use crate::moves::Move;
use parlour_game::echo::echo;
use parlour_game::Side;

/// A rules text that does not read (`english`, `huffing`, either with
/// `,quiet_plies=N`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The rule set is neither `english` nor `huffing`.
    #[error(
        "unknown checkers rules `{name}`: expected `english` or `huffing`, \
         optionally followed by `,quiet_plies=N`", name = echo(.name)
    )]
    UnknownRuleSet {
        /// The name given.
        name: String,
    },
    /// An option without `=`.
    #[error("rules option `{option}` is not of the form name=value", option = echo(.option))]
    NotNameValue {
        /// The option given.
        option: String,
    },
    /// An option other than `quiet_plies`.
    #[error("unknown checkers rules option `{option}`: the only option is quiet_plies", option = echo(.option))]
    UnknownOption {
        /// The option's name.
        option: String,
    },
    /// `quiet_plies` twice.
    #[error("quiet_plies is given twice")]
    Repeated,
    /// `quiet_plies` not a number from 1 to 65535.
    #[error("quiet_plies must be a whole number from 1 to 65535, not `{value}`", value = echo(.value))]
    QuietPlies {
        /// The value given.
        value: String,
    },
}

/// A square number or the shape of a move that cannot be read, whatever
/// the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a number.
    #[error("`{text}` is not a square number", text = echo(.text))]
    NotASquare {
        /// The text given.
        text: String,
    },
    /// A number off the board.
    #[error("square {square} is out of range: squares are numbered 1 to 32")]
    SquareOutOfRange {
        /// The number given.
        square: u32,
    },
    /// Both `-` and `x` in one move.
    #[error("`{text}` mixes - and x: write 11-15 for a step, 9x18x27 for a capture", text = echo(.text))]
    MixedSeparators {
        /// The move's text.
        text: String,
    },
    /// No separator at all.
    #[error("`{text}` is not a move: write 11-15 for a step, 9x18x27 for a capture", text = echo(.text))]
    NotAMove {
        /// The move's text.
        text: String,
    },
    /// A separator with no square beside it.
    #[error("`{text}` is missing a square: write 11-15 for a step, 9x18x27 for a capture", text = echo(.text))]
    MissingSquare {
        /// The move's text.
        text: String,
    },
    /// A step that names other than two squares.
    #[error("a step names exactly two squares, as in 11-15")]
    StepLength,
    /// A step between squares that do not touch.
    #[error("{from} and {to} are not neighbouring squares")]
    NotNeighbours {
        /// The square left.
        from: Square,
        /// The square named next.
        to: Square,
    },
    /// A capture of more than 16 jumps.
    #[error("a capture jumps at most 16 times")]
    TooManyJumps,
    /// A jump between squares that are not two apart on a diagonal.
    #[error("{from} and {to} are not a jump apart")]
    NotAJump {
        /// The square jumped from.
        from: Square,
        /// The square named next.
        to: Square,
    },
    /// A capture path that jumps one square twice.
    #[error("the capture jumps the piece between {from} and {to} twice")]
    JumpsTwice {
        /// The square jumped from.
        from: Square,
        /// The square landed on.
        to: Square,
    },
}

/// A board that can never arise.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A square holds pieces of both colours.
    #[error("square {square} holds both a black and a white piece")]
    BothColours {
        /// The square.
        square: Square,
    },
    /// A king is marked on an empty square.
    #[error("a king stands on a square with no piece")]
    KingWithoutPiece,
    /// More than 12 pieces a side.
    #[error("{side} has {count} pieces; a side has at most 12", side = side_name(*.side))]
    TooManyPieces {
        /// The side.
        side: Side,
        /// How many it has.
        count: u32,
    },
    /// A man on the row where he would have been crowned.
    #[error(
        "a {side} man stands on {square}, his crowning row: he would be a king",
        side = .side.name()
    )]
    ManOnCrowningRow {
        /// The man's side.
        side: Side,
        /// His square.
        square: Square,
    },
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// A pending offence or compulsion (`:O`, `:C`) that could not have
/// happened in its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PendingError {
    /// Something pending under english rules.
    #[error("an offence or compulsion field (:O or :C) needs huffing rules")]
    NeedsHuffing,
    /// A capture offence whose piece has no further jump.
    #[error(
        "offence {mv}: the piece on {square} has no further jump, so the capture was not \
         stopped short"
    )]
    NotStoppedShort {
        /// The offence.
        mv: Move,
        /// Where its piece stands.
        square: Square,
    },
    /// A neglect made with no capture open.
    #[error("offence {mv}: {offender} had no capture open before it, so it neglected nothing")]
    NothingNeglected {
        /// The offence.
        mv: Move,
        /// The side that made it.
        offender: Side,
    },
    /// A compelled capture with none to make.
    #[error("compelled capture: {side} has no capture to make")]
    NoCaptureToCompel {
        /// The side to move.
        side: Side,
    },
    /// A compelled completion that is not a capture.
    #[error("compelled completion {mv} is not a capture")]
    CompelledStep {
        /// The move given.
        mv: Move,
    },
    /// A compelled completion whose piece has no jump.
    #[error("compelled completion {mv}: the piece on {square} has no jump to complete")]
    NothingToComplete {
        /// The move given.
        mv: Move,
        /// Where its piece stands.
        square: Square,
    },
    /// The move's piece is not on its last square.
    #[error("{mv}: no {side} piece stands on {square}, where it ended")]
    NoPieceAtEnd {
        /// The move.
        mv: Move,
        /// The side that made it.
        side: Side,
        /// Its last square.
        square: Square,
    },
    /// The square the piece left is occupied.
    #[error("{mv}: square {square} is not empty, but the piece left it")]
    StartOccupied {
        /// The move.
        mv: Move,
        /// The square it left.
        square: Square,
    },
    /// A man's jump or step backwards.
    #[error("{mv}: a man cannot {} backwards", if *.capture { "jump" } else { "move" })]
    ManBackwards {
        /// The move.
        mv: Move,
        /// Whether it was a jump.
        capture: bool,
    },
    /// A jumped piece still on the board.
    #[error("{mv}: the piece jumped on {square} is still on the board")]
    JumpedStillThere {
        /// The move.
        mv: Move,
        /// The jumped square.
        square: Square,
    },
    /// A landing on an occupied square.
    #[error("{mv}: it landed on {square}, which is occupied")]
    LandedOnPiece {
        /// The move.
        mv: Move,
        /// The landing square.
        square: Square,
    },
    /// A step between squares that do not touch.
    #[error("{mv}: {from} and {to} are not neighbours")]
    NotNeighbours {
        /// The move.
        mv: Move,
        /// The square left.
        from: Square,
        /// The square reached.
        to: Square,
    },
    /// Crowning marked where no man was crowned.
    #[error("{mv}: marked as crowning, but it did not crown a man")]
    FalseCrown {
        /// The move.
        mv: Move,
    },
    /// A capture that crowned and is marked stopped short.
    #[error("{mv}: a move that crowned cannot be stopped short")]
    CrownedStoppedShort {
        /// The move.
        mv: Move,
    },
}

/// A PDN FEN that does not read, or names a position that cannot arise.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("the FEN is empty")]
    Empty,
    /// The first field is not `B` or `W`.
    #[error("FEN `{fen}` must start with the side to move, B or W, not `{found}`", fen = echo(.fen), found = echo(.found))]
    Side {
        /// The FEN.
        fen: String,
        /// The first field.
        found: String,
    },
    /// Two colons with nothing between.
    #[error("FEN `{fen}` has an empty field", fen = echo(.fen))]
    EmptyField {
        /// The FEN.
        fen: String,
    },
    /// A field that starts with none of W, B, O, C.
    #[error(
        "FEN field `{field}` is not understood: fields start with W, B, O (offence) or C \
         (compelled)", field = echo(.field)
    )]
    UnknownField {
        /// The field.
        field: String,
    },
    /// A field given twice.
    #[error("FEN `{fen}` has more than one {field} field", fen = echo(.fen))]
    RepeatedField {
        /// The FEN.
        fen: String,
        /// `W`, `B` or `O/C`.
        field: &'static str,
    },
    /// No `W` or no `B` field.
    #[error("FEN `{fen}` has no {field} field", fen = echo(.fen))]
    MissingField {
        /// The FEN.
        fen: String,
        /// `W` or `B`.
        field: char,
    },
    /// A range such as `12-1`.
    #[error("range `{item}` runs backwards", item = echo(.item))]
    RangeBackwards {
        /// The range.
        item: String,
    },
    /// A square listed twice in one field.
    #[error("square {square} is named twice in the {field} field")]
    NamedTwice {
        /// The square.
        square: Square,
        /// `W` or `B`.
        field: char,
    },
    /// A square in both fields.
    #[error("square {square} is named in both the W and the B field")]
    BothFields {
        /// The square.
        square: Square,
    },
    /// A square that does not read.
    #[error(transparent)]
    Square(#[from] NotationError),
    /// An offence or compelled move whose shape does not read.
    #[error("offence `{text}`", text = echo(.text))]
    Offence {
        /// The field's text.
        text: String,
        /// What is wrong with it.
        source: NotationError,
    },
    /// A capture offence marked as crowning.
    #[error("offence `{text}`: a capture that crowned ended by rule and cannot offend", text = echo(.text))]
    CrownedCapture {
        /// The field's text.
        text: String,
    },
    /// A compelled completion written as a step.
    #[error("compelled completion `{text}` must be a capture", text = echo(.text))]
    CompelledStep {
        /// The field's text.
        text: String,
    },
    /// A board that cannot arise.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A pending offence that could not have happened.
    #[error(transparent)]
    Pending(#[from] PendingError),
}

/// A move text that names no legal action of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Nothing to read.
    #[error("the move is empty")]
    Empty,
    /// A square or the shape of the move does not read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The squares name no move a piece could make on any board.
    #[error("`{text}` is not a move", text = echo(.text))]
    Impossible {
        /// The move's text.
        text: String,
        /// Why.
        source: NotationError,
    },
    /// A short capture (`9x27`) that names several legal captures.
    #[error(
        "`{text}` is ambiguous: it could mean {}; write every landing square",
        .candidates.join(", "),
        text = echo(.text)
    )]
    Ambiguous {
        /// The move's text.
        text: String,
        /// The captures it could mean, sorted.
        candidates: Vec<String>,
    },
    /// A move that is not legal here.
    #[error("{}", illegal(.text, *.huffed, .legal, *.compulsory))]
    Illegal {
        /// The move's text.
        text: String,
        /// The piece huffed before the move, if any.
        huffed: Option<Square>,
        /// The legal moves (after that huff), sorted.
        legal: Vec<String>,
        /// Whether a step was given where a capture is compulsory.
        compulsory: bool,
    },
    /// `compel` with nothing pending.
    #[error("compel is not possible here: no offence is pending")]
    NoOffence,
    /// A huff without the move that goes with it.
    #[error("`{text}`: a huff goes with a move, as in h14 11-15", text = echo(.text))]
    HuffWithoutMove {
        /// The text given.
        text: String,
    },
    /// A huff or `compel` under english rules.
    #[error(
        "`{text}`: huffs and compel belong to huffing rules; under english rules a capture is \
         compulsory, and a move is written 11-15 or 9x18x27",
        text = echo(.text)
    )]
    HuffingOnly {
        /// The text given.
        text: String,
    },
    /// A huff of a piece that may not be huffed.
    #[error("the piece on {square} cannot be huffed here")]
    CannotHuff {
        /// The piece's square.
        square: Square,
    },
}

/// The most legal moves an [`MoveError::Illegal`] message lists.
const LISTED: usize = 40;

fn illegal(text: &str, huffed: Option<Square>, legal: &[String], compulsory: bool) -> String {
    let mut msg = match huffed {
        Some(sq) => format!("`{}` is not a legal move after huffing {sq}", echo(text)),
        None => format!("`{}` is not a legal move here", echo(text)),
    };
    if legal.is_empty() {
        msg.push_str(": there is none");
    } else if legal.len() <= LISTED {
        msg.push_str(&format!("; the legal moves are {}", legal.join(", ")));
    }
    if compulsory {
        msg.push_str(" (a capture is compulsory)");
    }
    msg
}

/// A position in the Hub protocol's 33-character form that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HubPositionError {
    /// Not 33 characters.
    #[error(
        "a checkers position is 33 characters (the side to move, W or B, then squares of \
         w, b, W, B or e), not {found}"
    )]
    Length {
        /// How many there are.
        found: usize,
    },
    /// The first character is not `W` or `B`.
    #[error("the side to move is W or B, not `{found}`", found = echo(.found))]
    Side {
        /// The character found.
        found: char,
    },
    /// A square's character is none of `w b W B e`.
    #[error("character {index} of the position is `{found}`: squares are w, b, W, B or e", found = echo(.found))]
    Square {
        /// Its place in the text, from 1.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A board that cannot arise.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// Any checkers text that does not read: what the game registry reports.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A rules text.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A FEN.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A Hub position.
    #[error(transparent)]
    HubPosition(#[from] HubPositionError),
}
