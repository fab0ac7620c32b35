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

/// A position's text split into its fields, by their place in [`ORDER`].
struct Fields<'a>([Option<&'a str>; 7]);

impl<'a> Fields<'a> {
    /// Splits `text` into its fields: each known, named once and in
    /// order, the required ones present.
    fn split(text: &'a str) -> Result<Fields<'a>, PositionError> {
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
        Ok(Fields(fields))
    }

    /// The value of the field at `i` in [`ORDER`], empty where absent.
    fn value(&self, i: usize) -> &'a str {
        self.0[i].unwrap_or("")
    }
}

/// The rules of a position whose own `/rules:` field is `own`: those must
/// agree with the rules `given` elsewhere; with neither, the defaults.
fn rules_of(own: Option<&str>, given: Option<PegRules>) -> Result<PegRules, PositionError> {
    let own = match own {
        Some("") => return Err(PositionError::EmptyRules),
        Some(r) => Some(r.parse::<PegRules>()?),
        None => None,
    };
    match (own, given) {
        (Some(own), Some(given)) if own != given => {
            Err(PositionError::RulesDisagree { own, given })
        }
        (Some(a), _) => Ok(a),
        (None, Some(b)) => Ok(b),
        (None, None) => Ok(PegRules::DEFAULT),
    }
}

/// The hole `item` names in the field `field`, on a board of `holes`.
fn hole(field: &'static str, item: &str, holes: usize) -> Result<Hole, PositionError> {
    let n: u32 = item.parse().map_err(|_| PositionError::NotAHole {
        field,
        item: item.to_string(),
    })?;
    Hole::from_number(n)
        .filter(|h| h.index() < holes)
        .ok_or(PositionError::HoleOutOfRange {
            field,
            hole: n,
            holes,
        })
}

/// The side to move of the `turn` field.
fn turn(value: &str) -> Result<Side, PositionError> {
    match value {
        "b" => Ok(Side::Black),
        "w" => Ok(Side::White),
        other => Err(PositionError::Turn {
            found: other.to_string(),
        }),
    }
}

impl PegPosition {
    /// Reads a position. `rules` are the rules given elsewhere (the command
    /// line's `--rules`): a `/rules:` field that disagrees with them is an
    /// error, and without that field the position is under `rules` (or the
    /// defaults if `None`).
    pub fn parse(text: &str, rules: Option<PegRules>) -> Result<PegPosition, PositionError> {
        let fields = Fields::split(text.trim())?;
        let rules = rules_of(fields.0[6], rules)?;
        let mut pos = PegPosition::start(rules);
        for side in Side::BOTH {
            pos.place_pegs(side, fields.value(side.index()))?;
        }
        pos.hand = counts("hand", fields.value(2), rules.pegs, "pegs")?;
        pos.reserve = counts("reserve", fields.value(3), rules.reserve, "reserve")?;
        pos.side = turn(fields.value(4))?;
        if let Some(value) = fields.0[5] {
            pos.force = pos.forced_holes(value)?;
        }
        pos.check_pegs_accounted_for()?;
        Ok(pos)
    }

    /// Puts the pegs the field `value` lists (`K11,3,5`) on the board for
    /// `side`: on holes of the board, one peg a hole, one King a side.
    fn place_pegs(&mut self, side: Side, value: &str) -> Result<(), PositionError> {
        if value.is_empty() {
            return Ok(());
        }
        let name = ORDER[side.index()];
        let holes = self.board.hole_count();
        for item in value.split(',').map(str::trim) {
            let (king, number) = match item.strip_prefix('K') {
                Some(n) => (true, n),
                None => (false, item),
            };
            let h = hole(name, number, holes)?;
            let bit = h.set().0;
            if (self.pegs[0] | self.pegs[1]) & bit != 0 {
                return Err(PositionError::TwoPegs { hole: h });
            }
            if king {
                if self.kings & self.pegs[side.index()] != 0 {
                    return Err(PositionError::TwoKings { side });
                }
                self.kings |= bit;
            }
            self.pegs[side.index()] |= bit;
        }
        Ok(())
    }

    /// The holes the `force` field `value` names: the side to move's pegs,
    /// each once, no more than a move can force.
    fn forced_holes(&self, value: &str) -> Result<u64, PositionError> {
        if value.is_empty() {
            return Err(PositionError::EmptyForce);
        }
        let own = self.pegs[self.side.index()];
        let mut force = 0u64;
        for item in value.split(',').map(str::trim) {
            let h = hole("force", item, self.board.hole_count())?;
            if own & h.set().0 == 0 {
                return Err(PositionError::ForcedNotOwn {
                    hole: h,
                    side: self.side,
                });
            }
            if force & h.set().0 != 0 {
                return Err(PositionError::ForcedTwice { hole: h });
            }
            force |= h.set().0;
        }
        if force.count_ones() as usize > MAX_LINES_THROUGH {
            return Err(PositionError::TooManyForced {
                count: force.count_ones(),
                max: MAX_LINES_THROUGH,
            });
        }
        Ok(force)
    }

    /// Checks that each side's ordinary pegs on the board are no more than
    /// the pegs it has placed from its hand and brought on from its reserve.
    fn check_pegs_accounted_for(&self) -> Result<(), PositionError> {
        let rules = self.rules;
        for side in Side::BOTH {
            let s = side.index();
            let ordinary = (self.pegs[s] & !self.kings).count_ones();
            let could =
                (rules.pegs - self.hand[s]) as u32 + (rules.reserve - self.reserve[s]) as u32;
            if ordinary > could {
                return Err(PositionError::TooManyPegs {
                    side,
                    ordinary,
                    hand: self.hand[s],
                    reserve: self.reserve[s],
                    could,
                });
            }
        }
        Ok(())
    }
}

impl FromStr for PegPosition {
    type Err = PositionError;

    /// Reads a position under its own `/rules:` field, or the defaults.
    fn from_str(text: &str) -> Result<PegPosition, PositionError> {
        PegPosition::parse(text, None)
    }
}
