//! The board as a picture: a position drawn in SVG from the generated
//! board's own geometry (its concentric squares and the connections its
//! neighbour table holds, so any size of board is drawn right), holes
//! numbered, pegs as discs and the King as a larger crowned disc, each
//! side's hand and reserve as rows of small pegs beside its counts, and a
//! line of moves as numbered arrows. Every hole, peg and arrow carries
//! `data-` attributes naming its hole, for readers of the file.

use crate::board::Board;
use crate::diagram::lattice;
use crate::hole::Hole;
use crate::moves::PegMove;
use crate::position::PegPosition;
use parlour_game::svg::{self, escape};
use parlour_game::Side;
use std::fmt::Write;

/// Pixels per lattice step.
const STEP: f64 = 52.0;
/// The frame round the board.
const MARGIN: f64 = 30.0;
/// The height of the panel under the board: a line per side and who moves.
const PANEL: f64 = 92.0;

/// The pixel centre of hole `h`.
pub fn centre(board: &Board, h: Hole) -> (f64, f64) {
    let (x, y) = lattice(board, h);
    (MARGIN + x as f64 * STEP, MARGIN + y as f64 * STEP)
}

/// The colours of a side's pegs: fill and ink.
fn colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Black => ("#1d1d1d", "#e8e8e8"),
        Side::White => ("#fbf8ef", "#1d1d1d"),
    }
}

/// A peg (or the King, larger and crowned) of `side` at (`x`, `y`).
fn peg(out: &mut String, side: Side, king: bool, x: f64, y: f64, r: f64) {
    let (fill, ink) = colours(side);
    let _ = write!(
        out,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"#1d1d1d\" stroke-width=\"1.5\"/>"
    );
    if king {
        svg::crown(out, x, y, r, ink);
    }
}

/// The position drawn as an SVG document: the board's connections as
/// lines, each hole a ring with its number beside it, pegs (`class="peg
/// black"`) and Kings (`class="king white"`) on their holes, forced holes
/// ringed, then a panel with each side's hand and reserve (drawn as small
/// pegs and counted) and the side to move; `line` (moves played in turn
/// from `pos`) drawn as arrows, a placement as its ply number on the hole
/// and a line removal as a cross.
///
/// ```
/// use parlour_pegs::{diagram_svg, PegPosition, PegRules};
/// let svg = diagram_svg(&PegPosition::start(PegRules::default()), &[]);
/// assert!(svg.starts_with("<svg") && svg.contains("data-hole=\"24\""));
/// ```
pub fn diagram_svg(pos: &PegPosition, line: &[PegMove]) -> String {
    let board = pos.board();
    let span = 2.0 * f64::from(board.squares()) * STEP;
    let width = (span + 2.0 * MARGIN).max(330.0);
    let height = span + 2.0 * MARGIN + PANEL;
    let mut out = svg::open(
        width as u32,
        height as u32,
        &format!("pegs ({}): {pos}", pos.rules()),
    );
    let _ = writeln!(
        out,
        "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#f6efdc\"/>"
    );
    draw_links(&mut out, board);
    draw_holes(&mut out, pos);
    draw_pegs(&mut out, pos);
    draw_line(&mut out, board, line);
    let top = span + 2.0 * MARGIN;
    draw_stock(&mut out, pos, top);
    let _ = writeln!(
        out,
        "<text class=\"caption\" x=\"{MARGIN:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"#1d1d1d\">{}</text>",
        top + 72.0,
        escape(&format!("{} to move", pos.side()))
    );
    out.push_str(svg::CLOSE);
    out
}

/// The board's connections, as lines.
fn draw_links(out: &mut String, board: &Board) {
    for h in board.holes() {
        for g in board.neighbours(h).iter().filter(|&g| g > h) {
            let ((x1, y1), (x2, y2)) = (centre(board, h), centre(board, g));
            let _ = writeln!(
                out,
                "<line class=\"link\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#8a6d46\" stroke-width=\"3\"/>"
            );
        }
    }
}

