//! The huffing rules on top of the shared generator: who may be huffed,
//! what compel does, the actions of a position with an offence pending, and
//! the checks that a pending offence read from text could have happened.

use crate::bitboard::{Bitboard, Square};
use crate::error::PendingError;
use crate::geometry::{KING_DIRS, LANDING, MAN_DIRS, NEIGHBOUR};
use crate::movegen::{self, Board, Count, Sink};
use crate::moves::{Action, Move};
use crate::position::{ActionList, Pending, Position};

/// The offender's pieces that may be huffed for `offence`, on the squares
/// where they stand now: after a capture stopped short, the capturing piece;
/// after a neglect, every piece that had a jump open before the move (the
/// piece that moved on its new square).
pub fn huffable(pos: &Position, offence: Move) -> Bitboard {
    if offence.is_capture() {
        return offence.to().bit();
    }
    let before = pos.undo_step(offence);
    let mut jumpers = before.board().jumpers();
    let from = 1u32 << offence.origin();
    if jumpers & from != 0 {
        jumpers = (jumpers & !from) | (1 << offence.dest());
    }
    Bitboard(jumpers)
}

/// An action that answers an offence, in words: a huff says whose piece
/// it removes and for what (`the man on 24 is huffed: 22-18 left its
/// capture 24x15 untaken`), `compel` what it makes the offender do, a
/// plain move that it lets the offence stand; `None` where no offence is
/// pending, or for a huff `pos` does not allow.
pub fn explain(pos: &Position, action: Action) -> Option<String> {
    let Pending::Offence(offence) = pos.pending() else {
        return None;
    };
    let offender = match pos.side().opponent() {
        parlour_game::Side::Black => "Black",
        parlour_game::Side::White => "White",
    };
    let sq = match action {
        Action::Huff(sq, _) => sq,
        Action::Move(_) => return Some(format!("{offender}'s {offence} is let stand")),
        Action::Compel if offence.is_capture() => {
            return Some(format!(
                "compel: the piece on {} must go on capturing from there",
                offence.to()
            ))
        }
        Action::Compel => {
            return Some(format!(
                "compel: {offender}'s {offence} is taken back and {offender} must capture instead"
            ))
        }
    };
    let kind = if pos.kings().contains(sq) {
        "king"
    } else {
        "man"
    };
    if offence.is_capture() {
        return Some(format!(
            "the {kind} on {sq} is huffed: its capture {offence} stopped short of a further jump"
        ));
    }
    // The piece's square before the offence, and the captures it had.
    let before = pos.undo_step(offence);
    let from = if sq.index() == offence.dest() {
        offence.origin()
    } else {
        sq.index()
    };
    let mut missed = ActionList::new();
    before.board().captures::<false, _>(1 << from, &mut missed);
    let missed: Vec<String> = missed.iter().map(ToString::to_string).collect();
    if missed.is_empty() {
        return None;
    }
    let whose = if from == offence.origin() {
        "its"
    } else {
        "the"
    };
    Some(format!(
        "the {kind} on {sq} is huffed: {offence} left {whose} capture {} untaken",
        missed.join(" or ")
    ))
}

/// Puts each move into the list as a huff of `sq` followed by that move.
struct HuffSink<'a> {
    sq: Square,
    list: &'a mut ActionList,
}

impl Sink for HuffSink<'_> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.list.push(Action::Huff(self.sq, mv));
    }
}

/// Every legal action under huffing rules.
pub(crate) fn actions(pos: &Position, board: &Board, pending: Pending, list: &mut ActionList) {
    match pending {
        Pending::Nothing => movegen::huffing(board, list),
        Pending::Offence(offence) => {
            movegen::huffing(board, list);
            for sq in huffable(pos, offence).squares() {
                let after = pos.without(sq).board();
                movegen::huffing(&after, &mut HuffSink { sq, list });
            }
            list.push(Action::Compel);
        }
        Pending::CompelCapture => board.captures::<false, _>(board.jumpers(), list),
        Pending::CompelRest(partial) => {
            board.captures::<false, _>(board.jumpers() & (1 << partial.dest()), list)
        }
    }
}

/// The number of legal actions under huffing rules.
pub(crate) fn count_actions(pos: &Position, board: &Board, pending: Pending) -> u64 {
    match pending {
        Pending::Nothing => movegen::count_huffing(board),
        Pending::Offence(offence) => {
            let mut n = movegen::count_huffing(board) + 1;
            for sq in huffable(pos, offence).squares() {
                n += movegen::count_huffing(&pos.without(sq).board());
            }
            n
        }
        Pending::CompelCapture => {
            let mut count = Count(0);
            board.captures::<false, _>(board.jumpers(), &mut count);
            count.0
        }
        Pending::CompelRest(partial) => {
            let mut count = Count(0);
            board.captures::<false, _>(board.jumpers() & (1 << partial.dest()), &mut count);
            count.0
        }
    }
}

/// The position after `compel`: a neglect is taken back and the offender must
/// capture; a capture stopped short must be completed by its piece. `None`
/// with no offence pending, where there is nothing to compel. Out of line
/// (and cold: seldom played): inlined into the search's move loop, its work
/// on the pending move would be hoisted to every node's start.
#[cold]
#[inline(never)]
pub(crate) fn compel(pos: &Position) -> Option<Position> {
    match pos.pending() {
        Pending::Offence(offence) if offence.is_capture() => {
            Some(pos.pass_turn(Pending::CompelRest(offence)))
        }
        Pending::Offence(offence) => {
            Some(pos.undo_step(offence).set_pending(Pending::CompelCapture))
        }
        _ => None,
    }
}

