//! The whole position in a [`FullKey`], for deep perft's table, which
//! compares stored positions in full.
//!
//! | field | bits |
//! |---|---|
//! | `lo` | Black's pieces (0-31), White's pieces (32-63) |
//! | `hi` | kings (0-31), White to move (32), pending kind (33-34), the pending move's origin (35-39), destination (40-44), jumps (45-48) and flags (49-51) |
//! | `tail` | the pending move's path, two bits a jump |
//!
//! A move is its origin, destination, jumps, flags and path: the squares
//! it captures follow from its origin and path. The rules are left out (a
//! table holds one rule set's positions).

use crate::position::{Pending, Position};
use parlour_game::{FullKey, Side};

/// The key of `pos`: distinct positions under one set of rules have
/// distinct keys.
#[inline(always)]
pub(crate) fn full_key(pos: &Position) -> FullKey {
    let black = pos.pieces(Side::Black).0 as u64;
    let white = pos.pieces(Side::White).0 as u64;
    let side = (pos.side() == Side::White) as u64;
    let (pending, path) = pending_bits(pos.pending());
    FullKey {
        lo: black | white << 32,
        hi: pos.kings().0 as u64 | side << 32 | pending << 33,
        tail: path,
    }
}

/// The pending state as its kind and move (bits 33 and up of `hi`, shifted
/// down to 0) and the move's path.
#[inline(always)]
fn pending_bits(pending: Pending) -> (u64, u32) {
    let (kind, mv) = match pending {
        Pending::Nothing => return (0, 0),
        Pending::CompelCapture => return (2, 0),
        Pending::Offence(mv) => (1, mv),
        Pending::CompelRest(mv) => (3, mv),
    };
    let fields = kind
        | (mv.origin() as u64) << 2
        | (mv.dest() as u64) << 7
        | (mv.jumps() as u64) << 12
        | (mv.flags() as u64) << 16;
    (fields, mv.path_bits())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use parlour_game::Game;
    use std::collections::HashMap;

    #[test]
    fn distinct_positions_have_distinct_keys() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let mut seen: HashMap<FullKey, Position> = HashMap::new();
            let mut pending = 0;
            for pos in crate::testing::random_positions(rules, 3000, 11, 90) {
                for child in pos.action_vec().into_iter().map(|a| pos.play(a)) {
                    pending += (child.pending() != Pending::Nothing) as usize;
                    let key = child.full_key().expect("every checkers position has a key");
                    let first = *seen.entry(key).or_insert(child);
                    assert_eq!(first, child, "two positions with the key {key:?}");
                }
            }
            assert!(seen.len() > 5000, "{} positions", seen.len());
            if rules.is_huffing() {
                assert!(pending > 1000, "{pending} positions with something pending");
            }
        }
    }
}