/// Each hole as a ring with its number beside it, forced holes ringed.
fn draw_holes(out: &mut String, pos: &PegPosition) {
    let board = pos.board();
    for h in board.holes() {
        let (x, y) = centre(board, h);
        let _ = writeln!(
            out,
            "<circle class=\"hole\" data-hole=\"{n}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"#3b2b1a\"/>\
             <text class=\"number\" data-hole=\"{n}\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#5a4632\">{n}</text>",
            x + 9.0,
            y + 19.0,
            n = h.number()
        );
        if pos.forced().contains(h) {
            let _ = writeln!(
                out,
                "<circle class=\"forced\" data-hole=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"19\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
                h.number()
            );
        }
    }
}

/// The pegs and Kings on their holes.
fn draw_pegs(out: &mut String, pos: &PegPosition) {
    let board = pos.board();
    for side in Side::BOTH {
        for h in pos.pegs(side).iter() {
            let king = pos.king(side) == Some(h);
            let (x, y) = centre(board, h);
            let _ = write!(
                out,
                "<g class=\"{} {side}\" data-hole=\"{}\">",
                if king { "king" } else { "peg" },
                h.number()
            );
            peg(out, side, king, x, y, if king { 17.0 } else { 13.0 });
            out.push_str("</g>\n");
        }
    }
}

/// `line`'s moves, played in turn: a slide as an arrow, a placement as
/// its ply number on the hole, a line removal as a cross.
fn draw_line(out: &mut String, board: &Board, line: &[PegMove]) {
    for (i, mv) in line.iter().enumerate() {
        let ply = i + 1;
        let (tx, ty) = centre(board, mv.to());
        match mv.from() {
            Some(from) => svg::arrow(
                out,
                ply,
                &from.to_string(),
                &mv.to().to_string(),
                &[centre(board, from), (tx, ty)],
            ),
            None => {
                let colour = if ply == 1 { "#c0392b" } else { "#2f6db5" };
                let _ = writeln!(
                    out,
                    "<circle class=\"arrow place{}\" data-ply=\"{ply}\" data-to=\"{}\" data-king=\"{}\" cx=\"{tx:.1}\" cy=\"{ty:.1}\" r=\"21\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"4\"/>",
                    if ply == 1 { " best" } else { "" },
                    mv.to(),
                    mv.is_king_placement()
                );
                svg::label(out, ply, colour, tx + 6.0, ty - 6.0);
            }
        }
        if let Some(r) = mv.removal() {
            let (x, y) = centre(board, r);
            let _ = writeln!(
                out,
                "<path class=\"removal\" data-ply=\"{ply}\" data-hole=\"{r}\" d=\"M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"#c0392b\" stroke-width=\"4\"/>",
                x - 12.0,
                y - 12.0,
                x + 12.0,
                y + 12.0,
                x - 12.0,
                y + 12.0,
                x + 12.0,
                y - 12.0
            );
        }
    }
}

/// The panel below the board, from `top`: each side's hand and reserve,
/// drawn as small pegs and counted.
fn draw_stock(out: &mut String, pos: &PegPosition, top: f64) {
    for (k, side) in Side::BOTH.into_iter().enumerate() {
        let y = top + 14.0 + 26.0 * k as f64;
        let (hand, reserve) = (pos.hand(side), pos.reserve(side));
        let _ = write!(
            out,
            "<g class=\"stock\" data-side=\"{side}\" data-hand=\"{hand}\" data-reserve=\"{reserve}\">\
             <text x=\"{MARGIN:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"#1d1d1d\">{}</text>",
            y + 4.0,
            escape(&format!("{side}: hand {hand}, reserve {reserve}"))
        );
        // The stock drawn: the pegs in hand full, the reserve's hollow.
        let (fill, _) = colours(side);
        for j in 0..usize::from(hand) + usize::from(reserve) {
            let x = MARGIN + 170.0 + 11.0 * j as f64;
            let hollow = j >= usize::from(hand);
            let _ = write!(
                out,
                "<circle class=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4.5\" fill=\"{}\" stroke=\"#1d1d1d\" stroke-width=\"1\"{}/>",
                if hollow { "reserve" } else { "hand" },
                if hollow { "none" } else { fill },
                if hollow { " stroke-dasharray=\"2 1.5\"" } else { "" }
            );
        }
        out.push_str("</g>\n");
    }
}
