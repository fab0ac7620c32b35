//! The whole position in a [`FullKey`], for deep perft's table, which
//! compares stored positions in full.
//!
//! | field | bits |
//! |---|---|
//! | `lo` | Black's pegs (0-47), Black's hand (48-53) and reserve (54-59), White to move (60) |
//! | `hi` | White's pegs (0-47), White's hand (48-53) and reserve (54-59) |
//! | `tail` | Black's King (0-5) and White's (6-11), each its hole + 1 or 0 for none; the forced pegs (12-31) |
//!
//! The forced pegs are among the side to move's: bit `i` of their field is
//! the mover's `i`-th peg in hole order. A position where a peg beyond the
//! twentieth is forced (possible only with more than 20 pegs a side) has no
//! key. The rules are left out (a table holds one rule set's positions).

use crate::position::PegPosition;
use parlour_game::{FullKey, Side};

/// The key of `pos`, or `None` where it does not fit: distinct positions
/// under one set of rules have distinct keys.
#[inline]
pub(crate) fn full_key(pos: &PegPosition) -> Option<FullKey> {
    let side = |s: Side| {
        let i = s.index();
        pos.pegs[i] | (pos.hand[i] as u64) << 48 | (pos.reserve[i] as u64) << 54
    };
    let white_to_move = (pos.side == Side::White) as u64;
    let kings = king_field(pos, Side::Black)? | king_field(pos, Side::White)? << 6;
    let force = forced_ranks(pos.force, pos.pegs[pos.side.index()])?;
    Some(FullKey {
        lo: side(Side::Black) | white_to_move << 60,
        hi: side(Side::White),
        tail: kings | force << 12,
    })
}

/// A side's King as its hole + 1 (0 for none); `None` for two Kings.
#[inline]
fn king_field(pos: &PegPosition, side: Side) -> Option<u32> {
    let king = pos.kings & pos.pegs[side.index()];
    match king.count_ones() {
        0 => Some(0),
        1 => Some(king.trailing_zeros() + 1),
        _ => None,
    }
}

/// The forced pegs as ranks among the mover's pegs: bit `i` set when the
/// mover's `i`-th peg is forced; `None` past 20 bits or for a forced hole
/// that is not the mover's.
#[inline]
fn forced_ranks(force: u64, mine: u64) -> Option<u32> {
    if force & !mine != 0 {
        return None;
    }
    let mut ranks = 0u32;
    let mut rest = force;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        let rank = (mine & (bit - 1)).count_ones();
        if rank >= 20 {
            return None;
        }
        ranks |= 1 << rank;
        rest ^= bit;
    }
    Some(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PegRules;
    use parlour_game::Game;
    use rand::{Rng, SeedableRng};
    use std::collections::HashMap;

    #[test]
    fn distinct_positions_have_distinct_keys() {
        for text in ["", "squares=2", "squares=6,pegs=20,reserve=4"] {
            let rules: PegRules = text.parse().unwrap();
            let mut rng = rand::rngs::StdRng::seed_from_u64(5);
            let mut seen: HashMap<FullKey, PegPosition> = HashMap::new();
            let mut forced = 0;
            for _ in 0..300 {
                let mut pos = PegPosition::start(rules);
                let mut moves = crate::PegMoveList::new();
                for _ in 0..rng.random_range(0..80) {
                    pos.legal_moves(&mut moves);
                    for &mv in &moves {
                        let child = pos.play(mv);
                        forced += (child.force != 0) as usize;
                        let key = child.full_key().expect("a key for every such position");
                        let first = *seen.entry(key).or_insert(child);
                        assert_eq!(first, child, "two positions with the key {key:?}");
                    }
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.play(moves[rng.random_range(0..moves.len())]);
                }
            }
            assert!(seen.len() > 5000, "{text}: {} positions", seen.len());
            assert!(forced > 50, "{text}: {forced} positions with forced pegs");
        }
    }

    #[test]
    fn forced_pegs_are_ranked_among_the_movers() {
        assert_eq!(forced_ranks(0, 0b1011), Some(0));
        assert_eq!(forced_ranks(0b1000, 0b1011), Some(0b100));
        assert_eq!(forced_ranks(0b0100, 0b1011), None);
        let many = (1u64 << 30) - 1;
        assert_eq!(forced_ranks(1 << 19, many), Some(1 << 19));
        assert_eq!(forced_ranks(1 << 20, many), None);
    }
}
