//! Checkers as a board a front end clicks on ([`parlour_game::view`]):
//! the 8x8 grid as published (Black's men on 1-12 at the top, square 1
//! the first dark square of the top row), the pieces, huffing's
//! punishable pieces and pending offence in words, and each action as the
//! squares it lifts from and lands on.

use crate::bitboard::{Bitboard, Square};
use crate::error::FenError;
use crate::huffing::huffable;
use crate::moves::{Action, Move};
use crate::position::{ActionList, Pending, Position};
use crate::rules::Rules;
use parlour_game::view::{
    BoardShape, BoardView, Extra, ExtraKind, Mark, MarkKind, MoveView, Piece, PieceKind, Point,
    Setup,
};
use parlour_game::Side;

/// The centre of `sq` in cells from the top left, Black's side at the top.
fn point(sq: Square) -> Point {
    let row = sq.row();
    let col = 2 * (sq.index() as u32 % 4) + (1 - row % 2);
    Point {
        number: sq.number(),
        x: f64::from(col) + 0.5,
        y: f64::from(row) + 0.5,
    }
}

/// A side's name with a capital, as a sentence starts it.
fn name(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// The squares of a bitboard, as numbers.
fn numbers(board: Bitboard) -> Vec<u32> {
    board.squares().map(Square::number).collect()
}

/// The position as a board: every dark square, the pieces, and under
/// huffing the pieces the side to move may huff, with the pending
/// offence or compulsion in words.
pub fn view(pos: &Position) -> BoardView {
    let squares = || (1..=32).map(|n| Square::from_number(n).expect("1-32"));
    let pieces = squares()
        .filter_map(|sq| {
            pos.piece_at(sq).map(|(side, king)| Piece {
                point: sq.number(),
                side,
                kind: if king {
                    PieceKind::King
                } else {
                    PieceKind::Man
                },
            })
        })
        .collect();
    let marks = match pos.pending() {
        Pending::Offence(offence) => huffable(pos, offence)
            .squares()
            .map(|sq| Mark {
                point: sq.number(),
                kind: MarkKind::Punishable,
            })
            .collect(),
        _ => Vec::new(),
    };
    BoardView {
        shape: BoardShape::Squares { files: 8, ranks: 8 },
        width: 8.0,
        height: 8.0,
        points: squares().map(point).collect(),
        links: Vec::new(),
        pieces,
        marks,
        stock: Vec::new(),
        notice: notice(pos),
    }
}

/// What the side to move must know under huffing: an offence he may
/// punish, or a capture he is compelled to make.
fn notice(pos: &Position) -> Option<String> {
    let (mover, offender) = (name(pos.side()), name(pos.side().opponent()));
    match pos.pending() {
        Pending::Nothing => None,
        Pending::Offence(offence) if offence.is_capture() => Some(format!(
            "{offender}'s capture {offence} stopped short of a further jump. {mover} may let it \
             stand (just move), compel the piece on {} to go on capturing, or huff it and move.",
            offence.to()
        )),
        Pending::Offence(offence) => {
            let before = pos.undo_step(offence);
            let mut missed = ActionList::new();
            before
                .board()
                .captures::<false, _>(before.board().jumpers(), &mut missed);
            let missed: Vec<String> = missed.iter().map(ToString::to_string).collect();
            Some(format!(
                "{offender}'s {offence} left a capture untaken ({}). {mover} may let it stand \
                 (just move), compel {offender} to take it back and capture, or huff a marked \
                 piece and move.",
                missed.join(", ")
            ))
        }
        Pending::CompelCapture => Some(format!(
            "{mover} is compelled to capture: any capture, with every jump of it."
        )),
        Pending::CompelRest(partial) => Some(format!(
            "{mover}'s piece on {} is compelled to complete the capture {partial}.",
            partial.to()
        )),
    }
}

/// The position set up on the board: a FEN made from the pieces and the
/// side to move (Black unless given), read under `rules` as any FEN is.
pub fn compose(rules: Rules, setup: &Setup) -> Result<Position, FenError> {
    let field = |side: Side| {
        let men = setup
            .points(side, PieceKind::Man)
            .into_iter()
            .map(|n| n.to_string());
        let kings = setup
            .points(side, PieceKind::King)
            .into_iter()
            .map(|n| format!("K{n}"));
        men.chain(kings).collect::<Vec<_>>().join(",")
    };
    let mover = if setup.side == Some(Side::White) {
        "W"
    } else {
        "B"
    };
    let fen = format!("{mover}:W{}:B{}", field(Side::White), field(Side::Black));
    Position::from_fen(&fen, rules)
}

/// A move's squares: where it starts, each landing, the pieces jumped.
fn moved(mv: Move, extra: Option<Extra>) -> MoveView {
    MoveView {
        from: Some(mv.from().number()),
        path: mv.landings().map(Square::number).collect(),
        place: None,
        captures: numbers(mv.captured()),
        extra,
    }
}

/// What `action` does on the board: a move's path, a huff's piece taken
/// off before it, or `compel`, which moves no piece of the player's.
pub fn move_view(action: Action) -> MoveView {
    match action {
        Action::Move(mv) => moved(mv, None),
        Action::Huff(sq, mv) => moved(
            mv,
            Some(Extra {
                point: sq.number(),
                kind: ExtraKind::Before,
            }),
        ),
        Action::Compel => MoveView {
            from: None,
            path: Vec::new(),
            place: None,
            captures: Vec::new(),
            extra: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_game::Game;

    #[test]
    fn the_board_is_drawn_as_published() {
        let view = view(&Position::start(Rules::ENGLISH));
        let at = |n: u32| view.points.iter().find(|p| p.number == n).copied().unwrap();
        // Square 1 is the first dark square of the top row, 4 the top
        // right corner, 29 the bottom left.
        assert_eq!((at(1).x, at(1).y), (1.5, 0.5));
        assert_eq!((at(4).x, at(4).y), (7.5, 0.5));
        assert_eq!((at(29).x, at(29).y), (0.5, 7.5));
        assert_eq!(view.pieces.len(), 24);
        assert!(view
            .pieces
            .iter()
            .all(|p| (p.point <= 12) == (p.side == Side::Black)));
        assert_eq!(view.notice, None);
    }

    #[test]
    fn a_setup_reads_back_as_the_position_it_shows() {
        let pos = Position::from_fen("W:W18,K10:B12,K22", Rules::ENGLISH).unwrap();
        let setup = Setup {
            pieces: view(&pos).pieces,
            side: Some(Side::White),
            stock: Vec::new(),
        };
        assert_eq!(compose(Rules::ENGLISH, &setup).unwrap(), pos);
        let crowned = Setup {
            pieces: vec![Piece {
                point: 2,
                side: Side::White,
                kind: PieceKind::Man,
            }],
            ..setup
        };
        assert!(compose(Rules::ENGLISH, &crowned).is_err());
    }

    #[test]
    fn a_multi_jump_shows_its_landings_and_a_huff_its_piece() {
        let pos = Position::from_fen("W:W14,30:B9,15:O11-15", Rules::HUFFING).unwrap();
        let board = view(&pos);
        assert_eq!(
            board.marks,
            vec![Mark {
                point: 9,
                kind: MarkKind::Punishable
            }]
        );
        let notice = board.notice.unwrap();
        assert!(
            notice.contains("Black's 11-15 left a capture untaken (9x18)"),
            "{notice}"
        );
        let huff = move_view(pos.parse_move("h9 14-10").unwrap());
        assert_eq!(huff.from, Some(14));
        assert_eq!(huff.path, vec![10]);
        assert_eq!(
            huff.extra,
            Some(Extra {
                point: 9,
                kind: ExtraKind::Before
            })
        );
        let compel = move_view(pos.parse_move("compel").unwrap());
        assert!(compel.from.is_none() && compel.path.is_empty());
        let pos = Position::from_fen("B:W14,23:BK9", Rules::ENGLISH).unwrap();
        let jump = move_view(pos.parse_move("9x18x27").unwrap());
        assert_eq!(jump.path, vec![18, 27]);
        assert_eq!(jump.captures, vec![14, 23]);
    }
}
