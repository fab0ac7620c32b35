//! Materials and slices: how the databases are cut up.
//!
//! Every stored position has the side to move written first: a position
//! with White to move is turned round (colours swapped, square s on 33 - s)
//! before it is looked up, so one table serves both colours. A
//! [`Material`] counts the men and kings of the side to move and of the
//! other side; a [`Slice`] adds, for each side with men, the rank of its
//! most advanced man counted from its own back row. Men only move forward,
//! so a move either keeps both ranks (it stays in its slice, or in the
//! mirrored slice after the turn passes) or raises one (a slice nearer the
//! crowning rows, finished earlier); captures and crownings change the
//! material. Each slice therefore depends only on slices that are built
//! before it.

use std::fmt;

/// The most pieces the file format and the indexer handle. The builder is
/// practical to six or seven on a desktop.
pub const MAX_PIECES: u32 = 8;

/// The ranks a man can stand on counted from his own side, 0-6 (rank 7 is
/// where he is crowned).
pub(crate) const RANKS: u8 = 7;

/// One of the two sides of a normalised position: the side to move or the
/// other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Party {
    /// The side whose turn it is.
    Mover,
    /// The side that just moved.
    Other,
}

impl Party {
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// Piece counts, the side to move's first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move and of the other side.
    men: [u8; 2],
    /// Kings of the side to move and of the other side.
    kings: [u8; 2],
}

impl Material {
    /// The material with these counts (side to move first), if it has at
    /// most [`MAX_PIECES`] pieces and no side more than 12.
    pub fn new(
        mover_men: u32,
        mover_kings: u32,
        other_men: u32,
        other_kings: u32,
    ) -> Option<Material> {
        let total = mover_men + mover_kings + other_men + other_kings;
        if total > MAX_PIECES || mover_men + mover_kings > 12 || other_men + other_kings > 12 {
            return None;
        }
        Some(Material {
            men: [mover_men as u8, other_men as u8],
            kings: [mover_kings as u8, other_kings as u8],
        })
    }

    /// The men of one side.
    #[inline]
    pub const fn men(self, party: Party) -> u32 {
        self.men[party.index()] as u32
    }

    /// The kings of one side.
    #[inline]
    pub const fn kings(self, party: Party) -> u32 {
        self.kings[party.index()] as u32
    }

    /// The pieces of one side.
    #[inline]
    pub const fn side_pieces(self, party: Party) -> u32 {
        self.men(party) + self.kings(party)
    }

    /// All pieces on the board.
    #[inline]
    pub const fn pieces(self) -> u32 {
        self.side_pieces(Party::Mover) + self.side_pieces(Party::Other)
    }

    /// Whether one side has no piece at all (decided: never stored).
    #[inline]
    pub const fn is_one_sided(self) -> bool {
        self.side_pieces(Party::Mover) == 0 || self.side_pieces(Party::Other) == 0
    }

    /// The same material seen by the other side (after the turn passes).
    #[inline]
    pub const fn mirror(self) -> Material {
        Material {
            men: [self.men[1], self.men[0]],
            kings: [self.kings[1], self.kings[0]],
        }
    }

    /// A dense number for tables: below [`Material::CODES`].
    #[inline]
    pub(crate) const fn code(self) -> usize {
        const B: usize = MAX_PIECES as usize + 1;
        ((self.men[0] as usize * B + self.kings[0] as usize) * B + self.men[1] as usize) * B
            + self.kings[1] as usize
    }

    /// How many codes there are.
    pub(crate) const CODES: usize = (MAX_PIECES as usize + 1).pow(4);

    /// Every material with exactly `pieces` pieces, both sides included,
    /// one-sided ones too, in a fixed order.
    pub fn all_with(pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        for a in 0..=pieces {
            for b in 0..=pieces - a {
                for c in 0..=pieces - a - b {
                    let d = pieces - a - b - c;
                    if let Some(m) = Material::new(a, b, c, d) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// Every material the databases store (both sides with a piece) with
    /// at most `pieces` pieces, in build order: fewer pieces first, then
    /// fewer men (a crowning turns a man into a king, so the material with
    /// one man fewer must be finished first). A material and its mirror
    /// are built together, so they are adjacent.
    pub fn build_order(pieces: u32) -> Vec<Material> {
        let mut out: Vec<Material> = (2..=pieces.min(MAX_PIECES))
            .flat_map(Material::all_with)
            .filter(|m| !m.is_one_sided())
            .collect();
        out.sort_by_key(|m| {
            let pair = (*m).min(m.mirror());
            (
                m.pieces(),
                m.men(Party::Mover) + m.men(Party::Other),
                pair,
                *m != pair,
            )
        });
        out
    }

    /// Every slice of the material.
    pub fn slices(self) -> impl Iterator<Item = Slice> {
        let leads = |men: u8| 0..if men > 0 { RANKS } else { 1 };
        leads(self.men[0])
            .flat_map(move |a| leads(self.men[1]).map(move |b| Slice::new(self, [a, b])))
    }

    /// The file name the material's table is stored under.
    pub fn file_name(self) -> String {
        format!("{self}.egdb")
    }
}

impl fmt::Display for Material {
    /// `2k1m-1k1m`: the side to move's kings and men, then the other side's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}k{}m-{}k{}m",
            self.kings[0], self.men[0], self.kings[1], self.men[1]
        )
    }
}

/// A material with the rank of each side's most advanced man (0 for a side
/// without men): the unit that has one perfect index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    material: Material,
    leads: [u8; 2],
}

impl Slice {
    pub(crate) const fn new(material: Material, leads: [u8; 2]) -> Slice {
        Slice { material, leads }
    }

    /// The slice's material.
    #[inline]
    pub const fn material(self) -> Material {
        self.material
    }

    /// The rank of the side's most advanced man from its own back row (0-6;
    /// 0 for a side without men).
    #[inline]
    pub const fn lead(self, party: Party) -> u32 {
        self.leads[party.index()] as u32
    }

    /// The same slice seen by the other side.
    #[inline]
    pub const fn mirror(self) -> Slice {
        Slice {
            material: self.material.mirror(),
            leads: [self.leads[1], self.leads[0]],
        }
    }

    /// The slot of the slice in its material's table of slices.
    #[inline]
    pub(crate) const fn slot(self) -> usize {
        self.leads[0] as usize * RANKS as usize + self.leads[1] as usize
    }

    /// How many slots a material's table of slices has.
    pub(crate) const SLOTS: usize = (RANKS as usize) * (RANKS as usize);
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ranks {}/{}",
            self.material, self.leads[0], self.leads[1]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_order_puts_dependencies_first() {
        let order = Material::build_order(5);
        let pos = |m: Material| order.iter().position(|&x| x == m).unwrap();
        for &m in &order {
            assert!(!m.is_one_sided());
            // A crowning of either side's man: one man fewer, one king more.
            for party in [0, 1] {
                if m.men[party] > 0 {
                    let mut crowned = m;
                    crowned.men[party] -= 1;
                    crowned.kings[party] += 1;
                    assert!(pos(crowned) < pos(m), "{crowned} before {m}");
                }
            }
            // The mirror is its neighbour.
            let i = pos(m);
            let j = pos(m.mirror());
            assert!(i.abs_diff(j) <= 1, "{m} and its mirror are adjacent");
        }
        assert_eq!(Material::all_with(2).len(), 10);
    }
}
