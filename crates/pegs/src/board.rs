//! The board generator: from `squares` and `diagonals`, every table move
//! generation reads (neighbours, lines, opposite pairs, rings, distances),
//! computed once per board and interned, so a position holds a
//! `&'static Board` and nothing on the move path walks geometry again.
//!
//! Square s = 0 is the outermost; point p = 0-7 runs clockwise from the
//! top-left corner; hole number n = 8s + p + 1.

use crate::hole::{bits, Hole, HoleSet, MAX_HOLES};
use std::sync::OnceLock;

/// The fewest concentric squares a board may have.
pub const MIN_SQUARES: u8 = 2;
/// The most concentric squares a board may have.
pub const MAX_SQUARES: u8 = 6;

/// The most straight lines through one hole: two sides of its square (a
/// corner) or one (a middle), and up to three lines across squares (as the
/// first, middle or last hole).
pub(crate) const MAX_LINES_THROUGH: usize = 5;

/// A bit no hole has: the padding of absent pairs and lines, so that a
/// "both holes are mine" test fails on them without a separate count.
pub(crate) const PAD: u64 = 1 << 63;

/// A line through a hole, seen from that hole.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineAt {
    /// The line's two other holes ([`PAD`] for an absent line).
    pub others: u64,
    /// Those of the other holes at an end of the line: where an adversary
    /// peg is forced when this hole's peg arrives (a peg in the middle is
    /// blocked, not forced).
    pub ends: u64,
}

const NO_LINE: LineAt = LineAt {
    others: PAD,
    ends: 0,
};

/// A whole line as masks, for reading a position line by line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineMask {
    /// The line's three holes.
    pub all: u64,
    /// Its two end holes.
    pub ends: u64,
    /// The bit indices of its three holes, ascending.
    pub holes: [u8; 3],
}

/// A generated board: the tables of one (`squares`, `diagonals`).
#[derive(Debug)]
pub struct Board {
    squares: u8,
    diagonals: bool,
    all: u64,
    neighbours: [u64; MAX_HOLES],
    /// `pairs[x]`: the opposite pairs of x, two holes each ([`PAD`] if absent).
    pairs: [[u64; 2]; MAX_HOLES],
    /// `jaws[a]`: (x, b) for every hole x that a peg arriving in a blocks
    /// together with a peg in b (0, 0 if absent).
    jaws: [[(u64, u64); 4]; MAX_HOLES],
    lines: Vec<[Hole; 3]>,
    line_masks: Vec<LineMask>,
    lines_through: [[LineAt; MAX_LINES_THROUGH]; MAX_HOLES],
    /// `ring[h][d]`: the holes of h's square d steps round it (d = 1-4).
    ring: [[u64; 5]; MAX_HOLES],
    distance: [[u8; MAX_HOLES]; MAX_HOLES],
    /// `shells[h][d]`: the holes d connections from h.
    shells: [[u64; MAX_HOLES]; MAX_HOLES],
}

static BOARDS: [OnceLock<Board>; 2 * (MAX_SQUARES - MIN_SQUARES + 1) as usize] =
    [const { OnceLock::new() }; 2 * (MAX_SQUARES - MIN_SQUARES + 1) as usize];

