//! The generic machinery (perft serial and parallel, divide, History) on a
//! toy game small enough to count by hand: a counter on a ring of 5 cells,
//! each move adds 1 (reversible) or 2 (irreversible). Cell 9, off the ring,
//! is a position with no move.

use arrayvec::ArrayVec;
use parlour_game::{divide, perft, perft_parallel, Game, History, Outcome, Side};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ring {
    cell: u8,
    side: Side,
    limit: u32,
}

fn ring(cell: u8, side: Side) -> Ring {
    Ring {
        cell,
        side,
        limit: 100,
    }
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.cell,
            if self.side == Side::Black { 'b' } else { 'w' }
        )
    }
}

impl Game for Ring {
    type Move = u8;
    type MoveList = ArrayVec<u8, 2>;
    type MoveError = std::num::ParseIntError;

    fn side_to_move(&self) -> Side {
        self.side
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if self.cell < 5 {
            moves.push(1);
            moves.push(2);
        }
    }
    fn play(&self, mv: u8) -> Self {
        Ring {
            cell: (self.cell + mv) % 5,
            side: self.side.opponent(),
            limit: self.limit,
        }
    }
    fn hash(&self) -> u64 {
        u64::from(self.cell) * 2 + self.side.index() as u64
    }
    fn is_irreversible(&self, mv: u8) -> bool {
        mv == 2
    }
    fn quiet_ply_limit(&self) -> u32 {
        self.limit
    }
    fn parse_move(&self, text: &str) -> Result<u8, Self::MoveError> {
        text.parse()
    }
}

/// Perft by brute force over explicit move sequences.
fn brute(pos: Ring, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = ArrayVec::new();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| brute(pos.play(m), depth - 1)).sum()
}

#[test]
fn perft_serial_parallel_and_divide_agree_with_brute_force() {
    let start = ring(0, Side::Black);
    for depth in 0..=16 {
        let expected = brute(start, depth);
        assert_eq!(expected, 1 << depth, "two moves everywhere on the ring");
        assert_eq!(perft(&start, depth), expected, "depth {depth}");
        assert_eq!(
            perft_parallel(&start, depth),
            expected,
            "parallel depth {depth}"
        );
        if depth >= 1 {
            let split = divide(&start, depth);
            assert_eq!(split.len(), 2);
            assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), expected);
        }
    }
    let stuck = ring(9, Side::Black);
    assert_eq!(perft(&stuck, 3), 0);
    assert_eq!(perft_parallel(&stuck, 6), 0);
}

#[test]
fn a_side_with_no_move_loses() {
    let stuck = ring(9, Side::White);
    assert_eq!(stuck.outcome(), Some(Outcome::Win(Side::Black)));
    assert_eq!(
        History::new(stuck).outcome(),
        Some(Outcome::Win(Side::Black))
    );
    assert_eq!(ring(0, Side::White).outcome(), None);
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // Ten steps of 1 go round the ring twice and come back to 0 with Black
    // to move: the second occurrence after 10 plies, the third after 20.
    let mut game = History::new(ring(0, Side::Black));
    for ply in 1..=20 {
        assert!(game.outcome().is_none(), "over too early, at ply {ply}");
        assert!(game.try_push(1));
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    // Taking a move back undoes the draw.
    assert_eq!(game.pop(), Some(1));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 19);
}

#[test]
fn an_irreversible_move_forgets_earlier_repetitions() {
    let mut game = History::new(ring(0, Side::Black));
    for _ in 0..10 {
        game.push(1);
    }
    assert_eq!(game.repetitions(), 2);
    game.push(2);
    assert_eq!(game.quiet_plies(), 0);
    assert_eq!(game.reversible_hashes().len(), 1);
    assert_eq!(game.repetitions(), 1);
    assert!(!game.try_push(3), "an illegal move is refused");
}

#[test]
fn the_quiet_ply_limit_draws() {
    let mut game = History::new(Ring {
        limit: 6,
        ..ring(0, Side::Black)
    });
    for ply in 1..=6u32 {
        assert!(game.outcome().is_none());
        game.push(1);
        assert_eq!(game.quiet_plies(), ply);
    }
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}
