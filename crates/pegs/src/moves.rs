//! `PegMove`: a placement (`K@7`, `@7`) or a slide / forced move (`24-17`),
//! each with an optional line removal (`x12`).

use crate::error::MoveError;
use crate::hole::Hole;
use std::fmt;

const NONE: u8 = u8::MAX;

/// One ply of the peg game, four bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PegMove {
    from: u8,
    to: u8,
    remove: u8,
    king: bool,
}

impl PegMove {
    /// Placing a peg from hand (the King if `king`) into `to`.
    #[inline]
    pub const fn place(to: Hole, king: bool) -> PegMove {
        PegMove {
            from: NONE,
            to: to.index() as u8,
            remove: NONE,
            king,
        }
    }

    /// Moving the peg in `from` to `to` (a slide, or a forced move).
    #[inline]
    pub const fn shift(from: Hole, to: Hole) -> PegMove {
        PegMove {
            from: from.index() as u8,
            to: to.index() as u8,
            remove: NONE,
            king: false,
        }
    }

    /// The same move, removing the adversary peg in `hole` for a line made.
    #[inline]
    pub const fn removing(self, hole: Hole) -> PegMove {
        PegMove {
            remove: hole.index() as u8,
            ..self
        }
    }

    #[inline(always)]
    pub(crate) const fn raw(from: u8, to: u8, king: bool) -> PegMove {
        PegMove {
            from,
            to,
            remove: NONE,
            king,
        }
    }

    #[inline(always)]
    pub(crate) const fn with_remove_index(self, r: u8) -> PegMove {
        PegMove { remove: r, ..self }
    }

    /// The hole the peg leaves, or `None` for a placement.
    #[inline]
    pub const fn from(self) -> Option<Hole> {
        if self.from == NONE {
            None
        } else {
            Some(Hole::from_index(self.from as usize))
        }
    }

    /// The hole the peg arrives in.
    #[inline]
    pub const fn to(self) -> Hole {
        Hole::from_index(self.to as usize)
    }

    /// The adversary peg removed for a line, if any.
    #[inline]
    pub const fn removal(self) -> Option<Hole> {
        if self.remove == NONE {
            None
        } else {
            Some(Hole::from_index(self.remove as usize))
        }
    }

    /// Whether the move places a peg from hand.
    #[inline]
    pub const fn is_placement(self) -> bool {
        self.from == NONE
    }

    /// Whether the move places the King.
    #[inline]
    pub const fn is_king_placement(self) -> bool {
        self.king
    }

    /// Reads the move's text; the holes are checked against `holes` (the
    /// board's size), legality is not.
    pub fn parse(text: &str, holes: usize) -> Result<PegMove, MoveError> {
        let hole = |s: &str| -> Result<Hole, MoveError> {
            let n: u32 = s.parse().map_err(|_| MoveError::NotAHole {
                text: text.to_string(),
                item: s.to_string(),
            })?;
            Hole::from_number(n)
                .filter(|h| h.index() < holes)
                .ok_or_else(|| MoveError::HoleOffBoard {
                    text: text.to_string(),
                    hole: n,
                    holes,
                })
        };
        let (body, remove) = match text.split_once('x') {
            Some((b, r)) => (b, Some(hole(r)?)),
            None => (text, None),
        };
        let mv = if let Some(to) = body.strip_prefix("K@") {
            PegMove::place(hole(to)?, true)
        } else if let Some(to) = body.strip_prefix('@') {
            PegMove::place(hole(to)?, false)
        } else if let Some((from, to)) = body.split_once('-') {
            PegMove::shift(hole(from)?, hole(to)?)
        } else {
            return Err(MoveError::NotAMove {
                text: text.to_string(),
            });
        };
        Ok(match remove {
            Some(r) => mv.removing(r),
            None => mv,
        })
    }
}

impl fmt::Display for PegMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from() {
            None if self.king => write!(f, "K@{}", self.to())?,
            None => write!(f, "@{}", self.to())?,
            Some(from) => write!(f, "{from}-{}", self.to())?,
        }
        if let Some(r) = self.removal() {
            write!(f, "x{r}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        for text in ["K@7", "@7", "24-17", "@3x12", "24-17x5", "K@1x2"] {
            assert_eq!(PegMove::parse(text, 24).unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_moves_are_explained() {
        let off = |text: &str, hole| MoveError::HoleOffBoard {
            text: text.into(),
            hole,
            holes: 24,
        };
        let not_hole = |text: &str, item: &str| MoveError::NotAHole {
            text: text.into(),
            item: item.into(),
        };
        for (text, error) in [
            ("25-1", off("25-1", 25)),
            ("@0", off("@0", 0)),
            ("7", MoveError::NotAMove { text: "7".into() }),
            ("@a", not_hole("@a", "a")),
            ("3-4x", not_hole("3-4x", "")),
        ] {
            assert_eq!(PegMove::parse(text, 24), Err(error), "{text}");
        }
    }
}