impl Board {
    /// The board of `squares` (2-6) concentric squares, with or without
    /// diagonal connections at the corners; generated on first use, then
    /// shared. Panics if `squares` is out of range.
    pub fn get(squares: u8, diagonals: bool) -> &'static Board {
        assert!(
            (MIN_SQUARES..=MAX_SQUARES).contains(&squares),
            "a board has {MIN_SQUARES} to {MAX_SQUARES} squares, not {squares}"
        );
        let slot = 2 * (squares - MIN_SQUARES) as usize + diagonals as usize;
        BOARDS[slot].get_or_init(|| Board::generate(squares, diagonals))
    }

    fn generate(squares: u8, diagonals: bool) -> Board {
        let n = 8 * squares as usize;
        let links = Links::of(squares as usize, diagonals);
        let lines = straight_lines(squares as usize, diagonals);
        let reach = Reach::of(n, &links.neighbours);
        Board {
            squares,
            diagonals,
            all: (1u64 << n) - 1,
            neighbours: links.neighbours,
            jaws: jaws(&links.pairs, n),
            pairs: links.pairs,
            line_masks: lines.iter().map(LineMask::of).collect(),
            lines_through: lines_through(&lines),
            lines,
            ring: links.ring,
            distance: reach.distance,
            shells: reach.shells,
        }
    }

    /// The number of concentric squares.
    pub fn squares(&self) -> u8 {
        self.squares
    }

    /// Whether corners are connected across squares.
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// The number of holes, 8 per square.
    pub fn hole_count(&self) -> usize {
        8 * self.squares as usize
    }

    /// Every hole of the board.
    pub fn holes(&self) -> HoleSet {
        HoleSet(self.all)
    }

    /// The holes connected to `hole`.
    pub fn neighbours(&self, hole: Hole) -> HoleSet {
        HoleSet(self.neighbours[hole.index()])
    }

    /// The opposite pairs of `hole`: along its square, then across squares
    /// where it has one.
    pub fn opposite_pairs(&self, hole: Hole) -> impl Iterator<Item = (Hole, Hole)> + '_ {
        self.pairs[hole.index()]
            .iter()
            .filter(|&&p| p != PAD)
            .map(|&p| {
                let mut h = HoleSet(p).iter();
                (h.next().expect("two holes"), h.next().expect("two holes"))
            })
    }

    /// Every straight line of three holes, each listed in order along the
    /// line, the table sorted.
    pub fn lines(&self) -> &[[Hole; 3]] {
        &self.lines
    }

    /// The number of connections on a shortest path between two holes.
    pub fn distance(&self, a: Hole, b: Hole) -> u32 {
        self.distance[a.index()][b.index()] as u32
    }

    /// The holes of `hole`'s own square.
    pub fn square_holes(&self, hole: Hole) -> HoleSet {
        HoleSet(0xFF << (8 * hole.square()))
    }

    #[inline(always)]
    pub(crate) fn all_bits(&self) -> u64 {
        self.all
    }

    #[inline(always)]
    pub(crate) fn nb(&self, h: usize) -> u64 {
        self.neighbours[h]
    }

    #[inline(always)]
    pub(crate) fn pair_masks(&self, h: usize) -> &[u64; 2] {
        &self.pairs[h]
    }

    #[inline(always)]
    pub(crate) fn jaws_at(&self, h: usize) -> &[(u64, u64); 4] {
        &self.jaws[h]
    }

    #[inline(always)]
    pub(crate) fn line_masks(&self) -> &[LineMask] {
        &self.line_masks
    }

    #[inline(always)]
    pub(crate) fn lines_at(&self, h: usize) -> &[LineAt; MAX_LINES_THROUGH] {
        &self.lines_through[h]
    }

    /// The vacant holes nearest `h` for a forced peg there: on its own
    /// square by distance round it, else on any square by connections.
    #[inline]
    pub(crate) fn nearest_vacant(&self, h: usize, vacant: u64) -> u64 {
        for d in 1..5 {
            let found = self.ring[h][d] & vacant;
            if found != 0 {
                return found;
            }
        }
        for shell in &self.shells[h][1..] {
            if *shell == 0 {
                break;
            }
            let found = shell & vacant;
            if found != 0 {
                return found;
            }
        }
        0
    }
}

/// The hole bit of point `p` (taken round the square) of square `s`.
fn bit(s: usize, p: usize) -> u64 {
    1u64 << (8 * s + p % 8)
}

/// Whether point `p` is connected across squares: mid-sides always,
/// corners only with diagonals.
fn across(p: usize, diagonals: bool) -> bool {
    p % 2 == 1 || diagonals
}

/// Each hole's neighbours, opposite pairs and ring round its square.
struct Links {
    neighbours: [u64; MAX_HOLES],
    pairs: [[u64; 2]; MAX_HOLES],
    ring: [[u64; 5]; MAX_HOLES],
}

impl Links {
    fn of(squares: usize, diagonals: bool) -> Links {
        let mut links = Links {
            neighbours: [0u64; MAX_HOLES],
            pairs: [[PAD; 2]; MAX_HOLES],
            ring: [[0u64; 5]; MAX_HOLES],
        };
        for s in 0..squares {
            for p in 0..8 {
                let h = 8 * s + p;
                links.neighbours[h] |= bit(s, p + 1) | bit(s, p + 7);
                if across(p, diagonals) {
                    if s > 0 {
                        links.neighbours[h] |= bit(s - 1, p);
                    }
                    if s + 1 < squares {
                        links.neighbours[h] |= bit(s + 1, p);
                    }
                }
                links.pairs[h][0] = bit(s, p + 7) | bit(s, p + 1);
                if across(p, diagonals) && s > 0 && s + 1 < squares {
                    links.pairs[h][1] = bit(s - 1, p) | bit(s + 1, p);
                }
                for (d, r) in links.ring[h].iter_mut().enumerate().skip(1) {
                    *r = bit(s, p + d) | bit(s, p + 8 - d);
                }
            }
        }
        links
    }
}

