//! The builder: retrograde analysis, slice by slice in dependency order.
//!
//! A *unit* is a slice together with its mirror (the same slice with the
//! other side to move): moves that stay in the slice go from one to the
//! other, every other move (a capture, a crowning, the most advanced man
//! advancing) leads into a slice that is already finished. A unit is solved
//! in two steps:
//!
//! 1. A forward pass over every position, with `parlour-checkers`' move
//!    generator: the moves that leave the unit are looked up in the
//!    finished tables; one to a lost position decides a win, a draw among
//!    them is remembered (the position can no longer be lost), and the
//!    moves that stay are counted. A position with a capture, or whose
//!    moves all leave, is decided here; so is one without a move (lost).
//! 2. Retrograde propagation, one ply at a time: from each position
//!    decided at ply n, the moves are played backwards (the unit's own
//!    un-move generator); a predecessor of a lost position is won at ply
//!    n+1, and a predecessor of a won position has its count of open moves
//!    lowered, and is lost at ply n+1 when none is left and no draw was
//!    remembered. Each position is touched once per move into it, with an
//!    atomic update, so the passes run on rayon's threads without locks.
//!    What is never decided is a draw.
//!
//! The ply at which a position is decided is its distance to conversion
//! (see [`crate::Plies`]), which the builder keeps for free.
//!
//! Materials are built in [`Material::build_order`]; a material and its
//! mirror form one file each, written atomically once both are finished,
//! and a build that finds a material's files already there loads them
//! (checking them) instead: a killed build resumes at the material it was
//! building.

use crate::board::Board;
use crate::error::EgdbError;
use crate::file;
use crate::index::{Indexer, Walk};
use crate::material::{Material, Party, Slice};
use crate::packed::Packed;
use crate::tables::{Plies, SliceTable, Tables};
use crate::unmove::predecessors;
use crate::wdl::Wdl;
use parlour_checkers::ActionList;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};
use std::time::Instant;

/// The conversion distances stored: those of at least this many plies.
/// A search finds shorter conversions by itself; the long ones (where a
/// win-only table leaves a program shuffling) are what it needs told.
pub const DISTANCE_THRESHOLD: Plies = Plies(20);

// The state of a position while its unit is solved, one byte: undecided
// with the number of its moves that stay in the unit still undecided (5
// bits) and whether a move out of the unit draws; or decided.
const COUNT: u8 = 0x1F;
const ESCAPE: u8 = 0x20;
const WIN: u8 = 0x40;
const LOSS: u8 = 0x41;
const DRAW: u8 = 0x42;

/// What a build reports as it goes; every method has a default that does
/// nothing. Called from the builder's worker threads.
pub trait Progress: Sync {
    /// The job starts: its work in all, and how much is already done (a
    /// build counts each position twice, a verification once).
    fn begin(&self, _total: u64, _done: u64) {}
    /// A material (with its mirror) starts: its name and its work, in
    /// positions (each position counts twice: the forward pass, then when
    /// it is decided or found drawn).
    fn material_begin(&self, _name: &str, _work: u64) {}
    /// Some work done on the current material.
    fn advance(&self, _work: u64) {}
    /// A material is finished (built or loaded).
    fn material_end(&self, _report: &MaterialReport) {}
}

/// A [`Progress`] that shows nothing.
pub struct Quiet;

impl Progress for Quiet {}

/// What was built or loaded for a material and its mirror.
#[derive(Clone, Debug)]
pub struct MaterialReport {
    /// The material and, if different, its mirror.
    pub materials: Vec<Material>,
    /// Positions stored.
    pub positions: u64,
    /// Won, lost and drawn positions for the side to move.
    pub wins: u64,
    /// Lost positions.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
    /// The longest conversion distance.
    pub max_distance: Plies,
    /// Whether the files were there already (loaded and checked, not built).
    pub loaded: bool,
    /// Seconds taken.
    pub seconds: f64,
}

/// What a whole build did.
#[derive(Clone, Debug, Default)]
pub struct BuildSummary {
    /// One report per material pair, in build order.
    pub materials: Vec<MaterialReport>,
}

