//! The peg game as a board a front end clicks on
//! ([`parlour_game::view`]): the generated board's holes where its
//! diagrams put them (the same lattice as `parlour board` and the SVG
//! diagram, so any size of board is drawn right) and its connections as
//! lines, the pegs and Kings, forced and blocking pegs marked, each
//! side's hand and reserve, and each move as the holes it uses and the
//! pegs it takes off.

use crate::diagram::lattice;
use crate::error::Error;
use crate::hole::{Hole, HoleSet};
use crate::moves::PegMove;
use crate::position::PegPosition;
use crate::rules::PegRules;
use parlour_game::view::{
    BoardShape, BoardView, Extra, ExtraKind, Mark, MarkKind, MoveView, Piece, PieceKind, Point,
    Setup, Stock,
};
use parlour_game::Side;

/// The board's margin round the lattice, in lattice steps.
const MARGIN: f64 = 0.5;

/// The holes of a set, as numbers.
fn numbers(set: HoleSet) -> Vec<u32> {
    set.iter().map(Hole::number).collect()
}

/// A side's name with a capital, as a sentence starts it.
fn name(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// The position as a board: holes, connections, pegs, marks, stock.
pub fn view(pos: &PegPosition) -> BoardView {
    let board = pos.board();
    let span = 2.0 * f64::from(board.squares()) + 2.0 * MARGIN;
    let points = board
        .holes()
        .iter()
        .map(|h| {
            let (x, y) = lattice(board, h);
            Point {
                number: h.number(),
                x: x as f64 + MARGIN,
                y: y as f64 + MARGIN,
            }
        })
        .collect();
    let links = board
        .holes()
        .iter()
        .flat_map(|h| {
            let later = board.neighbours(h).iter().filter(move |&g| g > h);
            later.map(move |g| [h.number(), g.number()])
        })
        .collect();
    let pieces = Side::BOTH
        .into_iter()
        .flat_map(|side| {
            pos.pegs(side).iter().map(move |h| Piece {
                point: h.number(),
                side,
                kind: if pos.king(side) == Some(h) {
                    PieceKind::King
                } else {
                    PieceKind::Man
                },
            })
        })
        .collect();
    BoardView {
        shape: BoardShape::Lines,
        width: span,
        height: span,
        points,
        links,
        pieces,
        marks: marks(pos),
        stock: stock(pos),
        notice: notice(pos),
    }
}

/// Forced pegs, and the pegs that block the side to move's King.
fn marks(pos: &PegPosition) -> Vec<Mark> {
    let mark = |kind| {
        move |h: Hole| Mark {
            point: h.number(),
            kind,
        }
    };
    let blockers = pos.king_blockers();
    let forced = if blockers.is_empty() {
        pos.forced()
    } else {
        HoleSet::default()
    };
    forced
        .iter()
        .map(mark(MarkKind::Forced))
        .chain(blockers.iter().map(mark(MarkKind::Blocking)))
        .collect()
}

/// Each side's hand and reserve.
fn stock(pos: &PegPosition) -> Vec<Stock> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| {
            [
                Stock {
                    side,
                    label: "hand".to_string(),
                    count: u32::from(pos.hand(side)),
                },
                Stock {
                    side,
                    label: "reserve".to_string(),
                    count: u32::from(pos.reserve(side)),
                },
            ]
        })
        .collect()
}

/// The position set up on the board: the text of [`PegPosition`] made
/// from the pieces, the side to move (Black unless given) and the hand
/// and reserve counts (the rules' full counts unless given), read by its
/// parser under `rules`.
pub fn compose(rules: PegRules, setup: &Setup) -> Result<PegPosition, Error> {
    let side_text = |side: Side| {
        let kings = setup
            .points(side, PieceKind::King)
            .into_iter()
            .map(|n| format!("K{n}"));
        let pegs = setup
            .points(side, PieceKind::Man)
            .into_iter()
            .map(|n| n.to_string());
        kings.chain(pegs).collect::<Vec<_>>().join(",")
    };
    let count = |side, label, full: u8| setup.count(side, label).unwrap_or(u32::from(full));
    let text = format!(
        "b:{}/w:{}/hand:{},{}/reserve:{},{}/turn:{}",
        side_text(Side::Black),
        side_text(Side::White),
        count(Side::Black, "hand", rules.pegs()),
        count(Side::White, "hand", rules.pegs()),
        count(Side::Black, "reserve", rules.reserve()),
        count(Side::White, "reserve", rules.reserve()),
        if setup.side == Some(Side::White) {
            "w"
        } else {
            "b"
        },
    );
    Ok(PegPosition::parse(&text, Some(rules))?)
}

