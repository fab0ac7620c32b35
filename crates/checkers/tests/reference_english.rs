//! The bitboard generator against the plain reference generator
//! (`tests/reference`) under english rules: the same sorted action texts
//! and the same position after every action on 20,000+ random positions,
//! and the same perft to depth 5 from 200 of them.

mod common;
mod reference;

use common::{compare, compare_perft, jumpy, scattered, spread, to_reference};
use parlour_checkers::{Action, Position, Rules, UniquePaths};
use parlour_game::Game;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rayon::prelude::*;
use reference::{RefPos, RefRules};

const RULES: Rules = Rules::ENGLISH;

/// Positions from random games played from the start.
const PLAYOUT_POSITIONS: usize = 20_000;
/// Positions with pieces thrown on the board.
const SCATTERED_POSITIONS: usize = 10_000;
/// Positions made for long king multi-jumps.
const JUMPY_POSITIONS: usize = 10_000;

/// Hand-made positions, each with its legal actions worked out by hand from
/// the contract.
const HAND_MADE: &[(&str, &[&str])] = &[
    // Two paths from 10 end on 26: `10x26` is ambiguous.
    (
        "B:W23,22,15,14:B11,10",
        &["10x17x26", "10x19x26", "11x18x25", "11x18x27"],
    ),
    // A king's loop, run either way, ends where it began.
    ("B:W14,15,22,23:BK10", &["10x17x26x19x10", "10x19x26x17x10"]),
    // The loop passes the start square and goes on.
    (
        "B:W6,14,15,22,23:BK10",
        &["10x1", "10x17x26x19x10x1", "10x19x26x17x10x1"],
    ),
    // A man crowned by a jump stops, though the new king could jump 27.
    ("B:W26,27:B22", &["22x31"]),
    // White's loop, from the far side of the diamond.
    ("W:WK26:B14,15,22,23", &["26x17x10x19x26", "26x19x10x17x26"]),
    // The start: Black's seven first moves.
    (
        "B:W21-32:B1-12",
        &["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"],
    ),
    // A man and a king each with one jump.
    ("W:W32,K28:B27,24", &["28x19", "32x23"]),
    // No legal move: the man on 4 is blocked, his jump lands on 11.
    ("B:W8,11:B4", &[]),
];

/// Every position of the sample, in a fixed order from a fixed seed.
fn sample() -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(0x00E1_6115_4C4E_C4E5);
    let mut out = Vec::new();
    while out.len() < PLAYOUT_POSITIONS {
        let mut pos = Position::start(RULES);
        for _ in 0..200 {
            out.push(pos);
            let actions = pos.action_vec();
            let Some(&action) = actions.choose(&mut rng) else {
                break;
            };
            pos = pos.play(action);
        }
    }
    out.truncate(PLAYOUT_POSITIONS);
    for _ in 0..SCATTERED_POSITIONS {
        out.push(scattered(&mut rng, RULES));
    }
    for _ in 0..JUMPY_POSITIONS {
        out.push(jumpy(&mut rng, RULES));
    }
    out
}

/// Black's men's steps from `s` by the contract's arithmetic: s+4 or s+5
/// on the rows 1-4, 9-12, 17-20, 25-28 (only s+4 where s is a multiple of
/// 4), s+3 or s+4 on the rows 5-8, 13-16, 21-24 (only s+4 where s is 1 more
/// than a multiple of 4), none from 29-32.
fn contract_black_steps(s: u32) -> Vec<u32> {
    let row = (s - 1) / 4;
    match row {
        7 => vec![],
        _ if row.is_multiple_of(2) && s.is_multiple_of(4) => vec![s + 4],
        _ if row.is_multiple_of(2) => vec![s + 4, s + 5],
        _ if s % 4 == 1 => vec![s + 4],
        _ => vec![s + 3, s + 4],
    }
}

/// The reference's board against the contract's arithmetic, for a lone man
/// of either side on every square he can stand on (White's men step the
/// same ways as Black's, backwards).
#[test]
fn the_reference_board_is_the_contracts_board() {
    let steps = |fen: String| -> Vec<u32> {
        let mut to: Vec<u32> = RefPos::from_fen(&fen, RefRules::English)
            .unwrap()
            .actions()
            .iter()
            .map(|a| a.to_string().split('-').nth(1).unwrap().parse().unwrap())
            .collect();
        to.sort();
        to
    };
    for s in 1..=32u32 {
        if s <= 28 {
            assert_eq!(
                steps(format!("B:W:B{s}")),
                contract_black_steps(s),
                "Black from {s}"
            );
        }
        if s >= 5 {
            let white: Vec<u32> = (1..=32)
                .filter(|&t| contract_black_steps(t).contains(&s))
                .collect();
            assert_eq!(steps(format!("W:W{s}:B")), white, "White from {s}");
        }
    }
}

#[test]
fn hand_made_positions_agree_with_the_hand_worked_actions() {
    for (fen, expected) in HAND_MADE {
        let pos = Position::from_fen(fen, RULES).unwrap();
        let mut names: Vec<String> = compare(&pos).iter().map(Action::to_string).collect();
        names.sort();
        let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(names, expected, "{fen}");
    }
}

#[test]
fn a_loop_run_both_ways_is_two_moves_but_one_unique_move() {
    let pos = Position::from_fen("B:W14,15,22,23:BK10", RULES).unwrap();
    let actions = pos.action_vec();
    assert_eq!(actions.len(), 2);
    let after: Vec<String> = actions.iter().map(|&a| pos.play(a).to_string()).collect();
    assert_eq!(after, ["W:W:BK10", "W:W:BK10"]);
    let mut merged = <UniquePaths as Game>::MoveList::default();
    UniquePaths(pos).legal_moves(&mut merged);
    assert_eq!(merged.len(), 1);
    assert_eq!(to_reference(&pos).perft(1), 2);
}

#[test]
fn random_positions_agree() {
    let positions = sample();
    let (mut kings, mut long_jumps, mut loops, mut captures, mut over) = (0, 0, 0, 0, 0);
    for pos in &positions {
        let actions = compare(pos);
        kings += usize::from(!pos.kings().is_empty());
        over += usize::from(actions.is_empty());
        let moves: Vec<_> = actions.iter().filter_map(|a| a.played_move()).collect();
        captures += usize::from(moves.iter().any(|m| m.is_capture()));
        long_jumps += usize::from(moves.iter().any(|m| m.jumps() >= 4));
        loops += usize::from(moves.iter().any(|m| m.is_capture() && m.from() == m.to()));
    }
    eprintln!(
        "english: {} positions: {kings} with kings, {captures} with captures, \
         {long_jumps} with 4+ jumps, {loops} with a loop back to the start, {over} lost",
        positions.len()
    );
    // The sample must reach what it was made for.
    assert!(positions.len() >= 40_000);
    assert!(kings >= 10_000, "{kings} positions with kings");
    assert!(captures >= 10_000, "{captures} positions with captures");
    assert!(long_jumps >= 1_000, "{long_jumps} positions with 4+ jumps");
    assert!(loops >= 300, "{loops} positions with loops");
    assert!(over >= 100, "{over} positions with no move");
}

#[test]
fn perft_5_agrees_from_200_positions() {
    let positions = sample();
    let chosen = spread(&positions, 200);
    let total: u64 = chosen.par_iter().map(|p| compare_perft(p, 5)).sum();
    eprintln!("english: perft 5 from 200 positions, {total} leaves in all");
}
