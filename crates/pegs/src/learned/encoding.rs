//! A peg position packed into bytes for training data, and read back
//! checked: three hole masks, the force, the hands and reserves, the side.

use crate::position::PegPosition;
use parlour_game::{DecodeError, Side};

/// Bytes of an encoded position: three hole masks, hands, reserves, the
/// side and the force.
pub(super) const CODE_LEN: usize = 8 * 4 + 5;

/// Writes `pos` into `out`, [`CODE_LEN`] bytes.
pub(super) fn encode(pos: &PegPosition, out: &mut [u8]) {
    out[0..8].copy_from_slice(&pos.pegs[0].to_le_bytes());
    out[8..16].copy_from_slice(&pos.pegs[1].to_le_bytes());
    out[16..24].copy_from_slice(&pos.kings.to_le_bytes());
    out[24..32].copy_from_slice(&pos.force.to_le_bytes());
    out[32] = pos.hand[0];
    out[33] = pos.hand[1];
    out[34] = pos.reserve[0];
    out[35] = pos.reserve[1];
    out[36] = pos.side.index() as u8;
}

/// The position `bytes` hold, on the board and under the rules of `like`.
pub(super) fn decode(like: &PegPosition, bytes: &[u8]) -> Result<PegPosition, DecodeError> {
    let bad = |reason: &str| DecodeError {
        reason: reason.to_string(),
    };
    if bytes.len() != CODE_LEN {
        return Err(bad("the wrong number of bytes for a peg position"));
    }
    let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    let (black, white, kings, force) = (word(0), word(8), word(16), word(24));
    let all = like.board.all_bits();
    let side = match bytes[36] {
        0 => Side::Black,
        1 => Side::White,
        _ => return Err(bad("no such side")),
    };
    let rules = like.rules;
    if black & white != 0 || (black | white) & !all != 0 {
        return Err(bad("pegs off the board or on one hole twice"));
    }
    if kings & !(black | white) != 0
        || (kings & black).count_ones() > 1
        || (kings & white).count_ones() > 1
    {
        return Err(bad("a King where there is no peg, or two Kings a side"));
    }
    if force & ![black, white][side.index()] != 0 {
        return Err(bad("a force on a hole without a peg of the side to move"));
    }
    let (hand, reserve) = ([bytes[32], bytes[33]], [bytes[34], bytes[35]]);
    for s in 0..2 {
        if hand[s] > rules.pegs || reserve[s] > rules.reserve {
            return Err(bad("more pegs in hand or reserve than the rules give"));
        }
    }
    Ok(PegPosition {
        pegs: [black, white],
        kings,
        hand,
        reserve,
        side,
        force,
        rules,
        board: like.board,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_positions;
    use crate::PegRules;
    use parlour_game::Learn;

    #[test]
    fn positions_round_trip_through_their_code() {
        for rules in [PegRules::DEFAULT, "squares=5".parse().unwrap()] {
            let start = PegPosition::start(rules);
            let mut code = vec![0; start.code_len()];
            for pos in random_positions(rules, 300, 5) {
                pos.encode(&mut code);
                assert_eq!(start.decode(&code).unwrap(), pos);
            }
            code[0] = 0xFF;
            code[8] = 0xFF;
            assert!(start.decode(&code).is_err());
        }
    }
}
