//! The board as a picture: a position drawn in SVG the way checkers books
//! draw diagrams (light and dark squares, the dark playing squares numbered
//! 1-32 in their corners, men as discs and kings as crowned discs), with a
//! line of moves drawn on it as numbered arrows. Every square, piece and
//! arrow carries `data-` attributes naming its square, so a reader of the
//! file (a test, the match report's viewer) finds them without geometry.

use crate::bitboard::Square;
use crate::moves::Action;
use crate::position::Position;
use parlour_game::svg::{self, escape};
use parlour_game::Side;
use std::fmt::Write;

/// The side of a square, in pixels.
pub const SQUARE: u32 = 44;
/// The frame round the board.
const MARGIN: u32 = 12;
/// The line under the board that says who is to move.
const CAPTION: u32 = 26;

/// The board row and column (row 0 holds squares 1-4, column 0 is the left
/// of the board as White sees it) drawn at `line` from the top and `place`
/// from the left, seen from `viewer`'s side.
fn cell(line: u32, place: u32, viewer: Side) -> (u32, u32) {
    match viewer {
        Side::White => (line, place),
        Side::Black => (7 - line, 7 - place),
    }
}

/// The pixel centre of `sq` seen from `viewer`'s side.
pub fn centre(sq: Square, viewer: Side) -> (f64, f64) {
    let row = sq.row();
    let col = 2 * (sq.index() as u32 % 4) + (1 - row % 2);
    let (line, place) = match viewer {
        Side::White => (row, col),
        Side::Black => (7 - row, 7 - col),
    };
    let half = f64::from(SQUARE) / 2.0;
    (
        f64::from(MARGIN + place * SQUARE) + half,
        f64::from(MARGIN + line * SQUARE) + half,
    )
}

/// The piece on `sq` as a disc (a king with a crown on it), its `class`
/// saying what it is (`piece black man`, `piece white king`).
fn piece(out: &mut String, sq: Square, side: Side, king: bool, viewer: Side) {
    let (x, y) = centre(sq, viewer);
    let (name, fill, ink) = match side {
        Side::Black => ("black", "#1d1d1d", "#e8e8e8"),
        Side::White => ("white", "#fbf8ef", "#1d1d1d"),
    };
    let kind = if king { "king" } else { "man" };
    let r = f64::from(SQUARE) * 0.38;
    let _ = write!(
        out,
        "<g class=\"piece {name} {kind}\" data-square=\"{}\">\
         <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"#1d1d1d\" stroke-width=\"1.5\"/>\
         <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1\"/>",
        sq.number(),
        r * 0.7
    );
    if king {
        svg::crown(out, x, y, r, ink);
    }
    out.push_str("</g>\n");
}

/// The position drawn as an SVG document, `viewer`'s side at the bottom
/// (White's: squares 1-4 at the top, as [`crate::diagram()`]; Black's:
/// turned round, square 32 at the top left), with `line` (actions played
/// in turn from `pos`) drawn as arrows through each move's landings, the
/// first red, the later blue and numbered; a huff crosses out the huffed
/// piece.
///
/// ```
/// use parlour_checkers::{diagram_svg, Position, Rules};
/// use parlour_game::Side;
/// let svg = diagram_svg(&Position::start(Rules::ENGLISH), Side::White, &[]);
/// assert!(svg.starts_with("<svg") && svg.contains("data-square=\"32\""));
/// ```
pub fn diagram_svg(pos: &Position, viewer: Side, line: &[Action]) -> String {
    let board = 8 * SQUARE;
    let (width, height) = (board + 2 * MARGIN, board + 2 * MARGIN + CAPTION);
    let mover = match pos.side() {
        Side::Black => "Black",
        Side::White => "White",
    };
    let mut out = svg::open(width, height, &format!("checkers: {pos}"));
    let _ = writeln!(
        out,
        "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );
    let _ = writeln!(
        out,
        "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{}\" fill=\"#5a4632\"/>",
        board + 2 * MARGIN
    );
    for line_no in 0..8 {
        for place in 0..8 {
            let (row, col) = cell(line_no, place, viewer);
            let (x, y) = (MARGIN + place * SQUARE, MARGIN + line_no * SQUARE);
            if (row + col) % 2 != 1 {
                let _ = writeln!(
                    out,
                    "<rect class=\"light\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"#f1e4c3\"/>"
                );
                continue;
            }
            let sq = Square::from_number(4 * row + col / 2 + 1).expect("a dark square is 1-32");
            let _ = writeln!(
                out,
                "<rect class=\"square\" data-square=\"{n}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"#6f8f58\"/>\
                 <text class=\"number\" data-square=\"{n}\" x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"#f1e4c3\">{n}</text>",
                x + 2,
                y + 9,
                n = sq.number()
            );
        }
    }
    for n in 1..=32 {
        let sq = Square::from_number(n).expect("1-32");
        if let Some((side, king)) = pos.piece_at(sq) {
            piece(&mut out, sq, side, king, viewer);
        }
    }
    for (i, action) in line.iter().enumerate() {
        if let Action::Huff(sq, _) = action {
            let (x, y) = centre(*sq, viewer);
            let d = f64::from(SQUARE) * 0.3;
            let _ = writeln!(
                out,
                "<path class=\"huff\" data-ply=\"{}\" data-square=\"{}\" d=\"M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"#c0392b\" stroke-width=\"4\"/>",
                i + 1,
                sq.number(),
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d
            );
        }
        if let Some(mv) = action.played_move() {
            let mut points = vec![centre(mv.from(), viewer)];
            points.extend(mv.landings().map(|sq| centre(sq, viewer)));
            svg::arrow(
                &mut out,
                i + 1,
                &mv.from().to_string(),
                &mv.to().to_string(),
                &points,
            );
        }
    }
    let _ = writeln!(
        out,
        "<text class=\"caption\" x=\"{MARGIN}\" y=\"{}\" font-size=\"13\" fill=\"#1d1d1d\">{}</text>",
        board + 2 * MARGIN + 18,
        escape(&format!("{mover} to move"))
    );
    out.push_str(svg::CLOSE);
    out
}
