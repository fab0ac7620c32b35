//! The perfect index of a slice: a bijection between the slice's positions
//! and `0..size`.
//!
//! A position is four sets of squares, ranked in this order: the side to
//! move's men, the other side's men, the side to move's kings, the other
//! side's kings. Each set is ranked in the colexicographic order of the
//! combinatorial number system (the rank of squares p1 < p2 < ... < pk is
//! C(p1,1) + C(p2,2) + ... + C(pk,k)), over the squares still free once
//! the sets before it are placed ("squeezed" out), so no index is wasted:
//!
//! - the side to move's men stand on ranks 0..=lead with one on `lead`;
//!   ranked among the squares of ranks 0..=lead, the sets with one on
//!   `lead` are exactly those of colex rank C(4 lead, k) and up;
//! - the other side's men likewise, counted from his own side, on the
//!   squares the side to move's men leave free. How many squares that is
//!   depends on where those men stand, so a table of offsets, one per set
//!   of the side to move's men, makes the index perfect;
//! - kings go on any square left, a fixed number of choices.

use crate::board::Board;
use crate::material::{Party, Slice};

/// Binomial coefficients C(n, k) for n <= 32, k <= 12.
const BINOMIAL: [[u64; 13]; 33] = {
    let mut t = [[0u64; 13]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 12 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// C(n, k), 0 when k > n.
#[inline(always)]
pub(crate) fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The colex rank of the set of squares `set` among the squares of `free`
/// (each square of `set` must be in `free`).
#[inline(always)]
fn rank_set(set: u32, free: u32) -> u64 {
    let mut rank = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let below = free & ((1u32 << sq) - 1);
        rank += binomial(below.count_ones(), k);
        k += 1;
    }
    rank
}

/// The colex rank of a set of squares among all 32: no squeezing, so no
/// counting.
#[inline(always)]
fn rank_all(set: u32) -> u64 {
    let mut rank = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        rank += binomial(rest.trailing_zeros(), k);
        rest &= rest - 1;
        k += 1;
    }
    rank
}

/// The `j`-th (from 0) square of `free`, lowest first.
#[inline(always)]
fn select(free: u32, j: u32) -> u32 {
    let mut f = free;
    for _ in 0..j {
        f &= f - 1;
    }
    f & f.wrapping_neg()
}

/// The set of `k` squares of `free` with colex rank `rank`.
#[inline(always)]
fn unrank_set(mut rank: u64, k: u32, free: u32) -> u32 {
    let mut set = 0;
    let mut top = free.count_ones();
    let mut i = k;
    while i > 0 {
        // The largest p < top with C(p, i) <= rank.
        let mut p = top - 1;
        while binomial(p, i) > rank {
            p -= 1;
        }
        rank -= binomial(p, i);
        set |= select(free, p);
        top = p;
        i -= 1;
    }
    set
}

/// The squares of ranks `0..=lead` counted from the side to move (rows
/// from square 1 up).
#[inline(always)]
const fn ranks_up_to(lead: u32) -> u32 {
    if lead >= 7 {
        u32::MAX
    } else {
        (1u32 << (4 * (lead + 1))) - 1
    }
}

/// A slice's index: rank and unrank positions.
#[derive(Debug)]
pub(crate) struct Indexer {
    slice: Slice,
    /// `offsets[i]`: the index of the first position whose side-to-move
    /// men are the `i`-th set (in colex order); one entry more at the end,
    /// the slice's size.
    offsets: Vec<u64>,
    /// The side-to-move men sets, in colex order.
    mover_sets: Vec<u32>,
    /// C(4 lead, k) for the side to move's men: the colex rank of the
    /// first set with a man on the lead rank.
    mover_skip: u64,
    /// Choices for the side to move's kings and for the other's.
    mover_king_choices: u64,
    other_king_choices: u64,
}

