//! `PegRules`: every default of the contract's section B as a named field,
//! written `squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100` (any
//! subset, any order; `Display` names only the fields that differ from the
//! default).

use crate::board::{Board, MAX_SQUARES, MIN_SQUARES};
use crate::hole::MAX_HOLES;
use std::fmt;
use std::str::FromStr;

/// The rules of one peg game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PegRules {
    /// Concentric squares of 8 holes, 2-6.
    pub squares: u8,
    /// Whether corners connect across squares.
    pub diagonals: bool,
    /// Ordinary pegs each side starts with in hand (the King is extra), 1-48.
    pub pegs: u8,
    /// Reserve pegs each side has for forcing the King (rule A5), 0-48.
    pub reserve: u8,
    /// Plies without a capture or a placement after which the game is drawn.
    pub quiet_plies: u16,
}

impl PegRules {
    /// The defaults of the contract: 3 squares with diagonals, 9 pegs, a
    /// reserve of 3, a draw after 100 quiet plies.
    pub const DEFAULT: PegRules = PegRules {
        squares: 3,
        diagonals: true,
        pegs: 9,
        reserve: 3,
        quiet_plies: 100,
    };

    /// Checks every field is in range; the message names the field.
    pub fn validate(&self) -> Result<(), String> {
        if !(MIN_SQUARES..=MAX_SQUARES).contains(&self.squares) {
            return Err(format!(
                "squares must be from {MIN_SQUARES} to {MAX_SQUARES}, not {}",
                self.squares
            ));
        }
        if self.pegs == 0 || self.pegs as usize > MAX_HOLES {
            return Err(format!(
                "pegs must be from 1 to {MAX_HOLES}, not {}",
                self.pegs
            ));
        }
        if self.reserve as usize > MAX_HOLES {
            return Err(format!(
                "reserve must be from 0 to {MAX_HOLES}, not {}",
                self.reserve
            ));
        }
        if self.quiet_plies == 0 {
            return Err("quiet_plies must be at least 1".to_string());
        }
        Ok(())
    }

    /// The generated board of these rules. Panics if `squares` is out of
    /// range (see [`PegRules::validate`]).
    pub fn board(&self) -> &'static Board {
        Board::get(self.squares, self.diagonals)
    }
}

impl Default for PegRules {
    fn default() -> Self {
        PegRules::DEFAULT
    }
}

impl fmt::Display for PegRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = PegRules::DEFAULT;
        let mut fields: Vec<String> = Vec::new();
        if self.squares != d.squares {
            fields.push(format!("squares={}", self.squares));
        }
        if self.diagonals != d.diagonals {
            fields.push(format!("diagonals={}", self.diagonals as u8));
        }
        if self.pegs != d.pegs {
            fields.push(format!("pegs={}", self.pegs));
        }
        if self.reserve != d.reserve {
            fields.push(format!("reserve={}", self.reserve));
        }
        if self.quiet_plies != d.quiet_plies {
            fields.push(format!("quiet_plies={}", self.quiet_plies));
        }
        f.write_str(&fields.join(","))
    }
}

const FIELDS: &str = "squares, diagonals, pegs, reserve, quiet_plies";

fn number<T: FromStr>(name: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| {
        format!("peg rules: `{name}={value}`: `{value}` is not a whole number in range")
    })
}

impl FromStr for PegRules {
    type Err = String;

    /// Reads `name=value` fields separated by commas; the empty text is the
    /// default rules.
    fn from_str(text: &str) -> Result<PegRules, String> {
        let mut rules = PegRules::DEFAULT;
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim) {
            if part.is_empty() && text.trim().is_empty() {
                continue;
            }
            let (name, value) = part.split_once('=').ok_or_else(|| {
                format!("peg rules: `{part}` is not of the form name=value (fields: {FIELDS})")
            })?;
            let (name, value) = (name.trim(), value.trim());
            if seen.contains(&name) {
                return Err(format!("peg rules: `{name}` is given twice"));
            }
            match name {
                "squares" => rules.squares = number(name, value)?,
                "diagonals" => {
                    rules.diagonals = match value {
                        "0" => false,
                        "1" => true,
                        _ => {
                            return Err(format!(
                                "peg rules: diagonals must be 0 or 1, not `{value}`"
                            ))
                        }
                    }
                }
                "pegs" => rules.pegs = number(name, value)?,
                "reserve" => rules.reserve = number(name, value)?,
                "quiet_plies" => rules.quiet_plies = number(name, value)?,
                _ => {
                    return Err(format!(
                        "peg rules: unknown field `{name}` (fields: {FIELDS})"
                    ))
                }
            }
            seen.push(name);
        }
        rules.validate().map_err(|e| format!("peg rules: {e}"))?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_print_as_nothing() {
        assert_eq!(PegRules::DEFAULT.to_string(), "");
        assert_eq!("".parse::<PegRules>().unwrap(), PegRules::DEFAULT);
        let all = "squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100";
        assert_eq!(all.parse::<PegRules>().unwrap(), PegRules::DEFAULT);
    }

    #[test]
    fn rules_round_trip_in_any_order() {
        let r: PegRules = "reserve=2,squares=4".parse().unwrap();
        assert_eq!(r.squares, 4);
        assert_eq!(r.reserve, 2);
        assert_eq!(r.to_string(), "squares=4,reserve=2");
        for text in [
            "squares=4,diagonals=0",
            "pegs=12,quiet_plies=7",
            "diagonals=0,reserve=0",
        ] {
            assert_eq!(text.parse::<PegRules>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_rules_are_explained() {
        for (text, says) in [
            ("squares=7", "squares must be"),
            ("squares=1", "squares must be"),
            ("colour=red", "unknown field"),
            ("pegs=3,pegs=4", "given twice"),
            ("pegs", "name=value"),
            ("pegs=x", "not a whole number"),
            ("diagonals=2", "0 or 1"),
            ("pegs=0", "pegs must be"),
            ("quiet_plies=0", "quiet_plies"),
            ("squares=3,", "name=value"),
        ] {
            let err = text.parse::<PegRules>().unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }
}
