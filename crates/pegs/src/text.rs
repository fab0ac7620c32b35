//! The position's text form:
//! `b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w[/force:3][/rules:...]`.
//! Each side lists its King first, then its pegs in ascending order; `hand`
//! and `reserve` give Black's then White's counts; `force` names the side to
//! move's forced holes; `rules` the fields that differ from the default.

use crate::board::MAX_LINES_THROUGH;
use crate::error::PositionError;
use crate::hole::{bits, Hole};
use crate::position::PegPosition;
use crate::rules::PegRules;
use parlour_game::Side;
use std::fmt;
use std::str::FromStr;

/// The fields in the order they are written.
const ORDER: [&str; 7] = ["b", "w", "hand", "reserve", "turn", "force", "rules"];
/// How many of them every position has.
const REQUIRED: usize = 5;

fn write_holes(f: &mut fmt::Formatter<'_>, mask: u64) -> fmt::Result {
    for (i, h) in bits(mask).enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{}", h + 1)?;
    }
    Ok(())
}

impl fmt::Display for PegPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, side) in [("b", Side::Black), ("w", Side::White)] {
            if side == Side::White {
                f.write_str("/")?;
            }
            write!(f, "{name}:")?;
            let pegs = self.pegs[side.index()];
            let king = pegs & self.kings;
            if king != 0 {
                write!(f, "K{}", king.trailing_zeros() + 1)?;
                if pegs & !king != 0 {
                    f.write_str(",")?;
                }
            }
            write_holes(f, pegs & !king)?;
        }
        write!(
            f,
            "/hand:{},{}/reserve:{},{}/turn:{}",
            self.hand[0],
            self.hand[1],
            self.reserve[0],
            self.reserve[1],
            if self.side == Side::Black { "b" } else { "w" }
        )?;
        if self.force != 0 {
            f.write_str("/force:")?;
            write_holes(f, self.force)?;
        }
        if self.rules != PegRules::DEFAULT {
            write!(f, "/rules:{}", self.rules)?;
        }
        Ok(())
    }
}

/// Two counts, Black's then White's, each at most `max`.
fn counts(
    field: &'static str,
    value: &str,
    max: u8,
    limit: &'static str,
) -> Result<[u8; 2], PositionError> {
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() != 2 {
        return Err(PositionError::Counts {
            field,
            value: value.to_string(),
        });
    }
    let mut out = [0u8; 2];
    for (i, part) in parts.iter().enumerate() {
        let count: u8 = part.trim().parse().map_err(|_| PositionError::NotACount {
            field,
            value: value.to_string(),
            part: part.to_string(),
        })?;
        if count > max {
            return Err(PositionError::CountTooLarge {
                field,
                value: value.to_string(),
                side: Side::BOTH[i],
                count,
                limit,
                max,
            });
        }
        out[i] = count;
    }
    Ok(out)
}