impl Indexer {
    /// The index of a slice; builds its table of offsets.
    pub fn new(slice: Slice) -> Indexer {
        let m = slice.material();
        let (mm, om) = (m.men(Party::Mover), m.men(Party::Other));
        let (mk, ok) = (m.kings(Party::Mover), m.kings(Party::Other));
        let mover_king_choices = binomial(32 - mm - om, mk);
        let other_king_choices = binomial(32 - mm - om - mk, ok);
        let kings = mover_king_choices * other_king_choices;
        let lead = slice.lead(Party::Mover);
        let (mover_sets, mover_skip) = if mm == 0 {
            (vec![0], 0)
        } else {
            let region = ranks_up_to(lead);
            let skip = binomial(4 * lead, mm);
            let count = binomial(4 * lead + 4, mm) - skip;
            let sets = (0..count)
                .map(|r| unrank_set(r + skip, mm, region))
                .collect();
            (sets, skip)
        };
        let mut offsets = Vec::with_capacity(mover_sets.len() + 1);
        let mut total = 0u64;
        for &men in &mover_sets {
            offsets.push(total);
            total += other_men_choices(slice, men) * kings;
        }
        offsets.push(total);
        Indexer {
            slice,
            offsets,
            mover_sets,
            mover_skip,
            mover_king_choices,
            other_king_choices,
        }
    }

    /// The slice indexed.
    #[inline]
    pub fn slice(&self) -> Slice {
        self.slice
    }

    /// The number of positions.
    #[inline]
    pub fn size(&self) -> u64 {
        *self.offsets.last().expect("offsets end with the size")
    }

    /// The index of a board of this slice.
    #[inline]
    pub fn rank(&self, b: &Board) -> u64 {
        let own_men = b.mover_men();
        let other_men = b.other_men();
        let mi = rank_all(own_men) - self.mover_skip;
        // The other side's men, seen from his side: bit 31-s for square s.
        let blocked = own_men.reverse_bits();
        let (oi, _) = other_men_rank(self.slice, other_men.reverse_bits(), blocked);
        let men = own_men | other_men;
        let mki = rank_set(b.mover & b.kings, !men);
        let oki = rank_set(b.other & b.kings, !(men | (b.mover & b.kings)));
        self.offsets[mi as usize]
            + (oi * self.mover_king_choices + mki) * self.other_king_choices
            + oki
    }

    /// The board with index `index` (below [`Indexer::size`]).
    #[inline]
    pub fn unrank(&self, index: u64) -> Board {
        // The last offset not above the index; empty sets of other men
        // give equal offsets, so take the last of equals.
        let mi = self.offsets.partition_point(|&o| o <= index) - 1;
        let own_men = self.mover_sets[mi];
        let mut rest = index - self.offsets[mi];
        let oki = rest % self.other_king_choices;
        rest /= self.other_king_choices;
        let mki = rest % self.mover_king_choices;
        let oi = rest / self.mover_king_choices;
        let m = self.slice.material();
        let other_men = unrank_other_men(self.slice, oi, own_men.reverse_bits()).reverse_bits();
        let men = own_men | other_men;
        let own_kings = unrank_set(mki, m.kings(Party::Mover), !men);
        let other_kings = unrank_set(oki, m.kings(Party::Other), !(men | own_kings));
        Board {
            mover: own_men | own_kings,
            other: other_men | other_kings,
            kings: own_kings | other_kings,
        }
    }
}

/// The lowest `n` squares of `mask`.
#[inline(always)]
fn lowest(mask: u32, n: u32) -> u32 {
    let mut m = mask;
    let mut out = 0;
    for _ in 0..n {
        let b = m & m.wrapping_neg();
        out |= b;
        m ^= b;
    }
    out
}

/// The next set of as many squares of `mask` as `x` has, in increasing
/// numeric order (which is colex order of the squeezed ranks); `None`
/// after the last, or for the empty set.
#[inline(always)]
fn next_subset(x: u32, mask: u32) -> Option<u32> {
    if x == 0 {
        return None;
    }
    let low = x & x.wrapping_neg();
    // Squares outside the mask count as taken, so adding the lowest bit
    // carries through the lowest run of the set and over them, to the
    // first free square of the mask above.
    let sum = (x | !mask) as u64 + low as u64;
    if sum >> 32 != 0 {
        return None;
    }
    let kept = sum as u32 & mask;
    Some(kept | lowest(mask, x.count_ones() - kept.count_ones()))
}

