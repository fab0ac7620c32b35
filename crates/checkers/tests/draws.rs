//! The draws `History` decides: the third repetition, the quiet-ply limit
//! (and the rules' own limit), and what resets the quiet count.

mod text_support;

use parlour_checkers::{parse_action, Action, Position, Rules};
use parlour_game::{Game, History, Outcome};
use std::collections::HashSet;
use text_support::pos;

/// The squares a king may step to from `sq` (any direction).
fn king_steps(p: &Position) -> Vec<Action> {
    p.action_vec()
        .into_iter()
        .filter(|a| matches!(a, Action::Move(m) if !m.is_capture() && p.kings().contains(m.from())))
        .collect()
}

/// A walk of `plies` king steps from `start` that repeats no position and
/// never leaves a capture open (found by depth-first search).
fn quiet_walk(start: Position, plies: usize) -> Vec<Action> {
    fn go(p: Position, left: usize, seen: &mut HashSet<u64>, path: &mut Vec<Action>) -> bool {
        if left == 0 {
            return true;
        }
        for a in king_steps(&p) {
            let next = p.play(a);
            if next.can_capture() || !seen.insert(next.hash()) {
                continue;
            }
            path.push(a);
            if go(next, left - 1, seen, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut seen = HashSet::from([start.hash()]);
    let mut path = Vec::new();
    assert!(
        go(start, plies, &mut seen, &mut path),
        "no quiet walk of {plies} plies"
    );
    path
}

#[test]
fn the_third_repetition_is_a_draw() {
    let start = pos("B:WK29:BK4", Rules::ENGLISH);
    let mut h = History::new(start);
    let cycle = ["4-8", "29-25", "8-4", "25-29"];
    for (round, expected) in [(1, 2), (2, 3)] {
        for (i, text) in cycle.iter().enumerate() {
            assert_eq!(h.outcome(), None, "round {round}, before {text}");
            let a = parse_action(h.current(), text).unwrap();
            assert!(h.try_push(a));
            if i < 3 {
                assert!(h.repetitions() < 3);
            }
        }
        assert_eq!(h.current(), &start);
        assert_eq!(h.repetitions(), expected);
    }
    assert_eq!(h.outcome(), Some(Outcome::Draw));
    // Taking back the last move undoes the draw.
    h.pop();
    assert_eq!(h.outcome(), None);
}

#[test]
fn eighty_quiet_plies_is_a_draw() {
    let start = pos("B:W32,K25,K26:B1,K7,K8", Rules::ENGLISH);
    let walk = quiet_walk(start, 80);
    let mut h = History::new(start);
    for (i, &a) in walk.iter().enumerate() {
        assert_eq!(h.outcome(), None, "after {i} plies");
        assert!(h.try_push(a));
        assert_eq!(h.quiet_plies(), i as u32 + 1);
        assert_eq!(h.repetitions(), 1);
    }
    assert_eq!(h.quiet_plies(), 80);
    assert_eq!(h.outcome(), Some(Outcome::Draw));
}

#[test]
fn quiet_plies_in_the_rules_change_the_limit() {
    let rules: Rules = "english,quiet_plies=10".parse().unwrap();
    let start = pos("B:W32,K25,K26:B1,K7,K8", rules);
    assert_eq!(start.quiet_ply_limit(), 10);
    let walk = quiet_walk(start, 10);
    let mut h = History::new(start);
    for &a in &walk[..9] {
        h.push(a);
    }
    assert_eq!(h.outcome(), None);
    h.push(walk[9]);
    assert_eq!(h.outcome(), Some(Outcome::Draw));
    // Huffing with a higher limit: not yet a draw after 80.
    let long: Rules = "huffing,quiet_plies=100".parse().unwrap();
    let start = pos("B:W32,K25,K26:B1,K7,K8", long);
    let mut h = History::new(start);
    for a in quiet_walk(start, 80) {
        h.push(a);
    }
    assert_eq!(h.quiet_plies(), 80);
    assert_eq!(h.outcome(), None);
}

#[test]
fn a_man_move_or_a_capture_resets_the_quiet_count() {
    let start = pos("B:W32,K25,K26:B1,K7,K8", Rules::ENGLISH);
    let mut h = History::new(start);
    for a in quiet_walk(start, 6) {
        h.push(a);
    }
    assert_eq!(h.quiet_plies(), 6);
    // Black's man on 1 moves: the count starts again.
    let man = parse_action(h.current(), "1-5")
        .or_else(|_| parse_action(h.current(), "1-6"))
        .unwrap();
    assert!(h.current().is_irreversible(man));
    h.push(man);
    assert_eq!(h.quiet_plies(), 0);
    // A king's step counts one; a king's capture resets.
    let cap = pos("W:W32,K15:B1,K10", Rules::ENGLISH);
    let mut h = History::new(pos("B:W32,K15:B1,K6", Rules::ENGLISH));
    h.push(parse_action(h.current(), "6-10").unwrap());
    assert_eq!(h.current(), &cap);
    assert_eq!(h.quiet_plies(), 1);
    let take = parse_action(h.current(), "15x6").unwrap();
    assert!(h.current().is_irreversible(take));
    h.push(take);
    assert_eq!(h.quiet_plies(), 0);
    // A repetition before a man move does not count after it.
    assert_eq!(h.reversible_hashes().len(), 1);
}
