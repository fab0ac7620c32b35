//! A slow reference generator written straight from the contract: holes as
//! plain numbers, the board as a `Vec` of cells, geometry recomputed from
//! coordinates on every question, no bit masks and no tables shared with
//! the crate. The fast generator must agree with it.

#![allow(dead_code)]

use parlour_game::Side;
use parlour_pegs::{Hole, PegPosition, PegRules};
use std::sync::Arc;

/// The geometry of one board, worked out from coordinates by the
/// functions below (once per position read, not shared with the crate).
#[derive(Debug)]
pub struct Geo {
    neighbours: Vec<Vec<usize>>,
    lines: Vec<[usize; 3]>,
    pairs: Vec<Vec<(usize, usize)>>,
}

/// What stands in a hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peg {
    pub side: Side,
    pub king: bool,
}

/// The reference position.
#[derive(Clone, Debug)]
pub struct RefPos {
    pub squares: usize,
    pub diagonals: bool,
    pub cells: Vec<Option<Peg>>,
    pub hand: [u32; 2],
    pub reserve: [u32; 2],
    pub side: Side,
    /// Forced holes (0-based) of the side to move.
    pub force: Vec<usize>,
    pub geo: Arc<Geo>,
}

/// A reference move; holes 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: Option<usize>,
    pub to: usize,
    pub king: bool,
    pub remove: Option<usize>,
}

impl std::fmt::Display for RefMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.from {
            None if self.king => write!(f, "K@{}", self.to + 1)?,
            None => write!(f, "@{}", self.to + 1)?,
            Some(from) => write!(f, "{}-{}", from + 1, self.to + 1)?,
        }
        if let Some(r) = self.remove {
            write!(f, "x{}", r + 1)?;
        }
        Ok(())
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Black => Side::White,
        Side::White => Side::Black,
    }
}

impl RefPos {
    /// Reads the fast position through its public accessors only.
    pub fn from_fast(p: &PegPosition) -> RefPos {
        let rules: PegRules = p.rules();
        let n = 8 * rules.squares() as usize;
        let mut cells = vec![None; n];
        for side in [Side::Black, Side::White] {
            for h in p.pegs(side) {
                cells[h.index()] = Some(Peg {
                    side,
                    king: p.king(side) == Some(h),
                });
            }
        }
        let mut pos = RefPos {
            squares: rules.squares() as usize,
            diagonals: rules.diagonals(),
            cells,
            hand: [p.hand(Side::Black) as u32, p.hand(Side::White) as u32],
            reserve: [p.reserve(Side::Black) as u32, p.reserve(Side::White) as u32],
            side: p.side(),
            force: p.forced().iter().map(Hole::index).collect(),
            geo: Arc::new(Geo {
                neighbours: vec![],
                lines: vec![],
                pairs: vec![],
            }),
        };
        let n = pos.n();
        pos.geo = Arc::new(Geo {
            neighbours: (0..n).map(|h| pos.compute_neighbours(h)).collect(),
            lines: pos.compute_lines(),
            pairs: (0..n).map(|h| pos.compute_pairs(h)).collect(),
        });
        pos
    }

    pub fn neighbours(&self, h: usize) -> Vec<usize> {
        self.geo.neighbours[h].clone()
    }

    pub fn lines(&self) -> Vec<[usize; 3]> {
        self.geo.lines.clone()
    }

    pub fn opposite_pairs(&self, x: usize) -> Vec<(usize, usize)> {
        self.geo.pairs[x].clone()
    }

    // ---- geometry, from coordinates ----

    fn n(&self) -> usize {
        8 * self.squares
    }

    fn sp(h: usize) -> (usize, usize) {
        (h / 8, h % 8)
    }

    fn hole(s: usize, p: usize) -> usize {
        8 * s + p % 8
    }

    fn cross_ok(&self, p: usize) -> bool {
        p % 2 == 1 || self.diagonals
    }

    pub fn connected(&self, a: usize, b: usize) -> bool {
        let ((sa, pa), (sb, pb)) = (Self::sp(a), Self::sp(b));
        if sa == sb {
            (pa + 1) % 8 == pb || (pb + 1) % 8 == pa
        } else {
            pa == pb && sa.abs_diff(sb) == 1 && self.cross_ok(pa)
        }
    }

    fn compute_neighbours(&self, h: usize) -> Vec<usize> {
        (0..self.n()).filter(|&g| self.connected(h, g)).collect()
    }