/// A King block to escape, or forced pegs to move, in words.
fn notice(pos: &PegPosition) -> Option<String> {
    let mover = name(pos.side());
    let list = |set: HoleSet| {
        let texts: Vec<String> = set.iter().map(|h| h.to_string()).collect();
        texts.join(" and ")
    };
    let blockers = pos.king_blockers();
    if let Some(king) = pos.king(pos.side()).filter(|_| !blockers.is_empty()) {
        return Some(format!(
            "{mover}'s King on {king} is blocked by {}: {mover} must capture one of them or lose.",
            list(blockers)
        ));
    }
    let forced = pos.forced();
    (!forced.is_empty()).then(|| {
        format!(
            "{mover}'s peg on {} is forced: it must move to its nearest vacant hole.",
            list(forced)
        )
    })
}

/// What `mv` does on the board: the hole it leaves or the peg it places,
/// where it goes, the pegs its block takes, and a line removal.
pub fn move_view(pos: &PegPosition, mv: PegMove) -> MoveView {
    let theirs = pos.side().opponent();
    let mut taken = pos.pegs(theirs).0 & !pos.play(mv).pegs(theirs).0;
    if let Some(r) = mv.removal() {
        taken &= !r.set().0;
    }
    MoveView {
        from: mv.from().map(Hole::number),
        path: vec![mv.to().number()],
        place: mv.is_placement().then_some(if mv.is_king_placement() {
            PieceKind::King
        } else {
            PieceKind::Man
        }),
        captures: numbers(HoleSet(taken)),
        extra: mv.removal().map(|r| Extra {
            point: r.number(),
            kind: ExtraKind::After,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_its_holes_links_and_stock() {
        let view = view(&PegPosition::start(PegRules::default()));
        assert_eq!(view.points.len(), 24);
        // 8 links round each square, 4 across each gap at mid-sides and 4
        // at corners (diagonals on).
        assert_eq!(view.links.len(), 24 + 16);
        let hole = |n: u32| view.points.iter().find(|p| p.number == n).copied().unwrap();
        assert_eq!((hole(1).x, hole(1).y), (0.5, 0.5));
        assert_eq!((hole(17).x, hole(17).y), (2.5, 2.5));
        assert_eq!(view.stock.len(), 4);
        assert_eq!(view.stock[0].count, 9);
    }

    #[test]
    fn a_setup_reads_back_as_the_position_it_shows() {
        let text = "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w";
        let pos = PegPosition::parse(text, None).unwrap();
        let board = view(&pos);
        let setup = Setup {
            pieces: board.pieces,
            side: Some(Side::White),
            stock: board.stock,
        };
        assert_eq!(compose(PegRules::default(), &setup).unwrap(), pos);
    }

    #[test]
    fn moves_show_placements_slides_blocks_and_removals() {
        let pos =
            PegPosition::parse("b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w", None).unwrap();
        let slide = move_view(&pos, pos.parse_move("2-10").unwrap());
        assert_eq!((slide.from, slide.path.clone()), (Some(2), vec![10]));
        let after = pos.play(pos.parse_move("2-10").unwrap());
        let board = view(&after);
        let blocking: Vec<u32> = board
            .marks
            .iter()
            .filter(|m| m.kind == MarkKind::Blocking)
            .map(|m| m.point)
            .collect();
        assert_eq!(blocking, vec![10, 12]);
        assert!(board.notice.unwrap().contains("King on 11 is blocked"));
        let start = PegPosition::start(PegRules::default());
        let king = move_view(&start, start.parse_move("K@7").unwrap());
        assert_eq!((king.from, king.place), (None, Some(PieceKind::King)));
    }
}