/// The first set of `k` squares of `mask` (in numeric order) with one on
/// `lead` (a part of the mask above the rest), if any.
#[inline(always)]
fn first_with_lead(mask: u32, lead: u32, k: u32) -> Option<u32> {
    if k == 0 {
        return Some(0);
    }
    let first = lowest(mask, k);
    if first.count_ones() < k || mask & lead == 0 {
        return None;
    }
    if first & lead != 0 {
        return Some(first);
    }
    let top = mask & lead;
    Some(lowest(mask, k - 1) | (top & top.wrapping_neg()))
}

/// A walk through consecutive indices of a slice, a board at a time,
/// without unranking each: the sets step in the index's own order (the
/// other side's kings fastest, the side to move's men slowest).
pub(crate) struct Walk<'a> {
    ix: &'a Indexer,
    mi: usize,
    /// The other side's men from his view, and where they may go.
    other_men: u32,
    other_mask: u32,
    own_kings: u32,
    other_kings: u32,
}

impl<'a> Walk<'a> {
    /// A walk that starts at `index`.
    pub fn new(ix: &'a Indexer, index: u64) -> Walk<'a> {
        let b = ix.unrank(index);
        let mi = ix.offsets.partition_point(|&o| o <= index) - 1;
        let mut w = Walk {
            ix,
            mi,
            other_men: b.other_men().reverse_bits(),
            other_mask: 0,
            own_kings: b.mover & b.kings,
            other_kings: b.other & b.kings,
        };
        w.other_mask = w.other_men_mask();
        w
    }

    fn other_men_mask(&self) -> u32 {
        let (region, _) = other_region(self.ix.slice);
        region & !self.ix.mover_sets[self.mi].reverse_bits()
    }

    /// The board at the walk's index.
    #[inline(always)]
    pub fn board(&self) -> Board {
        let own_men = self.ix.mover_sets[self.mi];
        let other_men = self.other_men.reverse_bits();
        Board {
            mover: own_men | self.own_kings,
            other: other_men | self.other_kings,
            kings: self.own_kings | self.other_kings,
        }
    }

    /// Steps to the next index (which must exist).
    #[inline(always)]
    pub fn advance(&mut self) {
        let m = self.ix.slice.material();
        let men = self.ix.mover_sets[self.mi] | self.other_men.reverse_bits();
        if let Some(k) = next_subset(self.other_kings, !(men | self.own_kings)) {
            self.other_kings = k;
            return;
        }
        if let Some(k) = next_subset(self.own_kings, !men) {
            self.own_kings = k;
            self.other_kings = lowest(!(men | k), m.kings(Party::Other));
            return;
        }
        if let Some(o) = next_subset(self.other_men, self.other_mask) {
            self.other_men = o;
        } else {
            // The next set of the side to move's men that leaves the other
            // side's men a place.
            let (_, lead) = other_region(self.ix.slice);
            loop {
                self.mi += 1;
                self.other_mask = self.other_men_mask();
                if let Some(o) = first_with_lead(self.other_mask, lead, m.men(Party::Other)) {
                    self.other_men = o;
                    break;
                }
            }
        }
        let men = self.ix.mover_sets[self.mi] | self.other_men.reverse_bits();
        self.own_kings = lowest(!men, m.kings(Party::Mover));
        self.other_kings = lowest(!(men | self.own_kings), m.kings(Party::Other));
    }
}

/// The squares (from the other side's view, bit 31-s for square s) where
/// his men may stand in `slice`, and where the lead rank begins.
#[inline(always)]
fn other_region(slice: Slice) -> (u32, u32) {
    let lead = slice.lead(Party::Other);
    (
        ranks_up_to(lead),
        ranks_up_to(lead) & !((1u32 << (4 * lead)) - 1),
    )
}

/// The number of ways to place the other side's men given the side to
/// move's (`own_men` in board squares).
fn other_men_choices(slice: Slice, own_men: u32) -> u64 {
    let k = slice.material().men(Party::Other);
    if k == 0 {
        return 1;
    }
    let (region, lead_rank) = other_region(slice);
    let free = region & !own_men.reverse_bits();
    let below_lead = free & !lead_rank;
    binomial(free.count_ones(), k) - binomial(below_lead.count_ones(), k)
}

/// The rank of the other side's men (`men` and `blocked` both from his
/// view), and the number of choices.
#[inline(always)]
fn other_men_rank(slice: Slice, men: u32, blocked: u32) -> (u64, u64) {
    let k = slice.material().men(Party::Other);
    if k == 0 {
        return (0, 1);
    }
    let (region, lead_rank) = other_region(slice);
    let free = region & !blocked;
    let skip = binomial((free & !lead_rank).count_ones(), k);
    (
        rank_set(men, free) - skip,
        binomial(free.count_ones(), k) - skip,
    )
}

/// The other side's men (from his view) with rank `index`.
#[inline(always)]
fn unrank_other_men(slice: Slice, index: u64, blocked: u32) -> u32 {
    let k = slice.material().men(Party::Other);
    if k == 0 {
        return 0;
    }
    let (region, lead_rank) = other_region(slice);
    let free = region & !blocked;
    let skip = binomial((free & !lead_rank).count_ones(), k);
    unrank_set(index + skip, k, free)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::material::Material;

    /// Placements by piece count (sides without a piece included), from
    /// the indexer's sizes alone; and without the one-sided placements.
    fn placements(pieces: u32) -> (u64, u64) {
        let mut all = 0;
        let mut two_sided = 0;
        for m in Material::all_with(pieces) {
            let n: u64 = m.slices().map(|s| Indexer::new(s).size()).sum();
            all += n;
            if !m.is_one_sided() {
                two_sided += n;
            }
        }
        (all, two_sided)
    }

    #[test]
    fn placement_counts_match_the_published_table() {
        // Schaeffer et al., "Checkers is solved" (Science, 2007).
        let all = [120, 6_972, 261_224, 7_092_774, 148_688_232, 2_503_611_964];
        let two_sided = [0, 3_488, 196_032, 6_209_316, 139_450_808, 2_426_085_676];
        for pieces in 1..=6 {
            let (a, t) = placements(pieces);
            assert_eq!(a, all[pieces as usize - 1], "{pieces} pieces");
            assert_eq!(t, two_sided[pieces as usize - 1], "{pieces} pieces");
        }
    }

    #[test]
    fn a_walk_visits_the_indices_in_order() {
        for m in [
            Material::new(2, 0, 1, 0).unwrap(),
            Material::new(1, 1, 1, 1).unwrap(),
            Material::new(0, 2, 2, 1).unwrap(),
            Material::new(3, 0, 2, 0).unwrap(),
            Material::new(0, 3, 0, 2).unwrap(),
        ] {
            for slice in m.slices() {
                let ix = Indexer::new(slice);
                let start = ix.size() / 3;
                let mut walk = Walk::new(&ix, start);
                for i in start..ix.size() {
                    assert_eq!(walk.board(), ix.unrank(i), "{slice} index {i}");
                    if i + 1 < ix.size() {
                        walk.advance();
                    }
                }
            }
        }
    }

    #[test]
    fn rank_inverts_unrank_and_boards_belong_to_their_slice() {
        let mats = [
            Material::new(2, 0, 1, 0).unwrap(),
            Material::new(1, 1, 1, 1).unwrap(),
            Material::new(0, 2, 2, 0).unwrap(),
            Material::new(3, 0, 0, 1).unwrap(),
            Material::new(1, 0, 3, 0).unwrap(),
        ];
        for m in mats {
            for slice in m.slices() {
                let ix = Indexer::new(slice);
                let mut seen = std::collections::HashSet::new();
                for i in 0..ix.size() {
                    let b = ix.unrank(i);
                    assert_eq!(b.slice(), Some(slice), "{slice} index {i}");
                    assert_eq!(b.mover & b.other, 0);
                    assert_eq!(b.mover_men() & crate::board::FAR_ROW, 0);
                    assert_eq!(b.other_men() & crate::board::NEAR_ROW, 0);
                    assert_eq!(ix.rank(&b), i, "{slice} index {i}");
                    assert!(seen.insert(b));
                }
            }
        }
    }
}
