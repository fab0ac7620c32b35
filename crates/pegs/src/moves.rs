//! `PegMove`: a placement (`K@7`, `@7`) or a slide / forced move (`24-17`),
//! each with an optional line removal (`x12`).

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
    pub fn parse(text: &str, holes: usize) -> Result<PegMove, String> {
        let hole = |s: &str| -> Result<Hole, String> {
            let n: u32 = s
                .parse()
                .map_err(|_| format!("`{s}` in move `{text}` is not a hole number"))?;
            Hole::from_number(n)
                .filter(|h| h.index() < holes)
                .ok_or_else(|| format!("hole {n} in move `{text}` is not on the board (1-{holes})"))
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
            return Err(format!(
                "`{text}` is not a peg move: write `K@7` or `@7` to place, `24-17` to move, \
                 with `x12` after it to remove a peg for a line"
            ));
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
        for (text, says) in [
            ("25-1", "not on the board"),
            ("@0", "not on the board"),
            ("7", "not a peg move"),
            ("@a", "not a hole number"),
            ("3-4x", "not a hole number"),
        ] {
            let err = PegMove::parse(text, 24).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }
}
