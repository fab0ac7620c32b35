//! The board for people: a drawing of the concentric squares with hole
//! numbers, and the generated tables (neighbours, opposite pairs, lines) as
//! text. `parlour board` prints these.

use crate::board::Board;
use crate::hole::Hole;
use std::fmt::Write;

/// Columns per lattice step (room for a two-digit number and a link).
const XW: usize = 6;
/// Rows per lattice step.
const YH: usize = 2;

/// Where hole `h` sits on the lattice: square s spans s..=2S-s both ways.
fn lattice(board: &Board, h: Hole) -> (usize, usize) {
    let size = board.squares() as usize;
    let (lo, mid, hi) = (h.square(), size, 2 * size - h.square());
    match h.point() {
        0 => (lo, lo),
        1 => (mid, lo),
        2 => (hi, lo),
        3 => (hi, mid),
        4 => (hi, hi),
        5 => (mid, hi),
        6 => (lo, hi),
        _ => (lo, mid),
    }
}

/// The board drawn with its hole numbers: squares as boxes of `-` and `|`,
/// connections across squares as `-`, `|`, `\` and `/`.
pub fn board_diagram(board: &Board) -> String {
    let size = board.squares() as usize;
    let width = 2 * size * XW + 2;
    let height = 2 * size * YH + 1;
    let mut grid = vec![vec![b' '; width]; height];
    let at = |h: Hole| {
        let (x, y) = lattice(board, h);
        (x * XW, y * YH)
    };
    for h in board.holes() {
        for g in board.neighbours(h).iter().filter(|&g| g > h) {
            let ((c1, r1), (c2, r2)) = (at(h), at(g));
            if r1 == r2 {
                for cell in &mut grid[r1][c1.min(c2) + 3..c1.max(c2) - 1] {
                    *cell = b'-';
                }
            } else if c1 == c2 {
                for row in &mut grid[r1.min(r2) + 1..r1.max(r2)] {
                    row[c1 + 1] = b'|';
                }
            } else {
                let falling = (c1 < c2) == (r1 < r2);
                grid[(r1 + r2) / 2][(c1 + c2) / 2 + 1] = if falling { b'\\' } else { b'/' };
            }
        }
    }
    for h in board.holes() {
        let (c, r) = at(h);
        let label = format!("{:>2}", h.number());
        grid[r][c..c + 2].copy_from_slice(label.as_bytes());
    }
    let mut out = String::new();
    for row in grid {
        let line = String::from_utf8(row).expect("ASCII");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The generated tables: per hole its square, neighbours and opposite
/// pairs; then every line of three.
pub fn board_tables(board: &Board) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} squares, diagonals {}, {} holes, {} lines",
        board.squares(),
        if board.diagonals() { "on" } else { "off" },
        board.hole_count(),
        board.lines().len()
    );
    let _ = writeln!(out, "hole square neighbours      opposite pairs");
    for h in board.holes() {
        let neighbours: Vec<String> = board.neighbours(h).iter().map(|g| g.to_string()).collect();
        let pairs: Vec<String> = board
            .opposite_pairs(h)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let _ = writeln!(
            out,
            "{:>4} {:>6} {:<15} {}",
            h.number(),
            h.square(),
            neighbours.join(" "),
            pairs.join(" ")
        );
    }
    let _ = writeln!(out, "lines:");
    for chunk in board.lines().chunks(8) {
        let names: Vec<String> = chunk
            .iter()
            .map(|l| format!("{}-{}-{}", l[0], l[1], l[2]))
            .collect();
        let _ = writeln!(out, "  {}", names.join("  "));
    }
    out
}
