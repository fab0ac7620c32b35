//! The network's inputs: for each colour's perspective, that colour's
//! pieces and the adversary's on the board turned so that the colour moves
//! up it (White's view is the half turn, bit i to bit 31 - i), and what a
//! huffing offence or compulsion leaves pending.
//!
//! | inputs  | what                                                     |
//! |---------|----------------------------------------------------------|
//! | 0-27    | own men on squares 1-28 (a man never stands on 29-32)    |
//! | 28-55   | the adversary's men on squares 5-32                      |
//! | 56-87   | own kings on squares 1-32                                |
//! | 88-119  | the adversary's kings                                    |
//! | 120-127 | pending (huffing only): 4 kinds, for the perspective to  |
//! |         | move (120-123) or not (124-127)                          |
//!
//! The pending kinds: an offence whose huffable pieces are men only, an
//! offence with a king among them, a compelled capture, a compelled rest
//! of a capture.

use crate::position::{Pending, Position};
use parlour_game::Side;

/// Inputs per perspective.
pub const INPUTS: usize = 128;
const OPP_MEN: u16 = 28;
const OWN_KINGS: u16 = 56;
const OPP_KINGS: u16 = 88;
const PENDING: u16 = 120;

/// One perspective's view of the board: the four piece sets as bitboards
/// turned for it, and its pending inputs as bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct View {
    own_men: u32,
    opp_men: u32,
    own_kings: u32,
    opp_kings: u32,
    pending: u8,
}

/// The pending kind of `pos` (0-3), if any.
fn pending_kind(pos: &Position) -> Option<u8> {
    match pos.pending() {
        Pending::Nothing => None,
        Pending::Offence(offence) => {
            let huffable = crate::huffing::huffable(pos, offence);
            Some(if (huffable & pos.kings()).is_empty() {
                0
            } else {
                1
            })
        }
        Pending::CompelCapture => Some(2),
        Pending::CompelRest(_) => Some(3),
    }
}

impl View {
    /// Both colours' views of `pos`, Black's first.
    #[inline]
    pub(crate) fn both(pos: &Position) -> [View; 2] {
        let kind = pending_kind(pos);
        [Side::Black, Side::White].map(|c| View::of(pos, c, kind))
    }

    #[inline]
    fn of(pos: &Position, colour: Side, kind: Option<u8>) -> View {
        let kings = pos.kings().0;
        let own = pos.pieces(colour).0;
        let opp = pos.pieces(colour.opponent()).0;
        let turn = |b: u32| match colour {
            Side::Black => b,
            Side::White => b.reverse_bits(),
        };
        let pending = match kind {
            None => 0,
            Some(k) if pos.side() == colour => 1 << k,
            Some(k) => 1 << (k + 4),
        };
        View {
            own_men: turn(own & !kings),
            opp_men: turn(opp & !kings),
            own_kings: turn(own & kings),
            opp_kings: turn(opp & kings),
            pending,
        }
    }

    /// Calls `f` with every active input.
    #[inline]
    pub(crate) fn for_each(&self, mut f: impl FnMut(u16)) {
        each_bit(self.own_men, 0, &mut f);
        each_bit(self.opp_men >> 4, OPP_MEN, &mut f);
        each_bit(self.own_kings, OWN_KINGS, &mut f);
        each_bit(self.opp_kings, OPP_KINGS, &mut f);
        each_bit(self.pending as u32, PENDING, &mut f);
    }

    /// The inputs active in `self` and not in `other`.
    #[inline]
    pub(crate) fn minus(&self, other: &View) -> View {
        View {
            own_men: self.own_men & !other.own_men,
            opp_men: self.opp_men & !other.opp_men,
            own_kings: self.own_kings & !other.own_kings,
            opp_kings: self.opp_kings & !other.opp_kings,
            pending: self.pending & !other.pending,
        }
    }
}

#[inline(always)]
fn each_bit(mut bits: u32, base: u16, f: &mut impl FnMut(u16)) {
    while bits != 0 {
        f(base + bits.trailing_zeros() as u16);
        bits &= bits - 1;
    }
}

/// The output bucket of a position with `pieces` pieces, of `buckets`.
#[inline]
pub(crate) fn bucket_of(pieces: u32, buckets: usize) -> usize {
    ((pieces.saturating_sub(1) as usize * buckets) / 24).min(buckets - 1)
}
