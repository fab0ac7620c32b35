//! Every worked example of the seed text, set up as a position and played.

use parlour_game::{Game, Outcome, Side};
use parlour_pegs::{Hole, PegMoveList, PegPosition};

fn pos(text: &str) -> PegPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn h(n: u32) -> Hole {
    Hole::from_number(n).unwrap()
}

fn moves(p: &PegPosition) -> Vec<String> {
    let mut list = PegMoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn play(p: &PegPosition, text: &str) -> PegPosition {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{p}: {e}"));
    p.play(mv)
}

#[test]
fn black_in_1_captures_whites_2_by_playing_3() {
    let p = pos("b:K20,1/w:K22,2/hand:7,7/reserve:3,3/turn:b");
    let q = play(&p, "@3");
    assert!(!q.pegs(Side::White).contains(h(2)), "{q}");
    assert!(q.pegs(Side::Black).contains(h(3)));
    assert_eq!(q.to_string(), "b:K20,1,3/w:K22/hand:6,7/reserve:3,3/turn:w");
}

#[test]
fn white_with_4_recaptures_by_playing_into_2() {
    let p = pos("b:K20,1,3/w:K22,4/hand:6,6/reserve:3,3/turn:w");
    let q = play(&p, "@2");
    assert!(!q.pegs(Side::Black).contains(h(3)), "{q}");
    assert!(q.pegs(Side::White).contains(h(2)));
    assert!(q.pegs(Side::Black).contains(h(1)));
}

#[test]
fn a_peg_may_arrive_between_two_adversary_pegs_without_harm() {
    let p = pos("b:K20,1,3/w:K22/hand:6,7/reserve:3,3/turn:w");
    let q = play(&p, "@2");
    assert!(q.pegs(Side::White).contains(h(2)), "{q}");
    assert!(q.pegs(Side::Black).contains(h(1)) && q.pegs(Side::Black).contains(h(3)));
}

#[test]
fn white_in_1_10_24_blocks_black_9_by_24_17_or_24_16() {
    let p = pos("b:K5,9/w:K21,1,10,24/hand:0,0/reserve:3,3/turn:w");
    for mv in ["24-17", "24-16"] {
        let q = play(&p, mv);
        assert!(!q.pegs(Side::Black).contains(h(9)), "{mv}: {q}");
        assert!(p.is_irreversible(p.parse_move(mv).unwrap()));
    }
    let q = play(&p, "24-23");
    assert!(q.pegs(Side::Black).contains(h(9)));
}

#[test]
fn king_in_3_with_white_4_is_not_blocked_by_white_2_while_11_is_empty() {
    let p = pos("b:K3/w:K20,4/hand:9,8/reserve:3,3/turn:w");
    let q = play(&p, "@2");
    assert!(q.king_blockers().is_empty(), "{q}");
    assert!(
        q.pegs(Side::Black).contains(h(3)),
        "the King is never captured"
    );
    assert!(moves(&q).len() > 2);
}

#[test]
fn king_in_3_is_blocked_by_white_2_once_11_is_filled() {
    let p = pos("b:K3,11/w:K20,4/hand:8,8/reserve:3,3/turn:w");
    let q = play(&p, "@2");
    let blockers: Vec<u32> = q.king_blockers().iter().map(|h| h.number()).collect();
    assert_eq!(blockers, [2, 4]);
    // The only escapes capture a blocking peg: @1 takes 2 (with the King
    // in 3), @5 takes 4, and @19 makes the line 3-11-19 whose removal may
    // take either blocking peg (precise point 5).
    assert_eq!(moves(&q), ["@1", "@19x2", "@19x4", "@5"]);
}

const KING_IN_11: &str = "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w";

#[test]
fn king_in_11_is_lost_to_2_10() {
    let p = pos(KING_IN_11);
    let q = play(&p, "2-10");
    let blockers: Vec<u32> = q.king_blockers().iter().map(|h| h.number()).collect();
    assert_eq!(blockers, [10, 12]);
    assert!(moves(&q).is_empty());
    assert_eq!(q.outcome(), Some(Outcome::Win(Side::White)));
}

#[test]
fn king_in_11_escapes_into_9_from_17_16_or_1() {
    for from in [17, 16, 1] {
        let p = pos(&format!(
            "b:K11,3,{from}/w:2,12,19/hand:0,0/reserve:3,3/turn:w"
        ));
        let q = play(&p, "2-10");
        let escape = format!("{from}-9");
        assert_eq!(moves(&q), std::slice::from_ref(&escape), "{q}");
        let r = play(&q, &escape);
        assert!(!r.pegs(Side::White).contains(h(10)), "{r}");
        assert!(r.pegs(Side::White).contains(h(12)));
    }
}

#[test]
fn capturing_19_or_moving_3_does_not_free_the_king_in_11() {
    // Black's 17-18 captures 19 (between 18 and 20) when his King is free...
    let free = pos("b:K11,3,17,20/w:2,12,19/hand:0,0/reserve:3,3/turn:b");
    let r = play(&free, "17-18");
    assert!(!r.pegs(Side::White).contains(h(19)), "{r}");
    // ...but once 2-10 blocks the King, that is no escape, nor is moving 3
    // to 2. The escapes capture a blocking peg: 17-9 takes 10, and here
    // 3-4 takes 12 too (with 20 as the other jaw).
    let p = pos("b:K11,3,17,20/w:2,12,19/hand:0,0/reserve:3,3/turn:w");
    let q = play(&p, "2-10");
    assert!(!q.king_blockers().is_empty());
    for mv in ["17-18", "3-2", "20-21"] {
        assert!(q.parse_move(mv).is_err(), "{mv} in {q}");
    }
    assert_eq!(moves(&q), ["17-9", "3-4"]);
    assert!(!play(&q, "3-4").pegs(Side::White).contains(h(12)));
}

#[test]
fn black_1_placing_in_2_forces_whites_3_to_4() {
    let p = pos("b:K20,1/w:K22,3/hand:7,8/reserve:3,3/turn:b");
    let q = play(&p, "@2");
    let forced: Vec<u32> = q.forced().iter().map(|h| h.number()).collect();
    assert_eq!(forced, [3]);
    assert_eq!(moves(&q), ["3-4"]);
    // A forced move in the placement phase replaces the placement.
    let r = play(&q, "3-4");
    assert_eq!(r.hand(Side::White), 8);
}

#[test]
fn black_11_and_19_force_whites_3_to_2_or_4() {
    let p = pos("b:K20,11/w:K22,3/hand:7,8/reserve:3,3/turn:b");
    let q = play(&p, "@19");
    assert_eq!(q.forced().len(), 1);
    assert_eq!(moves(&q), ["3-2", "3-4"]);
    // The other order makes the same force.
    let p = pos("b:K20,19/w:K22,3/hand:7,8/reserve:3,3/turn:b");
    assert_eq!(moves(&play(&p, "@11")), ["3-2", "3-4"]);
}

#[test]
fn the_king_forced_leaves_his_hole_to_a_reserve_peg_of_the_forcer() {
    let p = pos("b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5");
    assert_eq!(moves(&p), ["5-7"]);
    let q = play(&p, "5-7");
    assert_eq!(q.king(Side::White), Some(h(7)));
    assert!(q.pegs(Side::Black).contains(h(5)), "{q}");
    assert_eq!(q.reserve(Side::Black), 2);
    assert_eq!(q.reserve(Side::White), 3);
    assert!(p.is_irreversible(p.parse_move("5-7").unwrap()));
}

#[test]
fn a_forced_king_with_no_reserve_left_brings_no_peg() {
    let p = pos("b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:0,3/turn:w/force:5");
    let q = play(&p, "5-7");
    assert!(!q.pegs(Side::Black).contains(h(5)), "{q}");
    assert!(!p.is_irreversible(p.parse_move("5-7").unwrap()));
}
