//! The bitboard generator against the plain reference generator
//! (`tests/reference`) under huffing rules: the same sorted action texts
//! (moves, huffs, compel) and the same position after every action on
//! 60,000 random positions, offences of both kinds and both compelled
//! states among them, and the same perft to depth 5 from 200 of them.

mod common;
mod reference;

use common::{compare, compare_perft, jumpy, scattered, spread, to_reference};
use parlour_checkers::{Action, Pending, Position, Rules};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

const RULES: Rules = Rules::HUFFING;

/// Positions from random games played from the start.
const START_PLAYOUT_POSITIONS: usize = 30_000;
/// Positions from short random games played from thrown positions.
const SCATTERED_PLAYOUT_POSITIONS: usize = 15_000;
/// Positions from short random games played from king multi-jump positions.
const JUMPY_PLAYOUT_POSITIONS: usize = 15_000;

/// Hand-made positions, each with its legal actions worked out by hand from
/// the contract.
const HAND_MADE: &[(&str, &[&str])] = &[
    // Every prefix of every capture is a move; 11-16 neglects them.
    (
        "B:W23,22,15,14:B11,10",
        &[
            "10x17", "10x17x26", "10x19", "10x19x26", "11-16", "11x18", "11x18x25", "11x18x27",
        ],
    ),
    // The contract's worked check: Black neglected 9x18 with 11-15; the
    // man on 9 may be huffed (15 had no jump before the move).
    (
        "W:W14,30:B9,15:O11-15",
        &[
            "14-10", "14x5", "30-25", "30-26", "compel", "h9 14-10", "h9 14-9", "h9 30-25",
            "h9 30-26",
        ],
    ),
    // Compel after that neglect: 11-15 is taken back, Black must capture.
    ("B:W14,30:B9,11:C", &["9x18"]),
    // Black stopped 10x17 short of 17x26: 17 may be huffed, or compelled.
    (
        "W:W15,22,23:B11,17:O10x17",
        &[
            "15-10",
            "15x8",
            "22-18",
            "22x13",
            "23-18",
            "23-19",
            "compel",
            "h17 15-10",
            "h17 15x8",
            "h17 22-17",
            "h17 22-18",
            "h17 23-18",
            "h17 23-19",
        ],
    ),
    // Compel after that: the man on 17 completes from where he stopped, not
    // the man on 11 with his own jump.
    ("B:W15,22,23:B11,17:C10x17", &["17x26"]),
    // A man crowned by a jump has made a complete move, a king's further
    // jump is no offence; the step 22-25 neglects the capture.
    ("B:W26,27:B22", &["22-25", "22x31"]),
    // Black crowned with 27-32 while 18x25 was open: 18 may be huffed.
    (
        "W:W22,26:B18,K32:O27-32K",
        &[
            "22-17",
            "22x15",
            "26-23",
            "compel",
            "h18 22-17",
            "h18 22-18",
            "h18 26-23",
        ],
    ),
    // Compel after that: the step and the crown are taken back.
    ("B:W22,26:B18,27:C", &["18x25"]),
    // Black's king stopped his loop 10x17x26x19x10 at 26: only he may be
    // huffed.
    (
        "W:W15,23:BK26:O10x17x26",
        &[
            "15-10",
            "15-11",
            "23-18",
            "23-19",
            "compel",
            "h26 15-10",
            "h26 15-11",
            "h26 23-18",
            "h26 23-19",
        ],
    ),
    // Compel after that: the king completes the loop from 26, through the
    // square he started on.
    ("B:W15,23:BK26:C10x17x26", &["26x19x10"]),
    // Black moved the man that could jump (9-13, not 9x18): he is huffable
    // on his new square.
    (
        "W:W14,30:B13,15:O9-13",
        &[
            "14-10",
            "14-9",
            "30-25",
            "30-26",
            "compel",
            "h13 14-10",
            "h13 14-9",
            "h13 30-25",
            "h13 30-26",
        ],
    ),
];

/// A random action, leaning towards the ones that make huffing what it is:
/// compel, huffs, captures stopped short and neglects.
fn pick(rng: &mut StdRng, actions: &[Action]) -> Option<Action> {
    let of_kind = |keep: &dyn Fn(&Action) -> bool| -> Vec<Action> {
        actions.iter().copied().filter(|a| keep(a)).collect()
    };
    let offends = |a: &Action, capture: bool| {
        a.played_move()
            .is_some_and(|m| m.offends() && m.is_capture() == capture)
    };
    let kinds = [
        (0.40, of_kind(&|a| matches!(a, Action::Compel))),
        (0.55, of_kind(&|a| matches!(a, Action::Huff(..)))),
        (0.75, of_kind(&|a| offends(a, true))),
        (0.85, of_kind(&|a| offends(a, false))),
    ];
    let roll: f64 = rng.random();
    let kind = kinds
        .iter()
        .find(|(below, list)| roll < *below && !list.is_empty())
        .map_or(actions, |(_, list)| list.as_slice());
    kind.choose(rng).copied()
}

/// Plays a random game from `pos` for up to `plies`, recording each position.
fn playout(rng: &mut StdRng, mut pos: Position, plies: usize, out: &mut Vec<Position>) {
    for _ in 0..plies {
        out.push(pos);
        let Some(action) = pick(rng, &pos.action_vec()) else {
            return;
        };
        pos = pos.play(action);
    }
}

