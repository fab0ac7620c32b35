//! The rules of section B and the precise points beyond the seed's
//! examples: no self-block, forces that cannot be obeyed, removals with
//! nothing to remove, the forced peg off its square, draws, hashing.

use parlour_game::{Game, History, Outcome, Side};
use parlour_pegs::{PegMoveList, PegPosition, PegRules};

fn pos(text: &str) -> PegPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &PegPosition) -> Vec<String> {
    let mut list = PegMoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_first_placement_is_the_king_and_keeps_the_hand() {
    let start = PegPosition::start(PegRules::DEFAULT);
    let m = moves(&start);
    assert_eq!(m.len(), 24);
    assert!(m.iter().all(|m| m.starts_with("K@")));
    let p = start.play(start.parse_move("K@5").unwrap());
    assert_eq!(p.hand(Side::Black), 9);
    assert!(
        moves(&p).iter().all(|m| m.starts_with("K@")),
        "White's King next"
    );
    let q = p.play(p.parse_move("K@6").unwrap());
    assert!(moves(&q).iter().all(|m| m.starts_with('@')));
    let r = q.play(q.parse_move("@1").unwrap());
    assert_eq!(r.hand(Side::Black), 8);
}

#[test]
fn a_move_that_blocks_the_movers_own_king_is_illegal() {
    // 20-19 would fill the last hole round Black's King in 11, held by the
    // White pair 10-12.
    let p = pos("b:K11,3,20/w:10,12/hand:0,0/reserve:3,3/turn:b");
    let m = moves(&p);
    assert!(!m.contains(&"20-19".to_string()), "{m:?}");
    assert!(m.contains(&"20-21".to_string()));
}

#[test]
fn forces_that_cannot_be_obeyed_lose_and_do_not_lapse() {
    // Black's 20 is forced; its only nearest hole, 19, would block his own
    // King in 11 (pair 10-12). Other moves exist but the force stands.
    let text = "b:K11,20,22,24/w:3,10,12,17,18,21,23/hand:0,0/reserve:3,3/turn:b";
    let forced = pos(&format!("{text}/force:20"));
    assert!(moves(&forced).is_empty());
    assert_eq!(forced.outcome(), Some(Outcome::Win(Side::White)));
    assert!(!moves(&pos(text)).is_empty());
}

#[test]
fn a_forced_peg_with_its_square_full_goes_to_the_nearest_hole_by_connections() {
    let p = pos("b:K9,2,3,4,5,6,7,8,17/w:K20,1/hand:0,0/reserve:3,3/turn:w/force:1");
    assert_eq!(moves(&p), ["1-10", "1-16"]);
}

#[test]
fn a_line_with_no_adversary_peg_to_remove_is_a_plain_move() {
    let p = pos("b:K20,1,2/w:K22/hand:6,8/reserve:3,3/turn:b");
    let m = moves(&p);
    assert!(m.contains(&"@3".to_string()));
    assert!(m.iter().all(|m| !m.contains('x')));
    let p = pos("b:K20,1,2/w:K22,9,13/hand:6,6/reserve:3,3/turn:b");
    let m = moves(&p);
    assert!(m.contains(&"@3x9".to_string()) && m.contains(&"@3x13".to_string()));
    assert!(!m.contains(&"@3".to_string()));
    // The King cannot be removed.
    assert!(!m.contains(&"@3x22".to_string()));
}

#[test]
fn the_removal_chooses_among_pegs_left_after_the_block_captures() {
    // @3 captures White's 4 (jaws 3 and 5) and makes the line 1-2-3: the
    // removal is chosen among the rest.
    let p = pos("b:K20,1,2,5/w:K22,4,13/hand:5,7/reserve:3,3/turn:b");
    let m: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("@3"))
        .collect();
    assert_eq!(m, ["@3x13"]);
    let q = p.play(p.parse_move("@3x13").unwrap());
    assert_eq!(
        q.to_string(),
        "b:K20,1,2,3,5/w:K22/hand:4,7/reserve:3,3/turn:w"
    );
}

#[test]
fn quiet_plies_draw_the_game() {
    let p = pos("b:K1/w:K24/hand:0,0/reserve:3,3/turn:b/rules:quiet_plies=3");
    let mut game = History::new(p);
    for mv in ["1-2", "24-23", "2-3"] {
        assert_eq!(game.outcome(), None);
        let m = game.current().parse_move(mv).unwrap();
        assert!(!game.current().is_irreversible(m));
        game.push(m);
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(p.quiet_ply_limit(), 3);
}

#[test]
fn a_third_repetition_draws_the_game() {
    let p = pos("b:K1/w:K24/hand:0,0/reserve:3,3/turn:b");
    let mut game = History::new(p);
    for _ in 0..2 {
        for mv in ["1-2", "24-23", "2-1", "23-24"] {
            assert_eq!(game.outcome(), None);
            let m = game.current().parse_move(mv).unwrap();
            game.push(m);
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn placements_and_captures_reset_the_quiet_count() {
    let p = pos("b:K20,1/w:K22,2/hand:7,7/reserve:3,3/turn:b");
    assert!(p.is_irreversible(p.parse_move("@3").unwrap()));
    let p = pos("b:K5,9/w:K21,1,10,24/hand:0,0/reserve:3,3/turn:w");
    assert!(p.is_irreversible(p.parse_move("24-17").unwrap()));
    assert!(!p.is_irreversible(p.parse_move("24-23").unwrap()));
}

#[test]
fn the_hash_sees_every_part_of_the_position() {
    let base = "b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w";
    let variants = [
        base.to_string(),
        format!("{base}/force:5"),
        base.replace("hand:4,5", "hand:3,5"),
        base.replace("reserve:3,3", "reserve:3,2"),
        base.replace("turn:w", "turn:b"),
        base.replace("K5,1", "K1,5"),
        format!("{base}/rules:quiet_plies=50"),
        format!("{base}/rules:reserve=4"),
    ];
    let hashes: Vec<u64> = variants.iter().map(|t| pos(t).hash()).collect();
    for i in 0..hashes.len() {
        for j in 0..i {
            assert_ne!(hashes[i], hashes[j], "{} vs {}", variants[i], variants[j]);
        }
    }
    // The hash is the position's, not its text's: the same position with
    // its pegs listed in another order hashes the same.
    let reordered = "b:K16,21,11,9,4,3/w:K5,20,13,6,1/hand:4,5/reserve:3,3/turn:w";
    assert_eq!(pos(reordered), pos(base));
    assert_eq!(pos(reordered).hash(), hashes[0]);
}