    fn compute_lines(&self) -> Vec<[usize; 3]> {
        let mut lines = Vec::new();
        for s in 0..self.squares {
            for k in 0..4 {
                lines.push([
                    Self::hole(s, 2 * k),
                    Self::hole(s, 2 * k + 1),
                    Self::hole(s, 2 * k + 2),
                ]);
            }
        }
        for s in 0..self.squares {
            for p in 0..8 {
                if s + 2 < self.squares {
                    let l = [Self::hole(s, p), Self::hole(s + 1, p), Self::hole(s + 2, p)];
                    if self.connected(l[0], l[1]) && self.connected(l[1], l[2]) {
                        lines.push(l);
                    }
                }
            }
        }
        lines
    }

    fn compute_pairs(&self, x: usize) -> Vec<(usize, usize)> {
        let (s, p) = Self::sp(x);
        let mut pairs = vec![(Self::hole(s, p + 7), Self::hole(s, p + 1))];
        if s > 0 && s + 1 < self.squares {
            let (a, b) = (Self::hole(s - 1, p), Self::hole(s + 1, p));
            if self.connected(x, a) && self.connected(x, b) {
                pairs.push((a, b));
            }
        }
        pairs
    }

    fn bfs(&self, from: usize) -> Vec<usize> {
        let mut dist = vec![usize::MAX; self.n()];
        dist[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(h) = queue.pop_front() {
            for g in self.neighbours(h) {
                if dist[g] == usize::MAX {
                    dist[g] = dist[h] + 1;
                    queue.push_back(g);
                }
            }
        }
        dist
    }

    // ---- reading the position ----

    fn owner(&self, h: usize) -> Option<Side> {
        self.cells[h].map(|p| p.side)
    }

    fn king_of(&self, side: Side) -> Option<usize> {
        (0..self.n()).find(|&h| self.cells[h] == Some(Peg { side, king: true }))
    }

    /// The pegs blocking `side`'s King (empty if he is not blocked).
    pub fn king_blockers(&self, side: Side) -> Vec<usize> {
        let Some(k) = self.king_of(side) else {
            return vec![];
        };
        if self.neighbours(k).iter().any(|&g| self.cells[g].is_none()) {
            return vec![];
        }
        let mut out = vec![];
        for (a, b) in self.opposite_pairs(k) {
            if self.owner(a) == Some(other(side)) && self.owner(b) == Some(other(side)) {
                out.push(a);
                out.push(b);
            }
        }
        out
    }

    /// Nearest vacant holes for a peg forced out of `h`.
    fn nearest_vacant(&self, h: usize) -> Vec<usize> {
        let (s, p) = Self::sp(h);
        let own: Vec<(usize, usize)> = (0..8)
            .map(|q| Self::hole(s, q))
            .filter(|&g| self.cells[g].is_none())
            .map(|g| {
                let d = (g % 8 + 8 - p) % 8;
                (g, d.min(8 - d))
            })
            .collect();
        let candidates: Vec<(usize, usize)> = if own.is_empty() {
            let dist = self.bfs(h);
            (0..self.n())
                .filter(|&g| self.cells[g].is_none())
                .map(|g| (g, dist[g]))
                .collect()
        } else {
            own
        };
        let best = candidates.iter().map(|c| c.1).min();
        candidates
            .iter()
            .filter(|c| Some(c.1) == best)
            .map(|c| c.0)
            .collect()
    }

    // ---- playing ----

    /// The position after the move, with what its block captures took.
    pub fn after(&self, mv: RefMove) -> (RefPos, Vec<usize>) {
        let me = self.side;
        let them = other(me);
        let mut next = self.clone();
        let mut forced_king = false;
        match mv.from {
            None => {
                next.cells[mv.to] = Some(Peg {
                    side: me,
                    king: mv.king,
                });
                if !mv.king {
                    next.hand[me as usize] -= 1;
                }
            }
            Some(from) => {
                let peg = next.cells[from].take().expect("a peg to move");
                forced_king = peg.king && self.force.contains(&from);
                next.cells[mv.to] = Some(peg);
            }
        }
        // Block captures by the arriving peg.
        let mut captured = vec![];
        for x in 0..self.n() {
            let Some(peg) = next.cells[x] else { continue };
            if peg.side != them || peg.king {
                continue;
            }
            for (a, b) in next.opposite_pairs(x) {
                let jaw = if a == mv.to {
                    b
                } else if b == mv.to {
                    a
                } else {
                    continue;
                };
                if next.owner(jaw) == Some(me) {
                    captured.push(x);
                }
            }
        }
        for &x in &captured {
            next.cells[x] = None;
        }
        if let Some(r) = mv.remove {
            next.cells[r] = None;
        }
        if forced_king && next.reserve[them as usize] > 0 {
            next.reserve[them as usize] -= 1;
            next.cells[mv.from.unwrap()] = Some(Peg {
                side: them,
                king: false,
            });
        }
        // Forces by lines through the arriving peg.
        let mut force = vec![];
        for line in next.lines() {
            if !line.contains(&mv.to) {
                continue;
            }
            for end in [0, 2] {
                let e = line[end];
                let rest: Vec<usize> = line.iter().copied().filter(|&g| g != e).collect();
                if next.owner(e) == Some(them)
                    && rest.iter().all(|&g| next.owner(g) == Some(me))
                    && !force.contains(&e)
                {
                    force.push(e);
                }
            }
        }
        force.sort();
        next.force = force;
        next.side = them;
        captured.sort();
        captured.dedup();
        (next, captured)
    }

    fn makes_line(&self, next: &RefPos, to: usize) -> bool {
        let me = self.side;
        next.lines()
            .iter()
            .any(|l| l.contains(&to) && l.iter().all(|&g| next.owner(g) == Some(me)))
    }

    /// Every legal move.
    pub fn legal(&self) -> Vec<RefMove> {
        let me = self.side;
        let them = other(me);
        let blockers = self.king_blockers(me);
        let phase = || -> Vec<RefMove> {
            let mut v = vec![];
            if self.hand[me as usize] > 0 {
                let king = self.king_of(me).is_none();
                for to in 0..self.n() {
                    if self.cells[to].is_none() {
                        v.push(RefMove {
                            from: None,
                            to,
                            king,
                            remove: None,
                        });
                    }
                }
            } else {
                for from in 0..self.n() {
                    if self.owner(from) != Some(me) {
                        continue;
                    }
                    for to in self.neighbours(from) {
                        if self.cells[to].is_none() {
                            v.push(RefMove {
                                from: Some(from),
                                to,
                                king: false,
                                remove: None,
                            });
                        }
                    }
                }
            }
            v
        };
        let candidates = if !blockers.is_empty() {
            phase()
        } else if !self.force.is_empty() {
            let mut v = vec![];
            for &f in &self.force {
                for to in self.nearest_vacant(f) {
                    v.push(RefMove {
                        from: Some(f),
                        to,
                        king: false,
                        remove: None,
                    });
                }
            }
            v
        } else {
            phase()
        };
        let mut out = vec![];
        for c in candidates {
            let (base, captured) = self.after(c);
            let mut options = vec![c];
            if self.makes_line(&base, c.to) {
                // Adversary ordinary pegs left after the block captures.
                let mut probe = self.clone();
                // Rebuild the board after move and captures, before the
                // reserve peg, to list removable pegs.
                match c.from {
                    None => {
                        probe.cells[c.to] = Some(Peg {
                            side: me,
                            king: c.king,
                        })
                    }
                    Some(f) => {
                        let peg = probe.cells[f].take();
                        probe.cells[c.to] = peg;
                    }
                }
                for &x in &captured {
                    probe.cells[x] = None;
                }
                let removable: Vec<usize> = (0..self.n())
                    .filter(|&g| {
                        probe.cells[g]
                            == Some(Peg {
                                side: them,
                                king: false,
                            })
                    })
                    .collect();
                if !removable.is_empty() {
                    options = removable
                        .into_iter()
                        .map(|r| RefMove {
                            remove: Some(r),
                            ..c
                        })
                        .collect();
                }
            }
            for mv in options {
                let (next, captured) = self.after(mv);
                if !blockers.is_empty() {
                    let took = captured
                        .iter()
                        .chain(mv.remove.iter())
                        .any(|x| blockers.contains(x));
                    if !took {
                        continue;
                    }
                }
                if !next.king_blockers(me).is_empty() {
                    continue;
                }
                out.push(mv);
            }
        }
        out
    }

    /// The legal moves as sorted strings.
    pub fn legal_strings(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    /// Perft, the slow way.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| self.after(m).0.perft(depth - 1))
            .sum()
    }
}