impl PegPosition {
    /// Reads a position. `rules` are the rules given elsewhere (the command
    /// line's `--rules`): a `/rules:` field that disagrees with them is an
    /// error, and without that field the position is under `rules` (or the
    /// defaults if `None`).
    pub fn parse(text: &str, rules: Option<PegRules>) -> Result<PegPosition, PositionError> {
        let text = text.trim();
        let mut fields: [Option<&str>; 7] = [None; 7];
        let mut last = None;
        for part in text.split('/') {
            let (name, value) = part
                .split_once(':')
                .ok_or_else(|| PositionError::NotAField {
                    part: part.to_string(),
                })?;
            let i = ORDER.iter().position(|&n| n == name).ok_or_else(|| {
                PositionError::UnknownField {
                    name: name.to_string(),
                }
            })?;
            if fields[i].is_some() {
                return Err(PositionError::RepeatedField {
                    name: name.to_string(),
                });
            }
            if last.is_some_and(|l| l > i) {
                return Err(PositionError::OutOfOrder {
                    name: name.to_string(),
                });
            }
            last = Some(i);
            fields[i] = Some(value);
        }
        for (i, &name) in ORDER.iter().enumerate().take(REQUIRED) {
            if fields[i].is_none() {
                return Err(PositionError::MissingField { name });
            }
        }
        let field = |i: usize| fields[i].unwrap_or("");

        let own_rules = match fields[6] {
            Some("") => return Err(PositionError::EmptyRules),
            Some(r) => Some(r.parse::<PegRules>()?),
            None => None,
        };
        let rules = match (own_rules, rules) {
            (Some(own), Some(given)) if own != given => {
                return Err(PositionError::RulesDisagree { own, given })
            }
            (Some(a), _) => a,
            (None, Some(b)) => b,
            (None, None) => PegRules::DEFAULT,
        };
        let mut pos = PegPosition::start(rules);
        let holes = pos.board.hole_count();

        let hole = |field: &'static str, item: &str| -> Result<Hole, PositionError> {
            let n: u32 = item.parse().map_err(|_| PositionError::NotAHole {
                field,
                item: item.to_string(),
            })?;
            Hole::from_number(n).filter(|h| h.index() < holes).ok_or(
                PositionError::HoleOutOfRange {
                    field,
                    hole: n,
                    holes,
                },
            )
        };
        let mut occupied = 0u64;
        for side in Side::BOTH {
            let name = ORDER[side.index()];
            let value = field(side.index());
            if value.is_empty() {
                continue;
            }
            for item in value.split(',').map(str::trim) {
                let (king, number) = match item.strip_prefix('K') {
                    Some(n) => (true, n),
                    None => (false, item),
                };
                let h = hole(name, number)?;
                let bit = h.set().0;
                if occupied & bit != 0 {
                    return Err(PositionError::TwoPegs { hole: h });
                }
                occupied |= bit;
                if king {
                    if pos.kings & pos.pegs[side.index()] != 0 {
                        return Err(PositionError::TwoKings { side });
                    }
                    pos.kings |= bit;
                }
                pos.pegs[side.index()] |= bit;
            }
        }
        pos.hand = counts("hand", field(2), rules.pegs, "pegs")?;
        pos.reserve = counts("reserve", field(3), rules.reserve, "reserve")?;
        pos.side = match field(4) {
            "b" => Side::Black,
            "w" => Side::White,
            other => {
                return Err(PositionError::Turn {
                    found: other.to_string(),
                })
            }
        };
        if let Some(value) = fields[5] {
            if value.is_empty() {
                return Err(PositionError::EmptyForce);
            }
            let own = pos.pegs[pos.side.index()];
            for item in value.split(',').map(str::trim) {
                let h = hole("force", item)?;
                if own & h.set().0 == 0 {
                    return Err(PositionError::ForcedNotOwn {
                        hole: h,
                        side: pos.side,
                    });
                }
                if pos.force & h.set().0 != 0 {
                    return Err(PositionError::ForcedTwice { hole: h });
                }
                pos.force |= h.set().0;
            }
            if pos.force.count_ones() as usize > MAX_LINES_THROUGH {
                return Err(PositionError::TooManyForced {
                    count: pos.force.count_ones(),
                    max: MAX_LINES_THROUGH,
                });
            }
        }
        for side in Side::BOTH {
            let s = side.index();
            let ordinary = (pos.pegs[s] & !pos.kings).count_ones();
            let could = (rules.pegs - pos.hand[s]) as u32 + (rules.reserve - pos.reserve[s]) as u32;
            if ordinary > could {
                return Err(PositionError::TooManyPegs {
                    side,
                    ordinary,
                    hand: pos.hand[s],
                    reserve: pos.reserve[s],
                    could,
                });
            }
        }
        Ok(pos)
    }
}

impl FromStr for PegPosition {
    type Err = PositionError;

    /// Reads a position under its own `/rules:` field, or the defaults.
    fn from_str(text: &str) -> Result<PegPosition, PositionError> {
        PegPosition::parse(text, None)
    }
}
