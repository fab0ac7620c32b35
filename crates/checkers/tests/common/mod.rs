//! The harness that holds the bitboard generator against the reference:
//! one position at a time (the sorted action texts, and the position after
//! every action), perft, and random positions to do it on.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use crate::reference::{coords, Colour, Piece, RefAction, RefPos, RefRules};
use parlour_checkers::{parse_action, Action, Position, Rules};
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

/// The reference's name for `rules`.
pub fn ref_rules(rules: Rules) -> RefRules {
    if rules.is_huffing() {
        RefRules::Huffing
    } else {
        RefRules::English
    }
}

/// The reference position with the same FEN as `pos` (checking that the
/// reference writes that FEN back exactly).
pub fn to_reference(pos: &Position) -> RefPos {
    let fen = pos.to_string();
    let r = RefPos::from_fen(&fen, ref_rules(pos.rules()))
        .unwrap_or_else(|e| panic!("the reference cannot read {fen}: {e}"));
    assert_eq!(r.to_fen(), fen, "the reference writes {fen} differently");
    r
}

/// The parlour position with the same FEN as the reference position.
pub fn from_reference(r: &RefPos, rules: Rules) -> Position {
    let fen = r.to_fen();
    let pos = Position::from_fen(&fen, rules)
        .unwrap_or_else(|e| panic!("parlour rejects the reference position {fen}: {e}"));
    assert_eq!(pos.to_string(), fen, "parlour writes {fen} differently");
    pos
}

/// Checks one position: both generators give the same sorted action texts
/// (no action twice), the bulk count agrees, each text reads back as its
/// action, and after each action the two positions have the same FEN,
/// which parlour reads back to the same position. Returns parlour's
/// actions, for the caller to walk on.
pub fn compare(pos: &Position) -> Vec<Action> {
    let fen = pos.to_string();
    let r = to_reference(pos);
    let mut ours: Vec<(String, Action)> = pos
        .action_vec()
        .into_iter()
        .map(|a| (a.to_string(), a))
        .collect();
    ours.sort_by(|a, b| a.0.cmp(&b.0));
    let mut theirs: Vec<(String, RefAction)> = r
        .actions()
        .into_iter()
        .map(|a| (a.to_string(), a))
        .collect();
    theirs.sort_by(|a, b| a.0.cmp(&b.0));
    let our_names: Vec<&str> = ours.iter().map(|(n, _)| n.as_str()).collect();
    let their_names: Vec<&str> = theirs.iter().map(|(n, _)| n.as_str()).collect();
    if our_names != their_names {
        let only_ours: Vec<&&str> = our_names
            .iter()
            .filter(|n| !their_names.contains(n))
            .collect();
        let only_theirs: Vec<&&str> = their_names
            .iter()
            .filter(|n| !our_names.contains(n))
            .collect();
        panic!(
            "actions differ in {fen} ({}):\n  bitboard  {our_names:?}\n  reference {their_names:?}\n  \
             only bitboard {only_ours:?}\n  only reference {only_theirs:?}",
            pos.rules()
        );
    }
    assert_eq!(
        pos.count_actions(),
        ours.len() as u64,
        "count_actions disagrees with actions in {fen}"
    );
    for ((name, action), (_, ref_action)) in ours.iter().zip(&theirs) {
        assert_eq!(
            parse_action(pos, name).as_ref(),
            Ok(action),
            "`{name}` does not read back as itself in {fen}"
        );
        let child = pos.play(*action);
        let ref_child = r.play(ref_action);
        let child_fen = child.to_string();
        assert_eq!(
            child_fen,
            ref_child.to_fen(),
            "the positions after {name} in {fen} differ (bitboard, reference)"
        );
        let reread = Position::from_fen(&child_fen, pos.rules()).unwrap_or_else(|e| {
            panic!("parlour rejects its own {child_fen} (after {name} in {fen}): {e}")
        });
        assert_eq!(
            reread, child,
            "parlour reads {child_fen} back as another position"
        );
    }
    ours.into_iter().map(|(_, a)| a).collect()
}

/// Perft to `depth` by both generators, with the position in the message.
pub fn compare_perft(pos: &Position, depth: u32) -> u64 {
    let r = to_reference(pos);
    let ours = parlour_game::perft(pos, depth);
    let theirs = r.perft(depth);
    assert_eq!(
        ours,
        theirs,
        "perft {depth} of {pos} ({}) differs (bitboard, reference)",
        pos.rules()
    );
    ours
}

/// A random position with pieces thrown on the board: 1-12 a side, each a
/// king with a chance drawn per position (men drawn on their crowning row
/// are kings), either side to move.
pub fn scattered(rng: &mut StdRng, rules: Rules) -> Position {
    let mut squares: Vec<u8> = (1..=32).collect();
    squares.shuffle(rng);
    let black = rng.random_range(1..=12);
    let white = rng.random_range(1..=12);
    let king_chance = rng.random_range(0.0..=1.0);
    let mut r = RefPos::start(ref_rules(rules));
    r.board = [None; 32];
    for (i, &n) in squares.iter().take(black + white).enumerate() {
        let colour = if i < black {
            Colour::Black
        } else {
            Colour::White
        };
        let crown_row = if colour == Colour::Black { 7 } else { 0 };
        let king = rng.random_bool(king_chance) || coords(n).0 == crown_row;
        r.board[(n - 1) as usize] = Some(Piece { colour, king });
    }
    r.to_move = if rng.random_bool(0.5) {
        Colour::Black
    } else {
        Colour::White
    };
    from_reference(&r, rules)
}

/// A random position made for long king multi-jumps: the side to move has
/// one to four kings (and maybe a man or two), the adversary's pieces stand
/// scattered on the inner squares, where they can be jumped from all sides
/// (half the time only on rows 1, 3 and 5, leaving the rows between free to
/// land on).
pub fn jumpy(rng: &mut StdRng, rules: Rules) -> Position {
    let mover = if rng.random_bool(0.5) {
        Colour::Black
    } else {
        Colour::White
    };
    let mut r = RefPos::start(ref_rules(rules));
    r.board = [None; 32];
    r.to_move = mover;
    let lattice = rng.random_bool(0.5);
    let inner: Vec<u8> = (1..=32u8)
        .filter(|&n| {
            let (row, col) = coords(n);
            (1..7).contains(&row) && (1..7).contains(&col) && (!lattice || row % 2 == 1)
        })
        .collect();
    let victims = rng.random_range(3..=inner.len().min(12));
    let chosen: Vec<u8> = inner.choose_multiple(rng, victims).copied().collect();
    for &n in &chosen {
        r.board[(n - 1) as usize] = Some(Piece {
            colour: mover.other(),
            king: rng.random_bool(0.3),
        });
    }
    let mut free: Vec<u8> = (1..=32u8)
        .filter(|n| r.board[(*n - 1) as usize].is_none())
        .collect();
    free.shuffle(rng);
    let kings = rng.random_range(1..=4);
    let men = rng.random_range(0..=2);
    let crown_row = if mover == Colour::Black { 7 } else { 0 };
    for (i, &n) in free.iter().take(kings + men).enumerate() {
        let king = i < kings || coords(n).0 == crown_row;
        r.board[(n - 1) as usize] = Some(Piece {
            colour: mover,
            king,
        });
    }
    from_reference(&r, rules)
}

/// Picks `n` positions spread evenly over `all`.
pub fn spread<T: Clone>(all: &[T], n: usize) -> Vec<T> {
    assert!(all.len() >= n, "{} positions, {n} wanted", all.len());
    (0..n).map(|i| all[i * all.len() / n].clone()).collect()
}
