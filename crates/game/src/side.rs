//! The two sides and the result of a game.

use std::fmt;

/// One of the two players. In both games Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first.
    Black,
    /// The side that moves second.
    White,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// The side a diagram is drawn from unless the user turns it round:
    /// White, as the books and published diagrams draw the board (Black at
    /// the top, square 1 at the top left).
    pub const PUBLISHED_VIEW: Side = Side::White;

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name, as written in results and tags.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

impl Outcome {
    /// The PDN result text from Black's side, which PDN writes first
    /// (`2-0`, `0-2`, `1-1` in draughts PDN).
    pub const fn pdn(self) -> &'static str {
        match self {
            Outcome::Win(Side::Black) => "2-0",
            Outcome::Win(Side::White) => "0-2",
            Outcome::Draw => "1-1",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(side) => write!(f, "{side} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}
