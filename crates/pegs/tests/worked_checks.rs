//! The contract's worked checks (docs/rules/pegs.md, Worked checks): perft from the
//! start, the seed's King-in-11 position, and the forced King with the
//! reserve peg.

use parlour_game::{perft, Game};
use parlour_pegs::{PegMoveList, PegPosition, PegRules};

fn pos(text: &str) -> PegPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted_moves(p: &PegPosition) -> Vec<String> {
    let mut list = PegMoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn perft_from_the_start() {
    let start = PegPosition::start(PegRules::DEFAULT);
    let expected = [24, 552, 12144, 253424, 5006000];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32 + 1), n, "depth {}", depth + 1);
    }
}

#[test]
fn king_in_11_moves_and_perft() {
    let p = pos("b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w");
    assert_eq!(
        sorted_moves(&p),
        ["12-13", "12-20", "12-4", "19-18", "19-20", "2-1", "2-10"]
    );
    for (depth, n) in [7, 18, 129, 571].into_iter().enumerate() {
        assert_eq!(perft(&p, depth as u32 + 1), n, "depth {}", depth + 1);
    }
}

#[test]
fn forced_king_and_the_reserve_peg_perft() {
    let p = pos("b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5");
    for (depth, n) in [1, 2, 18, 278].into_iter().enumerate() {
        assert_eq!(perft(&p, depth as u32 + 1), n, "depth {}", depth + 1);
    }
}