/// Builds every slice with up to `pieces` pieces into `dir` (created if
/// need be), resuming after the last finished material.
pub fn build(dir: &Path, pieces: u32, progress: &dyn Progress) -> Result<BuildSummary, EgdbError> {
    std::fs::create_dir_all(dir).map_err(|source| EgdbError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let pairs = pairs(pieces);
    let size = |m: Material| -> u64 { m.slices().map(|s| Indexer::new(s).size()).sum() };
    let pair_size = |p: &[Material]| p.iter().map(|&m| size(m)).sum::<u64>();
    let exists = |p: &[Material]| p.iter().all(|&m| file::path(dir, m).exists());
    let total: u64 = pairs.iter().map(|p| pair_size(p)).sum();
    let done: u64 = pairs
        .iter()
        .filter(|p| exists(p))
        .map(|p| pair_size(p))
        .sum();
    progress.begin(2 * total, 2 * done);
    let mut tables = Tables::default();
    let mut summary = BuildSummary::default();
    for pair in &pairs {
        let start = Instant::now();
        let name = pair
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" + ");
        let loaded = exists(pair);
        if loaded {
            for &m in pair {
                for t in file::read(dir, m)? {
                    tables.insert(t);
                }
            }
        } else {
            progress.material_begin(&name, 2 * pair_size(pair));
            build_pair(pair[0], &mut tables, progress);
            for &m in pair {
                let slices: Vec<&SliceTable> = m
                    .slices()
                    .map(|s| tables.slice(s).expect("just built"))
                    .collect();
                file::write(dir, m, &slices, DISTANCE_THRESHOLD)?;
            }
        }
        let mut report = MaterialReport {
            materials: pair.clone(),
            positions: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            max_distance: Plies(0),
            loaded,
            seconds: 0.0,
        };
        for &m in pair {
            for s in m.slices() {
                let t = tables.slice(s).expect("built or loaded");
                let (w, l, d) = count_values(&t.values);
                report.positions += t.values.len();
                report.wins += w;
                report.losses += l;
                report.draws += d;
                report.max_distance = report.max_distance.max(t.max_dtc);
            }
        }
        report.seconds = start.elapsed().as_secs_f64();
        progress.material_end(&report);
        summary.materials.push(report);
    }
    file::record_built(dir, pieces)?;
    Ok(summary)
}

/// The materials up to `pieces` pieces in build order, a material with its
/// mirror.
pub(crate) fn pairs(pieces: u32) -> Vec<Vec<Material>> {
    let mut out: Vec<Vec<Material>> = Vec::new();
    for m in Material::build_order(pieces) {
        match out.last_mut() {
            Some(last) if last[0] == m.mirror() => last.push(m),
            _ => out.push(vec![m]),
        }
    }
    out
}

/// Wins, losses and draws in a table, a word at a time: a win has the
/// high bit of its two set, a draw the low one, a loss (and the padding
/// after the last value) neither.
fn count_values(p: &Packed) -> (u64, u64, u64) {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let (w, d) = p.words().iter().fold((0, 0), |(w, d), &x| {
        (
            w + (x & (LOW << 1)).count_ones() as u64,
            d + (x & LOW).count_ones() as u64,
        )
    });
    (w, p.len() - w - d, d)
}

/// Solves every slice of `material` and its mirror, highest ranks first.
fn build_pair(material: Material, tables: &mut Tables, progress: &dyn Progress) {
    let mut units: Vec<Slice> = material
        .slices()
        .filter(|s| material != material.mirror() || *s <= s.mirror())
        .collect();
    // A man advancing raises one rank: units with a higher sum first.
    units.sort_by_key(|s| std::cmp::Reverse(s.lead(Party::Mover) + s.lead(Party::Other)));
    for slice in units {
        for t in solve(slice, tables, progress) {
            tables.insert(t);
        }
    }
}

/// A slice and its mirror, indexed one after the other.
struct Unit {
    parts: Vec<Indexer>,
    /// Where the second part starts.
    split: u64,
}

impl Unit {
    fn new(slice: Slice) -> Unit {
        let mut parts = vec![Indexer::new(slice)];
        if slice.mirror() != slice {
            parts.push(Indexer::new(slice.mirror()));
        }
        let split = parts[0].size();
        Unit { parts, split }
    }

    fn size(&self) -> u64 {
        self.parts.iter().map(Indexer::size).sum()
    }

    #[inline]
    fn locate(&self, u: u64) -> (usize, u64) {
        if u < self.split {
            (0, u)
        } else {
            (1, u - self.split)
        }
    }

    /// The part a move from `part` stays in.
    #[inline]
    fn partner(&self, part: usize) -> usize {
        if self.parts.len() == 2 {
            1 - part
        } else {
            0
        }
    }

    #[inline]
    fn base(&self, part: usize) -> u64 {
        if part == 0 {
            0
        } else {
            self.split
        }
    }
}

/// Positions handed to a worker at once.
const CHUNK: u64 = 4096;

/// A decided position waiting to be propagated: its place in the unit,
/// whether it is won, and its board (kept, so that propagation never
/// unranks nor reads the position's state again).
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The place, with [`WON`] set for a won position.
    u: u32,
    board: Board,
}

/// The bit of [`Node::u`] marking a won position.
const WON: u32 = 1 << 31;

impl Node {
    #[inline]
    fn new(u: u64, won: bool, board: Board) -> Node {
        Node {
            u: u as u32 | if won { WON } else { 0 },
            board,
        }
    }