/// Checks that `pending` could have arisen in `pos` (rules, pieces, paths,
/// and that a capture really was open).
pub(crate) fn check_pending(pos: &Position, pending: Pending) -> Result<(), PendingError> {
    if pending != Pending::Nothing && !pos.rules().is_huffing() {
        return Err(PendingError::NeedsHuffing);
    }
    match pending {
        Pending::Nothing => Ok(()),
        Pending::Offence(mv) => {
            let offender = pos.side().opponent();
            check_path(pos, mv, offender)?;
            if mv.is_capture() {
                if !pos.pass_turn(Pending::Nothing).jumpers().contains(mv.to()) {
                    return Err(PendingError::NotStoppedShort {
                        mv,
                        square: mv.to(),
                    });
                }
            } else if !pos.undo_step(mv).can_capture() {
                return Err(PendingError::NothingNeglected { mv, offender });
            }
            Ok(())
        }
        Pending::CompelCapture if pos.can_capture() => Ok(()),
        Pending::CompelCapture => Err(PendingError::NoCaptureToCompel { side: pos.side() }),
        Pending::CompelRest(mv) => {
            if !mv.is_capture() {
                return Err(PendingError::CompelledStep { mv });
            }
            check_path(pos, mv, pos.side())?;
            if pos.jumpers().contains(mv.to()) {
                Ok(())
            } else {
                Err(PendingError::NothingToComplete {
                    mv,
                    square: mv.to(),
                })
            }
        }
    }
}

/// Checks that `side` could just have made `mv`: its piece stands on the
/// last square, the squares it left and jumped are empty, and every step or
/// jump goes a way that piece may go.
fn check_path(pos: &Position, mv: Move, side: parlour_game::Side) -> Result<(), PendingError> {
    let to = mv.to();
    let king = match pos.piece_at(to) {
        Some((s, king)) if s == side => king,
        _ => {
            return Err(PendingError::NoPieceAtEnd {
                mv,
                side,
                square: to,
            })
        }
    };
    if mv.from() != to && pos.piece_at(mv.from()).is_some() {
        return Err(PendingError::StartOccupied {
            mv,
            square: mv.from(),
        });
    }
    // A king now that was crowned by the move was a man while moving.
    let dirs = if king && !mv.crowns() {
        KING_DIRS
    } else {
        MAN_DIRS[side.index()]
    };
    if mv.is_capture() {
        if mv.crowns() {
            return Err(PendingError::CrownedStoppedShort { mv });
        }
        let mut sq = mv.from().index();
        for (i, landing) in mv.landings().enumerate() {
            let d = ((mv.path_bits() >> (2 * i)) & 3) as usize;
            if dirs & (1 << d) == 0 {
                return Err(PendingError::ManBackwards { mv, capture: true });
            }
            let jumped = Bitboard(NEIGHBOUR[d][sq])
                .first()
                .expect("a path stays on the board");
            if pos.piece_at(jumped).is_some() {
                return Err(PendingError::JumpedStillThere { mv, square: jumped });
            }
            if landing != to && pos.piece_at(landing).is_some() {
                return Err(PendingError::LandedOnPiece {
                    mv,
                    square: landing,
                });
            }
            debug_assert_eq!(LANDING[d][sq], landing.bit().0);
            sq = landing.index();
        }
    } else {
        let d = (0..4).find(|&d| NEIGHBOUR[d][mv.from().index()] == to.bit().0);
        match d {
            Some(d) if dirs & (1 << d) != 0 => {}
            Some(_) => return Err(PendingError::ManBackwards { mv, capture: false }),
            None => {
                return Err(PendingError::NotNeighbours {
                    mv,
                    from: mv.from(),
                    to,
                })
            }
        }
        let crown_row = Board {
            side,
            ..pos.board()
        }
        .crown_row();
        if mv.crowns() && (to.bit().0 & crown_row == 0 || !king) {
            return Err(PendingError::FalseCrown { mv });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use parlour_game::Game;

    fn explained(fen: &str, action: &str) -> Option<String> {
        let pos = Position::from_fen(fen, Rules::HUFFING).unwrap();
        explain(&pos, pos.parse_move(action).unwrap())
    }

    #[test]
    fn a_huff_says_whose_piece_and_which_capture() {
        // Black's 11-15 left 9x18 open: the man on 9 may be huffed.
        let fen = "W:W14,30:B9,15:O11-15";
        assert_eq!(
            explained(fen, "h9 30-25").as_deref(),
            Some("the man on 9 is huffed: 11-15 left the capture 9x18 untaken")
        );
        assert_eq!(
            explained(fen, "30-25").as_deref(),
            Some("Black's 11-15 is let stand")
        );
        assert_eq!(
            explained(fen, "compel").as_deref(),
            Some("compel: Black's 11-15 is taken back and Black must capture instead")
        );
        assert_eq!(
            explained("W:W19,30:B15:O6x15", "compel").as_deref(),
            Some("compel: the piece on 15 must go on capturing from there")
        );
        assert_eq!(explained("B:W14,30:B9,15", "9x18"), None);
        // The piece that moved away from its capture, on its new square.
        assert_eq!(
            explained("W:W14,30:B13,15:O9-13", "h13 30-25").as_deref(),
            Some("the man on 13 is huffed: 9-13 left its capture 9x18 untaken")
        );
        assert_eq!(
            explained("W:W19,30:B15:O6x15", "h15 30-25").as_deref(),
            Some("the man on 15 is huffed: its capture 6x15 stopped short of a further jump")
        );
    }
}
