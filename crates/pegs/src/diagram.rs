//! The board for people: a drawing of the concentric squares with hole
//! numbers, and the generated tables (neighbours, opposite pairs, lines) as
//! text. `parlour board` prints these.

use crate::board::Board;
use crate::hole::Hole;
use crate::position::PegPosition;
use parlour_game::Side;
use std::fmt::Write;

/// Columns per lattice step (room for a two-digit number and a link).
const XW: usize = 6;
/// Rows per lattice step.
const YH: usize = 2;

/// Where hole `h` sits on the lattice: square s spans s..=2S-s both ways.
pub(crate) fn lattice(board: &Board, h: Hole) -> (usize, usize) {
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
    draw(board, |h| format!("{:>2}", h.number()))
}

/// The widest line [`position_diagram`] draws the numbers beside the
/// position in.
const BESIDE_WIDTH: usize = 80;

/// A position drawn on its board: a peg as ` b` or ` w` (the King ` B` or
/// ` W`), an empty hole as its number, and, once a hole is taken, the board
/// of hole numbers beside it (below it where 80 columns are too few); then
/// each side's King, pegs, hand and reserve, the forced holes, and the side
/// to move.
pub fn position_diagram(pos: &PegPosition) -> String {
    let board = pos.board();
    let pieces = draw(board, |h| {
        let mut label = format!("{:>2}", h.number());
        for (side, peg, king) in [(Side::Black, " b", " B"), (Side::White, " w", " W")] {
            if pos.king(side) == Some(h) {
                label = king.to_string();
            } else if pos.pegs(side).contains(h) {
                label = peg.to_string();
            }
        }
        label
    });
    let numbers = board_diagram(board);
    let mut out = if pieces == numbers {
        pieces
    } else {
        beside(&pieces, &numbers)
    };
    for side in Side::BOTH {
        let king = match pos.king(side) {
            Some(h) => format!("King {h}"),
            None => "no King".to_string(),
        };
        let pegs: Vec<String> = pos
            .pegs(side)
            .iter()
            .filter(|&h| pos.king(side) != Some(h))
            .map(|h| h.to_string())
            .collect();
        let _ = writeln!(
            out,
            "{side}: {king}, pegs {}; hand {}, reserve {}",
            if pegs.is_empty() {
                "none".to_string()
            } else {
                pegs.join(" ")
            },
            pos.hand(side),
            pos.reserve(side)
        );
    }
    if !pos.forced().is_empty() {
        let forced: Vec<String> = pos.forced().iter().map(|h| h.to_string()).collect();
        let _ = writeln!(out, "forced: {}", forced.join(" "));
    }
    let _ = writeln!(out, "{} to move", pos.side());
    out
}

/// Two drawings side by side, four spaces apart, if that fits in
/// [`BESIDE_WIDTH`] columns; else one above the other.
fn beside(left: &str, right: &str) -> String {
    let width = left.lines().map(str::len).max().unwrap_or(0);
    let widest = right.lines().map(str::len).max().unwrap_or(0);
    if width + 4 + widest > BESIDE_WIDTH {
        return format!("{left}{right}");
    }
    let mut out = String::new();
    for (l, r) in left.lines().zip(right.lines()) {
        let _ = writeln!(out, "{}", format!("{l:width$}    {r}").trim_end());
    }
    out
}

/// The board with each hole drawn by `label` (two characters).
fn draw(board: &Board, label: impl Fn(Hole) -> String) -> String {
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
        let label = label(h);
        grid[r][c..c + 2].copy_from_slice(&label.as_bytes()[..2]);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_shows_its_pegs_and_counts() {
        let pos =
            PegPosition::parse("b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w", None).unwrap();
        let text = position_diagram(&pos);
        let plain = board_diagram(pos.board());
        assert_eq!(text.lines().count(), plain.lines().count() + 3, "{text}");
        // Hole 1 stays a number; 2 and 3 are pegs; 11 is Black's King.
        assert!(text.lines().next().unwrap().starts_with(" 1"), "{text}");
        assert!(text.contains(" B"), "{text}");
        assert!(
            text.contains("black: King 11, pegs 3; hand 0, reserve 3"),
            "{text}"
        );
        assert!(
            text.contains("white: no King, pegs 2 12 19; hand 0, reserve 3"),
            "{text}"
        );
        assert!(text.ends_with("white to move\n"), "{text}");
        // The hole numbers beside it, every line within 80 columns.
        for (line, numbers) in text.lines().zip(plain.lines()) {
            assert!(line.ends_with(numbers.trim_end()), "{line}");
            assert!(line.len() <= BESIDE_WIDTH, "{line}");
        }
        // A board too wide for two: the numbers below.
        let wide = PegPosition::parse(
            "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w",
            Some("squares=5".parse().unwrap()),
        )
        .unwrap();
        let text = position_diagram(&wide);
        let plain = board_diagram(wide.board());
        assert!(text.contains(&plain), "{text}");
        assert!(text.lines().all(|l| l.len() <= BESIDE_WIDTH), "{text}");
        // The start has no piece to tell from the numbers: drawn once.
        let start = PegPosition::start(crate::PegRules::DEFAULT);
        assert!(position_diagram(&start).starts_with(&board_diagram(start.board())));
        assert_eq!(
            position_diagram(&start).lines().count(),
            board_diagram(start.board()).lines().count() + 3
        );
    }
}
