//! Tables in memory: every finished slice's values, found by material and
//! ranks, shared by the builder (finished slices its moves lead into) and
//! the probe.

use crate::board::Board;
use crate::index::Indexer;
use crate::material::{Material, Slice};
use crate::packed::Packed;
use crate::wdl::Wdl;

/// Plies to conversion: how many plies, with the winner hurrying and the
/// loser holding out, until the game leaves the position's slice (a
/// capture, a crowning, or a man advancing past the most advanced one),
/// every such step being irreversible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Plies(pub u16);

/// One slice's values, with its index.
#[derive(Debug)]
pub(crate) struct SliceTable {
    pub indexer: Indexer,
    pub values: Packed,
    /// The largest conversion distance in the slice.
    pub max_dtc: Plies,
    /// Indices (ascending) of the won and lost positions whose conversion
    /// distance is at least the file's threshold, and those distances.
    pub long_index: Vec<u32>,
    pub long_dtc: Vec<u16>,
}

impl SliceTable {
    /// The stored conversion distance of the position with index `i`, if
    /// it is at or above the threshold.
    pub fn long_distance(&self, i: u64) -> Option<Plies> {
        let i = u32::try_from(i).ok()?;
        self.long_index
            .binary_search(&i)
            .ok()
            .map(|k| Plies(self.long_dtc[k]))
    }
}

/// A material's slices.
#[derive(Debug, Default)]
pub(crate) struct MaterialTable {
    pub slices: Vec<Option<SliceTable>>,
}

/// Every table loaded or built, by material code then slice slot.
#[derive(Debug)]
pub(crate) struct Tables {
    materials: Vec<Option<Box<MaterialTable>>>,
}

impl Default for Tables {
    fn default() -> Self {
        Tables {
            materials: (0..Material::CODES).map(|_| None).collect(),
        }
    }
}

impl Tables {
    /// Adds a finished slice.
    pub fn insert(&mut self, table: SliceTable) {
        let slice = table.indexer.slice();
        let m = self.materials[slice.material().code()].get_or_insert_with(|| {
            Box::new(MaterialTable {
                slices: (0..Slice::SLOTS).map(|_| None).collect(),
            })
        });
        m.slices[slice.slot()] = Some(table);
    }

    /// The table of a slice, if it is finished.
    #[inline]
    pub fn slice(&self, slice: Slice) -> Option<&SliceTable> {
        self.materials[slice.material().code()].as_ref()?.slices[slice.slot()].as_ref()
    }

    /// The table and index of a board, if its slice is here.
    #[inline]
    pub fn locate(&self, b: &Board) -> Option<(&SliceTable, u64)> {
        let t = self.slice(b.slice()?)?;
        Some((t, t.indexer.rank(b)))
    }

    /// The value of a board whose side to move has a piece, if its slice
    /// is here.
    #[inline]
    pub fn value(&self, b: &Board) -> Option<Wdl> {
        let (t, i) = self.locate(b)?;
        t.values.get(i)
    }

    /// The value of a board reached by a move: a side to move without
    /// pieces has lost; otherwise the stored value, which the build order
    /// guarantees is there.
    #[inline]
    pub fn value_after(&self, b: &Board) -> Wdl {
        if b.mover == 0 {
            return Wdl::Loss;
        }
        match self.value(b) {
            Some(v) => v,
            None => panic!(
                "the slice {} is needed before it was built or loaded",
                b.slice().map_or("?".to_string(), |s| s.to_string())
            ),
        }
    }
}