    #[inline]
    fn place(&self) -> u64 {
        (self.u & !WON) as u64
    }

    #[inline]
    fn won(&self) -> bool {
        self.u & WON != 0
    }
}

/// Solves one unit; its tables (the slice's, then its mirror's).
fn solve(slice: Slice, tables: &Tables, progress: &dyn Progress) -> Vec<SliceTable> {
    let unit = Unit::new(slice);
    let n = unit.size();
    assert!(
        n < WON as u64,
        "slice {slice} is too large for the builder's u32 lists"
    );
    let solving = Solving {
        states: (0..n).map(|_| AtomicU8::new(0)).collect(),
        depth: (0..n).map(|_| AtomicU16::new(0)).collect(),
    };
    let seeds = solving.forward_pass(&unit, tables, progress);
    solving.propagate(&unit, seeds, progress);
    solving.tables(unit, progress)
}

/// The state and the ply of decision of every position of a unit, while
/// it is solved.
struct Solving {
    states: Vec<AtomicU8>,
    depth: Vec<AtomicU16>,
}

/// The positions the forward pass decides, which seed the propagation.
#[derive(Default)]
struct Seeds {
    /// Lost without a move: decided at ply 0.
    at_zero: Vec<Node>,
    /// Decided by their moves out of the unit: at ply 1.
    at_one: Vec<Node>,
}

/// The table of one part of a unit, and how many of its positions are
/// drawn.
struct PartTable {
    table: SliceTable,
    draws: u64,
}

/// What one chunk of a part's words holds, for its table.
struct Piece {
    draws: u64,
    max_dtc: u16,
    long_index: Vec<u32>,
    long_dtc: Vec<u16>,
}

impl Solving {
    /// Step 1: the forward pass, each part in chunks walked index by index.
    fn forward_pass(&self, unit: &Unit, tables: &Tables, progress: &dyn Progress) -> Seeds {
        let jobs: Vec<(usize, u64)> = (0..unit.parts.len())
            .flat_map(|part| (0..unit.parts[part].size().div_ceil(CHUNK)).map(move |c| (part, c)))
            .collect();
        let chunks: Vec<Seeds> = jobs
            .into_par_iter()
            .map(|(part, c)| {
                let end = ((c + 1) * CHUNK).min(unit.parts[part].size());
                let seeds = self.forward_chunk(unit, part, c * CHUNK..end, tables);
                progress.advance(end - c * CHUNK);
                seeds
            })
            .collect();
        Seeds {
            at_zero: chunks
                .iter()
                .flat_map(|s| s.at_zero.iter().copied())
                .collect(),
            at_one: chunks
                .iter()
                .flat_map(|s| s.at_one.iter().copied())
                .collect(),
        }
    }

    /// The forward pass over the positions `range` of `part`.
    fn forward_chunk(
        &self,
        unit: &Unit,
        part: usize,
        range: std::ops::Range<u64>,
        tables: &Tables,
    ) -> Seeds {
        let mut list = ActionList::new();
        let mut seeds = Seeds::default();
        let mut walk = Walk::new(&unit.parts[part], range.start);
        for i in range.clone() {
            let board = walk.board();
            if i + 1 < range.end {
                walk.advance();
            }
            let u = unit.base(part) + i;
            let state = forward(unit, part, &board, tables, &mut list);
            self.states[u as usize].store(state, Ordering::Relaxed);
            if state == WIN || state == LOSS {
                let node = Node::new(u, state == WIN, board);
                if list.is_empty() {
                    seeds.at_zero.push(node);
                } else {
                    self.depth[u as usize].store(1, Ordering::Relaxed);
                    seeds.at_one.push(node);
                }
            }
        }
        seeds
    }

    /// Step 2: propagation, ply by ply.
    fn propagate(&self, unit: &Unit, seeds: Seeds, progress: &dyn Progress) {
        let mut frontier = seeds.at_zero;
        progress.advance(frontier.len() as u64);
        let mut ply: u16 = 0;
        loop {
            let mut next: Vec<Node> = frontier
                .par_chunks(1024)
                .flat_map_iter(|chunk| {
                    let mut out = Vec::new();
                    for q in chunk {
                        expand(unit, q, ply + 1, &self.states, &self.depth, &mut out);
                    }
                    out
                })
                .collect();
            if ply == 0 {
                next.extend_from_slice(&seeds.at_one);
            }
            progress.advance(next.len() as u64);
            if next.is_empty() {
                break;
            }
            frontier = next;
            ply += 1;
        }
    }

    /// The unit's tables: what is undecided is drawn.
    fn tables(&self, unit: Unit, progress: &dyn Progress) -> Vec<SliceTable> {
        let mut out = Vec::with_capacity(unit.parts.len());
        let mut draws = 0;
        for (part, indexer) in unit.parts.into_iter().enumerate() {
            let base = if part == 0 { 0 } else { unit.split };
            let part = self.table(indexer, base);
            out.push(part.table);
            draws += part.draws;
        }
        progress.advance(draws);
        out
    }

