//! The value of a position for the side to move.

use std::fmt;

/// Win, loss or draw for the side to move, with perfect play by both
/// sides and no limit on the length of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move loses.
    Loss = 0,
    /// Neither side can force a win.
    Draw = 1,
    /// The side to move wins.
    Win = 2,
}

impl Wdl {
    /// The value for the other side.
    #[inline]
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The 2-bit code stored in a table (3 is never written).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self as u8
    }

    /// The value of a 2-bit code, if it is one.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Wdl> {
        match code {
            0 => Some(Wdl::Loss),
            1 => Some(Wdl::Draw),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// The word `parlour egdb probe` prints.
    pub const fn word(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
