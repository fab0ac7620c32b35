//! Moves (a step or a whole capture path) and actions (a move, a huff and a
//! move, or compel), with their PDN text.

use crate::bitboard::{Bitboard, Square};
use crate::geometry::LANDING;
use std::fmt;

/// A man reached the far row and was crowned by this move.
pub(crate) const CROWNS: u8 = 1;
/// Huffing: a step made while a capture was open (a neglect).
pub(crate) const NEGLECT: u8 = 2;
/// Huffing: a capture stopped while a further jump was open.
pub(crate) const STOPPED_SHORT: u8 = 4;

/// A step or a capture path: one piece from one square to another, jumping
/// `jumps` times. A capture is known by its path, so two captures of the
/// same pieces by different routes are different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    jumps: u8,
    flags: u8,
    /// Two bits per jump, the first jump lowest: the direction of each jump.
    path: u32,
    captured: u32,
}

impl Move {
    #[inline(always)]
    pub(crate) const fn step(from: u32, to: u32, flags: u8) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            jumps: 0,
            flags,
            path: 0,
            captured: 0,
        }
    }

    #[inline(always)]
    pub(crate) const fn capture(
        from: u32,
        to: u32,
        jumps: u32,
        path: u32,
        captured: u32,
        flags: u8,
    ) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            jumps: jumps as u8,
            flags,
            path,
            captured,
        }
    }

    /// The square the piece leaves.
    pub const fn from(self) -> Square {
        Square::from_index(self.from as usize)
    }

    /// The square the piece stops on.
    pub const fn to(self) -> Square {
        Square::from_index(self.to as usize)
    }

    /// The origin and destination as one number, `from * 32 + to` (bit
    /// indices): the search's history key of the move.
    #[inline(always)]
    pub(crate) const fn squares_key(self) -> usize {
        self.from as usize * 32 + self.to as usize
    }

    /// The number of pieces jumped (0 for a step).
    pub const fn jumps(self) -> u32 {
        self.jumps as u32
    }

    /// Whether the move jumps at least one piece.
    pub const fn is_capture(self) -> bool {
        self.jumps != 0
    }

    /// The squares of the pieces jumped.
    pub const fn captured(self) -> Bitboard {
        Bitboard(self.captured)
    }

    /// Whether a man was crowned by this move.
    pub const fn crowns(self) -> bool {
        self.flags & CROWNS != 0
    }

    /// Huffing: whether this move offends (a neglected capture, or a capture
    /// stopped short), which gives the adversary the huffing options.
    pub const fn offends(self) -> bool {
        self.flags & (NEGLECT | STOPPED_SHORT) != 0
    }

    #[inline(always)]
    pub(crate) const fn flags(self) -> u8 {
        self.flags
    }

    #[inline(always)]
    pub(crate) const fn origin(self) -> usize {
        self.from as usize
    }

    #[inline(always)]
    pub(crate) const fn dest(self) -> usize {
        self.to as usize
    }

    pub(crate) const fn path_bits(self) -> u32 {
        self.path
    }

    /// The move's fields as 12 bytes, for a binary record of a position
    /// ([`Move::from_raw`] reads them back).
    pub(crate) fn to_raw(self) -> [u8; 12] {
        let mut out = [0u8; 12];
        out[..4].copy_from_slice(&[self.from, self.to, self.jumps, self.flags]);
        out[4..8].copy_from_slice(&self.path.to_le_bytes());
        out[8..].copy_from_slice(&self.captured.to_le_bytes());
        out
    }

    /// A move from [`Move::to_raw`]'s bytes, if they are a path on the
    /// board: its squares on the board, its jumps' landings ending on its
    /// destination, and the squares jumped over those it passes.
    pub(crate) fn from_raw(raw: [u8; 12]) -> Option<Move> {
        let [from, to, jumps, flags] = [raw[0], raw[1], raw[2], raw[3]];
        let path = u32::from_le_bytes(raw[4..8].try_into().expect("4 bytes"));
        let captured = u32::from_le_bytes(raw[8..].try_into().expect("4 bytes"));
        if from >= 32 || to >= 32 || jumps > 12 || flags & !(CROWNS | NEGLECT | STOPPED_SHORT) != 0
        {
            return None;
        }
        let mv = if jumps == 0 {
            if path != 0 || captured != 0 {
                return None;
            }
            Move::step(from as u32, to as u32, flags)
        } else {
            let mut sq = from as usize;
            let mut over = 0u32;
            for j in 0..jumps as u32 {
                let dir = ((path >> (2 * j)) & 3) as usize;
                let landing = LANDING[dir][sq];
                if landing == 0 {
                    return None;
                }
                over |= crate::geometry::NEIGHBOUR[dir][sq];
                sq = landing.trailing_zeros() as usize;
            }
            if sq != to as usize || over != captured || path >> (2 * jumps as u32) != 0 {
                return None;
            }
            Move::capture(from as u32, to as u32, jumps as u32, path, captured, flags)
        };
        Some(mv)
    }

    /// The squares the piece lands on, in order, ending with [`Move::to`];
    /// a step gives just its destination.
    pub fn landings(self) -> impl Iterator<Item = Square> {
        let mut sq = self.from as usize;
        let mut path = self.path;
        let jumps = self.jumps as usize;
        let to = self.to;
        (0..jumps.max(1)).map(move |_| {
            if jumps == 0 {
                return Square::from_index(to as usize);
            }
            sq = LANDING[(path & 3) as usize][sq].trailing_zeros() as usize;
            path >>= 2;
            Square::from_index(sq)
        })
    }
}

impl fmt::Display for Move {
    /// PDN: `11-15` for a step, `9x18x27` for a capture with every landing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        if self.jumps == 0 {
            write!(f, "-{}", self.to())
        } else {
            self.landings().try_for_each(|sq| write!(f, "x{sq}"))
        }
    }
}

/// One ply: what the side to move does. Under english rules every action is
/// a plain [`Action::Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Make a move (under huffing, letting any pending offence stand).
    Move(Move),
    /// Huffing: remove the offender's piece on the square, then make the move
    /// (`h14 11-15`).
    Huff(Square, Move),
    /// Huffing: compel the offender to capture (`compel`).
    Compel,
}

impl Action {
    /// The move made, if the action makes one.
    pub const fn played_move(self) -> Option<Move> {
        match self {
            Action::Move(m) | Action::Huff(_, m) => Some(m),
            Action::Compel => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => write!(f, "{m}"),
            Action::Huff(sq, m) => write!(f, "h{sq} {m}"),
            Action::Compel => f.write_str("compel"),
        }
    }
}