    /// The table of the part `indexer` whose positions start at `base`
    /// in the unit. Words of 32 values are filled in parallel, each chunk
    /// with its own list of long distances.
    fn table(&self, indexer: Indexer, base: u64) -> PartTable {
        const WORDS: usize = 1024;
        let len = indexer.size();
        let mut words = vec![0u64; len.div_ceil(32) as usize];
        let pieces: Vec<Piece> = words
            .par_chunks_mut(WORDS)
            .enumerate()
            .map(|(c, chunk)| self.fill(chunk, base, (c * WORDS * 32) as u64, len))
            .collect();
        let (mut draws, mut max_dtc) = (0, 0);
        let (mut long_index, mut long_dtc) = (Vec::new(), Vec::new());
        for piece in pieces {
            draws += piece.draws;
            max_dtc = max_dtc.max(piece.max_dtc);
            long_index.extend(piece.long_index);
            long_dtc.extend(piece.long_dtc);
        }
        let table = SliceTable {
            indexer,
            values: Packed::from_words(words, len),
            max_dtc: Plies(max_dtc),
            long_index,
            long_dtc,
        };
        PartTable { table, draws }
    }

    /// Fills `chunk`, the words of the part's indices from `first` (of
    /// `len`), with their values.
    fn fill(&self, chunk: &mut [u64], base: u64, first: u64, len: u64) -> Piece {
        let mut piece = Piece {
            draws: 0,
            max_dtc: 0,
            long_index: Vec::new(),
            long_dtc: Vec::new(),
        };
        for (w, word) in chunk.iter_mut().enumerate() {
            for bit in 0..32u64 {
                let i = first + 32 * w as u64 + bit;
                if i >= len {
                    break;
                }
                let u = (base + i) as usize;
                let v = match self.states[u].load(Ordering::Relaxed) {
                    WIN => Wdl::Win,
                    LOSS => Wdl::Loss,
                    _ => {
                        piece.draws += 1;
                        Wdl::Draw
                    }
                };
                *word |= (v.code() as u64) << (2 * bit);
                if v != Wdl::Draw {
                    let d = self.depth[u].load(Ordering::Relaxed);
                    piece.max_dtc = piece.max_dtc.max(d);
                    if d >= DISTANCE_THRESHOLD.0 {
                        piece.long_index.push(i as u32);
                        piece.long_dtc.push(d);
                    }
                }
            }
        }
        piece
    }
}

/// The forward pass of one position of `part`: its state.
#[inline]
fn forward(unit: &Unit, part: usize, board: &Board, tables: &Tables, list: &mut ActionList) -> u8 {
    let pos = board.to_position();
    pos.actions(list);
    if list.is_empty() {
        return LOSS;
    }
    let stay = Some(unit.parts[unit.partner(part)].slice());
    let mut count = 0u8;
    let mut escape = false;
    for &action in list.iter() {
        let next = Board::from_position(&pos.play(action));
        if next.slice() == stay {
            count += 1;
            continue;
        }
        match tables.value_after(&next) {
            Wdl::Loss => return WIN,
            Wdl::Draw => escape = true,
            Wdl::Win => {}
        }
    }
    debug_assert!(count <= COUNT);
    match (count, escape) {
        (0, true) => DRAW,
        (0, false) => LOSS,
        (c, e) => c | if e { ESCAPE } else { 0 },
    }
}

/// Propagates the decided position `q` to its predecessors in the unit;
/// those it decides (at `ply`) go to `out`.
#[inline]
fn expand(
    unit: &Unit,
    q: &Node,
    ply: u16,
    states: &[AtomicU8],
    depth: &[AtomicU16],
    out: &mut Vec<Node>,
) {
    let won = q.won();
    let (part, _) = unit.locate(q.place());
    let other = unit.partner(part);
    let indexer = &unit.parts[other];
    let base = unit.base(other);
    predecessors(&q.board, |p| {
        let u = (base + indexer.rank(&p)) as usize;
        let cell = &states[u];
        let decided = if won {
            // One more of its moves leads to a win for the opponent.
            match cell.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                if s >= WIN {
                    None
                } else if s & COUNT == 1 && s & ESCAPE == 0 {
                    Some(LOSS)
                } else {
                    Some(s - 1)
                }
            }) {
                Ok(old) => old & COUNT == 1 && old & ESCAPE == 0,
                Err(_) => false,
            }
        } else {
            // A move to a lost position: a win.
            cell.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                (s < WIN).then_some(WIN)
            })
            .is_ok()
        };
        if decided {
            depth[u].store(ply, Ordering::Relaxed);
            out.push(Node::new(u as u64, !won, p));
        }
    });
}
