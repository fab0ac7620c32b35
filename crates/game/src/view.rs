//! A position and its moves as a board a person clicks on: where each
//! point of the board is drawn, what stands on it, and what each legal
//! move does there. A game fills these in ([`crate::Variant::view`] and
//! [`crate::Variant::move_view`]); a front end (the `parlour serve` page)
//! draws any game's board and drives any game's moves from them alone,
//! naming no game.
//!
//! Points are named by the numbers the game's notation gives them (a
//! checkers square 1-32, a peg hole 1-24), so a move's text and its view
//! speak of the same places.

use crate::Side;

/// How the board under the points is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShape {
    /// A chequered grid of `files` by `ranks` unit cells, each point at
    /// the centre of a dark cell (checkers).
    Squares {
        /// Cells across.
        files: u32,
        /// Cells down.
        ranks: u32,
    },
    /// Points joined by lines ([`BoardView::links`]), on a plain ground
    /// (the peg game's concentric squares).
    Lines,
}

/// One point of the board, in board units from the top left, drawn as
/// published (Black's side at the top where the game has sides).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Its number in the game's notation.
    pub number: u32,
    /// Across, in board units.
    pub x: f64,
    /// Down, in board units.
    pub y: f64,
}

/// What kind of piece stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// An ordinary piece: a checkers man, a peg.
    Man,
    /// The crowned piece: a checkers king, the peg game's King.
    King,
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The point it stands on.
    pub point: u32,
    /// Whose it is.
    pub side: Side,
    /// What it is.
    pub kind: PieceKind,
}

/// Why a point is marked for the player's eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// A piece that must move (a forced peg).
    Forced,
    /// A piece the side to move may remove as a punishment (huffing's
    /// huffable pieces).
    Punishable,
    /// A piece that holds the side to move's King (a blocking peg).
    Blocking,
}

/// A marked point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The point.
    pub point: u32,
    /// Why.
    pub kind: MarkKind,
}

/// A count a side holds off the board (the peg game's hand and reserve).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stock {
    /// Whose.
    pub side: Side,
    /// What it counts, in a word (`hand`, `reserve`).
    pub label: String,
    /// How many.
    pub count: u32,
}

/// A position as a board to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// What is drawn under the points.
    pub shape: BoardShape,
    /// The board's extent across, in board units.
    pub width: f64,
    /// Its extent down.
    pub height: f64,
    /// Every point, in the order of their numbers.
    pub points: Vec<Point>,
    /// Points joined by a line (each pair once, the lower number first).
    pub links: Vec<[u32; 2]>,
    /// The pieces on the board.
    pub pieces: Vec<Piece>,
    /// Points marked for the side to move.
    pub marks: Vec<Mark>,
    /// What each side holds off the board.
    pub stock: Vec<Stock>,
    /// What the side to move must know before moving, in words (an
    /// offence he may punish, a peg he must move); `None` when nothing
    /// is pending.
    pub notice: Option<String>,
}

/// A choice that goes with a move beside its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtraKind {
    /// The piece on the point is taken off before the move (a huff).
    Before,
    /// The piece on the point is taken off after the move (the peg game's
    /// line removal).
    After,
}

/// The point a move's extra choice names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// The point of the piece taken off.
    pub point: u32,
    /// When.
    pub kind: ExtraKind,
}

/// One legal move as the board shows it: the piece it lifts or puts
/// down, the points it goes through, what it takes off, and any choice
/// the player makes beside the path. Two moves with the same `from`,
/// `path` and `extra` do not exist in a position: those three name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The point the piece leaves; `None` for a move that lifts none (a
    /// placement, huffing's `compel`).
    pub from: Option<u32>,
    /// The points it lands on in turn, the last its stop (a placement's
    /// one point); empty for a move that moves no piece (`compel`).
    pub path: Vec<u32>,
    /// A piece put down from off the board, of this kind.
    pub place: Option<PieceKind>,
    /// The pieces the move takes off by the rules (the men jumped, the
    /// pegs blocked), besides `extra`.
    pub captures: Vec<u32>,
    /// The player's choice beside the path.
    pub extra: Option<Extra>,
}

/// A position as a person sets it up on the board: what stands where,
/// who is to move, and each side's counts off the board (as
/// [`BoardView::stock`] names them). A game reads it into a position
/// ([`crate::Variant::compose`]), checking it as it checks its text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// The side to move.
    pub side: Option<Side>,
    /// Counts off the board.
    pub stock: Vec<Stock>,
}

impl Setup {
    /// The points of `side`'s pieces of `kind`, in order.
    pub fn points(&self, side: Side, kind: PieceKind) -> Vec<u32> {
        let mut points: Vec<u32> = (self.pieces.iter())
            .filter(|p| p.side == side && p.kind == kind)
            .map(|p| p.point)
            .collect();
        points.sort_unstable();
        points
    }

    /// `side`'s count called `label`, if the setup gives it.
    pub fn count(&self, side: Side, label: &str) -> Option<u32> {
        (self.stock.iter())
            .find(|s| s.side == side && s.label == label)
            .map(|s| s.count)
    }
}