/// For each hole a peg arrives in, the (blocked hole, other jaw) pairs
/// of the opposite `pairs` it completes.
fn jaws(pairs: &[[u64; 2]; MAX_HOLES], holes: usize) -> [[(u64, u64); 4]; MAX_HOLES] {
    let mut jaws = [[(0u64, 0u64); 4]; MAX_HOLES];
    let mut count = [0usize; MAX_HOLES];
    for (x, holes) in pairs.iter().enumerate().take(holes) {
        for &pair in holes {
            if pair == PAD {
                continue;
            }
            let a = pair.trailing_zeros() as usize;
            let b = 63 - pair.leading_zeros() as usize;
            for (arrive, other) in [(a, b), (b, a)] {
                jaws[arrive][count[arrive]] = (1 << x, 1 << other);
                count[arrive] += 1;
            }
        }
    }
    jaws
}

/// Every straight line of three holes, sorted: the sides of each square,
/// and the lines across three squares.
fn straight_lines(squares: usize, diagonals: bool) -> Vec<[Hole; 3]> {
    let mut lines = Vec::new();
    for s in 0..squares {
        for k in 0..4 {
            lines.push([
                Hole::at(s, 2 * k),
                Hole::at(s, 2 * k + 1),
                Hole::at(s, 2 * k + 2),
            ]);
        }
    }
    for s in 0..squares.saturating_sub(2) {
        for p in (0..8).filter(|&p| across(p, diagonals)) {
            lines.push([Hole::at(s, p), Hole::at(s + 1, p), Hole::at(s + 2, p)]);
        }
    }
    lines.sort();
    lines
}

impl LineMask {
    fn of(line: &[Hole; 3]) -> LineMask {
        let mut holes = line.map(|h| h.index() as u8);
        holes.sort_unstable();
        LineMask {
            all: line[0].set().0 | line[1].set().0 | line[2].set().0,
            ends: line[0].set().0 | line[2].set().0,
            holes,
        }
    }
}

/// Each hole's lines, seen from it.
fn lines_through(lines: &[[Hole; 3]]) -> [[LineAt; MAX_LINES_THROUGH]; MAX_HOLES] {
    let mut through = [[NO_LINE; MAX_LINES_THROUGH]; MAX_HOLES];
    let mut count = [0usize; MAX_HOLES];
    for line in lines {
        let ends = line[0].set().0 | line[2].set().0;
        for h in line {
            let others = line
                .iter()
                .filter(|o| *o != h)
                .fold(0, |m, o| m | o.set().0);
            let i = h.index();
            through[i][count[i]] = LineAt {
                others,
                ends: others & ends,
            };
            count[i] += 1;
        }
    }
    through
}

/// How far apart holes are, by a breadth-first walk over the connections.
struct Reach {
    /// `distance[a][b]`: connections from a to b.
    distance: [[u8; MAX_HOLES]; MAX_HOLES],
    /// `shells[h][d]`: the holes d connections from h.
    shells: [[u64; MAX_HOLES]; MAX_HOLES],
}

impl Reach {
    fn of(holes: usize, neighbours: &[u64; MAX_HOLES]) -> Reach {
        let mut reach = Reach {
            distance: [[u8::MAX; MAX_HOLES]; MAX_HOLES],
            shells: [[0u64; MAX_HOLES]; MAX_HOLES],
        };
        for from in 0..holes {
            let mut seen = 1u64 << from;
            let mut frontier = seen;
            let mut d = 0;
            while frontier != 0 {
                reach.shells[from][d] = frontier;
                for h in bits(frontier) {
                    reach.distance[from][h] = d as u8;
                }
                let next = bits(frontier).fold(0, |m, h| m | neighbours[h]) & !seen;
                seen |= next;
                frontier = next;
                d += 1;
            }
        }
        reach
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u32) -> Hole {
        Hole::from_number(n).unwrap()
    }

    #[test]
    fn the_seed_board_has_the_seed_neighbours() {
        let b = Board::get(3, true);
        assert_eq!(b.hole_count(), 24);
        assert_eq!(b.lines().len(), 20);
        assert!(b.neighbours(h(9)).contains(h(1)));
        assert!(b.neighbours(h(9)).contains(h(17)));
        assert!(b.neighbours(h(24)).contains(h(16)));
        assert!(b.neighbours(h(2)).contains(h(10)));
    }

    #[test]
    fn boards_are_interned() {
        assert!(std::ptr::eq(Board::get(4, false), Board::get(4, false)));
    }
}