/// Every position of the sample, in a fixed order from a fixed seed.
fn sample() -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(0x4855_FF19_6000_0004);
    let mut out = Vec::new();
    while out.len() < START_PLAYOUT_POSITIONS {
        playout(&mut rng, Position::start(RULES), 150, &mut out);
    }
    out.truncate(START_PLAYOUT_POSITIONS);
    let mut from_thrown = Vec::new();
    while from_thrown.len() < SCATTERED_PLAYOUT_POSITIONS {
        let start = scattered(&mut rng, RULES);
        playout(&mut rng, start, 12, &mut from_thrown);
    }
    from_thrown.truncate(SCATTERED_PLAYOUT_POSITIONS);
    out.extend(from_thrown);
    let mut from_jumpy = Vec::new();
    while from_jumpy.len() < JUMPY_PLAYOUT_POSITIONS {
        let start = jumpy(&mut rng, RULES);
        playout(&mut rng, start, 8, &mut from_jumpy);
    }
    from_jumpy.truncate(JUMPY_PLAYOUT_POSITIONS);
    out.extend(from_jumpy);
    out
}

#[test]
fn compel_leads_to_the_hand_worked_positions() {
    for (offence, compelled) in [
        ("W:W14,30:B9,15:O11-15", "B:W14,30:B9,11:C"),
        ("W:W15,22,23:B11,17:O10x17", "B:W15,22,23:B11,17:C10x17"),
        ("W:W22,26:B18,K32:O27-32K", "B:W22,26:B18,27:C"),
        ("W:W14,30:B13,15:O9-13", "B:W14,30:B9,15:C"),
        ("W:W15,23:BK26:O10x17x26", "B:W15,23:BK26:C10x17x26"),
    ] {
        let pos = Position::from_fen(offence, RULES).unwrap();
        assert_eq!(pos.play(Action::Compel).to_string(), compelled);
        let r = to_reference(&pos);
        assert_eq!(r.play(&reference::RefAction::Compel).to_fen(), compelled);
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

/// What the sample holds, to show it reaches every huffing state.
#[derive(Debug, Default)]
struct Coverage {
    neglects: usize,
    crowning_neglects: usize,
    mover_huffable: usize,
    several_huffable: usize,
    stopped_short: usize,
    compel_capture: usize,
    compel_rest: usize,
    king_compel_rest: usize,
    offending_moves: usize,
    no_action: usize,
}

#[test]
fn random_positions_agree() {
    let positions = sample();
    let mut c = Coverage::default();
    for pos in &positions {
        let actions = compare(pos);
        c.no_action += usize::from(actions.is_empty());
        c.offending_moves += usize::from(
            actions
                .iter()
                .any(|a| a.played_move().is_some_and(|m| m.offends())),
        );
        match pos.pending() {
            Pending::Nothing => {}
            Pending::Offence(m) if m.is_capture() => c.stopped_short += 1,
            Pending::Offence(m) => {
                c.neglects += 1;
                c.crowning_neglects += usize::from(m.crowns());
                let huffable = to_reference(pos).huffable(&reference::RefMove {
                    squares: vec![m.from().number() as u8, m.to().number() as u8],
                    capture: false,
                    captured: vec![],
                    crowns: m.crowns(),
                    offends: true,
                });
                c.mover_huffable += usize::from(huffable.contains(&(m.to().number() as u8)));
                c.several_huffable += usize::from(huffable.len() >= 2);
            }
            Pending::CompelCapture => c.compel_capture += 1,
            Pending::CompelRest(m) => {
                c.compel_rest += 1;
                c.king_compel_rest += usize::from(pos.kings().contains(m.to()));
            }
        }
    }
    eprintln!("huffing: {} positions: {c:?}", positions.len());
    assert!(positions.len() >= 60_000);
    assert!(c.neglects >= 6_000, "{c:?}");
    assert!(c.crowning_neglects >= 200, "{c:?}");
    assert!(c.mover_huffable >= 1_000, "{c:?}");
    assert!(c.several_huffable >= 1_000, "{c:?}");
    assert!(c.stopped_short >= 1_500, "{c:?}");
    assert!(c.compel_capture >= 2_500, "{c:?}");
    assert!(c.compel_rest >= 500, "{c:?}");
    assert!(c.king_compel_rest >= 300, "{c:?}");
    assert!(c.offending_moves >= 10_000, "{c:?}");
    assert!(c.no_action >= 200, "{c:?}");
}

/// The most leaves at depth 4 (by the bitboard generator) of a position
/// whose perft 5 the slow reference is asked for: a few positions full of
/// kings with an offence pending run to 10^8 leaves at depth 5, and every
/// node of those trees is compared action by action above anyway.
const PERFT_4_CAP: u64 = 50_000;

/// `n` positions spread over `all`, leaving out those too big for the
/// reference's perft 5.
fn perft_sample(all: &[Position], n: usize) -> Vec<Position> {
    let small: Vec<Position> = spread(all, all.len().min(4 * n))
        .into_iter()
        .filter(|p| parlour_game::perft(p, 4) <= PERFT_4_CAP)
        .collect();
    spread(&small, n)
}

#[test]
fn perft_5_agrees_from_200_positions() {
    let (pending, quiet): (Vec<Position>, Vec<Position>) = sample()
        .into_iter()
        .partition(|p| p.pending() != Pending::Nothing);
    // Half with an offence or compulsion pending, half without.
    let mut chosen = perft_sample(&pending, 100);
    chosen.extend(perft_sample(&quiet, 100));
    let total: u64 = chosen.par_iter().map(|p| compare_perft(p, 5)).sum();
    eprintln!(
        "huffing: perft 5 from {} positions, {total} leaves in all",
        chosen.len()
    );
    assert_eq!(chosen.len(), 200);
}
